"""Random legal orders for every power, and the invariants a position keeps.

Used by ``variantkit fuzz`` to shake a new map out: thousands of phases of
moves, supports, convoys, retreats and builds, checked after every phase.
"""
from __future__ import annotations

import random
from typing import List

from ..model import split_location
from .game import Game
from .orders import Convoy, Move, Order, Retreat
from .options import WAIVE, MovementOptions, options


def random_orders(game: Game, rng: random.Random) -> List[Order]:
    """Random orders drawn from the legal ones (:mod:`.options`): in movement
    about half moves, a quarter supports, some convoys with the army ordered to
    go, the rest holds."""
    s = game.state
    orders: List[Order] = []
    if s.phase.kind == "M":
        legal = MovementOptions(game)
        check = game.checker()
        ordered = {}
        for prov in s.units:
            if prov in ordered:
                continue
            roll = rng.random()
            kinds = legal.moves(prov)
            hold = kinds[0]
            if roll < 0.55:
                moves = [o for o in kinds if isinstance(o, Move) and not o.via_convoy]
                ordered[prov] = rng.choice(moves) if moves else hold
            elif roll < 0.8:
                supports = legal.supports(prov)
                ordered[prov] = rng.choice(supports) if supports else hold
            elif roll < 0.9:
                # convoys this fleet makes alone (a longer chain would need every
                # fleet of it ordered, which a random draw seldom gives)
                convoys = [o for o in legal.convoys(prov) if isinstance(o, Convoy)
                           and split_location(o.army_from)[0] not in ordered
                           and check.water_routes_from(split_location(o.army_from)[0], o.army_to, {prov})]
                if convoys:
                    c = rng.choice(convoys)
                    army = split_location(c.army_from)[0]
                    ordered[prov] = c
                    a = s.units[army]
                    ordered[army] = Move(a.power, a.type, a.loc, "", c.army_to, True)
                else:
                    ordered[prov] = hold
            else:
                ordered[prov] = hold
        return list(ordered.values())
    listed = options(game)
    if s.phase.kind == "R":
        for by_prov in listed.values():
            for opts in by_prov.values():
                retreats = [o for o in opts if isinstance(o, Retreat)]
                orders.append(rng.choice(retreats) if retreats and rng.random() < 0.8 else opts[-1])
        return orders
    for p in game.variant.powers:
        by_site = listed[p.id]
        due = len(s.centres_of(p.id)) - len(s.units_of(p.id))
        if due > 0:
            sites = sorted(k for k in by_site if k != WAIVE)
            rng.shuffle(sites)
            for h in sites[:due]:
                # an army or a fleet alike, then the coast
                letters = sorted({o.unit.value for o in by_site[h] if o.unit is not None})
                letter = rng.choice(letters)
                orders.append(rng.choice([o for o in by_site[h] if o.unit is not None and o.unit.value == letter]))
            if rng.random() < 0.1:
                orders.append(by_site[WAIVE][0])
        elif due < 0:
            mine = [opts[0] for opts in by_site.values()]
            rng.shuffle(mine)
            orders.extend(mine[:-due - (1 if rng.random() < 0.2 else 0)])  # sometimes civil disorder
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
