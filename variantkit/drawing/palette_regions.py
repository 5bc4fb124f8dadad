"""Territories of a palette map found from their points (webDiplomacy's
map.png): each territory is the patch of its point's colour connected to the
point, as the site's flood fill and palette swap see it.

Where several points fall in one patch (seas drawn in one colour with no
line between them) the patch is shared out to the nearest point.  Lettering,
markers and border lines inside or between patches are then given to the
nearest territory within a few pixels, so outlines close over them and
neighbours meet.  The label image goes to :func:`drawing.picture.trace`.
"""
from __future__ import annotations

from typing import Dict, List, Sequence, Tuple

import numpy as np

GROW = 4  # pixels of line or lettering a territory takes over around itself


def colour_ids(pixels: np.ndarray) -> np.ndarray:
    """One integer per colour: a palette image's indices as they are, an RGB(A) picture's colours numbered."""
    if pixels.ndim == 2:
        return pixels.astype(np.int64)
    rgb = pixels[..., :3].astype(np.int64)
    return (rgb[..., 0] << 16) | (rgb[..., 1] << 8) | rgb[..., 2]


def _seed(ids: np.ndarray, dark: np.ndarray, x: int, y: int) -> Tuple[int, int]:
    """The point itself, or the nearest pixel that is not line or lettering (within 8 pixels)."""
    h, w = ids.shape
    if 0 <= x < w and 0 <= y < h and not dark[y, x]:
        return x, y
    for r in range(1, 9):
        best = None
        for yy in range(max(0, y - r), min(h, y + r + 1)):
            for xx in range(max(0, x - r), min(w, x + r + 1)):
                if not dark[yy, xx]:
                    d = (xx - x) ** 2 + (yy - y) ** 2
                    if best is None or d < best[0]:
                        best = (d, xx, yy)
        if best is not None:
            return best[1], best[2]
    return min(max(x, 0), w - 1), min(max(y, 0), h - 1)


def regions(ids: np.ndarray, dark: np.ndarray, points: Sequence[Tuple[float, float]]) -> np.ndarray:
    """A label image: territory i (1-based, in ``points`` order) on its pixels, 0 elsewhere.

    ``ids``: colour ids per pixel; ``dark``: pixels that are border lines or
    lettering (never a territory's own colour)."""
    from scipy import ndimage
    from scipy.spatial import cKDTree
    h, w = ids.shape
    labels = np.zeros((h, w), dtype=np.int32)
    seeds = [_seed(ids, dark, int(round(x)), int(round(y))) for x, y in points]
    # each colour labelled inside its own bounding box only (one pass finds every box)
    colours, flat = np.unique(ids, return_inverse=True)
    boxes = ndimage.find_objects(flat.reshape(ids.shape).astype(np.int32) + 1)
    components: Dict[int, Tuple[Tuple[slice, slice], np.ndarray]] = {}  # colour -> (its box, patches numbered)
    groups: Dict[Tuple[int, int], List[int]] = {}  # (colour, patch) -> territories whose point is in it
    for i, (x, y) in enumerate(seeds):
        c = int(ids[y, x])
        if c not in components:
            box = boxes[int(np.searchsorted(colours, c))]
            components[c] = (box, ndimage.label((ids[box] == c) & ~dark[box])[0])
        box, comp = components[c]
        groups.setdefault((c, int(comp[y - box[0].start, x - box[1].start])), []).append(i)
    for (c, n), members in groups.items():
        if n == 0:
            continue
        box, comp = components[c]
        mask = np.zeros((h, w), dtype=bool)
        mask[box] = comp == n
        mask &= labels == 0
        if len(members) == 1:
            labels[mask] = members[0] + 1
            continue
        # one patch, several points: each pixel to the nearest point
        ys, xs = np.nonzero(mask)
        pts = np.array([seeds[m] for m in members], dtype=np.float64)
        _, nearest = cKDTree(pts).query(np.column_stack([xs, ys]))
        labels[ys, xs] = np.array(members)[nearest] + 1
    # lettering and markers enclosed by one territory are its own
    for lab, box in enumerate(ndimage.find_objects(labels), start=1):
        if box is None:
            continue
        filled = ndimage.binary_fill_holes(labels[box] == lab)
        view = labels[box]
        view[filled & (view == 0)] = lab
    # border lines: the nearest territory's, within GROW pixels
    unclaimed = labels == 0
    if unclaimed.any() and (~unclaimed).any():
        dist, (iy, ix) = ndimage.distance_transform_edt(unclaimed, return_indices=True)
        take = unclaimed & (dist <= GROW)
        labels[take] = labels[iy[take], ix[take]]
    return labels


def dark_pixels(rgb: np.ndarray) -> np.ndarray:
    """Border lines and lettering: black, or all but (webDiplomacy's own
    territory colours are dark placeholders like (0, 0, 60), swapped at play)."""
    return rgb[..., :3].max(axis=-1) < 24
