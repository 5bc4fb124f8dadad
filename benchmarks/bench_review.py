"""The review commands as a user runs them, each a fresh process (start-up,
load and checks included): `variantkit balance` at its default game count,
`variantkit lint` with its trial exports, `variantkit diff --render`.

    python benchmarks/bench_review.py
"""
from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))


def wall(args, repeat: int = 3):
    runs, cpu = [], []
    for _ in range(repeat):
        before = os.times()
        t0 = time.perf_counter()
        subprocess.run([sys.executable, "-m", "variantkit", *args], cwd=ROOT, check=False,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        runs.append(time.perf_counter() - t0)
        after = os.times()
        cpu.append(after.children_user + after.children_system - before.children_user - before.children_system)
    return statistics.median(runs), statistics.median(cpu)


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        cases = [
            ("balance maps/youngstown (default games)", ["balance", "maps/youngstown"]),
            ("balance maps/standard (default games)", ["balance", "maps/standard"]),
            ("lint maps/youngstown", ["lint", "maps/youngstown"]),
            ("lint maps/youngstown --no-portability", ["lint", "maps/youngstown", "--no-portability"]),
            ("diff youngstown no-omsk-fleets --render svg",
             ["diff", "maps/youngstown", "maps/youngstown/no-omsk-fleets", "--render", f"{tmp}/d.svg"]),
        ]
        print("command: median wall time (CPU time) of 3 runs")
        for label, args in cases:
            w, c = wall(args)
            print(f"  {label}: {w:.2f} s ({c:.2f} s CPU)")


if __name__ == "__main__":
    main()
