"""`variantkit import` on other judges' maps, the whole user path (read, the
written variant loaded and checked, the file written): every map the
`diplomacy` package bundles through the DPjudge importer, and every variant
of the jDip files in the reference corpus.

    python benchmarks/bench_import.py
"""
from __future__ import annotations

import contextlib
import glob
import io
import os
import statistics
import sys
import tempfile
import time

from lxml import etree

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from variantkit.cli import main as cli  # noqa: E402

ROOT = os.path.join(os.path.dirname(__file__), "..")
REFERENCE = os.environ.get("VARIANTKIT_REFERENCE", os.path.join(ROOT, "..", "shared", "reference"))


def run(args):
    """One import; (exit code, seconds)."""
    with tempfile.TemporaryDirectory() as out, contextlib.redirect_stderr(io.StringIO()):
        t0 = time.perf_counter()
        code = cli(args + ["-o", out])
        return code, time.perf_counter() - t0


def report(label, results):
    ok = sum(1 for code, _ in results if code == 0)
    times = sorted(t for _, t in results)
    print(f"{label}: {ok} of {len(results)} imported; median {statistics.median(times) * 1000:.0f} ms, "
          f"slowest {times[-1] * 1000:.0f} ms")


def main() -> None:
    try:
        import diplomacy
        maps = sorted(glob.glob(os.path.join(os.path.dirname(diplomacy.__file__), "maps", "*.map")))
        report("dpjudge, the diplomacy package's maps", [run(["import", "dpjudge", m]) for m in maps])
    except ImportError:
        print("the diplomacy package is not installed (the peers extra): DPjudge maps skipped")
    results = []
    for vx in sorted(glob.glob(os.path.join(REFERENCE, "corpus", "jdip", "*", "variants.xml"))):
        for var in etree.parse(vx).getroot().iter("VARIANT"):
            results.append(run(["import", "jdip", os.path.dirname(vx), "--variant", var.get("name")]))
    report("jdip, the reference corpus's variants", results)


if __name__ == "__main__":
    main()
