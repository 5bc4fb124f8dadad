"""The schematic board's work grows with the provinces and their links, not
their square (issue 21: 1,000 provinces took 43 s, 10,000 needed 6.4 GB),
and hostile layouts (every province on one spot) still give every province
a cell."""
import os
import subprocess
import sys
import tracemalloc
from pathlib import Path

from variantkit.board.schematic import schematic_board
from variantkit.model import Crossing, Edge, Province, Rules, Terrain, Variant

ROOT = Path(__file__).resolve().parents[2]


def grid(n, name=lambda i: f"Place {i}"):
    """``n`` land provinces in a square grid, each linked to its right and
    lower neighbour: a map no gazetteer knows, laid out from its graph."""
    side = int(n ** 0.5 + 0.999)
    provinces = tuple(Province(f"p{i}", name(i), Terrain.LAND) for i in range(n))
    edges = []
    for i in range(n):
        for j in (i + 1, i + side):
            if j < n and (j != i + 1 or j % side):
                edges.append(Edge(f"p{i}", f"p{j}", Crossing.of(True, False)))
    return Variant("grid", "Grid", provinces, tuple(edges), (), Rules(victory=1))


def test_a_large_graph_is_laid_out_without_arrays_of_every_pair():
    v = grid(3000)
    tracemalloc.start()
    try:
        board = schematic_board(v)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    # every pair at once: 3,000 x 3,000 x 2 floats is 144 MB for one array
    assert peak < 60_000_000, peak
    # the layout weighing every pair lost 15 of these cells; this one none
    assert set(board.cells) == {p.id for p in v.provinces}
    assert all(0 <= x <= 1200 and 0 <= y <= 800 for rings in board.cells.values()
               for ring in rings for x, y in ring)


def test_provinces_all_named_after_one_place_are_laid_out_from_their_graph():
    # the gazetteer knows "Paris": seeded from it, every province stood on
    # one spot, the relaxation weighed n x n pairs and no province got a cell
    v = grid(1500, name=lambda i: "Paris")
    board = schematic_board(v)
    assert set(board.cells) == {p.id for p in v.provinces}
    assert len(set(board.points.values())) == len(v.provinces)


def test_the_board_is_the_same_in_every_run():
    # links were read from sets, whose order follows PYTHONHASHSEED: the
    # layout of one variant differed from one run to the next
    code = ("import sys; sys.path.insert(0, 'tests/board'); "
            "from test_schematic_scale import grid; "
            "from variantkit.board.schematic import schematic_board; "
            "b = schematic_board(grid(150)); print(sorted(b.points.items()))")
    outs = {subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True,
                           env={**os.environ, "PYTHONHASHSEED": seed}, check=True).stdout
            for seed in ("1", "2", "3")}
    assert len(outs) == 1
