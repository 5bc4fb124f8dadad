"""Boards side by side: the same map drawn twice (a layer each, as
ClassicLayered draws them) is two boards, each linked within itself, and
each territory linked to its twin on the other, in doubt; a shape apart
that is no board stays set apart (tests/pictures/test_synthetic.py)."""
import numpy as np
from PIL import Image

from variantkit.cli import main
from variantkit.drawing.picture_map import read_picture


def _board(a, x0):
    """A board at column x0: a sea, four lands in a row on it with black lines between."""
    a[:, x0:x0 + 300] = (150, 200, 240)
    colours = [(220, 60, 60), (90, 180, 90), (200, 160, 90), (160, 90, 200)]
    for k, c in enumerate(colours):
        a[60:160, x0 + 40 + 55 * k:x0 + 95 + 55 * k] = c
        a[60:160, x0 + 40 + 55 * k:x0 + 42 + 55 * k] = 0
    a[58:60, x0 + 38:x0 + 262] = a[160:162, x0 + 38:x0 + 262] = 0
    a[58:162, x0 + 260:x0 + 262] = 0
    a[100:102, x0:x0 + 40] = 0                   # two seas: a line from the coast to the edge
    a[100:102, x0 + 260:x0 + 300] = 0


def _picture(path, second=True):
    a = np.zeros((220, 610, 3), dtype=np.uint8)
    _board(a, 0)
    if second:
        _board(a, 310)          # the same board again, a black band between
    Image.fromarray(a).save(path)


def _edges(pm):
    return {tuple(sorted((e.edge.a, e.edge.b))): e for e in pm.inference.edges}


def _at(pm, x, y):
    lab = int(pm.labels[y, x])
    return next(r.id for r in pm.inference.regions.values()
                if int(pm.labels[int(r.label_pos[1]), int(r.label_pos[0])]) == lab)


def test_a_board_drawn_twice_is_linked_to_its_twin(tmp_path):
    path = tmp_path / "map.png"
    _picture(path)
    pm = read_picture(str(path))
    edges = _edges(pm)
    for x, y in ((70, 110), (125, 110), (180, 110), (235, 110), (20, 50), (20, 150)):
        mine, twin = _at(pm, x, y), _at(pm, x + 310, y)
        assert mine != twin
        e = edges[tuple(sorted((mine, twin)))]
        assert e.doubtful and "drawn twice" in e.reason
        assert pm.inference.regions[twin].terrain is pm.inference.regions[mine].terrain
    # each board linked within itself, the second as the first
    a, b = _at(pm, 70 + 310, 110), _at(pm, 125 + 310, 110)
    assert edges[tuple(sorted((a, b)))].edge.units.value == "both"
    assert main(["import", "picture", str(path), "-o", str(tmp_path / "out")]) == 0
    assert main(["validate", str(tmp_path / "out")]) == 0


def test_one_board_has_no_twins(tmp_path):
    path = tmp_path / "map.png"
    _picture(path, second=False)
    pm = read_picture(str(path))
    assert not any("drawn twice" in e.reason for e in pm.inference.edges)
