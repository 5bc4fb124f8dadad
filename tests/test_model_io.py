"""The variant file: canonical save, load, round trip."""
from variantkit.graph import Graph
from variantkit.io import load, save
from variantkit.model import (Coast, Crossing, Edge, Power, Province, Rules, Terrain, Unit, UnitType,
                              Variant)


def tiny() -> Variant:
    return Variant(
        "tiny", "Tiny",
        provinces=(Province("bre", "Brest", Terrain.COAST, center=True),
                   Province("mao", "Mid-Atlantic Ocean", Terrain.WATER, aliases=("mid",)),
                   Province("par", "Paris", Terrain.LAND, center=True),
                   Province("spa", "Spain", Terrain.COAST,
                            coasts=(Coast("nc", "North Coast"), Coast("sc", "South Coast")))),
        edges=(Edge("bre", "mao", Crossing.FLEET), Edge("bre", "par", Crossing.ARMY),
               Edge("bre", "spa", Crossing.ARMY), Edge("mao", "spa/nc", Crossing.FLEET)),
        powers=(Power("france", "France", "French", "F", "#2050ff", ("bre", "par"),
                      (Unit.parse("A par"), Unit.parse("F bre"))),),
        rules=Rules(victory=2, options={"convoy_fallback": False}))


def test_save_load_reproduces_file_byte_for_byte(tmp_path):
    path = tmp_path / "variant.yaml"
    save(tiny(), str(path))
    text = path.read_text()
    assert text.startswith("# yaml-language-server: $schema=")
    loaded = load(str(tmp_path))
    assert loaded.report.problems == []
    assert loaded.variant == tiny()
    save(loaded.variant, str(path))
    assert path.read_text() == text


def test_graph_moves_follow_terrain_and_coasts():
    g = Graph(tiny())
    assert g.to_json()["locations"]["mao"]["fleet_moves"] == ["bre", "spa/nc"]
    assert g.to_json()["locations"]["spa"]["fleet_may_stand"] is False
    assert "spa" in g.to_json()["locations"]["bre"]["army_moves"]


def test_edge_modifiers_round_trip_and_strait_keeps_its_spelling(tmp_path):
    v = tiny()
    v = v.with_(edges=v.edges + (Edge("mao", "par", Crossing.ARMY, strait=True),
                                 Edge("par", "spa", Crossing.ARMY, modifier=-2),
                                 Edge("mao", "spa", Crossing.ARMY, modifier=1)))
    by_pair = {(e.a, e.b): e for e in v.edges}
    # strait alone is the -1 case; any negative modifier is a strait
    assert by_pair[("mao", "par")].modifier == -1
    assert by_pair[("par", "spa")].strait and not by_pair[("mao", "spa")].strait
    path = tmp_path / "variant.yaml"
    save(v, str(path))
    text = path.read_text()
    assert "{a: mao, b: par, units: army, strait: true}" in text
    assert "{a: par, b: spa, units: army, modifier: -2}" in text
    assert "{a: mao, b: spa, units: army, modifier: 1}" in text
    loaded = load(str(tmp_path))
    assert set(loaded.variant.edges) == set(v.edges)
    g = Graph(loaded.variant)
    assert g.modifier(UnitType.ARMY, "spa", "par") == -2
    assert g.modifier(UnitType.ARMY, "par", "bre") == 0
