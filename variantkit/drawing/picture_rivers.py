"""Rivers in a picture: water drawn as a strip no wider than a border line
(SouthAmerica8's 2-pixel rivers, Viking's 6-pixel ones, Maharajah's river
with its border line down the middle) is a border between the lands on
either side, not a sea territory: armies cross it.  Drawn in the sea's
colour, it is water fleets sail: the lands along it are coasts, and their
land borders along it are fleet borders (as Maharajah, SouthAmerica8 and
Hussite have it on vDiplomacy, Hussite's rivers reaching no sea at all).
"""
from __future__ import annotations

from typing import List, Sequence, Set

import numpy as np

STRIP = 4.0   # pixels: water nowhere more than this from its own edge is a strip (a river), not a sea


def thin_waters(labels: np.ndarray, water: Set[int]) -> Set[int]:
    """The water regions no wider anywhere than 2 * STRIP pixels: the
    largest disc inside each (the distance to the region's edge) measured
    for every region at once."""
    from scipy import ndimage
    if not water:
        return set()
    edge = np.zeros(labels.shape, dtype=bool)
    edge[:, :-1] |= labels[:, :-1] != labels[:, 1:]
    edge[:, 1:] |= labels[:, :-1] != labels[:, 1:]
    edge[:-1, :] |= labels[:-1, :] != labels[1:, :]
    edge[1:, :] |= labels[:-1, :] != labels[1:, :]
    # the picture's frame is an edge too: a strip along the frame is still a strip
    edge[0, :] = edge[-1, :] = True
    edge[:, 0] = edge[:, -1] = True
    inside = ndimage.distance_transform_edt(~edge)
    ids = sorted(water)
    most = np.zeros(int(labels.max()) + 1)   # each region's widest point, without sorting the pixels
    np.maximum.at(most, labels.ravel(), inside.ravel())
    return {lab for lab in ids if (most[lab] if lab < most.size else 0.0) <= STRIP}


def channels(labels: np.ndarray, strips: Set[int], water: Set[int], reach: float) -> Set[int]:
    """The strips that meet a wide water across a line (within ``reach``):
    a channel between seas (GreatLakes' St. Lawrence) is a sea territory."""
    from scipy import ndimage
    wide = water - strips
    if not strips or not wide:
        return set()
    near = ndimage.binary_dilation(np.isin(labels, sorted(wide)), iterations=max(1, int(round(reach))))
    touched = np.bincount(labels[near], minlength=int(labels.max()) + 1)
    return {lab for lab in strips if touched[lab] >= 3}


def river_mask(labels: np.ndarray, rivers: Set[int], sea_pixels: np.ndarray, min_area: int) -> np.ndarray:
    """Every pixel of the rivers: the thin water regions, and the pixels of
    the sea's colour left out of every region (a river cut into pieces
    narrower than the regions' threshold by its border lines: Maharajah
    draws a line down the middle of each) where they make up a stretch of
    ``min_area`` pixels or more (a speck of blue in a land's lettering does not)."""
    from scipy import ndimage
    river = np.isin(labels, sorted(rivers)) if rivers else np.zeros(labels.shape, dtype=bool)
    pieces = river | (sea_pixels & (labels == 0))
    if not pieces.any():
        return river
    # pieces a pixel of line apart are one stretch
    stretch, n = ndimage.label(ndimage.binary_dilation(pieces, structure=np.ones((3, 3), dtype=bool)))
    size = np.bincount(stretch[pieces], minlength=n + 1)
    size[0] = 0
    return pieces & (size >= min_area)[stretch]


def stream_colours(index: np.ndarray, palette: np.ndarray, sea: Sequence[int], min_area: int,
                   interior: np.ndarray) -> List[int]:
    """Colours of rivers drawn in a blue of their own (MateAgainstMate's
    Murray, a pixel wide): bluish, not the sea's, drawn thin everywhere (under
    5% of the colour survives an erosion by 3 pixels, as with a border line)
    and over ``min_area`` pixels at least.  A navy or deep blue territory is
    not bluish (too dark); a pale blue land is filled, not thin.
    ``interior``: the pixels an erosion by 3 pixels leaves, each colour its own."""
    n = len(palette)
    count = np.bincount(index.ravel(), minlength=n)
    inner = np.bincount(index[interior], minlength=n)
    lum = 0.299 * palette[:, 0] + 0.587 * palette[:, 1] + 0.114 * palette[:, 2]
    bluish = (palette[:, 2] > palette[:, 0] + 15) & (palette[:, 2] >= palette[:, 1] - 10) & (lum > 60)
    thin = inner < 0.05 * np.maximum(count, 1)
    return [c for c in range(n) if bluish[c] and thin[c] and count[c] >= min_area and c not in set(sea)]
