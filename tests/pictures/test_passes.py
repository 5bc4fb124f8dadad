"""Mountains drawn as thick borders with their passes marked
(SouthAmerica8's Andes): where a picture marks passes, ticks drawn across
its thick borders, a thick land border without one is not crossed by
armies and one with a pass is.  Without any pass marked (the Classic maps'
thick national frontiers) every thick border is crossed.  Pictures drawn
here: three columns of three lands, the second and third columns apart by
a thick line, thin lines elsewhere."""
import numpy as np
from PIL import Image

from variantkit.drawing.picture_map import read_picture

COLOURS = [(200, 40, 40), (60, 170, 60), (220, 200, 60), (170, 90, 30), (230, 150, 150), (120, 200, 120),
           (200, 100, 200), (240, 180, 80), (150, 150, 60)]
THICK_X = 400


def _picture(path, ticks):
    a = np.zeros((600, 600, 3), dtype=np.uint8)
    for i in range(3):
        for j in range(3):
            a[i * 200:(i + 1) * 200, j * 200:(j + 1) * 200] = COLOURS[3 * i + j]
    for k in (1, 2):
        a[k * 200 - 1:k * 200 + 1, :] = 0   # thin lines, 2 pixels
    a[:, 199:201] = 0
    a[:, THICK_X - 2:THICK_X + 3] = 0       # the range, 5 pixels
    for row in ticks:                       # a pass: two ticks across the range
        y = row * 200 + 95
        for yy in (y, y + 10):
            a[yy, THICK_X - 10:THICK_X + 11] = 0
    Image.fromarray(a).save(path)


def _army_links(tmp_path, ticks):
    path = tmp_path / "map.png"
    _picture(path, ticks)
    pm = read_picture(str(path))
    by_label = {}
    for r in pm.inference.regions.values():
        x, y = r.label_pos
        by_label[int(pm.labels[int(y), int(x)])] = r.id
    land = {(i, j): by_label[int(pm.labels[i * 200 + 50, j * 200 + 50])] for i in range(3) for j in range(3)}
    army = {tuple(sorted((e.edge.a, e.edge.b))) for e in pm.inference.edges if e.edge.units.army}
    return land, army


def test_a_range_is_crossed_at_its_passes_only(tmp_path):
    land, army = _army_links(tmp_path, ticks=[0, 2])
    across = {i: tuple(sorted((land[i, 1], land[i, 2]))) in army for i in range(3)}
    assert across == {0: True, 1: False, 2: True}
    # the thin borders are all crossed
    assert tuple(sorted((land[1, 0], land[1, 1]))) in army
    assert tuple(sorted((land[0, 2], land[1, 2]))) in army


def test_thick_borders_without_passes_are_crossed(tmp_path):
    land, army = _army_links(tmp_path, ticks=[])
    assert all(tuple(sorted((land[i, 1], land[i, 2]))) in army for i in range(3))
