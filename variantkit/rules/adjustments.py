"""Winter adjustments: builds in owned, empty home centres (colonies count,
being home centres; with the option ``build_any``, DPjudge's BUILD_ANY, in
any owned empty centre), removals, and civil disorder for a power that does
not remove enough.

Civil disorder removes the units farthest from the power's nearest owned
supply centre, counting moves through any space whatever the unit's type (the
2023 rule, DATC 4.D.8); ties go fleets first, then by province id.  The
option ``civil_disorder: classic`` counts instead the distance to the home
centres, an army through any space and a fleet by its own moves only.
"""
from __future__ import annotations

from typing import Dict, Final, List, Mapping, Set

from ..graph import Graph
from ..model import UnitType
from .outcomes import NO_PARAMS, Code, Outcome
from .orders import Build, Order, Remove, Disband, Waive, describe
from .state import PROVINCE_OF as _P, GameState, UnitAt

OK: Final = Code.OK


def adjustment_counts(variant_homes: Mapping[str, tuple], state: GameState) -> Dict[str, int]:
    """Builds (positive) or removals (negative) each power is due."""
    # counted every Fall: a dict's loop (a Counter's __init__ and update are Python code,
    # the most of its cost for 34 centres, compiled or not)
    due: Dict[str, int] = {}
    for owner in state.centers.values():
        due[owner] = due.get(owner, 0) + 1
    for u in state.units.values():
        due[u.power] = due.get(u.power, 0) - 1
    return {power: due.get(power, 0) for power in variant_homes}


def may_build_in(homes: tuple, prov: str, options: Mapping[str, object]) -> bool:
    """Whether a power may build in a centre it owns: its homes, or any with ``build_any``."""
    return bool(options.get("build_any")) or prov in homes


def build_sites(homes: tuple, state: GameState, power: str,
                options: Mapping[str, object]) -> List[str]:
    """The owned, empty centres where ``power`` may build now."""
    return sorted(c for c, owner in state.centers.items()
                  if owner == power and c not in state.units and may_build_in(homes, c, options))


def builds_possible(homes: Mapping[str, tuple], state: GameState, counts: Mapping[str, int],
                    options: Mapping[str, object]) -> bool:
    """Whether some power due a build has somewhere to build (``build_sites`` of one of
    them not empty): one pass over the centres, not one a power, and no list made."""
    units, any_centre = state.units, bool(options.get("build_any"))
    for c, owner in state.centers.items():
        if c not in units and counts.get(owner, 0) > 0 and (any_centre or c in homes[owner]):
            return True
    return False


def _distance(graph: Graph, unit: UnitAt, targets: Set[str], any_space: bool) -> int:
    """Moves from ``unit`` to the nearest province of ``targets`` (10**6: none),
    searched a distance at a time: through any space (an army, or any unit with
    ``any_space``), from every location of a province, or by a fleet's own moves."""
    if unit.province in targets:
        return 0
    moves, coasts = graph.moves, graph.coasts
    every = any_space or unit.type is UnitType.ARMY
    seen = {unit.loc}
    frontier = [unit.loc]
    d = 0
    while frontier:
        d += 1
        ahead: List[str] = []
        for loc in frontier:
            if every:
                prov = _P[loc]
                near: List[str] = []
                for c in (loc, prov) + coasts.get(prov, ()):
                    near.extend(moves(UnitType.ARMY, c))
                    near.extend(moves(UnitType.FLEET, c))
            else:
                near = list(moves(UnitType.FLEET, loc))
            for n in near:
                if n in seen:
                    continue
                if _P[n] in targets:
                    return d
                seen.add(n)
                ahead.append(n)
        frontier = ahead
    return 10 ** 6


def resolve_adjustments(graph: Graph, homes: Mapping[str, tuple], state: GameState,
                        orders: List[Order], options: Mapping[str, object]):
    """Returns (outcomes, units after the phase)."""
    counts = adjustment_counts(homes, state)
    units = dict(state.units)
    outcomes: List[Outcome] = []
    done: Dict[str, int] = {p: 0 for p in homes}
    for o in orders:
        text = o.text or describe(o)
        power = o.power
        prov = _P[o.loc] if o.loc else ""
        if isinstance(o, Waive):
            if counts.get(power, 0) > done.get(power, 0):
                done[power] += 1
                outcomes.append(Outcome(power, o, text, "succeeds", OK, NO_PARAMS))
            else:
                outcomes.append(Outcome(power, o, text, "illegal", Code.NOT_DUE, {"kind": "build"}))
            continue
        if isinstance(o, Build):
            due = counts.get(power, 0)
            if due <= done.get(power, 0):
                outcomes.append(Outcome(power, o, text, "fails" if due > 0 else "illegal",
                                        Code.NO_MORE_DUE if due > 0 else Code.NOT_DUE, {"kind": "build"}))
                continue
            if not may_build_in(homes.get(power, ()), prov, options):
                outcomes.append(Outcome(power, o, text, "illegal", Code.NOT_HOME, {"at": prov, "power": power}))
                continue
            if state.centers.get(prov) != power:
                outcomes.append(Outcome(power, o, text, "illegal", Code.NOT_OWNED, {"at": prov, "power": power}))
                continue
            if prov in units:
                outcomes.append(Outcome(power, o, text, "illegal", Code.OCCUPIED, {"at": prov}))
                continue
            unit = o.unit
            if unit is None:
                outcomes.append(Outcome(power, o, text, "illegal", Code.NAME_THE_UNIT))
                continue
            loc = o.loc
            if unit is UnitType.FLEET and "/" not in loc and graph.coasts.get(prov):
                outcomes.append(Outcome(power, o, text, "illegal", Code.NAME_THE_COAST,
                                        {"options": list(graph.coasts[prov])}))
                continue
            if unit is UnitType.ARMY:
                loc = prov
            if not graph.may_stand(unit, loc):
                outcomes.append(Outcome(power, o, text, "illegal", Code.CANNOT_STAND,
                                        {"unit": unit.value, "at": loc}))
                continue
            units[prov] = UnitAt(power, unit, loc)
            done[power] += 1
            outcomes.append(Outcome(power, o, text, "succeeds", OK, NO_PARAMS))
            continue
        if isinstance(o, (Remove, Disband)):
            due = -counts.get(power, 0)
            there = units.get(prov)
            if there is None or there.power != power:
                outcomes.append(Outcome(power, o, text, "illegal", Code.NO_UNIT, {"at": prov}))
                continue
            if due <= done.get(power, 0):
                outcomes.append(Outcome(power, o, text, "fails" if due > 0 else "illegal",
                                        Code.NO_MORE_DUE if due > 0 else Code.NOT_DUE, {"kind": "removal"}))
                continue
            del units[prov]
            done[power] += 1
            outcomes.append(Outcome(power, o, text, "succeeds", OK, NO_PARAMS))
            continue
        outcomes.append(Outcome(power, o, text, "illegal", Code.NOT_AN_ADJUSTMENT))
    classic = options.get("civil_disorder") == "classic"
    for power, due in counts.items():
        missing = -due - done.get(power, 0)
        if missing <= 0:
            continue
        targets = set(homes[power]) if classic else set(state.centres_of(power))
        mine = [u for u in units.values() if u.power == power]
        mine.sort(key=lambda u: (-_distance(graph, u, targets, not classic),
                                 u.type is not UnitType.FLEET, u.province))
        for u in mine[:missing]:
            del units[u.province]
            outcomes.append(Outcome(power, Remove(power, u.type, u.loc), f"Remove {u}", "succeeds",
                                    Code.CIVIL_DISORDER, NO_PARAMS))
    return outcomes, units
