"""variantkit adjudicate (the JSON contract), play and fuzz."""
import io
import json

import pytest

from variantkit.cli import main
from variantkit.io import load

from tests.conftest import MAPS


def adjudicate(monkeypatch, capsys, variant, rec):
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(rec)))
    code = main(["adjudicate", "--variant", str(MAPS / variant)])
    out = capsys.readouterr()
    return code, (json.loads(out.out) if out.out else None), out.err


def test_contract_movement_then_retreat(monkeypatch, capsys):
    rec = {"phase": "S1901M",
           "units": {"france": ["A mar", "A bur"], "germany": ["A gas"], "italy": ["A pie"]},
           "centers": {"france": ["mar"]},
           "orders": {"france": ["A bur - mar"], "germany": ["A gas - mar"], "italy": ["A pie S A gas - mar"]}}
    code, out, err = adjudicate(monkeypatch, capsys, "standard", rec)
    assert code == 0, err
    assert out["phase"] == "S1901R"
    assert out["dislodged"] == {"france": [{"unit": "A mar", "attacker_from": "gas"}]}
    assert out["units"] == {"france": ["A bur"], "germany": ["A mar"], "italy": ["A pie"]}
    results = {r["order"]: (r["outcome"], r["reason"]) for r in out["results"]}
    assert results["A gas - mar"] == ("succeeds", "")
    assert results["A bur - mar"][0] == "fails"
    # typed codes with parameters beside the words: the French army in Burgundy
    # may not dislodge its own army in Marseilles, which Gascony dislodges
    coded = {r["order"]: (r["code"], r["params"]) for r in out["results"]}
    assert coded["A gas - mar"] == ("ok", {})
    assert coded["A bur - mar"] == ("own_unit", {"at": "mar"})
    assert coded["A mar H"] == ("dislodged", {"by": "gas"})
    retreat = dict(out, orders={"france": ["A mar - spa"]})
    code, out, _ = adjudicate(monkeypatch, capsys, "standard", retreat)
    assert out["phase"] == "F1901M" and "A spa" in out["units"]["france"]


def test_illegal_orders_have_reasons(monkeypatch, capsys):
    rec = {"phase": "S1901M", "units": {"england": ["A lvp", "F nth"]}, "centers": {},
           "orders": {"england": ["A lvp - iri", "F nth - pic", "A lvp - xyz"]}}
    _, out, _ = adjudicate(monkeypatch, capsys, "standard", rec)
    results = {r["order"]: r for r in out["results"]}
    assert results["A lvp - iri"]["outcome"] == "illegal"
    assert results["A lvp - iri"]["reason"] == "armies cannot enter water: Irish Sea"
    assert results["F nth - pic"]["outcome"] == "illegal"
    assert "xyz" in results["A lvp - xyz"]["reason"]
    assert (results["A lvp - iri"]["code"], results["A lvp - iri"]["params"]) == \
        ("army_into_water", {"name": "Irish Sea"})
    assert (results["F nth - pic"]["code"], results["F nth - pic"]["params"]) == \
        ("not_adjacent", {"src": "nth", "dest": "pic"})
    assert results["A lvp - xyz"]["code"] == "unreadable"
    assert out["units"] == {"england": ["A lvp", "F nth"]}


def test_fall_updates_centres_and_goes_to_winter(monkeypatch, capsys):
    rec = {"phase": "F1901M", "units": {"france": ["A bur"]}, "centers": {"france": ["par"]},
           "orders": {"france": ["A bur - bel"]}}
    _, out, _ = adjudicate(monkeypatch, capsys, "standard", rec)
    assert out["centers"] == {"france": ["bel", "par"]} and out["phase"] == "W1901A"


def test_bad_input_is_reported_not_raised(monkeypatch, capsys):
    monkeypatch.setattr("sys.stdin", io.StringIO("{not json"))
    assert main(["adjudicate", "--variant", str(MAPS / "standard")]) == 2
    assert "VK400" in capsys.readouterr().err
    code, _, err = adjudicate(monkeypatch, capsys, "standard",
                              {"phase": "S1901M", "units": {"atlantis": ["A par"], "france": ["A xyz"]}})
    assert code == 2 and "atlantis" in err and "xyz" in err


def test_play_a_scripted_game(tmp_path, capsys):
    script = tmp_path / "game.txt"
    script.write_text("S1901M\nFrance: A par - bur\nGermany: A mun - bur\n"
                      "F1901M\nFrance: A par - pic\n")
    saved = tmp_path / "game.json"
    assert main(["play", str(MAPS / "standard"), "--orders", str(script), "--save", str(saved)]) == 0
    out = capsys.readouterr().out
    assert "france: A par - bur: fails (bounced at bur)" in out and "== F1901M" in out
    game = json.loads(saved.read_text())
    assert [h["phase"] for h in game["history"]] == ["S1901M", "F1901M"]
    assert "A pic" in game["position"]["units"]["france"]


def test_saved_game_loads_back(tmp_path):
    from variantkit.io import load
    from variantkit.io.game_file import dump_game, game_to_record, load_game
    from variantkit.rules.game import Game
    v = load(str(MAPS / "youngstown")).variant
    game = Game.new(v)
    orders, bad = game.parse({"japan": ["F tok - npo"], "india": ["A del - afg"]})
    game.process(orders, bad)
    for ext in ("json", "yaml"):
        path = tmp_path / f"g.{ext}"
        dump_game(game, str(path))
        again, problems = load_game(v, str(path))
        assert problems == [] and game_to_record(again) == game_to_record(game)


@pytest.mark.parametrize("variant", ["standard", "youngstown", "youngstown/no-omsk-fleets", "loeb9"])
def test_fuzz_200_years_runs_clean(variant, capsys):
    assert main(["fuzz", str(MAPS / variant), "--years", "200", "--seed", "7"]) == 0
    assert "0 problem(s)" in capsys.readouterr().out


def test_options_command_lists_a_powers_legal_orders(tmp_path, capsys):
    from variantkit.io.game_file import dump_game
    from variantkit.rules.game import Game
    v = load(str(MAPS / "standard")).variant
    path = tmp_path / "game.json"
    dump_game(Game.new(v), str(path))
    assert main(["options", str(MAPS / "standard"), "--game", str(path), "--power", "France"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["phase"] == "S1901M" and list(out["options"]) == ["france"]
    france = out["options"]["france"]
    assert sorted(france) == ["bre", "mar", "par"]
    assert {"A par H", "A par - bur", "A par - gas", "A par - pic", "A par - bre"} <= set(france["par"])
    assert "A mar S A par - bur" in france["mar"] and "A mar S A par - gas" in france["mar"]
    assert "F bre - mao" in france["bre"] and "A par - mar" not in france["par"]
    # every unit of every power when no power is named: 22 units in 1901
    assert main(["options", str(MAPS / "standard"), "--game", str(path)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert sum(len(by) for by in out["options"].values()) == 22


def test_options_command_bad_input_is_a_located_error(tmp_path, capsys):
    assert main(["options", str(MAPS / "standard"), "--game", str(tmp_path / "none.json")]) == 2
    assert "VK400" in capsys.readouterr().err  # a game file that cannot be read
    bad = tmp_path / "bad.json"
    bad.write_text('{"position": [}')
    assert main(["options", str(MAPS / "standard"), "--game", str(bad)]) == 2
    assert f"{bad}:1:" in capsys.readouterr().err
    from variantkit.io.game_file import dump_game
    from variantkit.rules.game import Game
    good = tmp_path / "game.json"
    dump_game(Game.new(load(str(MAPS / "standard")).variant), str(good))
    assert main(["options", str(MAPS / "standard"), "--game", str(good), "--power", "Narnia"]) == 2
    assert "VK412" in capsys.readouterr().err
