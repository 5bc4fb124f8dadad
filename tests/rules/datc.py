"""Readers of the two DATC files, and one runner for both.

Cases become :class:`Case` records: a phase kind, units (by power), centre
owners, orders, and what the DATC expects (an outcome per order, or the
position after the phase).  ``run_case`` plays the case through the same
:class:`Game` that users play, on the bundled standard map.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Dict, List, Optional, Tuple

from variantkit.io import load
from variantkit.model import UnitType
from variantkit.rules.game import Game
from variantkit.rules.orders import Phase
from variantkit.rules.state import GameState, UnitAt

ROOT = Path(__file__).resolve().parents[2]
CODES = {"ENG": "england", "FRA": "france", "GER": "germany", "ITA": "italy", "AUS": "austria",
         "RUS": "russia", "TUR": "turkey"}
_standard = None


def standard(v24: bool = False):
    """The bundled standard map; DATC v2.4 prefers the convoy fallback of 4.A.3."""
    global _standard
    if _standard is None:
        _standard = load(str(ROOT / "maps" / "standard")).variant
    if v24:
        return replace(_standard, rules=replace(
            _standard.rules, options={**_standard.rules.options, "convoy_fallback": True}))
    return _standard


@dataclass
class Case:
    name: str
    phase: str                                   # "M", "R" or "A"
    units: List[Tuple[str, str]]                  # (power, "F nth")
    orders: List[Tuple[str, str]]                 # (power, text)
    expect: Dict[int, str] = field(default_factory=dict)  # order index -> succeeds/fails
    owners: Dict[str, str] = field(default_factory=dict)  # centre -> power (changes from the start)
    before: Optional["Case"] = None               # the movement phase before a retreat phase
    civil_disorder: Optional[List[Tuple[str, str]]] = None
    poststate: Optional[List[Tuple[str, str]]] = None      # units after (v2.4)
    post_dislodged: Optional[List[Tuple[str, str]]] = None
    season: str = "S"
    year: int = 1901
    edition: str = ""


def _unit_of(text: str) -> str:
    m = re.match(r"^\s*([AF])\s+([a-z]{3}(?:\([a-z]{2}\)|/[a-z]{2})?)", text.strip(), re.I)
    kind, loc = m.group(1).upper(), m.group(2).lower()
    return f"{kind} {loc.replace('(', '/').replace(')', '')}"


# ---------------------------------------------------------------------------
# DATC v3.0 JSON

def v3_cases(path: Path) -> List[Case]:
    data = json.loads(path.read_text())
    out = []
    for c in data["cases"]:
        out.append(_v3_case(c))
    return out


def _split(key: str) -> Tuple[str, str]:
    code, _, text = key.partition(":")
    return CODES[code.strip()], text.strip()


def _v3_case(c: dict) -> Case:
    kind = {"Main": "M", "Retreat": "R", "Build": "A"}[c["phase"]]
    orders, expect = [], {}
    for i, (key, result) in enumerate(c["orders"].items()):
        power, text = _split(key)
        orders.append((power, text))
        if result is not None:
            expect[i] = result.lower()
    units = [(p, _unit_of(t)) for p, t in (_split(u) for u in c.get("starting_state", []))]
    if kind == "M":  # the ordered units stand where ordered, unless the case places them
        placed = {u.split()[1].split("/")[0] for _, u in units}
        for p, t in orders:
            u = _unit_of(t)
            if u.split()[1].split("/")[0] not in placed:
                units.append((p, u))
                placed.add(u.split()[1].split("/")[0])
    case = Case(c["name"] + (f" ({c['edition']} rules)" if c.get("edition") else ""), kind, units,
                orders, expect, owners={k: CODES[v] for k, v in c.get("occupiers", {}).items()},
                edition=c.get("edition", ""))
    if kind == "R":
        pre = c["preceding_main_phase"]
        case.before = _v3_case({"name": c["name"] + "/movement", "phase": "Main",
                                "orders": pre["orders"], "starting_state": pre.get("starting_state", [])})
        case.units = []
    if kind == "A":
        case.season, case.units = "W", [(p, u) for p, u in units]
        if "civil_disorder" in c:
            case.civil_disorder = [_split(u) for u in c["civil_disorder"]]
    return case


# ---------------------------------------------------------------------------
# DATC v2.4 in jDip's text format (godip's copy)

GODIP_NAMES = {"gol": "lyo", "mid": "mao", "nat": "nao", "nrg": "nwg"}
TYPOS = {"germnay": "germany"}  # as written in the file's 6.A.5


def v24_cases(path: Path) -> List[Case]:
    cases, cur, section = [], None, None
    for raw in path.read_text().splitlines():
        line = raw.split("#", 1)[0].rstrip() if not raw.lstrip().startswith("#") else ""
        if not line.strip():
            continue
        word = line.strip()
        if word.startswith("CASE "):
            cur = {"name": word[5:].strip(), "pre": [], "orders": [], "post": None, "dis": None,
                   "phase": None, "owners": {}, "predis": [], "results": []}
            section = None
        elif word.startswith("PRESTATE_SETPHASE"):
            cur["phase"] = word.split(None, 1)[1]
        elif word in ("PRESTATE", "ORDERS", "POSTSTATE", "POSTSTATE_DISLODGED",
                      "PRESTATE_SUPPLYCENTER_OWNERS", "PRESTATE_DISLODGED", "PRESTATE_RESULTS"):
            section = word
            if word == "POSTSTATE":
                cur["post"] = []
            if word == "POSTSTATE_DISLODGED":
                cur["dis"] = []
        elif word == "POSTSTATE_SAME":
            cur["post"] = "same"
            cur["dis"] = cur["dis"] or []
        elif word == "END":
            cases.append(_v24_case(cur))
            cur = None
        elif cur is not None and section is not None:
            if section == "PRESTATE_RESULTS":
                verdict, _, rest = word.partition(":")
                power, _, text = rest.strip().partition(":")
                cur["results"].append((verdict.strip(), power.strip().lower(), text.strip()))
                continue
            power, _, text = word.partition(":")
            if not text:  # a line or two lack the colon: "Italy F gol"
                power, _, text = word.partition(" ")
            for old, new in GODIP_NAMES.items():
                text = re.sub(rf"\b{old}\b", new, text)
            power = TYPOS.get(power.strip().lower(), power.strip().lower())
            entry = (power, text.strip())
            key = {"PRESTATE": "pre", "ORDERS": "orders", "POSTSTATE": "post",
                   "POSTSTATE_DISLODGED": "dis", "PRESTATE_SUPPLYCENTER_OWNERS": "owners",
                   "PRESTATE_DISLODGED": "predis"}.get(section)
            if key == "owners":
                cur["owners"][_unit_of(text).split()[1].split("/")[0]] = entry[0]
            elif key:
                cur[key].append(entry)
    return cases


def _v24_case(c: dict) -> Case:
    m = re.match(r"(\w+)\s+(\d+),\s*(\w+)", c["phase"] or "Spring 1901, Movement")
    season = {"spring": "S", "fall": "F", "winter": "W"}[m.group(1).lower()]
    kind = {"movement": "M", "retreat": "R", "adjustment": "A"}[m.group(3).lower()]
    if kind == "A":
        season = "W"
    units = [(p, _unit_of(t)) for p, t in c["pre"]]
    post = units if c["post"] == "same" else [(p, _unit_of(t)) for p, t in (c["post"] or [])]
    case = Case("v2.4 " + c["name"], kind, units, c["orders"], owners=c["owners"], poststate=post,
                post_dislodged=[(p, _unit_of(t)) for p, t in (c["dis"] or [])],
                season=season, year=int(m.group(2)))
    case.predislodged = [(p, _unit_of(t)) for p, t in c["predis"]]
    case.results = c["results"]
    return case


# ---------------------------------------------------------------------------
# running

def _state(case: Case, kind: str) -> GameState:
    v = standard()
    state = GameState.start(v)
    state.units = {}
    state.phase = Phase(case.year, case.season, kind)
    for power, unit in case.units:
        t, loc = unit.split()
        state.units[loc.split("/")[0]] = UnitAt(power, UnitType(t), loc)
    if case.name.startswith("v2.4") and case.owners:
        state.centers = {}  # v2.4 lists every owned centre
    elif kind == "A":  # v3.0: a Winter after Fall, so units own the centres they stand on
        for unit in state.units.values():
            if v.province(unit.province).center:
                state.centers[unit.province] = unit.power
    for centre, power in case.owners.items():
        state.centers[centre] = power
    return state


def play(case: Case, options: Optional[Dict[str, object]] = None):
    """Returns (outcomes of the case's own orders, the game after the phase);
    ``options`` are rule options set on top of the map's (DATC 4's choices)."""
    v = standard(case.name.startswith("v2.4"))
    if options:
        v = replace(v, rules=replace(v.rules, options={**v.rules.options, **options}))
    if case.phase == "R" and case.before is not None:
        game = Game(v, _state(case.before, "M"))
        orders, bad = game.parse(_by_power(case.before.orders))
        game.process(orders, bad)
    elif case.phase == "R":
        game = Game(v, _state(case, "R"))
        from variantkit.rules.state import Dislodged
        # the movement before: who came from where, and where units bounced
        came_from, bounced = {}, set()
        gone = {u.split()[1].split("/")[0] for _, u in getattr(case, "predislodged", [])}
        for verdict, _power, text in getattr(case, "results", []):
            m = re.match(r"^[AF]\s+(\w+)(?:/\w+)?\s*-\s*(\w+)", text)
            if not m:
                continue
            if verdict == "SUCCESS":
                came_from[m.group(2)] = (m.group(1), "via convoy" in text)
            elif m.group(1) not in gone:  # a dislodged unit's bounce contests nothing
                bounced.add(m.group(2))
        for power, unit in getattr(case, "predislodged", []):
            t, loc = unit.split()
            prov = loc.split("/")[0]
            src, convoyed = came_from.get(prov, (None, False))
            game.state.dislodged[prov] = Dislodged(UnitAt(power, UnitType(t), loc), src, convoyed)
        game.state.standoffs = {p for p in bounced if p not in game.state.units}
    else:
        game = Game(v, _state(case, case.phase))
    orders, bad = game.parse(_by_power(case.orders))
    outcomes = game.process(orders, bad)
    return outcomes, game


def _by_power(orders):
    out: Dict[str, List[str]] = {}
    for power, text in orders:
        out.setdefault(power, []).append(text)
    return out
