"""Shapes drawn over one another, and how many regions a drawing may pair.

Pairing regions into borders weighs each region against those near it: a
drawing of 2,000 copies of one shape made every region near every other
(over 120 s and 1 GB), and 100,000 rectangles made 400,000 pairs to measure.
A region drawn (nearly) over an earlier one is not measured but named, and
given the earlier one's borders and a link to it (DiplomacyGM's maps draw
one sea split into three spaces as three copies of its outline); what is
left is paired only up to a stated number of regions (docs/security.md,
"Limits").
"""
from __future__ import annotations

from typing import Dict, List, Tuple, TypeVar

import numpy as np
import shapely
from shapely import STRtree

from ...problems import Problem

C = TypeVar("C")       # a contact (borders.Contact), carried as it is
MAX_REGIONS = 20_000   # regions paired into borders (the project plans for 10,000 provinces)
PAIRS_EACH = 50        # pairs of overlapping bounds a region may have, on average (a real map: under 10)
SAME = 0.9             # shared area over the two shapes' union that makes them one drawn twice
CHUNK = 256            # regions whose neighbours are listed at once: bounds the memory of a pile
SMALL_PILE = 8         # copies of one shape all linked to one another up to this many; past it each to the first


def set_aside_overlaps(regions: Dict, problems: List[Problem], file: str) -> Tuple[Dict, Dict[str, str]]:
    """``regions`` (id -> Region, in drawing order) split into those to pair
    and the copies: id -> the earlier region it is drawn over, each named in a
    VK815 warning.  Over MAX_REGIONS regions, or shapes piled so that their
    bounds meet in more than PAIRS_EACH pairs a region, is VK816 and no region
    is left to pair."""
    ids = list(regions)
    if len(ids) > MAX_REGIONS:
        problems.append(Problem.of("VK816", count=f"{len(ids):,} regions",
                                   limit=f"{MAX_REGIONS:,} regions").at(file))
        return {}, {}
    if len(ids) < 2:
        return regions, {}
    geoms = np.array([regions[i].geom for i in ids], dtype=object)
    gone: Dict[int, int] = {}
    # copies first, by their normalised outline: a pile of one shape is found
    # without comparing its members with one another
    first: Dict[bytes, int] = {}
    for k, key in enumerate(shapely.to_wkb(shapely.normalize(geoms)).tolist()):
        if key in first:
            gone[k] = first[key]
        else:
            first[key] = k
    rest = np.array([k for k in range(len(ids)) if k not in gone], dtype=int)
    tree = STRtree(geoms[rest])
    budget = PAIRS_EACH * len(rest)
    found = []
    for at in range(0, len(rest), CHUNK):
        part = tree.query(geoms[rest[at:at + CHUNK]])  # bounds only, in C
        later, earlier = rest[at:at + CHUNK][part[0]], rest[part[1]]
        keep = earlier < later
        found.append((later[keep], earlier[keep]))
        budget -= int(keep.sum())
        if budget < 0:
            problems.append(Problem.of("VK816", count="shapes piled on one another",
                                       limit=f"{PAIRS_EACH} overlapping neighbours a region").at(file))
            return {}, {}
    later = np.concatenate([f[0] for f in found])
    earlier = np.concatenate([f[1] for f in found])
    areas = shapely.area(geoms)
    small = np.minimum(areas[later], areas[earlier])
    keep = small >= SAME * np.maximum(areas[later], areas[earlier])
    later, earlier = later[keep], earlier[keep]
    order = np.lexsort((earlier, later))
    for i, j in zip(later[order].tolist(), earlier[order].tolist()):
        if i in gone or j in gone:  # compared with what stays: a pile costs one test a shape
            continue
        a, b = geoms[i], geoms[j]
        union = shapely.union(a, b).area
        if union > 0 and shapely.intersection(a, b).area >= SAME * union:
            gone[i] = j
    copies = {}
    for i, j in sorted(gone.items()):
        while j in gone:  # a copy of a copy: the shape that stays
            j = gone[j]
        copies[ids[i]] = ids[j]
        problems.append(Problem.of("VK815", shape=ids[i], other=ids[j]).at(file))
    return {pid: r for k, (pid, r) in enumerate(regions.items()) if k not in gone}, copies


def copied_contacts(contacts: Dict[Tuple[str, str], C], copies: Dict[str, str],
                    linked: C) -> Dict[Tuple[str, str], C]:
    """The measured contacts plus each copy's: its original's, and ``linked``
    (a contact) with its original and, in a small pile, with the other copies."""
    out = dict(contacts)
    by_original: Dict[str, List[str]] = {}
    for copy, original in copies.items():
        by_original.setdefault(original, []).append(copy)
    touching: Dict[str, List[Tuple[str, C]]] = {}
    for (a, b), c in contacts.items():
        touching.setdefault(a, []).append((b, c))
        touching.setdefault(b, []).append((a, c))
    for original, pile in by_original.items():
        for copy in pile:
            for other, c in touching.get(original, ()):
                out[(copy, other)] = c
            out[(original, copy)] = linked
        if len(pile) < SMALL_PILE:
            for k, a in enumerate(pile):
                for b in pile[k + 1:]:
                    out[(a, b)] = linked
    return out


def shared_ids(shapes, file: str) -> List[Problem]:
    """A VK817 warning for each id that several drawn shapes carry (SVG ids are
    unique; the importer draws them as one province's parts, so the designer
    is told rather than finding one province where two were meant).  Copies a
    <use> makes share their symbol's id by design and are not counted."""
    lines: Dict[str, List[int]] = {}
    for s in shapes:
        if s.id and not s.used:
            lines.setdefault(s.id, []).append(s.line or 0)
    out = []
    for i, ls in lines.items():
        if len(ls) > 1:
            where = ", ".join(str(n) for n in ls[:5]) + (", ..." if len(ls) > 5 else "")
            out.append(Problem.of("VK817", id=repr(i), count=len(ls), lines=where).at(file, ls[1] or None))
    return out
