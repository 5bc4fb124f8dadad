"""The tutorial variant: drawn by the project, every feature in it, and it plays."""
import importlib.util
from pathlib import Path

from variantkit.cli import main
from variantkit.graph import Graph
from variantkit.io import load
from variantkit.model import Terrain, UnitType

ROOT = Path(__file__).resolve().parents[1]


def test_every_feature_is_there():
    v = load(str(ROOT / "maps" / "tutorial")).variant
    p = {x.id: x for x in v.provinces}
    assert {c.id for c in p["mid"].coasts} == {"nc", "sc"}                  # a two-coast province
    assert p["alp"].terrain is Terrain.IMPASSABLE                            # an impassable space
    assert p["oba"].offboard and p["obb"].offboard                           # off-board boxes
    assert p["cnl"].inside == "est" and p["cnl"].terrain is Terrain.WATER    # water inside land
    assert p["frz"].passable_in == ("spring",)                               # a seasonal space
    assert p["isl"].terrain is Terrain.COAST                                 # an island
    assert [(e.a, e.b) for e in v.edges if e.strait] == [("isl", "wst")]     # a strait
    assert "col" in v.power("west").homes                                    # a colony
    g = Graph(v, "spring")
    assert "isl" not in g.moves(UnitType.FLEET, "wst") and "isl" in g.moves(UnitType.ARMY, "wst")
    assert "frz" not in Graph(v, "fall").moves(UnitType.FLEET, "nsea")
    assert v.art == "map.svg" and (ROOT / "maps" / "tutorial" / "map.svg").exists()


def test_it_validates_and_plays(capsys):
    assert main(["validate", str(ROOT / "maps" / "tutorial")]) == 0
    assert main(["fuzz", str(ROOT / "maps" / "tutorial"), "--years", "30", "--games", "5"]) == 0


def test_the_file_is_what_the_script_makes(tmp_path, monkeypatch):
    spec = importlib.util.spec_from_file_location("make_tutorial", ROOT / "scripts" / "make_tutorial.py")
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    monkeypatch.setattr(script, "ROOT", str(tmp_path))
    script.build()
    made = (tmp_path / "maps" / "tutorial" / "variant.yaml").read_text().split("\n", 1)[1]
    assert made == (ROOT / "maps" / "tutorial" / "variant.yaml").read_text().split("\n", 1)[1]
