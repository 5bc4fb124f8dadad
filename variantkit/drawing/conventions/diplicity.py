"""Diplicity's (godip's) drawings: the data sits in layers, most of them
hidden.  ``provinces``: one shape per province, its id the code (``x/nc`` a
coast), all filled black; ``supply-centers`` and ``province-centers``:
markers ``parCenter`` (a centre, and where a unit stands); ``names``: the
labels.  The host's current map (``.d.svg``) moves coasts to
``named-coasts``, positions to ``unit-positions`` (circles whose id is the
location) and names to ``province-names``.  Layers are found by id or
label, any case.  Everything else (``background``, borders, ``noise``,
copies of the markers) is art, read for terrain (what is painted on top)
and rivers."""
from __future__ import annotations

import re
from typing import Dict, List, Optional, Tuple

from ..geometry.shapes import DrawnShape
from ...model import split_location
from ..svg.reader import SvgDocument
from .base import COAST_ID, Reading, is_impassable_fill, middle, rgb, take_labels

PROVINCES, CENTRES, POSITIONS, NAMES = "provinces", "supply-centers", "province-centers", "names"
# Diplicity's current layout (.d.svg) names its layers otherwise
COASTS, UNITS, NEW_NAMES = "named-coasts", "unit-positions", "province-names"
ART = ("background", "foreground", "borders")
# godip's palette: the sea and the land as its drawings paint them, stripes for rock
SEA_FILLS, LAND_FILLS = {"#d4d0ad"}, {"#f4d7b5"}
# the visible share of sea that makes a sea (godip's seas show 83-100%, its lands 0-52%
# save islands drawn over water), and the share from which land is unsure
SEA_SHARE, MIXED = 0.8, 0.35


def matches(doc: SvgDocument) -> bool:
    # a `provinces` layer alone is common in plain drawings (the tutorial's): godip's
    # maps also have their centre or art layers (ids or labels, any case)
    layer = doc.layer(PROVINCES)
    return (layer is not None and any(s.layer == layer for s in doc.shapes)
            and doc.layer(CENTRES, POSITIONS, UNITS, COASTS, *ART) is not None)


def _code(s) -> str:
    return (s.id or s.label).strip().lower()


def read(doc: SvgDocument) -> Reading:
    reading = Reading("diplicity", [])
    layer = {name: doc.layer(name) for name in (PROVINCES, CENTRES, POSITIONS, NAMES, COASTS, UNITS, NEW_NAMES)}
    art = set(doc.layers_named(*ART))
    provinces: Dict[str, DrawnShape] = {}
    coasts: List[DrawnShape] = []
    for s in doc.shapes:
        if s.layer not in (layer[PROVINCES], layer[COASTS]) or s.layer is None or not _code(s):
            continue
        code = _code(s)
        m = COAST_ID.match(code)
        if m:
            coasts.append(DrawnShape(code, list(s.rings), coast_of=(m.group(1), m.group(2))))
        elif s.layer != layer[PROVINCES]:
            continue
        elif code in provinces:
            provinces[code].rings.extend(s.rings)
        else:
            provinces[code] = DrawnShape(code, list(s.rings))
    centres = {s.id[:-len("Center")].lower() for s in doc.shapes
               if s.layer == layer[CENTRES] and s.layer is not None and s.id.endswith("Center")}
    _terrain(doc, provinces, coasts, reading, art, centres)
    reading.shapes = list(provinces.values()) + coasts
    for s in doc.shapes:
        if s.layer is None:
            continue
        if s.layer in (layer[CENTRES], layer[POSITIONS]) and s.id.endswith("Center"):
            loc = s.id[:-len("Center")].lower()
            reading.unit_pos.setdefault(loc, middle(s.rings))
            if s.layer == layer[CENTRES]:
                reading.centres.add(split_location(loc)[0])
        elif s.layer == layer[UNITS] and s.id:   # the current layout: a circle per location, its id the code
            reading.unit_pos.setdefault(s.id.lower(), middle(s.rings))
    names = {layer[NAMES], layer[NEW_NAMES]} - {None}
    # no names layer (unconstitutional's labels sit in an unnamed "layer2"): every label drawn
    take_labels(reading, [t for t in doc.texts if (t.layer in names if names else not t.hidden)])
    if names and not any(t.layer in names for t in doc.texts):
        reading.labels += _outlined_names(doc, names)
    # strokes of the art may draw links between spaces that do not touch (pure's capitals,
    # gatewaywest's bridges); a hidden stroke (gatewaywest's river_middles) is not drawn
    strokes = [s for s in doc.shapes if s.layer in art and (s.fill or "none") == "none" and not s.hidden]
    reading.lines = [list(r) + ([r[0]] if s.closed else []) for s in strokes for r in s.rings]
    # a strait drawn as a strip of land (europe1939's Messina: a land-coloured stroke
    # over a dark one) carries fleets along the joined coast; a dark stroke alone
    # (gatewaywest's river crossings) is a bridge for armies
    reading.causeways = [list(r) for s in strokes if _near(s.stroke, LAND_FILLS) for r in s.rings]
    return reading


# a group id that reads as words (``st_charles``, ``north grand``), not an editor's ``g1759``
_WORDS = re.compile(r"^[a-z][a-z _.'-]{2,}$", re.I)


def _outlined_names(doc: SvgDocument, names) -> List[Tuple[str, Tuple[float, float]]]:
    """Names drawn as outlines (gatewaywest's: text turned to paths, no text
    left): each group of outlines keeps the name as its id; the label is the
    id in words, placed at the glyph nearest the middle of the group."""
    rings: Dict[str, List] = {}
    for s in doc.shapes:
        if s.layer in names and s.group and _WORDS.match(s.group):
            rings.setdefault(s.group, []).extend(s.rings)
    out = []
    for gid, rs in rings.items():
        if not rs:
            continue
        # the glyph nearest the middle: a name curved along a river has its middle off the river
        mx, my = middle(rs)
        glyphs = [middle([r]) for r in rs if r]
        at = min(glyphs, key=lambda p: (p[0] - mx) ** 2 + (p[1] - my) ** 2)
        out.append((" ".join(w.capitalize() for w in re.split(r"[_ ]+", gid.strip()) if w), at))
    return out


def _hex(fill: str) -> str:
    c = rgb(fill)
    return "#%02x%02x%02x" % c if c else ""


def _near(fill: str, palette) -> bool:
    """Within a few steps of a palette colour (godip's hundred paints its sea #d4d1ad)."""
    c = rgb(fill)
    return c is not None and any(sum(abs(x - y) for x, y in zip(c, rgb(p) or (999, 999, 999))) <= 12
                                 for p in palette)


def _kind(fill: str, sea_colour: str) -> Optional[str]:
    """What a visible fill paints: water, land or rock (None: nothing)."""
    f = (fill or "").strip().lower()
    if is_impassable_fill(f) and not rgb(f):
        return "rock"
    if not rgb(f):
        return None
    if _near(f, SEA_FILLS):
        return "water"
    if _near(f, LAND_FILLS):
        return "land"
    return "water" if _hex(f) == sea_colour else "land"


def _terrain(doc: SvgDocument, provinces: Dict[str, DrawnShape], coasts, reading: Reading, art,
             centres) -> None:
    """Terrain from what is visible: each province is sampled, and at each
    point the art painted last (on top) says water, land or rock, by godip's
    palette (sea #d4d0ad, land #f4d7b5, stripes for rock); a colour outside the
    palette is water only if it is the one colour of the largest backdrop
    where the palette says nothing.  A supply centre is land.  A province
    whose points disagree is flagged doubtful, never swept to one terrain."""
    import numpy as np
    import shapely
    from shapely.geometry import Polygon
    from shapely.ops import unary_union

    def area_of(s):
        parts = [Polygon(r).buffer(0) for r in s.rings if len(r) >= 3]
        return unary_union(parts) if parts else None

    painted = [(s, a) for s in doc.shapes if s.layer in art and s.fill and s.fill != "none"
               and s.fill_opacity > 0.05 and (a := area_of(s)) is not None and not a.is_empty]
    if not any(rgb(s.fill) for s, _ in painted):
        reading.terrain_drawn = False
        _undrawn(doc, provinces, coasts, reading)
        return
    palette = any(_near(s.fill, SEA_FILLS | LAND_FILLS) for s, _ in painted)
    sea_colour = ""
    if not palette:   # no known palette: the largest backdrop is the sea
        biggest = max((sa for sa in painted if rgb(sa[0].fill)), key=lambda sa: sa[1].area)[0]
        sea_colour = _hex(biggest.fill)
    samples, shapes = {}, {}
    for code, d in provinces.items():
        shape = unary_union([Polygon(r).buffer(0) for r in d.rings if len(r) >= 3])
        if not shape.is_empty:
            samples[code] = _sample(shape)
            shapes[code] = shape
    if not samples:
        return
    codes = list(samples)
    points = np.concatenate([samples[c] for c in codes])
    owner = np.concatenate([[i] * len(samples[c]) for i, c in enumerate(codes)])
    top = np.array([None] * len(points), dtype=object)
    for s, a in painted:   # in painting order: what is drawn later covers what is under it
        kind = _kind(s.fill, sea_colour)
        if kind is None:
            continue
        shapely.prepare(a)
        top[shapely.contains(a, points)] = kind
    _rivers(shapes, painted, reading)
    for i, code in enumerate(codes):
        here = top[owner == i]
        seen = [k for k in here if k is not None]
        d = provinces[code]
        if not seen:
            d.water = None
            continue
        water = sum(k == "water" for k in seen) / len(seen)
        rock = sum(k == "rock" for k in seen) / len(seen)
        reading.terrain_share[code] = water
        d.impassable = rock > 0.5
        # a sea shows (almost) nothing but sea; a small land drawn over its strait
        # (Copenhagen) shows sea around it: mixed is land, and said to be unsure
        d.water = water >= SEA_SHARE and code not in centres
        if code in centres and water >= SEA_SHARE:
            reading.doubtful_terrain[code] = (f"the art shows it {water:.0%} water, but a supply centre "
                                              "marker says land")
        elif MIXED <= water < SEA_SHARE:
            reading.doubtful_terrain[code] = f"the art shows it {water:.0%} water: taken as land"
    _channels(shapes, [(s, a) for s, a in painted if _kind(s.fill, sea_colour) == "water"],
              {code for code, d in provinces.items() if d.water}, reading)


def _rivers(shapes: Dict, painted, reading: Reading) -> None:
    """Rivers drawn as thin filled strips over the land, in a colour that is
    neither the sea's nor the land's (unconstitutional's four navigable
    rivers): the provinces a strip runs through are linked for fleets where
    they border each other."""
    import shapely
    from shapely.strtree import STRtree
    codes = list(shapes)
    geoms = [shapes[c] for c in codes]
    x0, y0, x1, y1 = shapely.total_bounds(geoms) if geoms else (0, 0, 0, 0)
    narrow = 0.01 * ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5
    strips = []
    for s, a in painted:
        if not rgb(s.fill) or _near(s.fill, SEA_FILLS | LAND_FILLS) or a.length <= 0:
            continue
        # a strip: its width (twice its area over its outline) is narrow beside the
        # board, its length (half its outline) five widths or more; short pieces of
        # a river count (the Hudson, the James) as well as long ones
        width, length = 2 * a.area / a.length, a.length / 2
        if (width < narrow and length >= 5 * width) or a.area / length ** 2 < 0.02:
            strips.append(a)
    if not strips:
        return
    tree = STRtree(geoms)
    for strip in strips:
        along = [codes[int(k)] for k in tree.query(strip, predicate="intersects")
                 if geoms[int(k)].intersection(strip).area > 0.04 * strip.area]
        reading.rivers.extend((a, b) for a in along for b in along if a < b)


def _channels(shapes: Dict, wet_paint, seas, reading: Reading) -> None:
    """Water painted over the land along the border of two provinces (the
    border runs down its middle: each holds a third of it or more) is a
    channel between the seas at its ends (threekingdoms' Yangtze, drawn as
    pools joined by such strips): those seas are linked for fleets.  Water
    painted inside one province (the Bosporus at Constantinople) is that
    province's strait, which its own links already carry."""
    from shapely.strtree import STRtree
    codes = list(shapes)
    geoms = [shapes[c] for c in codes]
    tree = STRtree(geoms)
    for _, a in wet_paint:
        if a.area <= 0:
            continue
        share = {codes[int(k)]: geoms[int(k)].intersection(a).area / a.area
                 for k in tree.query(a, predicate="intersects")}
        banks = sorted((v for c, v in share.items() if c not in seas), reverse=True)
        if len(banks) < 2 or banks[1] < 1 / 3 or banks[0] + banks[1] < 0.8:
            continue
        ends = sorted(codes[int(k)] for k in tree.query(a, predicate="dwithin", distance=1.5)
                      if codes[int(k)] in seas)
        reading.rivers.extend((x, y) for i, x in enumerate(ends) for y in ends[i + 1:])


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
