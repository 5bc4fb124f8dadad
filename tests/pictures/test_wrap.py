"""A map that wraps round (variantkit/drawing/picture_wrap.py), drawn here:
three seas down each edge, their border lines reaching the left and the
right edge at the same heights, a continent between.  A sea facing a sea
of its colour across the edges is one sea cut by them (War2020's Pacific);
where the lines reach the two edges at other heights the picture does not
say it wraps, and nothing is linked."""
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


def test_a_sea_cut_by_the_edges_is_one(tmp_path):
    path = tmp_path / "world.png"
    _picture(path)
    pm = read_picture(str(path))
    links = _links(pm)
    for y in (40, 120, 200):
        assert _id(pm, 30, y) == _id(pm, 370, y)
    assert frozenset((_id(pm, 30, 40), _id(pm, 30, 120))) in links
    assert frozenset((_id(pm, 30, 40), _id(pm, 370, 200))) not in links


def test_edges_that_do_not_match_do_not_wrap(tmp_path):
    path = tmp_path / "flat.png"
    _picture(path, right_rows=(60, 190))
    pm = read_picture(str(path))
    links = _links(pm)
    assert frozenset((_id(pm, 30, 120), _id(pm, 370, 120))) not in links


def _oval(path):
    """An oval map in a white frame (World's): its seas' lines reach the
    outline at heights 10 to 20 rows apart on the two sides, as lines meet a
    curved edge obliquely; a continent in the middle."""
    a = np.zeros((300, 500, 3), dtype=np.uint8)
    a[:] = 255
    yy, xx = np.mgrid[0:300, 0:500]
    oval = ((xx - 250) / 240.0) ** 2 + ((yy - 150) / 140.0) ** 2
    a[oval <= 1.0] = 0
    a[oval <= 0.985] = SEA
    a[60:240, 180:320] = LAND
    a[58:60, 178:322] = a[240:242, 178:322] = a[58:242, 178:180] = a[58:242, 320:322] = 0
    for y0, y1 in ((100, 112), (190, 205)):      # two lines on each side, across the open sea
        a[y0:y0 + 2, :178] = 0
        a[y1:y1 + 2, 322:] = 0
    a[oval > 1.0] = 255
    Image.fromarray(a).save(path)


def test_an_oval_map_wraps_round_its_outline(tmp_path):
    path = tmp_path / "oval.png"
    _oval(path)
    pm = read_picture(str(path))
    assert _id(pm, 40, 150) == _id(pm, 460, 160), "the sea cut by the oval's two sides is one"
    assert _id(pm, 60, 60) == _id(pm, 440, 60)
    assert _id(pm, 40, 150) != _id(pm, 60, 60)
