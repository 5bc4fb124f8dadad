"""What play mode knows about orders beyond reading them: whose unit an
order is for, and every whole order the phase allows (for completion:
``A pa`` offers ``A Par - Bur``, ``A Par S A Mar - Bur`` and the rest)."""
from __future__ import annotations

from typing import List, Optional, Tuple

from variantkit.model import UnitType, split_location
from variantkit.rules.adjustments import adjustment_counts
from variantkit.rules.orders import Build, Waive


def _loc(loc: str) -> str:
    return loc[:1].upper() + loc[1:]


def owner(game, order) -> Tuple[Optional[str], str]:
    """(the power the order belongs to, "") or (None, why it is refused)."""
    if isinstance(order, Waive):
        return (order.power or None), ("" if order.power else "a waive names its power: 'france: waive'")
    prov = split_location(order.loc)[0]
    state = game.state
    if isinstance(order, Build):
        who = state.centers.get(prov)
        return (who, "") if who else (None, f"nobody owns {prov}: no build there")
    if state.phase.kind == "R":
        d = state.dislodged.get(prov)
        return (d.unit.power, "") if d else (None, f"no dislodged unit in {prov}")
    unit = state.units.get(prov)
    return (unit.power, "") if unit else (None, f"no unit in {prov}")


def whole_orders(game) -> List[str]:
    """Every order a unit (or power) could be given this phase, written out."""
    state, graph = game.state, game.graph()
    out: List[str] = []
    kind = state.phase.kind
    if kind == "A":
        counts = adjustment_counts(game.homes, state)
        for power, due in counts.items():
            if due > 0:
                for h in game.homes.get(power, ()):
                    if state.centers.get(h) == power and h not in state.units:
                        if graph.may_stand(UnitType.ARMY, h):
                            out.append(f"Build A {_loc(h)}")
                        for f in graph.fleet_locations(h):
                            if graph.may_stand(UnitType.FLEET, f):
                                out.append(f"Build F {_loc(f)}")
            elif due < 0:
                out += [f"Remove {u.type.value} {_loc(u.loc)}" for u in state.units.values() if u.power == power]
        return out
    if kind == "R":
        for d in state.dislodged.values():
            u = d.unit
            out.append(f"{u.type.value} {_loc(u.loc)} Disband")
            out += [f"{u.type.value} {_loc(u.loc)} R {_loc(t)}" for t in sorted(graph.moves(u.type, u.loc))]
        return out
    units = list(state.units.values())
    reach = {u.province: {split_location(t)[0] for t in graph.moves(u.type, u.loc)} for u in units}
    for u in units:
        me = f"{u.type.value} {_loc(u.loc)}"
        out.append(f"{me} H")
        out += [f"{me} - {_loc(t)}" for t in sorted(graph.moves(u.type, u.loc))]
        for other in units:
            if other is u:
                continue
            them = f"{other.type.value} {_loc(other.loc)}"
            if other.province in reach[u.province]:
                out.append(f"{me} S {them}")
            out += [f"{me} S {them} - {_loc(t)}" for t in sorted(reach[other.province] & reach[u.province])]
        if u.type is UnitType.FLEET and graph.is_convoying_water(u.loc):
            for army in units:
                if army.type is UnitType.ARMY and u.province in reach[army.province]:
                    shores = sorted(t for t in reach[u.province] if t != army.province
                                    and graph.may_stand(UnitType.ARMY, t))
                    out += [f"{me} C A {_loc(army.loc)} - {_loc(t)}" for t in shores]
    return out
