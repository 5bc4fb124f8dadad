"""A world map drawn as an oval inside a white frame (WWIV's, an arrow at
each side) wraps at the oval's rims: the seas met going down the left rim
change at the same heights as those down the right, so the picture wraps
there, and a sea the rim cuts in two (WWIV's Central Pacific) is one sea:
its two halves, each the other's main partner across the rims, are one
region.  A picture drawn here."""
import numpy as np
from PIL import Image

from variantkit.drawing.picture_map import read_picture
from variantkit.model import Terrain

SEA, LAND = (164, 194, 252), (200, 160, 90)


def _picture(path):
    a = np.full((500, 800, 3), 255, dtype=np.uint8)     # the white frame
    yy, xx = np.mgrid[:500, :800]
    e = ((yy - 250) / 220.0) ** 2 + ((xx - 400) / 380.0) ** 2
    a[e <= 1.0] = 0
    inside = e <= 0.985
    a[inside] = SEA
    for x in (200, 600):                                   # seas' borders, reaching the rims...
        a[inside & (np.abs(xx - x) <= 1)] = 0
    for y in (160, 340):                                   # ...at the same heights on both sides
        a[inside & (np.abs(yy - y) <= 1)] = 0
    a[230:270, 380:420] = LAND                             # an island in the middle sea
    Image.fromarray(a).save(path)


def test_an_oval_map_wraps_and_its_cut_seas_are_one(tmp_path):
    path = tmp_path / "map.png"
    _picture(path)
    pm = read_picture(str(path))
    left, right, middle = (int(pm.labels[250, 60]), int(pm.labels[250, 740]), int(pm.labels[250, 300]))
    assert left == right != middle
    assert int(pm.labels[100, 120]) == int(pm.labels[100, 680]) != left   # the northern halves too
    regions = {int(pm.labels[int(r.label_pos[1]), int(r.label_pos[0])]): r for r in pm.inference.regions.values()}
    assert regions[left].terrain is Terrain.WATER
