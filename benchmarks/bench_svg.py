"""SVG import plus inference: the jDip Youngstown drawing, and generated maps
of 1,000 and 5,000 provinces (growth should be near-linear: a spatial index,
not all pairs).

    python benchmarks/bench_svg.py [REFERENCE_DIR]
"""
from __future__ import annotations

import os
import random
import sys
import tempfile
import time

ROOT = os.path.join(os.path.dirname(__file__), "..")
sys.path.insert(0, ROOT)

from variantkit.art import infer_svg  # noqa: E402


def generated_svg(n: int, path: str, seed: int = 1) -> None:
    """A jittered grid of n provinces with a sea on every fourth row."""
    rng = random.Random(seed)
    side = int(n ** 0.5) + 1
    cell = 20
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {side * cell} {side * cell}">']
    for i in range(n):
        r, c = divmod(i, side)
        x, y = c * cell + rng.uniform(-0.5, 0.5), r * cell + rng.uniform(-0.5, 0.5)
        fill = "#99ccff" if r % 4 == 0 else "#eedd99"
        parts.append(f'<polygon id="p{i}" fill="{fill}" points="{x:.1f},{y:.1f} {x + cell:.1f},{y:.1f} '
                     f'{x + cell:.1f},{y + cell:.1f} {x:.1f},{y + cell:.1f}"/>')
    parts.append("</svg>")
    with open(path, "w") as fh:
        fh.write("".join(parts))


def timed(path: str, runs: int = 3, gap=None) -> float:
    best = float("inf")
    for _ in range(runs):
        t0 = time.perf_counter()
        infer_svg(path, gap)
        best = min(best, time.perf_counter() - t0)
    return best


def main() -> None:
    ref = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "..", "shared", "reference")
    svg = os.path.join(ref, "jdip", "youngstown.svg")
    if os.path.exists(svg):
        print(f"jDip Youngstown (182 provinces), import + inference: {timed(svg) * 1000:.0f} ms")
    with tempfile.TemporaryDirectory() as tmp:
        base = None
        for n in (1000, 5000):
            path = os.path.join(tmp, f"grid{n}.svg")
            generated_svg(n, path)
            t = timed(path, 1, gap=1.0)
            per = t / n * 1000
            base = base or per
            print(f"generated {n:>5} provinces: {t:.2f} s ({per:.2f} ms/province, "
                  f"{per / base:.2f}x the cost per province at 1,000)")


if __name__ == "__main__":
    main()
