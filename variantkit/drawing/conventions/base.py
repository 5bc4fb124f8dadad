"""What a convention reads from a drawing, and the helpers they share."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Dict, List, Optional, Set, Tuple

from ..geometry.shapes import DrawnShape
from ...problems import Problem

Point = Tuple[float, float]

COAST_ID = re.compile(r"^([a-z0-9]+)[-/_ ](nc|sc|ec|wc|ne|nw|se|sw|[a-z]c)$")
_NAMED = {"aqua", "cyan", "navy", "teal", "lightblue", "skyblue", "lightskyblue", "powderblue", "steelblue",
          "lightsteelblue", "cornflowerblue", "dodgerblue", "deepskyblue", "royalblue", "blue",
          "mediumblue", "darkblue", "cadetblue", "paleturquoise", "turquoise", "lightcyan", "aliceblue"}


@dataclass
class Reading:
    """The drawing's provinces and what the art says of them, as proposals."""
    convention: str                      # jdip | diplicity | diplomacygm | inkscape | plain
    shapes: List[DrawnShape]
    names: Dict[str, str] = field(default_factory=dict)         # province id -> full name
    centres: Set[str] = field(default_factory=set)              # provinces with a centre marker
    unit_pos: Dict[str, Point] = field(default_factory=dict)    # location -> where its unit stands
    dislodged_pos: Dict[str, Point] = field(default_factory=dict)  # location -> where a dislodged unit is drawn
    label_pos: Dict[str, Point] = field(default_factory=dict)   # province -> where its name is drawn
    colours: Dict[str, str] = field(default_factory=dict)       # power -> colour
    labels: List[Tuple[str, Point]] = field(default_factory=list)  # texts to match to the nearest shape
    label_sizes: Dict[Tuple[str, Point], float] = field(default_factory=dict)  # a label's font size, where given
    markers: List[Point] = field(default_factory=list)          # centre markers to place in shapes
    lines: List[List[Point]] = field(default_factory=list)      # unfilled strokes that may draw links
    # of those, strokes painted in the land's colour across water: a causeway joins
    # the two shores as one coast (fleets pass), where a bare stroke is a bridge
    causeways: List[List[Point]] = field(default_factory=list)
    terrain_drawn: bool = True           # False: no fill or class said land or water
    # the adjacency rule the file states (DiplomacyGM's border_margin_hint): shapes
    # nearer than ``margin`` border, however short the stretch; None: measured
    margin: Optional[float] = None
    # links the file states outside the shapes (DiplomacyGM's config overrides)
    links_added: List[Tuple[str, str]] = field(default_factory=list)
    links_removed: List[Tuple[str, str]] = field(default_factory=list)
    coasts_stated: Dict[str, List[str]] = field(default_factory=dict)   # "prov/nc" -> what its fleet reaches
    rivers: List[Tuple[str, str]] = field(default_factory=list)   # provinces along one drawn river
    terrain_share: Dict[str, float] = field(default_factory=dict)   # debugging aid: visible water share
    doubtful_terrain: Dict[str, str] = field(default_factory=dict)  # province -> why its terrain is unsure
    problems: List[Problem] = field(default_factory=list)


def take_labels(reading: "Reading", texts) -> None:
    """The texts as labels, with their font sizes (line spacing for names drawn on two lines)."""
    reading.labels = [(t.text, (t.x, t.y)) for t in texts]
    reading.label_sizes = {(t.text, (t.x, t.y)): t.size for t in texts if t.size}


def rgb(fill: str) -> Optional[Tuple[int, int, int]]:
    fill = (fill or "").strip().lower()
    m = re.fullmatch(r"#?([0-9a-f]{6})", fill)
    if m:
        six = m.group(1)
        return int(six[0:2], 16), int(six[2:4], 16), int(six[4:6], 16)
    m = re.fullmatch(r"#([0-9a-f]{3})", fill)
    if m:
        three = m.group(1)
        return int(three[0] * 2, 16), int(three[1] * 2, 16), int(three[2] * 2, 16)
    return None


def css_hex(colour: str) -> Optional[str]:
    """A CSS colour (#rgb, #rrggbb with or without alpha, rgb() and rgba() in
    integers or percentages, hsl(), a CSS name) as ``#rrggbb``; None for
    anything else: a malformed value (``rgb(1.5,0,0)``, ``rgb(300,0,0)``, an
    unknown name), ``transparent`` or ``currentColor``.  Read by Pillow's
    ImageColor, which refuses what it cannot read rather than guessing black."""
    from PIL import ImageColor
    text = (colour or "").strip()
    if not text or len(text) > 100:
        return None
    # CSS's alpha is 0 to 1 (or a percentage), Pillow's 0 to 255: the colour is read without it
    alpha = re.fullmatch(r"(rgb|hsl)a\((.*),\s*((?:\d+\.?\d*|\.\d+)%?)\s*\)", text, flags=re.I)
    if alpha:
        text = f"{alpha.group(1)}({alpha.group(2)})"
    try:
        got = ImageColor.getrgb(text)
    except ValueError:
        return None
    if not all(isinstance(c, int) and 0 <= c <= 255 for c in got):
        return None
    return "#{:02x}{:02x}{:02x}".format(*got[:3])


def is_water_fill(fill: str) -> Optional[bool]:
    f = (fill or "").strip().lower()
    if not f or f == "none" or f.startswith("url("):
        return None
    if f in _NAMED:
        return True
    c = rgb(f)
    if c is None:
        return False
    r, g, b = c
    return b > r + 25 and b >= g - 10


def is_impassable_fill(fill: str) -> bool:
    f = (fill or "").strip().lower()
    if "impassable" in f:           # a pattern named so (Diplicity's stripes)
        return True
    c = rgb(f)
    if c is None:
        return f in ("gray", "grey", "darkgray", "darkgrey", "dimgray", "dimgrey")
    r, g, b = c
    return max(r, g, b) - min(r, g, b) < 20 and 60 < r < 200  # a grey: rock, ice, no land


def middle(rings) -> Point:
    """The middle of a marker's bounding box."""
    xs = [x for ring in rings for x, _ in ring]
    ys = [y for ring in rings for _, y in ring]
    return ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2)
