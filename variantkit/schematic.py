"""A schematic board for variants that have no art.

Positions come from the variant's ``unit_pos`` where it has them and from a
force-directed layout of the province graph elsewhere; each province is then
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
from shapely.geometry import MultiPoint, Point, Polygon

from .graph import Graph
from .model import UnitType, Variant, split_location

Ring = List[Tuple[float, float]]


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
    edges = np.array([(index[a], index[b]) for a in ids for b in adj[a] if index[a] < index[b]],
                     dtype=int).reshape(-1, 2)
    k = math.sqrt(1.0 / n)
    temp = 0.1
    for _ in range(iterations):
        delta = pos[:, None, :] - pos[None, :, :]
        dist = np.sqrt((delta ** 2).sum(-1)) + 1e-9
        np.fill_diagonal(dist, np.inf)
        disp = (delta / dist[..., None] * (k * k / dist)[..., None]).sum(1)
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


def schematic_board(variant: Variant, width: float = 1200, height: float = 800,
                    seed: int = 1) -> Board:
    """Lay the variant out as cells on a ``width`` x ``height`` board."""
    adj = _province_graph(variant)
    given = {p.id: p.unit_pos for p in variant.provinces if p.unit_pos is not None}
    fixed = None
    if given:
        xs = [x for x, _ in given.values()]
        ys = [y for _, y in given.values()]
        span = max(max(xs) - min(xs), max(ys) - min(ys), 1.0)
        fixed = {pid: ((x - min(xs)) / span, (y - min(ys)) / span) for pid, (x, y) in given.items()}
    # spaces with no link at all (an impassable space) would fly off and squash
    # the rest: they are laid out in a row along the bottom instead
    lonely = sorted(pid for pid, n in adj.items() if not n and pid not in (fixed or {}))
    unit = force_layout({k: v for k, v in adj.items() if k not in lonely}, seed=seed, fixed=fixed)
    for i, pid in enumerate(lonely):
        unit[pid] = ((i + 0.5) / max(len(lonely), 1), 1.08)
    margin = 45.0
    xs = [x for x, _ in unit.values()] or [0.0]
    ys = [y for _, y in unit.values()] or [0.0]
    sx = (width - 2 * margin) / max(max(xs) - min(xs), 1e-9)
    sy = (height - 2 * margin) / max(max(ys) - min(ys), 1e-9)
    points = {pid: (margin + (x - min(xs)) * sx, margin + (y - min(ys)) * sy)
              for pid, (x, y) in unit.items()}
    # cells stay round near the edge of the layout instead of running to the frame
    nearest = sorted(min(math.dist(a, b) for kb, b in points.items() if kb != ka)
                     for ka, a in points.items()) if len(points) > 1 else [width]
    reach = 1.1 * nearest[len(nearest) // 2]
    frame = Polygon([(0, 0), (width, 0), (width, height), (0, height)])
    cells: Dict[str, List[Ring]] = {}
    if len(points) >= 2:
        ids = list(points)
        regions = shapely.voronoi_polygons(MultiPoint([points[i] for i in ids]), extend_to=frame)
        for region in regions.geoms:
            owner = next((i for i in ids if region.contains(Point(points[i]))), None)
            if owner is None:
                continue
            clipped = region.intersection(frame).intersection(
                Point(points[owner]).buffer(reach, quad_segs=6)).buffer(-1.5)
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
