"""Random legal orders for every power, and the invariants a position keeps.

Used by ``variantkit fuzz`` to shake a new map out: thousands of phases of
moves, supports, convoys, retreats and builds, checked after every phase.
"""
from __future__ import annotations

import random
from typing import List

from ..model import UnitType, split_location
from .adjustments import build_sites
from .game import Game
from .orders import Build, Convoy, Disband, Hold, Move, Order, Remove, Retreat, Support, Waive
from .retreats import retreat_options


def random_orders(game: Game, rng: random.Random) -> List[Order]:
    s = game.state
    g = game.graph()
    orders: List[Order] = []
    if s.phase.kind == "M":
        units = list(s.units.values())
        for u in units:
            roll = rng.random()
            moves = sorted(g.moves(u.type, u.loc))
            if roll < 0.55 and moves:
                orders.append(Move(u.power, u.type, u.loc, "", rng.choice(moves)))
            elif roll < 0.8 and moves:
                # support a neighbour: to hold, or into a province both reach
                near = [o for o in units if o is not u and any(
                    split_location(m)[0] == o.province for m in moves)]
                if near:
                    o = rng.choice(near)
                    targets = sorted({split_location(m)[0] for m in g.moves(o.type, o.loc)}
                                     & {split_location(m)[0] for m in moves})
                    dest = rng.choice(targets) if targets and rng.random() < 0.6 else None
                    orders.append(Support(u.power, u.type, u.loc, "", o.loc, dest, o.type))
                else:
                    orders.append(Hold(u.power, u.type, u.loc))
            elif roll < 0.9 and u.type is UnitType.FLEET and g.is_convoying_water(u.province):
                armies = [o for o in units if o.type is UnitType.ARMY and any(
                    split_location(m)[0] == o.province for m in moves)]
                shores = sorted({split_location(m)[0] for m in moves
                                 if g.may_stand(UnitType.ARMY, split_location(m)[0])})
                if armies and shores:
                    a = rng.choice(armies)
                    dest = rng.choice(shores)
                    if dest != a.province:
                        orders.append(Convoy(u.power, u.type, u.loc, "", a.loc, dest))
                        orders.append(Move(a.power, a.type, a.loc, "", dest, True))
                        continue
                orders.append(Hold(u.power, u.type, u.loc))
            else:
                orders.append(Hold(u.power, u.type, u.loc))
        # one order a unit: the first given stands
        seen, unique = set(), []
        for o in orders:
            if o.province not in seen:
                seen.add(o.province)
                unique.append(o)
        return unique
    if s.phase.kind == "R":
        for prov, d in s.dislodged.items():
            options = retreat_options(g, s, prov)
            if options and rng.random() < 0.8:
                orders.append(Retreat(d.unit.power, d.unit.type, d.unit.loc, "", rng.choice(options)))
            else:
                orders.append(Disband(d.unit.power, d.unit.type, d.unit.loc))
        return orders
    for p in game.variant.powers:
        due = len(s.centres_of(p.id)) - len(s.units_of(p.id))
        if due > 0:
            sites = build_sites(p.homes, s, p.id, game.variant.rules.options)
            rng.shuffle(sites)
            for h in sites[:due]:
                kinds = [k for k in UnitType if any(g.may_stand(k, loc) for loc in
                                                    ((h,) if k is UnitType.ARMY else g.fleet_locations(h)))]
                if not kinds:
                    continue
                k = rng.choice(kinds)
                loc = h if k is UnitType.ARMY else rng.choice(
                    [loc for loc in g.fleet_locations(h) if g.may_stand(k, loc)])
                orders.append(Build(p.id, k, loc))
            if rng.random() < 0.1:
                orders.append(Waive(p.id, None, ""))
        elif due < 0:
            mine = s.units_of(p.id)
            rng.shuffle(mine)
            for u in mine[:-due - (1 if rng.random() < 0.2 else 0)]:  # sometimes civil disorder
                orders.append(Remove(p.id, u.type, u.loc))
    return orders


def check_invariants(game: Game) -> List[str]:
    """What is wrong with the current position (nothing, one hopes)."""
    s = game.state
    g = game.graph()
    problems = []
    hibernate = bool(game.variant.rules.options.get("hibernate"))
    powers = {p.id for p in game.variant.powers}
    for prov, u in s.units.items():
        if split_location(u.loc)[0] != prov:
            problems.append(f"{u} is filed under {prov}")
        if u.power not in powers:
            problems.append(f"{u} belongs to unknown power {u.power}")
        if not g.may_stand(u.type, u.loc):
            p = game.variant.province(prov)
            if not (hibernate and p is not None and p.passable_in):
                problems.append(f"{u} stands where a {u.type.word} cannot")
    for prov, d in s.dislodged.items():
        if prov in s.units and s.units[prov] == d.unit:
            problems.append(f"{d.unit} is both dislodged and standing")
    centres = set(game.variant.centers)
    for c, owner in s.centers.items():
        if c not in centres:
            problems.append(f"{c} is owned but is no centre")
        if owner not in powers:
            problems.append(f"{c} is owned by unknown power {owner}")
    return problems
