"""Borders drawn as barriers: a line hatched in a dark and a light pen
(black and white stripes across it) where the map's other lines are one
dark pen.  ClassicEconomic draws its resource grid's cells in plain black
lines and cuts a few of them apart with such stripes, 6 pixels wide: the
site links the cells across every plain line and across no striped one.

A border is read on the pixels where the two regions' grown areas meet,
both of them line pixels (a line of one pixel gives none: its pixels go
to one side).  It is hatched when both pens show there, each on at least
HATCH of those pixels, over BARRIER pixels at least, the light pen's
pixels each walled by the dark pen on its four sides (stripes one pixel
wide running across the line): a plain line is dark all along (or light
all along: a white pen on dark land, jDip's 1900), and lettering or the
edge of a white land is light in blocks.
"""
from __future__ import annotations

from typing import Dict, Set, Tuple

import numpy as np

HATCH = 0.2     # each pen's share of a hatched border's line pixels, at least
BARRIER = 12    # pixel pairs of line along a border, at least, to tell a hatching


def barriers(grown: np.ndarray, line: np.ndarray, rgb: np.ndarray, near: np.ndarray) -> Set[Tuple[int, int]]:
    """The pairs of regions (low, high) whose border is a hatched line.
    ``line``: the line pixels (no region's own); ``near``: the pixels a
    border may be read on."""
    grey = (rgb.max(axis=2).astype(np.int32) - rgb.min(axis=2)) < 30
    value = rgb.max(axis=2)
    tone = np.zeros(grown.shape, dtype=np.int8)   # 1 dark pen, 2 light pen, 0 neither
    ink = grey & (value < 100)
    tone[ink] = 1
    # a light stripe's pixel has the dark pen on its four sides (a stripe across the line, one pixel
    # wide, runs diagonally); lettering, a white land's edge or a white pen are light in blocks
    walled = np.zeros(grown.shape, dtype=bool)
    walled[1:-1, 1:-1] = ink[:-2, 1:-1] & ink[2:, 1:-1] & ink[1:-1, :-2] & ink[1:-1, 2:]
    tone[grey & (value >= 200) & walled] = 2
    dark: Dict[Tuple[int, int], int] = {}
    light: Dict[Tuple[int, int], int] = {}
    total: Dict[Tuple[int, int], int] = {}
    top = int(grown.max()) + 1
    for a, b, ok, ta, tb in ((grown[:, :-1], grown[:, 1:], line[:, :-1] & line[:, 1:] & near[:, :-1] & near[:, 1:],
                              tone[:, :-1], tone[:, 1:]),
                             (grown[:-1, :], grown[1:, :], line[:-1, :] & line[1:, :] & near[:-1, :] & near[1:, :],
                              tone[:-1, :], tone[1:, :])):
        meet = (a != b) & (a > 0) & (b > 0) & ok
        key = np.minimum(a[meet], b[meet]).astype(np.int64) * top + np.maximum(a[meet], b[meet])
        for counts, pick in ((total, None), (dark, 1), (light, 2)):
            sel = np.ones(key.shape, dtype=bool) if pick is None else (ta[meet] == pick) | (tb[meet] == pick)
            uk, c = np.unique(key[sel], return_counts=True)
            for k, v in zip(uk, c):
                pair = divmod(int(k), top)
                counts[pair] = counts.get(pair, 0) + int(v)
    return {pair for pair, n in total.items()
            if n >= BARRIER and dark.get(pair, 0) >= HATCH * n and light.get(pair, 0) >= HATCH * n}
