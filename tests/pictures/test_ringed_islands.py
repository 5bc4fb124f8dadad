"""Islands drawn with a circle of sea round them (CelticBritain): the circle
and the islands in it, of one colour, are one territory, which meets its
neighbours across those waters: fleets cross, armies do not.  A picture
drawn here."""
import numpy as np
from PIL import Image

from variantkit.drawing.picture_map import read_picture

SEA, GREEN, RED, BLUE = (150, 200, 240), (90, 180, 90), (220, 60, 60), (60, 60, 200)


def _picture(path):
    a = np.zeros((400, 600, 3), dtype=np.uint8)
    a[:] = SEA
    a[330:, :] = GREEN                           # a mainland, its coastline
    a[328:330, :] = 0
    a[:328, 350] = a[:328, 480] = 0              # the open sea in three seas
    yy, xx = np.mgrid[0:400, 0:600]
    for cx, cy in ((150, 300), (235, 290)):      # two circles of sea, overlapping, on the coast
        ring = np.abs(np.hypot(xx - cx, yy - cy) - 45) < 0.8
        a[ring & (yy < 328)] = 0
    a[280:300, 130:150] = RED                    # two red islands in the first circle
    a[305:315, 160:170] = RED
    a[280:305, 225:250] = BLUE                   # a blue island in the second
    Image.fromarray(a).save(path)


def test_islands_in_a_circle_of_sea(tmp_path):
    path = tmp_path / "map.png"
    _picture(path)
    pm = read_picture(str(path))
    red, red2, circle, blue, land = (int(pm.labels[y, x]) for x, y in
                                     ((140, 290), (165, 310), (150, 262), (237, 292), (300, 370)))
    assert red == red2 == circle, "the islands of one colour and their circle are one territory"
    rid = {int(pm.labels[int(r.label_pos[1]), int(r.label_pos[0])]): r.id for r in pm.inference.regions.values()}
    units = {frozenset((e.edge.a, e.edge.b)): e.edge.units for e in pm.inference.edges}
    for other in (blue, land):
        u = units[frozenset((rid[red], rid[other]))]
        assert u.fleet and not u.army, "across the waters round an island: fleets only"
