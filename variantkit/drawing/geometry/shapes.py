"""Drawn shapes as shapely geometry: the plain records the conventions make,
one valid (multi)polygon per shape, and where to put a label in it."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import List, Optional, Sequence, Tuple

import shapely
from shapely.geometry import Polygon
from shapely.ops import polylabel

from ...problems import Problem

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


def polygon_of(shape: DrawnShape, problems: List[Problem], file: str = "") -> Optional[Polygon]:
    """One valid (multi)polygon from the shape's rings; repairs are reported."""
    parts = []
    seen = set()
    for ring in shape.rings:
        pts = [tuple(p) for p in ring]
        # a part drawn twice (1900's Constantinople: two copies of its Asian shore
        # in one group) is that part once, not a hole by the even-odd rule
        key = tuple(pts)
        if len(pts) >= 3 and key not in seen:
            seen.add(key)
            parts.append(Polygon(pts))
    if not parts:
        problems.append(Problem.of("VK820", id=shape.id).at(file))
        return None
    # rings combine by the even-odd rule, as SVG draws a path whose subpaths
    # nest: a ring inside another is a hole (a lake), apart from it a part (an island)
    repaired = [p if p.is_valid else shapely.make_valid(p) for p in parts]
    geom = _even_odd(repaired)
    if not all(p.is_valid for p in parts):
        problems.append(Problem.of("VK821", id=shape.id).at(file))
    for hole in shape.holes:
        if len(hole) >= 3:
            geom = geom.difference(Polygon(hole))
    geom = geom.buffer(0)
    if geom.is_empty:
        problems.append(Problem.of("VK820", id=shape.id).at(file))
        return None
    return geom


def _even_odd(parts):
    """The rings combined by the even-odd rule.  Parts whose insides meet no
    other part (an archipelago of many islands, DiplomacyGM's provinces in
    hundreds of rings) are one union, at once; only the parts that overlap
    others are combined one by one (a chain of differences is quadratic)."""
    if len(parts) == 1:
        return parts[0]
    from shapely.strtree import STRtree
    tree = STRtree(parts)
    left, right = tree.query(parts, predicate="intersects")
    tangled: set = set()
    for i, j in zip(left.tolist(), right.tolist()):
        if i < j and parts[i].intersection(parts[j]).area > 0:
            tangled.update((i, j))
    apart = [p for k, p in enumerate(parts) if k not in tangled]
    geom = shapely.union_all(apart) if apart else None
    for k in sorted(tangled):
        geom = parts[k] if geom is None else geom.symmetric_difference(parts[k])
    return geom


def label_point(geom) -> Tuple[float, float]:
    """The pole of inaccessibility of the largest part: the centre of the
    biggest circle that fits, which a centroid is not for a crescent."""
    part = max(getattr(geom, "geoms", [geom]), key=lambda g: g.area)
    tol = max(part.length / 2000.0, 0.05)
    p = polylabel(part, tolerance=tol)
    return (p.x, p.y)
