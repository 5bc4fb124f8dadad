"""Boards side by side: a picture may hold two maps (ClassicLayered draws
one board per layer), each linked within itself, nothing in the picture
linking one to the other.  A part apart from the main map as large as half
of it, with territories of its own, is a board: its territories and their
edges are kept, where a legend, a title box or a stray shape is set apart.

When the board is the main map drawn again (its territories the same shapes
at one offset), each territory faces its twin: they are proposed linked, in
doubt (how the layers meet is the rules'), armies between lands, fleets
between waters, both between coasts.  A board that is no copy is set apart
as before: nothing in the picture links it."""
from __future__ import annotations

from collections import Counter
from typing import Dict, List, Set

from ..model import Crossing, Edge, Terrain
from .geometry.infer import EdgeProposal, Region

BOARD = 0.5      # a part at least this share of the main map's regions is a board of its own
MIN_REGIONS = 4  # and holds at least this many regions
TWINS = 0.6      # a copy: this share of its territories at least have a twin on the main map
NEAR = 6.0       # pixels: a twin's centre lies this close to where the offset puts it
AREA = 0.25      # and its area within this share of the territory's


def boards(parts: List[Set[str]], main: Set[str]) -> List[Set[str]]:
    """The parts, other than ``main``, that are boards of their own."""
    return [p for p in parts if p is not main and len(p) >= max(MIN_REGIONS, BOARD * len(main))]


def twins(regions: Dict[str, Region], board: Set[str], main: Set[str]) -> Dict[str, str]:
    """{territory of ``board``: its twin on ``main``} when the board is the
    main map drawn again at one offset (TWINS of its territories matched),
    else {}."""
    def centre(rid):
        c = regions[rid].geom.centroid
        return c.x, c.y
    ours = {rid: (centre(rid), regions[rid].geom.area) for rid in board}
    theirs = {rid: (centre(rid), regions[rid].geom.area) for rid in main}
    # the offset: the one most pairs of like-sized territories agree on
    votes: Counter = Counter()
    for (x, y), a in ours.values():
        for (u, v), b in theirs.values():
            if abs(a - b) <= AREA * max(a, b):
                votes[(round((x - u) / NEAR), round((y - v) / NEAR))] += 1
    if not votes:
        return {}
    (bx, by), _ = votes.most_common(1)[0]
    # refined: the mean offset of the pairs in that bin
    near = [(x - u, y - v) for (x, y), a in ours.values() for (u, v), b in theirs.values()
            if abs(a - b) <= AREA * max(a, b) and round((x - u) / NEAR) == bx and round((y - v) / NEAR) == by]
    dx = sum(p[0] for p in near) / len(near)
    dy = sum(p[1] for p in near) / len(near)
    out: Dict[str, str] = {}
    for rid, ((x, y), a) in ours.items():
        best = min(theirs, key=lambda t: (theirs[t][0][0] - x + dx) ** 2 + (theirs[t][0][1] - y + dy) ** 2)
        (u, v), b = theirs[best]
        if (u - x + dx) ** 2 + (v - y + dy) ** 2 <= NEAR ** 2 and abs(a - b) <= AREA * max(a, b):
            out[rid] = best
    return out if len(out) >= TWINS * len(board) else {}


def twin_edges(regions: Dict[str, Region], pairs: Dict[str, str]) -> List[EdgeProposal]:
    """Each territory linked to its twin, in doubt: armies between lands
    (coasts included), fleets between waters and coasts."""
    out = []
    for a, b in sorted(pairs.items()):
        ta, tb = regions[a].terrain, regions[b].terrain
        army = ta in (Terrain.LAND, Terrain.COAST) and tb in (Terrain.LAND, Terrain.COAST)
        fleet = ta in (Terrain.WATER, Terrain.COAST) and tb in (Terrain.WATER, Terrain.COAST)
        if not (army or fleet):
            continue
        x, y = sorted((a, b))
        out.append(EdgeProposal(Edge(x, y, Crossing.of(army, fleet)),
                                "the same territory on a board drawn twice (a layer?): linked by the rules?",
                                0.0, 0.5))
    return out
