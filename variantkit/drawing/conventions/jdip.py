"""jDip's drawings: ``MapLayer`` (the art: a shape ``_xxx`` or a group of
them per province, ``<use>`` stamps for off-board boxes, highlight strips
``_bul-ec`` along named coasts), ``MouseLayer`` (the hit area of every
province, and coast shapes ``bul-ec``), the ``jdipNS:PROVINCE_DATA`` block
(unit and centre positions), ``FullLabelLayer`` names, and power colours in
the stylesheet (a class per power, ``unitX`` beside ``X``)."""
from __future__ import annotations

import re
from typing import Dict, List, Optional, Sequence, Tuple

from ..geometry.shapes import DrawnShape
from ...model import split_location
from ..svg.reader import SvgDocument
from .base import COAST_ID, Reading, is_impassable_fill, is_water_fill, take_labels

MAP, MOUSE = "MapLayer", "MouseLayer"
ISLAND_IN_SEA = 0.8   # the share of a province's art drawn as water that makes it a sea with an island


def matches(doc: SvgDocument) -> bool:
    return MAP in doc.layers or MOUSE in doc.layers


def _terrain(s):
    water = True if ("sea" in s.classes or "water" in s.classes) else is_water_fill(s.fill)
    impassable = "neutral" in s.classes or "impassable" in s.classes or is_impassable_fill(s.fill)
    return water, impassable


def read(doc: SvgDocument) -> Reading:
    stamps: Dict[str, int] = {}   # one symbol stamped at several places marks off-board boxes
    for s in doc.shapes:
        if s.used:
            stamps[s.used] = stamps.get(s.used, 0) + 1
    out: Dict[str, DrawnShape] = {}
    coasts: Dict[str, DrawnShape] = {}
    # the MouseLayer holds the hit area of every province: where a drawing
    # has both, the hit areas tile the map and the MapLayer gives the terrain
    # (a hit area drawn in parts is a group named for its province: 1900's con, den, gib)
    mouse: Dict[str, DrawnShape] = {}
    for s in doc.shapes:
        name = (s.id or s.group).lower()
        if s.layer == MOUSE and name and not COAST_ID.match(name):
            mouse.setdefault(name, DrawnShape(name, [])).rings.extend(s.rings)
    strips: Dict[str, DrawnShape] = {}
    art_filled = False
    wet_area: Dict[str, List[float]] = {}   # province -> its art's area drawn as water, and the rest
    for s in doc.shapes:
        if s.layer == MOUSE:
            name = s.id or s.group   # a coast drawn in parts is a named group
            m = COAST_ID.match(name.lower())
            if m:
                cid = f"{m.group(1)}/{m.group(2)}"
                have = coasts.get(cid)
                if have is None:
                    coasts[cid] = DrawnShape(name, list(s.rings), coast_of=(m.group(1), m.group(2)))
                else:
                    have.rings.extend(s.rings)
            continue
        if s.layer != MAP:
            continue
        name = (s.id if s.id.startswith("_") else s.group if s.group.startswith("_") else "")
        pid = name[1:].lower()
        m = COAST_ID.match(pid)
        if m:   # a highlight strip along a named coast: a coast, not a province
            strips.setdefault(f"{m.group(1)}/{m.group(2)}", DrawnShape(
                pid, [], coast_of=(m.group(1), m.group(2)))).rings.extend(s.rings)
            continue
        water, impassable = _terrain(s)
        art_filled = art_filled or water is not None or impassable
        if not pid or _decoration(pid, mouse):
            continue
        if pid in mouse:
            wet_area.setdefault(pid, [0.0, 0.0])[0 if water else 1] += _area(s.rings)
        have = out.get(pid)
        box = bool(s.used) and stamps.get(s.used, 0) >= 3
        if pid in mouse:
            if have is None:
                out[pid] = DrawnShape(pid, list(mouse[pid].rings), water, impassable, offboard=box)
            continue
        if have is None:
            out[pid] = DrawnShape(pid, list(s.rings), water, impassable, offboard=box)
        elif water and not have.water:
            have.holes.extend(s.rings)   # water drawn inside a land province: not part of it
        else:
            have.rings.extend(s.rings)
    for cid, strip in strips.items():   # a strip stands for a coast the MouseLayer lacks
        coasts.setdefault(cid, strip)
    reading = Reading("jdip", [], terrain_drawn=art_filled)
    for pid, (wet, dry) in wet_area.items():
        # water drawn around a small island (ancient_med's Baleares: the island is
        # 3% of its art): a space of sea, as its judge plays it (fleets only)
        if pid in out and not out[pid].water and wet >= ISLAND_IN_SEA * (wet + dry) and wet > 0:
            out[pid].water = True
            reading.doubtful_terrain[pid] = (f"its art is {wet / (wet + dry):.0%} water around an island: "
                                             "taken as sea")
    _add_mouse_only(doc, out, art_filled, mouse)
    reading.shapes = list(out.values()) + list(coasts.values())
    _strokes(doc, out, reading)
    _province_data(doc, reading)
    reading.shapes += coasts_by_unit_spot(reading.unit_pos, out, coasts)
    take_labels(reading, [t for t in doc.texts if t.layer == "FullLabelLayer"])
    reading.colours = power_colours(doc)
    return reading


def _area(rings) -> float:
    """A shape's area, rings filled even-odd (an island's ring is a hole in its water)."""
    from shapely.geometry import Polygon
    geom = None
    for r in rings:
        if len(r) >= 3:
            p = Polygon(r).buffer(0)
            geom = p if geom is None else geom.symmetric_difference(p)
    return float(geom.area) if geom is not None else 0.0


def _strokes(doc: SvgDocument, provinces: Dict[str, DrawnShape], reading: Reading) -> None:
    """The MapLayer's unfilled strokes that are no province's art: lines
    that may draw a link (ancient_med's dashed straits, Messina and Bonifacio;
    jDip plays a drawn strait for fleets too, so each is a causeway), and
    rivers drawn in a water colour (the Nile): the provinces along one are
    linked for fleets where they border each other."""
    strokes = [s for s in doc.shapes if s.layer == MAP and not s.id and not s.group.startswith("_")
               and (s.fill or "none") == "none" and not s.hidden]
    lines = [list(r) for s in strokes if not is_water_fill(s.stroke) for r in s.rings]
    reading.lines, reading.causeways = lines, lines
    rivers = [r for s in strokes if is_water_fill(s.stroke) for r in s.rings if len(r) >= 2]
    if rivers:
        reading.rivers.extend(along_strokes(rivers, provinces))


def along_strokes(strokes: Sequence[Sequence[Tuple[float, float]]], provinces: Dict[str, DrawnShape],
                  near: float = 3.0, stretch: float = 3.0) -> List[Tuple[str, str]]:
    """Pairs of provinces along one stroke: within ``near`` of it for more
    than ``stretch`` of its length (a river drawn on a border runs beside
    both provinces, inside neither)."""
    from shapely.geometry import LineString, Polygon
    from shapely.ops import unary_union
    from shapely.strtree import STRtree
    codes = [c for c, d in provinces.items() if any(len(r) >= 3 for r in d.rings)]
    geoms = [unary_union([Polygon(r).buffer(0) for r in provinces[c].rings if len(r) >= 3]) for c in codes]
    if not geoms:
        return []
    tree = STRtree(geoms)
    out: List[Tuple[str, str]] = []
    for ring in strokes:
        line = LineString(ring)
        zone = line.buffer(near)
        along = sorted(codes[int(k)] for k in tree.query(zone, predicate="intersects")
                       if geoms[int(k)].buffer(near).intersection(line).length > stretch)
        out.extend((a, b) for i, a in enumerate(along) for b in along[i + 1:])
    return out


def _decoration(pid: str, mouse: Dict[str, DrawnShape]) -> bool:
    """A MapLayer shape with no hit area that the file names as another
    province's art (1900's ``_con_water``, the Bosporus drawn as water at
    Constantinople) or as unplayable (``_unplayable_land``): art, never a
    province.  A shape with no hit area and a name of its own stays a
    province (modern's ``_irn`` has no hit area and is played)."""
    if not mouse or pid in mouse:
        return False
    head = pid.split("_", 1)[0]
    return ("_" in pid and head in mouse) or pid.startswith("unplayable")


def _add_mouse_only(doc: SvgDocument, out: Dict[str, DrawnShape], art_filled: bool,
                    mouse: Dict[str, DrawnShape]) -> None:
    """Provinces named only in the MouseLayer (MILA's seas are unnamed in the
    MapLayer; a raster drawing names none): their terrain is that of the
    MapLayer shapes they cover, unknown where the MapLayer is a picture."""
    from shapely.geometry import Polygon
    from shapely.ops import unary_union
    water_parts = [Polygon(r) for s in doc.shapes if s.layer == MAP and not s.id
                   and not s.group.startswith("_") and ("water" in s.classes or "sea" in s.classes
                                                        or is_water_fill(s.fill))
                   for r in s.rings if len(r) >= 3]
    water = unary_union([p.buffer(0) for p in water_parts]) if water_parts else None
    for s in mouse.values():
        pid = s.id
        if pid in out or not re.fullmatch(r"[a-z0-9_-]+", pid):
            continue
        if not art_filled and water is None:
            out[pid] = DrawnShape(pid, list(s.rings), None, False)
            continue
        area = unary_union([Polygon(r).buffer(0) for r in s.rings if len(r) >= 3])
        wet = water is not None and not area.is_empty and area.intersection(water).area > 0.5 * area.area
        out[pid] = DrawnShape(pid, list(s.rings), wet, False)


def _province_data(doc: SvgDocument, reading: Reading) -> None:
    """PROVINCE_DATA: where each unit stands, and which provinces have a
    centre.  Some drawings give every province a centre position (where a
    marker would go): only a minority of them marks the centres."""
    marked = sum("center" in rec for rec in doc.jdip.values())
    centres_meant = marked <= 0.6 * len(doc.jdip)
    for name, rec in doc.jdip.items():
        m = COAST_ID.match(name)
        loc = f"{m.group(1)}/{m.group(2)}" if m else name
        if "unit" in rec:
            reading.unit_pos[loc] = rec["unit"]
        if "dislodged" in rec:
            reading.dislodged_pos[loc] = rec["dislodged"]
        if "center" in rec and centres_meant:
            reading.centres.add(split_location(loc)[0])


def coasts_by_unit_spot(unit_pos: Dict[str, Tuple[float, float]], provinces: Dict[str, DrawnShape],
                        drawn: Dict[str, DrawnShape]) -> List[DrawnShape]:
    """Coasts the PROVINCE_DATA names (``stp-nc`` with its unit spot) that no
    shape draws: each takes the part of its province nearer its own unit
    than the others', the shores there being what it fronts.  Only where a
    province has two such coasts or more (one coast is the province)."""
    from shapely.geometry import MultiPoint, Polygon
    from shapely.ops import unary_union, voronoi_diagram
    named: Dict[str, Dict[str, Tuple[float, float]]] = {}
    for loc, pos in unit_pos.items():
        pid, coast = split_location(loc)
        if coast and loc not in drawn and pid in provinces:
            named.setdefault(pid, {})[coast] = pos
    out = []
    for pid, spots in sorted(named.items()):
        if len(spots) < 2 or len(set(spots.values())) < len(spots):
            continue
        whole = unary_union([Polygon(r).buffer(0) for r in provinces[pid].rings if len(r) >= 3])
        if whole.is_empty:
            continue
        cells = voronoi_diagram(MultiPoint(list(spots.values())), envelope=whole.envelope.buffer(100))
        for coast, (x, y) in spots.items():
            cell = next((c for c in cells.geoms if c.covers(MultiPoint([(x, y)]))), None)
            part = whole.intersection(cell) if cell is not None else None
            polys = [] if part is None else [part] if part.geom_type == "Polygon" else \
                [g for g in getattr(part, "geoms", []) if g.geom_type == "Polygon"]
            rings: List[Sequence[Tuple[float, float]]] = [[(float(x), float(y)) for x, y, *_ in p.exterior.coords]
                                                          for p in polys if p.area > 0]
            if rings:
                out.append(DrawnShape(f"{pid}-{coast}", rings, coast_of=(pid, coast)))
    return out


def power_colours(doc: SvgDocument) -> Dict[str, str]:
    """jDip styles each power twice: ``.france`` for its provinces and
    ``.unitfrance`` for its units.  The colours as written (``css_hex`` reads them)."""
    out = {}
    for cls, props in doc.styles.items():
        if cls.startswith("unit") and cls[4:] in doc.styles:
            colour = doc.styles[cls[4:]].get("fill") or props.get("fill")
            if colour and cls[4:] not in ("nopower", "power"):
                out[cls[4:]] = colour
    return out


def power_colour_line(doc: SvgDocument, power: str) -> Optional[int]:
    """The line of the style rule that gives ``power`` its colour."""
    if doc.styles.get(power, {}).get("fill"):
        return doc.style_lines.get(power)
    return doc.style_lines.get("unit" + power)
