"""The bundled variants equal the reference graphs, and stay what the script makes."""
import importlib.util
import json
from pathlib import Path

import pytest
from lxml import etree

from variantkit.cli import main
from variantkit.graph import Graph
from variantkit.io import dumps, load
from variantkit.io.variant_file import schema_ref_for
from variantkit.model import UnitType
from variantkit.names import NameIndex

ROOT = Path(__file__).resolve().parents[1]
MAPS = ROOT / "maps"
BUNDLED = ["standard", "youngstown", "youngstown/no-omsk-fleets", "loeb9"]


def variant(name):
    loaded = load(str(MAPS / name))
    assert loaded.report.problems == [], loaded.report.problems
    return loaded.variant


def derived(reference, name):
    return json.loads((reference / "derived" / f"{name}.dpjudge_resolved.json").read_text())


@pytest.mark.parametrize("name,ref,season", [
    ("standard", "standard", None), ("youngstown", "youngstown", None),
    ("loeb9", "loeb9.spring", "spring"), ("loeb9", "loeb9.fall_winter", "fall")])
def test_graph_equals_dpjudge(reference, name, ref, season):
    expected = derived(reference, ref)
    graph = Graph(variant(name), season).to_json()
    locations = {k.lower(): v for k, v in expected["locations"].items()}
    assert set(graph["locations"]) == set(locations)
    for lid, exp in locations.items():
        ours = graph["locations"][lid]
        assert ours["army_moves"] == sorted(m.lower() for m in exp["army_moves"]), lid
        assert ours["fleet_moves"] == sorted(m.lower() for m in exp["fleet_moves"]), lid
        assert ours["army_may_stand"] == exp["army_can_occupy"], lid
        assert ours["fleet_may_stand"] == exp["fleet_can_occupy"] or \
            (exp["type"] == "SHUT" and not ours["fleet_may_stand"]), lid
    assert graph["supply_centers"] == sorted(c.lower() for c in expected["supply_centers"])
    assert graph["victory"] == (expected["victory"] or expected["victory_default"])
    assert set(graph["powers"]) == {p.lower() for p in expected["powers"]}
    for pid, exp in expected["powers"].items():
        ours = graph["powers"][pid.lower()]
        assert ours["letter"] == exp["abbrev"]
        assert ours["adjective"].upper() == exp["ownWord"]
        assert sorted(ours["homes"]) == sorted(h.lower() for h in exp["homes"])
        assert sorted(ours["units"]) == sorted(u[:2] + u[2:].lower() for u in exp["units"])


@pytest.mark.parametrize("name,locations,centres,powers,army,fleet,victory", [
    ("standard", 82, 34, 7, 222, 282, 18),
    ("youngstown", 198, 72, 10, 496, 700, 37),
    ("loeb9", 91, 38, 9, 252, 320, 20),
])
def test_counts(name, locations, centres, powers, army, fleet, victory):
    v = variant(name)
    g = Graph(v, "spring")
    assert (len(g.locations), len(v.centers), len(v.powers)) == (locations, centres, powers)
    assert (g.move_count(UnitType.ARMY), g.move_count(UnitType.FLEET), v.victory) == (army, fleet, victory)


def test_youngstown_special_spaces():
    v = variant("youngstown")
    boxes = sorted(p.id for p in v.provinces if p.offboard)
    assert boxes == [f"ob{c}" for c in "abcdefghijkl"]
    assert v.province("sue").inside == "egy"
    assert sorted(p.id for p in v.provinces if p.terrain.value == "impassable") == ["aci", "cas", "him", "swi"]
    assert {c.id for c in v.province("egy").coasts} == {"ec", "nc"}
    assert v.power("india").letter == "N" and "joh" in v.power("england").homes
    assert v.rules.draw_after_static_falls == 3
    # every alias of the reference files is kept, the jDip codes among them
    assert "eme" in v.province("eas").aliases and "english" in v.province("eng").aliases


def test_loeb9_special_rules():
    v = variant("loeb9")
    arc = v.province("arc")
    assert (arc.terrain.value, arc.passable_in) == ("water", ("spring",))
    straits = sorted((e.a, e.b, e.units.value) for e in v.edges if e.strait)
    assert straits == [("cor", "naf", "army"), ("nap", "sic", "army")]
    assert NameIndex(v).location("den") == "cop" and NameIndex(v).location("Denmark") == "cop"
    assert v.rules.options["hibernate"] is True
    assert v.province("spa") is None and v.power("spain").letter == "S"


def test_subvariant_differs_only_in_omsk(capsys):
    assert main(["diff", str(MAPS / "youngstown"), str(MAPS / "youngstown/no-omsk-fleets")]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "changed province oms: terrain coast -> land",
        "removed fleet edge oms - sib",
        "removed fleet edge oms - stp/nc",
    ]
    sub = variant("youngstown/no-omsk-fleets")
    g = Graph(sub)
    assert not g.may_stand(UnitType.FLEET, "oms") and g.moves(UnitType.FLEET, "sib") >= {"npo", "vla"}
    assert "oms" not in g.moves(UnitType.FLEET, "sib")


@pytest.mark.parametrize("name", BUNDLED)
def test_save_of_load_is_byte_for_byte(name):
    path = MAPS / name / "variant.yaml"
    assert dumps(variant(name), schema_ref_for(str(path))) == path.read_text(encoding="utf-8")


@pytest.mark.parametrize("name", BUNDLED)
def test_bundled_maps_validate(name, capsys):
    assert main(["validate", str(MAPS / name)]) == 0


def test_bundled_files_equal_what_the_script_makes(reference, tmp_path, monkeypatch):
    spec = importlib.util.spec_from_file_location("make_bundled_maps", ROOT / "scripts" / "make_bundled_maps.py")
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    monkeypatch.setattr(script, "ROOT", str(tmp_path))
    (tmp_path / "schemas").mkdir()
    script.main(["make", str(reference)])
    for name in BUNDLED:
        made = (tmp_path / "maps" / name / "variant.yaml").read_text()
        # the schema line is relative to where the file lies: compare the rest
        assert made.split("\n", 1)[1] == (MAPS / name / "variant.yaml").read_text().split("\n", 1)[1], name


def test_jdip_adjacency_agrees_through_aliases(reference):
    """jDip's own Youngstown graph, read through the jDip codes that are aliases here."""
    v = variant("youngstown")
    names = NameIndex(v)
    graph = Graph(v)
    parser = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False)
    root = etree.parse(str(reference / "jdip" / "youngstown_adjacency.xml"), parser).getroot()
    jdip = {UnitType.ARMY: set(), UnitType.FLEET: set()}

    def loc(ref):
        code, _, coast = ref.partition("-")
        found = names.location(f"{code}/{coast}" if coast else code)
        assert found is not None, ref
        return found

    for prov in root.iter("PROVINCE"):
        src = loc(prov.get("shortname"))
        for adj in prov.iter("ADJACENCY"):
            kind = adj.get("type")
            unit = UnitType.ARMY if kind == "mv" else UnitType.FLEET
            here = src if kind in ("mv", "xc") else loc(f"{prov.get('shortname')}-{kind}")
            for ref in adj.get("refs").split():
                there = loc(ref)
                if there == here:  # jDip lists an island's own code where it has no army move
                    continue
                if graph.may_stand(unit, here) and graph.may_stand(unit, there):
                    jdip[unit].add((here, there))
    for unit in UnitType:
        assert jdip[unit] == set(graph.all_moves(unit)), unit
