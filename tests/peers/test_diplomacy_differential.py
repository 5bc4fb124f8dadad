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
from variantkit.model import split_location
from variantkit.rules.fuzz import random_orders
from variantkit.rules.game import Game

from tests.conftest import MAPS

diplomacy = pytest.importorskip("diplomacy", reason="the `diplomacy` package is a test extra (peers)")
from tests.peers.diplomacy_peer import Peer  # noqa: E402


def classic_standard():
    v = load(str(MAPS / "standard")).variant
    return replace(v, rules=replace(v.rules, options={**v.rules.options, "civil_disorder": "classic"}))


def assert_same_position(ours, peer, before: str) -> None:
    """Units, dislodged units and (after a Fall or Winter) centres equal the package's."""
    units = {(u.power, str(u)) for u in ours.state.units.values()}
    dislodged = {(d.unit.power, str(d.unit)) for d in ours.state.dislodged.values()}
    assert units == peer.units(), f"{before}: units differ"
    assert dislodged == peer.dislodged(), f"{before}: dislodged units differ"
    if before.startswith("F") or before.startswith("W"):
        owned = {(p, c) for c, p in ours.state.centers.items()}
        assert owned == peer.centres(), f"{before}: centres differ"


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
        assert_same_position(ours, peer, before)
    assert phases > 20


def package_map_variant(name):
    """A map of the package read by variantkit's DPjudge importer, with the
    package's civil disorder rule."""
    import os
    from variantkit.formats.dpjudge import read_dpjudge
    path = os.path.join(os.path.dirname(diplomacy.__file__), "maps", f"{name}.map")
    v = read_dpjudge(path).variant
    return replace(v, rules=replace(v.rules, options={**v.rules.options, "civil_disorder": "classic"}))


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(4))
def test_modern_with_build_any_agrees_phase_by_phase(seed):
    """The package's modern map says RULES BUILD_ANY: builds in any owned
    centre.  Winters where a power builds away from home are counted, so the
    rule is seen at work, not only allowed."""
    v = package_map_variant("modern")
    assert v.rules.options.get("build_any") is True
    homes = {p.id: set(p.homes) for p in v.powers}
    rng = random.Random(seed)
    ours, peer = Game.new(v), Peer("modern")
    first = ours.state.phase.year
    phases = away = 0
    while ours.state.phase.year < first + 10 and not ours.over:
        assert str(ours.state.phase) == peer.phase
        before = str(ours.state.phase)
        orders = random_orders(ours, rng)
        ours.process(orders)
        peer.play(orders, before[-1])
        phases += 1
        if before.startswith("W"):
            away += sum(1 for o in orders if type(o).__name__ == "Build"
                        and split_location(o.loc)[0] not in homes[o.power])
        assert_same_position(ours, peer, before)
    assert phases > 20 and away > 0
