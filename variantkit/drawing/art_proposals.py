"""What the art says besides the shapes, put on the inference's records as
proposals: full names (the convention's own, or the label drawn nearest
each shape), supply centres (markers), where units and labels go, power
colours, and a doubt on terrain the drawing does not show."""
from __future__ import annotations

import re
from typing import Dict, List, Optional, Tuple

from shapely.geometry import Point
from shapely.strtree import STRtree

from .conventions import Reading
from .geometry.infer import Inference
from ..model import Terrain, split_location
from ..problems import Problem


def propose(inference: Inference, reading: Reading, file: str = "") -> None:
    inference.convention = reading.convention
    inference.colours = dict(reading.colours)
    regions = inference.regions
    for rid, name in reading.names.items():
        if rid in regions:
            regions[rid].name = name
    _names_from_labels(inference, reading.labels, reading.label_sizes)
    for loc, pos in reading.unit_pos.items():
        if loc in regions:
            regions[loc].unit_pos = pos
        elif loc in inference.coasts:
            inference.coast_pos[loc] = pos
    inference.dislodged_pos.update({loc: pos for loc, pos in reading.dislodged_pos.items()
                                    if loc in regions or loc in inference.coasts})
    for rid in reading.centres:
        if rid in regions:
            regions[rid].center = True
    _centres_from_markers(inference, reading.markers)
    if not reading.terrain_drawn:
        _undrawn_terrain(inference, reading, file)
    _doubtful_terrain(inference, reading, file)


def _doubtful_terrain(inference: Inference, reading: Reading, file: str) -> None:
    """Provinces whose terrain the art leaves unsure: each flagged, with why, and its links too."""
    unsure = {rid: why for rid, why in reading.doubtful_terrain.items() if rid in inference.regions}
    for rid, why in sorted(unsure.items()):
        inference.regions[rid].doubtful = True
        inference.regions[rid].reason += f"; unsure: {why}"
        inference.problems.append(Problem.of("VK831", id=rid, why=why).at(file))
    for e in inference.edges:
        if any(split_location(x)[0] in unsure for x in (e.edge.a, e.edge.b)):
            e.confidence = min(e.confidence, 0.5)


def _code_like(text: str, rid: str) -> bool:
    """An abbreviation label (``IRI``, ``BRS``) rather than a name."""
    t = re.sub(r"[^a-z0-9]", "", text.lower())
    return t == rid or (len(t) <= 3 and text.upper() == text)


COAST_TAGS = {"nc", "sc", "ec", "wc", "(nc)", "(sc)", "(ec)", "(wc)"}
_CAPTION = re.compile(r"^(to|from|via)\s", re.I)   # "to Mid-Atlantic Ocean": points elsewhere


def _names_from_labels(inference: Inference, labels: List[Tuple[str, Tuple[float, float]]],
                       sizes: Optional[Dict] = None) -> None:
    """Each label names the shape it lies in (or the nearest, a label drawn
    in the sea beside a small island); a shape with several takes the one
    nearest its middle, joined with the lines stacked just above and below
    it (a name drawn on two lines as two texts: "NORTH" / "ATLANTIC").
    Abbreviations, and captions that point elsewhere, are not names."""
    if not labels:
        return
    ids = [rid for rid, r in inference.regions.items() if not r.name]
    if not ids:
        return
    geoms = [inference.regions[rid].geom for rid in ids]
    tree = STRtree(geoms)
    inside: Dict[str, List[Tuple[str, Tuple[float, float]]]] = {}
    near: Dict[str, List[Tuple[str, Tuple[float, float]]]] = {}
    for text, (x, y) in labels:
        if _CAPTION.match(text.strip()):
            continue
        p = Point(x, y)
        hit: Optional[int] = None
        for j in tree.query(p):
            if geoms[int(j)].contains(p):
                hit = int(j)
                break
        into = inside
        if hit is None:
            hit = int(tree.nearest(p))
            if geoms[hit].distance(p) > 40:
                continue
            into = near
        rid = ids[hit]
        if _code_like(text, rid):
            continue
        into.setdefault(rid, []).append((text, (x, y)))
    for rid in set(inside) | set(near):
        region = inference.regions[rid]
        lx, ly = region.label_pos
        pool = inside.get(rid) or near[rid]
        first = min(pool, key=lambda t: (t[1][0] - lx) ** 2 + (t[1][1] - ly) ** 2)
        text, pos = first
        if rid in inside and len(pool) > 1:
            text = _stacked(pool, first, region.geom.area ** 0.5, sizes or {})
        region.name = re.sub(r"\s+", " ", text.replace("-", " ") if "-" in text and " " not in text
                             else text).strip()
        region.label_pos = pos


def _stacked(pool, first, size: float, sizes: Dict) -> str:
    """The lines stacked on the first label inside one shape, top to bottom:
    each within a line's reach (3 font sizes, spaced seas; a fifth of the shape where
    no size is given) below or above one joined, roughly under it, in the
    same font size."""
    font = sizes.get(first, 0.0)
    reach = 3.0 * font if font else max(0.2 * size, 1.0)
    width = max(0.6 * font * max(len(t[0]) for t in pool), font) if font else max(0.6 * size, 1.0)
    lines = [first]
    # a copy of a line (a shadow drawn under it) is one line; a coast's tag ("nc") is no part of a name
    rest = [t for t in pool if t[0] != first[0] and t[0].strip().lower() not in COAST_TAGS]
    grown = True
    while grown and rest:
        grown = False
        for t in list(rest):
            if t[0] in {m[0] for m in lines}:
                rest.remove(t)
                continue
            if font and abs(sizes.get(t, 0.0) - font) > 0.05 * font:
                continue   # the lines of one name share a size (Charlerois over Dauphine do not)
            if any(abs(t[1][1] - m[1][1]) <= reach and abs(t[1][0] - m[1][0]) <= width
                   and t[1][1] != m[1][1] for m in lines):
                lines.append(t)
                rest.remove(t)
                grown = True
    return " ".join(t[0] for t in sorted(lines, key=lambda t: t[1][1]))


def _centres_from_markers(inference: Inference, markers) -> None:
    if not markers:
        return
    ids = list(inference.regions)
    geoms = [inference.regions[i].geom for i in ids]
    tree = STRtree(geoms)
    for x, y in markers:
        p = Point(x, y)
        for j in tree.query(p):
            if geoms[int(j)].contains(p):
                inference.regions[ids[int(j)]].center = True
                break


def _undrawn_terrain(inference: Inference, reading: Reading, file: str) -> None:
    """Where fills and classes say nothing, take terrain from the other
    evidence: a province with a named coast or a supply centre is land; the
    rest stays land but doubtful, and its links are flagged."""
    evidence = {split_location(c)[0] for c in inference.coasts} | {r for r, x in inference.regions.items() if x.center}
    unknown = 0
    for rid, region in inference.regions.items():
        if region.terrain is Terrain.IMPASSABLE:
            continue
        if rid in evidence:
            region.reason = "land: it has a named coast or a centre (the drawing fills nothing)"
        else:
            region.doubtful = True
            unknown += 1
            region.reason = "terrain not drawn: taken as land, mark it water if it is a sea"
    for e in inference.edges:
        if any(inference.regions.get(split_location(x)[0]) is not None
               and inference.regions[split_location(x)[0]].doubtful for x in (e.edge.a, e.edge.b)):
            e.confidence = min(e.confidence, 0.3)
            e.reason += "; terrain not drawn"
    if not any(p.code == "VK830" for p in inference.problems):
        inference.problems.append(Problem.of("VK830", convention=reading.convention, count=unknown).at(file))
