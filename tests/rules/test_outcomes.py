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
