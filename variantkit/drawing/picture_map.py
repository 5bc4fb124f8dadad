"""A map that is a picture (PNG, GIF, JPEG) read as a variant skeleton, the
same kind of result as ``import svg``: regions, terrain, coasts and edges
proposed, each with a reason and a confidence.

The steps: colours counted (a palette picture keeps its palette; any other
is quantised); the border lines found as grey or dark pixels drawn thin; the
regions are the areas of one colour between them; specks (lettering,
symbols, centre markers, islands of a few pixels) join the region of their
colour nearby, else the one around them; every line pixel goes to its
nearest region, so the outlines tile the picture.  The sea is the largest
bluish colour (found, not assumed); a dense mesh of lines is impassable
hatching.  Two regions border where their grown areas meet along a run of
pixels; armies cross land borders, fleets cross a sea's borders and land
borders that reach the sea.  Names the picture cannot give are left to the
designer: regions get generated ids (``r1``, ``r2``...).
"""
from __future__ import annotations

import io
from dataclasses import dataclass
from typing import Dict, List, Optional, Sequence, Tuple

import numpy as np

from ..files import read_limited
from ..model import Crossing, Edge, Terrain
from ..problems import Problem, UnusableInput
from .geometry import Inference
from .geometry.infer import EdgeProposal, Region
from .geometry.shapes import label_point
from .palette_regions import interior as _interior
from .picture import trace
from .picture_archipelagos import archipelagos
from .picture_barriers import barriers
from .picture_blanks import blanks
from .picture_boards import boards, twin_edges, twins
from .picture_boxes import counters, rectangles
from .picture_islands import own_waters, symbols
from .picture_lakes import LAKE_REACH, lake_speck, ponds
from .picture_lettering import erase
from .picture_lines import pens, rings
from .picture_straits import open_sea, straits
from .picture_tables import tables
from .picture_wrap import NEAR, OUTLINE_NEAR, cut_seas, frame_of, outline_edges, wrap_contacts, wraps
from .picture_passes import half_widths, mountains, passes
from .picture_necks import necks
from .picture_rivers import STRIP, channels, river_mask, stream_colours, thin_waters
from .picture_split import banks
from .picture_small import small_territories
from .picture_circles import circled_islands

MAX_BYTES = 64 * 1024 * 1024
MAX_PIXELS = 40_000_000        # a 40-megapixel map is far beyond any variant's; more is refused
LINE_WIDTH = 4                 # pixels of border line a region grows across to meet its neighbour
STRAIT = 8                     # pixels: lands this close across water face each other across a strait
EXTENSIONS = (".png", ".gif", ".jpg", ".jpeg")


@dataclass
class PictureMap:
    width: int
    height: int
    labels: np.ndarray          # grown label image: 0 none, k the region r{k}
    inference: Inference
    sea_colour: Optional[Tuple[int, int, int]]


def load_rgb(path: str) -> np.ndarray:
    """The picture as an RGB array, refused with a located problem when it
    is not a picture, is too big, or claims more pixels than it may have."""
    return load_picture(path)[0]


def load_picture(path: str) -> Tuple[np.ndarray, Optional[np.ndarray]]:
    """(RGB array, palette index array or None), refused as :func:`load_rgb`
    says.  A palette picture's indices are kept: webDiplomacy's maps give
    two entries one colour (WWIV_V6's black land and the black lines between
    its territories), a border only the indices show."""
    from PIL import Image
    data = read_limited(path, MAX_BYTES, "VK840", what="picture")
    Image.MAX_IMAGE_PIXELS = MAX_PIXELS   # Pillow refuses bombs before decoding
    try:
        with Image.open(io.BytesIO(data)) as im:
            if im.width * im.height > MAX_PIXELS:
                raise Image.DecompressionBombError("too many pixels")
            im.seek(0)   # a GIF's first frame
            rgb = np.asarray(im.convert("RGB"))
            index = np.asarray(im).astype(np.int32) if im.mode == "P" else None
    except Image.DecompressionBombError:
        raise UnusableInput([Problem.of("VK841", path=path, limit=MAX_PIXELS).at(path)])
    except (OSError, ValueError, SyntaxError) as exc:
        raise UnusableInput([Problem.of("VK840", path=path, reason=exc).at(path)])
    if min(rgb.shape[:2]) < 16:
        raise UnusableInput([Problem.of("VK843", path=path, width=rgb.shape[1], height=rgb.shape[0]).at(path)])
    return rgb, index


def _colours(rgb: np.ndarray) -> Tuple[np.ndarray, np.ndarray]:
    """(index image, palette): each distinct colour numbered; pictures with
    more than 256 colours (JPEG, anti-aliased) are quantised first."""
    packed = (rgb[..., 0].astype(np.int32) << 16) | (rgb[..., 1].astype(np.int32) << 8) | rgb[..., 2]
    values, inverse = np.unique(packed, return_inverse=True)
    if len(values) > 256:
        from PIL import Image
        q = Image.fromarray(rgb).quantize(64, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
        index = np.asarray(q).astype(np.int32)
        pal = np.array((q.getpalette() or [])[:3 * 256], dtype=np.int32).reshape(-1, 3)
        used, inv = np.unique(index, return_inverse=True)
        return inv.reshape(index.shape).astype(np.int32), pal[used]
    palette = np.stack([(values >> 16) & 255, (values >> 8) & 255, values & 255], axis=1)
    return inverse.reshape(packed.shape).astype(np.int32), palette


def _indexed(index: np.ndarray, rgb: np.ndarray) -> Tuple[np.ndarray, np.ndarray]:
    """(index image, palette) of a palette picture: its entries numbered
    densely, each with its colour."""
    used, first, inv = np.unique(index.ravel(), return_index=True, return_inverse=True)
    palette = rgb.reshape(-1, 3)[first].astype(np.int32)
    return inv.reshape(index.shape).astype(np.int32), palette


def _luminance(palette: np.ndarray) -> np.ndarray:
    return 0.299 * palette[:, 0] + 0.587 * palette[:, 1] + 0.114 * palette[:, 2]


def _value(palette: np.ndarray) -> np.ndarray:
    """How far from black (HSV's value): a deep blue is dark by luminance, not by this."""
    return palette.max(axis=1)


def _line_pixels(index: np.ndarray, palette: np.ndarray) -> np.ndarray:
    """Border lines: pixels of a line's colour outside any filled area of it
    (an area survives an erosion by 3 pixels: a black Switzerland does, a
    line up to 6 pixels wide does not)."""
    from scipy import ndimage
    n = len(palette)
    count = np.bincount(index.ravel(), minlength=n)
    inner = np.bincount(index[_interior(index, 3)], minlength=n)
    # a line's colour is grey (black, a white pen on dark land as jDip's 1900
    # draws, a grey pen) or dark and drawn thin all over; a dark blue or green
    # filling territories is not
    grey = palette.max(axis=1) - palette.min(axis=1) < 30
    thin = inner < 0.25 * np.maximum(count, 1)
    dark = (((_value(palette) < 100) & (grey | thin)) | grey | pens(palette, count, inner))[index]
    filled = _interior(index, 3) & dark
    filled = ndimage.binary_dilation(filled, structure=ndimage.generate_binary_structure(2, 1),
                                     iterations=3) & dark
    return dark & ~filled


def _components(index: np.ndarray, keep: np.ndarray) -> Tuple[np.ndarray, int]:
    """Areas of one colour (4-connected) among the ``keep`` pixels."""
    from scipy.sparse import coo_matrix
    from scipy.sparse.csgraph import connected_components
    h, w = index.shape
    ids = np.arange(h * w).reshape(h, w)
    right = keep[:, :-1] & keep[:, 1:] & (index[:, :-1] == index[:, 1:])
    down = keep[:-1, :] & keep[1:, :] & (index[:-1, :] == index[1:, :])
    a = np.concatenate([ids[:, :-1][right], ids[:-1, :][down]])
    b = np.concatenate([ids[:, 1:][right], ids[1:, :][down]])
    graph = coo_matrix((np.ones(len(a), dtype=np.int8), (a, b)), shape=(h * w, h * w))
    _, comp = connected_components(graph, directed=False)
    comp = comp.reshape(h, w) + 1
    comp[~keep] = 0
    # renumber densely, in the same order as sorting would (a lookup: no sort of every pixel)
    used = np.zeros(int(comp.max()) + 1, dtype=bool)
    used[comp.ravel()] = True
    used[0] = True
    inv = (np.cumsum(used) - 1).astype(np.int32)[comp]
    return inv, int(inv.max())


def read_picture(path: str) -> PictureMap:
    rgb, index = load_picture(path)
    return picture_map(rgb, path, index)


def picture_map(rgb: np.ndarray, file: str = "", palette_index: Optional[np.ndarray] = None) -> PictureMap:
    from scipy import ndimage
    h, w = rgb.shape[:2]
    problems: List[Problem] = []
    index, palette = _colours(rgb) if palette_index is None else _indexed(palette_index, rgb)
    lines = _line_pixels(index, palette)
    index, lines = erase(index, lines)   # names written in the lines' colour are no borders
    # lines thickened by a pixel each side: a border drawn with a gap of up to
    # 2 pixels still closes (the pixels taken go back to their region below)
    closed = ndimage.binary_dilation(lines, structure=np.ones((3, 3), dtype=bool))
    comp, n = _components(index, ~closed)
    area = np.bincount(comp.ravel(), minlength=n + 1)
    area[0] = 0
    colour_of = np.zeros(n + 1, dtype=np.int32)
    colour_of[comp.ravel()] = index.ravel()
    # a region is at least this big; smaller areas are specks of a region
    min_area = max(40, int(h * w * 0.00004))
    big = area >= min_area
    big[0] = False
    # a land narrowing between two lines, which the thickening closed, is one area still
    thin, n_thin = _components(index, ~lines)   # the areas between the lines as drawn
    sea_first = _sea_colours(palette, {int(k): int(colour_of[k]) for k in np.nonzero(big)[0]}, area)
    joined = necks(comp, big, thin, lines, index, sea_first)
    if joined:
        to = np.arange(n + 1)
        for piece, whole in joined.items():
            to[piece] = whole
            area[whole] += area[piece]
            area[piece] = 0
            big[piece] = False
        comp = to[comp]
    labels = np.where(big[comp], comp, 0)

    # hatching: a dense mesh of lines and specks, wide enough to be an area
    line_or_speck = labels == 0
    density = ndimage.uniform_filter(line_or_speck.astype(np.float32), size=9)
    hatch = ndimage.binary_opening(density > 0.6, structure=np.ones((5, 5)))
    hatch_lab, nh = ndimage.label(hatch)
    hatch_ids = []
    if nh:
        sizes = ndimage.sum(hatch, hatch_lab, index=np.arange(1, nh + 1))
        specky = ndimage.sum((comp > 0) & ~big[comp], hatch_lab, index=np.arange(1, nh + 1))
        for k, (s, sp) in enumerate(zip(sizes, specky), start=1):
            # a mesh: wide, with specks of paper between its strokes (a
            # junction of thick lines is solid black)
            if s >= 20 * min_area and sp >= 0.2 * s:
                labels[hatch_lab == k] = n + k
                hatch_ids.append(n + k)

    # a small territory the thickened lines cut below the speck size is a region still
    labels, _ = small_territories(comp, big, thin, n_thin, labels, min_area, LINE_WIDTH + 2,
                                  n + nh + 1, index, sea_first)
    # specks join a region of their own colour close by (an island, a
    # territory's detached part), else the region around them
    specks = (~big[comp]) & (comp > 0) & (labels == 0)
    if specks.any():
        speck_lab, ns = ndimage.label(specks)
        for sl_i, sl in enumerate(ndimage.find_objects(speck_lab), start=1):
            if sl is None:
                continue
            pad = 30   # an islet joins its island or mainland of the same colour this close
            y0, y1 = max(0, sl[0].start - pad), min(h, sl[0].stop + pad)
            x0, x1 = max(0, sl[1].start - pad), min(w, sl[1].stop + pad)
            mine = speck_lab[y0:y1, x0:x1] == sl_i
            col = int(np.bincount(index[y0:y1, x0:x1][mine]).argmax())
            window = labels[y0:y1, x0:x1]
            same = (window > 0) & (index[y0:y1, x0:x1] == col)
            if col in sea_first and lake_speck(mine, window, index[y0:y1, x0:x1], sea_first, LAKE_REACH):
                continue   # a lake: no sea of its colour beside it, the land round it takes it
            if same.any() and not _is_line_colour_region(col, palette):
                labels[y0:y1, x0:x1][mine] = int(np.bincount(window[same]).argmax())
    present = np.unique(labels[labels > 0])

    # terrain: the sea is the largest bluish colour; a region is water when
    # most of its own pixels are of a sea colour
    region_colour: Dict[int, int] = {}
    region_area = np.bincount(labels.ravel(), minlength=int(labels.max()) + 1)
    own = labels > 0
    pairs = labels[own].astype(np.int64) * (len(palette) + 1) + index[own]
    cnt = np.bincount(pairs)
    nz = np.nonzero(cnt)[0]
    best: Dict[int, Tuple[int, int]] = {}
    for key in nz:
        k_lab, k_col = divmod(int(key), len(palette) + 1)
        if k_lab not in best or cnt[key] > best[k_lab][1]:
            best[k_lab] = (k_col, int(cnt[key]))
    for k_lab, (k_col, _) in best.items():
        region_colour[k_lab] = k_col
    sea = _sea_colours(palette, region_colour, region_area)
    sea_colour = (int(palette[sea[0]][0]), int(palette[sea[0]][1]), int(palette[sea[0]][2])) if sea else None

    water = {int(lab) for lab in present if region_colour.get(int(lab)) in sea}
    # rivers: water strips no wider than a line are borders, not territories
    reach0 = _line_reach(labels, lines)
    # a shade of the sea (not its own colour) that meets no water is a land's colour
    # (Enlightenment's Budapest, a blue 74 from its sea's): the sea's shades are seas beside seas
    inland = _inland_shades(labels, water, {lab: region_colour.get(lab) for lab in water}, sea,
                            int(2 * reach0) + 2)
    if inland:
        water -= inland
        shades = {region_colour[lab] for lab in inland}
        sea = [c for c in sea if c not in shades or any(region_colour.get(lab) == c for lab in water)]
    rivers = thin_waters(labels, water)
    narrow = channels(labels, rivers, water, reach0)   # a strait between seas stays a sea, in doubt
    rivers -= narrow
    water -= rivers
    river = river_mask(labels, rivers, np.isin(index, sea), min_area)
    # rivers drawn in a blue of their own, thin: their pixels, and any region they make, are river
    streams = stream_colours(index, palette, sea, min_area, _interior(index, 3))
    if streams:
        drawn = {int(v) for v in present if region_colour.get(int(v)) in streams and int(v) not in water}
        river |= np.isin(index, streams) | np.isin(labels, sorted(drawn))
        rivers |= drawn
    labels[river] = 0
    present = np.array([lab for lab in present if int(lab) not in rivers])
    # a province a river runs through: its banks, one colour, are one territory
    strips = np.isin(labels, sorted(narrow)) if narrow else np.zeros(labels.shape, dtype=bool)
    halves = banks(labels, (labels == 0) | strips, river | strips, region_colour,
                   {int(v) for v in present if int(v) not in water}, int(2 * STRIP + 2 * reach0))
    for piece, province in halves.items():
        region_area[province] += region_area[piece]
    _merge(halves, labels)
    present = np.array([lab for lab in present if int(lab) not in halves])
    # ...and a province astride a narrow strait of the sea (Constantinople on the Bosporus)
    seas = np.isin(labels, sorted(water))
    halves = banks(labels, (labels == 0) | seas, seas, region_colour,
                   {int(v) for v in present if int(v) not in water}, 2 * STRAIT)
    for piece, province in halves.items():
        region_area[province] += region_area[piece]
    _merge(halves, labels)
    present = np.array([lab for lab in present if int(lab) not in halves])
    # everything left (lines, rivers, specks on their own) goes to the nearest region
    grown = labels.copy()
    dist = None
    if (labels == 0).any() and (labels > 0).any():
        dist, (iy, ix) = ndimage.distance_transform_edt(labels == 0, return_indices=True)
        grown = np.where(labels > 0, labels, labels[iy, ix])
        # as far as the picture's border lines are wide: half their width, measured;
        # across a river, as far as the river is wide
        near = (dist <= _line_reach(labels, lines, dist)) | ndimage.binary_dilation(river, iterations=2)
    else:
        near = np.ones(labels.shape, dtype=bool)
    contacts, _ = _contacts(grown, near, water)
    marks = rings(grown, _neighbours(contacts))   # a ring round a territory's mark and what it holds: one
    for k, around in marks.items():
        # coloured as the larger part; but an island in a thin ring of sea (WWIV's Bermuda, a disc in
        # its circle) is land, its ring the sea round it
        if region_area[k] > region_area[around] or (around in water and k not in water):
            region_colour[around] = region_colour[k]
            water = water - {around} | ({around} if k in water else set())
        region_area[around] += region_area[k]
        water.discard(k)
    _merge(marks, grown, labels)
    # a mark drawn inside a territory (a supply centre's dot with its outline, in a legend's box):
    # a small land region held by one land region alone is part of it
    held = _held_marks(contacts, water, region_area, [int(v) for v in present if int(v) not in marks])
    boxed = rectangles(grown, held)   # a square on its own is a counter's box (Maharajah's), not a mark
    held = {k: v for k, v in held.items() if k not in boxed}
    for k, around in held.items():
        region_area[around] += region_area[k]
    _merge(held, grown, labels)
    marks = {**marks, **held}
    if marks:
        present = np.array([lab for lab in present if int(lab) not in marks])
        contacts, _ = _contacts(grown, near, water)
    islands = _islands_with_waters(contacts, water, region_area, region_colour)
    # ...and a lone island in the ocean with a circle drawn round it, far larger than the island
    taken = set(islands) | set(islands.values())
    islands.update({ring: island for ring, island in
                    circled_islands(grown, water - taken, _neighbours(contacts)).items() if island not in taken})
    # ...and a compartment of the sea holding one island alone, or a disc (a symbol) in its compartment
    alone = own_waters(labels, contacts, water, region_colour, {*islands, *islands.values()})
    islands.update(alone)
    # ...a disc, though, is a symbol: its compartment is the territory, land its armies cross
    standing = symbols(labels, alone)
    # ...and a loop of lines from a territory's coast round its islands: the waters it closes are its
    held, mainland = archipelagos(contacts, water, region_colour, grown,
                                  {*islands, *islands.values()})
    islands.update(held)
    _merge(islands, grown, labels)   # the ring's pixels are the island's
    water -= set(islands)
    # a coast drawn apart (webDiplomacy cuts Bulgaria's and Spain's coasts off
    # by a line, in their province's colour) is part of its province
    pieces = _coast_pieces(contacts, region_colour, region_area, water, [int(v) for v in present])
    _merge(pieces, grown, labels)
    present = np.array([lab for lab in present if int(lab) not in islands and int(lab) not in pieces])
    ids = {int(lab): f"r{k}" for k, lab in enumerate(present, start=1)}
    # filled black or near-black grey (a Switzerland): a dark green or red territory is not
    black = (_value(palette) < 35) & (palette.max(axis=1) - palette.min(axis=1) < 12)
    dark_land = {int(lab) for lab in present if black[region_colour[int(lab)]] and int(lab) not in water}
    # ...but black filling a good part of the map's territories, each within its lines, is a
    # territory colour (WWIV_V6 draws Eurasia and Africa black, a layer the site colours at play)
    if len(dark_land) > max(10, 0.1 * (len(present) - len(water))):
        dark_land = set()
    impassable = set(hatch_ids) | dark_land

    # a pond (a round piece of water inside a land, left out of every region) is no river:
    # the land round it is no coast by it
    river &= ~ponds(river)
    # borders: pixel pairs of the grown image, within line reach of both sides
    contacts, sea_touch = _contacts(grown, near, water, river)
    # the map's edges: the picture's, or its outline within a frame (World's oval)
    pale = (palette.max(axis=1) - palette.min(axis=1)) <= 30
    frame = frame_of(grown, {lab for lab, c in region_colour.items() if pale[c] and lab not in water})
    sides = outline_edges(grown, frame)
    if wraps(sides, {lab: tuple(palette[c]) for lab, c in region_colour.items()},
             OUTLINE_NEAR if frame.any() else NEAR):   # the edges meet round the back
        # a sea cut in two by the edges is one sea
        halves = cut_seas(sides, water, region_colour, np.bincount(grown.ravel()))
        _merge(halves, grown, labels)
        water -= set(halves)
        if halves:
            present = np.array([lab for lab in present if int(lab) not in halves])
            ids = {int(lab): f"r{k}" for k, lab in enumerate(present, start=1)}
            contacts, sea_touch = _contacts(grown, near, water, river)
        sides = outline_edges(grown, frame) if halves else sides
        for pair, (n, wet) in wrap_contacts(sides, water).items():
            contacts[pair] = contacts.get(pair, 0) + n
            sea_touch[pair] = sea_touch.get(pair, False) or wet
    # a border drawn hatched (dark and light stripes across it) is a barrier nothing crosses
    for pair in barriers(grown, lines, rgb, near):
        contacts.pop(pair, None)
    # lakes and islands painted alike, in a watery colour of their own: neither land nor sea, apart
    blank = blanks(_neighbours(contacts), water, [int(v) for v in present if int(v) not in water | impassable],
                   region_colour, palette, _hue_apart)
    impassable |= blank
    # the squares of a counter or a legend: apart from the map
    boxes = counters(grown, [int(v) for v in present if int(v) not in impassable], water, _neighbours(contacts),
                     region_colour)
    impassable |= boxes
    # a table of cells beside the map: its cells meet each other, not the map nor the sea
    table = tables(grown, [int(v) for v in present if int(v) not in impassable and int(v) not in water],
                   _neighbours(contacts))
    # ...but for one land border, in doubt, which keeps the map one piece (a part no unit reaches
    # would not load): the longest
    cut = [p for p in contacts if (p[0] in table) != (p[1] in table)]
    bridge = max([p for p in cut if not set(p) & water] or cut, key=lambda p: (contacts[p], p)) if cut else None
    for pair in cut:
        if pair != bridge:
            del contacts[pair]
    outlines = trace(grown, tolerance=1.0, ids=[int(v) for v in present])
    regions: Dict[str, Region] = {}
    for lab in present:
        lab = int(lab)
        geom = outlines.get(lab)
        if geom is None:
            continue
        if lab in water:
            terrain, reason = Terrain.WATER, f"the sea's colour {_hex(palette[region_colour[lab]])}"
        elif lab in boxes:
            terrain, reason = Terrain.IMPASSABLE, ("a box of a counter or a legend (a rectangle in a row of "
                                                   "them, on one background): apart from the map")
        elif lab in blank:
            terrain, reason = Terrain.IMPASSABLE, ("a watery colour painting lakes and islands alike: "
                                                   "neither land nor sea, apart from the map")
        elif lab in impassable:
            terrain, reason = Terrain.IMPASSABLE, ("hatched: impassable" if lab in hatch_ids
                                                   else "filled dark: impassable")
        else:
            terrain, reason = Terrain.LAND, f"land coloured {_hex(palette[region_colour[lab]])}"
        if lab in islands.values():
            reason += "; with the waters drawn round it (a circle): one territory"
        if lab in narrow:
            reason += "; a strip of water no wider than a line, opening on the sea: a sea of its own, or a river?"
        r = Region(ids[lab], geom, terrain, reason)
        r.label_pos = label_point(geom)
        r.doubtful = lab in narrow or lab in boxes
        regions[r.id] = r
    coastal = set()
    ringed = set(islands.values()) - mainland - standing   # a mainland's or a symbol's armies still cross
    edges: List[EdgeProposal] = []
    min_len = 3
    for (a, b), length in sorted(contacts.items()):
        if ids.get(a) not in regions or ids.get(b) not in regions:
            continue
        if a in impassable or b in impassable or length < min_len:
            continue   # land meeting the sea at a corner is not on it
        wa, wb = a in water, b in water
        if wa != wb:
            coastal.add(b if wa else a)
    on_river = _along(labels, river, reach0) - water - impassable - table
    for lab in coastal | on_river:
        if ids.get(lab) not in regions:
            continue
        regions[ids[lab]].terrain = Terrain.COAST
        regions[ids[lab]].reason += ", on the sea" if lab in coastal else ", on a river"
    coastal |= {lab for lab in on_river if ids.get(lab) in regions}
    # mountains: where the picture marks passes across its thick borders, the others are not crossed
    # (the ink as drawn: a tick crossing a line makes a cross the line step leaves out)
    ink = ((_value(palette) < 100) & (palette.max(axis=1) - palette.min(axis=1) < 30))[index]
    land_now = {int(v) for v in present if int(v) not in water and int(v) not in impassable}
    ranges = (mountains(half_widths(grown, dist, near, land_now), passes(lines | ink, grown))
              if dist is not None else set())
    for (a, b), length in sorted(contacts.items()):
        if ids.get(a) not in regions or ids.get(b) not in regions or a in impassable or b in impassable:
            continue
        if length < min_len:
            continue
        wa, wb = a in water, b in water
        army = not wa and not wb and (a, b) not in ranges
        fleet = wa or wb or (a in coastal and b in coastal and sea_touch.get((a, b), False))
        reason = ("open water" if wa and wb else "a shared coastline" if wa or wb
                  else "a land border" + (" reaching the sea" if fleet else ""))
        if (a, b) in ranges:
            reason += ", a mountain range (a thick line, no pass marked on it): armies do not cross"
            if not fleet:
                continue
        if army and (a in ringed or b in ringed):
            # an island with the waters drawn round it meets its neighbours only across them
            army, fleet, reason = False, True, "across the waters drawn round an island"
        confidence = 1.0 if length >= 3 * min_len and (a, b) != bridge else 0.5
        if (a, b) == bridge:
            reason += " (between a table of cells and the map, which the picture frames apart: kept so the map is one)"
        elif confidence < 1.0:
            reason += f" ({length} pixels only: a corner, or a border too thin to close?)"
        x, y = sorted((ids[a], ids[b]))
        edges.append(EdgeProposal(Edge(x, y, Crossing.of(army, fleet)), reason, float(length), confidence))
    # lands facing each other across a strait: linked, in doubt
    land = {int(v) for v in present if int(v) not in water and int(v) not in impassable}
    sea_body = open_sea(grown, water, _neighbours(contacts), region_area, STRAIT)
    across = straits(grown, np.isin(grown, sorted(sea_body)), land, STRAIT)
    for (a, b), n in sorted(across.items()):
        if (a, b) in contacts or ids.get(a) not in regions or ids.get(b) not in regions or (a in table) != (b in table):
            continue
        x, y = sorted((ids[a], ids[b]))
        edges.append(EdgeProposal(Edge(x, y, Crossing.of(True, a in coastal and b in coastal)),
                                  f"across a strait at most {STRAIT} pixels wide: linked?", float(n), 0.5))
    if boxes:
        named = sorted((ids[lab] for lab in boxes if ids.get(lab) in regions), key=lambda rid: int(rid[1:]))
        listed = ", ".join(named[:8]) + ("..." if len(named) > 8 else "")
        problems.append(Problem.of("VK845", count=len(named), ids=listed).at(file))
    edges = _set_apart(regions, edges, problems, file, {ids[lab] for lab in table if lab in ids})
    inference = Inference(regions, {}, edges, problems, convention="picture")
    # a region far larger than the rest may be two territories whose line did not close
    land_areas = sorted(region_area[lab] for lab in present if lab not in water)
    if land_areas:
        typical = land_areas[len(land_areas) // 2]
        for lab in present:
            lab = int(lab)
            if lab not in water and region_area[lab] > 12 * typical and ids[lab] in regions:
                regions[ids[lab]].doubtful = True
                regions[ids[lab]].reason += "; far larger than the others: a border line that does not close?"
    return PictureMap(w, h, grown, inference, sea_colour)


def _merge(pieces: Dict[int, int], *images: np.ndarray) -> None:
    """Each piece's pixels given to the region it is part of, in every image, as
    one lookup a pixel; in the pieces' order, so a region merged into another
    later takes the pieces merged into it along."""
    if not pieces:
        return
    top = max(max(pieces), max(pieces.values()), *(int(a.max()) for a in images))
    lut = np.arange(top + 1, dtype=np.int64)
    for piece, into in pieces.items():
        lut[lut == piece] = into
    for a in images:
        a[...] = lut[a]


def _line_reach(labels: np.ndarray, lines: np.ndarray, dist: Optional[np.ndarray] = None) -> float:
    """How far a region grows across the lines to meet its neighbour: half
    the picture's measured line width (the 98th percentile of the line
    pixels' distance to a region), at least LINE_WIDTH."""
    from scipy import ndimage
    if not (labels > 0).any():
        return float(LINE_WIDTH)
    if dist is None:
        dist = ndimage.distance_transform_edt(labels == 0)
    on_line = dist[lines & (labels == 0)]
    return max(LINE_WIDTH, float(np.percentile(on_line, 98)) + 1.5) if on_line.size else float(LINE_WIDTH)


def _along(labels: np.ndarray, wet: np.ndarray, reach: float) -> set:
    """The regions with a run of their own pixels (3 at least) within
    ``reach`` of ``wet`` pixels: the lands a navigable river runs by."""
    from scipy import ndimage
    if not wet.any():
        return set()
    close = ndimage.binary_dilation(wet, iterations=max(1, int(round(reach)))) & (labels > 0)
    count = np.bincount(labels[close], minlength=int(labels.max()) + 1)
    return {int(lab) for lab in np.nonzero(count >= 3)[0] if lab}


def _neighbours(contacts: Dict[Tuple[int, int], int], min_len: int = 3) -> Dict[int, set]:
    """Each region's neighbours: the regions it meets along a run of ``min_len`` pixels or more."""
    out: Dict[int, set] = {}
    for (a, b), n in contacts.items():
        if n >= min_len:
            out.setdefault(a, set()).add(b)
            out.setdefault(b, set()).add(a)
    return out


def _held_marks(contacts, water: set, area: np.ndarray, present: List[int]) -> Dict[int, int]:
    """Small land regions (under a tenth of the median land) whose one
    neighbour is a land region: a mark drawn inside it (the caller keeps
    the rectangles: a counter's box).  {mark: holder}."""
    land = [lab for lab in present if lab not in water]
    if len(land) < 3:
        return {}
    median = sorted(int(area[lab]) for lab in land)[len(land) // 2]
    neighbours = _neighbours(contacts)
    out: Dict[int, int] = {}
    for lab in land:
        ns = neighbours.get(lab, set())
        if area[lab] >= 0.1 * median or len(ns) != 1:
            continue
        holder = next(iter(ns))
        if holder not in water and holder in neighbours and area[holder] > area[lab] and holder not in out:
            out[lab] = holder
    return out


def _inland_shades(labels: np.ndarray, water: set, colour: Dict[int, Optional[int]], sea: List[int],
                   reach: int) -> set:
    """Water regions of a shade of the sea (not the sea's own colour) with
    no water within ``reach`` pixels: land in a colour close to the sea's."""
    from scipy import ndimage
    if not sea:
        return set()
    wet = np.isin(labels, sorted(water))
    found = ndimage.find_objects(labels)
    h, w = labels.shape
    out = set()
    for lab in water:
        if colour.get(lab) == sea[0] or lab - 1 >= len(found) or found[lab - 1] is None:
            continue
        sl = found[lab - 1]
        y0, y1 = max(0, sl[0].start - reach), min(h, sl[0].stop + reach)
        x0, x1 = max(0, sl[1].start - reach), min(w, sl[1].stop + reach)
        mine = labels[y0:y1, x0:x1] == lab
        around = ndimage.binary_dilation(mine, iterations=reach) & ~mine
        if not (around & wet[y0:y1, x0:x1]).any():
            out.add(lab)
    return out


def _coast_pieces(contacts, region_colour: Dict[int, int], area: np.ndarray, water: set,
                  present: List[int]) -> Dict[int, int]:
    """Small land regions (under a quarter of the median land) on the sea
    whose one land neighbour of their own colour is at least four times
    their size: a coast drawn apart from its province.  {piece: province}."""
    land = [lab for lab in present if lab not in water]
    if len(land) < 3:
        return {}
    median = sorted(int(area[lab]) for lab in land)[len(land) // 2]
    neighbours = _neighbours(contacts)
    out: Dict[int, int] = {}
    for lab in land:
        ns = neighbours.get(lab, set())
        if area[lab] >= 0.25 * median or not ns & water:
            continue
        same = [n for n in ns if n not in water and region_colour.get(n) == region_colour.get(lab)]
        if len(same) == 1 and area[same[0]] >= 4 * area[lab] and same[0] not in out:
            out[lab] = same[0]
    return out


def _set_apart(regions: Dict[str, Region], edges: List[EdgeProposal], problems: List[Problem],
               file: str, kept: Optional[set] = None) -> List[EdgeProposal]:
    """Regions the picture links to nothing of the main map (a legend, a
    title box, another board) are kept as impassable shapes, flagged, their
    edges dropped: the skeleton loads, and the designer links them or not.
    The ``kept`` regions (a table's cells) are a board of their own."""
    adj: Dict[str, set] = {rid: set() for rid, r in regions.items() if r.terrain is not Terrain.IMPASSABLE}
    for e in edges:
        if e.edge.a in adj and e.edge.b in adj:
            adj[e.edge.a].add(e.edge.b)
            adj[e.edge.b].add(e.edge.a)
    parts, seen = [], set()
    for start in adj:
        if start in seen:
            continue
        part, todo = {start}, [start]
        while todo:
            for n in adj[todo.pop()]:
                if n not in part:
                    part.add(n)
                    todo.append(n)
        seen |= part
        parts.append(part)
    if len(parts) < 2:
        return edges
    main = max(parts, key=len)
    parts = [part for part in parts if not (kept and part <= kept and part is not main)]   # a table stays
    for board in boards(parts, main):   # the map drawn again beside it (a layer): kept, linked to its twins
        pairs = twins(regions, board, main)
        edges = edges + twin_edges(regions, pairs) if pairs else edges
        main = main | board if pairs else main
    apart = sorted(set(adj) - main - (kept or set()), key=lambda rid: int(rid[1:]))
    if not apart:
        return edges
    for rid in apart:
        r = regions[rid]
        r.terrain, r.doubtful = Terrain.IMPASSABLE, True
        r.reason += "; apart from the map (nothing in the picture links it): set as impassable"
    problems.append(Problem.of("VK842", count=len(apart),
                               ids=", ".join(apart[:8]) + ("..." if len(apart) > 8 else "")).at(file))
    gone = set(apart)
    return [e for e in edges if e.edge.a not in gone and e.edge.b not in gone]


def _islands_with_waters(contacts, water: set, area: np.ndarray,
                         colour: Optional[Dict[int, int]] = None) -> Dict[int, int]:
    """Islands drawn inside a circle of sea that is their territory: a small
    water region (under half the median sea, at most 12 times the islands)
    holding one island, or a group of islands of one colour (CelticBritain's
    Cornavii), that touch nothing but it.  Returns {ring: island, and each
    other island of the group: island}, the island the largest."""
    neighbours: Dict[int, set] = {}
    for (a, b), n in contacts.items():
        if n >= 3:
            neighbours.setdefault(a, set()).add(b)
            neighbours.setdefault(b, set()).add(a)
    water_areas = sorted(int(area[w]) for w in water)
    if len(water_areas) < 2:
        return {}
    median = water_areas[len(water_areas) // 2]
    out = {}
    for ring in water:
        # the ring may touch other coasts; the island touches the ring alone
        land = [n for n in neighbours.get(ring, ()) if n not in water and neighbours.get(n) == {ring}]
        if not land or len({(colour or {}).get(n, n) for n in land}) != 1:
            continue
        island = max(land, key=lambda n: (int(area[n]), -n))
        if area[ring] <= 12 * sum(int(area[n]) for n in land) and area[ring] < 0.5 * median:
            out[ring] = island
            out.update({n: island for n in land if n != island})
    return out


def _is_line_colour_region(col: int, palette: np.ndarray) -> bool:
    return bool(_value(palette[col:col + 1])[0] < 35)


def _hex(c) -> str:
    return "#%02x%02x%02x" % tuple(int(v) for v in c)


def _sea_colours(palette: np.ndarray, region_colour: Dict[int, int], region_area: np.ndarray) -> List[int]:
    """The sea's colour: of the colours filling regions, the bluish one
    covering most; shades of it (close, of the same hue within 6 degrees)
    count as sea too."""
    total: Dict[int, int] = {}
    for lab, col in region_colour.items():
        total[col] = total.get(col, 0) + int(region_area[lab])
    bluish = [c for c in total if palette[c][2] > palette[c][0] + 15 and palette[c][2] >= palette[c][1] - 10
              and _luminance(palette[c:c + 1])[0] > 60]
    if not bluish:
        return []
    main = max(bluish, key=lambda c: total[c])
    # a shade of the sea keeps its hue (ClassicFog draws each sea a shade
    # apart); a pale lavender land beside a cyan sea does not.  Shades are
    # found step by step, each close to one found: ClassicFog's seas run in
    # steps of 5 from the Atlantic's (90, 90, 200) to the Black Sea's (50, 50, 190)
    hue = [c for c in bluish if _hue_apart(palette[c], palette[main]) <= 6]
    close, todo = [main], [main]
    while todo:
        near = palette[todo.pop()]
        for c in hue:
            if c not in close and np.abs(palette[c] - near).sum() <= 75:
                close.append(c)
                todo.append(c)
    return close


def _hue_apart(a, b) -> float:
    """Degrees between two colours' hues."""
    import colorsys
    ha = colorsys.rgb_to_hsv(*(float(v) / 255 for v in a))[0]
    hb = colorsys.rgb_to_hsv(*(float(v) / 255 for v in b))[0]
    d = abs(ha - hb) % 1.0
    return 360 * min(d, 1 - d)


def _contacts(grown: np.ndarray, near: np.ndarray, water: set, wet: Optional[np.ndarray] = None):
    """Border length (pixel pairs) between each pair of regions, and
    whether a land border reaches the sea (one of its pixels is next to
    water, or to ``wet`` pixels: a navigable river)."""
    from scipy import ndimage
    counts: Dict[Tuple[int, int], int] = {}
    touch: Dict[Tuple[int, int], bool] = {}
    wmask = np.isin(grown, list(water)) if water else np.zeros(grown.shape, dtype=bool)
    if wet is not None:
        wmask = wmask | wet
    wet = ndimage.binary_dilation(wmask, iterations=LINE_WIDTH + 1)
    m = int(grown.max()) + 1   # once: a picture's max per pair cost WWIV 40% of its reading
    for a, b, ok, wt in ((grown[:, :-1], grown[:, 1:], near[:, :-1] & near[:, 1:], wet[:, :-1] | wet[:, 1:]),
                         (grown[:-1, :], grown[1:, :], near[:-1, :] & near[1:, :], wet[:-1, :] | wet[1:, :])):
        diff = (a != b) & (a > 0) & (b > 0) & ok
        lo = np.minimum(a[diff], b[diff]).astype(np.int64)
        hi = np.maximum(a[diff], b[diff]).astype(np.int64)
        wets = wt[diff]
        key = lo * m + hi
        uk, c = np.unique(key, return_counts=True)
        for k, v in zip(uk, c):
            pair = divmod(int(k), m)
            counts[pair] = counts.get(pair, 0) + int(v)
        for k in np.unique(key[wets]):
            touch[divmod(int(k), m)] = True
    return counts, touch


def outlines_art(pm: PictureMap, picture: str) -> str:
    """The art of a picture's variant: the picture itself (by file name,
    beside the SVG) under the traced outlines, filled lightly by terrain
    so both show; the outlines are what the editor edits."""
    from lxml import etree
    from .svg.writer import SVG, outlines_svg
    shapes: Dict[str, List[Sequence[Tuple[float, float]]]] = {}
    for rid, r in pm.inference.regions.items():
        shapes[rid] = [[(float(x), float(y)) for x, y in ring.coords] for part in getattr(r.geom, "geoms", [r.geom])
                       for ring in [part.exterior, *part.interiors]]
    text = outlines_svg(pm.width, pm.height, shapes, {rid: r.terrain.value for rid, r in pm.inference.regions.items()})
    root = etree.fromstring(text.encode())
    image = etree.Element(f"{{{SVG}}}image", x="0", y="0", width=str(pm.width), height=str(pm.height))
    image.set("href", picture)
    root.insert(0, image)
    for path in root.iter(f"{{{SVG}}}path"):
        path.set("fill-opacity", "0.15")
        path.set("stroke-width", "0.5")
    return etree.tostring(root, xml_declaration=True, encoding="utf-8", pretty_print=True).decode()
