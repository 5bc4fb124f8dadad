"""A schematic board for variants that have no art.

Positions come from the variant's ``unit_pos`` where it has them (a
designer's pins); else from where each place is in the world (the gazetteer
in :mod:`variantkit.board.geography`), relaxed so cells do not crowd, with
off-board boxes at the edge their links face; else from a force-directed
layout of the province graph.  Each province is then
drawn as the Voronoi cell of its point, clipped to the board.  The result is
plain data (polygons as point lists), so the renderer and the editor can both
draw it and a designer can refine it later.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Dict, List, Optional, Tuple

import numpy as np
import shapely
from scipy.spatial import cKDTree
from shapely.geometry import MultiPoint, Point, Polygon

from .geography import known_share, place_provinces, project
from ..graph import Graph
from ..model import UnitType, Variant, split_location

Ring = List[Tuple[float, float]]

# Up to this many places the layouts weigh every pair (the pictures of the
# bundled maps); above it only pairs near enough to matter, found with a k-d
# tree, so the work grows with the places and their links, not their square
# (a 10,000-province layout weighing every pair needed 6.4 GB).
EXACT_PAIRS = 600



@dataclass(frozen=True)
class Board:
    width: float
    height: float
    cells: Dict[str, List[Ring]]          # province id -> outer rings of its cell
    points: Dict[str, Tuple[float, float]]  # province or coast id -> where its unit stands
    labels: Dict[str, Tuple[float, float]]


def _province_graph(variant: Variant) -> Dict[str, set]:
    graph = Graph(variant)
    adj: Dict[str, set] = {p.id: set() for p in variant.provinces}
    for unit in UnitType:
        for src, dst in graph.all_moves(unit):
            a, b = split_location(src)[0], split_location(dst)[0]
            adj[a].add(b)
            adj[b].add(a)
    for e in variant.edges:  # impassable spaces have no moves but sit between their neighbours
        a, b = split_location(e.a)[0], split_location(e.b)[0]
        if a in adj and b in adj and a != b:
            adj[a].add(b)
            adj[b].add(a)
    return adj


def force_layout(adj: Dict[str, set], seed: int = 1, iterations: int = 400,
                 fixed: Optional[Dict[str, Tuple[float, float]]] = None) -> Dict[str, Tuple[float, float]]:
    """Fruchterman-Reingold in the unit square; ``fixed`` points do not move."""
    ids = sorted(adj)
    n = len(ids)
    if n == 0:
        return {}
    index = {pid: i for i, pid in enumerate(ids)}
    rng = random.Random(seed)
    pos = np.array([[rng.random(), rng.random()] for _ in ids])
    pinned = np.zeros(n, dtype=bool)
    for pid, xy in (fixed or {}).items():
        if pid in index:
            pos[index[pid]] = xy
            pinned[index[pid]] = True
    edges = np.array([(index[a], index[b]) for a in ids for b in sorted(adj[a]) if index[a] < index[b]],
                     dtype=int).reshape(-1, 2)
    k = math.sqrt(1.0 / n)
    temp = 0.1
    for _ in range(iterations if not pinned.all() else 0):
        disp = _repulsion(pos, k, ~pinned)
        if len(edges):
            d = pos[edges[:, 0]] - pos[edges[:, 1]]
            length = np.sqrt((d ** 2).sum(-1)) + 1e-9
            pull = d / length[:, None] * (length ** 2 / k)[:, None]
            np.add.at(disp, edges[:, 0], -pull)
            np.add.at(disp, edges[:, 1], pull)
        # gravity keeps parts with no edges (an impassable space) near the rest
        disp -= (pos - pos.mean(0)) * (3.0 * k)
        length = np.sqrt((disp ** 2).sum(-1)) + 1e-9
        step = disp / length[:, None] * np.minimum(length, temp)[:, None]
        step[pinned] = 0
        pos += step
        temp = max(temp * 0.985, 0.002)
    if not pinned.any():  # free layouts are scaled into the unit square afterwards
        pos -= pos.min(0)
        pos /= max(float(pos.max()), 1e-9)
    return {pid: (float(pos[i, 0]), float(pos[i, 1])) for pid, i in index.items()}


def _repulsion(pos: np.ndarray, k: float, moving: np.ndarray) -> np.ndarray:
    """Fruchterman-Reingold's push of every point away from the others.

    Above EXACT_PAIRS points only pairs closer than 2k push (Fruchterman and
    Reingold's own grid variant): farther pairs push with under half the
    force of neighbours at k, and the links and gravity shape the whole."""
    n = len(pos)
    if n <= EXACT_PAIRS:
        delta = pos[:, None, :] - pos[None, :, :]
        dist = np.sqrt((delta ** 2).sum(-1)) + 1e-9
        np.fill_diagonal(dist, np.inf)
        return (delta / dist[..., None] * (k * k / dist)[..., None]).sum(1)
    pairs = _near_pairs(pos, 2 * k, moving)
    disp = np.zeros_like(pos)
    if len(pairs):
        d = pos[pairs[:, 0]] - pos[pairs[:, 1]]
        dist = np.sqrt((d ** 2).sum(-1)) + 1e-9
        push = d / dist[:, None] * (k * k / dist)[:, None]
        disp = _gather(pairs, push, n)
    return disp


def _near_pairs(pos: np.ndarray, radius: float, moving: np.ndarray) -> np.ndarray:
    """The pairs of points within ``radius`` of which at least one moves: pins
    a file stacks on one spot (every province at 0,0) push nothing, so their
    own pairs, as many as the square of their number, are never listed."""
    tree = cKDTree(pos)
    if moving.all():
        return tree.query_pairs(radius, output_type="ndarray")
    free = np.flatnonzero(moving)
    near = tree.query_ball_point(pos[free], radius, return_sorted=False)
    counts = np.fromiter((len(js) for js in near), dtype=int, count=len(near))
    if not counts.sum():
        return np.zeros((0, 2), dtype=int)
    first = np.repeat(free, counts)
    second = np.concatenate([np.asarray(js, dtype=int) for js in near if js])
    keep = (first != second) & (~moving[second] | (first < second))
    return np.stack([first[keep], second[keep]], axis=1)


def _overlap_push(pos: np.ndarray, spacing: float) -> np.ndarray:
    """How far each point is pushed by the points closer than ``spacing``
    (only those push, so a k-d tree finds them: the same sum as over every
    pair, without the n-by-n arrays)."""
    push = np.zeros_like(pos)
    pairs = cKDTree(pos).query_pairs(spacing, output_type="ndarray")
    if len(pairs):
        d = pos[pairs[:, 0]] - pos[pairs[:, 1]]
        dist = np.sqrt((d ** 2).sum(-1)) + 1e-12
        f = d / dist[:, None] * (spacing - dist)[:, None]
        push = _gather(pairs, f, len(pos))
    return push


def _gather(pairs: np.ndarray, force: np.ndarray, n: int) -> np.ndarray:
    """Each point's sum of the pair forces: ``force`` on the first of each
    pair, its opposite on the second (bincount: np.add.at took 12 s of a
    10,000-place layout, bincount 2 s)."""
    out = np.empty((n, 2))
    for axis in (0, 1):
        out[:, axis] = (np.bincount(pairs[:, 0], force[:, axis], n)
                        - np.bincount(pairs[:, 1], force[:, axis], n))
    return out


def _graph_layout(adj, given, width, height, margin, seed):
    fixed = None
    if given:
        xs = [x for x, _ in given.values()]
        ys = [y for _, y in given.values()]
        x0, y0 = min(xs), min(ys)  # once, not per point: 10,000 points made it quadratic
        span = max(max(xs) - x0, max(ys) - y0, 1.0)
        fixed = {pid: ((x - x0) / span, (y - y0) / span) for pid, (x, y) in given.items()}
    # spaces with no link at all (an impassable space) would fly off and squash
    # the rest: they are laid out in a row along the bottom instead
    lonely = sorted(pid for pid, n in adj.items() if not n and pid not in (fixed or {}))
    unit = force_layout({k: v for k, v in adj.items() if k not in lonely}, seed=seed, fixed=fixed)
    for i, pid in enumerate(lonely):
        unit[pid] = ((i + 0.5) / max(len(lonely), 1), 1.08)
    xs = [x for x, _ in unit.values()] or [0.0]
    ys = [y for _, y in unit.values()] or [0.0]
    x0, y0 = min(xs), min(ys)
    sx = (width - 2 * margin) / max(max(xs) - x0, 1e-9)
    sy = (height - 2 * margin) / max(max(ys) - y0, 1e-9)
    return {pid: (margin + (x - x0) * sx, margin + (y - y0) * sy)
            for pid, (x, y) in unit.items()}


def _geographic_layout(variant: Variant, adj: Dict[str, set]) -> Optional[Dict[str, Tuple[float, float]]]:
    """Seeds from where each place is in the world, or None when the
    gazetteer knows too few of the variant's provinces to make a map of them.

    Provinces it does not know stand among their placed neighbours; off-board
    boxes stand just outside the edge their links face.
    """
    real = [p for p in variant.provinces if not p.offboard]
    names = {p.id: (p.name, p.aliases) for p in real}
    if not real or known_share(names) < 0.6:
        return None
    pts = project(place_provinces(names, adj))
    boxes = [p.id for p in variant.provinces if p.offboard]
    # a map of the world has its places apart (10,000 provinces all called
    # Paris would stand on one spot) and a few boxes at its edges; anything
    # else is laid out from its graph.  The gazetteer's few hundred places
    # so bound the work of relaxing the points (every pair may be near).
    if len(set(pts.values())) < 0.6 * len(real) or len(boxes) > len(real):
        return None
    # spreads inwards from the known provinces, a ring of neighbours a round;
    # only the neighbours of the last ring are looked at (linear in links)
    order = {p.id: i for i, p in enumerate(real)}
    placed = [pid for pid in pts]
    while placed:
        todo = sorted({n for pid in placed for n in adj.get(pid, ()) if n in order and n not in pts},
                      key=order.__getitem__)
        for pid in todo:
            near = [pts[n] for n in adj[pid] if n in pts]
            pts[pid] = (sum(q[0] for q in near) / len(near), sum(q[1] for q in near) / len(near))
        placed = todo
    xs, ys = [x for x, _ in pts.values()], [y for _, y in pts.values()]
    x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
    step = math.sqrt(max((x1 - x0) * (y1 - y0), 1e-9) / len(pts))
    for p in real:  # an island of unknown places: under the map
        pts.setdefault(p.id, ((x0 + x1) / 2, y1 + step))
    is_box = set(boxes)
    # a box linked only to boxes follows them: passes until nothing moves, at
    # most 64 (a chain of boxes deeper than that is drawn where the last left it)
    for _ in range(min(len(boxes) + 1, 64)):
        before = {pid: pts.get(pid) for pid in boxes}
        for pid in boxes:
            near = [pts[n] for n in sorted(adj[pid]) if n in pts and n not in is_box] or \
                   [pts[n] for n in sorted(adj[pid]) if n in pts]
            if not near:
                continue
            mx = sum(q[0] for q in near) / len(near)
            my = sum(q[1] for q in near) / len(near)
            edge = min((mx - x0, "w"), (x1 - mx, "e"), (my - y0, "n"), (y1 - my, "s"))[1]
            pts[pid] = {"w": (x0 - step, my), "e": (x1 + step, my),
                        "n": (mx, y0 - step), "s": (mx, y1 + step)}[edge]
        if all(pts.get(pid) == before[pid] for pid in boxes):
            break
    for pid in boxes:
        pts.setdefault(pid, ((x0 + x1) / 2, y1 + step))
    return pts


def relax(seeds: Dict[str, Tuple[float, float]], spacing: float, iterations: int = 300,
          seed: int = 1, adj: Optional[Dict[str, set]] = None,
          loose: frozenset = frozenset()) -> Dict[str, Tuple[float, float]]:
    """Push points closer than ``spacing`` apart while each is held to its
    seed, so dense places (Europe on a world map) get cells of a usable size
    without moving far from where they are; linked places further apart than
    two spacings are drawn together a little, so their cells can touch
    (except ``loose`` ones: off-board boxes are linked across the map)."""
    ids = sorted(seeds)
    index = {pid: i for i, pid in enumerate(ids)}
    links = np.array([(index[a], index[b]) for a in ids for b in sorted((adj or {}).get(a, ()))
                      if b in index and index[a] < index[b] and a not in loose and b not in loose],
                     dtype=int).reshape(-1, 2)
    rng = random.Random(seed)
    home = np.array([seeds[i] for i in ids], dtype=float)
    # places given the same spot would never separate: a tiny deterministic nudge
    pos = home + np.array([[rng.uniform(-1, 1), rng.uniform(-1, 1)] for _ in ids]) * spacing * 1e-3
    for _ in range(iterations):
        push = _overlap_push(pos, spacing)
        if len(links):
            d = pos[links[:, 1]] - pos[links[:, 0]]
            length = np.sqrt((d ** 2).sum(-1)) + 1e-12
            pull = d * (np.clip(length - 2 * spacing, 0.0, None) / length)[:, None] * 0.1
            np.add.at(push, links[:, 0], pull)
            np.add.at(push, links[:, 1], -pull)
        pos += 0.25 * push + 0.02 * (home - pos)
    return {pid: (float(pos[i, 0]), float(pos[i, 1])) for i, pid in enumerate(ids)}


def schematic_board(variant: Variant, width: float = 1200, height: float = 800,
                    seed: int = 1) -> Board:
    """Lay the variant out as cells on a ``width`` x ``height`` board.

    Pinned positions (``unit_pos``) win; else the places' geography when the
    gazetteer knows the map; else a force layout of the province graph.
    """
    adj = _province_graph(variant)
    given = {p.id: p.unit_pos for p in variant.provinces if p.unit_pos is not None}
    margin = 45.0
    world = None if given else _geographic_layout(variant, adj)
    if world is not None:
        xs, ys = [x for x, _ in world.values()], [y for _, y in world.values()]
        x0, y0 = min(xs), min(ys)
        span = max(max(xs) - x0, max(ys) - y0, 1e-9)
        unit = {pid: ((x - x0) / span, (y - y0) / span) for pid, (x, y) in world.items()}
        w = (max(xs) - x0) / span
        h = (max(ys) - y0) / span
        unit = relax(unit, 0.9 * math.sqrt(w * h / len(unit)), seed=seed, adj=adj,
                     loose=frozenset(p.id for p in variant.provinces if p.offboard))
        # one scale for both axes: the map keeps its shape, centred on the board
        xs, ys = [x for x, _ in unit.values()], [y for _, y in unit.values()]
        x0, x1, y0, y1 = min(xs), max(xs), min(ys), max(ys)
        s = min((width - 2 * margin) / max(x1 - x0, 1e-9), (height - 2 * margin) / max(y1 - y0, 1e-9))
        ox = (width - s * (x1 - x0)) / 2
        oy = (height - s * (y1 - y0)) / 2
        points = {pid: (ox + (x - x0) * s, oy + (y - y0) * s) for pid, (x, y) in unit.items()}
    else:
        points = _graph_layout(adj, given, width, height, margin, seed)
    # cells stay round near the edge of the layout instead of running to the frame
    if len(points) > 1:
        spots = np.array(list(points.values()), dtype=float)
        nearest = np.sort(cKDTree(spots).query(spots, k=2)[0][:, 1]).tolist()
    else:
        nearest = [width]
    reach = {pid: 1.1 * nearest[len(nearest) // 2] for pid in points}
    if world is not None:
        # a cell reaches far enough to touch the cells of its linked neighbours
        boxes = {p.id for p in variant.provinces if p.offboard}
        for pid, xy in points.items():
            if pid in boxes:  # a box only marks its edge
                continue
            far = [math.dist(xy, points[n]) for n in adj.get(pid, ()) if n in points and n not in boxes]
            if far:
                reach[pid] = max(reach[pid], 0.6 * max(far))
    frame = Polygon([(0, 0), (width, 0), (width, height), (0, height)])
    cells: Dict[str, List[Ring]] = {}
    if len(points) >= 2:
        ids = list(points)
        sites = shapely.points([points[i] for i in ids])
        regions = list(shapely.voronoi_polygons(MultiPoint(list(sites)), extend_to=frame).geoms)
        # each region's owner is the first place whose point it contains, found
        # through a tree of the points rather than by trying every point
        found = shapely.STRtree(sites).query(regions, predicate="contains")
        owners: Dict[int, int] = {}
        for r, i in zip(found[0].tolist(), found[1].tolist()):
            owners[r] = min(i, owners.get(r, i))
        for r, region in enumerate(regions):
            if r not in owners:
                continue
            owner = ids[owners[r]]
            clipped = region.intersection(frame).intersection(
                Point(points[owner]).buffer(reach[owner], quad_segs=6)).buffer(-1.5)
            if clipped.is_empty:
                continue
            polys = getattr(clipped, "geoms", [clipped])
            cells[owner] = [[(round(x, 1), round(y, 1)) for x, y in poly.exterior.coords]
                            for poly in polys]
    elif points:
        only = next(iter(points))
        cells[only] = [list(frame.exterior.coords)]
    unit_points: Dict[str, Tuple[float, float]] = dict(points)
    labels: Dict[str, Tuple[float, float]] = {}
    graph = Graph(variant)
    for p in variant.provinces:
        x, y = points.get(p.id, (width / 2, height / 2))
        labels[p.id] = (x, y - 15)
        for i, c in enumerate(p.coasts):
            # a coast's unit stands towards the waters it reaches
            lid = f"{p.id}/{c.id}"
            near = [points[split_location(n)[0]] for n in graph.moves(UnitType.FLEET, lid)
                    if split_location(n)[0] in points]
            if near:
                tx = sum(q[0] for q in near) / len(near) - x
                ty = sum(q[1] for q in near) / len(near) - y
                norm = math.hypot(tx, ty) or 1.0
                unit_points[lid] = (x + 18 * tx / norm, y + 18 * ty / norm)
            else:
                angle = 2 * math.pi * i / len(p.coasts)
                unit_points[lid] = (x + 18 * math.cos(angle), y + 18 * math.sin(angle))
    return Board(width, height, cells, unit_points, labels)
