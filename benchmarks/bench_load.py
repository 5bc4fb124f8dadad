"""Load + validate: the bundled Youngstown, and generated variants of 1,000
and 10,000 provinces (growth should be linear).

    python benchmarks/bench_load.py
"""
from __future__ import annotations

import os
import statistics
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))
sys.path.insert(0, os.path.dirname(__file__))

from generate import grid_variant  # noqa: E402

from variantkit.io import load, save  # noqa: E402
from variantkit.validate import check  # noqa: E402

ROOT = os.path.join(os.path.dirname(__file__), "..")


def timed(path: str, repeat: int):
    runs = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        loaded = load(path)
        problems = check(loaded.variant, loaded.source)
        runs.append(time.perf_counter() - t0)
    assert loaded.report.ok and not [p for p in problems if p.severity == "error"], problems[:3]
    return statistics.median(runs)


def main() -> None:
    print("load + schema + semantic checks (median)")
    for name in ("standard", "youngstown", "loeb9"):
        path = os.path.join(ROOT, "maps", name, "variant.yaml")
        if os.path.exists(path):
            print(f"  {name:<12} {timed(path, 15) * 1000:8.1f} ms")
    with tempfile.TemporaryDirectory() as tmp:
        base = None
        for n in (1000, 10000):
            path = os.path.join(tmp, f"grid{n}.yaml")
            save(grid_variant(n), path)
            t = timed(path, 3 if n > 5000 else 5)
            per = t / n * 1e6
            base = base or per
            print(f"  grid {n:<7} {t * 1000:8.1f} ms   {per:6.1f} us/province   "
                  f"({per / base:.2f}x the per-province cost at 1,000)")


if __name__ == "__main__":
    main()
