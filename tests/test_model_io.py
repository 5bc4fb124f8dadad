"""The variant file: canonical save, load, round trip."""
from variantkit.graph import Graph
from variantkit.io import load, save
from variantkit.model import (Coast, Crossing, Edge, Power, Province, Rules, Terrain, Unit,
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
