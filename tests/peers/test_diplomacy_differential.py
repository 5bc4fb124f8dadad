"""Random legal games on the standard map, adjudicated by variantkit and by the
`diplomacy` package, compared phase by phase.

The one rule choice where they differ is civil disorder (DATC 4.D.8): the
package removes by the classic rule, variantkit by the 2023 rule unless the
variant sets ``civil_disorder: classic``; the games here set it.
"""
import random
from dataclasses import replace

import pytest

from variantkit.io import load
from variantkit.rules.fuzz import random_orders
from variantkit.rules.game import Game

from tests.conftest import MAPS

diplomacy = pytest.importorskip("diplomacy", reason="the `diplomacy` package is a test extra (peers)")
from tests.peers.diplomacy_peer import Peer  # noqa: E402


def classic_standard():
    v = load(str(MAPS / "standard")).variant
    return replace(v, rules=replace(v.rules, options={**v.rules.options, "civil_disorder": "classic"}))


@pytest.mark.parametrize("seed", range(8))
def test_same_results_phase_by_phase(seed):
    v = classic_standard()
    rng = random.Random(seed)
    ours, peer = Game.new(v), Peer()
    phases = 0
    while ours.state.phase.year < 1911 and not ours.over:
        assert str(ours.state.phase) == peer.phase
        before = str(ours.state.phase)
        orders = random_orders(ours, rng)
        ours.process(orders)
        peer.play(orders, before[-1])
        phases += 1
        units = {(u.power, str(u)) for u in ours.state.units.values()}
        dislodged = {(d.unit.power, str(d.unit)) for d in ours.state.dislodged.values()}
        assert units == peer.units(), f"{before}: units differ"
        assert dislodged == peer.dislodged(), f"{before}: dislodged units differ"
        if before.startswith("F") or before.startswith("W"):
            owned = {(p, c) for c, p in ours.state.centers.items()}
            assert owned == peer.centres(), f"{before}: centres differ"
    assert phases > 20
