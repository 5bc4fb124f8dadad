"""Rivers drawn in a blue of their own, a pixel or two wide (MateAgainstMate's
Murray, BalkanWarsVI's Danube): a border the banks share that fleets sail,
as a river in the sea's colour is; a pale blue land, filled, stays a land.
A picture drawn here."""
import numpy as np
from PIL import Image

from variantkit.drawing.picture_map import read_picture
from variantkit.model import Terrain

SEA, RED, GREEN, PALE, STREAM = (197, 223, 234), (210, 0, 0), (0, 130, 0), (170, 200, 250), (0, 102, 255)


def _picture(path):
    a = np.zeros((240, 400, 3), dtype=np.uint8)
    a[:] = SEA
    a[38:202, 38:362] = 0                      # the coastline
    a[40:200, 40:160] = RED                    # red and green lands, a blue river between them
    a[40:200, 162:260] = GREEN
    a[40:200, 160:162] = STREAM
    a[40:200, 260:262] = 0                     # a border line, and a pale blue land past it
    a[40:200, 262:360] = PALE
    a[100:102, 20:38] = STREAM                 # the river's mouth, a little stream in the sea
    Image.fromarray(a).save(path)


def test_a_river_in_a_blue_of_its_own(tmp_path):
    path = tmp_path / "map.png"
    _picture(path)
    pm = read_picture(str(path))
    rid = {int(pm.labels[int(r.label_pos[1]), int(r.label_pos[0])]): r.id for r in pm.inference.regions.values()}
    red, green, pale = (pm.inference.regions[rid[int(pm.labels[120, x])]] for x in (100, 210, 310))
    assert len({red.id, green.id, pale.id}) == 3
    assert pale.terrain is not Terrain.WATER
    units = {frozenset((e.edge.a, e.edge.b)): e.edge.units for e in pm.inference.edges}
    across = units[frozenset((red.id, green.id))]
    assert across.army and across.fleet, "the banks of a river: armies cross it, fleets sail it"
    assert green.terrain is Terrain.COAST
