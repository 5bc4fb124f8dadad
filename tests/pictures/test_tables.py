"""A table of cells drawn beside the map (ClassicEconomic's resources
under its map): its cells meet each other, not the map nor the sea their
first row touches, and they are no coasts; one land border to the map is
kept, in doubt, so the map is one piece and loads.  A cell border drawn
hatched (black and white stripes across it, one pixel wide) is a barrier
nothing crosses; a plain line is crossed.  Pictures drawn here."""
import numpy as np
from PIL import Image

from variantkit.drawing.picture_map import read_picture
from variantkit.model import Terrain

SEA, RED, GREEN = (150, 200, 240), (200, 40, 40), (60, 170, 60)
X0, Y0, CW, CH, COLS, ROWS = 200, 450, 100, 50, 4, 3


def _cell(i, j):
    return (250 - 5 * i - 3 * j, 230 - 10 * j - 4 * i, 20 + 10 * i)


def _picture(path, hatch=True):
    a = np.zeros((600, 800, 3), dtype=np.uint8)
    a[:, :300] = RED
    a[:, 300:500] = GREEN
    a[:, 500:] = SEA
    a[:, 298:300] = 0
    a[:, 498:500] = 0
    # the table: cells in a black grid, under both lands and the sea
    a[Y0 - 2:, X0 - 2:X0 + COLS * CW + 2] = 0
    for i in range(ROWS):
        for j in range(COLS):
            y, x = Y0 + i * CH, X0 + j * CW
            a[y + 1:y + CH - 1, x + 1:x + CW - 1] = _cell(i, j)
    if hatch:   # between the first row's first two cells: a striped separator, 6 pixels wide
        x = X0 + CW
        for yy in range(Y0, Y0 + CH):
            for xx in range(x - 3, x + 3):
                a[yy, xx] = (255, 255, 255) if (xx + yy) % 3 == 0 else (0, 0, 0)
    Image.fromarray(a).save(path)


def _read(tmp_path, hatch=True):
    path = tmp_path / "map.png"
    _picture(path, hatch)
    pm = read_picture(str(path))
    by_label = {}
    for r in pm.inference.regions.values():
        x, y = r.label_pos
        by_label[int(pm.labels[int(y), int(x)])] = r
    cells = {(i, j): by_label[int(pm.labels[Y0 + i * CH + CH // 2, X0 + j * CW + CW // 2])].id
             for i in range(ROWS) for j in range(COLS)}
    return pm, cells


def test_a_table_meets_itself_not_the_map(tmp_path):
    pm, cells = _read(tmp_path)
    regions = pm.inference.regions
    assert len(set(cells.values())) == ROWS * COLS
    assert all(regions[c].terrain is Terrain.LAND for c in cells.values()), "no cell is a coast"
    linked = {tuple(sorted((e.edge.a, e.edge.b))): e for e in pm.inference.edges}
    inside = set(cells.values())
    for (i, j), c in cells.items():
        for di, dj in ((0, 1), (1, 0)):
            other = cells.get((i + di, j + dj))
            if other is None:
                continue
            pair = tuple(sorted((c, other)))
            if (i, j) == (0, 0) and (di, dj) == (0, 1):
                assert pair not in linked, "the hatched separator is not crossed"
            else:
                assert pair in linked and linked[pair].edge.units.army and not linked[pair].edge.units.fleet
    out = [e for pair, e in linked.items() if (pair[0] in inside) != (pair[1] in inside)]
    assert len(out) == 1 and out[0].confidence < 1.0, "one link to the map, in doubt"
    sea = {r.id for r in regions.values() if r.terrain is Terrain.WATER}
    assert not any(set(pair) & sea for pair, e in linked.items() if set(pair) & inside)
    assert not any(r.terrain is Terrain.IMPASSABLE for r in regions.values())


def test_a_plain_cell_border_is_crossed(tmp_path):
    pm, cells = _read(tmp_path, hatch=False)
    linked = {tuple(sorted((e.edge.a, e.edge.b))) for e in pm.inference.edges}
    assert tuple(sorted((cells[0, 0], cells[0, 1]))) in linked


def test_the_import_loads(tmp_path):
    from variantkit.cli import main
    path = tmp_path / "map.png"
    _picture(path)
    assert main(["import", "picture", str(path), "-o", str(tmp_path / "out")]) == 0
    assert main(["validate", str(tmp_path / "out")]) == 0


def test_a_block_of_square_lands_inside_the_map_is_no_table(tmp_path):
    """The same cells with map all round them (no margin reached): lands of the map, linked to it."""
    a = np.zeros((700, 800, 3), dtype=np.uint8)
    a[:, :300] = RED
    a[:, 300:] = GREEN
    a[:, 298:300] = 0
    a[Y0 - 2:Y0 + ROWS * CH + 2, X0 - 2:X0 + COLS * CW + 2] = 0
    for i in range(ROWS):
        for j in range(COLS):
            y, x = Y0 + i * CH, X0 + j * CW
            a[y + 1:y + CH - 1, x + 1:x + CW - 1] = _cell(i, j)
    path = tmp_path / "map.png"
    Image.fromarray(a).save(path)
    pm = read_picture(str(path))
    by_label = {}
    for r in pm.inference.regions.values():
        x, y = r.label_pos
        by_label[int(pm.labels[int(y), int(x)])] = r.id
    red, corner = by_label[int(pm.labels[300, 100])], by_label[int(pm.labels[Y0 + 25, X0 + 50])]
    linked = {tuple(sorted((e.edge.a, e.edge.b))): e for e in pm.inference.edges}
    assert tuple(sorted((red, corner))) in linked and linked[tuple(sorted((red, corner)))].confidence == 1.0
