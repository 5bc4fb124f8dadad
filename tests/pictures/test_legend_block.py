"""A legend drawn as a block (GreatLakes' three rows of three boxes, each
with a power's supply-centre dot): boxes of one colour filling a rectangle
small beside the picture, on land, are set apart as a counter's are; the
dot drawn inside a box (or a territory) is part of what holds it.  A map
whose territories are a grid of rectangles, coloured by power, is not a
legend.  Pictures drawn here."""
import numpy as np
from PIL import Image

from variantkit.drawing.picture_map import read_picture
from variantkit.model import Terrain

SEA, TAN, RED, GREEN, BLUE, DOT = (150, 200, 240), (225, 200, 160), (200, 40, 40), (60, 170, 60), (60, 60, 200), (
    170, 230, 40)


def _dot(a, cy, cx, r=7):
    yy, xx = np.ogrid[:a.shape[0], :a.shape[1]]
    d = np.hypot(yy - cy, xx - cx)
    a[d <= r + 1.5] = 0
    a[d <= r] = DOT


def _legend_picture(path):
    a = np.zeros((500, 800, 3), dtype=np.uint8)
    a[:] = SEA
    a[:380, :298] = RED
    a[:380, 302:] = GREEN
    a[378:382, :] = 0          # the coast
    a[:380, 298:302] = 0       # the border between the two lands
    # the legend: three rows of three boxes across the two lands' border
    x0, y0, bw, bh = 150, 20, 100, 30
    a[y0 - 2:y0 + 3 * bh + 2, x0 - 2:x0 + 3 * bw + 2] = 0
    for i in range(3):
        for j in range(3):
            y, x = y0 + i * bh, x0 + j * bw
            a[y + 1:y + bh - 1, x + 1:x + bw - 1] = TAN
            _dot(a, y + bh // 2, x + 15)
    Image.fromarray(a).save(path)


def _grid_picture(path):
    a = np.zeros((400, 600, 3), dtype=np.uint8)
    a[:] = 0
    colours = [RED, GREEN, BLUE]
    for i in range(4):
        for j in range(6):
            a[i * 100 + 2:i * 100 + 98, j * 100 + 2:j * 100 + 98] = colours[(i + j) % 3]
    Image.fromarray(a).save(path)


def test_a_legend_block_is_apart(tmp_path):
    path = tmp_path / "map.png"
    _legend_picture(path)
    pm = read_picture(str(path))
    by_label = {}
    for r in pm.inference.regions.values():
        x, y = r.label_pos
        by_label[int(pm.labels[int(y), int(x)])] = r
    boxes = {int(pm.labels[20 + i * 30 + 15, 150 + j * 100 + 15]) for i in range(3) for j in range(3)}
    assert len(boxes) == 9, "each dot is part of its box"
    assert all(by_label[b].terrain is Terrain.IMPASSABLE for b in boxes)
    assert any(p.code == "VK845" for p in pm.inference.problems)
    red, green = by_label[int(pm.labels[250, 100])], by_label[int(pm.labels[250, 600])]
    assert red.terrain is Terrain.COAST and green.terrain is Terrain.COAST
    linked = {(e.edge.a, e.edge.b) for e in pm.inference.edges}
    assert tuple(sorted((red.id, green.id))) in linked


def test_a_grid_map_is_not_a_legend(tmp_path):
    path = tmp_path / "map.png"
    _grid_picture(path)
    pm = read_picture(str(path))
    assert not any(r.terrain is Terrain.IMPASSABLE for r in pm.inference.regions.values())
    assert not any(p.code == "VK845" for p in pm.inference.problems)
