"""Islands drawn inside a circle of sea.

A world map (WWIV's Azores, St Helena) draws round a lone
island in the ocean a circle far larger than the island: the island's
waters, which meet the seas around and the coasts the circle reaches.
The circle is no sea territory of its own (the island is), so the two
are one territory.  Told by the shape, not the size: a water region
holding one land region that touches nothing else, CIRCLE of its rim or
more (a line or a coast may cut the circle) within NEAR pixels of one
circle, at least twice the island's radius, the island near its centre.
A sea that happens to hold one island is not round, or not around it."""
from __future__ import annotations

from typing import Dict, Set

import numpy as np

NEAR = 1.5      # pixels: a rim pixel this close to the fitted circle is on it
CIRCLE = 0.45   # of a circle's rim (a line or a coast may cut it), this much lies on it


def circled_islands(grown: np.ndarray, water: Set[int], neighbours: Dict[int, Set[int]]) -> Dict[int, int]:
    """{circle: island}: the water regions that are a circle drawn round one island."""
    from scipy import ndimage
    found = ndimage.find_objects(grown)
    out: Dict[int, int] = {}
    for ring in sorted(water):
        land = [n for n in neighbours.get(ring, ()) if n not in water and neighbours.get(n) == {ring}]
        if len(land) != 1 or ring - 1 >= len(found) or found[ring - 1] is None:
            continue
        island = land[0]
        sl = found[ring - 1]
        box = np.pad(grown[sl], 1)   # a frame of no region: the rim at the box's edge shows
        mine = box == ring
        ys, xs = np.nonzero(box == island)
        if not ys.size or min(mine.shape) < 8:
            continue
        # the rim: the circle's edge pixels away from the island, most on one circle
        rim = mine & ~ndimage.binary_erosion(mine)
        rim &= ~ndimage.binary_dilation(box == island, iterations=2)
        ry, rx = np.nonzero(rim)
        if ry.size < 16:
            continue
        fit = _circle(ry.astype(float), rx.astype(float))
        if fit is None:
            continue
        cy, cx, r, share = fit
        if share < CIRCLE or r < 2 * np.sqrt(ys.size / np.pi) or np.hypot(ys.mean() - cy, xs.mean() - cx) > 0.35 * r:
            continue
        out[ring] = island
    return out


def _circle(ys: np.ndarray, xs: np.ndarray):
    """(centre y, centre x, radius, share of the points on it) of the circle
    most of the points lie on: fitted, the points off it (a cut) dropped,
    fitted again."""
    keep = np.ones(ys.size, dtype=bool)
    fit = None
    for _ in range(3):
        if keep.sum() < 8:
            return None
        a = np.stack([xs[keep], ys[keep], np.ones(int(keep.sum()))], axis=1)
        b = xs[keep] ** 2 + ys[keep] ** 2
        (p, q, c), *_ = np.linalg.lstsq(a, b, rcond=None)
        cx, cy = p / 2, q / 2
        r2 = c + cx * cx + cy * cy
        if r2 <= 0:
            return None
        r = float(np.sqrt(r2))
        d = np.hypot(ys - cy, xs - cx)
        keep = np.abs(d - r) <= 0.06 * r + 1
        # drawn round, a circle's rim pixels lie within a pixel and a half of it: a square's do not
        fit = (cy, cx, r, float(np.mean(np.abs(d - r) <= NEAR)))
    return fit
