"""Differential play: random legal games on our exports of standard,
Youngstown and Loeb9, each phase adjudicated by us and by Diplicity's own
engine, the positions compared after every phase.

Where the two differ, the difference must be one the export documents, by
name: a move across a strait (Diplicity has no move modifiers: VK733), into
or out of a seasonal space (always open there: VK735), or a civil disorder
(our default removes by the 2023 rule; Diplicity by the classic one: with
``civil_disorder: classic`` a standard game agrees in every phase).  Each
differing phase is counted under its reason and the game goes on from our
position, so one difference does not hide the next."""
import random
from collections import Counter
from dataclasses import replace

import pytest

from variantkit.formats import formats
from variantkit.io import load
from variantkit.model import split_location
from variantkit.rules.fuzz import random_orders
from variantkit.rules.game import Game
from variantkit.rules.orders import Disband, Move, Remove, Retreat

from tests.conftest import MAPS
from tests.export.diplicity_engine import Engine, our_position, position


def _flattened(v):
    """Provinces whose crossings Diplicity flattens: strait ends, seasonal spaces."""
    strait = {split_location(x)[0] for e in v.edges if e.modifier for x in (e.a, e.b)}
    seasonal = {p.id for p in v.provinces if p.passable_in} | {
        split_location(x)[0] for e in v.edges if e.seasons for x in (e.a, e.b)}
    return strait, seasonal


def _reason(v, game_before, orders, kind):
    """The documented reason a phase may differ, or None."""
    strait, seasonal = _flattened(v)
    touched = set()
    for o in orders:
        if isinstance(o, (Move, Retreat)):
            touched |= {split_location(o.loc)[0], split_location(o.dest)[0]}
    if touched & strait:
        return "strait (VK733)"
    if touched & seasonal or any(split_location(u.loc)[0] in seasonal for u in game_before.state.units.values()):
        return "seasonal space (VK735)"
    if kind == "A":
        s = game_before.state
        for p in v.powers:
            due = len(s.units_of(p.id)) - len(s.centres_of(p.id))
            ordered = sum(1 for o in orders if isinstance(o, (Disband, Remove)) and o.power == p.id)
            if due > ordered:
                return "civil disorder ranking"
    return None


def play(name, seed, years, tmp_path, **options):
    v = load(str(MAPS / name)).variant
    if options:
        v = replace(v, rules=replace(v.rules, options={**v.rules.options, **options}))
    out = tmp_path / f"{name.replace('/', '_')}.dvar"
    assert formats()["diplicity"].export(v, str(out)).ok
    engine = Engine(out)
    rng = random.Random(seed)
    game = Game.new(v)
    first = game.state.phase.year
    phases, differ = 0, Counter()
    try:
        while game.state.phase.year < first + years and not game.over:
            orders = random_orders(game, rng)
            kind = game.state.phase.kind
            snapshot = Game(game.variant, game.state)
            states = engine.adjudicate(engine.state(game, orders))
            game.process(orders)
            nxt = states[-1]
            # the host stops at phases we skip (a retreat with no one dislodged, a
            # winter with nothing to adjust): it is given them with no orders
            for _ in range(3):
                if nxt["phase"] == engine.phase(game.state.phase) or game.over:
                    break
                nxt = engine.adjudicate({**nxt, "orders": []})[-1]
            phases += 1
            ours, theirs = our_position(game), position(nxt)
            if game.state.phase.season == "S" and game.state.phase.kind == "M":
                same = ours == theirs
            else:   # centres change hands only after the Fall: compared where both have moved on
                same = ours[:2] == theirs[:2] and (kind != "A" or ours[2] == theirs[2])
            if not same or (nxt["phase"] != engine.phase(game.state.phase) and not game.over):
                reason = _reason(v, snapshot, orders, kind)
                assert reason, (f"{name} seed {seed} after {snapshot.state.phase}: the host differs with no "
                                f"documented reason: ours-only {sorted(ours[0] - theirs[0])[:6]}, host-only "
                                f"{sorted(theirs[0] - ours[0])[:6]}, dislodged {ours[1] ^ theirs[1]}, "
                                f"centres {sorted(ours[2] ^ theirs[2])[:6]}")
                differ[reason] += 1
    finally:
        engine.close()
    return phases, differ


@pytest.mark.parametrize("name,seed", [("standard", 1), ("youngstown", 2), ("loeb9", 3)])
def test_random_games_play_the_same_on_diplicity(name, seed, tmp_path):
    phases, differ = play(name, seed, 4, tmp_path)
    assert phases >= 8
    if name == "standard":   # nothing flattened on the standard board
        assert set(differ) <= {"civil disorder ranking"}


def test_with_the_classic_civil_disorder_rule_nothing_differs(tmp_path):
    """The host removes by the classic rule: with it (the export says so,
    VK662), every phase of a standard game is the same."""
    phases, differ = play("standard", 10, 6, tmp_path, civil_disorder="classic")
    assert phases >= 15 and not differ


@pytest.mark.slow
@pytest.mark.parametrize("name", ["standard", "youngstown", "loeb9"])
@pytest.mark.parametrize("seed", range(10, 14))
def test_longer_games_play_the_same_on_diplicity(name, seed, tmp_path):
    phases, differ = play(name, seed, 10, tmp_path)
    assert phases >= 20
