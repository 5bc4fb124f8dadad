"""Fleet moves along a coast: between two coastal provinces whose coasts on
one sea meet, and from named coasts (``bul/ec``) to the seas they front and
the coastal neighbours beside them.

One rule serves armies and fleets: the pair already borders (the army
test); a fleet passes too when, on a sea both front, the two stretches of
coast come within the drawing's reach of each other with no third province
between.  So a border drawn short of the coast, or a strait left as paper,
still lets fleets pass, while two provinces facing each other across a sea
do not (their coasts on it are the sea's width apart, or another coast lies
between).
"""
from __future__ import annotations

from typing import Dict, List, Optional, Set, Tuple

import shapely
from shapely.geometry import LineString
from shapely.geometry.base import BaseGeometry
from shapely.ops import nearest_points
from shapely.strtree import STRtree

from ...model import split_location
from .borders import strip_length


class Coastline:
    def __init__(self, regions: Dict, neighbours: Dict[str, Set[str]], water: Set[str],
                 gaps: Dict[str, float], reach: float, floor: float):
        self.regions, self.neighbours, self.water = regions, neighbours, water
        self.gaps, self.reach, self.floor = gaps, reach, floor
        self.land_ids = [i for i, r in regions.items() if i not in water]
        self.land_geoms = [regions[i].geom for i in self.land_ids]
        self.tree = STRtree(self.land_geoms) if self.land_geoms else None
        self._zones: Dict[Tuple[str, str], object] = {}
        self._seas: Dict[str, object] = {}     # each sea grown by its gap, once

    def zone(self, prov: str, sea: str):
        """The stretch of a province's outline along a sea: within the sea's
        gap and its widest neighbour's of it (the sea grown once, not once per
        province on it)."""
        key = (prov, sea)
        if key not in self._zones:
            if sea not in self._seas:
                grow = self.gaps[sea] + max((self.gaps[n] for n in self.neighbours[sea]), default=self.floor)
                self._seas[sea] = self.regions[sea].geom.buffer(grow, quad_segs=2)
            self._zones[key] = self.regions[prov].geom.boundary.intersection(self._seas[sea])
        return self._zones[key]

    def _clear(self, p, q, keep: Tuple[str, ...]) -> bool:
        """No other land province on the line from p to q."""
        if p.distance(q) <= 1e-9 or self.tree is None:
            return True
        line = LineString([p, q])
        for k in self.tree.query(line, predicate="intersects"):
            pid = self.land_ids[int(k)]
            if split_location(pid)[0] not in keep and self.land_geoms[int(k)].intersection(line).length > 1e-6:
                return False
        return True

    def meetings(self, a: str, b: str, sea: str) -> List[Tuple[object, float]]:
        """Where the coasts of a and b on ``sea`` meet (a point each, with
        how far apart they are there).  A border may meet one sea twice
        (Portugal and Spain, once at each of Spain's coasts)."""
        za, zb = self.zone(a, sea), self.zone(b, sea)
        if za.is_empty or zb.is_empty or za.distance(zb) > self.reach:
            return []
        out = []
        for pa in _parts(za):
            for pb in _parts(zb):
                d = pa.distance(pb)
                if d > self.reach:
                    continue
                p, q = nearest_points(pa, pb)
                if self._clear(p, q, (split_location(a)[0], split_location(b)[0])):
                    out.append(((LineString([p, q]).centroid if d > 0 else p), d))
        return out

    def confidence(self, d: float) -> float:
        return 1.0 if d <= 2 * self.floor else round(max(0.4, 1 - d / self.reach), 2)

    def shared_seas(self, a: str, b: str) -> Set[str]:
        return self.neighbours[a] & self.neighbours[b] & self.water

    def fleet_between(self, a: str, b: str) -> Optional[Tuple[str, float]]:
        """(the sea, a confidence) where the coasts of a and b meet."""
        best = None
        for w in sorted(self.shared_seas(a, b)):
            for _, d in self.meetings(a, b, w):
                if best is None or d < best[1]:
                    best = (w, d)
        return None if best is None else (best[0], self.confidence(best[1]))

    # -- named coasts -------------------------------------------------------

    def seas_of_coasts(self, coast_shapes: Dict[str, BaseGeometry], min_border: float) -> Dict[str, Dict[str, float]]:
        """The seas each named coast fronts, with a confidence.  A coast
        reaches a sea it really fronts, not one its shape grazes where
        another coast of the province fronts it (a fifth of the longest, at
        least); a coast that meets its sea only at a point still reaches it,
        flagged."""
        touch: Dict[Tuple[str, str], float] = {}
        for cid, geom in coast_shapes.items():
            for w in self.neighbours[split_location(cid)[0]] & self.water:
                grow = self.gaps[w]
                strip = geom.buffer(grow, quad_segs=2).intersection(self.regions[w].geom.buffer(grow, quad_segs=2))
                touch[(cid, w)] = 0.0 if strip.is_empty else strip_length(strip, 2 * grow)
        best: Dict[Tuple[str, str], float] = {}
        for (cid, w), length in touch.items():
            key = (split_location(cid)[0], w)
            best[key] = max(best.get(key, 0.0), length)
        out: Dict[str, Dict[str, float]] = {cid: {} for cid in coast_shapes}
        for (cid, w), length in touch.items():
            if length >= min_border and length >= 0.2 * best[(split_location(cid)[0], w)]:
                out[cid][w] = min(1.0, length / (3 * min_border))
        for cid, geom in coast_shapes.items():
            if out[cid]:
                continue
            dists = {w: geom.distance(self.regions[w].geom)
                     for w in self.neighbours[split_location(cid)[0]] & self.water}
            near = [w for w, d in dists.items() if d <= min(dists.values()) + 2 * self.floor and d <= self.reach]
            for w in near:
                out[cid][w] = 0.5      # meets the sea at a point: flagged for the designer
        return out

    def coast_at(self, prov: str, sea: str, where, coast_shapes: Dict[str, BaseGeometry],
                 seas_of: Dict[str, Dict[str, float]]) -> Optional[str]:
        """The coast of a multi-coast province nearest to where a border meets the sea."""
        options = [c for c in coast_shapes if split_location(c)[0] == prov and sea in seas_of[c]]
        return min(options, key=lambda c: coast_shapes[c].distance(where)) if options else None

    def coast_targets(self, cid: str, n: str, coast_shapes, seas_of, multi: Set[str]) -> List[Tuple[str, str, float]]:
        """(location, sea, confidence) the coast ``cid`` reaches in the coastal neighbour n."""
        parent = split_location(cid)[0]
        out: List[Tuple[str, str, float]] = []
        for w, (where, d) in ((sea, m) for sea in sorted(self.shared_seas(parent, n))
                              for m in self.meetings(parent, n, sea)):
            if self.coast_at(parent, w, where, coast_shapes, seas_of) != cid:
                continue
            t = self.coast_at(n, w, where, coast_shapes, seas_of) if n in multi else n
            if t is not None and t not in [x[0] for x in out]:
                out.append((t, w, self.confidence(d)))
        return out


def _parts(zone, most: int = 12) -> List:
    """The connected stretches of a coast (the longest ``most``)."""
    merged = shapely.line_merge(zone) if zone.geom_type in ("MultiLineString", "LineString") else zone
    parts = [p for p in getattr(merged, "geoms", [merged]) if not p.is_empty]
    return sorted(parts, key=lambda p: -p.length)[:most]
