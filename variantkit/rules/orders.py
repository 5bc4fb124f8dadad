"""Orders and phases: plain records, one class per order type.

Locations are ids of the variant (``spa/nc``); a unit is named by where it
stands.  ``unit`` may be None where the player left the type out.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import total_ordering
from typing import Optional, Tuple

from ..model import UnitType, split_location


@total_ordering
@dataclass(frozen=True)
class Phase:
    """A phase; phases order in the game's time (S1901M < F1901M < W1901A),
    not by their letters."""
    year: int
    season: str   # "S", "F" or "W"
    kind: str     # "M", "R" or "A"

    @staticmethod
    def parse(text: str) -> "Phase":
        m = re.fullmatch(r"([SFW])(-?\d{1,6})([MRA])", text.strip().upper())
        if not m:
            raise ValueError(f"a phase is written like S1901M, not {text!r}")
        return Phase(int(m.group(2)), m.group(1), m.group(3))

    def __str__(self) -> str:
        return f"{self.season}{self.year}{self.kind}"

    @property
    def graph_season(self) -> str:
        """The season whose passability applies (winter builds use fall's)."""
        return "spring" if self.season == "S" else "fall"

    def sort_key(self):
        return (self.year, "SFW".index(self.season), "MRA".index(self.kind))

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Phase):
            return NotImplemented
        return self.sort_key() < other.sort_key()


@dataclass(frozen=True)
class Order:
    power: str
    unit: Optional[UnitType]
    loc: str
    text: str = field(default="", compare=False)

    @property
    def province(self) -> str:
        return split_location(self.loc)[0]


@dataclass(frozen=True)
class Hold(Order):
    pass


@dataclass(frozen=True)
class Move(Order):
    dest: str = ""
    via_convoy: bool = False
    route: Tuple[str, ...] = ()  # the convoying fleets' provinces, when given


@dataclass(frozen=True)
class Support(Order):
    target: str = ""                  # where the supported unit stands
    target_dest: Optional[str] = None  # where it moves; None: support to hold
    target_unit: Optional[UnitType] = None


@dataclass(frozen=True)
class Convoy(Order):
    army_from: str = ""
    army_to: str = ""


@dataclass(frozen=True)
class Retreat(Order):
    dest: str = ""


@dataclass(frozen=True)
class Disband(Order):
    pass


@dataclass(frozen=True)
class Build(Order):
    pass


@dataclass(frozen=True)
class Remove(Order):
    pass


@dataclass(frozen=True)
class Waive(Order):
    pass


def describe(o: Order) -> str:
    """The order in the project's own notation: ``A par - bur``."""
    u = f"{o.unit.value} " if o.unit else ""
    if isinstance(o, Move):
        via = f" - {' - '.join(o.route)}" if o.route else ""
        return f"{u}{o.loc}{via} - {o.dest}" + (" via convoy" if o.via_convoy and not o.route else "")
    if isinstance(o, Support):
        tu = f"{o.target_unit.value} " if o.target_unit else ""
        return f"{u}{o.loc} S {tu}{o.target}" + (f" - {o.target_dest}" if o.target_dest else "")
    if isinstance(o, Convoy):
        return f"{u}{o.loc} C A {o.army_from} - {o.army_to}"
    if isinstance(o, Retreat):
        return f"{u}{o.loc} R {o.dest}"
    if isinstance(o, Disband):
        return f"{u}{o.loc} D"
    if isinstance(o, Build):
        return f"Build {u}{o.loc}"
    if isinstance(o, Remove):
        return f"Remove {u}{o.loc}"
    if isinstance(o, Waive):
        return "Waive"
    return f"{u}{o.loc} H"
