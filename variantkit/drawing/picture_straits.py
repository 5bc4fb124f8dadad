"""Straits in a picture: two lands facing each other across water a few
pixels wide (Denmark and Sweden across the Sound, an island off its
mainland) that the sites link for armies and fleets.  Found by looking
across the water from every land pixel in the four directions and both
diagonals (numpy shifts of the whole label image, no pixel walk).  Such
a link is a proposal in doubt: the picture shows the water, not the rule.
"""
from __future__ import annotations

from typing import Dict, Set, Tuple

import numpy as np

DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1))


def straits(grown: np.ndarray, water_mask: np.ndarray, land: Set[int], width: int,
            min_run: int = 3) -> Dict[Tuple[int, int], int]:
    """(a, b) -> the number of places land a looks across water no wider
    than ``width`` pixels straight onto land b (``min_run`` at least)."""
    h, w = grown.shape
    is_land = np.isin(grown, sorted(land)) if land else np.zeros(grown.shape, dtype=bool)
    found: Dict[Tuple[int, int], int] = {}
    for dy, dx in DIRECTIONS:
        # wet[k]: the pixel k steps along is water, for every step so far
        all_wet = np.ones((h, w), dtype=bool)
        for k in range(1, width + 2):
            ys, xs = slice(max(0, -k * dy), h - max(0, k * dy)), slice(max(0, -k * dx), w - max(0, k * dx))
            yt = slice(max(0, k * dy), h - max(0, -k * dy) if k * dy < 0 else h)
            xt = slice(max(0, k * dx), w - max(0, -k * dx) if k * dx < 0 else w)
            here = grown[ys, xs]
            there = grown[yt, xt]
            if k > 1:
                hit = all_wet[ys, xs] & is_land[ys, xs] & is_land[yt, xt] & (here != there)
                if hit.any():
                    a, b = here[hit].astype(np.int64), there[hit].astype(np.int64)
                    lo, hi = np.minimum(a, b), np.maximum(a, b)
                    keys, counts = np.unique(lo * (int(grown.max()) + 1) + hi, return_counts=True)
                    for key, n in zip(keys, counts):
                        pair = divmod(int(key), int(grown.max()) + 1)
                        found[pair] = found.get(pair, 0) + int(n)
            step = np.zeros((h, w), dtype=bool)
            step[ys, xs] = water_mask[yt, xt]
            all_wet &= step
            if not all_wet.any():
                break
    return {pair: n for pair, n in found.items() if n >= min_run}



def open_sea(grown: np.ndarray, water: Set[int], neighbours: Dict[int, set], area, reach: int) -> Set[int]:
    """The water regions of the open sea: the largest body of water
    (regions joined by their borders, by area), and every body that comes
    within ``reach`` pixels of it (a gulf whose mouth a mark closes, as
    BalkanWarsVI's arrow across the Gulf of Corinth).  A lake farther
    from it (a Caspian, Great Lakes no sea reaches) is crossed by no
    strait: lands facing each other across a lake are no passage between
    two seas."""
    from scipy import ndimage
    bodies = []
    seen: Set[int] = set()
    for start in sorted(water):
        if start in seen:
            continue
        body, todo = {start}, [start]
        while todo:
            for n in neighbours.get(todo.pop(), ()):
                if n in water and n not in body:
                    body.add(n)
                    todo.append(n)
        seen |= body
        bodies.append(body)
    if len(bodies) < 2:
        return set(water)
    main = max(bodies, key=lambda b: (sum(int(area[r]) for r in b), min(b)))
    # at least one step: 0 would dilate until nothing changes
    near = ndimage.binary_dilation(np.isin(grown, sorted(main)), iterations=max(1, reach))
    close = {int(v) for v in np.unique(grown[near])}
    return set().union(*(b for b in bodies if b is main or b & close))
