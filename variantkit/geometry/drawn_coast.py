"""A named coast marked by drawing its line: which waters the line runs
along, and which compass side of the province it is on.

The designer drags along a stretch of a province's shore.  The coast
reaches the seas and coastal provinces whose outlines come within a few
drawing units of that line (a drawing leaves a gap of a unit or more
between neighbours, so "touching" cannot be asked for).  The coast's id
is the side of the province the line lies on, seen from the province's
centroid: ``nc``, ``ec``, ``sc`` or ``wc``.  Plain data in, plain data
out: the editor turns mouse events into the line and an undo step into
the edit.
"""
from __future__ import annotations

import math
from typing import Collection, Dict, Iterable, List, Mapping, Sequence, Tuple

from shapely.geometry import LineString, Point, Polygon
from shapely.ops import nearest_points, unary_union

Pt = Tuple[float, float]
Ring = Sequence[Pt]

NEAR = 8.0  # drawing units: how far from the line a water may lie and still be reached

# the four sides, as directions in a drawing (y grows downwards)
SIDES: Dict[str, Pt] = {"nc": (0.0, -1.0), "ec": (1.0, 0.0), "sc": (0.0, 1.0), "wc": (-1.0, 0.0)}
OPPOSITE = {"nc": "sc", "sc": "nc", "ec": "wc", "wc": "ec"}
FACING_APART = 70.0  # degrees: within this, a coast takes the side opposite another coast


def _shape(rings: Iterable[Ring]):
    return unary_union([Polygon(r).buffer(0) for r in rings if len(r) > 2])


def _line(points: Sequence[Pt]) -> LineString:
    if len(points) < 2:
        raise ValueError("a coast line needs two points or more")
    return LineString([(float(x), float(y)) for x, y in points])


def waters_along(points: Sequence[Pt], outlines: Mapping[str, Sequence[Ring]], seaside: Collection[str],
                 province: str, near: float = NEAR) -> List[str]:
    """The provinces of ``seaside`` (seas and coastal provinces), other than
    ``province``, whose outlines lie within ``near`` of the line; sorted."""
    line = _line(points)
    out = []
    for pid in seaside:
        if pid == province or pid not in outlines:
            continue
        shape = _shape(outlines[pid])
        if not shape.is_empty and shape.distance(line) <= near:
            out.append(pid)
    return sorted(out)


def onto_border(points: Sequence[Pt], rings: Sequence[Ring], reach: float) -> List[Pt]:
    """The line with each point within ``reach`` of the province's border
    moved onto it: a hand a little off the shore still traces the shore."""
    border = _shape(rings).boundary
    out = []
    for x, y in points:
        p = Point(x, y)
        if border.distance(p) <= reach:
            q = nearest_points(border, p)[0]
            out.append((round(q.x, 2), round(q.y, 2)))
        else:
            out.append((x, y))
    return out


def _angle(a: Pt, b: Pt) -> float:
    dot = a[0] * b[0] + a[1] * b[1]
    norm = math.hypot(*a) * math.hypot(*b)
    return math.degrees(math.acos(max(-1.0, min(1.0, dot / norm)))) if norm else 0.0


def sides_by_direction(rings: Sequence[Ring], points: Sequence[Pt]) -> List[Tuple[str, float]]:
    """The four sides, nearest first, with how many degrees each is off the
    direction from the province's centroid to the middle of the line."""
    centre = _shape(rings).centroid
    middle = _line(points).centroid
    way = (middle.x - centre.x, middle.y - centre.y)
    return sorted(((side, _angle(way, d)) for side, d in SIDES.items()), key=lambda s: (s[1], s[0]))


def coast_id(rings: Sequence[Ring], points: Sequence[Pt], coasts: Mapping[str, Collection[str]],
             waters: Collection[str]) -> str:
    """The id of the coast a line marks on a province (its outline ``rings``)
    that has ``coasts`` already (id -> what each reaches).

    The nearest compass side of the line, except that the side opposite a
    coast the province has wins when it is within FACING_APART degrees: two
    coasts of one province face apart (St Petersburg's south coast lies west
    of its centroid on most drawings, yet it is the coast opposite the north
    one).  A side that is a coast already is that coast drawn again when it
    shares a water with the line; otherwise the next free side is taken.
    """
    ranked = sides_by_direction(rings, points)
    off = dict(ranked)
    order = [side for side, _ in ranked]
    for other in sorted(coasts, key=lambda c: off.get(OPPOSITE.get(c, ""), 360.0)):
        facing = OPPOSITE.get(other)
        if facing is not None and facing not in coasts and off[facing] <= FACING_APART:
            order.remove(facing)
            order.insert(0, facing)
            break
    first = order[0]
    if first not in coasts or set(coasts[first]) & set(waters):
        return first
    for side in order[1:]:
        if side not in coasts:
            return side
    n = 2  # all four sides named: a fifth coast is numbered
    while f"c{n}" in coasts:
        n += 1
    return f"c{n}"
