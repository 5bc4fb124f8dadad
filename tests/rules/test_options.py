"""The legal-orders API checked both ways on random positions.

Every order ``options`` lists, written as text, read back by the parser and
adjudicated, is legal; and every order of a wide universe of order texts
(each unit to every location, with and without convoy; supports of every
unit's legal moves and holds; convoys of every army's legal convoyed moves;
retreats everywhere; builds everywhere, removals, waives) that the
adjudicator accepts as legal is listed.  Positions come from random games on
the standard map, Youngstown and Loeb9 (straits: no support across).
"""
import random

import pytest

from variantkit.io import load
from variantkit.rules.adjustments import resolve_adjustments
from variantkit.rules.fuzz import random_orders
from variantkit.rules.game import Game
from variantkit.rules.movement import Resolver
from variantkit.rules.options import options, order_key, unit_options
from variantkit.rules.orders import Build, Convoy, Move, Remove, Retreat, Support, Waive, describe
from variantkit.rules.retreats import _match, resolve_retreats, retreat_options
from variantkit.rules.state import GameState

from tests.conftest import MAPS

pytestmark = pytest.mark.slow


def positions(name, seed, wanted=("SM", "FM", "R", "A")):
    """Copies of a random game's position at a Spring and a Fall movement phase
    (from 1903, when units have spread), a retreat and an adjustment phase."""
    v = load(str(MAPS / name)).variant
    rng = random.Random(seed)
    game = Game.new(v)
    out, kinds = [], list(wanted)
    while kinds and game.state.phase.year < 1930 and not game.over:
        ph = game.state.phase
        k = ph.season + ph.kind if ph.kind == "M" else ph.kind
        if k in kinds and (ph.kind != "M" or ph.year >= 1903):
            kinds.remove(k)
            out.append(Game(v, game.state.copy()))
        game.process(random_orders(game, rng))
    return out


def in_rounds(per_unit):
    """One candidate a unit a round: lists of orders, no unit twice in a round."""
    longest = max((len(c) for c in per_unit.values()), default=0)
    return [[c[i] for c in per_unit.values() if i < len(c)] for i in range(longest)]


def legal_movement(game, per_unit):
    """key -> the adjudicated order, for candidates the resolver accepts."""
    graph, checker = game.graph(), game.checker()
    legal = {}
    for batch in in_rounds(per_unit):
        orders = [game.parser().parse(text, power) for power, text in batch]
        r = Resolver(graph, game.state, orders, game.variant.rules.options, checker)
        for o in r.run().outcomes:
            if o.outcome != "illegal":
                order = o.order
                if isinstance(order, Move):
                    prov = order.province
                    order = Move(order.power, order.unit, order.loc, "", r.dest_loc[prov],
                                 r.moves[prov].via_convoy)
                legal[order_key(order)] = order
    return legal


def text_of(power, o):
    return (power, describe(o))


def fleet_chain(g, s, prov):
    """The seas joined to ``prov`` by fleets standing at sea, ``prov`` included."""
    from variantkit.model import Terrain, UnitType
    def at_sea(p):
        u = s.units.get(p)
        return u is not None and u.type is UnitType.FLEET and g.provinces[p].terrain is Terrain.WATER
    if not at_sea(prov):
        return set()
    chain, todo = {prov}, [prov]
    while todo:
        for n in g.moves(UnitType.FLEET, todo.pop()):
            n = n.split("/")[0]
            if n not in chain and at_sea(n):
                chain.add(n)
                todo.append(n)
    return chain


def touches(g, prov, seas):
    from variantkit.model import UnitType
    prov = prov.split("/")[0]
    return any(n.split("/")[0] in seas for loc in (prov,) + g.coasts.get(prov, ())
               for n in g.moves(UnitType.FLEET, loc))


def check_movement(game):
    s, g = game.state, game.graph()
    listed = {order_key(o): o for orders in options(game).values() for os in orders.values() for o in os}
    # listed -> legal (convoys apart from the moves they carry: intent could join them)
    plain = {p: [text_of(u.power, o) for o in unit_options(game, p) if not isinstance(o, Convoy)]
             for p, u in s.units.items()}
    convoys = {p: [text_of(u.power, o) for o in unit_options(game, p) if isinstance(o, Convoy)]
               for p, u in s.units.items()}
    adjudicated = {**legal_movement(game, plain), **legal_movement(game, convoys)}
    missing = set(listed) - set(adjudicated)
    assert not missing, f"{s.phase}: listed but not legal: {sorted(missing)[:5]}"
    # the universe: moves everywhere, then supports and convoys of the legal moves
    locs = sorted(g.locations)
    moves = {p: [(u.power, f"{u} - {loc}") for loc in locs] + [(u.power, f"{u} - {loc} via convoy") for loc in locs]
             + [(u.power, f"{u} H")] for p, u in s.units.items()}
    legal = legal_movement(game, moves)
    by_unit = {}
    for o in legal.values():
        if isinstance(o, Move):
            by_unit.setdefault(o.province, []).append(o)
    supports, fleets = {}, {}
    for p, u in s.units.items():
        cands = []
        for tp, t in s.units.items():
            if tp == p:
                continue
            cands.append((u.power, f"{u} S {t}"))
            for m in by_unit.get(tp, ()):
                cands.append((u.power, f"{u} S {t} - {m.dest.split('/')[0]}"))
                if "/" in m.dest:
                    cands.append((u.power, f"{u} S {t} - {m.dest}"))
            if u.type.value == "F" and t.type.value == "A":
                # a convoy is offered where this fleet's chain of fleets at sea
                # touches both the army and its destination
                chain = fleet_chain(g, s, p)
                for m in by_unit.get(tp, ()):
                    if m.via_convoy and touches(g, tp, chain) and touches(g, m.dest, chain):
                        fleets.setdefault(p, []).append((u.power, f"{u} C {t} - {m.dest}"))
        supports[p] = sorted(set(cands))
    legal.update(legal_movement(game, supports))
    legal.update(legal_movement(game, fleets))
    unlisted = set(legal) - set(listed)
    assert not unlisted, f"{s.phase}: legal but not listed: {sorted(unlisted)[:5]}"
    return len(listed)


def check_retreats(game):
    s, g = game.state, game.graph()
    listed = {order_key(o) for orders in options(game).values() for os in orders.values() for o in os}
    cands = {p: [Retreat(d.unit.power, d.unit.type, d.unit.loc, "", loc) for loc in sorted(g.locations)]
             for p, d in s.dislodged.items()}
    legal = set()
    for p, os in cands.items():
        for o in os:
            parsed = game.parser().parse(describe(o), o.power)
            outcomes, _ = resolve_retreats(g, s, [parsed])
            if outcomes[0].outcome != "illegal":
                dest = _match(g, retreat_options(g, s, p), parsed.dest)
                legal.add(order_key(Retreat(o.power, o.unit, o.loc, "", dest)))
    retreats = {k for k in listed if k[0] == "Retreat"}
    assert retreats == legal
    assert {k for k in listed if k[0] == "Disband"} == {("Disband", d.unit.loc, d.unit.type)
                                                         for d in s.dislodged.values()}
    return len(listed)


def check_adjustments(game):
    s, g = game.state, game.graph()
    listed = {(p, order_key(o)) for p, orders in options(game).items() for os in orders.values() for o in os}
    legal = set()
    for pw in game.variant.powers:
        cands = [Build(pw.id, kind, loc) for loc in sorted(g.locations) for kind in ("A", "F")]
        cands = [f"Build {c.unit} {c.loc}" for c in cands] + [f"Remove {u}" for u in s.units_of(pw.id)] + ["Waive"]
        for text in cands:
            o = game.parser().parse(text, pw.id)
            outcomes, _ = resolve_adjustments(g, game.homes, GameState.copy(s), [o], game.variant.rules.options)
            if outcomes[0].outcome != "illegal":
                if isinstance(o, Build) and o.unit.value == "A":
                    o = Build(o.power, o.unit, o.loc.split("/")[0])
                legal.add((pw.id, order_key(o)))
    assert listed == legal
    return len(listed)


@pytest.mark.parametrize("name,seed", [("standard", 1), ("standard", 2), ("youngstown", 3), ("loeb9", 4),
                                       ("loeb9", 5)])
def test_options_both_ways(name, seed):
    seen = set()
    for game in positions(name, seed):
        kind = game.state.phase.kind
        check = {"M": check_movement, "R": check_retreats, "A": check_adjustments}[kind]
        assert check(game) > 0
        seen.add(kind)
    assert {"M", "A"} <= seen


def test_no_support_across_a_strait_is_offered():
    v = load(str(MAPS / "loeb9")).variant
    game = Game.new(v)
    from variantkit.model import UnitType
    from variantkit.rules.state import UnitAt
    game.state.units = {"nap": UnitAt("italy", UnitType.ARMY, "nap"), "sic": UnitAt("italy", UnitType.ARMY, "sic"),
                        "tys": UnitAt("italy", UnitType.FLEET, "tys")}
    texts = {describe(o) for o in unit_options(game, "nap")}
    assert "A nap - sic" in texts                       # the crossing itself
    # no support across the strait, to hold or into Sicily; a support of the
    # army in Sicily convoyed to Rome is given in Rome, not across
    assert "A nap S A sic" not in texts
    assert not any(" S " in t and t.endswith("- sic") for t in texts)
    assert "A nap S A sic - rom" in texts
    assert "F tys S A sic" in {describe(o) for o in unit_options(game, "tys")}
    assert "F tys C A nap - sic" in {describe(o) for o in unit_options(game, "tys")}
    assert "A nap - sic via convoy" in texts
    assert {describe(o) for o in unit_options(game, "sic")} >= {"A sic H", "A sic - nap", "A sic - nap via convoy"}
    assert not any(isinstance(o, (Support, Waive, Remove)) and "nap" in describe(o)
                   for o in unit_options(game, "sic"))
