"""A saved game checked against its own history and the variant.

A game file holds every phase played: the position before it and the
orders given.  Anyone can edit the file (move another power's units, give
a power a centre, rewrite an order), so on reading, the history is played
again from the variant's start with the rules, and each position it holds
must be the one the phases before it leave; the current position must be
the one the last phase leaves.  The first difference of each kind is named
(VK416) with the field and what differs.
"""
from __future__ import annotations

from typing import Any, Callable, Dict, List

from ..model import Variant
from ..problems import Problem
from ..rules.game import Game
from ..rules.state import GameState


def _differs(found: Dict[str, Any], expected: Dict[str, Any]) -> str:
    """What the file says against what the rules leave, shortly: the first field that differs."""
    for key in ("phase", "units", "centers", "dislodged", "standoffs", "static_falls"):
        a, b = found.get(key), expected.get(key)
        if key in ("units", "centers", "dislodged"):
            for power in sorted(set(a or {}) | set(b or {})):
                x, y = (a or {}).get(power, []), (b or {}).get(power, [])
                if x != y:
                    extra = [str(v) for v in x if v not in y]
                    missing = [str(v) for v in y if v not in x]
                    parts = ([f"{', '.join(extra[:3])} not there"] if extra else []) + \
                            ([f"{', '.join(missing[:3])} missing"] if missing else [])
                    return f"{key} of {power}: {'; '.join(parts) or 'in another order'}"
        elif a != b:
            return f"{key} is {a!r}, the phases before leave {b!r}"
    return ""


def check_history(variant: Variant, game: Game, path: str,
                  state_to_record: Callable[[GameState], Dict[str, Any]]) -> List[Problem]:
    """Play ``game``'s history again from the variant's start; the problems of
    each place where the file differs from what the rules leave, positions
    compared as the game file writes them (``state_to_record``: the file's
    own writer, given by it, so this module does not import it back)."""
    replay = Game(variant, GameState.start(variant))
    for i, rec in enumerate(game.history):
        where = f"history[{i}]"
        if rec.phase != replay.state.phase:
            return [Problem.of("VK416", where=f"{where}.phase",
                               what=f"{rec.phase} where the game was at {replay.state.phase}").at(path)]
        differs = _differs(state_to_record(rec.before), state_to_record(replay.state))
        if differs:
            return [Problem.of("VK416", where=f"{where}.position", what=differs).at(path)]
        orders: Dict[str, List[str]] = {}
        for o in rec.outcomes:
            orders.setdefault(o.power, []).append(o.text)
        parsed, unreadable = replay.parse(orders)
        replay.process(parsed, unreadable)
    if game.history:
        differs = _differs(state_to_record(game.state), state_to_record(replay.state))
        if differs:
            return [Problem.of("VK416", where="position", what=differs).at(path)]
    elif _differs(state_to_record(game.state), state_to_record(replay.state)) and \
            game.state.phase != replay.state.phase:
        # no history: a position of the start's phase may be set up by hand
        # (adjudicate's input); a later phase must have its phases before it
        return [Problem.of("VK416", where="position",
                           what=f"at {game.state.phase} with no phase played before it").at(path)]
    return []

