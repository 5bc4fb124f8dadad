"""Diplicity's (godip's) drawings: the data sits in layers, most of them
hidden.  ``provinces``: one shape per province, its id the code (``x/nc`` a
coast), all filled black; ``supply-centers`` and ``province-centers``:
markers ``parCenter`` (a centre, and where a unit stands); ``names``: the
labels.  The host's current map (``.d.svg``) moves coasts to ``named-coasts``,
positions to ``unit-positions`` (circles whose id is the location) and names
to ``province-names``.  Everything else (``background``, borders, ``noise``, copies of the
markers) is art, read only for terrain: the background's land shapes say
which provinces are land."""
from __future__ import annotations

from typing import Dict, List

from ..geometry.shapes import DrawnShape
from ...model import split_location
from ..svg.reader import SvgDocument
from .base import COAST_ID, Reading, is_impassable_fill, middle, rgb

PROVINCES, CENTRES, POSITIONS, NAMES = "provinces", "supply-centers", "province-centers", "names"
# the host's current map (.d.svg): coasts, unit positions and names in layers of their own
COASTS, UNIT_POSITIONS, PROVINCE_NAMES = "named-coasts", "unit-positions", "province-names"
ART = ("background", "foreground")


def matches(doc: SvgDocument) -> bool:
    # a `provinces` layer alone is common in plain drawings (the tutorial's): godip's
    # maps also have their centre or art layers
    return (PROVINCES in doc.layers and any(s.layer == PROVINCES for s in doc.shapes)
            and any(layer in doc.layers for layer in (CENTRES, POSITIONS) + ART))


def _code(s) -> str:
    return (s.id or s.label).strip().lower()


def read(doc: SvgDocument) -> Reading:
    reading = Reading("diplicity", [])
    provinces: Dict[str, DrawnShape] = {}
    coasts: List[DrawnShape] = []
    for s in doc.shapes:
        if s.layer not in (PROVINCES, COASTS) or not _code(s):
            continue
        code = _code(s)
        m = COAST_ID.match(code)
        if m:
            coasts.append(DrawnShape(code, list(s.rings), coast_of=(m.group(1), m.group(2))))
        elif code in provinces:
            provinces[code].rings.extend(s.rings)
        else:
            provinces[code] = DrawnShape(code, list(s.rings))
    _terrain(doc, provinces, coasts, reading)
    reading.shapes = list(provinces.values()) + coasts
    for s in doc.shapes:
        if s.layer in (CENTRES, POSITIONS) and s.id.endswith("Center"):
            loc = s.id[:-len("Center")].lower()
            reading.unit_pos.setdefault(loc, middle(s.rings))
            if s.layer == CENTRES:
                reading.centres.add(split_location(loc)[0])
        elif s.layer == UNIT_POSITIONS and s.id:  # a circle r=10 whose id is the location
            reading.unit_pos[s.id.strip().lower()] = middle(s.rings)
    reading.labels = [(t.text, (t.x, t.y)) for t in doc.texts if t.layer in (NAMES, PROVINCE_NAMES)]
    # strokes of the art may draw links between spaces that do not touch (pure's capitals)
    reading.lines = [list(r) + ([r[0]] if s.closed else []) for s in doc.shapes
                     if s.layer in ART and (s.fill or "none") == "none" for r in s.rings]
    return reading


def _terrain(doc: SvgDocument, provinces: Dict[str, DrawnShape], coasts, reading: Reading) -> None:
    """Land is what the art fills with a colour other than the sea's: the
    sea is the backdrop, the largest filled shape under everything."""
    from shapely.geometry import Polygon
    from shapely.ops import unary_union

    def area_of(s):
        parts = [Polygon(r).buffer(0) for r in s.rings if len(r) >= 3]
        return unary_union(parts) if parts else None

    art = [s for s in doc.shapes if s.layer in ART and s.fill and s.fill != "none"]
    colour = [(s, a) for s in art if rgb(s.fill) and (a := area_of(s)) is not None]
    if not colour:
        reading.terrain_drawn = False
        _undrawn(doc, provinces, coasts, reading)
        return
    backdrop = max(colour, key=lambda sa: sa[1].area)[0]
    land = unary_union([a for s, a in colour if s is not backdrop and s.fill.lower() != backdrop.fill.lower()])
    rock = unary_union([a for s in art if is_impassable_fill(s.fill) and not rgb(s.fill)
                        and (a := area_of(s)) is not None])
    import shapely
    shapely.prepare(land)
    if not rock.is_empty:
        shapely.prepare(rock)
    for d in provinces.values():
        shape = unary_union([Polygon(r).buffer(0) for r in d.rings if len(r) >= 3])
        if shape.is_empty:
            continue
        # the share of the province the land covers, from a grid of points in it
        inside = _sample(shape)
        d.water = shapely.contains(land, inside).mean() < 0.5 if not land.is_empty else True
        d.impassable = not rock.is_empty and shapely.contains(rock, inside).mean() > 0.5


def _sample(shape, n: int = 12):
    """Points on an n x n grid over the shape's box that fall inside it (its
    label point when none does)."""
    import shapely
    x0, y0, x1, y1 = shape.bounds
    xs = [x0 + (x1 - x0) * (k + 0.5) / n for k in range(n)]
    ys = [y0 + (y1 - y0) * (k + 0.5) / n for k in range(n)]
    grid = shapely.points([(x, y) for x in xs for y in ys])
    inside = grid[shapely.contains(shape, grid)]
    return inside if len(inside) else shapely.points([shape.representative_point().coords[0]])


def _undrawn(doc, provinces, coasts, reading: Reading) -> None:
    """No land drawn: a province with a named coast is land (propose() says
    the rest is a guess)."""
    with_coasts = {c.coast_of[0] for c in coasts}
    for code, d in provinces.items():
        d.water = False if code in with_coasts else None
