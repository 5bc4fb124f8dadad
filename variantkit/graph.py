"""The read-only movement graph derived from a variant.

Who may stand where, who may move where, per unit type and season.  The
adjudicator works on this alone.  Built once per variant (and season, for
variants with seasonal spaces or edges); lookups are dict hits.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Dict, FrozenSet, Iterable, List, Optional, Set, Tuple

from .model import Edge, Province, Terrain, UnitType, Variant


@dataclass(frozen=True)
class Location:
    id: str            # "spa" or "spa/nc"
    province: str      # "spa"
    coast: Optional[str]
    terrain: Terrain   # of the province
    army_may_stand: bool
    fleet_may_stand: bool


class Graph:
    """Moves of a variant, optionally in one season (``"spring"``)."""

    def __init__(self, variant: Variant, season: Optional[str] = None):
        self.variant = variant
        self.season = season
        self.provinces: Dict[str, Province] = {p.id: p for p in variant.provinces}
        self.locations: Dict[str, Location] = {}
        self.coasts: Dict[str, Tuple[str, ...]] = {}
        for p in variant.provinces:
            open_ = self._passable(p)
            multi = bool(p.coasts)
            army = open_ and p.terrain.army_may_stand
            fleet = open_ and p.terrain.fleet_may_stand and not multi
            self.locations[p.id] = Location(p.id, p.id, None, p.terrain, army, fleet)
            self.coasts[p.id] = tuple(f"{p.id}/{c.id}" for c in p.coasts)
            for c in p.coasts:
                lid = f"{p.id}/{c.id}"
                self.locations[lid] = Location(lid, p.id, c.id, p.terrain, False,
                                               open_ and p.terrain.fleet_may_stand)
        self._moves: Dict[UnitType, Dict[str, Set[str]]] = {
            UnitType.ARMY: {lid: set() for lid in self.locations},
            UnitType.FLEET: {lid: set() for lid in self.locations},
        }
        self._edges: Dict[Tuple[str, str, UnitType], Edge] = {}
        # crossings of edges closed in this season: no move, support or retreat
        # across them; kept only to say why an order is refused
        self._closed: Dict[Tuple[str, str, UnitType], Edge] = {}
        for e in variant.edges:
            shut = bool(e.seasons) and season is not None and season not in e.seasons
            for unit, ok in ((UnitType.ARMY, e.units.army), (UnitType.FLEET, e.units.fleet)):
                if not ok:
                    continue
                pairs = [(e.a, e.b)] if e.oneway else [(e.a, e.b), (e.b, e.a)]
                for src, dst in pairs:
                    if self.may_stand(unit, src) and self.may_stand(unit, dst):
                        if shut:
                            self._closed[(src, dst, unit)] = e
                            continue
                        self._moves[unit][src].add(dst)
                        self._edges[(src, dst, unit)] = e
        self._frozen_moves = {u: {k: frozenset(v) for k, v in m.items()}
                              for u, m in self._moves.items()}

    def _passable(self, p: Province) -> bool:
        if p.terrain is Terrain.IMPASSABLE:
            return False
        if p.passable_in and self.season is not None:
            return self.season in p.passable_in
        return True

    # -- queries ------------------------------------------------------------
    def may_stand(self, unit: UnitType, loc: str) -> bool:
        info = self.locations.get(loc)
        if info is None:
            return False
        return info.army_may_stand if unit is UnitType.ARMY else info.fleet_may_stand

    def moves(self, unit: UnitType, loc: str) -> FrozenSet[str]:
        """Locations a unit of this type at ``loc`` may move to directly."""
        return self._frozen_moves[unit].get(loc, frozenset())

    def edge(self, unit: UnitType, src: str, dst: str) -> Optional[Edge]:
        return self._edges.get((src, dst, unit))

    def closed(self, unit: UnitType, src: str, dst: str) -> Optional[Edge]:
        """The edge from ``src`` to ``dst`` if it is closed in this season."""
        return self._closed.get((src, dst, unit))

    def is_strait(self, unit: UnitType, src: str, dst: str) -> bool:
        e = self._edges.get((src, dst, unit))
        return bool(e and e.strait)

    def modifier(self, unit: UnitType, src: str, dst: str) -> int:
        """What a move across adds to its base strength (0 on most edges)."""
        e = self._edges.get((src, dst, unit))
        return e.modifier if e is not None else 0

    def fleet_locations(self, province: str) -> Tuple[str, ...]:
        """Where a fleet in ``province`` may stand: its coasts, or itself."""
        return self.coasts.get(province) or (province,)

    def is_convoying_water(self, loc: str) -> bool:
        """Where a fleet may convoy: a sea, or a port (a coast that convoys as a sea does)."""
        info = self.locations.get(loc)
        return bool(info and info.fleet_may_stand and (
            info.terrain is Terrain.WATER or (info.coast is None and self.provinces[info.province].port)))

    def all_moves(self, unit: UnitType) -> Iterable[Tuple[str, str]]:
        for src, dsts in self._moves[unit].items():
            for dst in dsts:
                yield src, dst

    def move_count(self, unit: UnitType) -> int:
        return sum(len(v) for v in self._moves[unit].values())

    def to_json(self) -> dict:
        """The derived graph for other tools (``variantkit info --json``)."""
        v = self.variant
        locs = {}
        for lid, info in sorted(self.locations.items()):
            p = self.provinces[info.province]
            locs[lid] = {
                "province": info.province,
                "terrain": p.terrain.value,
                "army_may_stand": info.army_may_stand,
                "fleet_may_stand": info.fleet_may_stand,
                "army_moves": sorted(self._moves[UnitType.ARMY][lid]),
                "fleet_moves": sorted(self._moves[UnitType.FLEET][lid]),
            }
        straits = sorted({tuple(sorted((e.a, e.b))) for e in v.edges if e.strait})
        modifiers = sorted({tuple(sorted((e.a, e.b))) + (e.modifier,) for e in v.edges if e.modifier})
        return {
            "id": v.id,
            "season": self.season,
            "locations": locs,
            "powers": {pw.id: {"name": pw.name, "adjective": pw.adjective,
                               "letter": pw.letter, "homes": list(pw.homes),
                               "centers": list(pw.starting_centers),
                               "units": [str(u) for u in pw.units]}
                       for pw in v.powers},
            "supply_centers": sorted(v.centers),
            "straits": [list(s) for s in straits],
            "modifiers": [list(m) for m in modifiers],  # [a, b, n]: a move across has 1 + n
            "victory": v.victory,
        }


def is_seasonal(variant: Variant) -> bool:
    """Does the graph differ by season (a space or an edge open only in some)?"""
    return any(p.passable_in for p in variant.provinces) or any(e.seasons for e in variant.edges)


def seasons_of(variant: Variant) -> List[Optional[str]]:
    """The seasons in which the graph differs, or ``[None]`` when it never does."""
    if is_seasonal(variant):
        return list(variant.rules.seasons)
    return [None]
