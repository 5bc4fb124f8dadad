"""Boxes in a picture: the squares of a counter or a legend (a supply-centre
count, a row of markers per power) drawn beside or on the map.  webDiplomacy
variants draw them as territories nothing links (Maharajah's column of
green squares on the land, War2020's row in a grey panel, Zeus5's stack).

A box is a rectangle: its pixels fill its bounding box.  Boxes that touch
make a group; a group of boxes is a counter when it lies in one row or one
column and sits on a single background that is not water.  A grid map's
rectangles (a grid of squares, rows and columns at once) are territories,
and a rectangular island sits in the sea: neither is a counter.
"""
from __future__ import annotations

from typing import Dict, Iterable, Set, Tuple

import numpy as np

FILL = 0.95   # a rectangle's pixels fill this much of its bounding box (its frame line shared)


def rectangles(grown: np.ndarray, ids: Iterable[int]) -> Dict[int, Tuple[int, int, int, int]]:
    """The regions that are rectangles: label -> (x0, y0, x1, y1)."""
    from scipy import ndimage
    wanted = sorted(int(i) for i in ids)
    if not wanted:
        return {}
    area = np.bincount(grown.ravel(), minlength=int(grown.max()) + 1)
    out = {}
    boxes = ndimage.find_objects(grown)
    for lab in wanted:
        sl = boxes[lab - 1] if lab - 1 < len(boxes) else None
        if sl is None:
            continue
        h, w = sl[0].stop - sl[0].start, sl[1].stop - sl[1].start
        if min(h, w) >= 4 and area[lab] >= FILL * h * w:
            out[lab] = (sl[1].start, sl[0].start, sl[1].stop, sl[0].stop)
    return out


def counters(grown: np.ndarray, ids: Iterable[int], water: Set[int],
             neighbours: Dict[int, Set[int]]) -> Set[int]:
    """The boxes of counters and legends among the regions ``ids``."""
    rect = {lab: box for lab, box in rectangles(grown, ids).items() if lab not in water}
    out: Set[int] = set()
    seen: Set[int] = set()
    for start in rect:
        if start in seen:
            continue
        group, todo = {start}, [start]
        while todo:
            g = todo.pop()
            for n in neighbours.get(g, ()):
                # boxes of one counter are alike in size (a panel holding them is not one)
                if n in rect and n not in group and _alike(rect[g], rect[n]):
                    group.add(n)
                    todo.append(n)
        seen |= group
        boxes = [rect[g] for g in group]
        column = max(b[0] for b in boxes) < min(b[2] for b in boxes)
        row = max(b[1] for b in boxes) < min(b[3] for b in boxes)
        around = set().union(*(neighbours.get(g, set()) for g in group)) - group
        if (column or row) and len(around) <= 1 and not (around & water):
            out |= group
    return out


def _alike(a: Tuple[int, int, int, int], b: Tuple[int, int, int, int]) -> bool:
    size_a = (a[2] - a[0]) * (a[3] - a[1])
    size_b = (b[2] - b[0]) * (b[3] - b[1])
    return max(size_a, size_b) <= 4 * min(size_a, size_b)
