"""Lakes and islands painted alike in a watery colour of their own (ClassicFog's
cyan Ladoga, Caspian, Iceland, Ireland): neither land nor sea, set apart
(variantkit/drawing/picture_blanks.py).  A single island in a colour close to
that cyan among land territories stays land."""
import numpy as np
from PIL import Image

from tests.pictures.reading import region_at
from variantkit.drawing.picture_map import read_picture
from variantkit.model import Terrain

SEA, GREEN, RED, CYAN, CYAN2 = (90, 90, 200), (60, 190, 60), (200, 60, 60), (20, 210, 200), (20, 240, 210)


def _picture(path, lakes=True):
    a = np.zeros((400, 800, 3), dtype=np.uint8)
    a[:] = SEA
    a[200:, :] = GREEN                       # a mainland along the bottom, in three territories
    a[200:, 400:] = RED
    a[199:201, :] = 0
    a[200:, 399:401] = 0
    a[200:, 600] = 0
    a[40:90, 60:140] = CYAN                  # two islands of it
    a[39, 59:141] = a[90, 59:141] = 0
    a[39:91, 59] = a[39:91, 140] = 0
    a[50:100, 500:560] = CYAN2
    a[49, 499:561] = a[100, 499:561] = 0
    a[49:101, 499] = a[49:101, 560] = 0
    if lakes:                                # and two lakes in the land
        a[260:310, 100:180] = CYAN2
        a[259, 99:181] = a[310, 99:181] = 0
        a[259:311, 99] = a[259:311, 180] = 0
        a[300:340, 450:540] = CYAN
        a[299, 449:541] = a[340, 449:541] = 0
        a[299:341, 449] = a[299:341, 540] = 0
    Image.fromarray(a).save(path)


def test_lakes_and_islands_painted_alike_are_apart(tmp_path):
    path = tmp_path / "map.png"
    _picture(path)
    pm = read_picture(str(path))
    spots = ((100, 65), (530, 75), (140, 285), (495, 320))
    for x, y in spots:
        assert region_at(pm, x, y).terrain is Terrain.IMPASSABLE, (x, y)
    apart = {region_at(pm, x, y).id for x, y in spots}
    assert not [e for e in pm.inference.edges if {e.edge.a, e.edge.b} & apart], "linked to nothing"
    assert region_at(pm, 300, 300).terrain is Terrain.COAST
    assert region_at(pm, 30, 30).terrain is Terrain.WATER


def test_islands_alone_stay_land(tmp_path):
    path = tmp_path / "map.png"
    _picture(path, lakes=False)
    pm = read_picture(str(path))
    for x, y in ((100, 65), (530, 75)):
        assert region_at(pm, x, y).terrain is Terrain.COAST, "an island, whatever its colour"
