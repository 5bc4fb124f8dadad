"""Drive the `diplomacy` package (a test extra) with the same orders as our Game."""
from __future__ import annotations

from typing import Dict, List, Set, Tuple

from variantkit.model import split_location
from variantkit.rules.orders import (Build, Convoy, Disband, Move, Order, Remove, Retreat, Support,
                                     Waive)


def _loc(loc: str, keep_coast: bool = True) -> str:
    return (loc if keep_coast else split_location(loc)[0]).upper()


def order_text(o: Order, kind: str) -> str:
    u = o.unit.value if o.unit else "A"
    here = f"{u} {_loc(o.loc)}"
    if isinstance(o, Move):
        return f"{here} - {_loc(o.dest)}" + (" VIA" if o.via_convoy else "")
    if isinstance(o, Support):
        tu = o.target_unit.value if o.target_unit else "A"
        target = f"{tu} {_loc(o.target, False)}"
        return f"{here} S {target}" + (f" - {_loc(o.target_dest, False)}" if o.target_dest else "")
    if isinstance(o, Convoy):
        return f"{here} C A {_loc(o.army_from, False)} - {_loc(o.army_to, False)}"
    if isinstance(o, Retreat):
        return f"{here} R {_loc(o.dest)}"
    if isinstance(o, (Disband, Remove)):
        return f"{here} D"
    if isinstance(o, Build):
        return f"{here} B"
    if isinstance(o, Waive):
        return "WAIVE"
    return f"{here} H"


class Peer:
    """The `diplomacy` package's Game on the same map."""

    def __init__(self, map_name: str = "standard"):
        from diplomacy import Game
        self.game = Game(map_name=map_name)

    def play(self, orders: List[Order], kind: str) -> None:
        by_power: Dict[str, List[str]] = {}
        for o in orders:
            by_power.setdefault(o.power.upper(), []).append(order_text(o, kind))
        for power, texts in by_power.items():
            self.game.set_orders(power, texts)
        self.game.process()

    @property
    def phase(self) -> str:
        return self.game.get_current_phase()

    def units(self) -> Set[Tuple[str, str]]:
        out = set()
        for power, units in self.game.get_state()["units"].items():
            for u in units:
                if not u.startswith("*"):
                    out.add((power.lower(), u[0] + " " + u[2:].lower()))
        return out

    def dislodged(self) -> Set[Tuple[str, str]]:
        out = set()
        for power, units in self.game.get_state()["retreats"].items():
            for u in units:
                out.add((power.lower(), u[0] + " " + u[2:].lower()))
        return out

    def centres(self) -> Set[Tuple[str, str]]:
        return {(p.lower(), c.lower()) for p, cs in self.game.get_state()["centers"].items() for c in cs}
