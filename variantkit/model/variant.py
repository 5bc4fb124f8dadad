"""The variant: frozen records of everything a variant file says.

Location ids are lowercase: a province's id is its order code (``spa``); a
named coast of a multi-coast province is ``spa/nc``.  Nothing here derives
moves: that is :mod:`variantkit.graph`'s job.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import Enum
from functools import cached_property
from typing import Dict, Mapping, Optional, Tuple, Union

Point = Tuple[float, float]
OptionValue = Union[bool, int, float, str]


class Terrain(str, Enum):
    LAND = "land"          # armies only
    COAST = "coast"        # armies, and fleets unless the province has named coasts
    WATER = "water"        # fleets only
    IMPASSABLE = "impassable"  # nothing enters

    @property
    def army_may_stand(self) -> bool:
        return self in (Terrain.LAND, Terrain.COAST)

    @property
    def fleet_may_stand(self) -> bool:
        return self in (Terrain.COAST, Terrain.WATER)


class UnitType(str, Enum):
    ARMY = "A"
    FLEET = "F"

    @property
    def word(self) -> str:
        return "army" if self is UnitType.ARMY else "fleet"


@dataclass(frozen=True)
class Coast:
    """A named coast of a multi-coast province (Spain's ``nc``)."""
    id: str
    name: str = ""
    aliases: Tuple[str, ...] = ()
    unit_pos: Optional[Point] = None
    # where a fleet dislodged from this coast is drawn while it retreats
    dislodged_pos: Optional[Point] = None


@dataclass(frozen=True)
class Province:
    id: str
    name: str
    terrain: Terrain
    aliases: Tuple[str, ...] = ()
    center: bool = False
    coasts: Tuple[Coast, ...] = ()
    # an off-board box: an ordinary space of its terrain, drawn at the edge
    offboard: bool = False
    # a water space inside a land province (the Suez inside Egypt)
    inside: Optional[str] = None
    # seasons in which the space may be entered; empty means every season
    passable_in: Tuple[str, ...] = ()
    unit_pos: Optional[Point] = None
    label_pos: Optional[Point] = None
    # where a unit dislodged here is drawn while it retreats (beside the one that took its place)
    dislodged_pos: Optional[Point] = None
    # the label as the map writes it, where it is not the default (the code), and its turn
    # in degrees clockwise about label_pos (a river's or a long sea's name along its shape)
    label: str = ""
    label_angle: float = 0.0
    # a coastal space whose fleet convoys as if at sea (DPjudge's PORT)
    port: bool = False

    def coast(self, coast_id: str) -> Optional[Coast]:
        for c in self.coasts:
            if c.id == coast_id:
                return c
        return None

    def dislodged_offset(self, coast_id: Optional[str] = None) -> Optional[Point]:
        """How far a dislodged unit is drawn from the unit spot (of the province or
        of its coast), where the variant places both: an offset holds on any board."""
        c = self.coast(coast_id) if coast_id else None
        unit, dislodged = (c.unit_pos, c.dislodged_pos) if c is not None else (self.unit_pos, self.dislodged_pos)
        if unit is None or dislodged is None:
            return None
        return (dislodged[0] - unit[0], dislodged[1] - unit[1])

    @property
    def location_ids(self) -> Tuple[str, ...]:
        return (self.id,) + tuple(f"{self.id}/{c.id}" for c in self.coasts)


class Crossing(str, Enum):
    """Which unit types may cross an edge."""
    ARMY = "army"
    FLEET = "fleet"
    BOTH = "both"

    @property
    def army(self) -> bool:
        return self is not Crossing.FLEET

    @property
    def fleet(self) -> bool:
        return self is not Crossing.ARMY

    @staticmethod
    def of(army: bool, fleet: bool) -> "Crossing":
        if army and fleet:
            return Crossing.BOTH
        return Crossing.ARMY if army else Crossing.FLEET


@dataclass(frozen=True)
class Edge:
    """An edge between two locations (provinces or named coasts).

    Edges are symmetric unless ``oneway`` (then only ``a`` -> ``b``).
    ``modifier`` is added to the base strength of a move across the edge
    (jDip's ``baseMoveModifier``); a ``strait`` is any negative modifier, and
    ``strait=True`` alone means -1 (Loeb9: crossed at zero strength, no support
    across).  ``powers`` restricts the crossing to those powers where a judge
    has that.  ``seasons`` names the seasons in which the edge may be crossed
    (empty: every season), as ``passable_in`` does for a space.
    """
    a: str
    b: str
    units: Crossing
    strait: bool = False
    oneway: bool = False
    powers: Tuple[str, ...] = ()
    modifier: int = 0
    seasons: Tuple[str, ...] = ()

    def __post_init__(self) -> None:
        # one truth: the modifier; ``strait`` is kept as its old shorthand
        if self.strait and self.modifier == 0:
            object.__setattr__(self, "modifier", -1)
        object.__setattr__(self, "strait", self.modifier < 0)

    @property
    def key(self) -> Tuple[str, str]:
        """Order-independent identity of the edge's endpoints."""
        return (self.a, self.b) if self.oneway or self.a <= self.b else (self.b, self.a)


@dataclass(frozen=True)
class Unit:
    type: UnitType
    location: str

    def __str__(self) -> str:
        return f"{self.type.value} {self.location}"

    @staticmethod
    def parse(text: str) -> "Unit":
        """``"F spa/nc"`` -> Unit.  Raises ValueError on anything else."""
        parts = text.split()
        if len(parts) != 2 or parts[0].upper() not in ("A", "F"):
            raise ValueError(f"a unit is written 'A par' or 'F spa/nc', not {text!r}")
        return Unit(UnitType(parts[0].upper()), parts[1].lower())


@dataclass(frozen=True)
class Power:
    id: str
    name: str
    adjective: str = ""
    letter: str = ""
    colour: str = ""
    homes: Tuple[str, ...] = ()
    units: Tuple[Unit, ...] = ()
    # centres owned at the start when they differ from the home centres
    centers: Optional[Tuple[str, ...]] = None

    @property
    def starting_centers(self) -> Tuple[str, ...]:
        return self.homes if self.centers is None else self.centers


@dataclass(frozen=True)
class Rules:
    victory: Optional[int] = None  # None: half the centres plus one
    # the game is drawn when no centre changes hands for this many Falls
    draw_after_static_falls: Optional[int] = None
    start: str = "S1901M"
    seasons: Tuple[str, ...] = ("spring", "fall")
    # rule choices where judges differ, and named options a subvariant switches
    options: Mapping[str, OptionValue] = field(default_factory=dict)


@dataclass(frozen=True)
class Changes:
    """What a subvariant changes in its base, as stated in its file.

    ``provinces`` maps an id to the fields it changes (``None`` removes the
    province); ``add_edges`` and ``remove_edges`` add or take away crossings;
    ``powers`` maps a power id to the fields it changes; ``rules`` likewise.
    """
    provinces: Mapping[str, Optional[Mapping[str, object]]] = field(default_factory=dict)
    add_provinces: Tuple[Province, ...] = ()
    add_edges: Tuple[Edge, ...] = ()
    remove_edges: Tuple[Edge, ...] = ()
    powers: Mapping[str, Mapping[str, object]] = field(default_factory=dict)
    rules: Mapping[str, object] = field(default_factory=dict)


@dataclass(frozen=True)
class Variant:
    id: str
    name: str
    provinces: Tuple[Province, ...]
    edges: Tuple[Edge, ...]
    powers: Tuple[Power, ...]
    rules: Rules = field(default_factory=Rules)
    version: str = ""
    authors: Tuple[str, ...] = ()
    description: str = ""
    art: Optional[str] = None  # the map's SVG, relative to the variant file
    extends: Optional[str] = None  # the base variant, relative to this file
    changes: Optional[Changes] = None

    # -- lookups (indexed on first use; the variant is immutable) --------------------
    def province(self, pid: str) -> Optional[Province]:
        return self._province_index.get(pid)

    def power(self, pid: str) -> Optional[Power]:
        return self._power_index.get(pid)

    @cached_property
    def _province_index(self) -> Dict[str, Province]:
        out: Dict[str, Province] = {}
        for p in self.provinces:
            out.setdefault(p.id, p)  # the first of a repeated id, as a search from the start finds
        return out

    @cached_property
    def _power_index(self) -> Dict[str, Power]:
        out: Dict[str, Power] = {}
        for p in self.powers:
            out.setdefault(p.id, p)
        return out

    @property
    def centers(self) -> Tuple[str, ...]:
        return tuple(p.id for p in self.provinces if p.center)

    @property
    def victory(self) -> int:
        if self.rules.victory is not None:
            return self.rules.victory
        return len(self.centers) // 2 + 1

    def with_(self, **kw) -> "Variant":
        return replace(self, **kw)


def split_location(loc: str) -> Tuple[str, Optional[str]]:
    """``"spa/nc"`` -> ``("spa", "nc")``; ``"par"`` -> ``("par", None)``."""
    prov, _, coast = loc.partition("/")
    return prov, (coast or None)
