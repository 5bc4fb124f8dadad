"""A variant's art: from an SVG to proposed provinces and edges, and back
from a variant to the drawing, to say where they disagree.

The drawing conventions (jDip, Diplicity, DiplomacyGM, Inkscape, plain)
live in ``conventions``; what the art says besides shapes in ``art_proposals``.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Dict, List, Optional, Set, Tuple

from .art_proposals import propose
from .conventions import read_drawing
from .geometry import Inference, infer
from .geometry.overlaps import shared_ids
from .geometry.stated import apply_stated
from ..model import Rules, Terrain, Variant, split_location
from ..names import NameIndex
from .svg.reader import SvgDocument, read_svg


MARGIN_ONLY = 1e-4   # any overlap of the shapes grown by half the margin is a border


def infer_svg(path: str, gap: Optional[float] = None) -> Tuple[SvgDocument, Inference]:
    """Read a drawing, its convention, and the graph and proposals it implies."""
    doc = read_svg(path)
    reading = read_drawing(doc)
    if gap is None and reading.margin is not None:
        # the file states its rule: nearer than the margin borders, at a corner too
        inference = infer(reading.shapes, gap=reading.margin / 2, min_border=MARGIN_ONLY, file=path,
                          lines=reading.lines, causeways=reading.causeways)
    else:
        inference = infer(reading.shapes, gap=gap, file=path, lines=reading.lines, causeways=reading.causeways)
    if reading.links_added or reading.links_removed or reading.coasts_stated or reading.rivers:
        apply_stated(inference, reading.links_added, reading.links_removed, reading.coasts_stated,
                     reading.rivers)
    inference.problems[:0] = doc.problems + reading.problems + shared_ids(doc.shapes, path)
    propose(inference, reading, path)
    return doc, inference


def skeleton(doc: Optional[SvgDocument], inference: Inference, variant_id: str, art: str) -> Variant:
    """A variant from the drawing alone: provinces, terrain, coasts, edges; no powers yet."""
    provinces = _unique_names(inference.provinces())
    edges = tuple(e.edge for e in inference.edges)
    return Variant(variant_id, variant_id.replace("-", " ").title(), provinces, edges, (), Rules(), art=art)


def _unique_names(provinces) -> tuple:
    """Names a variant can load: a name drawn twice (two seas labelled "GULF")
    or equal to another's code keeps the province's code beside it
    ("GULF (guc)"), so every name, code and alias is unique."""
    from dataclasses import replace
    taken = {p.id.lower() for p in provinces}
    seen: Dict[str, int] = {}
    for p in provinces:
        seen[p.name.lower()] = seen.get(p.name.lower(), 0) + 1
    out = []
    for p in provinces:
        key = p.name.lower()
        if (seen[key] > 1 or (key in taken and key != p.id.lower())) and p.name != p.id.upper():
            p = replace(p, name=f"{p.name} ({p.id})")
        out.append(p)
    return tuple(out)


# ---------------------------------------------------------------------------
# drawing vs variant

@dataclass
class Disagreement:
    only_in_art: List[Tuple[str, str, str]]       # (unit, a, b) moves the drawing implies
    only_in_variant: List[Tuple[str, str, str]]
    unmatched: List[str]                          # drawn ids with no province in the variant
    precision: Dict[str, float]
    recall: Dict[str, float]


def _moves(edges, units=("army", "fleet")) -> Set[Tuple[str, str, str]]:
    out = set()
    for e in edges:
        for unit in units:
            if getattr(e.units, unit):
                a, b = sorted((e.a, e.b))
                out.add((unit, a, b))
    return out


def compare(inference: Inference, variant: Variant, exclude_offboard: bool = True) -> Disagreement:
    """Where the drawing and the variant disagree, matching drawn ids through
    the variant's codes and aliases (jDip codes are aliases in Youngstown)."""
    names = NameIndex(variant)
    unmatched = []

    # a drawn coast the variant does not know by that name is matched by elimination
    # (jDip's Youngstown calls Egypt's east coast "sc" in its art)
    drawn_coasts: Dict[str, Set[str]] = {}
    for cid in inference.coasts:
        prov, coast = split_location(cid)
        if coast:  # a coast shape's id names its coast
            drawn_coasts.setdefault(prov, set()).add(coast)
    by_elimination: Dict[str, str] = {}
    for prov, cs in drawn_coasts.items():
        home = names.location(prov)
        if home is None or "/" in home:
            continue
        known = {c: names.location(f"{prov}/{c}") for c in cs}
        province = variant.province(home)
        have = {f"{home}/{c.id}" for c in (province.coasts if province else ())}
        left = sorted(have - {v for v in known.values() if v})
        strays = sorted(c for c, v in known.items() if v is None)
        if len(left) == len(strays) == 1:
            by_elimination[f"{prov}/{strays[0]}"] = left[0]

    def ours(loc: str) -> Optional[str]:
        prov, coast = split_location(loc)
        hit = names.location(f"{prov}/{coast}" if coast else prov) or by_elimination.get(loc)
        if hit is None:
            unmatched.append(loc)
        return hit

    skip: Set[str] = set()
    for p in variant.provinces:
        if p.terrain is Terrain.IMPASSABLE or (exclude_offboard and p.offboard):
            skip.add(p.id)
    drawn: Set[Tuple[str, str, str]] = set()
    for e in inference.edges:
        a, b = ours(e.edge.a), ours(e.edge.b)
        if a is None or b is None:
            continue
        for unit in ("army", "fleet"):
            if getattr(e.edge.units, unit):
                first, second = sorted((a, b))
                drawn.add((unit, first, second))
    stated = _moves(variant.edges)
    drawn = {m for m in drawn if split_location(m[1])[0] not in skip and split_location(m[2])[0] not in skip}
    stated = {m for m in stated if split_location(m[1])[0] not in skip and split_location(m[2])[0] not in skip}
    precision, recall = {}, {}
    for unit in ("army", "fleet"):
        d = {m for m in drawn if m[0] == unit}
        s = {m for m in stated if m[0] == unit}
        precision[unit] = len(d & s) / len(d) if d else 1.0
        recall[unit] = len(d & s) / len(s) if s else 1.0
    return Disagreement(sorted(drawn - stated), sorted(stated - drawn), sorted(set(unmatched)),
                        precision, recall)


def board_for(variant: Variant, art_file: Optional[str] = None):
    """Where to draw each province: the variant's art when there is one (shapes
    matched through names and aliases), else the schematic board."""
    from ..board.schematic import schematic_board
    if not art_file:
        return schematic_board(variant)
    doc, inference = infer_svg(art_file)
    return board_from(variant, doc, inference)


def board_from(variant: Variant, doc, inference):
    """The board of a drawing already read (``infer_svg``), its shapes matched
    to the variant's provinces through names and aliases."""
    from ..board.schematic import Board, schematic_board
    names = NameIndex(variant)
    cells: dict = {}
    points: dict = {}
    labels: dict = {}
    for rid, region in inference.regions.items():
        pid = names.location(rid)
        if pid is None or "/" in pid:
            continue
        # holes too (a lake, the Suez): the picture fills even-odd
        cells[pid] = [[(round(x, 1), round(y, 1)) for x, y in ring.coords]
                      for part in getattr(region.geom, "geoms", [region.geom])
                      for ring in [part.exterior] + list(part.interiors)]
        points[pid] = labels[pid] = region.label_pos
    for cid, geom in inference.coasts.items():
        prov, coast = split_location(cid)
        pid = names.location(prov)
        if pid:
            from .geometry import label_point
            points[f"{pid}/{coast}"] = label_point(geom)
    places = [p.id for p in variant.provinces] + [f"{p.id}/{c.id}" for p in variant.provinces for c in p.coasts]
    if doc.width and doc.height and all(x in points for x in places) and \
            all(p.id in labels for p in variant.provinces):
        # the art places everything: the schematic layout would be laid out for nothing
        return Board(doc.width, doc.height, cells, points, labels)
    board = schematic_board(variant)
    # the art's places win; the schematic board's fill the rest
    points, labels = {**board.points, **points}, {**board.labels, **labels}
    return Board(doc.width or board.width, doc.height or board.height, cells, points, labels)
