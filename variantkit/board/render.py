"""Draw a variant and a game position as SVG: cells or art, centres by owner,
units, orders with their results, and a legend.

The picture is built with lxml and knows nothing of the adjudicator: the
caller hands it :class:`OrderMark` records (what to draw and how it ended).
The editor's play mode and ``variantkit render`` both draw through here.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Dict, Iterable, Mapping, Optional, Sequence, Tuple

from lxml import etree

from ..model import Terrain, Variant, split_location
from .schematic import Board, schematic_board

SVG_NS = "http://www.w3.org/2000/svg"
TERRAIN_FILL = {Terrain.LAND: "#e8dcb5", Terrain.COAST: "#e8dcb5", Terrain.WATER: "#a9cbe6",
                Terrain.IMPASSABLE: "#b5b0a8"}
OUTCOME_COLOUR = {"succeeds": "#1b1b1b", "fails": "#c0271e", "illegal": "#8a8a8a", "": "#1b1b1b"}
DEFAULT_COLOURS = ["#d0443a", "#3a6fd0", "#3aa858", "#e0a030", "#8a4fc0", "#30a8b0", "#c05090",
                   "#707070", "#a06a3a", "#4a4a9a", "#9ab030", "#202020"]


@dataclass(frozen=True)
class OrderMark:
    """One order to draw.  ``kind``: hold, move, support, convoy, retreat,
    disband, build, remove, waive."""
    power: str
    kind: str
    unit: str                      # "A par" (for build: the unit built)
    to: Optional[str] = None       # destination of a move or retreat
    target: Optional[str] = None   # location of the supported or convoyed unit
    target_to: Optional[str] = None  # where that unit goes (None: support to hold)
    outcome: str = ""              # succeeds, fails, illegal, or "" before adjudication
    reason: str = ""
    code: str = ""                 # the outcome's code (variantkit.rules.outcomes.Code)


@dataclass
class Position:
    """What stands on the board: units, owners of centres, dislodged units."""
    phase: str = ""
    units: Mapping[str, Sequence[str]] = field(default_factory=dict)
    centers: Mapping[str, Sequence[str]] = field(default_factory=dict)
    dislodged: Mapping[str, Sequence[str]] = field(default_factory=dict)
    orders: Sequence[OrderMark] = ()

    @staticmethod
    def start(variant: Variant) -> "Position":
        return Position(
            variant.rules.start,
            {p.id: [str(u) for u in p.units] for p in variant.powers},
            {p.id: list(p.starting_centers) for p in variant.powers})


def power_colours(variant: Variant) -> Dict[str, str]:
    return {p.id: p.colour or DEFAULT_COLOURS[i % len(DEFAULT_COLOURS)]
            for i, p in enumerate(variant.powers)}


def element(parent, tag: str, **attrs) -> etree._Element:
    el = etree.SubElement(parent, f"{{{SVG_NS}}}{tag}")
    for k, v in attrs.items():
        el.set(k.rstrip("_").replace("_", "-"), str(v))
    return el


def legend_lines(g, x0: float, y: int, key, width: float) -> int:
    """One legend row per (colour, dash, text): a stroke and its words; the next row's y."""
    for colour, dash, text in key:
        el = element(g, "line", x1=x0, y1=y - 4, x2=x0 + 30, y2=y - 4, stroke=colour, stroke_width=width)
        if dash:
            el.set("stroke-dasharray", dash)
        t = element(g, "text", x=x0 + 38, y=y, fill="#222")
        t.text = text
        y += 18
    return y


def _lighten(colour: str, amount: float = 0.55) -> str:
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    mix = [round(c + (255 - c) * amount) for c in (r, g, b)]
    return "#" + "".join(f"{c:02x}" for c in mix)


def ring_path(rings: Iterable[Sequence[Tuple[float, float]]]) -> str:
    parts = []
    for ring in rings:
        pts = list(ring)
        if len(pts) < 3:
            continue
        parts.append("M" + " L".join(f"{x:.1f},{y:.1f}" for x, y in pts) + " Z")
    return " ".join(parts)


class Painter:
    def __init__(self, variant: Variant, board: Board, position: Position, title: str):
        self.v = variant
        self.board = board
        self.pos = position
        self.title = title
        self.colours = power_colours(variant)
        self.owner = {c: pw for pw, cs in position.centers.items() for c in cs}
        self.legend_w = 230
        w, h = board.width + self.legend_w, board.height
        self.root = etree.Element(f"{{{SVG_NS}}}svg", nsmap={None: SVG_NS})
        self.root.set("viewBox", f"0 0 {w:.0f} {h:.0f}")
        self.root.set("width", f"{w:.0f}")
        self.root.set("height", f"{h:.0f}")

    def point(self, loc: str) -> Tuple[float, float]:
        if loc in self.board.points:
            return self.board.points[loc]
        return self.board.points.get(split_location(loc)[0], (0.0, 0.0))

    def defs(self) -> None:
        d = element(self.root, "defs")
        pat = element(d, "pattern", id="hatch", width=8, height=8, patternUnits="userSpaceOnUse",
                 patternTransform="rotate(45)")
        element(pat, "rect", width=8, height=8, fill=TERRAIN_FILL[Terrain.IMPASSABLE])
        element(pat, "line", x1=0, y1=0, x2=0, y2=8, stroke="#7d776e", stroke_width=3)
        for name, colour in OUTCOME_COLOUR.items():
            m = element(d, "marker", id=f"arrow-{name or 'plain'}", viewBox="0 0 10 10", refX=8, refY=5,
                   markerWidth=5, markerHeight=5, orient="auto-start-reverse")
            element(m, "path", d="M0,0 L10,5 L0,10 z", fill=colour)

    def cells(self) -> None:
        g = element(self.root, "g", id="provinces")
        for p in self.v.provinces:
            rings = self.board.cells.get(p.id)
            if not rings:
                continue
            fill = TERRAIN_FILL[p.terrain]
            if p.terrain is Terrain.IMPASSABLE:
                fill = "url(#hatch)"
            elif p.id in self.owner and p.terrain is not Terrain.WATER:
                fill = _lighten(self.colours[self.owner[p.id]])
            el = element(g, "path", id=f"province-{p.id}", d=ring_path(rings), fill=fill,
                    stroke="#5a5a5a", stroke_width=1.2 if not p.offboard else 2.0, fill_rule="evenodd")
            if p.offboard:
                el.set("stroke-dasharray", "6 3")
            if p.passable_in:
                el.set("fill-opacity", "0.6")
            element(el, "title").text = p.name

    def centres(self) -> None:
        g = element(self.root, "g", id="centres")
        for p in self.v.provinces:
            if not p.center:
                continue
            x, y = self.board.labels.get(p.id, self.point(p.id))
            owner = self.owner.get(p.id)
            half = 3.4 * len(self._label(p))  # beside the label, which is centred on x
            element(g, "circle", cx=f"{x - half - 7:.1f}", cy=f"{y - 4:.1f}", r=4.5,
               fill=self.colours[owner] if owner else "#ffffff", stroke="#222", stroke_width=1)

    @staticmethod
    def _label(p) -> str:
        return p.id.upper() if len(p.id) <= 4 else p.id

    def labels(self) -> None:
        g = element(self.root, "g", id="labels", font_family="DejaVu Sans, sans-serif",
               font_size=11, text_anchor="middle")
        for p in self.v.provinces:
            x, y = self.board.labels.get(p.id, self.point(p.id))
            t = element(g, "text", x=f"{x:.1f}", y=f"{y:.1f}", fill="#2a2a2a")
            t.text = p.label or self._label(p)
            if p.label_angle:  # turned about its own point, as the designer set it
                t.set("transform", f"rotate({p.label_angle:g} {x:.1f} {y:.1f})")
            if p.terrain is Terrain.WATER:
                t.set("font-style", "italic")
                t.set("fill", "#234a70")

    def unit(self, parent, power: str, unit: str, dislodged: bool = False, scale: float = 1.0) -> None:
        kind, _, loc = unit.partition(" ")
        x, y = self.point(loc)
        if dislodged:  # where the variant places it from the unit's spot, else down and right
            prov, coast = split_location(loc)
            p = self.v.province(prov)
            dx, dy = (p.dislodged_offset(coast) if p is not None else None) or (12, 10)
            x, y = x + dx, y + dy
        colour = self.colours.get(power, "#444")
        r = 9 * scale
        g = element(parent, "g", class_="unit", **{"data-unit": unit, "data-power": power})
        if kind == "F":
            element(g, "path", d=f"M{x - r * 1.3:.1f},{y - r * .3:.1f} L{x + r * 1.3:.1f},{y - r * .3:.1f} "
                            f"L{x + r * .8:.1f},{y + r * .8:.1f} L{x - r * .8:.1f},{y + r * .8:.1f} Z "
                            f"M{x - r * .15:.1f},{y - r * .3:.1f} L{x - r * .15:.1f},{y - r * 1.2:.1f} "
                            f"L{x + r * .7:.1f},{y - r * .5:.1f} L{x - r * .15:.1f},{y - r * .5:.1f} Z",
               fill=colour, stroke="#111", stroke_width=1.2)
        else:
            element(g, "circle", cx=f"{x:.1f}", cy=f"{y:.1f}", r=f"{r:.1f}", fill=colour,
               stroke="#111", stroke_width=1.2)
            t = element(g, "text", x=f"{x:.1f}", y=f"{y + 3.5 * scale:.1f}", fill="#fff", font_size=10 * scale,
                   text_anchor="middle", font_family="DejaVu Sans, sans-serif", font_weight="bold")
            t.text = "A"
        if dislodged:
            element(g, "circle", cx=f"{x:.1f}", cy=f"{y:.1f}", r=f"{r + 4:.1f}", fill="none",
               stroke="#c0271e", stroke_width=2)
            g.set("opacity", "0.85")

    def units(self) -> None:
        g = element(self.root, "g", id="units")
        for power, units in self.pos.units.items():
            for u in units:
                self.unit(g, power, u)
        for power, units in self.pos.dislodged.items():
            for u in units:
                self.unit(g, power, u, dislodged=True)

    def _line(self, g, a, b, colour, marker: Optional[str], dash: str = "", width: float = 2.5,
              shorten: float = 11.0):
        (x1, y1), (x2, y2) = a, b
        length = math.hypot(x2 - x1, y2 - y1) or 1.0
        ux, uy = (x2 - x1) / length, (y2 - y1) / length
        x1, y1 = x1 + ux * shorten * 0.6, y1 + uy * shorten * 0.6
        x2, y2 = x2 - ux * shorten, y2 - uy * shorten
        el = element(g, "line", x1=f"{x1:.1f}", y1=f"{y1:.1f}", x2=f"{x2:.1f}", y2=f"{y2:.1f}",
                stroke=colour, stroke_width=width, stroke_linecap="round")
        if marker:
            el.set("marker-end", f"url(#{marker})")
        if dash:
            el.set("stroke-dasharray", dash)
        return el

    def orders(self) -> None:
        g = element(self.root, "g", id="orders", fill="none")
        for o in self.pos.orders:
            colour = OUTCOME_COLOUR.get(o.outcome, "#1b1b1b")
            marker = f"arrow-{o.outcome or 'plain'}"
            at = o.unit.partition(" ")[2]
            here = self.point(at)
            tip = f"{o.unit}: {o.kind}" + (f" ({o.outcome}" + (f": {o.reason}" if o.reason else "") + ")"
                                           if o.outcome else "")
            if o.kind in ("move", "retreat") and o.to:
                el = self._line(g, here, self.point(o.to), colour, marker,
                                dash="" if o.outcome != "illegal" else "4 3")
            elif o.kind == "support" and o.target:
                dest = self.point(o.target_to) if o.target_to else self.point(o.target)
                src = self.point(o.target)
                mid = ((src[0] + dest[0]) / 2, (src[1] + dest[1]) / 2) if o.target_to else src
                el = self._line(g, here, mid, colour, None if o.target_to is None else marker,
                                dash="6 4", width=2)
                if o.target_to is None:
                    element(g, "circle", cx=f"{src[0]:.1f}", cy=f"{src[1]:.1f}", r=15, stroke=colour,
                       stroke_width=2, stroke_dasharray="6 4")
            elif o.kind == "convoy" and o.target:
                src = self.point(o.target)
                dest = self.point(o.target_to) if o.target_to else src
                mid = ((src[0] + dest[0]) / 2, (src[1] + dest[1]) / 2)
                el = self._line(g, here, mid, colour, None, dash="2 4", width=2.5)
            elif o.kind == "hold":
                el = element(g, "circle", cx=f"{here[0]:.1f}", cy=f"{here[1]:.1f}", r=14, stroke=colour,
                        stroke_width=2.5)
            elif o.kind in ("build", "remove", "disband"):
                x, y = here
                if o.kind == "build":
                    self.unit(g, o.power, o.unit, scale=0.8)
                    el = element(g, "circle", cx=f"{x:.1f}", cy=f"{y:.1f}", r=15, stroke="#2a9d3a",
                            stroke_width=3)
                else:
                    el = element(g, "path", d=f"M{x - 10:.1f},{y - 10:.1f} L{x + 10:.1f},{y + 10:.1f} "
                                         f"M{x + 10:.1f},{y - 10:.1f} L{x - 10:.1f},{y + 10:.1f}",
                            stroke="#c0271e", stroke_width=3.5)
            else:
                continue
            element(el, "title").text = tip
            if o.outcome in ("fails", "illegal") and o.kind in ("move", "support", "convoy", "retreat"):
                x, y = here
                element(g, "path", d=f"M{x + 8:.1f},{y - 16:.1f} l8,8 m0,-8 l-8,8",
                   stroke=OUTCOME_COLOUR[o.outcome], stroke_width=2.5)

    def legend(self) -> None:
        x0 = self.board.width + 12
        g = element(self.root, "g", id="legend", font_family="DejaVu Sans, sans-serif", font_size=12)
        element(g, "rect", x=self.board.width, y=0, width=self.legend_w, height=self.board.height,
           fill="#f6f3ea", stroke="#999")
        t = element(g, "text", x=x0, y=24, font_size=15, font_weight="bold", fill="#222")
        t.text = self.title
        y = 50
        if self.pos.phase:
            t = element(g, "text", x=x0, y=y, fill="#222")
            t.text = f"Phase {self.pos.phase}"
            y += 22
        for pw in self.v.powers:
            units = len(self.pos.units.get(pw.id, ()))
            centres = len(self.pos.centers.get(pw.id, ()))
            element(g, "rect", x=x0, y=y - 10, width=14, height=12, fill=self.colours[pw.id], stroke="#222")
            t = element(g, "text", x=x0 + 20, y=y, fill="#222")
            t.text = f"{pw.name}: {centres} centres, {units} units"
            y += 18
        y += 10
        key = [("#1b1b1b", "", "move / order"), ("#1b1b1b", "6 4", "support"),
               ("#1b1b1b", "2 4", "convoy"), (OUTCOME_COLOUR["fails"], "", "failed"),
               (OUTCOME_COLOUR["illegal"], "4 3", "illegal")]
        y = legend_lines(g, x0, y, key, 2.5)
        for line in ("hatched: impassable", "dashed outline: off-board box",
                     "pale: passable in some seasons only"):
            t = element(g, "text", x=x0, y=y + 6, fill="#444", font_size=10)
            t.text = line
            y += 14

    def paint(self) -> etree._Element:
        self.defs()
        element(self.root, "rect", x=0, y=0, width=self.board.width, height=self.board.height,
           fill="#f2efe6")
        self.cells()
        self.labels()
        self.centres()
        self.orders()
        self.units()
        self.legend()
        return self.root


def render_svg(variant: Variant, position: Optional[Position] = None,
               board: Optional[Board] = None, title: Optional[str] = None) -> bytes:
    """The picture as SVG bytes (UTF-8, with an XML declaration)."""
    board = board or schematic_board(variant)
    position = position or Position.start(variant)
    root = Painter(variant, board, position, title or variant.name).paint()
    return etree.tostring(root, xml_declaration=True, encoding="utf-8", pretty_print=True)
