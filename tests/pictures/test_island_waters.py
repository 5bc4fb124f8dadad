"""Islands whose territory is the sea drawn round them, beyond a small
circle (variantkit/drawing/picture_islands.py), drawn here: a compartment
of the sea whose only land is one island touching it alone (BalkanWarsVI's
Malta), and a disc alone in its compartment that also meets a coast
(Zeus5's Pacific islands).  Each is one territory with its waters, met by
fleets; the disc, a symbol standing for its whole compartment, by armies too
across the compartment's land borders (Zeus5's Hawaii to California), where
a looped or ringed coastline's island is met by fleets only.  A small island
of a coastline's shape in a sea that meets the mainland stays apart from that
sea, which stays water."""
import numpy as np
from PIL import Image

from tests.pictures.reading import region_at
from variantkit.drawing.picture_map import read_picture
from variantkit.model import Terrain

SEA, GREEN, RED, BLUE = (150, 200, 240), (90, 180, 90), (220, 60, 60), (60, 60, 200)


def _picture(path):
    a = np.zeros((400, 800, 3), dtype=np.uint8)
    a[:] = SEA
    a[330:, :] = GREEN                           # a mainland along the bottom
    a[328:330, :] = 0
    a[330:, 700] = 0                             # in two territories
    a[:328, 200] = a[:328, 400] = a[:328, 600] = 0   # four compartments of the sea
    a[200, :200] = 0                             # the first cut: its top one touches no land
    a[80:110, 60:120] = RED                      # an island alone in the top compartment
    a[79, 59:121] = a[110, 59:121] = 0
    a[79:111, 59] = a[79:111, 120] = 0
    yy, xx = np.mgrid[0:400, 0:800]
    disc = np.hypot(xx - 300, (yy - 150) * 1.2) <= 14   # an oval, a symbol, in the second
    a[np.hypot(xx - 300, (yy - 150) * 1.2) <= 15.5] = 0
    a[disc] = BLUE
    # a ragged island in the third compartment, which meets the mainland: a sea of its own
    a[140:170, 470:530] = GREEN
    a[150:160, 460:470] = GREEN
    a[165:185, 500:515] = GREEN
    Image.fromarray(a).save(path)


def test_islands_with_their_compartments(tmp_path):
    path = tmp_path / "map.png"
    _picture(path)
    pm = read_picture(str(path))
    lab = lambda x, y: int(pm.labels[y, x])   # noqa: E731
    assert lab(90, 95) == lab(30, 30), "an island alone in its compartment is one territory with it"
    assert lab(300, 150) == lab(250, 30) == lab(250, 300), "a disc in its compartment, which meets the coast"
    assert lab(500, 150) != lab(450, 30), "a ragged island in a sea that meets the mainland is not its sea"
    assert region_at(pm, 450, 30).terrain is Terrain.WATER
    assert region_at(pm, 30, 300).terrain is Terrain.WATER
    units = {frozenset((e.edge.a, e.edge.b)): e.edge.units for e in pm.inference.edges}
    malta, lower, disc, land = (region_at(pm, x, y).id for x, y in ((90, 95), (30, 300), (300, 150), (300, 370)))
    assert units[frozenset((malta, lower))].fleet
    u = units[frozenset((disc, land))]
    assert u.fleet and u.army, "a disc stands for its compartment: a coast armies and fleets reach"
