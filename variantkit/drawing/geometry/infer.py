"""From drawn shapes to a proposed graph: regions, terrain, adjacency, coasts.

Everything here is a proposal with a reason and a confidence, for the
designer to accept or reject; nothing is applied to a variant silently.
The steps, each in its own module: ``shapes`` (valid polygons), ``borders``
(which regions border, the gap measured locally), ``terrain`` (coasts,
off-board boxes, water inside land), ``coastline`` (fleet moves along
coasts and from named coasts).

Input is plain: ``(id, rings, hints)`` records, where hints say what the
drawing says of the shape (``water``, ``impassable``, ``coast_of``).  The
drawing conventions turn the SVG reader's shapes into such records.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Dict, Iterable, List, Optional, Sequence, Set, Tuple

from shapely.geometry import Polygon
from shapely.ops import unary_union

from ...model import Coast, Crossing, Edge, Province, Terrain, split_location
from ...problems import Problem
from .borders import Contact, drawn_links, find_borders, paper_borders, reach_of
from .coastline import Coastline
from .overlaps import copied_contacts, set_aside_overlaps
from .shapes import DrawnShape, label_point, polygon_of
from .terrain import classify

FLOOR = 1.5   # drawing units of jitter bridged everywhere, however clean the drawing


@dataclass
class Region:
    id: str
    geom: Polygon
    terrain: Terrain
    reason: str
    offboard: bool = False
    inside: Optional[str] = None
    label_pos: Tuple[float, float] = (0.0, 0.0)
    # what the art says besides the shape (proposals, see art_proposals)
    name: str = ""                     # full name from a label or the convention's data
    center: bool = False               # a supply-centre marker lies in it
    unit_pos: Optional[Tuple[float, float]] = None
    doubtful: bool = False             # the terrain is a guess: the drawing does not say


@dataclass
class EdgeProposal:
    edge: Edge
    reason: str
    border: float   # length of the shared border, in drawing units
    # 0..1: how clearly the drawing shows the link; below DOUBT the editor flags it
    confidence: float = 1.0

    def __post_init__(self):   # plain floats (shapely hands out numpy's), so records dump as JSON
        self.border = float(self.border)
        self.confidence = float(self.confidence)

    @property
    def doubtful(self) -> bool:
        return self.confidence < DOUBT


DOUBT = 0.6


@dataclass
class Inference:
    regions: Dict[str, Region]
    coasts: Dict[str, Polygon]           # "bul/ec" -> its shape
    edges: List[EdgeProposal]
    problems: List[Problem]
    convention: str = "plain"            # the drawing convention read (art.infer_svg sets it)
    colours: Dict[str, str] = field(default_factory=dict)      # power -> colour the art uses
    coast_pos: Dict[str, Tuple[float, float]] = field(default_factory=dict)  # "bul/ec" -> unit point
    # location -> where the drawing puts a dislodged unit (jDip's DISLODGED_UNIT)
    dislodged_pos: Dict[str, Tuple[float, float]] = field(default_factory=dict)

    def provinces(self) -> List[Province]:
        out = []
        by_parent: Dict[str, List[str]] = {}
        for cid in self.coasts:
            p, c = split_location(cid)
            if c:  # a coast shape's id names its coast
                by_parent.setdefault(p, []).append(c)
        for r in sorted(self.regions.values(), key=lambda r: r.id):
            coasts = tuple(Coast(c, unit_pos=_round(self.coast_pos[f"{r.id}/{c}"])
                                 if f"{r.id}/{c}" in self.coast_pos else None,
                                 dislodged_pos=_maybe_round(self.dislodged_pos.get(f"{r.id}/{c}")))
                           for c in sorted(by_parent.get(r.id, ())))
            out.append(Province(r.id, r.name or r.id.upper(), r.terrain, center=r.center, coasts=coasts,
                                offboard=r.offboard, inside=r.inside,
                                unit_pos=_round(r.unit_pos or r.label_pos), label_pos=_round(r.label_pos),
                                dislodged_pos=_maybe_round(self.dislodged_pos.get(r.id))))
        return out


def _round(p):
    return (round(float(p[0]), 1), round(float(p[1]), 1))


def _maybe_round(p):
    return None if p is None else _round(p)


def _regions(shapes: Iterable[DrawnShape], problems: List[Problem], file: str):
    """Regions from the drawn shapes (a province drawn in parts is one), and
    the shapes of named coasts apart."""
    regions: Dict[str, Region] = {}
    coast_shapes: Dict[str, Polygon] = {}
    for s in shapes:
        geom = polygon_of(s, problems, file)
        if geom is None:
            continue
        if s.coast_of:
            cid = f"{s.coast_of[0]}/{s.coast_of[1]}"
            coast_shapes[cid] = geom if cid not in coast_shapes else unary_union([coast_shapes[cid], geom])
            continue
        if s.id in regions:
            regions[s.id].geom = unary_union([regions[s.id].geom, geom])
            continue
        terrain, reason = ((Terrain.IMPASSABLE, "drawn as impassable") if s.impassable else
                           (Terrain.WATER, "drawn as water") if s.water else
                           (Terrain.LAND, "drawn as land"))
        regions[s.id] = Region(s.id, geom, terrain, reason, offboard=s.offboard)
        if s.offboard:
            regions[s.id].reason += "; drawn as an off-board box: link it by hand"
    for cid in list(coast_shapes):
        if split_location(cid)[0] not in regions:
            problems.append(Problem.of("VK822", coast=cid).at(file))
            del coast_shapes[cid]
    return regions, coast_shapes


def _province_edges(regions, contacts, coastline: Coastline, multi: Set[str]) -> List[EdgeProposal]:
    edges = []
    for (a, b), c in sorted(contacts.items()):
        ra, rb = regions[a], regions[b]
        if Terrain.IMPASSABLE in (ra.terrain, rb.terrain):
            continue
        army = ra.terrain is not Terrain.WATER and rb.terrain is not Terrain.WATER
        fleet, reason, confidence = False, "borders", c.confidence
        if a in multi or b in multi:
            pass  # fleets reach a multi-coast province through its coasts
        elif ra.terrain is Terrain.WATER or rb.terrain is Terrain.WATER:
            fleet = True
            reason = "a shared coastline" if not army and Terrain.COAST in (ra.terrain, rb.terrain) else "open water"
        elif ra.terrain is Terrain.COAST and rb.terrain is Terrain.COAST and (c.causeway or not c.drawn):
            # (a bare line drawn across the water between two shores is a bridge for
            # armies: fleets sail the water itself; a causeway joins the coasts)
            along = coastline.fleet_between(a, b)
            if along is not None:
                fleet, reason = True, f"their coasts meet on {along[0]}"
                confidence = min(confidence, along[1])
        if c.drawn:
            reason = "a line drawn between them"
        elif c.gap > 2 * FLOOR:
            reason += f" (across a {c.gap:.1f}-unit gap)"
        if army or fleet:
            x, y = sorted((a, b))
            edges.append(EdgeProposal(Edge(x, y, Crossing.of(army, fleet)), reason, round(c.length, 1), confidence))
    return edges


def _coast_edges(regions, coast_shapes, coastline: Coastline, multi: Set[str], min_border: float,
                 edges: List[EdgeProposal]) -> None:
    """A named coast reaches the seas its shape fronts, and the coastal
    neighbours whose coast meets its province's on one of those seas."""
    seas_of = coastline.seas_of_coasts(coast_shapes, min_border)
    have = {(e.edge.a, e.edge.b) for e in edges}
    for cid in sorted(coast_shapes):
        parent = split_location(cid)[0]
        for n in sorted(coastline.neighbours[parent]):
            rn = regions[n]
            if rn.terrain is Terrain.WATER:
                targets = [(n, n, seas_of[cid][n])] if n in seas_of[cid] else []
                why = f"the coast {cid} fronts {n}" + (" at a point only" if n in seas_of[cid]
                                                       and seas_of[cid][n] <= 0.5 else "")
            elif rn.terrain is Terrain.COAST:
                targets = coastline.coast_targets(cid, n, coast_shapes, seas_of, multi)
                why = f"the coasts of {parent} and {n} meet on {', '.join(sorted({w for _, w, _ in targets}))}"
            else:
                continue
            for t, _, conf in targets:
                a, b = sorted((cid, t))
                if (a, b) in have:
                    continue
                have.add((a, b))
                edges.append(EdgeProposal(Edge(a, b, Crossing.FLEET), why, 0.0, round(conf, 2)))


def _sea_corners(regions, contacts, floor: float, edges: List[EdgeProposal]) -> None:
    """Seas that meet at a point (four seas at a corner: ancient_med's
    Ausonian and Libyan Seas) are open water with no border between them:
    fleets pass, flagged for the designer.  Land meeting at a point does not
    border (the rule of four corners)."""
    from shapely.strtree import STRtree
    seas = sorted(i for i, r in regions.items() if r.terrain is Terrain.WATER)
    if len(seas) < 2:
        return
    geoms = [regions[i].geom for i in seas]
    tree = STRtree(geoms)
    for k, g in enumerate(geoms):
        for j in tree.query(g, predicate="dwithin", distance=floor):
            a, b = seas[k], seas[int(j)]
            if a < b and (a, b) not in contacts and (b, a) not in contacts:
                edges.append(EdgeProposal(Edge(a, b, Crossing.FLEET), "the seas meet at a point", 0.0, 0.5))


def infer(shapes: Iterable[DrawnShape], gap: Optional[float] = None, min_border: Optional[float] = None,
          file: str = "", lines: Sequence[Sequence[Tuple[float, float]]] = (),
          causeways: Sequence[Sequence[Tuple[float, float]]] = ()) -> Inference:
    """``gap`` None measures the gaps of the drawing where each pair meets;
    a number bridges that gap everywhere.  ``lines`` are unfilled strokes
    that may draw links between regions that do not touch; ``causeways``
    those of them painted as land (a link fleets follow along the coast)."""
    problems: List[Problem] = []
    regions, coast_shapes = _regions(shapes, problems, file)
    everything = regions
    regions, copies = set_aside_overlaps(regions, problems, file)
    coast_shapes = {c: g for c, g in coast_shapes.items()
                    if split_location(c)[0] in regions or split_location(c)[0] in copies}
    ids = list(regions)
    floor = FLOOR if gap is None else gap
    found = find_borders([regions[i].geom for i in ids], floor, gap, min_border)
    contacts = {(ids[i], ids[j]): c for (i, j), c in found.contacts.items()}
    wet = [regions[k].terrain is Terrain.WATER for k in ids]   # as drawn: a crossing may pass over water
    dry = [not w and regions[k].terrain is not Terrain.IMPASSABLE for k, w in zip(ids, wet)]
    dry_gaps = sorted(g for g, d in zip(found.gaps, dry) if d)
    if gap is None and dry_gaps and dry_gaps[len(dry_gaps) // 2] > 2 * floor:
        # most land drawn apart with paper between (1900's white borders): the paper split down the middle
        # (seas too: Belgium - the Channel across the paper; a multi-coast province's
        # fleets still go through its coasts)
        passable = [regions[k].terrain is not Terrain.IMPASSABLE for k in ids]
        for (i, j), (length, narrow) in paper_borders([regions[k].geom for k in ids], found.gaps, found.reach,
                                                      floor, passable).items():
            if length >= floor and (ids[i], ids[j]) not in contacts:
                contacts[(ids[i], ids[j])] = Contact(length, narrow, 0.6)
    geoms = [regions[k].geom for k in ids]
    joined = set(drawn_links(causeways, geoms, floor, wet)) if causeways else set()
    for (i, j), _count in drawn_links(lines, geoms, floor, wet).items():
        contacts.setdefault((ids[i], ids[j]), Contact(0.0, geoms[i].distance(geoms[j]), 0.7, drawn=True,
                                                       causeway=(i, j) in joined))
    gaps = {ids[i]: g for i, g in enumerate(found.gaps)}
    if copies:  # a copy is given its original's borders, not measured (overlaps.py)
        contacts = copied_contacts(contacts, copies, Contact(0.0, 0.0, 0.5))
        gaps.update({c: gaps[o] for c, o in copies.items()})
        regions = {i: r for i, r in everything.items() if i in regions or i in copies}
        ids = list(regions)
        geoms = [regions[k].geom for k in ids]
    neighbours: Dict[str, Set[str]] = {i: set() for i in ids}
    for a, b in contacts:
        neighbours[a].add(b)
        neighbours[b].add(a)
    for r in regions.values():
        r.label_pos = label_point(r.geom)
    classify(regions, neighbours, gaps, {split_location(c)[0] for c in coast_shapes})
    water = {i for i, r in regions.items() if r.terrain is Terrain.WATER}
    coastline = Coastline(regions, neighbours, water, gaps, max(found.reach, reach_of(geoms, FLOOR)), floor)
    multi = {split_location(cid)[0] for cid in coast_shapes}
    edges = _province_edges(regions, contacts, coastline, multi)
    _coast_edges(regions, coast_shapes, coastline, multi, max(3.0, floor) if min_border is None else min_border,
                 edges)
    _sea_corners(regions, contacts, floor, edges)
    return Inference(regions, coast_shapes, edges, problems)
