"""Typed outcomes: every code has words, and the resolver gives the codes
and parameters a hand-worked position calls for."""
from variantkit.io import load
from variantkit.model import UnitType
from variantkit.rules.game import Game
from variantkit.rules.outcomes import _WORDS, Code
from variantkit.rules.state import UnitAt

from tests.conftest import MAPS


def play(variant, units, orders):
    v = load(str(MAPS / variant)).variant
    game = Game.new(v)
    game.state.units = {}
    for power, texts in units.items():
        for t in texts:
            kind, loc = t.split()
            game.state.units[loc.split("/")[0]] = UnitAt(power, UnitType(kind), loc)
    parsed, bad = game.parse(orders)
    return {o.text: o for o in game.process(parsed, bad)}


def test_every_code_has_words():
    assert set(_WORDS) == set(Code)


def test_cut_support_names_the_cutting_unit():
    # the German army from Picardy bounces off Paris (1 against 1) and cuts the
    # support Paris gives Burgundy, so Munich's attack bounces too (1 against 1)
    got = play("standard", {"france": ["A par", "A bur"], "germany": ["A pic", "A mun"]},
               {"france": ["A par S A bur", "A bur H"], "germany": ["A pic - par", "A mun - bur"]})
    assert (got["A par S A bur"].code, dict(got["A par S A bur"].params)) == (Code.CUT, {"by": "pic"})
    assert got["A par S A bur"].reason == "support cut by pic"
    assert (got["A pic - par"].code, dict(got["A pic - par"].params)) == (Code.BOUNCED, {"at": "par"})
    assert got["A mun - bur"].code is Code.BOUNCED


def test_support_across_a_strait_is_illegal_with_its_code():
    got = play("loeb9", {"italy": ["A nap", "A sic"]}, {"italy": ["A nap S A sic"]})
    o = got["A nap S A sic"]
    assert (o.outcome, o.code, dict(o.params)) == ("illegal", Code.SUPPORT_ACROSS_STRAIT, {"to": "sic"})
    assert o.reason == "no support is given across the strait to sic"


def test_decisions_are_typed_kinds_and_steps():
    """Decision keys and states are enums, not strings: a typo cannot make a
    decision that is never resolved."""
    from variantkit.graph import Graph
    from variantkit.rules.movement import Kind, Resolver, Step
    v = load(str(MAPS / "standard")).variant
    game = Game.new(v)
    orders, _ = game.parse({"france": ["A par - bur", "A mar S A par - bur"], "germany": ["A mun - bur"]})
    r = Resolver(Graph(v), game.state, orders)
    r.run()
    assert set(r.result) == {(Kind.MOVE, "par"), (Kind.MOVE, "mun"), (Kind.SUPPORT, "mar")}
    assert set(r.state_of.values()) == {Step.RESOLVED}
    assert r.result[(Kind.MOVE, "par")] and not r.result[(Kind.MOVE, "mun")]
