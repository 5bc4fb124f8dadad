"""Rendering a Youngstown phase (orders and results) to SVG and to PNG.

    .venv/bin/python benchmarks/bench_render.py
"""
from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time

ROOT = os.path.join(os.path.dirname(__file__), "..")
sys.path.insert(0, ROOT)
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from variantkit.io import load  # noqa: E402
from variantkit.board.raster import write_png  # noqa: E402
from variantkit.board.render import OrderMark, Position, render_svg  # noqa: E402
from variantkit.board.schematic import schematic_board  # noqa: E402


def main() -> None:
    v = load(os.path.join(ROOT, "maps", "youngstown")).variant
    t0 = time.perf_counter()
    board = schematic_board(v)
    layout = time.perf_counter() - t0
    pos = Position.start(v)
    pos.orders = [OrderMark(p.id, "hold", str(u), outcome="succeeds") for p in v.powers for u in p.units]
    svg_times, png_times = [], []
    with tempfile.TemporaryDirectory() as tmp:
        for _ in range(10):
            t0 = time.perf_counter()
            svg = render_svg(v, pos, board)
            t1 = time.perf_counter()
            write_png(svg, os.path.join(tmp, "y.png"))
            t2 = time.perf_counter()
            svg_times.append(t1 - t0)
            png_times.append(t2 - t0)
    print(f"Youngstown schematic layout (once per variant): {layout * 1000:.0f} ms")
    print(f"Youngstown phase to SVG: median {statistics.median(svg_times) * 1000:.0f} ms")
    print(f"Youngstown phase to PNG (SVG + Qt's renderer): median {statistics.median(png_times) * 1000:.0f} ms")


if __name__ == "__main__":
    main()
