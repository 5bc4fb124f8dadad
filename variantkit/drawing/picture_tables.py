"""A table drawn beside the map: a block of cells, rectangles alike in
size in rows and columns, filling a rectangle that is a small part of the
picture, in a margin of it, framed off from the map by its straight
outline.  ClassicEconomic draws its resources so, seven columns by four rows under the map: the site
links the cells to each other and none to the map, nor the sea, its first
row touches.  The cells are the table's territories: their borders with
each other are kept, their borders with anything outside the table are
not read as moves, and they are no coasts.

The table lies in a margin: its frame reaches an edge of the picture.
A counter (boxes in one row or one column) and a legend's block of one
colour are set apart before (``picture_boxes``); a grid map, its cells
filling the picture, is the map itself and no table.
"""
from __future__ import annotations

from typing import Dict, Iterable, Set, Tuple

import numpy as np

from .picture_boxes import groups, rectangles

CELLS = 3      # rows and columns a table has at least
ALIKE = 1.5    # the largest cell of a table at most this many times the smallest
SHARE = 0.25   # a table covers at most this share of the picture (a grid map fills it)
EDGE = 3       # pixels: a table's frame this close to the picture's edge
FILLED = 0.85  # the rectangular cells fill this much of the table at least (lettering ragging a cell or two)


def tables(grown: np.ndarray, ids: Iterable[int], neighbours: Dict[int, Set[int]]) -> Set[int]:
    """The cells of the tables among the regions ``ids`` (land, not set apart):
    the rectangles found so, and any region within the table's frame (a
    cell ragged by its lettering is no rectangle)."""
    from scipy import ndimage
    ids = sorted(int(i) for i in ids)
    rect = rectangles(grown, ids)
    found = ndimage.find_objects(grown)
    out: Set[int] = set()
    for group in groups(rect, neighbours, ratio=ALIKE):
        if _table([rect[g] for g in group], grown.shape):
            boxes = [rect[g] for g in group]
            x0, y0 = min(b[0] for b in boxes) - 2, min(b[1] for b in boxes) - 2
            x1, y1 = max(b[2] for b in boxes) + 2, max(b[3] for b in boxes) + 2
            out |= group | {lab for lab in ids if lab - 1 < len(found) and found[lab - 1] is not None
                            and found[lab - 1][1].start >= x0 and found[lab - 1][0].start >= y0
                            and found[lab - 1][1].stop <= x1 and found[lab - 1][0].stop <= y1}
    return out


def _table(boxes, shape: Tuple[int, int]) -> bool:
    """Cells in CELLS rows and columns at least, alike, filling a rectangle
    that covers at most SHARE of the picture and reaches one of its edges
    (a table is drawn in a margin; a block of square lands inside the map
    is part of it)."""
    if len(boxes) < CELLS * CELLS:
        return False
    sizes = [(b[2] - b[0]) * (b[3] - b[1]) for b in boxes]
    if max(sizes) > ALIKE * min(sizes):
        return False
    x0, y0 = min(b[0] for b in boxes), min(b[1] for b in boxes)
    x1, y1 = max(b[2] for b in boxes), max(b[3] for b in boxes)
    whole = (x1 - x0) * (y1 - y0)
    columns = len({round(b[0] / 4) for b in boxes})
    rows = len({round(b[1] / 4) for b in boxes})
    edge = min(x0, y0, shape[1] - x1, shape[0] - y1) <= EDGE
    return (columns >= CELLS and rows >= CELLS and sum(sizes) >= FILLED * whole
            and whole <= SHARE * shape[0] * shape[1] and edge)

