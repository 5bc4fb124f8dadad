"""A land filled in a shade of the sea (Enlightenment's Budapest, a blue
74 from its sea's) meets no water: it is land, and its neighbours are not
coasts for it.  A sea drawn a shade apart beside the sea (ClassicFog's)
stays water.  A picture drawn here."""
import numpy as np
from PIL import Image

from tests.pictures.reading import region_at
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


def test_a_land_in_a_shade_of_the_sea(tmp_path):
    path = tmp_path / "map.png"
    _picture(path)
    pm = read_picture(str(path))
    inland, red = region_at(pm, 300, 150), region_at(pm, 100, 150)
    assert inland.terrain is Terrain.LAND
    assert red.terrain is Terrain.LAND
    assert region_at(pm, 520, 350).terrain is Terrain.WATER
    edge = [e for e in pm.inference.edges if {e.edge.a, e.edge.b} == {inland.id, red.id}]
    assert edge and edge[0].edge.units.army and not edge[0].edge.units.fleet
