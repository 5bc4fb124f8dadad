"""Victory at half the centres or fewer (jDip's 1900: 18 of 39): two powers may
reach it in one Fall; the one with more centres wins and a tie wins for nobody."""
from dataclasses import replace

import pytest

from variantkit.io import load
from variantkit.rules.game import Game
from variantkit.rules.state import GameState

from tests.conftest import MAPS

CENTRES = sorted(p.id for p in load(str(MAPS / "standard")).variant.provinces if p.center)


@pytest.mark.parametrize("france, germany, winner", [
    (10, 10, None),         # both reach 10, tied: nobody wins yet
    (11, 10, "france"),     # both reach it: the larger wins
    (9, 12, "germany"),
    (9, 9, None),           # nobody reaches it
])
def test_the_larger_of_two_winners_wins_and_a_tie_wins_for_nobody(france, germany, winner):
    v = load(str(MAPS / "standard")).variant
    v = replace(v, rules=replace(v.rules, victory=10))
    state = GameState.start(v)
    state.centers = {c: "france" for c in CENTRES[:france]}
    state.centers.update({c: "germany" for c in CENTRES[france:france + germany]})
    game = Game(v, state)
    game._check_end(state)
    assert game.winner == winner
