"""Property (issue 21): every exporter, given a variant whose strings are
hostile (control characters, line breaks, ``?>``, quotes, each format's
keywords, look-alikes), either refuses or writes files that read back to the
same graph, names and rules: through the target's own reader, and through
ours where the format has one.

240 examples by default (60 per exporter, derandomized, plus the examples
that once failed, for every exporter); 1,000 per exporter in the slow run,
150 for the `diplomacy` package, whose reader takes about 2 s a map.  Each
export is read by the target's own reader: DPjudge's Map.py, jDip's loader,
Diplicity's upload checks and webDiplomacy's installer (../shared/hosts),
the `diplomacy` package, and PHP's own parser and tokenizer.  The strings
go into the model directly (as an importer or the editor would make them),
not through the schema, so the exporters' own guards are what is tested."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from tests.conftest import MAPS
from tests.export.diplicity_host import check as diplicity_check
from tests.export.hosts import dpjudge_differences, jdip_differences, run
from tests.export.test_jdip_host import jdip_reads
from variantkit.formats import formats
from variantkit.formats.base import ExportReport
from variantkit.formats.dpjudge_words import fit
from variantkit.formats.jdip import _power_names
from variantkit.formats.jdip_names import safe_aliases
from variantkit.io import load

BASE = load(str(MAPS / "tutorial")).variant
WRITERS = sorted(n for n, f in formats().items() if f.writes)
SLOW_HOST = {"diplomacy"}  # the package reads a map in about 2 s: its examples run in the slow test only
CASES = WRITERS
QUICK_CASES = [f for f in WRITERS if f not in SLOW_HOST]

HOSTILE = st.one_of(
    st.sampled_from([
        "?>", "<?php system('id'); ?>", "*/ echo 1; /*", "\"; echo 1; //", "'; DROP TABLE x; --",
        "Standard\nRULE BUILD_ANY", "Alpha\r\nBeta", "a\u2028b", "x\x00y", "x\x1b[31my", "tab\there",
        "]]>", "<!--", "-->", "&amp;", "<b>", "\\", "\\n", "${x}", "{$x}", "`id`", "%s", "\"",
        "the", "keep", "over", "in", "of", "and", "hold", "VIA", "USE", "MAP", "END", "BEGIN",
        "\u0410lpha", "\uff21lpha", "Al\u200bpha", "\u202eahpla", "yes", "null", "1901", "-", "->", ":",
    ]),
    st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), min_size=1, max_size=12),
)


def hostile_variant(draw_name, draw_prov, draw_alias, draw_power):
    v = BASE
    p0 = v.provinces[0]
    provinces = (replace(p0, name=draw_prov, aliases=(draw_alias,)),) + v.provinces[1:]
    powers = (replace(v.powers[0], name=draw_power),) + v.powers[1:]
    return replace(v, name=draw_name, provinces=provinces, powers=powers)


PHP_MODES = r"""
$opens = 0;
foreach (token_get_all(file_get_contents($argv[1])) as $t) {
    if (!is_array($t)) continue;
    if ($t[0] == T_OPEN_TAG || $t[0] == T_OPEN_TAG_WITH_ECHO) $opens++;
    if ($t[0] == T_INLINE_HTML && trim($t[1]) !== '') echo "text outside PHP: ", substr($t[1], 0, 80), "\n";
}
if ($opens != 1) echo "$opens opening tags\n";
"""


def read_back(fmt: str, out: str, v):
    """What the target's own reader (../shared/hosts runners, the `diplomacy`
    package, PHP) and ours make of ``out``: a dict of the names read, or raise
    AssertionError with what went wrong."""
    if fmt == "dpjudge":
        # DPjudge's own Map.py: no error, and the graph the export meant
        code, got, err = run("dpjudge/read", out)
        assert got.get("exception") is None, got.get("traceback")
        assert code == 0 and got["ok"] and got["errors"] == [], (got["errors"], err[-500:])
        fitted = fit(v, ExportReport(""))
        fitted = replace(fitted, provinces=tuple(replace(p, passable_in=()) for p in fitted.provinces),
                         edges=tuple(replace(e, seasons=()) for e in fitted.edges))
        assert dpjudge_differences(fitted, got) == []
        variant, problems = formats()["dpjudge"].read(out)
        assert variant is not None and not [p for p in problems if p.severity == "error"], problems
        return {"name": variant.name, "provinces": {p.id: p.name for p in variant.provinces},
                "rules": variant.rules}
    if fmt == "jdip":
        # jDip's own VariantManager and WorldFactory
        got = jdip_reads(out)
        names = _power_names(v, ExportReport(out))
        kept, _, _ = safe_aliases([(p.id, p.name, p.aliases, [c.id for c in p.coasts]) for p in v.provinces],
                                  2 * len(v.powers))
        assert jdip_differences(v, got, names, kept) == []
        variant, problems = formats()["jdip"].read(os.path.join(out, "variants.xml"))
        assert variant is not None and not [p for p in problems if p.severity == "error"], problems
        return {"name": got["variant"], "provinces": {p.id: p.name for p in variant.provinces}}
    if fmt == "diplomacy":
        from diplomacy.engine.map import Map
        m = Map(out)
        assert not m.error, m.error
        return {"locs": sorted(x.upper() for x in m.locs)}
    if fmt == "diplicity":
        # every check of Diplicity's upload that runs without a database, then its adjudicator
        got = diplicity_check(Path(out), Path(out).with_suffix(".d.svg"))
        assert got["_rc"] == 0 and got["ok"] and got["errors"] == [], got["errors"]
        with open(out, encoding="utf-8") as fh:
            doc = json.load(fh)
        return {"name": doc.get("Name") or doc.get("name")}
    if fmt == "webdiplomacy":
        php = shutil.which("php")
        assert php is not None, "php-cli is installed by scripts/setup"
        for base, _, names in os.walk(out):
            for n in names:
                if n.endswith(".php"):
                    path = os.path.join(base, n)
                    run_ = subprocess.run([php, "-l", path], capture_output=True, text=True, timeout=30)
                    assert run_.returncode == 0, run_.stdout + run_.stderr
                    # PHP's own tokenizer: our strings never leave PHP mode (one opening tag,
                    # no text outside PHP, no other opening tag)
                    run_ = subprocess.run([php, "-r", PHP_MODES, path], capture_output=True, text=True,
                                          timeout=30)
                    assert run_.returncode == 0 and run_.stdout.strip() == "", f"{n}: {run_.stdout[:300]}"
        # the site's own installer, into a recording database
        code, got, _ = run("webdiplomacy/install", out)
        assert code == 0 and got["ok"] and not got["stray_output"], (got.get("error"), got.get("problems"))
        return {"territories": sorted(t["name"] for t in got["territories"] if t["coast"] != "Child"),
                "name": got["variant"]["fullName"]}
    raise AssertionError(f"no reader for {fmt}")


def expected(fmt: str, v) -> dict:
    if fmt in ("dpjudge",):
        return {"name": v.name, "provinces": {p.id: p.name for p in v.provinces}, "rules": v.rules}
    if fmt == "jdip":
        return {"name": v.name, "provinces": {p.id: p.name for p in v.provinces}}
    if fmt == "diplomacy":
        return {"locs": None}
    if fmt == "diplicity":
        return {"name": v.name}
    if fmt == "webdiplomacy":
        return {"territories": sorted(p.name for p in v.provinces), "name": v.name}
    return {}


def check(fmt: str, v) -> None:
    with tempfile.TemporaryDirectory(prefix="vk-hostile-") as folder:
        out = os.path.join(folder, "out" + (formats()[fmt].extension or ""))
        report = formats()[fmt].export(v, out)  # any exception is a defect: refuse instead
        if not report.ok:
            assert not os.path.exists(out), "a refused export wrote something"
            return
        got = read_back(fmt, out, v)
        want = expected(fmt, v)
        lost = " ".join(p.message for p in report.problems)
        for key, value in want.items():
            if value is None:
                continue
            if got.get(key) != value:
                assert lost, f"{fmt} read back {key} differently and said nothing: {got.get(key)!r} != {value!r}"


# no shrinking: a host's reader (the diplomacy package's) takes a second a file, and the
# example found is printed as found
# derandomized: the same examples every run, so the default run is never flaky
QUICK = settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck),
                 phases=(Phase.explicit, Phase.reuse, Phase.generate), database=None, derandomize=True)


@pytest.mark.parametrize("fmt", QUICK_CASES)
@QUICK
@given(name=HOSTILE, prov=HOSTILE, alias=HOSTILE, power=HOSTILE)
def test_every_exporter_refuses_or_writes_what_reads_back(fmt, name, prov, alias, power):
    check(fmt, hostile_variant(name, prov, alias, power))


SLOW_CASES = [f for f in WRITERS if f not in SLOW_HOST]
# the examples that once failed, tried in every run: a province named MAP made the package
# read a root map line, one named USE made DPjudge read a file of that name
ONCE_FAILED = [("0", "USE", "Al\u200bpha", "Alpha"), ("Standard", "MAP", "x\x85y", "Alpha\r\nBeta"),
               ("x", "Use Road", "Directives", "Begin"), ("x", "In Between", "a", "Map"),
               ("?>", "-", "?>", "-"),  # DPjudge: MAP LOCATION IS RESERVED KEYWORD
               ("<b>", "\u00a5\u00b8\u00ce\U00105d72\u00a3:e\u00a8", "<b>", "0")]  # DPjudge: a byte 0x85


@pytest.mark.parametrize("fmt", WRITERS)
@pytest.mark.parametrize("name,prov,alias,power", ONCE_FAILED)
def test_the_examples_that_once_failed(fmt, name, prov, alias, power):
    check(fmt, hostile_variant(name, prov, alias, power))


@pytest.mark.slow
@pytest.mark.parametrize("fmt", SLOW_CASES)
@settings(max_examples=1000, deadline=None, suppress_health_check=list(HealthCheck),
          phases=(Phase.explicit, Phase.reuse, Phase.generate), database=None)
@given(name=HOSTILE, prov=HOSTILE, alias=HOSTILE, power=HOSTILE)
def test_every_exporter_refuses_or_writes_what_reads_back_thousands(fmt, name, prov, alias, power):
    check(fmt, hostile_variant(name, prov, alias, power))


@pytest.mark.slow
@pytest.mark.parametrize("fmt", [c for c in CASES if c in SLOW_HOST])
@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck),
          phases=(Phase.explicit, Phase.reuse, Phase.generate), database=None)
@given(name=HOSTILE, prov=HOSTILE, alias=HOSTILE, power=HOSTILE)
def test_the_diplomacy_package_reads_back_hostile_exports(fmt, name, prov, alias, power):
    check(fmt, hostile_variant(name, prov, alias, power))
