"""A pond, a small round lake inside a land left out of every region (a speck
of the sea's colour: Classic1880's Van and Urmia), is no river: the land is
no coast by it (variantkit/drawing/picture_lakes.py).  A river of the same
colour, long and thin, still makes its banks coasts."""
import numpy as np
from PIL import Image

from tests.pictures.reading import region_at
from variantkit.drawing.picture_map import read_picture
from variantkit.model import Terrain

SEA, GREEN, BROWN = (197, 223, 234), (0, 190, 0), (150, 110, 60)


def _picture(path, river=False):
    a = np.zeros((400, 600, 3), dtype=np.uint8)
    a[:] = GREEN
    a[:100, :] = SEA                         # the sea along the top
    a[99:101, :] = 0
    a[250:, :] = BROWN                       # an inland territory below the coast's
    a[249:251, :] = 0
    yy, xx = np.mgrid[0:400, 0:600]
    if river:                                # a river two pixels wide across the brown land
        a[318:320, 100:500] = SEA
    else:                                    # a pond in the brown land, ringed by a line
        a[np.hypot(xx - 300, yy - 320) <= 6] = 0
        a[np.hypot(xx - 300, yy - 320) <= 4] = SEA
    Image.fromarray(a).save(path)


def test_a_pond_is_no_river(tmp_path):
    path = tmp_path / "map.png"
    _picture(path)
    pm = read_picture(str(path))
    brown = region_at(pm, 100, 370)
    assert brown.terrain is Terrain.LAND, brown.reason
    assert region_at(pm, 100, 170).terrain is Terrain.COAST


def test_a_river_is_one(tmp_path):
    path = tmp_path / "map.png"
    _picture(path, river=True)
    pm = read_picture(str(path))
    assert region_at(pm, 100, 370).terrain is Terrain.COAST, "on a river"
