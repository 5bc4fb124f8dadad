"""BUILD_ANY (the rule option ``build_any``): a power builds in any supply
centre it owns and that is empty, not only at home.  Cases worked by hand on
the standard board."""
from dataclasses import replace

import pytest

from variantkit.io import load
from variantkit.rules.game import Game
from variantkit.rules.orders import Phase
from variantkit.rules.state import GameState, UnitAt
from variantkit.model import UnitType

from tests.conftest import MAPS


def standard(build_any: bool):
    v = load(str(MAPS / "standard")).variant
    return replace(v, rules=replace(v.rules, options={**v.rules.options, "build_any": build_any}))


def winter(v, units, centres):
    """Winter 1901: France owns what ``centres`` says, nobody owns anything else;
    only ``units`` stand."""
    s = GameState.start(v)
    s.phase = Phase.parse("W1901A")
    s.units = {loc.split("/")[0]: UnitAt(p, UnitType(k), loc) for p, k, loc in units}
    s.centers = {c: "france" for c in centres}
    return s


FRENCH_UNITS = [("france", "A", "par"), ("france", "F", "bre"), ("france", "A", "mar")]


@pytest.mark.parametrize("build_any,outcome", [(True, "succeeds"), (False, "illegal")])
def test_a_build_in_an_owned_centre_away_from_home(build_any, outcome):
    # France: 5 centres (its 3 homes, all occupied, and Belgium and Spain), 3 units: 2 builds due
    v = standard(build_any)
    game = Game(v, winter(v, FRENCH_UNITS, ["par", "bre", "mar", "bel", "spa"]))
    orders, bad = game.parse({"france": ["A bel B", "F spa/sc B"]})
    outcomes = {o.text: o for o in game.process(orders, bad)}
    assert outcomes["A bel B"].outcome == outcome
    assert outcomes["F spa/sc B"].outcome == outcome
    french = {str(u) for u in game.state.units.values() if u.power == "france"}
    assert ({"A bel", "F spa/sc"} <= french) is build_any


def test_not_in_a_centre_someone_else_owns_nor_an_occupied_one():
    v = standard(True)
    game = Game(v, winter(v, FRENCH_UNITS + [("france", "A", "spa")], ["par", "bre", "mar", "bel", "spa", "por"]))
    orders, bad = game.parse({"france": ["A mun B", "A spa B", "A por B"]})
    outcomes = {o.text: o.outcome for o in game.process(orders, bad)}
    # Munich is Germany's, Spain holds a French army; Portugal is owned and empty
    assert outcomes == {"A mun B": "illegal", "A spa B": "illegal", "A por B": "succeeds"}


@pytest.mark.parametrize("build_any,phase", [(True, "W1901A"), (False, "S1902M")])
def test_winter_is_played_when_the_only_free_site_is_away_from_home(build_any, phase):
    # after Fall 1901 France holds its homes with units, has taken Belgium and owns empty
    # Spain: one build due, possible only with BUILD_ANY (in Spain)
    v = standard(build_any)
    s = winter(v, FRENCH_UNITS + [("france", "A", "bel")], ["par", "bre", "mar", "spa"])
    s.phase = Phase.parse("F1901M")
    game = Game(v, s)
    orders, bad = game.parse({})
    game.process(orders, bad)
    assert game.state.centers["bel"] == "france" and "spa" not in game.state.units
    assert str(game.state.phase) == phase
