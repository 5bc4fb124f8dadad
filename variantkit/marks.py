"""A phase's results as things to draw: the bridge between the rules and the picture."""
from __future__ import annotations

from typing import List

from .render import OrderMark


def order_marks(parser, outcomes) -> List[OrderMark]:
    """Results of a phase as things to draw (orders that cannot be read are skipped)."""
    from .rules.orders import Build, Convoy, Disband, Move, Remove, Retreat, Support, Waive
    from .rules.parse import OrderError
    out = []
    for o in outcomes:
        try:
            order = parser.parse(o["order"], o["power"])
        except OrderError:
            continue
        if isinstance(order, Waive) or not order.loc:
            continue
        kind = {Move: "move", Support: "support", Convoy: "convoy", Retreat: "retreat", Build: "build",
                Remove: "remove", Disband: "disband"}.get(type(order), "hold")
        unit = f"{order.unit.value if order.unit else 'A'} {order.loc}"
        to = getattr(order, "dest", None) or None
        target = getattr(order, "target", None) or getattr(order, "army_from", None) or None
        target_to = getattr(order, "target_dest", None) or getattr(order, "army_to", None) or None
        out.append(OrderMark(o["power"], kind, unit, to, target, target_to, o["outcome"], o.get("reason", "")))
    return out
