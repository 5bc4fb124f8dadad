"""Youngstown and Loeb9 cases from the seed rules, in one data format, one runner.

A case may change edges' move modifiers or seasons (``edges: [{a, b,
modifier, seasons}]``) to try jDip-style borders or seasonal crossings on a
known map, may start a retreat phase with units already dislodged
(``retreating: {power: {"A nap": attacker's province}}``), and may name the
outcome code an order gets (``codes: {order: code}``).
"""
from dataclasses import replace
from pathlib import Path

import pytest
import yaml

from variantkit.io import load
from variantkit.rules.game import Game
from variantkit.rules.orders import Phase
from variantkit.rules.state import Dislodged, GameState, UnitAt
from variantkit.model import Unit, UnitType

HERE = Path(__file__).parent
MAPS = HERE.parents[1] / "maps"
CASES = [c for f in sorted((HERE / "cases").glob("*.yaml")) for c in yaml.safe_load(f.read_text())]
_variants = {}


def variant(name, edges=()):
    if name not in _variants:
        _variants[name] = load(str(MAPS / name)).variant
    v = _variants[name]
    if not edges:
        return v
    changed = {frozenset((e["a"], e["b"])): e for e in edges}

    def changed_edge(e):
        want = changed.pop(frozenset((e.a, e.b)), {})
        if "modifier" in want:
            e = replace(e, strait=False, modifier=want["modifier"])
        return replace(e, seasons=tuple(want.get("seasons", e.seasons)))
    new = tuple(changed_edge(e) for e in v.edges)
    assert not changed, f"no such edges: {changed}"
    return v.with_(edges=new)


def position(v, case):
    s = GameState.start(v)
    s.phase = Phase.parse(case["phase"])
    s.units = {}
    for power, units in case["units"].items():
        for text in units:
            kind, loc = text.split()
            s.units[loc.split("/")[0]] = UnitAt(power, UnitType(kind), loc)
    for power, centres in case.get("centers", {}).items():
        for c in centres:
            s.centers[c] = power
    for power, units in case.get("retreating", {}).items():
        for text, attacker in units.items():
            u = Unit.parse(text)
            s.dislodged[u.location.split("/")[0]] = Dislodged(UnitAt(power, u.type, u.location), attacker)
    return s


def units_of(state):
    out = {}
    for u in state.units.values():
        out.setdefault(u.power, set()).add(str(u))
    return out


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_case(case):
    v = variant(case["variant"], case.get("edges", ()))
    game = Game(v, position(v, case))
    orders, bad = game.parse(case["orders"])
    outcomes = game.process(orders, bad)
    got = {o.text: o for o in outcomes}
    for text, want in case.get("expect", {}).items():
        assert got[text].outcome == want, f"{text}: {got[text].outcome} ({got[text].reason})"
    for text, code in case.get("codes", {}).items():
        assert got[text].code.value == code, f"{text}: {got[text].code.value} ({got[text].reason})"
    assert units_of(game.state) == {p: set(u) for p, u in case["after"].items()}
    dislodged = {}
    for d in game.state.dislodged.values():
        dislodged.setdefault(d.unit.power, set()).add(str(d.unit))
    assert dislodged == {p: set(u) for p, u in case.get("dislodged", {}).items()}
