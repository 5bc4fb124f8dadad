"""A phase's results as things to draw: the bridge between the rules and the picture."""
from __future__ import annotations

from typing import List, Optional

from .render import OrderMark


def outcome_marks(outcomes) -> List[OrderMark]:
    """Outcomes of a phase as things to draw, from their orders and codes
    (nothing is read from text here)."""
    out = []
    for o in outcomes:
        mark = _mark(o.power, o.order, o.outcome, o.reason, o.code.value)
        if mark is not None:
            out.append(mark)
    return out


def order_marks(parser, outcomes) -> List[OrderMark]:
    """Result records of a game file as things to draw (orders that cannot be
    read are skipped): the one place order text is read again, for files."""
    from ..rules.parse import OrderError
    out = []
    for o in outcomes:
        try:
            order = parser.parse(o["order"], o["power"])
        except OrderError:
            continue
        mark = _mark(o["power"], order, o["outcome"], o.get("reason", ""), o.get("code", ""))
        if mark is not None:
            out.append(mark)
    return out


def _mark(power: str, order, outcome: str, reason: str, code: str) -> Optional[OrderMark]:
    from ..rules.orders import Build, Convoy, Disband, Move, Remove, Retreat, Support, Waive
    if isinstance(order, Waive) or not order.loc:
        return None
    kind = {Move: "move", Support: "support", Convoy: "convoy", Retreat: "retreat", Build: "build",
            Remove: "remove", Disband: "disband"}.get(type(order), "hold")
    unit = f"{order.unit.value if order.unit else 'A'} {order.loc}"
    to = getattr(order, "dest", None) or None
    target = getattr(order, "target", None) or getattr(order, "army_from", None) or None
    target_to = getattr(order, "target_dest", None) or getattr(order, "army_to", None) or None
    return OrderMark(power, kind, unit, to, target, target_to, outcome, reason, code)
