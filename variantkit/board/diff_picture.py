"""A subvariant's changes on the board: the other variant drawn as usual,
with every change of :func:`variantkit.review.diff.diff_variants` marked on it and
listed in the legend.

Provinces whose terrain, centre or other fields changed get a thick orange
outline (green: added); edges added or removed are drawn between the two
locations in green or red, with the unit type that may cross (A or F) in a
disc at the middle; home centres gained or lost are ringed; units added are
drawn ringed in green, units removed are crossed out in red.
"""
from __future__ import annotations

import math
import re
from typing import List, Optional, Tuple

from lxml import etree

from ..review.diff import Line, diff_variants
from ..model import Variant
from .render import Position, element, Painter, ring_path, legend_lines
from .schematic import Board, schematic_board

ADDED, REMOVED, CHANGED = "#2a9d3a", "#c0271e", "#e07b00"
COLOUR = {"added": ADDED, "removed": REMOVED, "changed": CHANGED}


class _DiffPainter(Painter):
    def __init__(self, base: Variant, other: Variant, board: Board, changes: List[Line]):
        super().__init__(other, board, Position.start(other), f"{base.name} -> {other.name}")
        self.base = base
        self.changes = changes
        self.legend_w = 330
        w, h = board.width + self.legend_w, board.height
        self.root.set("viewBox", f"0 0 {w:.0f} {h:.0f}")
        self.root.set("width", f"{w:.0f}")
        self.root.set("height", f"{h:.0f}")

    def _centre(self, pid: str) -> Tuple[float, float]:
        return self.board.labels.get(pid, self.point(pid))

    def marks(self) -> None:
        g = element(self.root, "g", id="changes", fill="none")
        homes = {(c["change"], c["id"]) for c in self.changes if c["what"] == "home centre"}
        for line in self.changes:
            if line["what"] == "starting centre" and (line["change"], line["id"]) in homes:
                continue  # the home's ring says it already
            what, change, ident = line["what"], line["change"], line["id"]
            colour = COLOUR[change]
            tip = f"{change} {what} {ident}" + (f": {line['detail']}" if line.get("detail") else "")
            if what == "province":
                rings = self.board.cells.get(ident)
                if rings:
                    el = element(g, "path", d=ring_path(rings), stroke=colour, stroke_width=4.5,
                            fill=colour, fill_opacity=0.18, **{"class": f"province-{change}"})
                    el.set("data-province", ident)
                    element(el, "title").text = tip
            elif what.endswith(" edge"):
                a, b = re.split(r" -> | - ", ident)
                unit = "A" if what.startswith("army") else "F"
                self.edge(g, a, b, unit, colour, change, tip)
            elif what in ("home centre", "starting centre"):
                _, pid = ident.split()
                x, y = self._centre(pid)
                el = element(g, "circle", cx=f"{x:.1f}", cy=f"{y:.1f}", r=16, stroke=colour, stroke_width=3.5,
                        stroke_dasharray="" if change == "added" else "5 3", **{"class": f"home-{change}"})
                element(el, "title").text = tip
            elif what == "unit":
                power, unit = ident.split(" ", 1)
                x, y = self.point(unit.split()[1])
                if change == "added":
                    self.unit(g, power, unit)
                    el = element(g, "circle", cx=f"{x:.1f}", cy=f"{y:.1f}", r=15, stroke=colour, stroke_width=3,
                            **{"class": "unit-added"})
                else:
                    el = element(g, "path", d=f"M{x - 11:.1f},{y - 11:.1f} L{x + 11:.1f},{y + 11:.1f} "
                                         f"M{x + 11:.1f},{y - 11:.1f} L{x - 11:.1f},{y + 11:.1f}",
                            stroke=colour, stroke_width=4, **{"class": "unit-removed"})
                element(el, "title").text = tip

    def edge(self, g, a: str, b: str, unit: str, colour: str, change: str, tip: str) -> None:
        (x1, y1), (x2, y2) = self.point(a), self.point(b)
        el = element(g, "line", x1=f"{x1:.1f}", y1=f"{y1:.1f}", x2=f"{x2:.1f}", y2=f"{y2:.1f}", stroke=colour,
                stroke_width=4, stroke_linecap="round", **{"class": f"edge-{change}"})
        if change == "removed":
            el.set("stroke-dasharray", "9 5")
        el.set("data-edge", f"{a} {b} {unit}")
        element(el, "title").text = tip
        mx, my = (x1 + x2) / 2, (y1 + y2) / 2
        if math.hypot(x2 - x1, y2 - y1) < 1:
            return
        element(g, "circle", cx=f"{mx:.1f}", cy=f"{my:.1f}", r=9, fill="#ffffff", stroke=colour, stroke_width=2)
        t = element(g, "text", x=f"{mx:.1f}", y=f"{my + 4:.1f}", fill=colour, font_size=11, font_weight="bold",
               text_anchor="middle", font_family="DejaVu Sans, sans-serif", stroke="none")
        t.text = unit

    def legend(self) -> None:
        x0 = self.board.width + 12
        g = element(self.root, "g", id="legend", font_family="DejaVu Sans, sans-serif", font_size=12)
        element(g, "rect", x=self.board.width, y=0, width=self.legend_w, height=self.board.height,
           fill="#f6f3ea", stroke="#999")
        y = 24
        for text, size in ((self.base.name, 14), (f"-> {self.v.name}", 14)):
            t = element(g, "text", x=x0, y=y, font_size=size, font_weight="bold", fill="#222")
            t.text = text
            y += 20
        y += 6
        key = [(ADDED, "", "added"), (REMOVED, "9 5", "removed"), (CHANGED, "", "changed")]
        y = legend_lines(g, x0, y, key, 4)
        t = element(g, "text", x=x0, y=y + 2, fill="#444", font_size=10)
        t.text = "A / F on a link: the unit type that may cross"
        y += 26
        t = element(g, "text", x=x0, y=y, fill="#222", font_weight="bold")
        t.text = f"{len(self.changes)} change(s)" if self.changes else "no changes"
        y += 18
        room = int((self.board.height - y - 10) // 15)
        shown = self.changes if len(self.changes) <= room else self.changes[:max(room - 1, 0)]
        for line in shown:
            text = f"{line['change']} {line['what']} {line['id']}" + (
                f": {line['detail']}" if line.get("detail") else "")
            t = element(g, "text", x=x0, y=y, fill=COLOUR[line["change"]], font_size=11)
            t.text = text if len(text) <= 50 else text[:49] + "..."
            y += 15
        if len(shown) < len(self.changes):
            t = element(g, "text", x=x0, y=y, fill="#444", font_size=11)
            t.text = f"... and {len(self.changes) - len(shown)} more (variantkit diff)"

    def paint(self) -> etree._Element:
        self.defs()
        element(self.root, "rect", x=0, y=0, width=self.board.width, height=self.board.height, fill="#f2efe6")
        self.cells()
        self.labels()
        self.centres()
        self.units()
        self.marks()
        self.legend()
        return self.root


def diff_svg(base: Variant, other: Variant, board: Optional[Board] = None) -> bytes:
    """The picture of what ``other`` changes in ``base``, as SVG bytes.

    Drawn on ``board`` (the variant's art when given) or on the schematic
    board of whichever of the two has every province of the other, so that
    removed and added provinces both have a cell where possible."""
    if board is None:
        ids_b = {p.id for p in base.provinces}
        ids_o = {p.id for p in other.provinces}
        board = schematic_board(other if ids_b <= ids_o else base)
    root = _DiffPainter(base, other, board, diff_variants(base, other)).paint()
    return etree.tostring(root, xml_declaration=True, encoding="utf-8", pretty_print=True)

