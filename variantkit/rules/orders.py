"""Orders and phases: plain records, one class per order type.

Locations are ids of the variant (``spa/nc``); a unit is named by where it
stands.  ``unit`` may be None where the player left the type out.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field, fields
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


@dataclass(frozen=True, slots=True)
class Order:
    power: str
    unit: Optional[UnitType]
    loc: str
    text: str = field(default="", compare=False)

    @property
    def province(self) -> str:
        return split_location(self.loc)[0]


@dataclass(frozen=True, slots=True)
class Hold(Order):
    pass


@dataclass(frozen=True, slots=True)
class Move(Order):
    dest: str = ""
    via_convoy: bool = False
    route: Tuple[str, ...] = ()  # the convoying fleets' provinces, when given


@dataclass(frozen=True, slots=True)
class Support(Order):
    target: str = ""                  # where the supported unit stands
    target_dest: Optional[str] = None  # where it moves; None: support to hold
    target_unit: Optional[UnitType] = None


@dataclass(frozen=True, slots=True)
class Convoy(Order):
    army_from: str = ""
    army_to: str = ""


@dataclass(frozen=True, slots=True)
class Retreat(Order):
    dest: str = ""


@dataclass(frozen=True, slots=True)
class Disband(Order):
    pass


@dataclass(frozen=True, slots=True)
class Build(Order):
    pass


@dataclass(frozen=True, slots=True)
class Remove(Order):
    pass


@dataclass(frozen=True, slots=True)
class Waive(Order):
    pass


# The parser makes an order of every text it has not read before. A frozen dataclass's
# __init__ sets each field through object.__setattr__ (about 1,500 instructions a field
# under callgrind); these set the slots by their descriptors, about half the cost of
# the whole order, and give the same instance (equal, hashed and frozen the same).
_new = object.__new__
_power, _unit, _loc, _text = (getattr(Order, f.name).__set__ for f in fields(Order))
_dest, _via, _route = (getattr(Move, name).__set__ for name in ("dest", "via_convoy", "route"))
_target, _target_dest, _target_unit = (getattr(Support, name).__set__
                                       for name in ("target", "target_dest", "target_unit"))
_from, _to = (getattr(Convoy, name).__set__ for name in ("army_from", "army_to"))
_retreat_dest = vars(Retreat)["dest"].__set__


def new_hold(power: str, unit: Optional[UnitType], loc: str, text: str = "") -> Hold:
    """``Hold(power, unit, loc, text)``, made quicker."""
    o = _new(Hold)
    _power(o, power)
    _unit(o, unit)
    _loc(o, loc)
    _text(o, text)
    return o


def new_plain(cls: type, power: str, unit: Optional[UnitType], loc: str, text: str = "") -> Order:
    """``cls(power, unit, loc, text)`` for an order of no more fields (``Hold``, ``Disband``,
    ``Build``, ``Remove``, ``Waive``), made quicker."""
    o: Order = _new(cls)
    _power(o, power)
    _unit(o, unit)
    _loc(o, loc)
    _text(o, text)
    return o


def new_retreat(power: str, unit: Optional[UnitType], loc: str, text: str, dest: str) -> Retreat:
    """``Retreat(power, unit, loc, text, dest)``, made quicker."""
    o = _new(Retreat)
    _power(o, power)
    _unit(o, unit)
    _loc(o, loc)
    _text(o, text)
    _retreat_dest(o, dest)
    return o


def new_move(power: str, unit: Optional[UnitType], loc: str, text: str, dest: str,
             via_convoy: bool = False, route: Tuple[str, ...] = ()) -> Move:
    """``Move(power, unit, loc, text, dest, via_convoy, route)``, made quicker."""
    o = _new(Move)
    _power(o, power)
    _unit(o, unit)
    _loc(o, loc)
    _text(o, text)
    _dest(o, dest)
    _via(o, via_convoy)
    _route(o, route)
    return o


def new_support(power: str, unit: Optional[UnitType], loc: str, text: str, target: str,
                target_dest: Optional[str], target_unit: Optional[UnitType]) -> Support:
    """``Support(power, unit, loc, text, target, target_dest, target_unit)``, made quicker."""
    o = _new(Support)
    _power(o, power)
    _unit(o, unit)
    _loc(o, loc)
    _text(o, text)
    _target(o, target)
    _target_dest(o, target_dest)
    _target_unit(o, target_unit)
    return o


def new_convoy(power: str, unit: Optional[UnitType], loc: str, text: str, army_from: str,
               army_to: str) -> Convoy:
    """``Convoy(power, unit, loc, text, army_from, army_to)``, made quicker."""
    o = _new(Convoy)
    _power(o, power)
    _unit(o, unit)
    _loc(o, loc)
    _text(o, text)
    _from(o, army_from)
    _to(o, army_to)
    return o


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
