"""Positions and games as plain records (JSON or YAML), with full history.

The position record is the one ``variantkit adjudicate`` reads and writes:
``{"phase", "units": {POWER: ["A par"]}, "centers": {POWER: ["par"]},
"dislodged": {POWER: [{"unit": "A mar", "attacker_from": "gas"}]}}``.
"""
from __future__ import annotations

import json
from typing import Any, Dict, List, Tuple

import yaml

from ..model import UnitType, Variant, split_location
from ..problems import Problem
from ..rules.game import Game, PhaseRecord
from ..rules.orders import Phase
from ..rules.state import Dislodged, GameState, UnitAt


def state_to_record(s: GameState) -> Dict[str, Any]:
    units: Dict[str, List[str]] = {}
    for u in sorted(s.units.values(), key=lambda u: (u.power, u.loc)):
        units.setdefault(u.power, []).append(str(u))
    centers: Dict[str, List[str]] = {}
    for c, p in sorted(s.centers.items()):
        centers.setdefault(p, []).append(c)
    dislodged: Dict[str, List[Dict[str, Any]]] = {}
    for prov, d in sorted(s.dislodged.items()):
        rec: Dict[str, Any] = {"unit": str(d.unit), "attacker_from": d.attacker_from}
        if d.by_convoy:
            rec["by_convoy"] = True
        dislodged.setdefault(d.unit.power, []).append(rec)
    out: Dict[str, Any] = {"phase": str(s.phase), "units": units, "centers": centers,
                           "dislodged": dislodged}
    if s.standoffs:
        out["standoffs"] = sorted(s.standoffs)
    if s.static_falls:
        out["static_falls"] = s.static_falls
    return out


def state_from_record(variant: Variant, rec: Any, where: str = "<input>") -> Tuple[GameState, List[Problem]]:
    """A position from its record; every problem is collected, none raised."""
    problems: List[Problem] = []

    def bad(message: str, hint: str) -> None:
        problems.append(Problem("VK401", message, hint, where))

    if not isinstance(rec, dict):
        bad("the position is not a JSON object", 'give {"phase": "S1901M", "units": {...}, ...}')
        return GameState(Phase.parse(variant.rules.start)), problems
    try:
        phase = Phase.parse(str(rec.get("phase", variant.rules.start)))
    except ValueError as exc:
        bad(str(exc), "phases are S/F/W, the year, and M/R/A")
        phase = Phase.parse(variant.rules.start)
    s = GameState(phase)
    powers = {p.id for p in variant.powers}
    locations = {lid for p in variant.provinces for lid in p.location_ids}

    def unit(power: str, text: Any) -> UnitAt:
        try:
            kind, loc = str(text).split()
            u = UnitAt(power, UnitType(kind.upper()), loc.lower())
        except ValueError:
            bad(f"cannot read the unit {text!r} of {power}", "write units as 'A par' or 'F spa/nc'")
            return None
        if u.loc not in locations:
            bad(f"the unit {text!r} of {power} stands on no location of {variant.id}",
                "use the variant's ids, with coasts as spa/nc")
            return None
        return u

    for key in ("units", "centers", "dislodged"):
        for power in (rec.get(key) or {}):
            if power not in powers:
                bad(f"{key}: unknown power {power!r}", f"powers of {variant.id}: {', '.join(sorted(powers))}")
    for power, units in (rec.get("units") or {}).items():
        for text in units or ():
            u = unit(power, text)
            if u is None:
                continue
            if u.province in s.units:
                bad(f"two units in {u.province}", "one unit a province")
            s.units[u.province] = u
    for power, centres in (rec.get("centers") or {}).items():
        for c in centres or ():
            s.centers[str(c).lower()] = power
    for power, items in (rec.get("dislodged") or {}).items():
        for item in items or ():
            if not isinstance(item, dict) or "unit" not in item:
                bad(f"dislodged: cannot read {item!r}", 'write {"unit": "A mar", "attacker_from": "gas"}')
                continue
            u = unit(power, item["unit"])
            if u is not None:
                frm = item.get("attacker_from")
                s.dislodged[u.province] = Dislodged(u, split_location(frm)[0] if frm else None,
                                                    bool(item.get("by_convoy")))
    s.standoffs = {str(p).lower() for p in rec.get("standoffs", ())}
    s.static_falls = int(rec.get("static_falls", 0) or 0)
    return s, problems


def game_to_record(game: Game) -> Dict[str, Any]:
    return {
        "variant": game.variant.id,
        "history": [{"phase": str(r.phase), "position": state_to_record(r.before),
                     "results": [outcome_record(o) for o in r.outcomes]} for r in game.history],
        "position": state_to_record(game.state),
        "winner": game.winner,
        "drawn": game.drawn,
    }


def outcome_record(o) -> Dict[str, Any]:
    return {"power": o.power, "order": o.text, "outcome": o.outcome, "reason": o.reason}


def dump_game(game: Game, path: str) -> None:
    from ..files import atomic_write
    rec = game_to_record(game)
    if path.endswith((".yaml", ".yml")):
        atomic_write(path, yaml.safe_dump(rec, sort_keys=False, allow_unicode=True))
    else:
        atomic_write(path, json.dumps(rec, indent=1) + "\n")


def load_game(variant: Variant, path: str) -> Tuple[Game, List[Problem]]:
    with open(path, encoding="utf-8") as fh:
        text = fh.read()
    rec = yaml.safe_load(text) if path.endswith((".yaml", ".yml")) else json.loads(text)
    state, problems = state_from_record(variant, rec.get("position", {}), path)
    game = Game(variant, state, winner=rec.get("winner"), drawn=bool(rec.get("drawn")))
    from ..rules.movement import Outcome
    from ..rules.orders import Hold
    for h in rec.get("history", ()):
        before, more = state_from_record(variant, h.get("position", {}), path)
        problems.extend(more)
        outcomes = [Outcome(r["power"], Hold(r["power"], None, ""), r["order"], r["outcome"],
                            r.get("reason", "")) for r in h.get("results", ())]
        game.history.append(PhaseRecord(Phase.parse(h["phase"]), before, outcomes))
    return game, problems
