"""Lakes too small to be regions: a speck of the sea's colour inside a
land (WWIV's and World's Japan, whose inland waters are drawn in the sea's
blue, outlined).  A speck joins a region of its colour close by (an islet
its island), but a sea beyond the land is no lake's: joined to it, the sea
would reach into the land and meet the seas on its other side (World's
Sea of Japan and North West Pacific across Japan).  With no sea-coloured
region beside it, across the lines only, the land round it takes it.
"""
from __future__ import annotations

from typing import Sequence

import numpy as np

# pixels round a speck looked at: the land just across its outline, not a sea beyond a narrow
# land (at 4, World's seas beyond Japan's narrowest land are in reach and its lakes still join them)
LAKE_REACH = 3


def lake_speck(speck: np.ndarray, labels: np.ndarray, index: np.ndarray, sea: Sequence[int],
               reach: int) -> bool:
    """Whether a speck (a mask over ``labels``' window) has regions round it
    within ``reach`` pixels and none of them, there, in a sea colour."""
    from scipy import ndimage
    around = ndimage.binary_dilation(speck, iterations=reach) & ~speck & (labels > 0)
    return bool(around.any()) and not np.isin(index[around], list(sea)).any()
