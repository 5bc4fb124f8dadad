"""Boxes in a picture: the squares of a counter or a legend (a supply-centre
count, a row of markers per power) drawn beside or on the map.  webDiplomacy
variants draw them as territories nothing links (Maharajah's column of
green squares on the land, War2020's row in a grey panel, Zeus5's stack).

A box is a rectangle: its pixels fill its bounding box.  Boxes that touch
make a group; a group of boxes is a counter when it lies in one row or one
column and sits on a single background that is not water.  A legend drawn
as a block (GreatLakes' three rows of three boxes, one per power's centre)
is one too: boxes all of one colour that together fill a rectangle, small
beside the picture (at most a tenth of it), touching no water.  A grid
map's rectangles (a grid of squares, rows and columns at once, coloured by
power, filling the map) are territories, and a rectangular island sits in
the sea: neither is a counter.
"""
from __future__ import annotations

from typing import Dict, Iterable, Optional, Set, Tuple

import numpy as np

FILL = 0.95   # a rectangle's pixels fill this much of its bounding box (its frame line shared)
BLOCK = 0.1   # a legend's block of boxes covers at most this share of the picture
ALIKE = 4     # boxes of one counter: the largest at most this many times the smallest


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
             neighbours: Dict[int, Set[int]], colour: Optional[Dict[int, int]] = None) -> Set[int]:
    """The boxes of counters and legends among the regions ``ids`` (``colour``:
    each region's colour, which tells a legend's block from a grid map)."""
    rect = {lab: box for lab, box in rectangles(grown, ids).items() if lab not in water}
    out: Set[int] = set()
    for group in groups(rect, neighbours):
        boxes = [rect[g] for g in group]
        column = max(b[0] for b in boxes) < min(b[2] for b in boxes)
        row = max(b[1] for b in boxes) < min(b[3] for b in boxes)
        around = set().union(*(neighbours.get(g, set()) for g in group)) - group
        if (column or row) and len(around) <= 1 and not (around & water):
            out |= group
    if colour is not None:   # a legend's block: boxes of one colour
        rest = {lab: box for lab, box in rect.items() if lab not in out}
        for group in groups(rest, neighbours, colour):
            around = set().union(*(neighbours.get(g, set()) for g in group)) - group
            if not (around & water) and _block([rest[g] for g in group], grown.size):
                out |= group
    return out


def groups(rect: Dict[int, Tuple[int, int, int, int]], neighbours: Dict[int, Set[int]],
           colour: Optional[Dict[int, int]] = None, ratio: float = ALIKE):
    """The groups of boxes that touch, alike in size (the larger at most ``ratio``
    times the smaller) and of one colour, when ``colour`` is given."""
    seen: Set[int] = set()
    for start in rect:
        if start in seen:
            continue
        group, todo = {start}, [start]
        while todo:
            g = todo.pop()
            for n in neighbours.get(g, ()):
                # boxes of one counter are alike in size (a panel holding them is not one)
                if n in rect and n not in group and alike(rect[g], rect[n], ratio) and (
                        colour is None or colour.get(n) == colour.get(g)):
                    group.add(n)
                    todo.append(n)
        seen |= group
        yield group


def _block(boxes, picture: int) -> bool:
    """A legend drawn as a block: four boxes or more that together fill a
    rectangle covering at most BLOCK of the picture."""
    if len(boxes) < 4:
        return False
    x0, y0 = min(b[0] for b in boxes), min(b[1] for b in boxes)
    x1, y1 = max(b[2] for b in boxes), max(b[3] for b in boxes)
    whole = (x1 - x0) * (y1 - y0)
    filled = sum((b[2] - b[0]) * (b[3] - b[1]) for b in boxes)
    return filled >= FILL * whole and whole <= BLOCK * picture


def alike(a: Tuple[int, int, int, int], b: Tuple[int, int, int, int], ratio: float = ALIKE) -> bool:
    size_a = (a[2] - a[0]) * (a[3] - a[1])
    size_b = (b[2] - b[0]) * (b[3] - b[1])
    return max(size_a, size_b) <= ratio * min(size_a, size_b)
