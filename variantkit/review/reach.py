"""Where units can get to in a few moves, convoys counted: the common ground
of map lint (centres nobody reaches in the first year) and the balance report
(neutral centres within one and two moves, who contests what in 1901).

Reach is counted in provinces.  An army may also be carried across a run of
water spaces in which the given fleets could stand by then, as in a convoy.
"""
from __future__ import annotations

from typing import Dict, FrozenSet, Iterable, List, Set

from ..graph import Graph, is_seasonal
from ..model import Terrain, Unit, UnitType, Variant, split_location


def province_neighbours(graph: Graph) -> Dict[str, Set[str]]:
    """Provinces joined by a move of either unit type, in either direction."""
    adj: Dict[str, Set[str]] = {p: set() for p in graph.provinces}
    for unit in UnitType:
        for src, dst in graph.all_moves(unit):
            a, b = split_location(src)[0], split_location(dst)[0]
            if a != b:
                adj[a].add(b)
                adj[b].add(a)
    return adj


class Reach:
    """Reach of units on one variant's graph (in its first season)."""

    def __init__(self, variant: Variant):
        season = variant.rules.seasons[0] if is_seasonal(variant) else None
        self.variant = variant
        self.graph = Graph(variant, season)
        g = self.graph
        self.water = {p.id for p in variant.provinces
                      if p.terrain is Terrain.WATER and g.may_stand(UnitType.FLEET, p.id)}
        # water -> the provinces whose shore it washes (where a convoy may land or leave)
        self.shores: Dict[str, Set[str]] = {w: set() for w in self.water}
        for w in self.water:
            for loc in g.moves(UnitType.FLEET, w):
                self.shores[w].add(split_location(loc)[0])
        self.seas_of: Dict[str, Set[str]] = {}
        for w, shore in self.shores.items():
            for p in shore:
                self.seas_of.setdefault(p, set()).add(w)

    def _fleet_steps(self, locs: Iterable[str], steps: int) -> List[Set[str]]:
        """Fleet locations reachable in at most k moves, for k = 0..steps."""
        out = [set(locs)]
        for _ in range(steps):
            cur = set(out[-1])
            for loc in out[-1]:
                cur |= self.graph.moves(UnitType.FLEET, loc)
            out.append(cur)
        return out

    def _convoy(self, start: str, water: Set[str]) -> Set[str]:
        """Provinces an army in ``start`` may be convoyed to through ``water``."""
        todo = [w for w in self.seas_of.get(start, ()) if w in water]
        seen = set(todo)
        while todo:
            w = todo.pop()
            for loc in self.graph.moves(UnitType.FLEET, w):
                n = split_location(loc)[0]
                if n in water and n not in seen:
                    seen.add(n)
                    todo.append(n)
        landing = set()
        for w in seen:
            landing |= {p for p in self.shores[w] if self.graph.may_stand(UnitType.ARMY, p)}
        landing.discard(start)
        return landing

    def steps(self, units: Iterable[Unit], steps: int = 2,
              convoy_fleets: Iterable[Unit] = ()) -> List[Dict[int, Set[str]]]:
        """For each unit, the provinces it could stand in after 0..``steps``
        moves: ``[{0: {...}, 1: {...}, ...}, ...]`` (each set includes the last).
        Armies may be convoyed through water the ``convoy_fleets`` could hold."""
        units = list(units)
        fleets = self._fleet_steps([u.location for u in convoy_fleets if u.type is UnitType.FLEET], steps)
        water_at = [{split_location(loc)[0] for loc in f} & self.water for f in fleets]
        out = []
        for u in units:
            by_step: Dict[int, Set[str]] = {}
            if u.type is UnitType.FLEET:
                for k, locs in enumerate(self._fleet_steps([u.location], steps)):
                    by_step[k] = {split_location(loc)[0] for loc in locs}
            else:
                cur = {split_location(u.location)[0]}
                by_step[0] = set(cur)
                for k in range(1, steps + 1):
                    nxt = set(cur)
                    for p in cur:
                        nxt |= self.graph.moves(UnitType.ARMY, p)
                        nxt |= self._convoy(p, water_at[k - 1])
                    cur = nxt
                    by_step[k] = set(cur)
            out.append(by_step)
        return out

    def first_year(self) -> Dict[str, FrozenSet[str]]:
        """Power -> the provinces its starting units could stand in after
        Spring and Fall (two moves), convoys by its own fleets counted."""
        out = {}
        for pw in self.variant.powers:
            got: Set[str] = set()
            for r in self.steps(pw.units, 2, pw.units):
                got |= r[2]
            out[pw.id] = frozenset(got)
        return out
