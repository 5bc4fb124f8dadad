"""Small territories among the specks.

The lines are thickened by a pixel before the regions are labelled (a
border drawn with a small gap still closes), and an area under the speck
size is lettering or a symbol.  On a large map with small territories
(Europe on a world map: WWIV's Belgium, GobbleEarth's Tuscany) the
thickening eats a third of such a territory and what is left is under the
speck size: it joined a neighbour.

A speck is a territory of its own when, measured between the lines as
drawn (not thickened), it is at least half the speck size (and SMALLEST
pixels), is one piece between the thickened lines (lettering in the
lines' colour cuts a land into several), holds no
region (so no gap in a line joins it to one), holds a disc of WIDE
pixels' radius (a coast's sliver or a channel does not), is not of a sea
colour, and meets two land regions or more across its lines: lettering, a
centre's mark or a ring's inside lies within its one territory, and an
islet (Europe1939's, ClassicTouchy's Danish isles) has the sea around it
and its mainland at most.  A symbol drawn near borders is drawn alike
each time: specks of one size and shape, SYMBOL times or more, are marks
(jDip's 1900 supply centres), where territories differ."""
from __future__ import annotations

from typing import Dict, Sequence, Tuple

import numpy as np

WIDE = 3.0   # pixels: a territory holds a disc this wide (its radius) between its lines as drawn
SMALLEST = 80   # pixels between its lines, twice the smallest speck: jDip's 1900 cuts its lands by
#                 its letters and dashed lines into pieces of 62 to 69, WWIV's smallest territory is 81
SYMBOL = 3   # specks of one size and shape this many times over are a symbol's marks


def small_territories(comp: np.ndarray, big: np.ndarray, thin: np.ndarray, n_thin: int, labels: np.ndarray,
                      min_area: int, reach: int, first: int, index: np.ndarray, sea: Sequence[int] = ()
                      ) -> Tuple[np.ndarray, int]:
    """``labels`` with the small territories among the specks labelled
    ``first``, ``first + 1``...: ``comp`` the areas between the thickened
    lines (``big`` per area: a region), ``thin`` those between the lines as
    drawn.  Returns (labels, how many were added)."""
    from scipy import ndimage
    speck = (comp > 0) & ~big[comp] & (labels == 0)
    if len(sea):
        speck &= ~np.isin(index, list(sea))
    if not speck.any():
        return labels, 0
    holds = np.bincount(thin[labels > 0], minlength=n_thin + 1) > 0
    size = np.bincount(thin.ravel(), minlength=n_thin + 1)
    least = max(min_area // 2, SMALLEST)
    candidates = [int(t) for t in np.unique(thin[speck]) if t and not holds[t] and size[t] >= least]
    if not candidates:
        return labels, 0
    h, w = labels.shape
    land = (labels > 0) & ~np.isin(index, list(sea)) if len(sea) else labels > 0
    out = labels.copy()
    found = ndimage.find_objects(np.where(np.isin(thin, candidates), thin, 0))
    added = 0
    kept = []
    for t in candidates:
        sl = found[t - 1]
        if sl is None:
            continue
        y0, y1 = max(0, sl[0].start - reach), min(h, sl[0].stop + reach)
        x0, x1 = max(0, sl[1].start - reach), min(w, sl[1].stop + reach)
        mine = thin[y0:y1, x0:x1] == t
        if ndimage.distance_transform_edt(np.pad(mine, 1)).max() < WIDE:
            continue   # a strip (a coast's sliver, a channel): nowhere a territory's width
        if len(np.unique(comp[y0:y1, x0:x1][mine & (comp[y0:y1, x0:x1] > 0)])) > 1:
            continue   # cut in pieces by the thickened lines: lettering across a land, not one small land
        around = ndimage.binary_dilation(mine, iterations=reach) & ~mine
        near = labels[y0:y1, x0:x1][around & land[y0:y1, x0:x1]]
        if len(np.unique(near)) < 2:
            continue
        ys, xs = np.nonzero(mine)
        shape = (int(ys.size), int(np.ptp(ys)), int(np.ptp(xs)))
        kept.append((t, (y0, y1, x0, x1), shape))
    # a symbol is drawn alike at every place it marks (jDip's 1900 centres): three of one
    # size and shape are marks, where territories differ
    alike: Dict[Tuple[int, int, int], int] = {}
    for _, _, shape in kept:
        alike[shape] = alike.get(shape, 0) + 1
    for t, (y0, y1, x0, x1), shape in kept:
        if alike[shape] >= SYMBOL:
            continue
        mine = thin[y0:y1, x0:x1] == t
        out[y0:y1, x0:x1][mine & speck[y0:y1, x0:x1]] = first + added
        added += 1
    return out, added
