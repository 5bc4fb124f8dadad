"""Every exporter reads its own output back as the target reads it before
writing (issue 21): DPjudge's and the `diplomacy` package's maps through
variantkit's DPjudge reader (and the package itself where installed), jDip's
files through variantkit's jDip reader (Diplicity's and webDiplomacy's own
read-backs are in their tests).  A difference is VK771 and nothing is
written; the bundled maps read back the same."""
from __future__ import annotations

from dataclasses import replace

import pytest

from tests.conftest import MAPS
from variantkit.formats import formats
from variantkit.formats.base import ExportReport
from variantkit.formats.dpjudge import dpjudge_text, read_dpjudge
from variantkit.formats.readback import dpjudge_reads, jdip_reads, package_reads
from variantkit.io import load

TUTORIAL = load(str(MAPS / "tutorial")).variant
STANDARD = load(str(MAPS / "standard")).variant


def renamed(v, name):
    return replace(v, provinces=(replace(v.provinces[0], name=name),) + v.provinces[1:])


@pytest.mark.parametrize("fmt", ["dpjudge", "diplomacy", "jdip"])
@pytest.mark.parametrize("variant", ["standard", "tutorial", "youngstown", "loeb9"])
def test_the_bundled_maps_read_back_the_same(tmp_path, fmt, variant):
    v = load(str(MAPS / variant)).variant
    out = tmp_path / ("out.map" if fmt != "jdip" else "out")
    report = formats()[fmt].export(v, str(out))
    assert report.ok, [str(p) for p in report.problems if p.severity == "error"]
    assert out.exists()


@pytest.mark.parametrize("fmt", ["dpjudge", "diplomacy"])
@pytest.mark.parametrize("name", ["Al  pha", " Alpha", "Alpha "])
def test_names_are_compared_as_the_judge_reads_them_by_words(tmp_path, fmt, name):
    """DPjudge's Map.py and the package keep ``AL  PHA`` as written and
    orders name it by words; variantkit's reader reads ``Al pha``: the same
    name, not a difference."""
    out = tmp_path / "out.map"
    report = formats()[fmt].export(renamed(TUTORIAL, name), str(out))
    assert report.ok and out.exists(), [str(p) for p in report.problems if p.severity == "error"]


def _text(v):
    return dpjudge_text(v, ExportReport("x.map"))


@pytest.mark.parametrize("extra,said", [
    ("RULE BUILD_ANY", "the rules read as ['build_any']"),
    ("LAND     ZZZ      ABUTS PAR", "provinces ['zzz'] read that were not written"),
    ("Lutetia = par", "par's name 'Paris' reads as 'Lutetia'"),
])
def test_a_line_the_export_did_not_mean_is_found(tmp_path, extra, said):
    """What a name carrying a line break would add, put into the text by
    hand: DPjudge's reading finds it."""
    text = _text(STANDARD).replace("\nBEGIN ", f"\n{extra}\nBEGIN ", 1)
    report = ExportReport(str(tmp_path / "x.map"))
    dpjudge_reads(text, STANDARD, report.path, report, read_dpjudge)
    assert [p.code for p in report.problems] == ["VK771"] and said in report.problems[0].message


def test_the_package_finds_a_link_the_export_did_not_mean(tmp_path):
    pytest.importorskip("diplomacy")
    text = _text(STANDARD)
    lines = [ln + " MOS" if ln.startswith("LAND   PAR ") else ln for ln in text.splitlines()]
    assert lines != text.splitlines()
    report = ExportReport(str(tmp_path / "x.map"))
    package_reads("\n".join(lines) + "\n", STANDARD, report.path, report)
    messages = " ".join(p.message for p in report.problems)
    assert "VK771" in {p.code for p in report.problems} and "the diplomacy package" in messages


def test_jdip_reading_finds_a_centre_the_export_did_not_mean(tmp_path, monkeypatch):
    """The jDip writer's files, one changed before its read-back: refused, nothing written."""
    import variantkit.formats.readback as rb
    real = rb.jdip_reads

    def tampered(files, v, aliases, path, report, read):
        files["variants.xml"] = files["variants.xml"].replace(
            "<INITIALSTATE", '<SUPPLYCENTER province="bur" homepower="none" owner="none"/>\n<INITIALSTATE', 1)
        real(files, v, aliases, path, report, read)
    monkeypatch.setattr(rb, "jdip_reads", tampered)
    out = tmp_path / "out"
    report = formats()["jdip"].export(STANDARD, str(out))
    assert not report.ok and "jDip's reading: the supply centres read otherwise" in " ".join(
        p.message for p in report.problems if p.code == "VK771")
    assert not out.exists()
    assert jdip_reads is real


def _webdip_named(name: str, where: str = "wst"):
    ps = list(TUTORIAL.provinces)
    i = [p.id for p in ps].index(where)
    ps[i] = replace(ps[i], name=name)
    return replace(TUTORIAL, provinces=tuple(ps))


@pytest.mark.parametrize("variant,said", [
    (_webdip_named("West%smark"), "'%', which the site's l_t() reads as a printf directive"),
    (_webdip_named("50% West"), "'%'"),
    (replace(TUTORIAL, name="Tu%dtorial"), "the variant's name"),
    (replace(TUTORIAL, powers=(replace(TUTORIAL.powers[0], name="We%1$sst"),) + TUTORIAL.powers[1:]),
     "the power west"),
    (_webdip_named("<script>x</script>"), "'<', which the site's pages print as markup"),
])
def test_webdiplomacy_refuses_what_the_site_reads_as_printf_or_markup(tmp_path, variant, said):
    out = tmp_path / "wd"
    report = formats()["webdiplomacy"].export(variant, str(out))
    refused = " ".join(p.message for p in report.problems if p.code == "VK770")
    assert not report.ok and said in refused
    assert not out.exists()


def test_the_sites_own_installer_fails_on_a_percent_in_a_territory_name(tmp_path, monkeypatch):
    """Why: with the check taken out, the export is written and webDiplomacy's
    own install (InstallCache passes each name through l_t, a vsprintf) stops."""
    from tests.export.hosts import run
    import variantkit.formats.webdiplomacy as wd
    monkeypatch.setattr(wd, "HOST_CODE", {})
    out = tmp_path / "wd"
    assert formats()["webdiplomacy"].export(_webdip_named("West%smark"), str(out)).ok
    code, got, _ = run("webdiplomacy/install", str(out))
    assert code == 1 and "ValueError" in str(got.get("error")) and "layer.php" in str(got.get("error"))


@pytest.mark.parametrize("fmt", ["dpjudge", "diplomacy"])
@pytest.mark.parametrize("other,name", [("alp", "?>"), ("alp", "The Westmark"), ("est", "EST")])
def test_two_provinces_dpjudge_reads_as_one_name_are_refused(tmp_path, fmt, other, name):
    """Westmark and another province named alike once DPjudge drops its
    order words ('The'), or named as the other's code: DPjudge's Map.py says
    DUPLICATE MAP LOCATION OR POWER (found by the property test)."""
    ps = [replace(p, name=name) if p.id in ("wst", other) and p.id != "est" else p for p in TUTORIAL.provinces]
    if other == "est":
        ps = [replace(p, name=name) if p.id == "wst" else p for p in TUTORIAL.provinces]
    out = tmp_path / "out.map"
    report = formats()[fmt].export(replace(TUTORIAL, provinces=tuple(ps)), str(out))
    assert "VK687" in {p.code for p in report.problems} and not out.exists()


def test_dpjudge_itself_refuses_two_provinces_of_one_name(tmp_path):
    """Why: the tutorial's map with Westmark and the Alps both named '?>' by hand."""
    from tests.export.hosts import run
    text = _text(TUTORIAL)
    assert "\nWestmark = wst" in text and "\nThe Alps = alp" in text
    text = text.replace("\nWestmark = wst", "\n?> = wst").replace("\nThe Alps = alp", "\n?> = alp")
    (tmp_path / "x.map").write_text(text)
    code, got, _ = run("dpjudge/read", str(tmp_path / "x.map"))
    assert code == 1 and any("DUPLICATE" in e for e in got["errors"]), got["errors"]


def test_dpjudge_maps_are_written_in_latin1_as_dpjudge_reads_them(tmp_path):
    """DPjudge reads a map a byte a letter (Latin-1): written in UTF-8,
    'Münster' was 'MÃ¼NSTER' there (found by the property test)."""
    from tests.export.hosts import run
    out = tmp_path / "x.map"
    v = replace(renamed(TUTORIAL, "Münster"), powers=(replace(TUTORIAL.powers[0], adjective="Wgû"),)
                + TUTORIAL.powers[1:])
    assert formats()["dpjudge"].export(v, str(out)).ok
    assert "Münster".encode("latin-1") in out.read_bytes()
    code, got, _ = run("dpjudge/read", str(out))
    assert code == 0 and got["locations"]["ALP"]["names"] == ["MÜNSTER"]
    assert got["powers"]["WEST"]["adjective"] == "WGÛ"


@pytest.mark.parametrize("name,code", [("日本", "VK688"), ("Œland", "VK688"), ("Ã¼", "VK771")])
def test_dpjudge_refuses_what_latin1_cannot_carry_or_reads_otherwise(tmp_path, name, code):
    """A letter beyond Latin-1 cannot be written; 'Ã¼' in Latin-1 is the
    UTF-8 of 'ü', which variantkit's reader (UTF-8 first) would read."""
    out = tmp_path / "x.map"
    report = formats()["dpjudge"].export(renamed(TUTORIAL, name), str(out))
    assert code in {p.code for p in report.problems} and not out.exists()
    assert formats()["diplomacy"].export(renamed(TUTORIAL, name), str(out)).ok  # the package reads UTF-8


@pytest.mark.parametrize("power", ["?>", "<!--", "-"])
def test_a_power_named_without_letters_reads_back_from_jdip(tmp_path, power):
    """jDip reads a power named '?>' (its own loader, in the property test);
    variantkit's jDip reader keyed powers by their letters and lost its
    starting centres, so the read-back refused it (VK771)."""
    out = tmp_path / "jd"
    v = replace(TUTORIAL, powers=(replace(TUTORIAL.powers[0], name=power),) + TUTORIAL.powers[1:])
    report = formats()["jdip"].export(v, str(out))
    assert report.ok, [str(p) for p in report.problems if p.severity == "error"]
    back, _ = formats()["jdip"].read(str(out / "variants.xml"))
    assert sorted(back.powers[0].starting_centers) == sorted(v.powers[0].starting_centers)
