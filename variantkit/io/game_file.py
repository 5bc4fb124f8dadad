"""Positions and games as plain records (JSON or YAML), with full history.

The position record is the one ``variantkit adjudicate`` reads and writes:
``{"phase", "units": {POWER: ["A par"]}, "centers": {POWER: ["par"]},
"dislodged": {POWER: [{"unit": "A mar", "attacker_from": "gas"}]}}``.
"""
from __future__ import annotations

import json
from typing import Any, Dict, List, Mapping, Optional, Tuple

import yaml

from ..model import Terrain, UnitType, Variant, split_location
from ..problems import Problem
from ..rules.game import Game, PhaseRecord
from ..rules.orders import Phase
from ..rules.state import Dislodged, GameState, UnitAt, position_record


class DuplicateKey(ValueError):
    """A JSON object naming one key twice: the second would silently replace
    the first (an order list, a unit), so it is refused, as YAML's are."""


def _unique(pairs: List[Tuple[str, Any]]) -> Dict[str, Any]:
    out: Dict[str, Any] = {}
    for k, v in pairs:
        if k in out:
            raise DuplicateKey(f"the key {_short(k)} appears twice in one object (the second would replace "
                               "the first)")
        out[k] = v
    return out


def loads_unique(text: str) -> Any:
    """``json.loads`` refusing a key given twice in one object (DuplicateKey)."""
    return json.loads(text, object_pairs_hook=_unique)


# the position record is written every phase: rules/state.py makes it (compiled with the
# adjudicator where the build is, see setup.py); this module reads it back
state_to_record = position_record


MAX_GAME_BYTES = 64 * 1024 * 1024  # a century of a 10,000-unit game is ~40 MB of JSON


def _short(value: Any) -> str:
    """A value for a message: its repr, cut short (a file's value may be huge)."""
    text = repr(value)
    return text if len(text) <= 60 else text[:50] + f"... ({len(text)} characters)"


def state_from_record(variant: Variant, rec: Any, where: str = "<input>",
                      path: str = "") -> Tuple[GameState, List[Problem]]:
    """A position from its record; every problem is collected, none raised.

    The record is checked as documented in docs/format.md: each field's JSON
    type, units on spaces their type can stand on, centres that exist with
    one owner.  ``path`` prefixes the field names in messages (``history[3].position``)."""
    from ..graph import Graph
    problems: List[Problem] = []
    at = f"{path}." if path else ""

    def bad(code: str, /, *, field: str, **params: object) -> None:
        # the field named from the record's top (``history[3].position.units``)
        problems.append(Problem.of(code, field=at + field, **params).at(where))

    start = Phase.parse(variant.rules.start)
    if not isinstance(rec, dict):
        problems.append(Problem.of("VK401", field=path or "the position", value=f"a {type(rec).__name__}",
                                   expected="an object",
                                   advice='give {"phase": "S1901M", "units": {...}, "centers": {...}}').at(where))
        return GameState(start), problems
    phase_text = rec.get("phase", variant.rules.start)
    try:
        if not isinstance(phase_text, str):
            raise ValueError(f"phase: {_short(phase_text)} is not a phase")
        phase = Phase.parse(phase_text)
    except ValueError:
        bad("VK401", field="phase", value=_short(phase_text), expected="a phase",
            advice="phases are S/F/W, the year, and M/R/A: S1901M")
        phase = start
    s = GameState(phase)
    powers = {p.id for p in variant.powers}
    graph = Graph(variant, None)
    provinces = {p.id: p for p in variant.provinces}

    def by_power(key: str) -> Dict[str, list]:
        """``{power: [...]}`` with the types checked; bad entries reported and left out."""
        value = rec.get(key)
        if value is None:
            return {}
        if not isinstance(value, dict):
            bad("VK401", field=key, value=_short(value), expected="an object of powers",
                advice='write {"france": [...]}')
            return {}
        out = {}
        for power, items in value.items():
            if power not in powers:
                bad("VK413", field=key, power=_short(power), variant=variant.id, powers=", ".join(sorted(powers)))
            elif items is None:
                continue
            elif not isinstance(items, list):
                bad("VK401", field=f"{key}.{power}", value=_short(items), expected="a list",
                    advice=f'write "{power}": [...]')
            else:
                out[power] = items
        return out

    def unit(power: str, text: Any, field: str) -> Optional[UnitAt]:
        if not isinstance(text, str) or len(text.split()) != 2 or text.split()[0].upper() not in ("A", "F"):
            bad("VK401", field=field, value=_short(text), expected="a unit",
                advice="write units as 'A par' or 'F spa/nc'")
            return None
        kind, loc = text.split()
        u = UnitAt(power, UnitType(kind.upper()), loc.lower())
        if u.loc not in graph.locations:
            bad("VK414", field=field, unit=_short(text), variant=variant.id)
            return None
        if not graph.may_stand(u.type, u.loc):
            p = provinces[u.province]
            why = ("an army cannot stand on a coast; write the province" if "/" in u.loc and u.type is UnitType.ARMY
                   else f"a fleet in {p.id} stands on one of its coasts: {', '.join(p.location_ids[1:])}"
                   if p.coasts and u.type is UnitType.FLEET
                   else f"{p.id} is {p.terrain.value}: {'armies' if u.type is UnitType.FLEET else 'fleets'} only"
                   if p.terrain is not Terrain.IMPASSABLE else f"nothing stands on {p.id}")
            bad("VK404", field=field, unit="an army" if u.type is UnitType.ARMY else "a fleet", location=u.loc,
                why=why)
            return None
        return u

    for power, units in by_power("units").items():
        for i, text in enumerate(units):
            u = unit(power, text, f"units.{power}[{i}]")
            if u is None:
                continue
            if u.province in s.units:
                bad("VK415", field=f"units.{power}[{i}]", province=u.province)
            s.units[u.province] = u
    for power, centres in by_power("centers").items():
        for i, c in enumerate(centres):
            if not isinstance(c, str) or c.lower() not in provinces or not provinces[c.lower()].center:
                bad("VK405", field=f"centers.{power}[{i}]", centre=_short(c), variant=variant.id)
                continue
            c = c.lower()
            if c in s.centers and s.centers[c] != power:
                bad("VK406", field=f"centers.{power}[{i}]", centre=c, owner=s.centers[c], power=power)
                continue
            s.centers[c] = power
    for power, items in by_power("dislodged").items():
        for i, item in enumerate(items):
            field = f"dislodged.{power}[{i}]"
            if not isinstance(item, dict) or not isinstance(item.get("unit"), str):
                bad("VK401", field=field, value=_short(item), expected="a dislodged unit",
                    advice='write {"unit": "A mar", "attacker_from": "gas"}')
                continue
            frm = item.get("attacker_from")
            if frm is not None and (not isinstance(frm, str) or split_location(frm.lower())[0] not in provinces):
                bad("VK401", field=f"{field}.attacker_from", value=_short(frm), expected=f"a province of {variant.id}",
                    advice="the province the attack came from, or null")
                continue
            if not isinstance(item.get("by_convoy", False), bool):
                bad("VK401", field=f"{field}.by_convoy", value=_short(item["by_convoy"]), expected="true or false",
                    advice="write true or false")
                continue
            u = unit(power, item["unit"], field + ".unit")
            if u is not None:
                s.dislodged[u.province] = Dislodged(u, split_location(frm.lower())[0] if frm else None,
                                                    bool(item.get("by_convoy")))
    standoffs = rec.get("standoffs", [])
    if not isinstance(standoffs, list) or not all(isinstance(p, str) for p in standoffs):
        bad("VK401", field="standoffs", value=_short(standoffs), expected="a list of provinces",
            advice='write ["bur", "mun"]')
    else:
        s.standoffs = {p.lower() for p in standoffs}
    falls = rec.get("static_falls", 0)
    if falls is None:
        falls = 0
    if isinstance(falls, bool) or not isinstance(falls, int) or not 0 <= falls <= 1_000_000:
        bad("VK401", field="static_falls", value=_short(falls), expected="a count", advice="a whole number, 0 or more")
    else:
        s.static_falls = falls
    return s, problems


def orders_from_record(variant: Variant, rec: Any, where: str,
                       max_chars: int) -> Tuple[Dict[str, List[str]], List[Problem]]:
    """``{power: ["A par - bur", ...]}`` with its types checked, and no line
    over ``max_chars`` characters."""
    problems: List[Problem] = []
    if rec is None:
        return {}, problems
    powers = {p.id for p in variant.powers}
    if not isinstance(rec, dict):
        return {}, [Problem.of("VK401", field="orders", value=_short(rec), expected="an object of powers",
                               advice='write {"france": ["A par - bur"]}').at(where)]
    out: Dict[str, List[str]] = {}
    for power, lines in rec.items():
        if power not in powers:
            problems.append(Problem.of("VK413", field="orders", power=_short(power), variant=variant.id,
                                       powers=", ".join(sorted(powers))).at(where))
            continue
        if lines is None:
            continue
        if not isinstance(lines, list):
            problems.append(Problem.of("VK401", field=f"orders.{power}", value=_short(lines),
                                       expected="a list of orders", advice=f'write "{power}": ["A par - bur"]')
                            .at(where))
            continue
        for i, line in enumerate(lines):
            if not isinstance(line, str):
                problems.append(Problem.of("VK401", field=f"orders.{power}[{i}]", value=_short(line),
                                           expected="an order", advice="an order is text: 'A par - bur'").at(where))
            elif len(line) > max_chars:
                problems.append(Problem.of("VK008", line=f"the order orders.{power}[{i}]", length=len(line),
                                           limit=max_chars).at(where))
        out[power] = [line for line in lines if isinstance(line, str) and len(line) <= max_chars]
    return out, problems


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
    """An outcome for other tools: ``code`` and ``params`` to act on, ``reason``
    in words for people."""
    return {"power": o.power, "order": o.text, "outcome": o.outcome, "reason": o.reason,
            "code": o.code.value, "params": dict(o.params)}


def outcome_from_record(game: Game, r: Mapping[str, Any]):
    """An outcome read back, with its order parsed once here (so nobody
    downstream reads order text again); a file without codes keeps its words."""
    from ..rules.orders import Hold
    from ..rules.outcomes import Code, Outcome, words
    from ..rules.parse import OrderError
    try:
        order = game.parser().parse(r["order"], r["power"])
    except OrderError:
        order = Hold(r["power"], None, "", r["order"])
    try:
        code, params = Code(r["code"]), dict(r.get("params") or {})
        words(code, params)  # parameters that cannot be put into words are no code
    except (KeyError, ValueError, TypeError, IndexError):
        reason = r.get("reason", "")
        code, params = (Code.NOTED, {"text": reason}) if reason else (Code.OK, {})
    return Outcome(r["power"], order, r["order"], r["outcome"], code, params)


def dump_game(game: Game, path: str) -> None:
    from ..files import atomic_write
    rec = game_to_record(game)
    if path.endswith((".yaml", ".yml")):
        atomic_write(path, yaml.safe_dump(rec, sort_keys=False, allow_unicode=True))
    else:
        atomic_write(path, json.dumps(rec, indent=1) + "\n")


def load_game(variant: Variant, path: str) -> Tuple[Game, List[Problem]]:
    """A saved game, every field's type checked; problems collected."""
    from ..files import read_limited
    from ..problems import UnusableInput
    from .yaml_source import read_yaml
    if path.endswith((".yaml", ".yml")):
        rec = read_yaml(path, limit=MAX_GAME_BYTES)[0]
    else:
        raw = read_limited(path, MAX_GAME_BYTES, "VK400", what="game file")
        try:
            rec = loads_unique(raw.decode("utf-8"))
        except (UnicodeDecodeError, ValueError, RecursionError) as exc:
            line = getattr(exc, "lineno", None)
            reason = (exc.msg if isinstance(exc, json.JSONDecodeError) else str(exc)
                      if isinstance(exc, DuplicateKey) else "not UTF-8 JSON this program reads")
            raise UnusableInput([Problem.of("VK400", path=path, reason=f"not JSON: {reason}").at(path, line)])
    if not isinstance(rec, dict):
        raise UnusableInput([Problem.of("VK401", field="the game file", value=f"a {type(rec).__name__}",
                                        expected="an object", advice='a game is {"position": ..., "history": [...]}')
                             .at(path)])
    state, problems = state_from_record(variant, rec.get("position", {}), path, "position")
    winner = rec.get("winner")
    if winner is not None and (not isinstance(winner, str) or winner not in {p.id for p in variant.powers}):
        problems.append(Problem.of("VK401", field="winner", value=_short(winner), expected=f"a power of {variant.id}",
                                   advice="the winning power's id, or null").at(path))
        winner = None
    game = Game(variant, state, winner=winner, drawn=rec.get("drawn") is True)
    history = rec.get("history") or []
    if not isinstance(history, list):
        problems.append(Problem.of("VK401", field="history", value=_short(history), expected="a list",
                                   advice="a list of phases").at(path))
        history = []
    for i, h in enumerate(history):
        where = f"history[{i}]"
        if not isinstance(h, dict):
            problems.append(Problem.of("VK401", field=where, value=_short(h), expected="a phase record",
                                       advice='{"phase": "S1901M", "position": ..., "results": [...]}').at(path))
            continue
        try:
            phase = Phase.parse(h["phase"]) if isinstance(h.get("phase"), str) else None
        except ValueError:
            phase = None
        if phase is None:
            problems.append(Problem.of("VK401", field=f"{where}.phase", value=_short(h.get("phase")),
                                       expected="a phase", advice="phases are S/F/W, the year, and M/R/A: S1901M")
                            .at(path))
            continue
        before, more = state_from_record(variant, h.get("position", {}), path, f"{where}.position")
        problems.extend(more)
        results = h.get("results") or []
        outcomes = []
        for j, r in enumerate(results if isinstance(results, list) else [results]):
            if not isinstance(r, dict) or not all(isinstance(r.get(k), str) for k in ("power", "order", "outcome")) \
                    or not isinstance(r.get("reason", ""), (str, type(None))):
                problems.append(Problem.of("VK401", field=f"{where}.results[{j}]", value=_short(r),
                                           expected="a result",
                                           advice='{"power": ..., "order": ..., "outcome": ..., "reason": ...}')
                                .at(path))
                continue
            outcomes.append(outcome_from_record(game, r))
        game.history.append(PhaseRecord(phase, before, outcomes))
    if not problems:  # a file that reads cleanly is then played again (game_history)
        from .game_history import check_history
        problems.extend(check_history(variant, game, path, state_to_record))
    return game, problems
