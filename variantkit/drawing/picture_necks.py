"""A territory's narrow neck, which the thickened lines close, is no border.

The lines are thickened by a pixel before the regions are labelled, so a
border drawn with a gap still closes; but a land narrowing to 2 to 4
pixels between two border lines (Habelya's Bram, whose eastern end meets
Ecclia and Glasch past such a neck; GobbleEarth's Marseilles, whose
western lobe meets Spain) is cut in two by them, the far piece a region
holding no territory, and the borders beyond the neck are lost.

The two are told apart by where the pieces meet.  Across a gap in a
border, the two pieces face each other along the line drawn on both sides
of the gap: more line pixels near both than pixels of their colour.  At a
short neck (Bram's, where the two borders dip to 2 pixels of each other),
the lines run along the passage, not across it: more of the colour near
both pieces than line.  A long neck (Korea's in GobbleEarth, Siam's) holds
colour off both pieces' rims, the passage's inside, reaching both: more of
it than of any line the two face within a line's width.  Only a colour
that paints these pieces and no other region tells one territory: a
power's colour over its provinces (jDip's 1900 Italy, whose provinces are
parted by dotted lines one pixel wide) is parted by its broken borders as
it is by necks.  Seas are left alone: a sea's dashed or broken line
(Hundred's Irish Sea from its Atlantic, USofA's Gulf of Lyons from the
Western Mediterranean) is a border with gaps, not a neck.
"""
from __future__ import annotations

from typing import Dict, Sequence

import numpy as np

NEAR = 3   # pixels round each piece where the two meet at a short neck
FAR = 5    # ...and where they face each other across a line (up to 7 pixels wide)


def necks(comp: np.ndarray, big: np.ndarray, thin: np.ndarray, lines: np.ndarray, index: np.ndarray,
          sea: Sequence[int] = ()) -> Dict[int, int]:
    """Areas of ``comp`` (``big`` per area: a region) to join: piece -> the
    area it joins, where two of one colour, not the sea's, are one area of
    ``thin`` (between the lines as drawn) meeting at a neck."""
    from scipy import ndimage
    h, w = comp.shape
    keep = big[comp] & (comp > 0)
    if len(sea):
        keep &= ~np.isin(index, list(sea))
    if not keep.any():
        return {}
    pairs = np.unique(np.stack([thin[keep], comp[keep]], 1), axis=0)
    owners, counts = np.unique(pairs[:, 0], return_counts=True)
    shared_areas = owners[counts >= 2]
    if not len(shared_areas):
        return {}
    boxes = ndimage.find_objects(np.where(np.isin(thin, shared_areas), thin, 0))
    # how many regions each colour paints: a colour painting others beyond these pieces (a
    # power's colour over its provinces, jDip's 1900 Italy) tells no territory
    colour = np.zeros(int(comp.max()) + 1, dtype=np.int64)
    colour[comp[keep]] = index[keep]
    painted = np.bincount(colour[np.unique(comp[keep])])
    whole = np.ones((3, 3), dtype=bool)
    parent: Dict[int, int] = {}

    def root(k: int) -> int:
        while parent.get(k, k) != k:
            k = parent[k]
        return k

    for t in shared_areas:
        sl = boxes[int(t) - 1]
        if sl is None:
            continue
        y0, y1 = max(0, sl[0].start - FAR), min(h, sl[0].stop + FAR)
        x0, x1 = max(0, sl[1].start - FAR), min(w, sl[1].stop + FAR)
        c = comp[y0:y1, x0:x1]
        line = lines[y0:y1, x0:x1]
        mine = thin[y0:y1, x0:x1] == t
        pieces = [int(k) for k in pairs[pairs[:, 0] == t, 1]]
        if painted[colour[pieces[0]]] != len(pieces):
            continue
        taken = mine & ~np.isin(c, pieces)   # the colour the thickening took
        # ...and of it, what lies off every region's rim: a passage's inside
        core, _ = ndimage.label(mine & ~ndimage.binary_dilation(big[c] & (c > 0), structure=whole),
                                structure=whole)
        core_size = np.bincount(core.ravel())
        near = {k: ndimage.binary_dilation(c == k, iterations=NEAR) for k in pieces}
        far = {k: ndimage.binary_dilation(c == k, iterations=FAR) for k in pieces}
        ends = {k: set(np.unique(core[ndimage.binary_dilation(c == k, iterations=2)]).tolist()) - {0}
                for k in pieces}
        for i, a in enumerate(pieces):
            for b in pieces[i + 1:]:
                both = near[a] & near[b]
                # a short neck: more of the colour than line where the two pieces meet
                short = int((both & taken).sum()) > int((both & line).sum())
                # a long one: a passage off both rims, longer than any line the two face
                inside = int(sum(core_size[q] for q in ends[a] & ends[b]))
                long = inside > int((far[a] & far[b] & line).sum())
                if short or long:
                    ra, rb = root(a), root(b)
                    if ra != rb:
                        parent[max(ra, rb)] = min(ra, rb)
    return {k: root(k) for k in parent if root(k) != k}
