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

from typing import Dict, List, Optional, Sequence, Tuple

import numpy as np

GROW = 4  # pixels of line or lettering a territory takes over around itself


def colour_ids(pixels: np.ndarray) -> np.ndarray:
    """One integer per colour: a palette image's indices as they are, an RGB(A) picture's colours numbered."""
    if pixels.ndim == 2:
        return pixels.astype(np.int64)
    rgb = pixels[..., :3].astype(np.int64)
    return (rgb[..., 0] << 16) | (rgb[..., 1] << 8) | rgb[..., 2]


def interior(ids: np.ndarray, reach: int = 2) -> np.ndarray:
    """Pixels whose neighbours up to ``reach`` pixels away in the four
    directions have their colour: what a stroke up to 2 * reach wide (a
    line, lettering, a centre marker's ring, an islet of a few pixels) lacks."""
    same = np.ones(ids.shape, dtype=bool)
    for k in range(1, reach + 1):
        same[k:, :] &= ids[k:, :] == ids[:-k, :]
        same[:-k, :] &= ids[:-k, :] == ids[k:, :]
        same[:, k:] &= ids[:, k:] == ids[:, :-k]
        same[:, :-k] &= ids[:, :-k] == ids[:, k:]
    return same


def _nearest(mask: np.ndarray, x: int, y: int, radius: int) -> Optional[Tuple[int, int]]:
    """The pixel of ``mask`` nearest (x, y) within ``radius`` pixels, or None."""
    h, w = mask.shape
    y0, y1, x0, x1 = max(0, y - radius), min(h, y + radius + 1), max(0, x - radius), min(w, x + radius + 1)
    ys, xs = np.nonzero(mask[y0:y1, x0:x1])
    if len(xs) == 0:
        return None
    d = (xs + x0 - x) ** 2 + (ys + y0 - y) ** 2
    i = int(np.argmin(d))
    if d[i] > radius * radius:
        return None
    return int(xs[i] + x0), int(ys[i] + y0)


def _seed(dark: np.ndarray, area: np.ndarray, x: int, y: int) -> Tuple[int, int]:
    """Where a territory's patch is looked for: its point, or the nearest
    pixel of an area (not a line, lettering or a centre marker's ring) within
    12 pixels, else the nearest pixel that is not line or lettering within 8."""
    h, w = dark.shape
    x, y = min(max(x, 0), w - 1), min(max(y, 0), h - 1)
    if area[y, x] and not dark[y, x]:
        return x, y
    return _nearest(area & ~dark, x, y, 12) or _nearest(~dark, x, y, 8) or (x, y)


def regions(ids: np.ndarray, dark: np.ndarray, points: Sequence[Tuple[float, float]],
            shared: Optional[List[List[int]]] = None) -> np.ndarray:
    """A label image: territory i (1-based, in ``points`` order) on its pixels, 0 elsewhere.

    ``ids``: colour ids per pixel; ``dark``: pixels that are border lines or
    lettering (a dark colour filling an area is a territory's).  ``shared``,
    when given, receives the territories (0-based) of each patch shared out
    by nearest point: their borders are a guess."""
    from scipy import ndimage
    from scipy.spatial import cKDTree
    h, w = ids.shape
    labels = np.zeros((h, w), dtype=np.int32)
    area = interior(ids, 2)
    # a filled dark area (a black lagoon, a navy territory) is a territory's colour, not a line
    dark = dark & ~ndimage.binary_dilation(area & dark, iterations=2, mask=dark)
    seeds = [_seed(dark, area, int(round(x)), int(round(y))) for x, y in points]
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
        if shared is not None:
            shared.append(sorted(members))
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
    # the pixels round each point are its territory's: a point on a line or on
    # a pixel's corner (x, y whole numbers) lies inside its own outline, two
    # pixels in, so the outline simplified by a pixel still holds it
    for i, (px, py) in enumerate(points):
        cx, cy = int(round(px)), int(round(py))
        labels[max(0, cy - 2):min(h, cy + 2), max(0, cx - 2):min(w, cx + 2)] = i + 1
    return labels


def dark_pixels(rgb: np.ndarray) -> np.ndarray:
    """Border lines and lettering: black, or all but (webDiplomacy's own
    territory colours are dark placeholders like (0, 0, 60), swapped at play)."""
    return rgb[..., :3].max(axis=-1) < 24
