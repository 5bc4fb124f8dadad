"""The DPjudge .map reader: directives, letter case, modifiers, and bad input."""
import json
import textwrap

import pytest

from variantkit.cli import main
from variantkit.graph import Graph
from variantkit.io import load
from variantkit.formats.dpjudge import read_dpjudge
from variantkit.model import Crossing, Terrain, UnitType
from variantkit.problems import UnusableInput

SMALL = """\
# a small map in DPjudge's format
Paris = par paris
Brest = bre
Gascony = gas gascogne
Spain = spa
Spain (north coast) = spa/nc spa(nc) spain+north
Spain (south coast) = spa/sc
Mid-Atlantic Ocean = mao mid mid+atlantic
Western Mediterranean = wes
Island = isl
Switzerland = swi
LAND  PAR ABUTS BRE GAS SWI
COAST BRE ABUTS PAR gas MAO
COAST GAS ABUTS PAR bre spa SPA/NC MAO
COAST SPA/NC ABUTS GAS MAO
COAST SPA/SC ABUTS WES MAO
COAST spa ABUTS gas MAO WES isl~
WATER MAO ABUTS BRE GAS SPA/NC SPA/SC WES
WATER WES ABUTS SPA/SC MAO ISL
COAST ISL ABUTS WES spa~
SHUT  SWI ABUTS PAR
FRANCE (FRENCH) PAR BRE
A PAR
F BRE
SPAIN (SPANISH:E) GAS
F SPA/SC
UNOWNED ISL SPA
VICTORY 3
RULE HIBERNATE
"""


def write(tmp_path, text, name="small.map"):
    path = tmp_path / name
    path.write_text(textwrap.dedent(text))
    return path


def test_small_map(tmp_path):
    res = read_dpjudge(str(write(tmp_path, SMALL)))
    assert [p for p in res.problems if p.severity == "error"] == []
    v = res.variant
    g = Graph(v)
    assert v.province("spa").coasts[0].id == "nc" and "spain north" in v.province("spa").coasts[0].aliases
    assert v.province("mao").aliases == ("mid", "mid atlantic")
    assert v.province("swi").terrain is Terrain.IMPASSABLE
    assert sorted(g.moves(UnitType.ARMY, "gas")) == ["bre", "par", "spa"]
    assert sorted(g.moves(UnitType.FLEET, "gas")) == ["mao", "spa/nc"]
    # lower case: armies only (bre - gas); the main space of spa takes no fleet
    assert "gas" not in g.moves(UnitType.FLEET, "bre") and not g.may_stand(UnitType.FLEET, "spa")
    strait = [e for e in v.edges if e.strait]
    assert [(e.a, e.b, e.units) for e in strait] == [("isl", "spa", Crossing.ARMY)]
    spain = v.power("spain")
    assert (spain.letter, spain.adjective, spain.homes) == ("E", "Spanish", ("gas",))
    assert [str(u) for u in spain.units] == ["F spa/sc"]
    assert sorted(v.centers) == ["bre", "gas", "isl", "par", "spa"]
    assert v.rules.victory == 3 and v.rules.options == {"hibernate": True}


def test_use_drop_amend_rename_and_seasons(tmp_path):
    write(tmp_path, SMALL)
    path = write(tmp_path, """\
        USE small
        FLAGS something
        Arctic = arc
        IN SPRING: WATER ARC
        SHUT ARC ABUTS MAO
        AMEND MAO ABUTS ARC -WES
        AMEND WES ABUTS -MAO
        DROP SWI
        PAR -> Lutetia = lut paris
        FRANCE
        A LUT
        """, "derived.map")
    res = read_dpjudge(str(path))
    v = res.variant
    assert v.province("swi") is None and v.province("par") is None
    lut = v.province("lut")
    # DPjudge renames at once and drops the old names: only the new line's aliases remain
    assert lut.name == "Lutetia" and lut.aliases == ("paris",)
    assert [str(u) for u in v.power("france").units] == ["F bre", "A lut"]
    assert v.province("arc").passable_in == ("spring",)
    assert "arc" in Graph(v, "spring").moves(UnitType.FLEET, "mao")
    assert "arc" not in Graph(v, "fall").moves(UnitType.FLEET, "mao")
    assert "wes" not in Graph(v).moves(UnitType.FLEET, "mao")
    codes = [(p.code, p.line) for p in res.problems]
    assert ("VK610", 2) in codes  # FLAGS: reported, not dropped silently


def test_modifiers_that_the_model_cannot_hold_are_reported(tmp_path):
    path = write(tmp_path, """\
        Aa = aaa
        Bb = bbb
        Cc = ccc
        COAST AAA ABUTS BBB*
        COAST BBB ABUTS AAA CCC(AAA)
        PORT  CCC ABUTS :AAA EF:BBB
        ENGLAND (ENGLISH) AAA
        FRANCE (FRENCH) BBB
        """)
    res = read_dpjudge(str(path))
    codes = {p.code for p in res.problems}
    assert {"VK619", "VK620"} <= codes and "VK622" not in codes  # a PORT is read as a port
    assert res.variant.province("ccc").port
    restricted = [e for e in res.variant.edges if e.powers]
    assert restricted and set(restricted[0].powers) == {"england", "france"}
    assert any(e.oneway for e in res.variant.edges)


@pytest.mark.parametrize("text,code,line", [
    ("LAND\n", "VK646", 1),
    ("Aa = aaa\nLAND AAA NEAR BBB\n", "VK607", 2),
    ("Aa = aaa\nLAND AAA ABUTS B@D\n", "VK609", 2),
    ("AMEND XXX ABUTS YYY\n", "VK608", 1),
    ("A PAR\n", "VK614", 1),
    ("VICTORY many\n", "VK641", 1),
    ("BEGIN SUMMER 1901\n", "VK603", 1),
    ("Aa = aaa\nLAND AAA ABUTS ZZZ\n", "VK617", 2),
    ("USE missing\n", "VK601", 1),
    ("@@@ what\n", "VK604", 1),
    ("Aa =\n", "VK605", 1),
    ("= nothing\n", "VK605", 1),
    ("USE self\n", "VK602", 1),
])
def test_malformed_lines_give_coded_problems_with_lines(tmp_path, text, code, line):
    path = write(tmp_path, text, "self.map")
    res = read_dpjudge(str(path))
    found = [(p.code, p.line) for p in res.problems]
    assert (code, line) in found, found
    assert all(p.file for p in res.problems)


def test_unreadable_files(tmp_path):
    with pytest.raises(UnusableInput):
        read_dpjudge(str(tmp_path / "absent.map"))
    binary = tmp_path / "b.map"
    binary.write_bytes(b"\x00\x01\x02")
    with pytest.raises(UnusableInput):
        read_dpjudge(str(binary))


def test_import_command_writes_a_valid_variant(tmp_path, capsys):
    src = write(tmp_path, SMALL)
    out = tmp_path / "out"
    assert main(["import", "dpjudge", str(src), "-o", str(out)]) == 0
    loaded = load(str(out))
    assert loaded.variant.id == "small" and loaded.report.problems == []
    assert main(["validate", str(out)]) == 0


def test_import_command_refuses_a_map_with_errors(tmp_path, capsys):
    src = write(tmp_path, "Aa = aaa\nLAND AAA ABUTS ZZZ\n")
    assert main(["import", "dpjudge", "--json", str(src), "-o", str(tmp_path / "out")]) == 1
    problems = json.loads(capsys.readouterr().out)
    assert ("VK617", 2) in [(p["code"], p["line"]) for p in problems]
    assert not (tmp_path / "out" / "variant.yaml").exists()


def test_reference_maps_report_only_what_they_cannot_say(reference):
    """Youngstown's ambiguous 'tyr?' and Loeb9's FLAGS line: nothing else."""
    got = {}
    for name in ("standard", "youngstown", "loeb9"):
        res = read_dpjudge(str(reference / "dpjudge" / f"{name}.map"))
        got[name] = sorted(p.code for p in res.problems)
    assert got == {"standard": [], "youngstown": ["VK624"], "loeb9": ["VK610"]}
