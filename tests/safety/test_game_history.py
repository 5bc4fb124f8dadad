"""Integrity (issue 21): a saved game is checked against its own history and
the variant. The history is played again from the start; a position moved
by hand (another power's units, a centre), an order rewritten, a phase
renamed or dropped, is VK416 naming the field, never accepted."""
from __future__ import annotations

import json
import random

import pytest

from tests.conftest import MAPS
from tests.safety.test_corpus import run_in_process
from variantkit.io import load
from variantkit.io.game_file import dump_game, load_game
from variantkit.rules.fuzz import random_orders
from variantkit.rules.game import Game

STANDARD = str(MAPS / "standard")


@pytest.fixture(scope="module")
def saved(tmp_path_factory):
    """Six years of a seeded random game of the standard map: moves,
    retreats, builds, disbands and civil disorder, as play --save writes it."""
    v = load(STANDARD).variant
    game = Game.new(v)
    rng = random.Random(1)
    while game.state.phase.year < 1907 and not game.over:
        game.process(random_orders(game, rng))
    path = tmp_path_factory.mktemp("game") / "game.json"
    dump_game(game, str(path))
    rec = json.loads(path.read_text())
    kinds = {h["phase"][-1] for h in rec["history"]}
    assert kinds == {"M", "R", "A"}, kinds  # every kind of phase is in the history checked
    return v, rec


def check(tmp_path, v, rec):
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(rec))
    _, problems = load_game(v, str(path))
    return path, problems


def test_a_saved_game_reads_back_clean(tmp_path, saved):
    v, rec = saved
    assert check(tmp_path, v, rec)[1] == []


def test_another_powers_unit_moved_in_the_position(tmp_path, saved):
    v, rec = saved
    rec = json.loads(json.dumps(rec))
    units = rec["position"]["units"]
    power = sorted(units)[0]
    free = next(p.id for p in v.provinces if p.terrain.value == "land"
                and all(p.id not in u for us in units.values() for u in us))
    army = next(i for i, u in enumerate(units[power]) if u.startswith("A "))
    moved = units[power][army]
    units[power][army] = f"A {free}"
    path, problems = check(tmp_path, v, rec)
    (p,) = problems
    assert p.code == "VK416" and p.file == str(path)
    assert p.message.startswith(f"position: units of {power}: A {free} not there; {moved} missing")


def test_a_centre_given_to_another_power(tmp_path, saved):
    v, rec = saved
    rec = json.loads(json.dumps(rec))
    centers = rec["position"]["centers"]
    rich, poor = sorted(centers, key=lambda p: -len(centers[p]))[:2]
    centers[poor].append(centers[rich].pop())
    (p,) = check(tmp_path, v, rec)[1]
    assert p.code == "VK416" and p.message.startswith("position: centers of ")


def test_an_order_rewritten_in_the_history(tmp_path, saved):
    v, rec = saved
    rec = json.loads(json.dumps(rec))
    # the first movement phase in which some unit moved: it is made to hold
    def moves(h):
        return [r for r in h["results"] if " - " in r["order"] and r["outcome"] == "succeeds"]
    i = next(i for i, h in enumerate(rec["history"]) if h["phase"].endswith("M") and moves(h))
    moved = moves(rec["history"][i])[0]
    unit = " ".join(moved["order"].split(" - ")[0].split()[-2:])
    moved["order"] = f"{unit} H"
    (p,) = check(tmp_path, v, rec)[1]
    assert p.code == "VK416" and p.message.startswith(f"history[{i + 1}].position: ")


@pytest.mark.parametrize("edit", ["renamed", "dropped"])
def test_a_phase_renamed_or_dropped(tmp_path, saved, edit):
    v, rec = saved
    rec = json.loads(json.dumps(rec))
    if edit == "renamed":
        rec["history"][3]["phase"] = "S1950M"
        where = "history[3].phase: S1950M where the game was at "
    else:
        del rec["history"][3]
        where = "history[3]."
    (p,) = check(tmp_path, v, rec)[1]
    assert p.code == "VK416" and p.message.startswith(where)


def test_a_later_position_without_its_history(tmp_path, saved):
    v, rec = saved
    rec = dict(rec, history=[])
    (p,) = check(tmp_path, v, rec)[1]
    assert p.code == "VK416" and "no phase played before it" in p.message


def test_the_commands_refuse_an_edited_game(tmp_path, saved):
    v, rec = saved
    rec = json.loads(json.dumps(rec))
    rec["history"][0]["position"]["units"]["france"] = ["A bur", "F bre", "A mar"]
    path = tmp_path / "edited.json"
    path.write_text(json.dumps(rec))
    code, out, err = run_in_process(["options", STANDARD, "--game", str(path)], None)
    assert code != 0 and f"{path}: error VK416: history[0].position: units of france" in err
    assert "Traceback" not in err and out == ""
