"""A map that wraps round (variantkit/drawing/picture_wrap.py), drawn here:
three seas down each edge, their border lines reaching the left and the
right edge at the same heights, a continent between.  The seas facing each
other across the edges are linked; where the lines reach the two edges at
other heights the picture does not say it wraps, and nothing is linked."""
import numpy as np
from PIL import Image

from variantkit.drawing.picture_map import read_picture

SEA, LAND = (150, 200, 240), (90, 180, 90)


def _picture(path, right_rows=(80, 160)):
    a = np.zeros((240, 400, 3), dtype=np.uint8)
    a[:] = SEA
    a[:, 120:280] = LAND                        # a continent down the middle, its coasts drawn
    a[:, 118:120] = a[:, 280:282] = 0
    for y in (80, 160):                         # the seas' borders on the left, to the edge
        a[y:y + 2, 0:120] = 0
    for y in right_rows:                        # and on the right
        a[y:y + 2, 280:400] = 0
    Image.fromarray(a).save(path)


def _id(pm, x, y):
    lab = int(pm.labels[y, x])
    return next(r.id for r in pm.inference.regions.values()
                if int(pm.labels[int(r.label_pos[1]), int(r.label_pos[0])]) == lab)


def _links(pm):
    return {frozenset((e.edge.a, e.edge.b)): e for e in pm.inference.edges}


def test_seas_meet_across_the_edges(tmp_path):
    path = tmp_path / "world.png"
    _picture(path)
    pm = read_picture(str(path))
    links = _links(pm)
    for y in (40, 120, 200):
        pair = frozenset((_id(pm, 30, y), _id(pm, 370, y)))
        assert len(pair) == 2 and links[pair].edge.units.value == "fleet"
    assert frozenset((_id(pm, 30, 40), _id(pm, 370, 200))) not in links


def test_edges_that_do_not_match_do_not_wrap(tmp_path):
    path = tmp_path / "flat.png"
    _picture(path, right_rows=(60, 190))
    pm = read_picture(str(path))
    links = _links(pm)
    assert frozenset((_id(pm, 30, 120), _id(pm, 370, 120))) not in links
