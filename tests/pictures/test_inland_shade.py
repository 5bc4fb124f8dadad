"""A land filled in a shade of the sea (Enlightenment's Budapest, a blue
74 from its sea's) meets no water: it is land, and its neighbours are not
coasts for it.  A sea drawn a shade apart beside the sea (ClassicFog's)
stays water.  A picture drawn here."""
import numpy as np
from PIL import Image

from variantkit.drawing.picture_map import read_picture
from variantkit.model import Terrain

SEA, SHADE, RED, GREEN, YELLOW = (153, 217, 234), (100, 196, 234), (200, 40, 40), (60, 170, 60), (230, 210, 60)


def _picture(path):
    a = np.zeros((600, 600, 3), dtype=np.uint8)
    a[:] = SEA                     # rows 400 and below: the sea
    a[:402, :] = 0
    a[2:298, 2:198] = RED
    a[2:298, 202:398] = SHADE      # inland, in a shade of the sea
    a[2:298, 402:598] = GREEN
    a[302:398, 2:448] = YELLOW
    a[302:402, 452:598] = (120, 205, 234)   # a sea a shade apart, opening on the sea
    Image.fromarray(a).save(path)


def _region(pm, y, x):
    lab = int(pm.labels[y, x])
    for r in pm.inference.regions.values():
        rx, ry = r.label_pos
        if int(pm.labels[int(ry), int(rx)]) == lab:
            return r


def test_a_land_in_a_shade_of_the_sea(tmp_path):
    path = tmp_path / "map.png"
    _picture(path)
    pm = read_picture(str(path))
    inland, red = _region(pm, 150, 300), _region(pm, 150, 100)
    assert inland.terrain is Terrain.LAND
    assert red.terrain is Terrain.LAND
    assert _region(pm, 350, 520).terrain is Terrain.WATER
    edge = [e for e in pm.inference.edges if {e.edge.a, e.edge.b} == {inland.id, red.id}]
    assert edge and edge[0].edge.units.army and not edge[0].edge.units.fleet
