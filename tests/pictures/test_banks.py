"""A river through a territory (variantkit/drawing/picture_split.py:
banks): two lands of one colour that meet only across a river, no border
line between them, are one territory (Hussite draws its rivers across its
provinces); lands of two colours across a river stay two, the river their
border (SouthAmerica8)."""
import numpy as np
from PIL import Image

from variantkit.drawing.picture_map import read_picture

SEA, RED, YELLOW, GREEN = (150, 200, 240), (220, 60, 60), (230, 200, 60), (90, 180, 90)


def _picture(path, below=RED, line=False):
    a = np.zeros((200, 320, 3), dtype=np.uint8)
    a[:] = SEA
    a[:, 62:200] = RED
    a[101:, 62:200] = below
    a[:, 202:320] = GREEN
    a[:, 60:62] = 0                              # the coast
    a[:, 200:202] = 0                            # the border with the green land
    a[99:101, 62:200] = SEA                      # a river from the sea across the land, 2 pixels wide
    if line:
        a[101:102, 62:200] = 0                   # and a border line along it
    Image.fromarray(a).save(path)


def _id(pm, x, y):
    lab = int(pm.labels[y, x])
    return next(r.id for r in pm.inference.regions.values()
                if int(pm.labels[int(r.label_pos[1]), int(r.label_pos[0])]) == lab)


def test_a_river_through_a_territory_does_not_cut_it(tmp_path):
    path = tmp_path / "map.png"
    _picture(path)
    pm = read_picture(str(path))
    assert _id(pm, 130, 40) == _id(pm, 130, 160)
    assert pm.inference.regions[_id(pm, 130, 40)].terrain.value == "coast"


def test_lands_of_two_colours_across_a_river_stay_two(tmp_path):
    path = tmp_path / "map.png"
    _picture(path, below=YELLOW)
    pm = read_picture(str(path))
    top, bottom = _id(pm, 130, 40), _id(pm, 130, 160)
    assert top != bottom
    assert any({e.edge.a, e.edge.b} == {top, bottom} and e.edge.units.army for e in pm.inference.edges)

