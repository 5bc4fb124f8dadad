"""Lines in a colour of their own and rings round a territory's mark
(variantkit/drawing/picture_lines.py), on pictures drawn here: a grid of
sea cells whose borders are bright blue lines (Lepanto's hexagons are so
drawn), a ring drawn inside a cell, an island inside a wide sea."""
import numpy as np
from PIL import Image

from tests.pictures.reading import region_at
from variantkit.drawing.picture_map import read_picture
from variantkit.model import Terrain

SEA, PEN, MARK, LAND = (166, 222, 235), (0, 0, 240), (0, 80, 120), (200, 160, 90)
CELL = 60


def _grid(path, ring=True, island=False):
    n = 4
    a = np.zeros((n * CELL + 4, n * CELL + 4, 3), dtype=np.uint8)
    a[:] = SEA
    for k in range(n + 1):                      # the grid's lines, 4 pixels of bright blue
        a[k * CELL:k * CELL + 4, :] = PEN
        a[:, k * CELL:k * CELL + 4] = PEN
    if ring:                                    # cell (1, 1): a ring 3 pixels wide inside it, a mark in the middle
        y0, x0 = CELL + 12, CELL + 12
        a[y0:y0 + 40, x0:x0 + 40] = MARK
        a[y0 + 3:y0 + 37, x0 + 3:x0 + 37] = SEA
        a[y0 + 18:y0 + 22, x0 + 16:x0 + 24] = MARK
    if island:                                  # cell (2, 2): an island in it
        a[2 * CELL + 24:2 * CELL + 40, 2 * CELL + 24:2 * CELL + 40] = LAND
    Image.fromarray(a).save(path)


def _links(pm):
    return {frozenset((e.edge.a, e.edge.b)) for e in pm.inference.edges}


def test_a_coloured_pen_draws_the_borders(tmp_path):
    path = tmp_path / "grid.png"
    _grid(path, ring=False)
    pm = read_picture(str(path))
    cells = {(i, j): region_at(pm, j * CELL + 32, i * CELL + 32) for i in range(4) for j in range(4)}
    assert len({r.id for r in cells.values()}) == 16            # a region per cell, the lines not one
    assert all(r.terrain is Terrain.WATER for r in cells.values())
    links = _links(pm)
    assert frozenset((cells[1, 1].id, cells[1, 2].id)) in links
    assert frozenset((cells[1, 1].id, cells[2, 1].id)) in links
    assert frozenset((cells[0, 0].id, cells[2, 2].id)) not in links


def test_a_ring_and_what_it_holds_are_the_cell(tmp_path):
    path = tmp_path / "ringed.png"
    _grid(path, ring=True)
    pm = read_picture(str(path))
    middle, band, ring = (region_at(pm, CELL + 32, CELL + 32), region_at(pm, CELL + 7, CELL + 32),
                          region_at(pm, CELL + 13, CELL + 32))
    assert middle.id == band.id == ring.id
    assert middle.terrain is Terrain.WATER                       # coloured as its larger part
    links = _links(pm)
    for other in ((0, 1), (1, 0), (1, 2), (2, 1)):
        assert frozenset((middle.id, region_at(pm, other[1] * CELL + 32, other[0] * CELL + 32).id)) in links


def test_an_island_in_a_wide_sea_stays_apart(tmp_path):
    path = tmp_path / "island.png"
    _grid(path, ring=False, island=True)
    pm = read_picture(str(path))
    island, sea = region_at(pm, 2 * CELL + 32, 2 * CELL + 32), region_at(pm, 2 * CELL + 10, 2 * CELL + 10)
    assert island.id != sea.id and island.terrain is Terrain.COAST and sea.terrain is Terrain.WATER
