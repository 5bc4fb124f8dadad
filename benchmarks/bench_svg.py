"""`variantkit import svg` as a user runs it (read, convention, inference,
variant written), on every drawing of the reference data and the corpus,
and on generated maps of 1,000 and 5,000 provinces (growth should be
near-linear: a spatial index, shapes grown once each, not all pairs).

    python benchmarks/bench_svg.py [REFERENCE_DIR]
"""
from __future__ import annotations

import contextlib
import io
import os
import random
import sys
import tempfile
import time

ROOT = os.path.join(os.path.dirname(__file__), "..")
sys.path.insert(0, ROOT)

from variantkit.cli import main as cli  # noqa: E402

DRAWINGS = [
    ("jDip Youngstown", "jdip/youngstown.svg"),
    ("MILA standard", "mila/standard.svg"),
    ("jDip egdipmap", "corpus/jdip/stdVariants/egdipmap.svg"),
    ("jDip simple_std", "corpus/jdip/stdVariants/simple_std.svg"),
    ("jDip topo", "corpus/jdip/stdVariants/topo.svg"),
    ("jDip bitmap_std", "corpus/jdip/stdVariants/bitmap_std.svg"),
    ("jDip chaos", "corpus/jdip/chaos/chaos.svg"),
    ("jDip modern", "corpus/jdip/modern/modern.svg"),
    ("jDip milan", "corpus/jdip/milan/milan.svg"),
    ("jDip hundred", "corpus/jdip/hundred/h31_h32_map.svg"),
    ("jDip asia", "corpus/jdip/asia/asia.svg"),
    ("godip classical", "corpus/godip/classical/classicalmap.svg"),
    ("godip hundred", "corpus/godip/hundred/hundredmap.svg"),
    ("godip pure", "corpus/godip/pure/puremap.svg"),
    ("DiplomacyGM classic", "formats/diplomacygm/classic.svg"),
    ("jDip 1900", "corpus/jdip/1900/1900_dipmap.svg"),
    ("jDip 1900_bitmap", "corpus/jdip/1900/1900_bitmap.svg"),
    ("jDip aberration", "corpus/jdip/aberration/aberrationv.svg"),
    ("jDip ancient_med", "corpus/jdip/ancient_med/ancientmed.svg"),
    ("godip europe1939", "corpus/godip/europe1939/europe1939map.svg"),
    ("godip empiresandcoalitions", "corpus/godip/empiresandcoalitions/empiresandcoalitionsmap.svg"),
    ("godip gatewaywest", "corpus/godip/gatewaywest/gatewaywestmap.svg"),
    ("godip unconstitutional", "corpus/godip/unconstitutional/unconstitutionalmap.svg"),
    ("godip threekingdoms", "corpus/godip/threekingdoms/threekingdomsmap.svg"),
    ("godip year1908", "corpus/godip/year1908/year1908map.svg"),
    ("Diplicity classical (.d.svg)", "corpus/diplicity/classical/classical.d.svg"),
    ("Diplicity hundred (.d.svg)", "corpus/diplicity/hundred/hundred.d.svg"),
    ("DiplomacyGM modern", "corpus/dgm/modern/modern.svg"),
    ("DiplomacyGM eraofsolitude.b1", "corpus/dgm/eraofsolitude.b1/eraofsolitude.b1.svg"),
]


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


def timed(path: str, runs: int = 3) -> float:
    """Best of ``runs`` whole imports (the summary on stderr swallowed)."""
    best = float("inf")
    with tempfile.TemporaryDirectory() as out:
        for _ in range(runs):
            t0 = time.perf_counter()
            with contextlib.redirect_stderr(io.StringIO()):
                code = cli(["import", "svg", path, "-o", out, "--force"])
            best = min(best, time.perf_counter() - t0)
            assert code == 0, path
    return best


def main() -> None:
    ref = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "..", "shared", "reference")
    print("| drawing | import svg |\n|---|---|")
    for name, rel in DRAWINGS:
        path = os.path.join(ref, rel)
        if os.path.exists(path):
            print(f"| {name} | {timed(path):.2f} s |", flush=True)
    with tempfile.TemporaryDirectory() as tmp:
        base = None
        for n in (1000, 5000):
            path = os.path.join(tmp, f"grid{n}.svg")
            generated_svg(n, path)
            t = timed(path, 1)
            per = t / n * 1000
            base = base or per
            print(f"| generated, {n:,} provinces | {t:.2f} s ({per:.2f} ms/province, "
                  f"{per / base:.2f}x the cost per province at 1,000) |", flush=True)


if __name__ == "__main__":
    main()
