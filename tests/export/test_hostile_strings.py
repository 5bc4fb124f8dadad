"""Property (issue 21): every exporter, given a variant whose strings are
hostile (every control character, line and paragraph breaks, bidirectional
marks, ``?>``, ``%s``, quotes, the keywords of each format, look-alikes),
either refuses or writes files that its target's own reader reads back to
the same graph, names and rules.

The strings go into the model directly (as an importer or the editor would
make them), not through the schema, so the exporters' own guards are what is
tested; one or two an example land in the variant's name, a territory's
name (a supply centre), an impassable space's name, an alias, a coast's
name, a power's name or its adjective, the rest as the tutorial has them
(with all seven hostile nearly every export was refused and none reached a
host).  Each export is read by the target's own reader:
DPjudge's Map.py, jDip's loader, Diplicity's upload checks and webDiplomacy's
installer (../shared/hosts), the `diplomacy` package, and PHP's own parser
and tokenizer.  A name read back otherwise than written fails unless the
export's report names that very string (a flattening it said it made):
"some problem was reported" is not enough.

80 examples per exporter by default (derandomized, 400 in all), plus the
examples that once failed, for every exporter; 1,000 per exporter in the
slow run (5,000)."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import HealthCheck, Phase, event, given, settings
from hypothesis.errors import InvalidArgument
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
from variantkit.text import shown

BASE = load(str(MAPS / "tutorial")).variant
WRITERS = sorted(n for n, f in formats().items() if f.writes)
CASES = WRITERS

# every C0 and C1 control character, DEL, the line and paragraph separators, the
# bidirectional and invisible marks
CONTROLS = ([chr(i) for i in range(0x20)] + ["\x7f"] + [chr(i) for i in range(0x80, 0xA0)]
            + ["\u2028", "\u2029", "\u200b", "\u200e", "\u200f", "\u202a", "\u202e", "\u2066", "\ufeff"])
KEYWORDS = [
    # PHP, printf, HTML, SQL
    "?>", "<?php system('id'); ?>", "<?= 1 ?>", "__halt_compiler();", "*/ echo 1; /*", "\"; echo 1; //",
    "'; DROP TABLE x; --", "%s", "%1$s", "%%", "100%", "%n", "<script>alert(1)</script>", "${x}", "{$x}",
    "`id`", "\\", "\\n", "\\'", "'", "\"",
    # DPjudge and the diplomacy package: directives, order words, renames, comments
    "Standard\nRULE BUILD_ANY", "USE", "MAP", "END", "BEGIN", "RULE", "VICTORY", "FROM", "IN", "NEWHOMES",
    "DIRECTIVES", "the", "keep", "over", "in", "of", "and", "hold", "VIA", "A = b", "x -> y", "# x", "-", ":",
    "UNOWNED", "OWNS", "ARMY", "FLEET", "Use Road", "In Between",
    # XML and JSON
    "]]>", "<!--", "-->", "&amp;", "&#0;", "<![CDATA[", "<b>", "\"}", "\\u0000", "null", "true", "1901", "yes",
    # look-alikes and invisibles
    "\u0410lpha", "\uff21lpha", "Al\u200bpha", "\u202eahpla", "Westmark\u0301", "\u01c5", "\u2160",
]


def _embedded(c: str) -> str:
    return f"West{c}mark"


HOSTILE = st.one_of(
    st.sampled_from(KEYWORDS),
    st.builds(_embedded, st.sampled_from(CONTROLS)),
    st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), min_size=1, max_size=12),
)


FIELDS = ("name", "prov", "alias", "power", "adjective", "coast", "rock")
# one or two hostile strings an example, the rest as the tutorial has them: with all seven
# hostile nearly every example was refused and nothing reached a host's reader
STRINGS = st.dictionaries(st.sampled_from(FIELDS), HOSTILE, min_size=1, max_size=2)


def hostile_variant(draw_name=None, draw_prov=None, draw_alias=None, draw_power=None, adjective=None, coast=None,
                    rock=None):
    """The tutorial with hostile strings: the variant's name, the name of
    Westmark (a territory and a supply centre), an alias of it, the first
    power's name and adjective, a coast's name, the impassable space's name."""
    v = BASE
    provinces = []
    for p in v.provinces:
        if p.id == "wst":
            p = replace(p, name=p.name if draw_prov is None else draw_prov,
                        aliases=p.aliases if draw_alias is None else (draw_alias,))
        elif p.id == "mid" and coast is not None:
            p = replace(p, coasts=(replace(p.coasts[0], name=coast),) + p.coasts[1:])
        elif p.id == "alp" and rock is not None:
            p = replace(p, name=rock)
        provinces.append(p)
    first = replace(v.powers[0], name=v.powers[0].name if draw_power is None else draw_power,
                    adjective=adjective if adjective is not None else v.powers[0].adjective)
    return replace(v, name=v.name if draw_name is None else draw_name, provinces=tuple(provinces),
                   powers=(first,) + v.powers[1:])


def from_strings(strings: dict):
    return hostile_variant(*(strings.get(f) for f in FIELDS))


PHP_MODES = r"""
$opens = 0;
foreach (token_get_all(file_get_contents($argv[1])) as $t) {
    if (!is_array($t)) continue;
    if ($t[0] == T_OPEN_TAG || $t[0] == T_OPEN_TAG_WITH_ECHO) $opens++;
    if ($t[0] == T_INLINE_HTML && trim($t[1]) !== '') echo "text outside PHP: ", substr($t[1], 0, 80), "\n";
}
if ($opens != 1) echo "$opens opening tags\n";
"""


def read_back(fmt: str, out: str, v, report: ExportReport):
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
        # an adjective the report says it changed (DPjudge's own marks left out) is not a difference
        said = {pw.id.upper() for pw in fitted.powers if _said(report, pw.adjective)}
        assert [d for d in dpjudge_differences(fitted, got)
                if not (" adjective " in d and d.split(" ")[0] in said)] == []
        variant, problems = formats()["dpjudge"].read(out)
        assert variant is not None and not [p for p in problems if p.severity == "error"], problems
        # the names as DPjudge itself reads them (upper case, a word at a time), and ours
        return {"provinces": {lid: " ".join(t["names"][0].split()) for lid, t in got["locations"].items()
                              if "/" not in lid and t["names"]},
                "ours": {p.id: " ".join(p.name.split()) for p in variant.provinces},
                "rules": sorted(r for r in got["rules"] if not r.startswith("!"))}
    if fmt == "jdip":
        # jDip's own VariantManager and WorldFactory
        got = jdip_reads(out)
        names = _power_names(v, ExportReport(out))
        kept, _, _ = safe_aliases([(p.id, p.name, p.aliases, [c.id for c in p.coasts]) for p in v.provinces],
                                  2 * len(v.powers))
        assert jdip_differences(v, got, names, kept) == []
        variant, problems = formats()["jdip"].read(os.path.join(out, "variants.xml"))
        assert variant is not None and not [p for p in problems if p.severity == "error"], problems
        return {"name": got["variant"], "provinces": {p["short"]: p["full"] for p in got["provinces"]},
                "ours": {p.id: p.name for p in variant.provinces}}
    if fmt == "diplomacy":
        from diplomacy.engine.map import Map
        m = Map(out, use_cache=False)  # no convoy paths: 0.1 s a map, not 2 s
        assert not m.error, m.error
        fitted = fit(v, ExportReport(""))
        return {"locs": sorted(x.upper() for x in m.locs),
                "provinces": {p.id.upper(): m.loc_name.get(p.name.strip().upper()) for p in fitted.provinces}}
    if fmt == "diplicity":
        # every check of Diplicity's upload that runs without a database, then its adjudicator
        got = diplicity_check(Path(out), Path(out).with_suffix(".d.svg"))
        assert got["_rc"] == 0 and got["ok"] and got["errors"] == [], got["errors"]
        with open(out, encoding="utf-8") as fh:
            doc = json.load(fh)
        return {"name": doc.get("Name") or doc.get("name"),
                "provinces": {p["id"]: p["name"] for p in doc["provinces"]},
                "powers": [n["name"] for n in doc["nations"]]}
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
        return {"territories": sorted(t["name"] for t in got["territories"]),
                "name": got["variant"]["fullName"], "powers": got["variant"]["countries"]}
    raise AssertionError(f"no reader for {fmt}")


def _coast_label(c) -> str:
    from variantkit.formats.webdiplomacy import _coast_label as label
    return label(c)


def expected(fmt: str, v) -> dict:
    """What the target's reader should read, the exporter's declared
    flattening applied (DPjudge's fitting of codes, impassable spaces left
    out of webDiplomacy)."""
    if fmt == "dpjudge":
        fitted = fit(v, ExportReport(""))
        from variantkit.formats.dpjudge import WRITTEN
        return {"provinces": {p.id.upper(): " ".join(p.name.upper().split()) for p in fitted.provinces},
                "ours": {p.id: " ".join(p.name.split()) for p in fitted.provinces},
                "rules": sorted(WRITTEN[k] for k, val in v.rules.options.items() if k in WRITTEN and val is True)}
    if fmt == "jdip":
        return {"name": v.name, "provinces": {p.id: p.name for p in v.provinces},
                "ours": {p.id: p.name for p in v.provinces}}
    if fmt == "diplomacy":
        fitted = fit(v, ExportReport(""))
        return {"locs": sorted({loc.upper() for p in fitted.provinces
                                for loc in [p.id] + [f"{p.id}/{c.id}" for c in p.coasts]}),
                "provinces": {p.id.upper(): p.id.upper() for p in fitted.provinces}}
    if fmt == "diplicity":
        return {"name": v.name, "provinces": {p.id: p.name for p in v.provinces if p.terrain.value != "impassable"},
                "powers": [pw.name for pw in v.powers]}
    if fmt == "webdiplomacy":
        kept = [p for p in v.provinces if p.terrain.value != "impassable"]
        return {"territories": sorted([p.name for p in kept] + [f"{p.name} ({_coast_label(c)})" for p in kept
                                                                for c in p.coasts]),
                "name": v.name, "powers": [pw.name for pw in v.powers]}
    return {}


def _said(report: ExportReport, value: object) -> bool:
    """Whether the export's report names ``value``: a flattening it said it made."""
    if not isinstance(value, str):
        return False
    marks = {repr(value), shown(value), repr(shown(value)), value}
    return any(m and m in p.message for p in report.problems for m in marks)


def _unexplained(report: ExportReport, want: object, got: object) -> list:
    """The entries of ``want`` read back otherwise that the report does not name."""
    if isinstance(want, dict) and isinstance(got, dict):
        return [(k, w, got.get(k)) for k, w in want.items() if got.get(k) != w and not _said(report, w)]
    if isinstance(want, list) and isinstance(got, list):
        # a list of names: each one missing must be one the report names (or one it changed)
        missing = [w for w in want if w not in got]
        return [(w, got) for w in missing
                if not any(_said(report, part) for part in [w, *(x.rstrip(")") for x in w.split(" ("))])]
    return [] if want == got or _said(report, want) else [(want, got)]


def _event(text: str) -> None:
    """Counted in --hypothesis-show-statistics; the examples that once failed run outside hypothesis."""
    try:
        event(text)
    except InvalidArgument:
        pass


def check(fmt: str, v) -> None:
    with tempfile.TemporaryDirectory(prefix="vk-hostile-") as folder:
        out = os.path.join(folder, "out" + (formats()[fmt].extension or ""))
        report = formats()[fmt].export(v, out)  # any exception is a defect: refuse instead
        if not report.ok:
            assert not os.path.exists(out), "a refused export wrote something"
            _event("refused: " + ", ".join(sorted({p.code for p in report.problems if p.severity == "error"})))
            return
        _event("written and read back")
        got = read_back(fmt, out, v, report)
        for key, value in expected(fmt, v).items():
            wrong = _unexplained(report, value, got.get(key))
            assert not wrong, f"{fmt} read back {key} otherwise and its report does not say so: {wrong[:3]}"


# no shrinking: a host's reader (the diplomacy package's) takes a second a file, and the
# example found is printed as found
# derandomized: the same examples every run, so the default run is never flaky
QUICK = settings(max_examples=80, deadline=None, suppress_health_check=list(HealthCheck),
                 phases=(Phase.explicit, Phase.reuse, Phase.generate), database=None, derandomize=True)


@pytest.mark.parametrize("fmt", WRITERS)
@QUICK
@given(strings=STRINGS)
def test_every_exporter_refuses_or_writes_what_reads_back(fmt, strings):
    check(fmt, from_strings(strings))


# the examples that once failed, tried in every run: a province named MAP made the package
# read a root map line, one named USE made DPjudge read a file of that name, '%s' in a
# territory stopped webDiplomacy's installer, two spaces in a name
ONCE_FAILED = [("0", "USE", "Al\u200bpha", "Alpha"), ("Standard", "MAP", "x\x85y", "Alpha\r\nBeta"),
               ("x", "Use Road", "Directives", "Begin"), ("x", "In Between", "a", "Map"),
               ("?>", "-", "?>", "-"),  # DPjudge: MAP LOCATION IS RESERVED KEYWORD
               ("<b>", "\u00a5\u00b8\u00ce\U00105d72\u00a3:e\u00a8", "<b>", "0"),  # DPjudge: a byte 0x85
               ("x", "West%smark", "a", "We%dst"), ("x", "Al  pha", " b", "Al  pha ")]


@pytest.mark.parametrize("fmt", WRITERS)
@pytest.mark.parametrize("name,prov,alias,power", ONCE_FAILED)
def test_the_examples_that_once_failed(fmt, name, prov, alias, power):
    check(fmt, hostile_variant(name, prov, alias, power))


# found by the slow run: an adjective with DPjudge's power-line marks '(' ')' (left out, now said:
# VK689), a coast named with a backslash (webDiplomacy's SQL-safe '/', said by VK757)
ONCE_FAILED_FIELDS = [{"adjective": "<script>alert(1)</script>"}, {"adjective": "()"}, {"coast": "\\u0000"}]


@pytest.mark.parametrize("fmt", WRITERS)
@pytest.mark.parametrize("strings", ONCE_FAILED_FIELDS, ids=repr)
def test_the_fields_that_once_failed(fmt, strings):
    check(fmt, from_strings(strings))


@pytest.mark.slow
@pytest.mark.parametrize("fmt", WRITERS)
@settings(max_examples=1000, deadline=None, suppress_health_check=list(HealthCheck),
          phases=(Phase.explicit, Phase.reuse, Phase.generate), database=None)
@given(strings=STRINGS)
def test_every_exporter_refuses_or_writes_what_reads_back_thousands(fmt, strings):
    check(fmt, from_strings(strings))
