"""`variantkit import jdip` on every variant of jDip's own variants.xml files in
the reference corpus: each writes a variant that loads, or is refused with
located errors and nothing written.  What each reads is checked against the
lines of the files themselves."""
import json

import pytest
from lxml import etree

from variantkit.cli import main
from variantkit.formats.jdip import read
from variantkit.validate import load_checked

REFUSED = {"Modern (with Wings)": "VK717"}  # wing units: variantkit has armies and fleets


def corpus(reference):
    out = []
    for vx in sorted((reference / "corpus" / "jdip").glob("*/variants.xml")):
        for var in etree.parse(str(vx)).getroot().iter("VARIANT"):
            out.append((vx.parent, var.get("name")))
    return out


def test_every_jdip_variant_imports_and_loads_or_is_refused(reference, tmp_path, capsys):
    cases = corpus(reference)
    assert len(cases) >= 20
    for n, (folder, name) in enumerate(cases):
        out = tmp_path / str(n)
        code = main(["import", "jdip", str(folder), "--variant", name, "--json", "-o", str(out)])
        printed = json.loads(capsys.readouterr().out or "[]")
        if name in REFUSED:
            assert code == 1 and not (out / "variant.yaml").exists(), name
            assert {p["code"] for p in printed if p["severity"] == "error"} == {REFUSED[name]}
            assert all(p["line"] for p in printed if p["severity"] == "error")
            continue
        assert code == 0, (name, printed)
        loaded = load_checked(str(out))
        assert loaded.report.ok, (name, [str(p) for p in loaded.report.errors])
        assert loaded.variant.name == name


def variant(reference, folder, name):
    v, problems = read(str(reference / "corpus" / "jdip" / folder), name)
    assert not [p for p in problems if p.severity == "error"], problems
    return v, problems


def test_a_power_named_by_its_other_name(reference):
    # std: <POWER name="England" altnames="Britain"/>, its centres and units say homepower/power "britain"
    v, _ = variant(reference, "stdVariants", "Standard")
    england = v.power("england")
    assert sorted(england.homes) == ["edi", "lon", "lvp"]
    assert sorted(map(str, england.units)) == ["A lvp", "F edi", "F lon"]


def test_provinces_named_by_a_unique_name(reference):
    # asia: <INITIALSTATE province="bei" power="china"/>, "bei" a UNIQUENAME of a province
    adjacency = etree.parse(str(reference / "corpus" / "jdip" / "asia" / "asia_adjacency.xml")).getroot()
    owner = {u.get("name"): p.get("shortname") for p in adjacency.iter("PROVINCE") for u in p.iter("UNIQUENAME")}
    v, _ = variant(reference, "asia", "Asia")
    assert owner["bei"] in {u.location for u in v.power("china").units}
    assert owner["wes"] in {u.location for u in v.power("siberia").units}


def test_a_province_listed_as_its_own_neighbour(reference):
    # milan: nwy's fleet list names "nor", one of nwy's own unique names
    v, _ = variant(reference, "milan", "Milan")
    assert not [e for e in v.edges if e.a.split("/")[0] == e.b.split("/")[0]]


def test_fall_adjustments_and_builds_in_any_owned_centre(reference):
    # chaos: turn="Fall, 1900, Adjustment", OPTION_BUILDS=VALUE_BUILDS_ANY_OWNED
    v, _ = variant(reference, "chaos", "Chaos")
    assert v.rules.start == "W1900A" and v.rules.options == {"build_any": True}


def test_centres_nobody_owns_at_the_start(reference):
    # Shift-Left: SUPPLYCENTER has homepower but no owner (jDip's default "none")
    v, _ = variant(reference, "stdVariants", "Shift-Left")
    assert all(p.centers == () and p.homes for p in v.powers)


def test_inactive_powers_and_the_game_length_are_reported(reference):
    v, problems = variant(reference, "stdVariants", "Standard (6 Players)")
    assert "italy" in {p.id for p in v.powers}
    codes = {(p.code, p.line) for p in problems}
    assert ("VK719", 269) in codes and any(c == "VK675" for c, _ in codes)  # inactive power, game length
    assert v.rules.draw_after_static_falls == 7  # YEARS_WITHOUT_SC_CAPTURE


VARIANTS = """<?xml version="1.0"?>
<VARIANTS><VARIANT name="T" version="1"><DESCRIPTION>t</DESCRIPTION>
<MAP adjacencyURI="{adjacency}"/>
<POWER name="France" active="true" adjective="French"/>
<POWER name="Germany" active="true" adjective="German"/>
<STARTINGTIME turn="{turn}"/>
<VICTORYCONDITIONS><WINNING_SUPPLY_CENTERS value="18"/></VICTORYCONDITIONS>
<SUPPLYCENTER province="par" homepower="france" owner="france"/>
<SUPPLYCENTER province="ber" homepower="germany" owner="germany"/>
{extra}
</VARIANT></VARIANTS>
"""


@pytest.fixture
def trusted(reference, monkeypatch):
    """The small variants below name jDip's standard adjacency where it lies: trusted."""
    monkeypatch.setenv("VARIANTKIT_TRUST", str(reference / "formats" / "jdip"))


def small(reference, tmp_path, turn="Spring, 1901, Movement", extra=""):
    adjacency = reference / "formats" / "jdip" / "std_adjacency.xml"
    (tmp_path / "variants.xml").write_text(VARIANTS.format(adjacency=adjacency, turn=turn, extra=extra))
    return read(str(tmp_path))


@pytest.mark.parametrize("turn,start", [
    ("Spring 401 Movement", "S401M"), ("Spring 1994 Movement", "S1994M"),
    ("Spring, 1898 Movement", "S1898M"), ("Fall, 1900, Adjustment", "W1900A"), ("Fall, 1,901, Retreat", None),
    ("Summer, 1901, Movement", None), ("Spring, 1901, Adjustment", None)])
def test_starting_turns(reference, trusted, tmp_path, turn, start):
    v, problems = small(reference, tmp_path, turn)
    errors = [p for p in problems if p.severity == "error"]
    if start is None:
        assert [p.code for p in errors] == ["VK729"] and errors[0].line == 6
    else:
        assert errors == [] and v.rules.start == start


@pytest.mark.parametrize("extra,code", [
    ('<INITIALSTATE province="xyz" power="france" unit="army"/>', "VK673"),
    ('<INITIALSTATE province="par" power="spain" unit="army"/>', "VK674"),
    ('<INITIALSTATE province="par" power="france" unit="wing"/>', "VK717"),
    ('<SUPPLYCENTER province="qqq" homepower="france"/>', "VK673")])
def test_what_names_nothing_is_refused_at_its_line(reference, trusted, tmp_path, extra, code):
    _, problems = small(reference, tmp_path, extra=extra)
    errors = [(p.code, p.line) for p in problems if p.severity == "error"]
    assert errors == [(code, 10)]


def test_the_drawing_comes_with_the_import_and_gives_the_colours(reference, tmp_path):
    """jDip keeps a variant's drawing beside variants.xml (MAP_GRAPHIC -> MAP_DEFINITION
    URI) and the powers' colours in its style sheet: both come along."""
    from variantkit.io import load
    out = tmp_path / "yt"
    assert main(["import", "jdip", str(reference / "jdip"), "-o", str(out)]) == 0
    assert (out / "youngstown.svg").read_bytes() == (reference / "jdip" / "youngstown.svg").read_bytes()
    v = load(str(out)).variant
    assert v.art == "youngstown.svg"
    # the style sheet's own lines, read here apart: .austria {fill:salmon ...}
    text = (reference / "jdip" / "youngstown.svg").read_text()
    assert ".austria" in text and "salmon" in text.split(".austria", 1)[1].split("}", 1)[0]
    assert v.power("austria").colour == "#fa8072"  # salmon
    assert all(p.colour for p in v.powers)


def test_a_drawing_not_beside_variants_xml_is_left_out_and_said(reference, tmp_path):
    text = (reference / "jdip" / "variants.xml").read_text()
    (tmp_path / "variants.xml").write_text(text.replace('URI="youngstown.svg"', 'URI="../elsewhere/y.svg"'))
    (tmp_path / "youngstown_adjacency.xml").write_bytes((reference / "jdip" / "youngstown_adjacency.xml").read_bytes())
    v, problems = read(str(tmp_path))
    assert v.art is None and not any(p.colour for p in v.powers)
    said = [p for p in problems if p.code == "VK746"]
    assert len(said) == 1 and said[0].severity == "warning" and said[0].line
    # jDip's other DTD names the drawing on a GRAPHIC element
    (tmp_path / "youngstown.svg").write_bytes((reference / "jdip" / "youngstown.svg").read_bytes())
    (tmp_path / "variants.xml").write_text(text.replace('<MAP_GRAPHIC ref="yt" default="true" />',
                                                        '<GRAPHIC uri="youngstown.svg" default="true" title="Y" '
                                                        'description="" thumburi="" />'))
    v, problems = read(str(tmp_path))
    assert v.art == str(tmp_path / "youngstown.svg") and not [p for p in problems if p.code == "VK746"]
