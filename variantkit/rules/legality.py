"""Whether a movement-phase order is legal for the unit it names, and why not.

The check changes nothing: it answers with a verdict (a code and its
parameters) and, for a legal move, where the unit lands and whether it goes
by convoy; the resolver decides what to do with that.  Convoy geometry (the
waters next to each province) is computed once per graph.
"""
from __future__ import annotations

from typing import Any, Dict, Final, FrozenSet, Mapping, NamedTuple, Optional, Set, Tuple

from ..graph import Graph
from ..model import Terrain, UnitType, split_location
from .orders import Convoy, Hold, Move, Order, Support
from .outcomes import Code
from .state import PROVINCE_OF as _P, UnitAt

ARMY: Final = UnitType.ARMY  # module names: cheaper than enum attributes (Final: compiled, C statics)
FLEET: Final = UnitType.FLEET


class Verdict:
    """Why an order is illegal: a code and its parameters."""
    __slots__ = ("code", "params")

    def __init__(self, code: Code, **params: Any):
        self.code = code
        self.params: Dict[str, Any] = params

    def __repr__(self) -> str:
        return f"Verdict({self.code.value}, {self.params})"


class Checked(NamedTuple):
    illegal: Optional[Verdict]
    dest: Optional[str] = None   # a legal move's landing location
    by_convoy: bool = False      # a legal army move that goes by convoy
    modifier: int = 0            # a legal move's edge modifier (by land or sea, not by convoy)


LEGAL: Final = Checked(None)


class OrderChecker:
    """Whether an order is legal for the unit it names, and why not."""

    def __init__(self, graph: Graph):
        self.g = graph
        # convoy geometry, computed once: the waters next to each province, and
        # the convoying waters next to each water province
        self._near: Dict[str, Tuple[str, ...]] = {}
        self._water_next: Dict[str, Tuple[str, ...]] = {}
        # what the graph alone decides, remembered (every phase asks again)
        self._moves: Dict[Tuple[UnitType, str, str, bool], Checked] = {}
        # (unit type, location, destination, via convoy) -> what the graph says of the
        # move; a verdict by convoy still needs the fleets (``check`` asks them)
        self.known_moves: Mapping[Tuple[UnitType, str, str, bool], Checked] = self._moves
        self._reach: Dict[Tuple[UnitType, str, str], bool] = {}
        # (unit type, location, province) -> whether a support from there reaches it
        self.known_reaches: Mapping[Tuple[UnitType, str, str], bool] = self._reach
        self._seas: Optional[FrozenSet[str]] = None  # where a fleet convoys, made on first use
        # the units moved onto this graph, shared between positions (they are immutable, and
        # making a frozen dataclass costs a call per field): (power, type, location) -> unit
        self.units_at: Dict[Tuple[str, UnitType, str], UnitAt] = {}

    def fleet_dest(self, src: str, dest: str) -> Tuple[Optional[str], Optional[Verdict]]:
        """The fleet location a move from ``src`` to ``dest`` reaches, or why not."""
        prov, coast = split_location(dest)
        reach = self.g.moves(FLEET, src)
        coasts = self.g.coasts.get(prov, ())
        if coasts:
            if coast:
                return (dest, None) if dest in reach else (None, self._not_next(FLEET, src, dest, (dest,)))
            options = [c for c in coasts if c in reach]
            if len(options) == 1:
                return options[0], None
            if not options:
                return None, self._not_next(FLEET, src, prov, coasts)
            return None, Verdict(Code.NAME_THE_COAST, options=options)
        return (prov, None) if prov in reach else (None, self._why_not(FLEET, src, prov))

    def _why_not(self, unit: UnitType, src: str, dest: str) -> Verdict:
        info = self.g.locations.get(dest)
        if info is not None and info.terrain is Terrain.IMPASSABLE:
            return Verdict(Code.IMPASSABLE, name=self.g.provinces[dest].name)
        if info is not None and not self.g.may_stand(unit, dest):
            name = self.g.provinces[_P[dest]].name
            if self.g.provinces[_P[dest]].passable_in:
                return Verdict(Code.CLOSED_IN_SEASON, name=name)
            return Verdict(Code.ARMY_INTO_WATER if unit is ARMY else Code.FLEET_INTO_LAND, name=name)
        return self._not_next(unit, src, dest, (dest,))

    def _not_next(self, unit: UnitType, src: str, dest: str, locs: Tuple[str, ...]) -> Verdict:
        """No move from ``src`` to ``dest``: across an edge closed this season, or none at all."""
        if any(self.g.closed(unit, src, loc) for loc in locs):
            return Verdict(Code.CROSSING_CLOSED, src=src, dest=dest)
        return Verdict(Code.NOT_ADJACENT, src=src, dest=dest)

    def can_reach_province(self, unit: UnitType, loc: str, prov: str) -> bool:
        """For supports: may this unit move into the province, ignoring coasts,
        by a crossing that is not a strait (no support is given across one)?"""
        key = (unit, loc, prov)
        got = self._reach.get(key)
        if got is None:
            got = self._reach[key] = any(_P[d] == prov and not self.g.is_strait(unit, loc, d)
                                         for d in self.g.moves(unit, loc))
        return got

    def convoy_possible(self, src: str, dest: str) -> bool:
        """Could an army go from ``src`` to ``dest`` through water at all?"""
        return bool(self.water_routes_from(src, dest, None))

    def water_routes_from(self, src: str, dest: str, fleets: Optional[Set[str]]) -> bool:
        """A chain of water spaces (restricted to ``fleets`` if given) from the
        coast of ``src`` to the coast of ``dest``."""
        start = [w for w in self._waters_next_to(src) if fleets is None or w in fleets]
        seen = set(start)
        todo = list(start)
        ends = set(self._waters_next_to(_P[dest]))
        while todo:
            w = todo.pop()
            if w in ends:
                return True
            for p in self._waters_of(w):
                if p not in seen and (fleets is None or p in fleets):
                    seen.add(p)
                    todo.append(p)
        return False

    def _waters_of(self, water: str) -> Tuple[str, ...]:
        got = self._water_next.get(water)
        if got is None:
            got = self._water_next[water] = tuple(sorted(
                {_P[n] for n in self.g.moves(FLEET, water)
                 if self.g.is_convoying_water(_P[n])}))
        return got

    def on_some_route(self, src: str, dest: str, fleet: str) -> bool:
        """Whether a fleet in ``fleet`` could be part of a convoy src -> dest."""
        def reach(start: str) -> Set[str]:
            first = self._waters_next_to(start)
            seen, todo = set(first), list(first)
            while todo:
                for p in self._waters_of(todo.pop()):
                    if p not in seen:
                        seen.add(p)
                        todo.append(p)
            return seen
        return fleet in reach(src) and fleet in reach(dest)

    def _waters_next_to(self, prov: str) -> Tuple[str, ...]:
        got = self._near.get(prov)
        if got is None:
            g = self.g
            got = self._near[prov] = tuple(sorted(
                {_P[n] for loc in (prov,) + g.coasts.get(prov, ())
                 for n in g.moves(FLEET, loc) if g.is_convoying_water(_P[n])}))
        return got


    # -- the movement-phase check ------------------------------------------------
    def check(self, unit: UnitAt, o: Order, units: Mapping[str, UnitAt]) -> Checked:
        """Whether ``o`` is a legal movement-phase order for ``unit`` with these
        units on the board, and for a legal move where it lands and whether it
        goes by convoy (a move to a province not adjacent does).  Changes nothing."""
        g = self.g
        if isinstance(o, Move):
            key = (unit.type, unit.loc, o.dest, o.via_convoy)
            got = self._moves.get(key)
            if got is None:
                got = self._move_on_graph(unit, o)
                if got.dest is not None and not got.by_convoy:
                    got = Checked(got.illegal, got.dest, False, g.modifier(unit.type, unit.loc, got.dest))
                self._moves[key] = got
            if got.by_convoy and got.dest is not None and not self.fleets_allow(unit, got.dest, units):
                return Checked(Verdict(Code.NO_FLEETS_FOR_CONVOY, src=unit.loc, dest=got.dest))
            return got
        if isinstance(o, Hold):
            return LEGAL
        if not isinstance(o, (Support, Convoy)):
            return Checked(Verdict(Code.WRONG_PHASE, order=type(o).__name__.lower()))
        if isinstance(o, Support):
            reach = _P[o.target_dest] if o.target_dest else _P[o.target]
            if reach == unit.province:
                return Checked(Verdict(Code.SUPPORT_INTO_ITSELF))
            if not self.can_reach_province(unit.type, unit.loc, reach):
                if any(_P[d] == reach for d in g.moves(unit.type, unit.loc)):
                    return Checked(Verdict(Code.SUPPORT_ACROSS_STRAIT, to=reach))
                return Checked(Verdict(Code.CANNOT_REACH, unit=str(unit), to=reach))
            return LEGAL
        if unit.type is not FLEET:
            return Checked(Verdict(Code.ONLY_FLEETS_CONVOY))
        if not g.is_convoying_water(unit.province):
            return Checked(Verdict(Code.CONVOY_FROM_COAST, at=unit.loc))
        return LEGAL

    def _move_on_graph(self, unit: UnitAt, o: Move) -> Checked:
        """What the graph alone says of a move; a convoy still needs fleets."""
        g = self.g
        dprov = _P[o.dest]
        if dprov == unit.province:
            return Checked(Verdict(Code.MOVE_TO_ITSELF))
        if unit.type is FLEET:
            if o.via_convoy:
                return Checked(Verdict(Code.FLEET_CONVOYED))
            loc, why = self.fleet_dest(unit.loc, o.dest)
            return Checked(why, loc)
        if not g.may_stand(ARMY, dprov):
            return Checked(self._why_not(ARMY, unit.loc, dprov))
        adjacent = dprov in g.moves(ARMY, unit.loc)
        if adjacent and not o.via_convoy:
            return Checked(None, dprov)
        if not self.convoy_possible(unit.province, dprov):
            if not adjacent and not o.via_convoy and g.closed(ARMY, unit.loc, dprov):
                return Checked(Verdict(Code.CROSSING_CLOSED, src=unit.loc, dest=dprov))
            return Checked(Verdict(Code.NO_WATER_FOR_CONVOY, src=unit.loc, dest=dprov, adjacent=adjacent))
        return Checked(None, dprov, True)

    def fleets_allow(self, unit: UnitAt, dest: str, units: Mapping[str, UnitAt]) -> bool:
        """Whether fleets stand on some route for this convoy (DATC 6.D.32: a
        convoy through empty seas is no order at all; 6.D.8: one through
        fleets that do not convoy is an order that fails)."""
        seas = self._seas
        if seas is None:
            seas = self._seas = frozenset(loc for loc in self.g.locations if self.g.is_convoying_water(loc))
        fleets = {p for p, u in units.items() if u.type is FLEET and p in seas}
        return self.water_routes_from(unit.province, dest, fleets)
