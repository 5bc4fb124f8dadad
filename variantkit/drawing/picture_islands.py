"""Islands whose territory is the sea drawn round them, beyond the small
circle of sea picture_map already reads so.  Two things in a picture say
it: a sea compartment whose only land is one island (or a group of islands
of one colour) that touches nothing but water (BalkanWarsVI's Malta,
Habelya's Denselands: a sea territory meets some other coast), and an
island drawn as a disc, a symbol rather than a coastline, alone in its
compartment of the sea (Zeus5's Pacific islands, WWIV's): the compartment is
where its units stand.  The caller makes each water one territory with its
island, met by its neighbours across that water (fleets); a disc stands for
its whole compartment, whose land borders armies cross too (``symbols``).
"""
from __future__ import annotations

from typing import Dict, Iterable, Set, Tuple

import numpy as np

DISC = 0.93       # an island this close to an oval of its own moments (overlap over union) is a symbol
LONG = 9          # pixels of border: shorter is a corner, not a shore


def _neighbours(contacts: Dict[Tuple[int, int], int], min_len: int) -> Dict[int, Set[int]]:
    out: Dict[int, Set[int]] = {}
    for (a, b), n in contacts.items():
        if n >= min_len:
            out.setdefault(a, set()).add(b)
            out.setdefault(b, set()).add(a)
    return out


def disc_likeness(labels: np.ndarray, lab: int) -> float:
    """Overlap over union of a region's own pixels with the ellipse of the
    same area and second moments at its centre (1 for a drawn disc or oval)."""
    ys, xs = np.nonzero(labels == lab)
    if len(ys) < 20:
        return 0.0
    y, x = ys - ys.mean(), xs - xs.mean()
    cov = np.cov(np.vstack([x, y]))
    vals, vecs = np.linalg.eigh(cov)
    if vals.min() <= 0:
        return 0.0
    u, v = vecs.T @ np.vstack([x, y])
    # a uniform ellipse of semi-axes a, b has variances a^2/4, b^2/4
    inside = int(((u ** 2 / (4 * vals[0]) + v ** 2 / (4 * vals[1])) <= 1).sum())
    ideal = np.pi * 4 * np.sqrt(vals[0] * vals[1])
    return inside / (len(ys) + ideal - inside)


def own_waters(labels: np.ndarray, contacts: Dict[Tuple[int, int], int], water: Set[int],
               colour: Dict[int, int], taken: Iterable[int] = ()) -> Dict[int, int]:
    """{water: its island, and each other island of a group: the group's
    largest}.  ``taken``: regions already read as an island or its waters."""
    taken = set(taken)
    near = _neighbours(contacts, 3)
    shore = _neighbours(contacts, LONG)
    area = np.bincount(labels.ravel())

    def size(lab: int) -> int:
        return int(area[lab]) if lab < len(area) else 0

    # an island: land whose every neighbour is water
    islands = {lab for lab, ns in near.items()
               if lab not in water and lab not in taken and ns and ns <= water}
    out: Dict[int, int] = {}
    # a compartment whose only lands are islands of one colour that touch it alone (an
    # island that meets another sea too is a territory of its own beside that sea's)
    for sea in sorted(water - taken):
        lands = {n for n in near.get(sea, ()) if n not in water}
        if not lands or any(near.get(n) != {sea} for n in lands) or len({colour.get(n, n) for n in lands}) != 1:
            continue
        island = max(lands, key=lambda n: (size(n), -n))
        out[sea] = island
        out.update({n: island for n in lands if n != island})
    out.update(looped(contacts, water, near, shore, taken | set(out) | set(out.values())))
    # a disc (a symbol, not a coastline) among waters: those whose only land it is, or the one
    # compartment it lies in when it holds no other island (Crete or Sicily drawn small on the
    # line between two seas is not one)
    for island in sorted(islands - set(out) - set(out.values())):
        seas = near[island] - taken - set(out)
        if disc_likeness(labels, island) < DISC or seas != near[island]:
            continue
        alone = {sea for sea in seas if sea in shore.get(island, set())
                 and all(n in water or n == island for n in near.get(sea, ()))}
        if len(seas) == 1 and not any(n in islands and n != island for n in shore.get(next(iter(seas)), ())):
            alone = seas
        out.update({sea: island for sea in alone})
    return out


def symbols(labels: np.ndarray, own: Dict[int, int]) -> Set[int]:
    """The islands of ``own`` drawn as a disc: a symbol standing for its
    whole compartment, a territory bounded by lines whose land borders
    armies cross (Zeus5's Hawaii to California), where a coastline's
    island meets its neighbours only across the waters (fleets)."""
    return {island for island in set(own.values()) if disc_likeness(labels, island) >= DISC}


def looped(contacts: Dict[Tuple[int, int], int], water: Set[int], near: Dict[int, Set[int]],
           shore: Dict[int, Set[int]], taken: Set[int]) -> Dict[int, int]:
    """{water: its island} for a loop of lines drawn round one island out to
    the coasts nearby (GobbleEarth's Cuba): the compartment holds one island,
    whose shore is on it alone (elsewhere it touches water at most), and meets
    every other land only where the loop's lines end on it, over a tenth of
    the island's shore or less.  A sea territory runs along its coasts."""
    def touch(a: int, b: int) -> int:
        return contacts.get((min(a, b), max(a, b)), 0)

    out: Dict[int, int] = {}
    for sea in sorted(water - taken):
        lands = {n for n in near.get(sea, ()) if n not in water}
        held = {n for n in lands if shore.get(n) == {sea} and near.get(n, set()) <= water}
        if len(held) != 1:
            continue
        island = next(iter(held))
        if island in taken or island in out.values() or lands == held:
            continue
        if all(touch(sea, n) <= 0.1 * touch(sea, island) for n in lands - held):
            out[sea] = island
    return out
