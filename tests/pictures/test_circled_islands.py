"""A lone island in the ocean with a circle drawn round it far larger than
itself (WWIV's Galapagos, St Helena) is one territory with the circle's
waters: it meets the seas around the circle, for fleets.  A sea that holds
one island and is not a circle round it, and meets another coast, stays a sea.  A picture drawn here."""
import numpy as np
from PIL import Image

from tests.pictures.reading import region_at
from variantkit.drawing.picture_map import read_picture
from variantkit.model import Terrain

SEA, GREEN, RED = (164, 194, 252), (100, 200, 100), (200, 40, 40)


def _picture(path):
    a = np.zeros((700, 1000, 3), dtype=np.uint8)
    a[:] = SEA
    yy, xx = np.mgrid[:700, :1000]
    a[:, 499:501] = 0                               # two seas, west and east
    d = np.hypot(yy - 350, xx - 250)
    a[(d >= 120) & (d < 121.5)] = 0                 # the circle, cut by the seas' line? no: inside the west
    a[d < 12] = GREEN                               # the island at its centre
    a[(d >= 12) & (d < 13.5)] = 0
    a[(d < 120) & (np.abs(yy - 460) < 1)] = 0       # a line cutting the circle's rim off at the bottom
    e = np.hypot(yy - 150, xx - 600)
    a[e < 12] = RED                                 # an island in the east sea, in no circle
    a[(e >= 12) & (e < 13.5)] = 0
    a[:, 950:] = GREEN                              # a coast on the east sea: a sea territory, not the island's waters
    a[:, 948:950] = 0
    Image.fromarray(a).save(path)


def test_an_island_in_a_circle_is_one_territory_with_its_waters(tmp_path):
    path = tmp_path / "map.png"
    _picture(path)
    pm = read_picture(str(path))
    island, west, east = region_at(pm, 250, 350), region_at(pm, 50, 100), region_at(pm, 900, 600)
    assert island.terrain is not Terrain.WATER
    assert int(pm.labels[300, 250]) == int(pm.labels[350, 250])   # the circle's waters are the island's
    assert int(pm.labels[150, 600]) != int(pm.labels[150, 650])   # the east island has its sea apart
    fleets = {frozenset((e.edge.a, e.edge.b)) for e in pm.inference.edges if e.edge.units.fleet}
    assert frozenset((island.id, west.id)) in fleets
    assert west.terrain is Terrain.WATER and east.terrain is Terrain.WATER
