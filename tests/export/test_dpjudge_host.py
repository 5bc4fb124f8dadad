"""DPjudge's own Map.py (converted to Python 3, the host runner) on our
DPjudge exports: every variant reads clean, and DPjudge's reading equals
ours (locations, army and fleet moves per coast, powers, letters, homes,
starting centres, units, victory).  What DPjudge cannot hold as we have it
is renamed or flattened, and said."""
from dataclasses import replace

import pytest

from variantkit.formats import formats
from variantkit.formats.base import ExportReport
from variantkit.formats.dpjudge_words import KEYWORDS, fit, norm
from variantkit.io import load

from tests.conftest import MAPS
from tests.export.hosts import ALL, dpjudge_differences, run, variant


def dpjudge_reads(v, tmp_path):
    path = tmp_path / "variant.map"
    report = formats()["dpjudge"].write(v, str(path))
    assert report.ok, [str(p) for p in report.problems if p.severity == "error"]
    code, got, err = run("dpjudge/read", str(path))
    assert got.get("exception") is None, got.get("traceback")
    assert code == 0 and got["ok"] and got["errors"] == [], (got["errors"], err)
    return report, got


@pytest.mark.parametrize("key", ALL)
def test_dpjudge_reads_our_export_as_we_mean_it(key, tmp_path):
    v = variant(key)
    report, got = dpjudge_reads(v, tmp_path)
    fitted = fit(v, ExportReport(""))
    # seasonal spaces and links are written open (DPjudge refuses its own IN directive)
    fitted = replace(fitted, provinces=tuple(replace(p, passable_in=()) for p in fitted.provinces),
                     edges=tuple(replace(e, seasons=()) for e in fitted.edges))
    assert dpjudge_differences(fitted, got) == []


def test_names_letters_and_order_words_dpjudge_refuses(tmp_path):
    """An adjective with a space, the letter M, a power called as a place, a
    province whose code is an order word, a place named by an order word:
    each written so that DPjudge reads it, or refused, and said."""
    v = load(str(MAPS / "tutorial")).variant
    west, east = v.powers
    v = replace(v, powers=(replace(west, adjective="Far Western", letter="M"),
                           replace(east, id="east", name="Colony", adjective="Eastern")))
    v = replace(v, provinces=tuple(replace(p, name="Colony") if p.id == "col" else p for p in v.provinces))
    from variantkit.edit import rename
    v = rename(v, "isl", "to")
    report, got = dpjudge_reads(v, tmp_path)
    said = {p.code for p in report.problems}
    assert {"VK797", "VK798"} <= said
    assert got["powers"]["WEST"]["abbrev"] not in ("M", "?")
    assert got["powers"]["WEST"]["adjective"].replace("+", " ") == "FAR WESTERN"
    assert "TO" not in got["locations"] and "TOAA" not in got["locations"]
    w = replace(v, provinces=tuple(replace(p, aliases=("the", "alps", "wwest")) if p.id == "wst" else p
                                   for p in v.provinces))
    report, got = dpjudge_reads(w, tmp_path)
    assert sorted(p.message.split(":")[0] for p in report.problems if p.code == "VK748") == [
        "the alias 'alps' of wst is left out", "the alias 'the' of wst is left out"]
    for bad in ["Is", "Colony=East", "->Col", "# col"]:
        w = replace(v, provinces=tuple(replace(p, name=bad) if p.id == "wst" else p for p in v.provinces))
        r = formats()["dpjudge"].write(w, str(tmp_path / "bad.map"))
        # an order word as a name (VK788), or what DPjudge reads as a name line, rename or comment
        assert {p.code for p in r.problems if p.severity == "error"} == {"VK788" if bad == "Is" else "VK784"}, bad


@pytest.mark.parametrize("bad", ["West\nBADLINE = x", "We\rst", "We\x00st", "West\u2028X"])
def test_line_breaks_never_become_extra_lines(bad, tmp_path):
    v = load(str(MAPS / "tutorial")).variant
    for field in ("name", "adjective"):
        w = replace(v, powers=(replace(v.powers[0], **{field: bad}),) + v.powers[1:])
        r = formats()["dpjudge"].write(w, str(tmp_path / "out.map"))
        assert not r.ok and {p.code for p in r.problems if p.severity == "error"} == {"VK792"}
        assert not (tmp_path / "out.map").exists()
    w = replace(v, provinces=tuple(replace(p, aliases=(bad,)) if p.id == "wst" else p for p in v.provinces))
    assert not formats()["dpjudge"].write(w, str(tmp_path / "out.map")).ok


def test_our_order_words_cover_the_diplomacy_packages():
    """The keyword list is the union of DPjudge's and the package's."""
    diplomacy = pytest.importorskip("diplomacy.utils")
    assert {k for k in diplomacy.KEYWORDS if k.isalpha()} <= KEYWORDS
    assert norm("Isle of the Man") == "ISLE MAN" and norm("And") == ""
