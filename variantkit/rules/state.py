"""A game position: units, centre owners, dislodged units, the phase."""
from __future__ import annotations

from dataclasses import dataclass, field
from operator import attrgetter
from typing import Any, Dict, Final, List, Optional, Set

from ..model import UnitType, Variant, split_location
from .orders import Phase


class ProvinceOf(dict):
    """``PROVINCE_OF["spa/nc"]`` -> ``"spa"``: ``split_location`` memoized, as it
    is looked up in every strength computation and a dict subscript costs far
    less than a function call.  Bounded (emptied when it grows past
    ``limit`` locations, as a long editor session meets many variants) and
    reset by ``clear()``."""

    def __init__(self, limit: int = 100_000) -> None:
        super().__init__()
        self.limit = limit  # an instance's (a class constant read through self is refused compiled)

    def __missing__(self, loc: str) -> str:
        if len(self) >= self.limit:
            self.clear()
        p = self[loc] = split_location(loc)[0]
        return p


PROVINCE_OF: Final = ProvinceOf()
_P: Final = PROVINCE_OF  # the short name the resolver's hot paths use
# an enum's .value is a descriptor call; positions are written out every phase
UNIT_LETTER: Final = {UnitType.ARMY: "A", UnitType.FLEET: "F"}


@dataclass(frozen=True)
class UnitAt:
    power: str
    type: UnitType
    loc: str

    @property
    def province(self) -> str:
        return _P[self.loc]

    def __str__(self) -> str:
        return f"{UNIT_LETTER[self.type]} {self.loc}"


@dataclass(frozen=True)
class Dislodged:
    unit: UnitAt
    attacker_from: Optional[str]   # province the dislodging unit came from
    by_convoy: bool = False        # a convoyed attacker leaves its origin open for retreat


@dataclass
class GameState:
    phase: Phase
    units: Dict[str, UnitAt] = field(default_factory=dict)        # province -> unit
    centers: Dict[str, str] = field(default_factory=dict)          # centre -> owner
    dislodged: Dict[str, Dislodged] = field(default_factory=dict)  # province -> dislodged unit
    standoffs: Set[str] = field(default_factory=set)  # left empty by a bounce: no retreat there
    static_falls: int = 0  # Falls in a row without a centre changing hands

    @staticmethod
    def start(variant: Variant) -> "GameState":
        s = GameState(Phase.parse(variant.rules.start))
        for p in variant.powers:
            for u in p.units:
                s.units[split_location(u.location)[0]] = UnitAt(p.id, u.type, u.location)
            for c in p.starting_centers:
                s.centers[c] = p.id
        return s

    def copy(self) -> "GameState":
        return GameState(self.phase, dict(self.units), dict(self.centers), dict(self.dislodged),
                         set(self.standoffs), self.static_falls)

    def units_of(self, power: str):
        return [u for u in self.units.values() if u.power == power]

    def centres_of(self, power: str):
        return [c for c, p in self.centers.items() if p == power]


_LOC: Final = attrgetter("loc")
_ARMY: Final = UnitType.ARMY


def position_record(s: GameState) -> Dict[str, Any]:
    """The position record (``variantkit.io.game_file.state_to_record``, docs/format.md):
    ``{"phase", "units": {POWER: ["A par"]}, "centers": {POWER: ["par"]}, "dislodged": ...}``.
    Here, beside the state, as it is written every phase: compiled with the adjudicator."""
    # the units sorted by location in one sort (a C key), then grouped by power, each
    # written with one concatenation
    by_power: Dict[str, List[str]] = {}
    for u in sorted(s.units.values(), key=_LOC):
        text = ("A " if u.type is _ARMY else "F ") + u.loc  # a test, not a dict's hash of the enum
        got = by_power.get(u.power)
        if got is None:
            by_power[u.power] = [text]
        else:
            got.append(text)
    units = {power: by_power[power] for power in sorted(by_power)}
    centers: Dict[str, List[str]] = {}
    owners = s.centers
    for c in sorted(owners):  # the names alone: strings sort quicker than pairs
        p = owners[c]
        got = centers.get(p)
        if got is None:
            centers[p] = [c]
        else:
            got.append(c)
    dislodged: Dict[str, List[Dict[str, Any]]] = {}
    for _prov, d in sorted(s.dislodged.items()):
        rec: Dict[str, Any] = {"unit": str(d.unit), "attacker_from": d.attacker_from}
        if d.by_convoy:
            rec["by_convoy"] = True
        dislodged.setdefault(d.unit.power, []).append(rec)
    out: Dict[str, Any] = {"phase": str(s.phase), "units": units, "centers": centers,
                           "dislodged": dislodged}
    if s.standoffs:
        out["standoffs"] = sorted(s.standoffs)
    if s.static_falls:
        out["static_falls"] = s.static_falls
    return out
