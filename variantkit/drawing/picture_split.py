"""A province a river runs through: the two banks, filled in one colour and
facing each other across nothing but the river (a strip of water no wider
than a line, and the river's own outline), are one territory, not two
(Viking's Holmgard on the Volkhov, Maharajah's Sind on the Indus, Karibik's
Panama cut by its canal).  Two territories a river parts are told apart by
their colours (a line beside a river is no sign: Viking and Maharajah
outline their rivers); a border line alone
between two lands of one colour (a power's home provinces) is never crossed
here: a ray must pass some of the river's water.  A colour filling many
regions (neutral land, WWIV_V6's black layer) is no province's own: its
pieces are left apart.

Found as the straits are, by numpy shifts of the whole label image in four
directions: a land pixel looks across gap pixels (no region's, or the
river's) at most ``width`` steps onto another land of its colour, with
river water on the way.
"""
from __future__ import annotations

from typing import Dict, Set, Tuple

import numpy as np

DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1))
MIN_PLACES = 8     # places the banks face each other: a river's run, not a corner across a mouth
SHARED = 4         # a colour filling more land regions than this is a shared fill (neutral land, a
                   # layer: WWIV_V6's black Eurasia), which tells no province from its neighbour


def banks(labels: np.ndarray, gap: np.ndarray, wet: np.ndarray, colour: Dict[int, int], land: Set[int],
          width: int) -> Dict[int, int]:
    """{piece: province}: land regions of one colour that face each other
    across ``gap`` pixels (lines and river) holding some ``wet`` pixel, no
    farther apart than ``width``, at ``MIN_PLACES`` places at least.  The
    larger of two keeps its id; chains are followed to their root."""
    h, w = labels.shape
    is_land = np.isin(labels, sorted(land)) if land else np.zeros(labels.shape, dtype=bool)
    top = int(labels.max()) + 1
    found: Dict[Tuple[int, int], int] = {}
    for dy, dx in DIRECTIONS:
        all_gap = np.ones((h, w), dtype=bool)
        any_wet = np.zeros((h, w), dtype=bool)
        for k in range(1, width + 2):
            ys, xs = slice(max(0, -k * dy), h - max(0, k * dy)), slice(max(0, -k * dx), w - max(0, k * dx))
            yt = slice(max(0, k * dy), h - max(0, -k * dy) if k * dy < 0 else h)
            xt = slice(max(0, k * dx), w - max(0, -k * dx) if k * dx < 0 else w)
            if k > 1:
                here, there = labels[ys, xs], labels[yt, xt]
                hit = all_gap[ys, xs] & any_wet[ys, xs] & is_land[ys, xs] & is_land[yt, xt] & (here != there)
                if hit.any():
                    a, b = here[hit].astype(np.int64), there[hit].astype(np.int64)
                    lo, hi = np.minimum(a, b), np.maximum(a, b)
                    keys, counts = np.unique(lo * top + hi, return_counts=True)
                    for key, n in zip(keys, counts):
                        pair = divmod(int(key), top)
                        found[pair] = found.get(pair, 0) + int(n)
            step_gap = np.zeros((h, w), dtype=bool)
            step_gap[ys, xs] = gap[yt, xt]
            step_wet = np.zeros((h, w), dtype=bool)
            step_wet[ys, xs] = wet[yt, xt]
            all_gap &= step_gap
            any_wet |= step_wet & all_gap
            if not all_gap.any():
                break
    size = np.bincount(labels.ravel(), minlength=top)
    fills: Dict[int, int] = {}
    for lab in land:
        fills[colour.get(lab, -1)] = fills.get(colour.get(lab, -1), 0) + 1
    parent: Dict[int, int] = {}

    def root(x: int) -> int:
        while x in parent:
            x = parent[x]
        return x
    for (a, b), n in sorted(found.items(), key=lambda kv: -kv[1]):
        if n < MIN_PLACES or colour.get(a, -1) != colour.get(b, -2) or fills.get(colour.get(a, -1), 0) > SHARED:
            continue
        ra, rb = root(a), root(b)
        if ra == rb:
            continue
        keep, piece = (ra, rb) if size[ra] >= size[rb] else (rb, ra)
        parent[piece] = keep
    return {piece: root(piece) for piece in parent}
