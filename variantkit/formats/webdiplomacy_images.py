"""webDiplomacy's map pictures drawn from a variant's board.

The site colours a territory by changing the palette entry found at its point
(``imagecolorat`` then ``imagecolorset``), and vDiplomacy's interactive map
flood-fills from the small map's point inside black borders.  So each picture
is an indexed PNG in which every territory has a palette entry of its own,
holds its point, and is closed by black.  The cells come from the schematic
board (the variant's pinned positions, else its geography, else a layout).
"""
from __future__ import annotations

import colorsys
from dataclasses import dataclass
from typing import Dict, List, Optional, Tuple

from PIL import Image, ImageDraw
from shapely.geometry import MultiPolygon, Point, Polygon

from ..board.schematic import schematic_board
from ..model import Terrain, Variant

BLACK, PAPER = 0, 1          # palette entries before the territories'
PAPER_RGB = (236, 232, 220)
MAX_TERRITORIES = 254        # 256 palette entries less black and paper
SMALL = 0.5                  # the small map is drawn at half the large one's size


@dataclass(frozen=True)
class Pictures:
    large: Image.Image
    small: Image.Image
    # territory (province id or "pid/coast") -> its point on each map
    large_points: Dict[str, Tuple[int, int]]
    small_points: Dict[str, Tuple[int, int]]
    index: Dict[str, int]  # province id -> its palette entry


def _colour(i: int, n: int, water: bool) -> Tuple[int, int, int]:
    """A colour of its own for territory i of n: blues for seas, earth for land."""
    h = (0.55 + 0.08 * ((i * 0.618) % 1.0)) if water else (0.08 + 0.14 * ((i * 0.618) % 1.0))
    v = 0.78 + 0.2 * ((i * 0.381) % 1.0)
    s = 0.35 + 0.25 * ((i * 0.707) % 1.0)
    r, g, b = colorsys.hsv_to_rgb(h, s, v)
    return (int(r * 255), int(g * 255), int(b * 255))


def _inside(shape, xy: Tuple[float, float], scale: float) -> Tuple[int, int]:
    """A pixel well inside the shape: the board's point when it is, else the shape's own."""
    inner = shape.buffer(-4.0)
    if inner.is_empty:
        inner = shape.buffer(-1.5)
    if inner.is_empty:
        inner = shape
    p = Point(xy)
    if not inner.contains(p):
        p = inner.representative_point() if not inner.is_empty else shape.representative_point()
    return (int(round(p.x)), int(round(p.y)))


def draw(v: Variant, territories: List[str], width: int = 1200, height: int = 800) -> Optional[Pictures]:
    """The large and small maps; None when the territories do not fit one palette."""
    provinces = [p for p in v.provinces if p.id in set(territories)]
    if len(provinces) > MAX_TERRITORIES:
        return None
    board = schematic_board(v, width, height)
    palette = [0, 0, 0, *PAPER_RGB]
    index: Dict[str, int] = {}
    for i, p in enumerate(provinces):
        index[p.id] = i + 2
        palette += _colour(i, len(provinces), p.terrain is Terrain.WATER)
    palette += [0, 0, 0] * (256 - len(palette) // 3)
    pictures = []
    points: List[Dict[str, Tuple[int, int]]] = []
    for scale in (1.0, SMALL):
        w, h = int(width * scale), int(height * scale)
        img = Image.new("P", (w, h), PAPER)
        img.putpalette(palette)
        pen = ImageDraw.Draw(img)
        where: Dict[str, Tuple[int, int]] = {}
        for p in provinces:
            rings = board.cells.get(p.id) or []
            x, y = board.points.get(p.id, (width / 2, height / 2))
            polys = [Polygon([(a * scale, b * scale) for a, b in ring]) for ring in rings if len(ring) >= 3]
            if not polys:  # no cell of its own: a small square at its point
                s = 12 * scale
                polys = [Polygon([(x * scale - s, y * scale - s), (x * scale + s, y * scale - s),
                                  (x * scale + s, y * scale + s), (x * scale - s, y * scale + s)])]
            for poly in polys:
                pen.polygon(list(poly.exterior.coords), fill=index[p.id], outline=BLACK, width=2)
            shape = max(polys, key=lambda q: q.area) if len(polys) > 1 else polys[0]
            shape = shape if not isinstance(shape, MultiPolygon) else max(shape.geoms, key=lambda q: q.area)
            where[p.id] = _inside(shape, (x * scale, y * scale), scale)
            for c in p.coasts:
                cx, cy = board.points.get(f"{p.id}/{c.id}", (x, y))
                where[f"{p.id}/{c.id}"] = _inside(shape, (cx * scale, cy * scale), scale)
        pictures.append(img)
        points.append(where)
    return Pictures(pictures[0], pictures[1], points[0], points[1], index)


def check(pictures: Pictures) -> List[str]:
    """What the site would get wrong: a point outside its own palette entry, read back from the pixels."""
    wrong = []
    for img, pts in ((pictures.large, pictures.large_points), (pictures.small, pictures.small_points)):
        px = img.load()
        assert px is not None
        for tid, (x, y) in pts.items():
            pid = tid.split("/")[0]
            if not (0 <= x < img.width and 0 <= y < img.height) or px[x, y] != pictures.index[pid]:
                wrong.append(f"{tid} at ({x}, {y}) on the {'large' if img is pictures.large else 'small'} map")
    return wrong
