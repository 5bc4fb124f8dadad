"""Lakes inside a land, drawn in the sea's colour, which are no sea.

Specks: a speck of the sea's colour too small to be a region (WWIV's and
World's Japan, whose inland waters are drawn in the sea's blue, outlined).
A speck joins a region of its colour close by (an islet its island), but a
sea beyond the land is no lake's: joined to it, the sea would reach into the
land and meet the seas on its other side (World's Sea of Japan and North
West Pacific across Japan).  With no sea-coloured region beside it, across
the lines only, the land round it takes it.

Ponds: Classic1880 draws Lakes Van and Urmia in the sea's colour, specks
left out of every region, which the river step takes for pieces of a river
(Maharajah's rivers are cut into such pieces by the line drawn down each),
making Armenia and Persia coasts.  A river is many times longer than it is
wide; a pond is round.
"""
from __future__ import annotations

from typing import Sequence

import numpy as np

# pixels round a speck looked at: the land just across its outline, not a sea beyond a narrow
# land (at 4, World's seas beyond Japan's narrowest land are in reach and its lakes still join them)
LAKE_REACH = 3
POND = 12         # a piece no larger than this many times its half width squared is round


def lake_speck(speck: np.ndarray, labels: np.ndarray, index: np.ndarray, sea: Sequence[int],
               reach: int) -> bool:
    """Whether a speck (a mask over ``labels``' window) has regions round it
    within ``reach`` pixels and none of them, there, in a sea colour."""
    from scipy import ndimage
    around = ndimage.binary_dilation(speck, iterations=reach) & ~speck & (labels > 0)
    return bool(around.any()) and not np.isin(index[around], list(sea)).any()


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
