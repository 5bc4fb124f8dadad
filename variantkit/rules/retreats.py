"""The retreat phase: where a dislodged unit may go, and who gets there.

A unit may not retreat to an occupied province, to one left empty by a
stand-off, or to where its attacker came from (unless the attacker was
convoyed).  Two retreats to one province both fail, except that, as in
jDip, a retreat has the strength 1 + its edge's modifier (a strait's 0) and
one strictly stronger than every other retreat there goes through.
"""
from __future__ import annotations

from typing import Dict, List, Set

from ..graph import Graph
from ..model import split_location
from .outcomes import Code, Outcome
from .orders import Disband, Order, Retreat, describe
from .state import Dislodged, GameState, UnitAt


def retreat_options(graph: Graph, state: GameState, prov: str) -> List[str]:
    d: Dislodged = state.dislodged[prov]
    out = []
    for dest in sorted(graph.moves(d.unit.type, d.unit.loc)):
        p = split_location(dest)[0]
        if p in state.units or p in state.standoffs:
            continue
        if p == d.attacker_from and not d.by_convoy:
            continue
        out.append(dest)
    return out


def resolve_retreats(graph: Graph, state: GameState, orders: List[Order]):
    """Returns (outcomes, units after the phase)."""
    outcomes: List[Outcome] = []
    chosen: Dict[str, Order] = {}
    for o in orders:
        prov = split_location(o.loc)[0] if o.loc else ""
        d = state.dislodged.get(prov)
        text = o.text or describe(o)
        if d is None:
            outcomes.append(Outcome(o.power, o, text, "illegal", Code.NOT_DISLODGED, {"at": prov}))
        elif o.power and d.unit.power != o.power:
            outcomes.append(Outcome(o.power, o, text, "illegal", Code.NOT_YOURS,
                                    {"at": prov, "owner": d.unit.power}))
        elif not isinstance(o, (Retreat, Disband)):
            outcomes.append(Outcome(d.unit.power, o, text, "illegal", Code.RETREAT_OR_DISBAND))
        elif prov in chosen:
            outcomes.append(Outcome(d.unit.power, o, text, "illegal", Code.SECOND_ORDER,
                                    {"unit": str(d.unit)}))
        else:
            chosen[prov] = o
    targets: Dict[str, List[str]] = {}
    legal_dest: Dict[str, str] = {}
    for prov, o in chosen.items():
        if isinstance(o, Retreat):
            options = retreat_options(graph, state, prov)
            dest = _match(graph, options, o.dest)
            if dest is None:
                outcomes.append(Outcome(o.power or state.dislodged[prov].unit.power, o, o.text or describe(o),
                                        "illegal", Code.RETREAT_CLOSED,
                                        {"to": split_location(o.dest)[0], "open": options}))
                continue
            legal_dest[prov] = dest
            targets.setdefault(split_location(dest)[0], []).append(prov)
    units = dict(state.units)
    winners: Set[str] = set()
    beaten: Set[str] = set()  # lost to a stronger retreat (not a clash of equals)
    for who in targets.values():
        if len(who) == 1:
            winners.add(who[0])
            continue
        strength = {w: max(0, 1 + graph.modifier(state.dislodged[w].unit.type,
                                                 state.dislodged[w].unit.loc, legal_dest[w]))
                    for w in who}
        best = max(strength.values())
        strongest = [w for w in who if strength[w] == best]
        if len(strongest) == 1:
            winners.add(strongest[0])
        beaten.update(w for w in who if strength[w] < best)
    for prov, o in chosen.items():
        unit = state.dislodged[prov].unit
        if isinstance(o, Disband):
            outcomes.append(Outcome(unit.power, o, o.text or describe(o), "succeeds"))
        elif prov in legal_dest:
            ok = prov in winners
            if ok:
                dest = legal_dest[prov]
                units[split_location(dest)[0]] = UnitAt(unit.power, unit.type, dest)
            at = split_location(legal_dest[prov])[0]
            code = Code.OK if ok else Code.RETREAT_WEAKER if prov in beaten else Code.RETREAT_CLASH
            outcomes.append(Outcome(unit.power, o, o.text or describe(o), "succeeds" if ok else "fails",
                                    code, {} if ok else {"at": at}))
    return outcomes, units


def _match(graph: Graph, options: List[str], dest: str):
    if dest in options:
        return dest
    prov = split_location(dest)[0]
    same = [o for o in options if split_location(o)[0] == prov]
    if len(same) == 1 and "/" not in dest:
        return same[0]
    return None
