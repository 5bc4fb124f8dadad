"""From drawn shapes to a proposed graph: regions, terrain, adjacency, coasts.

Everything here is a proposal with a reason, for the designer to accept or
reject; nothing is applied to a variant silently.  Two regions border each
other when the stretch of one's outline lying within ``gap`` of the other is
longer than ``min_border``: that bridges the small gaps and overlaps of hand
drawing and ignores shapes that only touch at a corner.  Candidate pairs
come from a spatial index (STRtree), so the work grows with the map, not
with its square.

Input is plain: ``(id, rings, hints)`` records, where hints say what the
drawing says of the shape (``water``, ``impassable``, ``coast_of``).  The
SVG reader's conventions are turned into such records by the caller.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Dict, Iterable, List, Optional, Sequence, Set, Tuple

import shapely
from shapely.geometry import Polygon
from shapely.ops import polylabel, unary_union
from shapely.strtree import STRtree

from ..model import Coast, Crossing, Edge, Province, Terrain
from ..problems import Problem

Ring = Sequence[Tuple[float, float]]


@dataclass
class DrawnShape:
    id: str
    rings: List[Ring]
    water: Optional[bool] = None       # None: the drawing does not say
    impassable: bool = False
    coast_of: Optional[Tuple[str, str]] = None   # (province id, coast id) for a coast shape
    holes: List[Ring] = field(default_factory=list)  # rings drawn as water inside this shape
    offboard: bool = False             # the drawing marks it as an off-board box


@dataclass
class Region:
    id: str
    geom: Polygon
    terrain: Terrain
    reason: str
    offboard: bool = False
    inside: Optional[str] = None
    label_pos: Tuple[float, float] = (0.0, 0.0)
    # what the art says besides the shape (proposals, see art_proposals)
    name: str = ""                     # full name from a label or the convention's data
    center: bool = False               # a supply-centre marker lies in it
    unit_pos: Optional[Tuple[float, float]] = None
    doubtful: bool = False             # the terrain is a guess: the drawing does not say


@dataclass
class EdgeProposal:
    edge: Edge
    reason: str
    border: float   # length of the shared border, in drawing units
    # 0..1: how clearly the drawing shows the link; below DOUBT the editor flags it
    confidence: float = 1.0

    @property
    def doubtful(self) -> bool:
        return self.confidence < DOUBT


DOUBT = 0.6


@dataclass
class Inference:
    regions: Dict[str, Region]
    coasts: Dict[str, Polygon]           # "bul/ec" -> its shape
    edges: List[EdgeProposal]
    problems: List[Problem]
    convention: str = "plain"            # the drawing convention read (art.infer_svg sets it)
    colours: Dict[str, str] = field(default_factory=dict)      # power -> colour the art uses
    coast_pos: Dict[str, Tuple[float, float]] = field(default_factory=dict)  # "bul/ec" -> unit point

    def provinces(self) -> List[Province]:
        out = []
        by_parent: Dict[str, List[str]] = {}
        for cid in self.coasts:
            p, c = cid.split("/")
            by_parent.setdefault(p, []).append(c)
        for r in sorted(self.regions.values(), key=lambda r: r.id):
            coasts = tuple(Coast(c, unit_pos=_round(self.coast_pos[f"{r.id}/{c}"])
                                 if f"{r.id}/{c}" in self.coast_pos else None)
                           for c in sorted(by_parent.get(r.id, ())))
            out.append(Province(r.id, r.name or r.id.upper(), r.terrain, center=r.center, coasts=coasts,
                                offboard=r.offboard, inside=r.inside,
                                unit_pos=_round(r.unit_pos or r.label_pos), label_pos=_round(r.label_pos)))
        return out


def _round(p):
    return (round(float(p[0]), 1), round(float(p[1]), 1))


def polygon_of(shape: DrawnShape, problems: List[Problem], file: str = "") -> Optional[Polygon]:
    """One valid (multi)polygon from the shape's rings; repairs are reported."""
    parts = []
    for ring in shape.rings:
        pts = [tuple(p) for p in ring]
        if len(pts) >= 3:
            parts.append(Polygon(pts))
    if not parts:
        problems.append(Problem("VK820", f"{shape.id} has no area", "draw it as a closed shape", file,
                                severity="warning"))
        return None
    # rings combine by the even-odd rule, as SVG draws a path whose subpaths
    # nest: a ring inside another is a hole (a lake), apart from it a part (an island)
    geom = None
    for p in parts:
        p = p if p.is_valid else shapely.make_valid(p)
        geom = p if geom is None else geom.symmetric_difference(p)
    if not all(p.is_valid for p in parts):
        problems.append(Problem("VK821", f"{shape.id}: the outline crosses itself; repaired",
                                "check the shape in the drawing program", file, severity="warning"))
    for hole in shape.holes:
        if len(hole) >= 3:
            geom = geom.difference(Polygon(hole))
    geom = geom.buffer(0)
    if geom.is_empty:
        problems.append(Problem("VK820", f"{shape.id} has no area", "draw it as a closed shape", file,
                                severity="warning"))
        return None
    return geom


def label_point(geom) -> Tuple[float, float]:
    """The pole of inaccessibility of the largest part: the centre of the
    biggest circle that fits, which a centroid is not for a crescent."""
    part = max(getattr(geom, "geoms", [geom]), key=lambda g: g.area)
    tol = max(part.length / 2000.0, 0.05)
    p = polylabel(part, tolerance=tol)
    return (p.x, p.y)


def _shared(a, b, gap: float) -> float:
    """How long a border two shapes share, bridging gaps and overlaps up to ``gap``.

    The strip where the two shapes, each grown by ``gap``, overlap is long and
    thin along a shared border and a small blob where they only meet at a
    corner; its length is the long side of its oriented envelope, less the
    width the growing added.
    """
    strip = a.buffer(gap, quad_segs=2).intersection(b.buffer(gap, quad_segs=2))
    if strip.is_empty:
        return 0.0
    best = 0.0
    for part in getattr(strip, "geoms", [strip]):
        if part.area <= 0:
            continue
        rect = part.minimum_rotated_rectangle
        xs = list(rect.exterior.coords) if hasattr(rect, "exterior") else []
        if len(xs) >= 4:
            sides = [((xs[i][0] - xs[i + 1][0]) ** 2 + (xs[i][1] - xs[i + 1][1]) ** 2) ** 0.5 for i in range(2)]
            best = max(best, max(sides) - 2 * gap)
    return max(best, 0.0)


def auto_gap(geoms: List, floor: float) -> float:
    """The gap hand drawing leaves between neighbours, from how far each shape
    lies from its nearest neighbour: three times the 90th percentile
    (MILA's standard map draws borders as gaps of up to six units; jDip's
    Youngstown has none)."""
    if len(geoms) < 3:
        return floor
    tree = STRtree(geoms)
    dists = []
    for i, g in enumerate(geoms):
        near = [int(j) for j in tree.query(g.buffer(max(floor * 20, 1.0))) if int(j) != i]
        if near:
            dists.append(min(g.distance(geoms[j]) for j in near))
    if not dists:
        return floor
    dists.sort()
    return max(floor, 3.0 * dists[int(len(dists) * 0.9)])


def infer(shapes: Iterable[DrawnShape], gap: Optional[float] = None, min_border: Optional[float] = None,
          file: str = "") -> Inference:
    """``gap`` None measures the drawing's own gaps (at least 1.5 units)."""
    problems: List[Problem] = []
    regions: Dict[str, Region] = {}
    coast_shapes: Dict[str, Polygon] = {}
    drawn_water: Dict[str, Optional[bool]] = {}
    for s in shapes:
        geom = polygon_of(s, problems, file)
        if geom is None:
            continue
        if s.coast_of:
            coast_shapes[f"{s.coast_of[0]}/{s.coast_of[1]}"] = geom
            continue
        if s.id in regions:  # a province drawn in parts
            regions[s.id].geom = unary_union([regions[s.id].geom, geom])
            continue
        terrain, reason = ((Terrain.IMPASSABLE, "drawn as impassable") if s.impassable else
                           (Terrain.WATER, "drawn as water") if s.water else
                           (Terrain.LAND, "drawn as land"))
        regions[s.id] = Region(s.id, geom, terrain, reason, offboard=s.offboard)
        if s.offboard:
            regions[s.id].reason += "; drawn as an off-board box: link it by hand"
        drawn_water[s.id] = s.water
    ids = list(regions)
    geoms = [regions[i].geom for i in ids]
    gap = auto_gap(geoms, 1.5) if gap is None else gap
    min_border = max(3.0, gap) if min_border is None else min_border
    tree = STRtree(geoms)
    border: Dict[Tuple[str, str], float] = {}
    for i, g in enumerate(geoms):
        for j in tree.query(g.buffer(gap)):
            j = int(j)
            if j <= i:
                continue
            length = _shared(g, geoms[j], gap)
            if length >= min_border:
                border[(ids[i], ids[j])] = length
    neighbours: Dict[str, Set[str]] = {i: set() for i in ids}
    for a, b in border:
        neighbours[a].add(b)
        neighbours[b].add(a)
    # coasts, off-board boxes, water inside land
    for r in regions.values():
        r.label_pos = label_point(r.geom)
        if not neighbours[r.id]:
            r.offboard = True
            r.reason += "; touches nothing: an off-board box, to be linked by hand"
        elif r.terrain is Terrain.LAND and any(regions[n].terrain is Terrain.WATER for n in neighbours[r.id]):
            r.terrain = Terrain.COAST
            r.reason = "land that borders water"
    for r in regions.values():
        if r.terrain is not Terrain.WATER or r.offboard:
            continue
        for n in neighbours[r.id]:
            host = regions[n]
            if host.terrain in (Terrain.LAND, Terrain.COAST) and \
                    host.geom.convex_hull.buffer(gap).contains(r.geom) and r.geom.area < host.geom.area:
                r.inside = host.id
                r.reason += f"; lies inside {host.id}"
    for cid in list(coast_shapes):
        parent = cid.split("/")[0]
        if parent not in regions:
            problems.append(Problem("VK822", f"the coast {cid} belongs to no drawn province",
                                    "name the coast shape after its province", file, severity="warning"))
            del coast_shapes[cid]
        elif regions[parent].terrain is Terrain.LAND:
            regions[parent].terrain = Terrain.COAST

    edges: List[EdgeProposal] = []
    water = {i for i, r in regions.items() if r.terrain is Terrain.WATER}
    multi = {cid.split("/")[0] for cid in coast_shapes}

    def reaches_sea(a: str, b: str, a_geom=None) -> bool:
        """Whether the border of two coastal provinces (or of a coast's shape and
        a province) runs down to a sea that both touch."""
        ga = regions[a].geom if a_geom is None else a_geom
        line = ga.boundary.intersection(regions[b].geom.buffer(gap))
        seas = (neighbours[a] & neighbours[b]) & water
        if a_geom is not None:
            seas = {w for w in seas if _shared(a_geom, regions[w].geom, gap) >= min_border}
        return any(line.distance(regions[w].geom) <= 2 * gap for w in seas)

    for (a, b), length in sorted(border.items()):
        ra, rb = regions[a], regions[b]
        if Terrain.IMPASSABLE in (ra.terrain, rb.terrain):
            continue
        army = ra.terrain is not Terrain.WATER and rb.terrain is not Terrain.WATER
        fleet = False
        reason = "borders"
        if a in multi or b in multi:
            pass  # fleets reach a multi-coast province through its coasts (below)
        elif ra.terrain is Terrain.WATER or rb.terrain is Terrain.WATER:
            fleet = True
            reason = "a shared coastline" if army is False and Terrain.COAST in (ra.terrain, rb.terrain) else "open water"
        elif ra.terrain is Terrain.COAST and rb.terrain is Terrain.COAST and reaches_sea(a, b):
            fleet = True
            reason = "their border reaches the sea"
        if army or fleet:
            x, y = sorted((a, b))
            edges.append(EdgeProposal(Edge(x, y, Crossing.of(army, fleet)), reason, round(length, 1)))
    # a named coast reaches the seas its shape touches, and the coastal neighbours
    # whose border with its province runs down to one of those seas
    touch = {(cid, w): _shared(geom, regions[w].geom, gap)
             for cid, geom in coast_shapes.items() for w in neighbours[cid.split("/")[0]] & water}
    best: Dict[Tuple[str, str], float] = {}
    for (cid, w), length in touch.items():
        key = (cid.split("/")[0], w)
        best[key] = max(best.get(key, 0.0), length)
    # a coast reaches a sea it really fronts, not one its shape grazes where
    # another coast of the province fronts it (a fifth of the longest, at least)
    seas_of: Dict[str, Set[str]] = {cid: set() for cid in coast_shapes}
    for (cid, w), length in touch.items():
        if length >= min_border and length >= 0.2 * best[(cid.split("/")[0], w)]:
            seas_of[cid].add(w)

    def mouths(a: str, b: str) -> Dict[str, object]:
        """Where the border of a and b meets each sea both touch."""
        line = regions[a].geom.boundary.intersection(regions[b].geom.buffer(gap))
        out = {}
        for w in (neighbours[a] & neighbours[b]) & water:
            mouth = line.intersection(regions[w].geom.buffer(2 * gap))
            if not mouth.is_empty:
                out[w] = mouth
        return out

    def coast_at(prov: str, sea: str, mouth) -> Optional[str]:
        """The coast of a multi-coast province nearest to where a border meets the sea."""
        options = [c for c in coast_shapes if c.split("/")[0] == prov and sea in seas_of[c]]
        return min(options, key=lambda c: coast_shapes[c].distance(mouth)) if options else None

    for cid in sorted(coast_shapes):
        parent = cid.split("/")[0]
        for n in sorted(neighbours[parent]):
            rn = regions[n]
            if rn.terrain is Terrain.WATER:
                targets = [n] if n in seas_of[cid] else []
                why = f"the coast {cid} touches {n}"
            elif rn.terrain is Terrain.COAST:
                targets, shared = [], []
                for w, mouth in mouths(parent, n).items():
                    # a border may meet one sea twice (Portugal and Spain, both coasts)
                    for part in getattr(mouth, "geoms", [mouth]):
                        if coast_at(parent, w, part) != cid:
                            continue
                        t = coast_at(n, w, part) if n in multi else n
                        if t is not None and t not in targets:
                            targets.append(t)
                            shared.append(w)
                why = f"the border of {parent} and {n} reaches {', '.join(sorted(shared))}"
            else:
                continue
            for t in targets:
                a, b = sorted((cid, t))
                if any(e.edge.a == a and e.edge.b == b for e in edges):
                    continue
                edges.append(EdgeProposal(Edge(a, b, Crossing.FLEET), why, 0.0))
    return Inference(regions, coast_shapes, edges, problems)
