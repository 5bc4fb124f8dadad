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

NEAR = 10.0  # drawing units: how far from the line a water may lie and still be reached (drawings
#              leave gaps of up to 7 or 8 units between neighbours, drawn as thick borders)

# the four sides, as directions in a drawing (y grows downwards)
SIDES: Dict[str, Pt] = {"nc": (0.0, -1.0), "ec": (1.0, 0.0), "sc": (0.0, 1.0), "wc": (-1.0, 0.0)}


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


def coast_ids(rings: Sequence[Ring], lines: Sequence[Sequence[Pt]], waters: Sequence[Collection[str]],
              coasts: Mapping[str, Collection[str]]) -> List[str]:
    """The ids of the coasts that ``lines`` mark on a province (its outline
    ``rings``), each line reaching its ``waters``, the province having
    ``coasts`` already (id -> what each reaches).

    Each line takes the compass side nearest its direction from the
    province's centroid.  Two lines on one side are told apart by where one
    lies from the other: the northern one ``nc``, the southern ``sc`` (or
    ``wc`` and ``ec`` when they lie apart east to west more than north to
    south): St Petersburg's two shores both lie west of its centroid on a
    drawing where the province reaches far east.  A side that is a coast
    already is that coast drawn again when it shares a water with the line;
    any other clash takes the line's next free side.
    """
    ranked = [[side for side, _ in sides_by_direction(rings, line)] for line in lines]
    middles = [_line(line).centroid for line in lines]
    ids = [r[0] for r in ranked]
    again = [ids[i] in coasts and bool(set(coasts[ids[i]]) & set(waters[i])) for i in range(len(lines))]
    for i in range(len(lines)):
        for j in range(i + 1, len(lines)):
            if ids[i] != ids[j] or again[i] or again[j]:
                continue
            dx, dy = middles[j].x - middles[i].x, middles[j].y - middles[i].y
            if abs(dy) >= abs(dx):
                ids[i], ids[j] = ("nc", "sc") if dy > 0 else ("sc", "nc")
            else:
                ids[i], ids[j] = ("wc", "ec") if dx > 0 else ("ec", "wc")
    used: List[str] = []
    for i in range(len(lines)):
        if again[i] or (ids[i] not in coasts and ids[i] not in used):
            used.append(ids[i])
            continue
        free = [side for side in ranked[i] if side not in coasts and side not in used]
        if not free:  # all four sides named: a fifth coast is numbered
            n = 2
            while f"c{n}" in coasts or f"c{n}" in used:
                n += 1
            free = [f"c{n}"]
        used.append(free[0])
    return used
