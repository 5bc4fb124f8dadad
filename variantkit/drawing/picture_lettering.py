"""Lettering drawn in a border line's own colour (jDip's 1900 writes its
names in the white of its lines): where a colour's lines are a one-pixel pen,
strokes two pixels wide or more, long enough to be a glyph's, are letters,
not borders.  They are painted over with the colour they are written on, so
the province under a name is not cut in two."""
from __future__ import annotations

from typing import Tuple

import numpy as np

# a colour's lines are a one-pixel pen when under this share of its line
# pixels lie in a 2x2 block (jDip's 1900 white: 0.41; its black coast outlines 0.52)
PEN = 0.5
# a stroke, not a junction of two one-pixel lines (a lone 2x2 block): this many pixels
STROKE = 8
# strokes of one name are this close (a letter's gap, in pixels)
GAP = 3
# a name is this many strokes or more (two thick marks across a strait, GobbleEarth's
# Baltic, are not one)
LETTERS = 3
# a name is at most this long (pixels) and this share of its box is ink
WORD = 40
DENSE = 0.15


def lettering(lines: np.ndarray, index: np.ndarray) -> np.ndarray:
    """The line pixels that are lettering: per line colour drawn with a
    one-pixel pen, its pixels in 2x2 blocks, in strokes of ``STROKE`` or more."""
    from scipy import ndimage
    out = np.zeros(lines.shape, dtype=bool)
    for c in np.unique(index[lines]):
        mine = lines & (index == c)
        n = int(mine.sum())
        if n < 0.002 * lines.size:
            continue
        block = ndimage.binary_opening(mine, structure=np.ones((2, 2), dtype=bool))
        if block.sum() >= PEN * n:
            continue
        lab, k = ndimage.label(block, structure=np.ones((3, 3), dtype=bool))
        if not k:
            continue
        size = np.bincount(lab.ravel())
        size[0] = 0
        strokes = (size >= STROKE)[lab]
        # a name is a run of glyphs: strokes side by side (a strait's arrow,
        # one thick shaft alone, is not lettering)
        words, m = ndimage.label(ndimage.binary_dilation(strokes, iterations=GAP))
        first = np.zeros(k + 1, dtype=np.int64)
        first[lab[strokes]] = words[strokes]
        per_word = np.bincount(first[1:][size[1:] >= STROKE], minlength=m + 1)
        per_word[0] = 0
        named = per_word >= LETTERS
        # ...short and dense as a name is (a line two pixels wide, drawn as
        # a staircase of short strokes, runs long and thin)
        for w, box in enumerate(ndimage.find_objects(words), start=1):
            if box is None or not named[w]:
                continue
            hgt, wid = box[0].stop - box[0].start, box[1].stop - box[1].start
            ink = (mine[box] & (words[box] == w)).sum()
            if max(hgt, wid) > WORD or ink < DENSE * hgt * wid:
                named[w] = False
        out |= strokes & named[words]
    return out


def erase(index: np.ndarray, lines: np.ndarray) -> Tuple[np.ndarray, np.ndarray]:
    """The picture's colours and lines with the lettering in the lines' colour
    painted over: each letter pixel takes the colour of the nearest pixel that
    is neither line nor letter (a name across a coast splits along it)."""
    from scipy import ndimage
    letters = lettering(lines, index)
    if not letters.any():
        return index, lines
    _, (iy, ix) = ndimage.distance_transform_edt(lines, return_indices=True)
    index = index.copy()
    index[letters] = index[iy[letters], ix[letters]]
    return index, lines & ~letters
