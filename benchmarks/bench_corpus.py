"""The drawing corpus scored as tests/svg scores it, one drawing per child
process (so peak memory is that drawing's): provinces found against the
judge's graph, names right, army and fleet precision / recall, named coasts,
whether the imported skeleton loads (validate's errors), seconds to read and
infer, and peak memory.  Prints the table in docs/svg-corpus.md.

    python benchmarks/bench_corpus.py [NAME ...]
"""
from __future__ import annotations

import contextlib
import io
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = os.path.join(os.path.dirname(__file__), "..")
sys.path.insert(0, ROOT)


def one(name: str) -> dict:
    from tests.svg.corpus import CORPUS, score, truth
    from variantkit.cli import main as cli
    from variantkit.drawing.art import infer_svg
    from variantkit.validate import load_checked
    ref = Path(os.environ.get("VARIANTKIT_REFERENCE") or os.path.join(ROOT, "..", "shared", "reference"))
    path = str(ref / "corpus" / CORPUS[name][0])
    t0 = time.perf_counter()
    _, inf = infer_svg(path)
    seconds = time.perf_counter() - t0
    r = score(inf, truth(ref, name))
    with tempfile.TemporaryDirectory() as out, contextlib.redirect_stderr(io.StringIO()):
        code = cli(["import", "svg", path, "-o", out, "--force"])
        loads = code == 0 and not load_checked(out).report.errors
    return {"name": name, "convention": inf.convention, "found": r.found, "named": r.named,
            "army": (r.precision["army"], r.recall["army"]), "fleet": (r.precision["fleet"], r.recall["fleet"]),
            "coasts": r.coasts, "loads": loads, "seconds": seconds,
            "mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}


def main() -> None:
    if len(sys.argv) > 2 and sys.argv[1] == "--one":
        print(json.dumps(one(sys.argv[2])))
        return
    from tests.svg.corpus import CORPUS
    names = sys.argv[1:] or list(CORPUS)
    print("| drawing | convention | found | names | army P / R | fleet P / R | coasts | loads | s | MB |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for name in names:
        out = subprocess.run([sys.executable, __file__, "--one", name], capture_output=True, text=True, cwd=ROOT)
        d = json.loads(out.stdout.strip().splitlines()[-1])
        print(f"| {name} | {d['convention']} | {d['found']:.0%} | {d['named']:.0%} | "
              f"{d['army'][0]:.1%} / {d['army'][1]:.1%} | {d['fleet'][0]:.1%} / {d['fleet'][1]:.1%} | "
              f"{d['coasts']:.0%} | {'yes' if d['loads'] else 'NO'} | {d['seconds']:.2f} | {d['mb']:.0f} |",
              flush=True)


if __name__ == "__main__":
    main()
