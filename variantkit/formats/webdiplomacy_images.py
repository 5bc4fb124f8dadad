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
from shapely.geometry import Point, Polygon

from ..board.schematic import schematic_board
from ..model import Terrain, Variant, split_location

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


def territory_colour(i: int, n: int, water: bool) -> Tuple[int, int, int]:
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


def _shape(rings, scale: float):
    """A cell's rings (outer and holes, even-odd as the picture fills them) as one shape."""
    shape = None
    for ring in rings:
        if len(ring) < 3:
            continue
        poly = Polygon([(a * scale, b * scale) for a, b in ring]).buffer(0)
        shape = poly if shape is None else shape.symmetric_difference(poly)
    return shape if shape is not None and not shape.is_empty else None


def draw(v: Variant, territories: List[str], board=None, largest: Tuple[int, int] = (1500, 1100)
         ) -> Optional[Pictures]:
    """The large and small maps on the board given (the art's, or the schematic
    one); None when the territories do not fit one palette."""
    provinces = [p for p in v.provinces if p.id in set(territories)]
    if len(provinces) > MAX_TERRITORIES:
        return None
    if board is None:
        board = schematic_board(v, 1200, 800)
    fit = min(1.0, largest[0] / board.width, largest[1] / board.height)
    palette = [0, 0, 0, *PAPER_RGB]
    index: Dict[str, int] = {}
    for i, p in enumerate(provinces):
        index[p.id] = i + 2
        palette += territory_colour(i, len(provinces), p.terrain is Terrain.WATER)
    palette += [0, 0, 0] * (256 - len(palette) // 3)
    pictures = []
    points: List[Dict[str, Tuple[int, int]]] = []
    # larger territories first: a lake or an island inside another is drawn over it
    provinces.sort(key=lambda p: -(_area(board.cells.get(p.id) or [])))
    for scale in (fit, fit * SMALL):
        w, h = int(board.width * scale), int(board.height * scale)
        img = Image.new("P", (w, h), PAPER)
        img.putpalette(palette)
        pen = ImageDraw.Draw(img)
        where: Dict[str, Tuple[int, int]] = {}
        for p in provinces:
            x, y = board.points.get(p.id, (board.width / 2, board.height / 2))
            whole = _shape(board.cells.get(p.id) or [], scale)
            if whole is None:  # no cell of its own: a small square at its point
                s = 12 * scale / fit
                whole = Polygon([(x * scale - s, y * scale - s), (x * scale + s, y * scale - s),
                                 (x * scale + s, y * scale + s), (x * scale - s, y * scale + s)])
            polys = list(getattr(whole, "geoms", [whole]))
            for poly in polys:
                pen.polygon(list(poly.exterior.coords), fill=index[p.id], outline=BLACK, width=2)
                for hole in poly.interiors:  # whatever lies inside is drawn after
                    pen.polygon(list(hole.coords), fill=PAPER, outline=BLACK, width=2)
            shape = max(polys, key=lambda q: q.area)
            where[p.id] = _inside(shape, (x * scale, y * scale), scale)
            for c in p.coasts:
                cx, cy = board.points.get(f"{p.id}/{c.id}", (x, y))
                where[f"{p.id}/{c.id}"] = _inside(shape, (cx * scale, cy * scale), scale)
        pictures.append(img)
        points.append(where)
    return Pictures(pictures[0], pictures[1], points[0], points[1], index)


def _area(rings) -> float:
    shape = _shape(rings, 1.0)
    return 0.0 if shape is None else float(shape.area)


def check(pictures: Pictures) -> List[str]:
    """What the site would get wrong: a point outside its own palette entry, read back from the pixels."""
    wrong = []
    for img, pts in ((pictures.large, pictures.large_points), (pictures.small, pictures.small_points)):
        px = img.load()
        assert px is not None
        for tid, (x, y) in pts.items():
            pid = split_location(tid)[0]
            if not (0 <= x < img.width and 0 <= y < img.height) or px[x, y] != pictures.index[pid]:
                wrong.append(f"{tid} at ({x}, {y}) on the {'large' if img is pictures.large else 'small'} map")
    return wrong
