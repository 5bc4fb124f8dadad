"""Measure the tables of docs/formats/jdip.md and docs/formats/dpjudge.md:
each export of the test variants put through the host's own loader (the
runners in ../shared/hosts), its reading compared with ours by the tests'
own comparison.  Prints the two Markdown tables.  Run from the repository:
``.venv/bin/python scripts/host_tables.py``."""
import sys
import tempfile
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pytest  # noqa: E402  (the hosts helper fails a test through pytest)

from tests.export.hosts import ALL, dpjudge_differences, jdip_differences, run, variant  # noqa: E402
from variantkit.formats import formats  # noqa: E402
from variantkit.formats.base import ExportReport  # noqa: E402
from variantkit.formats.dpjudge_words import fit  # noqa: E402
from variantkit.formats.jdip import _power_names  # noqa: E402
from variantkit.formats.jdip_names import safe_aliases  # noqa: E402


def label(key: str) -> str:
    return key if not key.startswith("corpus:") else f"{key.split(':', 2)[2]} (corpus, jDip)"


def by_design(report) -> str:
    counts = {}
    for p in report.problems:
        if p.severity == "warning":
            counts[p.code] = counts.get(p.code, 0) + 1
    return ", ".join(f"{c}×{n}" if n > 1 else c for c, n in sorted(counts.items())) or "nothing"


def main() -> None:
    print("| variant | loads in jDip | jDip's reading = ours | differs by design (report) |")
    print("|---|---|---|---|")
    for key in ALL:
        v = variant(key)
        with tempfile.TemporaryDirectory() as d:
            report = formats()["jdip"].write(v, d)
            try:
                code, out, _ = run("jdip/load", d)
            except pytest.fail.Exception as exc:
                print(f"| {label(key)} | runner failed: {exc} | | |")
                continue
            got = out["variants"][0] if out["variants"] else None
            loads = code == 0 and got is not None and got["error"] is None
            names = _power_names(v, ExportReport(d))
            kept, _, _ = safe_aliases([(p.id, p.name, p.aliases, [c.id for c in p.coasts]) for p in v.provinces],
                                      2 * len(v.powers))
            diffs = jdip_differences(v, got, names, kept) if loads else ["not loaded"]
            print(f"| {label(key)} | {'y' if loads else 'n'} | {'y' if not diffs else 'n: ' + diffs[0]} "
                  f"| {by_design(report)} |")
    print()
    print("| variant | reads clean in DPjudge | DPjudge's reading = ours | differs by design (report) |")
    print("|---|---|---|---|")
    for key in ALL:
        v = variant(key)
        with tempfile.TemporaryDirectory() as d:
            path = Path(d) / "variant.map"
            report = formats()["dpjudge"].write(v, str(path))
            code, got, _ = run("dpjudge/read", str(path))
            clean = code == 0 and got.get("ok") and not got.get("errors")
            fitted = fit(v, ExportReport(""))
            fitted = replace(fitted, provinces=tuple(replace(p, passable_in=()) for p in fitted.provinces),
                             edges=tuple(replace(e, seasons=()) for e in fitted.edges))
            diffs = dpjudge_differences(fitted, got) if clean else ["not read"]
            print(f"| {label(key)} | {'y' if clean else 'n'} | {'y' if not diffs else 'n: ' + diffs[0]} "
                  f"| {by_design(report)} |")


if __name__ == "__main__":
    main()
