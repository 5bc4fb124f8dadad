"""A variant's art: from an SVG to proposed provinces and edges, and back
from a variant to the drawing, to say where they disagree.

This module knows the drawing conventions (jDip's ``MapLayer``/``MouseLayer``,
Inkscape labels, plain ids) and turns the reader's shapes into the plain
records the inference works on.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Dict, List, Optional, Set, Tuple

from .geometry.infer import DrawnShape, Inference, infer
from .model import Rules, Terrain, Variant, split_location
from .names import NameIndex
from .svg.reader import SvgDocument, read_svg

_COAST_ID = re.compile(r"^([a-z0-9]+)[-/_ ](nc|sc|ec|wc|ne|nw|se|sw|[a-z]c)$")
_NAMED = {"aqua", "cyan", "navy", "teal", "lightblue", "skyblue", "lightskyblue", "powderblue", "steelblue",
          "lightsteelblue", "cornflowerblue", "dodgerblue", "deepskyblue", "royalblue", "blue",
          "mediumblue", "darkblue", "cadetblue", "paleturquoise", "turquoise", "lightcyan", "aliceblue"}


def _rgb(fill: str) -> Optional[Tuple[int, int, int]]:
    fill = (fill or "").strip().lower()
    m = re.fullmatch(r"#([0-9a-f]{6})", fill)
    if m:
        return tuple(int(m.group(1)[i:i + 2], 16) for i in (0, 2, 4))
    m = re.fullmatch(r"#([0-9a-f]{3})", fill)
    if m:
        return tuple(int(c * 2, 16) for c in m.group(1))
    return None


def is_water_fill(fill: str) -> Optional[bool]:
    f = (fill or "").strip().lower()
    if not f or f == "none":
        return None
    if f in _NAMED:
        return True
    rgb = _rgb(f)
    if rgb is None:
        return False
    r, g, b = rgb
    return b > r + 25 and b >= g - 10


def is_impassable_fill(fill: str) -> bool:
    rgb = _rgb(fill)
    if rgb is None:
        return (fill or "").lower() in ("gray", "grey", "darkgray", "darkgrey", "dimgray", "dimgrey")
    r, g, b = rgb
    return max(r, g, b) - min(r, g, b) < 20 and 60 < r < 200  # a grey: rock, ice, no land


def drawn_shapes(doc: SvgDocument) -> List[DrawnShape]:
    """The drawing's provinces and coasts, by the conventions it follows."""
    jdip = any(s.layer == "MapLayer" for s in doc.shapes)
    # one symbol stamped at several places (jDip's octagons) marks off-board boxes
    stamps: Dict[str, int] = {}
    for s in doc.shapes:
        if s.used:
            stamps[s.used] = stamps.get(s.used, 0) + 1
    out: Dict[str, DrawnShape] = {}
    coasts: List[DrawnShape] = []
    # jDip's MouseLayer holds the hit area of every province: where a drawing
    # has both, the hit areas tile the map and the MapLayer gives the terrain
    mouse = {s.id.lower(): s for s in doc.shapes if jdip and s.layer == "MouseLayer" and s.id
             and not _COAST_ID.match(s.id.lower())}
    for s in doc.shapes:
        if jdip:
            if s.layer == "MouseLayer":
                name = s.id or s.group   # a coast drawn in parts is a named group
                m = _COAST_ID.match(name.lower())
                if m:
                    coasts.append(DrawnShape(name, s.rings, coast_of=(m.group(1), m.group(2))))
                continue
            if s.layer != "MapLayer":
                continue
            name = (s.id if s.id.startswith("_") else s.group if s.group.startswith("_") else "")
            pid = name[1:].lower()
        else:
            name = s.label or s.id or s.group
            m = _COAST_ID.match(name.lower().replace(" ", "-"))
            if m:
                coasts.append(DrawnShape(name, s.rings, coast_of=(m.group(1), m.group(2))))
                continue
            pid = re.sub(r"[^a-z0-9_-]", "", name.lower())
        if not pid:
            continue
        water = True if "sea" in s.classes else is_water_fill(s.fill)
        impassable = "neutral" in s.classes or "impassable" in s.classes or is_impassable_fill(s.fill)
        have = out.get(pid)
        box = bool(s.used) and stamps.get(s.used, 0) >= 3
        if have is None and pid in mouse and jdip:
            out[pid] = DrawnShape(pid, list(mouse[pid].rings), water, impassable, offboard=box)
            continue
        if have is not None and pid in mouse and jdip:
            continue
        if have is None:
            out[pid] = DrawnShape(pid, list(s.rings), water, impassable, offboard=box)
        elif water and not have.water:
            have.holes.extend(s.rings)   # water drawn inside a land province: not part of it
        else:
            have.rings.extend(s.rings)
    if jdip:
        _add_mouse_only(doc, out)
    return list(out.values()) + coasts


def _add_mouse_only(doc: SvgDocument, out: Dict[str, DrawnShape]) -> None:
    """Provinces named only in the MouseLayer (MILA's seas are unnamed in the
    MapLayer): their terrain is that of the MapLayer shapes they cover."""
    from shapely.geometry import Polygon
    from shapely.ops import unary_union
    water_parts = [Polygon(r) for s in doc.shapes if s.layer == "MapLayer" and not s.id
                   and not s.group.startswith("_") and ("water" in s.classes or "sea" in s.classes)
                   for r in s.rings if len(r) >= 3]
    water = unary_union([p.buffer(0) for p in water_parts]) if water_parts else None
    for s in doc.shapes:
        if s.layer != "MouseLayer" or not s.id or _COAST_ID.match(s.id.lower()):
            continue
        pid = s.id.lower()
        if pid in out or not re.fullmatch(r"[a-z0-9_-]+", pid):
            continue
        area = unary_union([Polygon(r).buffer(0) for r in s.rings if len(r) >= 3])
        wet = water is not None and not area.is_empty and area.intersection(water).area > 0.5 * area.area
        out[pid] = DrawnShape(pid, list(s.rings), wet, False)


def infer_svg(path: str, gap: Optional[float] = None) -> Tuple[SvgDocument, Inference]:
    doc = read_svg(path)
    inference = infer(drawn_shapes(doc), gap=gap, file=path)
    inference.problems[:0] = doc.problems
    return doc, inference


def skeleton(doc: SvgDocument, inference: Inference, variant_id: str, art: str) -> Variant:
    """A variant from the drawing alone: provinces, terrain, coasts, edges; no powers yet."""
    provinces = tuple(inference.provinces())
    edges = tuple(e.edge for e in inference.edges)
    return Variant(variant_id, variant_id.replace("-", " ").title(), provinces, edges, (), Rules(), art=art)


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
        prov, coast = cid.split("/")
        drawn_coasts.setdefault(prov, set()).add(coast)
    by_elimination: Dict[str, str] = {}
    for prov, cs in drawn_coasts.items():
        home = names.location(prov)
        if home is None or "/" in home:
            continue
        known = {c: names.location(f"{prov}/{c}") for c in cs}
        have = {f"{home}/{c.id}" for c in (variant.province(home).coasts if variant.province(home) else ())}
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
    drawn = set()
    for e in inference.edges:
        a, b = ours(e.edge.a), ours(e.edge.b)
        if a is None or b is None:
            continue
        for unit in ("army", "fleet"):
            if getattr(e.edge.units, unit):
                drawn.add((unit,) + tuple(sorted((a, b))))
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
    from .schematic import Board, schematic_board
    board = schematic_board(variant)
    if not art_file:
        return board
    doc, inference = infer_svg(art_file)
    names = NameIndex(variant)
    cells, points, labels = {}, dict(board.points), dict(board.labels)
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
        prov, coast = cid.split("/")
        pid = names.location(prov)
        if pid:
            from .geometry import label_point
            points[f"{pid}/{coast}"] = label_point(geom)
    return Board(doc.width or board.width, doc.height or board.height, cells, points, labels)
