"""Diplicity's own adjudicator (../shared/hosts/diplicity/service, run
unchanged) kept open in one process, so a game's phases do not each start
Python: our driver reads a state a line, calls the host's
``adjudicator.adjudicate(dvar, state)`` and prints its states."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any, Dict, List

from variantkit.model import UnitType, split_location
from variantkit.rules.orders import Build, Convoy, Disband, Move, Order, Remove, Retreat, Support, Waive

from tests.export.diplicity_host import host

DRIVER = """
import json, sys
sys.path.insert(0, sys.argv[1])
from adjudicator import adjudicate
dvar = json.load(open(sys.argv[2], encoding="utf-8"))
for line in sys.stdin:
    try:
        out = {"states": adjudicate(dvar, json.loads(line))}
    except Exception as exc:  # the host refused the state: said, not raised
        out = {"error": type(exc).__name__ + ": " + str(exc)}
    print(json.dumps(out), flush=True)
"""

KIND = {"M": "Movement", "R": "Retreat", "A": "Adjustment"}
WORD = {UnitType.ARMY: "Army", UnitType.FLEET: "Fleet"}


class Engine:
    def __init__(self, dvar: Path):
        self.doc = json.loads(dvar.read_text())
        self.seasons = self.doc["phaseProgression"]["seasons"]
        self.proc = subprocess.Popen([sys.executable, "-c", DRIVER, str(host() / "service"), str(dvar)],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait(timeout=30)

    def adjudicate(self, state: Dict[str, Any]) -> List[Dict[str, Any]]:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(json.dumps(state) + "\n")
        self.proc.stdin.flush()
        out = json.loads(self.proc.stdout.readline())
        assert "error" not in out, out
        return out["states"]

    def phase(self, phase) -> Dict[str, Any]:
        season = self.seasons[-1] if phase.season == "W" else self.seasons["SF".index(phase.season)]
        return {"season": season, "year": phase.year, "type": KIND[phase.kind]}

    def state(self, game, orders: List[Order]) -> Dict[str, Any]:
        s = game.state
        units = [{"nation": u.power, "type": WORD[u.type], "location": u.loc, "dislodged": False,
                  "dislodgedFrom": None} for u in s.units.values()]
        units += [{"nation": d.unit.power, "type": WORD[d.unit.type], "location": d.unit.loc, "dislodged": True,
                   "dislodgedFrom": d.attacker_from} for d in s.dislodged.values()]
        return {"phase": self.phase(s.phase), "units": units,
                "supplyCenters": [{"nation": p, "province": c} for c, p in s.centers.items()],
                "orders": [o for o in (host_order(x, s.phase.kind) for x in orders) if o]}


def host_order(o: Order, kind: str) -> Dict[str, Any]:
    """Our order as the host's canonical raw order (its runner's README)."""
    src = split_location(o.loc)[0]
    unit = WORD.get(o.unit) if o.unit else None
    base = {"nation": o.power, "source": src, "aux": None, "target": None, "unitType": unit, "viaConvoy": False}
    if isinstance(o, Waive):
        return {}
    if isinstance(o, Move):
        return {**base, "orderType": "Move", "target": o.dest, "viaConvoy": bool(o.via_convoy)}
    if isinstance(o, Support):
        aux = split_location(o.target)[0]
        target = split_location(o.target_dest)[0] if o.target_dest else aux
        return {**base, "orderType": "Support", "aux": aux, "target": target}
    if isinstance(o, Convoy):
        return {**base, "orderType": "Convoy", "aux": split_location(o.army_from)[0],
                "target": split_location(o.army_to)[0]}
    if isinstance(o, Retreat):
        return {**base, "orderType": "Retreat", "target": o.dest}
    if isinstance(o, (Disband, Remove)):
        return {**base, "orderType": "Disband"}
    if isinstance(o, Build):
        return {**base, "orderType": "Build", "source": o.loc}
    return {**base, "orderType": "Hold"}


def position(state: Dict[str, Any]):
    units = {(u["nation"], u["type"][0], u["location"]) for u in state["units"] if not u["dislodged"]}
    dislodged = {(u["nation"], u["type"][0], u["location"]) for u in state["units"] if u["dislodged"]}
    centres = {(c["nation"], c["province"]) for c in state["supplyCenters"]}
    return units, dislodged, centres


def our_position(game):
    s = game.state
    return ({(u.power, u.type.value, u.loc) for u in s.units.values()},
            {(d.unit.power, d.unit.type.value, d.unit.loc) for d in s.dislodged.values()},
            {(p, c) for c, p in s.centers.items()})


READER = """
import json, sys
sys.path.insert(0, sys.argv[1])
from adjudicator.serializers import deserialize_game_state, deserialize_variant
dvar = json.load(open(sys.argv[2], encoding="utf-8"))
v = deserialize_variant(dvar)
start = dict(dvar["initialState"], orders=[],
             units=[dict(u, dislodged=False, dislodgedFrom=None) for u in dvar["initialState"]["units"]])
s = deserialize_game_state(start, v)
moves = []
for loc in list(v.provinces.values()) + list(v.named_coasts.values()):
    for a in loc.adjacencies:
        for unit in ("Army", "Fleet"):
            if a.allows(unit):
                moves.append([unit[0], loc.id, a.to])
print(json.dumps({
    "moves": moves,
    "centres": sorted(p.id for p in v.provinces.values() if p.supply_center),
    "homes": sorted([p.home_nation, p.id] for p in v.provinces.values() if p.home_nation),
    "nations": sorted(n.id for n in v.nations),
    "units": sorted([u.nation, u.type[0], u.location] for u in s.units),
    "owners": sorted([c.nation, c.province] for c in s.supply_centers),
    "modifiers": list(v.adjudication_modifiers)}))
"""


def host_reading(dvar: Path) -> Dict[str, Any]:
    """What the host's own deserializers make of a .dvar: moves per unit type
    and location, centres, homes, nations, the starting units and owners."""
    r = subprocess.run([sys.executable, "-c", READER, str(host() / "service"), str(dvar)], capture_output=True,
                       text=True, timeout=120)
    assert r.returncode == 0, r.stderr[-2000:]
    return json.loads(r.stdout)


def our_reading(v) -> Dict[str, Any]:
    """The same of our variant, for comparison (impassable spaces left out, as exported)."""
    gone = {p.id for p in v.provinces if p.terrain.value == "impassable"}
    moves = set()
    for e in v.edges:
        if split_location(e.a)[0] in gone or split_location(e.b)[0] in gone:
            continue
        for unit in ("army", "fleet"):
            if getattr(e.units, unit):
                moves |= {(unit[0].upper(), e.a, e.b), (unit[0].upper(), e.b, e.a)}
    return {"moves": moves, "centres": sorted(v.centers),
            "homes": sorted([w.id, h] for w in v.powers for h in w.homes),
            "nations": sorted(w.id for w in v.powers),
            "units": sorted([w.id, u.type.value, u.location] for w in v.powers for u in w.units),
            "owners": sorted([w.id, c] for w in v.powers for c in w.starting_centers)}
