"""A map that wraps round at its left and right edges (a world map: the
Pacific cut in two, War2020's arrows at both edges): the region along the
left edge and the one along the right edge at the same rows are one border.

The picture says it wraps when its two edges match along their length: the
regions met going down the left edge change at the same rows as those met
going down the right edge (a sea's border line reaching both edges at one
height), at least twice, and their colours agree row by row.  An edge of
one region only (a sea all round, a frame) says nothing: such a picture is
not read as wrapping.
"""
from __future__ import annotations

from typing import Dict, Mapping, Optional, Tuple

import numpy as np

MATCH = 0.8      # of the rows, the two edges' colours agree on at least this share
NEAR = 5         # rows: a change of region on one edge has one on the other this close
MIN_CHANGES = 2  # changes of region matched on the other edge, at least
SHARE = 0.5      # and at least this share of the changes of the edge with fewer
OUTLINE_NEAR = 30   # rows, on a map's curved outline: a line meets it obliquely, its height less sure


def _changes(column: np.ndarray) -> np.ndarray:
    """Rows where the region met going down an edge changes (0, no region, skipped)."""
    rows = np.nonzero(column > 0)[0]
    if rows.size < 2:
        return np.zeros(0, dtype=int)
    vals = column[rows]
    return rows[1:][vals[1:] != vals[:-1]]


def _matched(a: np.ndarray, b: np.ndarray, near: int = NEAR) -> float:
    """Share of the rows in ``a`` with a row of ``b`` within ``near``."""
    if a.size == 0:
        return 0.0
    if b.size == 0:
        return 0.0
    pos = np.searchsorted(b, a)
    lo = np.abs(a - b[np.clip(pos - 1, 0, b.size - 1)])
    hi = np.abs(b[np.clip(pos, 0, b.size - 1)] - a)
    return float((np.minimum(lo, hi) <= near).mean())


def wraps(grown: np.ndarray, colour_of: Dict[int, Tuple[int, int, int]], near: int = NEAR) -> bool:
    """Whether the picture's left and right edges match along their length:
    the regions met going down each edge change at the same rows (within
    NEAR) at least MIN_CHANGES times and for SHARE of the changes, and
    their colours agree on MATCH of the rows."""
    left, right = grown[:, 0], grown[:, -1]
    lc, rc = _changes(left), _changes(right)
    if lc.size < MIN_CHANGES or rc.size < MIN_CHANGES:
        return False
    matched = _matched(lc, rc, near) * lc.size
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


def cut_seas(grown: np.ndarray, water: set, colour_of: Mapping[int, object],
             area: Optional[np.ndarray] = None) -> Dict[int, int]:
    """Seas cut in two by the wrap: a water region on one edge facing, on
    most of the rows it meets its edge, one water region of its colour on
    the other edge that faces it most in turn, is one sea with it (the
    Pacific's two halves).  {the smaller half: the larger}."""
    left, right = grown[:, 0].astype(np.int64), grown[:, -1].astype(np.int64)
    area = np.bincount(grown.ravel()) if area is None else area

    def most(side: np.ndarray, other: np.ndarray, lab: int) -> int:
        facing = other[side == lab]
        facing = facing[facing > 0]
        if facing.size == 0:
            return 0
        best = np.bincount(facing).argmax()
        return int(best) if (facing == best).mean() > 0.5 else 0

    out: Dict[int, int] = {}
    for a in np.unique(left[left > 0]):
        a = int(a)
        b = most(left, right, a)
        if a not in water or b == 0 or b == a or b not in water or colour_of.get(a) != colour_of.get(b):
            continue
        if most(right, left, b) != a:
            continue
        small, large = sorted((a, b), key=lambda lab: (int(area[lab]), -lab))
        out[small] = large
    return out


def outline_edges(grown: np.ndarray, frame: np.ndarray) -> np.ndarray:
    """The map's own left and right edges, row by row: where a frame (an
    area that is no region, wider than a line, round the map: World's white
    round its oval) fills the picture's sides, the first region met going
    in from each side.  Returns a picture two columns wide (left, right)
    that wraps, wrap_contacts and cut_seas read as they read the picture's
    edges; rows the map does not reach hold 0."""
    h, w = grown.shape
    out = np.zeros((h, 2), dtype=grown.dtype)
    inside = ~frame
    any_in = inside.any(axis=1)
    first = np.argmax(inside, axis=1)
    last = w - 1 - np.argmax(inside[:, ::-1], axis=1)
    rows = np.nonzero(any_in)[0]
    out[rows, 0] = grown[rows, first[rows]]
    out[rows, 1] = grown[rows, last[rows]]
    return out


def frame_of(grown: np.ndarray, grey: set) -> np.ndarray:
    """A frame round the map: the regions of a grey (white, grey, black)
    that meet both the picture's left and right edges (World's white round
    its oval)."""
    both = set(np.unique(grown[:, 0]).tolist()) & set(np.unique(grown[:, -1]).tolist())
    keep = sorted(int(v) for v in both if int(v) in grey)
    return np.isin(grown, keep) if keep else np.zeros(grown.shape, dtype=bool)
