"""Which drawn regions border which: the gap each pair's drawing leaves,
measured where they meet, and how long a border they share.

Hand drawing leaves gaps and overlaps between neighbours, wider in some
places than others (borders drawn as white lines, a strait left as paper,
a coast drawn short of its sea).  So the gap is measured locally: two
regions are in contact when the paper between their nearest points holds
no third region and they are closer than a quarter of the larger one's
size (and than ``reach``, a hundredth of the drawing's diagonal).  Each
region is grown once, by the widest such gap around it plus ``floor`` (not
once per pair); two regions border when
their grown shapes overlap in a strip longer than ``min_border`` (the
strip is a small blob where shapes only meet at a corner).  Candidates
come from a spatial index, so the work grows with the map, not its square.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Dict, List, Optional, Sequence, Tuple

import shapely
from shapely.geometry import LineString
from shapely.ops import nearest_points
from shapely.strtree import STRtree

Pair = Tuple[int, int]


@dataclass
class Contact:
    length: float        # the shared border, in drawing units
    gap: float           # the paper bridged between the two outlines
    confidence: float    # 0..1: a long border across no gap is 1
    drawn: bool = False  # a line drawn between them, not a shared outline
    causeway: bool = False   # the line is painted as land: the coasts it joins are one


@dataclass
class Borders:
    contacts: Dict[Pair, Contact]
    grown: List             # each region grown by its own gap
    gaps: List[float]       # each region's gap
    reach: float            # the widest gap bridged anywhere


def reach_of(geoms: Sequence, floor: float) -> float:
    """A hundredth of the drawing's diagonal: wider paper is not a border."""
    x0, y0, x1, y1 = shapely.total_bounds(shapely.GeometryCollection(list(geoms))) if geoms else (0, 0, 0, 0)
    return max(2 * floor, 0.01 * ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5)


def _obstructed(p, q, i: int, j: int, geoms: Sequence, tree: STRtree, floor: float) -> bool:
    """Whether a third region lies on the line p-q, or, across wide paper,
    closes in on its middle (paper seen through a narrower gap between two
    other regions)."""
    line = LineString([p, q])
    d = line.length
    if d <= 4 * floor:
        corridor = line
    else:
        middle = LineString([line.interpolate(0.25, normalized=True), line.interpolate(0.75, normalized=True)])
        corridor = middle.buffer(d / 4, quad_segs=2)
    for k in tree.query(corridor, predicate="intersects"):
        k = int(k)
        if k not in (i, j):
            cut = geoms[k].intersection(corridor)
            if cut.length + cut.area > 1e-6:
                return True
    return False


def blocked(a, b, i: int, j: int, geoms: Sequence, tree: STRtree, floor: float) -> bool:
    """Whether every way across the paper between a and b is obstructed by a
    third region.  The nearest points may sit at a corner where a third
    region starts, so a few other crossings along a's facing outline are
    tried before the pair is ruled out."""
    p, q = nearest_points(a, b)
    d = p.distance(q)
    if d <= 1e-9 or not _obstructed(p, q, i, j, geoms, tree, floor):
        return False
    # b clipped to where it can come within reach of a's outline first: the
    # same strip, without growing the whole of a large outline
    x0, y0, x1, y1 = a.bounds
    r = 1.25 * d
    near_b = shapely.clip_by_rect(b, x0 - r, y0 - r, x1 + r, y1 + r)
    facing = a.boundary.intersection(near_b.buffer(r, quad_segs=2))
    parts = sorted(getattr(facing, "geoms", [facing]), key=lambda g: -g.length)[:4]
    for part in parts:
        if part.length <= 0:
            continue
        for t in (0.25, 0.5, 0.75):
            s = part.interpolate(t, normalized=True)
            r = nearest_points(s, b)[1]
            if s.distance(r) <= 1.5 * d and not _obstructed(s, r, i, j, geoms, tree, floor):
                return False
    return True


def strip_length(strip, grown_by: float) -> float:
    """The length of the strip where two grown shapes overlap: the long side
    of its oriented envelope, less the width the growing added."""
    best = 0.0
    for part in getattr(strip, "geoms", [strip]):
        if part.area <= 0:
            continue
        rect = part.minimum_rotated_rectangle
        xs = list(rect.exterior.coords) if hasattr(rect, "exterior") else []
        if len(xs) >= 4:
            sides = [((xs[k][0] - xs[k + 1][0]) ** 2 + (xs[k][1] - xs[k + 1][1]) ** 2) ** 0.5 for k in range(2)]
            best = max(best, max(sides) - grown_by)
    return max(best, 0.0)


def find_borders(geoms: Sequence, floor: float, fixed_gap: Optional[float] = None,
                 min_border: Optional[float] = None) -> Borders:
    """Every bordering pair (i < j).  ``fixed_gap`` bridges one gap everywhere
    (the old rule, for a designer who knows the drawing)."""
    n = len(geoms)
    tree = STRtree(geoms)
    reach = 2 * fixed_gap if fixed_gap is not None else reach_of(geoms, floor)
    # how far each region looks: a quarter of its size, within the drawing's
    # reach (a gap as wide as a province is a sea or a space of its own)
    looks = [reach if fixed_gap is not None else max(2 * floor, min(reach, 0.25 * g.area ** 0.5)) for g in geoms]
    # the paper between each pair that could border, unless a region lies on it
    near: Dict[Pair, float] = {}
    widest = [0.0] * n
    for i, g in enumerate(geoms):
        cands = [int(j) for j in tree.query(g, predicate="dwithin", distance=reach) if int(j) > i]
        if not cands:
            continue
        dists = shapely.distance(g, [geoms[j] for j in cands])
        for j, d in zip(cands, dists):
            d = float(d)
            if d > max(looks[i], looks[j]):
                continue
            if d > floor and fixed_gap is None and blocked(g, geoms[j], i, j, geoms, tree, floor):
                continue
            near[(i, j)] = d
            widest[i] = max(widest[i], d)
            widest[j] = max(widest[j], d)
    if fixed_gap is not None:
        gaps = [fixed_gap] * n
    else:
        gaps = [floor + w for w in widest]
    grown = [g.buffer(gaps[i], quad_segs=2) if gaps[i] > 0 else g for i, g in enumerate(geoms)]
    contacts: Dict[Pair, Contact] = {}
    for (i, j), d in near.items():
        strip = grown[i].intersection(grown[j])
        if strip.is_empty:
            continue
        grown_by = gaps[i] + gaps[j]
        length = strip_length(strip, grown_by)
        need = max(3.0, floor, 0.45 * grown_by) if min_border is None else min_border
        if length < need:
            continue
        # sure when long against what it needs, less so across wide paper
        confidence = min(1.0, length / (3 * need)) * (1.0 if d <= 2 * floor else max(0.5, 1 - d / reach))
        contacts[(i, j)] = Contact(length, d, round(max(confidence, 0.3), 2))
    return Borders(contacts, grown, gaps, reach)


def drawn_links(lines: Sequence[Sequence[Tuple[float, float]]], geoms: Sequence, floor: float,
                water: Optional[Sequence[bool]] = None) -> Dict[Pair, int]:
    """Links drawn as lines: a straight stretch of an unfilled line that
    starts well inside one region and ends well inside another (a map of
    circles joined by lines), or a whole open stroke whose two ends lie in
    two land regions (a crossing drawn over a river: gatewaywest's bridges).
    Either passes through no third region but water: a stroke that runs
    through other land (a shading outline, a frame) joins nothing.  Border
    strokes run along outlines, so their ends are inside no region; returns
    each pair with how many lines join it."""
    # a stretch joining two regions' insides is longer than both margins;
    # border strokes are mostly short stretches along outlines
    cands = [(p, q, 2 * floor) for line in lines for p, q in zip(line, line[1:])
             if (p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2 > (4 * floor) ** 2]
    # an open stroke by its ends: inside two regions past the jitter of an outline
    strokes = [list(line) for line in lines if len(line) >= 2 and tuple(line[0]) != tuple(line[-1])]
    cands += [(line[0], line[-1], floor) for line in strokes]
    if not geoms or not cands:
        return {}
    wet = list(water) if water is not None else [False] * len(geoms)
    tree = STRtree(geoms)
    pts = shapely.points([p for c in cands for p in c[:2]])
    margins = [c[2] for c in cands for _ in (0, 1)]
    where = [-1] * len(pts)
    hits = tree.query(pts, predicate="within")
    if hits.size:
        outlines = shapely.boundary(list(geoms))
        depth = shapely.distance(pts[hits[0]], outlines[hits[1]])
        for p, g, m in zip(hits[0], hits[1], depth):
            if m > margins[int(p)]:
                where[int(p)] = int(g)
    n_segs = len(cands) - len(strokes)
    out: Dict[Pair, int] = {}
    for k in range(len(cands)):
        i, j = where[2 * k], where[2 * k + 1]
        if i < 0 or j < 0 or i == j or (k >= n_segs and (wet[i] or wet[j])):
            continue   # (a crossing joins two shores: a stroke out to sea is a lane, a frame)
        path = LineString(cands[k][:2] if k < n_segs else strokes[k - n_segs])
        if _through_land(path, i, j, geoms, wet, tree, floor):
            continue
        key = (min(i, j), max(i, j))
        out[key] = out.get(key, 0) + 1
    return out


def _through_land(path, i: int, j: int, geoms: Sequence, wet: Sequence[bool], tree: STRtree,
                  floor: float) -> bool:
    """Whether a line between regions i and j runs through a third region
    that is not water for more than the jitter of an outline."""
    for k in tree.query(path, predicate="intersects"):
        k = int(k)
        if k not in (i, j) and not wet[k] and geoms[k].intersection(path).length > floor:
            return True
    return False


def paper_borders(geoms: Sequence, gaps: Sequence[float], reach: float, floor: float,
                  among: Sequence[bool], most: int = 400_000) -> Dict[Pair, Tuple[float, float]]:
    """Regions drawn apart with paper between them (1900's white borders, 2-6
    units wide): the paper is split down the middle, as the Voronoi diagram
    of their outlines splits it, and two regions border where their halves
    meet along a stretch.  Only paper no wider than what each of the two
    already bridges to its neighbours counts (a gap as wide as a sea is no
    border).  Returns each pair of the regions ``among`` with the length of
    the stretch and the narrowest paper on it; nothing past ``most`` outline
    points (a triangulation of millions of points is no reading of a map)."""
    import numpy as np
    from scipy.spatial import Delaunay
    spacing = max(2 * floor, reach / 8)   # finer than the paper is wide (2-6 units on 1900)
    if sum(shapely.get_num_coordinates(g) + g.length / spacing for g, a in zip(geoms, among) if a) > most:
        return {}
    pts, owner = [], []
    for i, g in enumerate(geoms):
        if among[i]:
            xy = shapely.get_coordinates(shapely.segmentize(g.boundary, spacing))
            pts.append(xy)
            owner.append(np.full(len(xy), i))
    if len(pts) < 2:
        return {}
    points, first = np.unique(np.concatenate(pts), axis=0, return_index=True)
    label = np.concatenate(owner)[first]
    if len(points) < 4:
        return {}
    # the Voronoi diagram read off the Delaunay triangulation, in arrays: the ridge
    # between two points joins the circumcentres of the two triangles sharing their edge
    tri = Delaunay(points)
    simp, nbr = tri.simplices, tri.neighbors
    a, b, c = (points[simp[:, k]] for k in range(3))
    d = 2 * (a[:, 0] * (b[:, 1] - c[:, 1]) + b[:, 0] * (c[:, 1] - a[:, 1]) + c[:, 0] * (a[:, 1] - b[:, 1]))
    d[d == 0] = np.nan
    sa, sb, sc = (a ** 2).sum(1), (b ** 2).sum(1), (c ** 2).sum(1)
    centre = np.column_stack(((sa * (b[:, 1] - c[:, 1]) + sb * (c[:, 1] - a[:, 1]) + sc * (a[:, 1] - b[:, 1])) / d,
                              (sa * (c[:, 0] - b[:, 0]) + sb * (a[:, 0] - c[:, 0]) + sc * (b[:, 0] - a[:, 0])) / d))
    g = np.asarray(gaps, dtype=float)
    out: Dict[Pair, Tuple[float, float]] = {}
    for k in range(3):   # the edge opposite corner k, shared with the neighbour across it
        t = np.arange(len(simp))
        n = nbr[:, k]
        keep = n > t   # each shared edge once; -1: the hull, no finite ridge
        p, q = simp[keep, (k + 1) % 3], simp[keep, (k + 2) % 3]
        li, lj = label[p], label[q]
        dist = np.hypot(*(points[p] - points[q]).T)
        length = np.hypot(*(centre[t[keep]] - centre[n[keep]]).T)
        ok = (li != lj) & (dist <= np.minimum(np.minimum(g[li], g[lj]), reach)) & np.isfinite(length)
        for i, j, dd, ll in zip(np.minimum(li, lj)[ok].tolist(), np.maximum(li, lj)[ok].tolist(),
                                dist[ok].tolist(), length[ok].tolist()):
            have = out.get((i, j))
            out[(i, j)] = (ll, dd) if have is None else (have[0] + ll, min(have[1], dd))
    return out
