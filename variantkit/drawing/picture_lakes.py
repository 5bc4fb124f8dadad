"""Ponds: small lakes inside a land.  Classic1880 draws Lakes Van and Urmia
in the sea's colour, specks left out of every region, which the river step
takes for pieces of a river (Maharajah's rivers are cut into such pieces
by the line drawn down each), making Armenia and Persia coasts.  A river is
many times longer than it is wide; a pond is round.
"""
from __future__ import annotations

import numpy as np

POND = 12         # a piece no larger than this many times its half width squared is round


def ponds(river: np.ndarray) -> np.ndarray:
    """The pieces of a river mask (8-connected) that are round, not long."""
    from scipy import ndimage
    if not river.any():
        return river
    pieces, n = ndimage.label(river, structure=np.ones((3, 3), dtype=bool))
    area = np.bincount(pieces.ravel(), minlength=n + 1)
    width = np.asarray(ndimage.maximum(ndimage.distance_transform_edt(river), pieces, index=np.arange(n + 1)))
    round_ = area <= POND * width ** 2
    round_[0] = False
    return round_[pieces]
