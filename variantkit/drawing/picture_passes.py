"""Mountains drawn as thick borders, and the passes across them.

A thick border line alone says nothing: the Classic maps draw their
national frontiers twice as wide as the rest, and armies cross every one
of them.  SouthAmerica8 draws the Andes as thick and marks each pass
across them with ticks: short straight strokes, one pixel wide, drawn
across the line on both sides (an "=" laid over it).  A picture that marks
passes so on its thick borders (PASSES of them at least, and most of the
strokes found in passes: a symbol drawn alike at each, not lettering) is
read as drawing mountains: its thick land borders without a pass are not
crossed by armies.  A picture without such marks keeps every border.

A tick is a run of line pixels, one wide, between pixels of one region on
both sides, straight (a row or a column), TICK pixels long, with one end
on a border line; walking on across that line reaches the region the
pass leads to.  A border is thick when its line's half width, measured
where the two regions' grown areas meet, is THICK times the median land
border's or more.
"""
from __future__ import annotations

from typing import Dict, Set, Tuple

import numpy as np

TICK = (4, 12)   # pixels: a tick's length
PASSES = 2       # thick borders marked with a pass, at least, for a picture to be read as drawing mountains
THICK = 1.4      # a thick border's half width, of the median land border's
STROKES = 4      # a pass: two ticks across a border, each a stroke on both sides of its line
SYMBOL = 0.75    # of the strokes found, this share at least in passes


def half_widths(grown: np.ndarray, dist: np.ndarray, near: np.ndarray, land: Set[int]) -> Dict[Tuple[int, int], float]:
    """Each land border's half width: the median distance to a region of
    the pixels where the two regions' grown areas meet."""
    found: Dict[Tuple[int, int], list] = {}
    top = int(grown.max()) + 1
    for a, b, da, db, ok in ((grown[:, :-1], grown[:, 1:], dist[:, :-1], dist[:, 1:], near[:, :-1] & near[:, 1:]),
                             (grown[:-1, :], grown[1:, :], dist[:-1, :], dist[1:, :], near[:-1, :] & near[1:, :])):
        meet = (a != b) & (a > 0) & (b > 0) & ok
        key = np.minimum(a[meet], b[meet]).astype(np.int64) * top + np.maximum(a[meet], b[meet])
        d = np.maximum(da[meet], db[meet])
        order = np.argsort(key, kind="stable")
        key, d = key[order], d[order]
        cuts = np.flatnonzero(np.diff(key)) + 1
        for ks, ds in zip(np.split(key, cuts), np.split(d, cuts)):
            if not len(ks):
                continue
            pair = divmod(int(ks[0]), top)
            if pair[0] in land and pair[1] in land:
                found.setdefault(pair, []).extend(ds.tolist())
    return {pair: float(np.median(ds)) for pair, ds in found.items()}


def passes(line: np.ndarray, grown: np.ndarray) -> Dict[Tuple[int, int], int]:
    """{(low, high): ticks} the pairs of regions a tick leads across
    (``line``: the picture's line pixels, as drawn)."""
    from scipy import ndimage
    out: Dict[Tuple[int, int], int] = {}
    for axis in (0, 1):   # ticks down a column (axis 0), along a row (axis 1)
        ln = line if axis == 0 else line.T
        gr = grown if axis == 0 else grown.T
        lab = np.where(ln, 0, gr)
        side = np.zeros(ln.shape, dtype=bool)
        # a line pixel between two pixels of one region across the stroke
        side[:, 1:-1] = ln[:, 1:-1] & (lab[:, :-2] == lab[:, 2:]) & (lab[:, :-2] > 0)
        # runs down the stroke: vertical runs of such pixels in one column
        runs, _ = ndimage.label(side, structure=np.array([[0, 1, 0], [0, 1, 0], [0, 1, 0]]))
        for sl in ndimage.find_objects(runs):
            if sl is None:
                continue
            y0, y1, x = sl[0].start, sl[0].stop, sl[1].start
            if not TICK[0] <= y1 - y0 <= TICK[1]:
                continue
            home = int(lab[y0, x - 1])
            for y, step in ((y0 - 1, -1), (y1, 1)):   # the end on a line: walk across it
                if not (0 <= y < ln.shape[0]) or not ln[y, x]:
                    continue
                while 0 <= y < ln.shape[0] and ln[y, x] and abs(y - (y0 if step < 0 else y1)) <= 3 * TICK[1]:
                    y += step
                if 0 <= y < ln.shape[0] and not ln[y, x]:
                    other = int(gr[y, x])
                    if other and other != home:
                        pair = (min(home, other), max(home, other))
                        out[pair] = out.get(pair, 0) + 1
    return out


def mountains(widths: Dict[Tuple[int, int], float], ticks: Dict[Tuple[int, int], int]) -> Set[Tuple[int, int]]:
    """The land borders armies do not cross: thick and without a pass, when
    the picture marks PASSES passes or more on its thick borders; else none."""
    if not widths:
        return set()
    median = float(np.median(list(widths.values())))
    thick = {pair for pair, hw in widths.items() if hw >= THICK * median}
    marked = {pair for pair in thick if ticks.get(pair, 0) >= STROKES}
    # a pass symbol, drawn alike at every pass: most of the strokes found lie in passes (lettering,
    # a bridge or a river's mouth give a stroke or two here and there: Hussite's)
    in_passes = sum(n for n in ticks.values() if n >= STROKES)
    if len(marked) < PASSES or in_passes < SYMBOL * sum(ticks.values()):
        return set()
    return thick - marked
