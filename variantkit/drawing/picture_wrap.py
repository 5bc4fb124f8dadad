"""A map that wraps round at its left and right edges (a world map: the
Pacific cut in two, War2020's arrows at both edges): the region along the
left edge and the one along the right edge at the same rows are one border.

The picture says it wraps when its two edges match along their length: the
regions met going down the left edge change at the same rows as those met
going down the right edge (a sea's border line reaching both edges at one
height), at least twice, and their colours agree row by row.  An edge of
one region only (a sea all round, a frame) says nothing: such a picture is
not read as wrapping.

An oval map inside a frame (WWIV's and WWIV_V6's, white round the oval, an
arrow at each side) wraps at the oval's rims: going down, the first region
met from the left and the last from the right, past the frame (the one
region at the picture's four corners), are its two edges, read as above,
when they curve (the rim comes in CURVE of the width more at its top).
"""
from __future__ import annotations

from typing import Dict, Optional, Tuple

import numpy as np

MATCH = 0.8      # of the rows, the two edges' colours agree on at least this share
NEAR = 5         # rows: a change of region on one edge has one on the other this close
MIN_CHANGES = 2  # changes of region matched on the other edge, at least
SHARE = 0.5      # and at least this share of the changes of the edge with fewer
CURVE = 0.1      # of the width: an oval's rim comes in this much more at its top than at its middle


def _changes(column: np.ndarray) -> np.ndarray:
    """Rows where the region met going down an edge changes (0, no region, skipped)."""
    rows = np.nonzero(column > 0)[0]
    if rows.size < 2:
        return np.zeros(0, dtype=int)
    vals = column[rows]
    return rows[1:][vals[1:] != vals[:-1]]


def _matched(a: np.ndarray, b: np.ndarray) -> float:
    """Share of the rows in ``a`` with a row of ``b`` within NEAR."""
    if a.size == 0:
        return 0.0
    if b.size == 0:
        return 0.0
    pos = np.searchsorted(b, a)
    lo = np.abs(a - b[np.clip(pos - 1, 0, b.size - 1)])
    hi = np.abs(b[np.clip(pos, 0, b.size - 1)] - a)
    return float((np.minimum(lo, hi) <= NEAR).mean())


def wraps(grown: np.ndarray, colour_of: Dict[int, Tuple[int, int, int]]) -> bool:
    """Whether the picture's left and right edges match along their length:
    the regions met going down each edge change at the same rows (within
    NEAR) at least MIN_CHANGES times and for SHARE of the changes, and
    their colours agree on MATCH of the rows."""
    left, right = grown[:, 0], grown[:, -1]
    lc, rc = _changes(left), _changes(right)
    if lc.size < MIN_CHANGES or rc.size < MIN_CHANGES:
        return False
    matched = _matched(lc, rc) * lc.size
    if matched < MIN_CHANGES or matched < SHARE * min(lc.size, rc.size):
        return False
    both = (left > 0) & (right > 0)
    if not both.any():
        return False
    same = [colour_of.get(int(a)) == colour_of.get(int(b)) for a, b in zip(left[both], right[both])]
    return float(np.mean(same)) >= MATCH


def wrap_contacts(grown: np.ndarray, water: set) -> Dict[Tuple[int, int], Tuple[int, bool]]:
    """The borders across the wrap: {(a, b): (rows, reaches water)} for each
    pair of regions facing each other at the left and right edges; a land
    border reaches water when water lies on either edge within NEAR rows."""
    from scipy import ndimage
    left, right = grown[:, 0].astype(np.int64), grown[:, -1].astype(np.int64)
    wet = np.zeros(left.shape, dtype=bool)
    if water:
        wet = np.isin(left, sorted(water)) | np.isin(right, sorted(water))
        wet = ndimage.binary_dilation(wet, iterations=NEAR)
    out: Dict[Tuple[int, int], Tuple[int, bool]] = {}
    for y in range(grown.shape[0]):
        a, b = int(left[y]), int(right[y])
        if a == b or a <= 0 or b <= 0:
            continue
        pair = (min(a, b), max(a, b))
        n, w = out.get(pair, (0, False))
        out[pair] = (n + 1, w or bool(wet[y]))
    return out


def rims(grown: np.ndarray) -> Optional[np.ndarray]:
    """The edges of a map drawn inside a frame: per row, the first region
    met from the left and the last from the right past the frame (the
    region at all four corners), as a picture of two columns; None when
    the corners are not one region or the sides are straight (a frame
    line round a grid of cells: its left and right cells are not halves)."""
    corners = {int(grown[0, 0]), int(grown[0, -1]), int(grown[-1, 0]), int(grown[-1, -1])}
    if len(corners) != 1 or 0 in corners:
        return None
    inside = grown != corners.pop()
    rows = np.arange(grown.shape[0])
    first = inside.argmax(axis=1)
    last = grown.shape[1] - 1 - inside[:, ::-1].argmax(axis=1)
    has = inside.any(axis=1)
    if not has.any() or np.ptp(first[has]) < CURVE * grown.shape[1]:
        return None   # straight sides: a frame line round a grid, not an oval's rims
    return np.stack([np.where(has, grown[rows, first], 0), np.where(has, grown[rows, last], 0)], axis=1)


def sea_halves(facing: Dict[Tuple[int, int], Tuple[int, bool]], water: set, area: np.ndarray) -> Dict[int, int]:
    """{half: the sea it is part of}: two water regions facing each other
    across an oval's rims, each the other's main partner there (over the
    most rows), are the two halves of one sea, kept as the larger.  A sea
    facing two across the rims is one of them, not a chain of all three."""
    best: Dict[int, Tuple[int, int]] = {}
    for (a, b), (n, _) in sorted(facing.items()):
        if a in water and b in water:
            for x, y in ((a, b), (b, a)):
                if n > best.get(x, (0, 0))[0]:
                    best[x] = (n, y)
    out: Dict[int, int] = {}
    for x, (_, y) in sorted(best.items()):
        if x < y and best.get(y, (0, 0))[1] == x:
            big, small = (x, y) if (int(area[x]), -x) >= (int(area[y]), -y) else (y, x)
            out[small] = big
    return out
