"""Seas drawn each a shade apart (ClassicFog runs its seas in steps of 5
from (90, 90, 200) to the Black Sea's (50, 50, 190)): a shade close to one
already found, of the sea's hue, is sea too, so the farthest shade, more
than 75 from the largest sea's colour, is still water; a land of another
hue beside them stays land.  A picture drawn here."""
import numpy as np
from PIL import Image

from variantkit.drawing.picture_map import read_picture
from variantkit.model import Terrain

SHADES = [(90, 90, 200), (80, 80, 200), (70, 70, 195), (60, 60, 190), (50, 50, 190)]
LAND = (200, 60, 40)


def test_seas_a_shade_apart_step_by_step(tmp_path):
    a = np.zeros((400, 900, 3), dtype=np.uint8)
    a[:300, :] = LAND
    widths = [300, 180, 150, 140, 130]   # the first the largest: the sea's own colour
    x = 0
    for shade, w in zip(SHADES, widths):
        a[300:, x:x + w] = shade
        x += w
    x = 0
    for w in widths[:-1]:
        x += w
        a[300:, x - 1:x + 1] = 0   # the lines between the seas
    a[299:301, :] = 0              # the coast
    path = tmp_path / "map.png"
    Image.fromarray(a).save(path)
    pm = read_picture(str(path))
    by_label = {}
    for r in pm.inference.regions.values():
        px, py = r.label_pos
        by_label[int(pm.labels[int(py), int(px)])] = r
    x = 0
    for w in widths:
        assert by_label[int(pm.labels[350, x + w // 2])].terrain is Terrain.WATER
        x += w
    assert by_label[int(pm.labels[100, 450])].terrain is Terrain.COAST
