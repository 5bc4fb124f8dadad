"""What play mode knows about orders beyond reading them: whose unit an
order is for, and every whole order the phase allows (for completion:
``A pa`` offers ``A Par - Bur``, ``A Par S A Mar - Bur`` and the rest),
which is the rules' options API written out."""
from __future__ import annotations

from typing import List, Optional, Tuple

from variantkit.model import split_location
from variantkit.rules.options import options
from variantkit.rules.orders import Build, Waive, describe


def _loc(loc: str) -> str:
    return loc[:1].upper() + loc[1:]


def owner(game, order) -> Tuple[Optional[str], str]:
    """(the power the order belongs to, "") or (None, why it is refused)."""
    if isinstance(order, Waive):
        return (order.power or None), ("" if order.power else "a waive names its power: 'france: waive'")
    prov = split_location(order.loc)[0]
    state = game.state
    if isinstance(order, Build):
        who = state.centers.get(prov)
        return (who, "") if who else (None, f"nobody owns {prov}: no build there")
    if state.phase.kind == "R":
        d = state.dislodged.get(prov)
        return (d.unit.power, "") if d else (None, f"no dislodged unit in {prov}")
    unit = state.units.get(prov)
    return (unit.power, "") if unit else (None, f"no unit in {prov}")


def whole_orders(game) -> List[str]:
    """Every order a unit (or power) could be given this phase, written out:
    the rules' own list of legal orders (the same the CLI's ``options``
    gives), with the places capitalised as a player types them."""
    places = set(game.graph().locations)
    out: List[str] = []
    for by_place in options(game).values():
        for orders in by_place.values():
            for o in orders:
                if isinstance(o, Waive):
                    out.append(f"{o.power}: waive")
                else:
                    out.append(" ".join(_loc(w) if w in places else w for w in describe(o).split()))
    return out
