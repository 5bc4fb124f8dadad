"""Pictures as shapes: a label image (one integer per pixel, a region's
number; 0 for none) traced to shapely polygons, holes kept, simplified.

The stable entry point is :func:`trace`; other readers (webDiplomacy
folders, the picture importer in ``picture_read``) build on it.  Pixel ``(col,
row)`` covers the square ``[col, col+1] x [row, row+1]`` in picture
coordinates, so outlines sit on pixel edges and neighbouring regions share
their border exactly before simplification.
"""
from __future__ import annotations

from typing import Dict, Iterable, Optional

import numpy as np
import shapely
from shapely.geometry import MultiPolygon, Polygon


def _runs(mask: np.ndarray):
    """Horizontal runs of True in each row: (row, start, end) arrays, end exclusive."""
    padded = np.zeros((mask.shape[0], mask.shape[1] + 2), dtype=np.int8)
    padded[:, 1:-1] = mask
    diff = np.diff(padded, axis=1)
    rs, starts = np.nonzero(diff == 1)
    re_, ends = np.nonzero(diff == -1)
    # nonzero walks row by row, left to right: starts and ends pair up in order
    assert len(rs) == len(re_)
    return rs, starts, ends


def trace_mask(mask: np.ndarray, tolerance: float = 1.0, origin=(0, 0)):
    """One boolean mask to a (multi)polygon with its holes, simplified by
    ``tolerance`` pixels (0: the exact pixel outline).  Empty mask: None."""
    rows, starts, ends = _runs(mask)
    if len(rows) == 0:
        return None
    ox, oy = origin
    boxes = shapely.box(starts + ox, rows + oy, ends + ox, rows + oy + 1)
    # the runs tile the region edge to edge; GEOS's coverage union can leave
    # an invalid ring where a hole touches a run's end, so a plain union
    geom = shapely.union_all(boxes)
    if tolerance > 0:
        # topology kept: a simplified ring never crosses itself or closes a hole
        geom = geom.simplify(tolerance, preserve_topology=True)
    if not geom.is_valid:
        geom = geom.buffer(0)
    polys = [g for g in getattr(geom, "geoms", [geom]) if isinstance(g, Polygon) and not g.is_empty]
    if not polys:
        return None
    return polys[0] if len(polys) == 1 else MultiPolygon(polys)


def trace(labels: np.ndarray, tolerance: float = 1.0,
          ids: Optional[Iterable[int]] = None) -> Dict[int, Polygon | MultiPolygon]:
    """Each label of a label image (2-D int array; 0 is background) to its
    outline: a Polygon, or a MultiPolygon for a region in parts (islands),
    holes kept (a lake, another region inside it), simplified by
    ``tolerance`` pixels with the topology of each region preserved.

    ``ids`` limits the work to those labels (default: every nonzero label).
    Coordinates are picture pixels, x right and y down, as in SVG."""
    labels = np.asarray(labels)
    if labels.ndim != 2:
        raise ValueError("a label image is a 2-D array")
    from scipy import ndimage
    wanted = sorted(int(i) for i in (ids if ids is not None else np.unique(labels)) if int(i) != 0)
    out: Dict[int, Polygon | MultiPolygon] = {}
    if not wanted:
        return out
    # each label traced inside its bounding box only
    boxes = ndimage.find_objects(np.where(labels > 0, labels, 0).astype(np.int64))
    for lab in wanted:
        if lab - 1 >= len(boxes) or boxes[lab - 1] is None:
            continue
        sl = boxes[lab - 1]
        geom = trace_mask(labels[sl] == lab, tolerance, (sl[1].start, sl[0].start))
        if geom is not None:
            out[lab] = geom
    return out
