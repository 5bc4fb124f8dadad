"""Diplicity's own Python engine (``../shared/hosts/diplicity/service``, run
unmodified, in this process) as a peer for the adjudication benchmark.

The host keeps a game as its canonical state records (``phase``, ``units``,
``supplyCenters``, ``orders``) and adjudicates by reading them
(``deserialize_game_state``), resolving (``Engine().adjudicate``) and writing
the next state (``serialize_game_state``): that is its whole path from an
order to a position, timed here.  Its orders are structured records (its API
takes no order text), written from the same orders before the clock starts.
The variant is read once (``deserialize_variant``), as ours is loaded once.
"""
from __future__ import annotations

import os
import sys
from typing import Any, Dict, List, Optional

from variantkit.formats.base import ExportReport
from variantkit.formats.diplicity import dvar
from variantkit.model import UnitType
from variantkit.rules.orders import Build, Convoy, Disband, Hold, Move, Order, Remove, Retreat, Support
from variantkit.rules.state import GameState

SEASONS = {"S": "Spring", "F": "Fall"}
KINDS = {"M": "Movement", "R": "Retreat", "A": "Adjustment"}


def service_dir(shared: Optional[str] = None) -> Optional[str]:
    root = os.path.dirname(os.path.abspath(__file__))
    shared = shared or os.environ.get("VARIANTKIT_SHARED", os.path.join(root, "..", "..", "shared"))
    path = os.path.join(shared, "hosts", "diplicity", "service")
    return path if os.path.isdir(os.path.join(path, "adjudicator")) else None


class DiplicityPeer:
    """One variant on Diplicity's engine: states and orders in the host's records."""

    def __init__(self, variant, service: str):
        if service not in sys.path:
            sys.path.insert(0, service)
        from adjudicator.engine import Engine
        from adjudicator.serializers import deserialize_game_state, deserialize_variant, serialize_game_state
        self._engine, self._read, self._write = Engine, deserialize_game_state, serialize_game_state
        self.variant = variant
        self.parsed = deserialize_variant(dvar(variant, ExportReport("diplicity")))
        self.last_season = SEASONS[variant.rules.seasons[-1][0].upper()] if variant.rules.seasons else "Fall"

    # -- records, written before the clock -----------------------------------------------
    def phase(self, s: GameState) -> Dict[str, Any]:
        season = self.last_season if s.phase.kind == "A" else SEASONS[s.phase.season]
        return {"season": season, "year": s.phase.year, "type": KINDS[s.phase.kind]}

    def state(self, s: GameState, orders: List[Order]) -> Dict[str, Any]:
        units = [{"nation": u.power, "type": _TYPE[u.type], "location": u.loc, "dislodged": False,
                  "dislodgedFrom": None} for u in s.units.values()]
        for d in s.dislodged.values():
            units.append({"nation": d.unit.power, "type": _TYPE[d.unit.type], "location": d.unit.loc,
                          "dislodged": True, "dislodgedFrom": d.attacker_from})
        return {"phase": self.phase(s), "units": units,
                "supplyCenters": [{"nation": p, "province": c} for c, p in s.centers.items()],
                "orders": [r for r in (self.order(o, s) for o in orders) if r is not None]}

    def order(self, o: Order, s: GameState) -> Optional[Dict[str, Any]]:
        src = o.loc.split("/")[0]
        unit = s.units.get(src)
        if unit is None and src in s.dislodged:
            unit = s.dislodged[src].unit
        kind = _TYPE[unit.type] if unit is not None else (_TYPE[o.unit] if o.unit else None)
        rec = {"nation": o.power, "source": src, "orderType": None, "target": None, "aux": None,
               "unitType": kind, "viaConvoy": False}
        if isinstance(o, Move):
            rec.update(orderType="Retreat" if s.phase.kind == "R" else "Move", target=o.dest,
                       viaConvoy=bool(o.via_convoy))
        elif isinstance(o, Retreat):
            rec.update(orderType="Retreat", target=o.dest)
        elif isinstance(o, Support):
            aux = o.target.split("/")[0]
            rec.update(orderType="Support", aux=aux,
                       target=o.target_dest.split("/")[0] if o.target_dest else aux)
        elif isinstance(o, Convoy):
            rec.update(orderType="Convoy", aux=o.army_from.split("/")[0], target=o.army_to.split("/")[0])
        elif isinstance(o, Hold):
            rec.update(orderType="Hold")
        elif isinstance(o, Build):
            rec.update(orderType="Build", source=o.loc, unitType=_TYPE[o.unit] if o.unit else "Army")
        elif isinstance(o, (Disband, Remove)):
            rec.update(orderType="Disband")
        else:
            return None
        return rec

    # -- the timed path --------------------------------------------------------------------
    def adjudicate(self, state: Dict[str, Any]) -> List[Dict[str, Any]]:
        """The host's path: its state records read, resolved, the next states written."""
        parsed = self._read(state, self.parsed)
        return [self._write(x) for x in self._engine().adjudicate(parsed)]


_TYPE = {UnitType.ARMY: "Army", UnitType.FLEET: "Fleet"}


def units_of(record: Dict[str, Any]) -> set:
    """(power, "A par") of a host state's units left standing."""
    return {(u["nation"], ("A " if u["type"] == "Army" else "F ") + u["location"])
            for u in record["units"] if not u.get("dislodged")}
