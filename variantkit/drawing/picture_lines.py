"""Lines drawn in a colour of their own, and marks ringed inside a
territory.

A **pen**: a colour that is not grey nor dark can still be the map's line
(Lepanto draws its hexagons' borders in bright blue on a pale sea).  Such a
colour is drawn thin everywhere (nowhere an area: under a quarter of its
pixels survive an erosion by 3) yet covers a good share of the picture
(PEN of it): a network of strokes, not a territory's fill nor lettering.
A pale bluish one is not a pen: thin water is a river, read as such.

A **ring**: a mark drawn round the middle of a territory (a supply centre's
circle or hexagon, Lepanto's) cuts it into the ring and the area inside.
A region whose one neighbour is a thin region (nowhere wider than 2 * RING
pixels) is what a ring encloses: one territory with the ring, coloured as
the larger of the two.  An island or a lake is enclosed by a wide region,
a sea or a land, and stays a territory of its own."""
from __future__ import annotations

from typing import Dict, Set

import numpy as np

PEN = 0.03    # of the picture's pixels: a thin colour covering this much is the map's pen
RING = 8.0    # pixels: a ring is nowhere more than this from its own edge


def pens(palette: np.ndarray, count: np.ndarray, inner: np.ndarray) -> np.ndarray:
    """Per colour of ``palette``: whether it is a pen (drawn thin everywhere,
    covering PEN of the picture, not a pale bluish one)."""
    total = max(int(count.sum()), 1)
    thin = inner < 0.25 * np.maximum(count, 1)
    lum = 0.299 * palette[:, 0] + 0.587 * palette[:, 1] + 0.114 * palette[:, 2]
    watery = (palette[:, 2] > palette[:, 0] + 15) & (palette[:, 2] >= palette[:, 1] - 10) & (lum > 60)
    return thin & (count >= PEN * total) & ~watery


def rings(labels: np.ndarray, neighbours: Dict[int, Set[int]]) -> Dict[int, int]:
    """{region: the ring it is part of}: a region whose one neighbour is a
    thin region (nowhere wider than 2 * RING pixels) is what that ring
    encloses; nested rings are followed outwards."""
    from scipy import ndimage
    if not neighbours:
        return {}
    edge = np.zeros(labels.shape, dtype=bool)
    edge[:, :-1] |= labels[:, :-1] != labels[:, 1:]
    edge[:, 1:] |= labels[:, :-1] != labels[:, 1:]
    edge[:-1, :] |= labels[:-1, :] != labels[1:, :]
    edge[1:, :] |= labels[:-1, :] != labels[1:, :]
    inside = ndimage.distance_transform_edt(~edge)
    ids = sorted(neighbours)
    most = np.zeros(int(labels.max()) + 1)   # each region's widest point, without sorting the pixels
    np.maximum.at(most, labels.ravel(), inside.ravel())
    widest = {k: most[k] if k < most.size else 0.0 for k in ids}
    nb = {k: set(v) for k, v in neighbours.items()}
    out: Dict[int, int] = {}
    todo = True
    while todo:
        todo = False
        for held in sorted(nb):
            if len(nb[held]) != 1:
                continue
            ring = next(iter(nb[held]))
            if widest.get(ring, RING + 1) > RING or len(nb.get(ring, ())) < 2:
                continue
            out[held] = ring
            for k, v in out.items():
                if v == held:
                    out[k] = ring
            nb[ring].discard(held)
            nb.pop(held)
            todo = True
            break
    return out
