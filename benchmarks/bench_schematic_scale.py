"""The schematic board of a generated grid variant (no art, no known
places: the force layout), and its SVG, with the process's peak memory.

    .venv/bin/python benchmarks/bench_schematic_scale.py 1000
    .venv/bin/python benchmarks/bench_schematic_scale.py 10000
"""
from __future__ import annotations

import os
import resource
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from benchmarks.generate import grid_variant  # noqa: E402
from variantkit.board.render import Position, render_svg  # noqa: E402
from variantkit.board.schematic import schematic_board  # noqa: E402


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    v = grid_variant(n)
    t0 = time.perf_counter()
    board = schematic_board(v)
    t1 = time.perf_counter()
    render_svg(v, Position.start(v), board)
    t2 = time.perf_counter()
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"{n} provinces: layout {t1 - t0:.1f} s, picture {t2 - t1:.1f} s, "
          f"{len(board.cells)} cells, peak {peak:.0f} MB")


if __name__ == "__main__":
    main()
