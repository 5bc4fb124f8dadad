"""A subvariant's changes from its base, on the map and in a list: the
editor's view of ``variantkit diff BASE OTHER --render``.

The marks follow :mod:`variantkit.board.diff_picture`: provinces changed are
outlined in orange (green when added), edges added or removed are drawn in
green or red (removed dashed) with the unit type that may cross (A or F) at
the middle, homes gained or lost are ringed, units added ringed and units
removed crossed out.  The marks are the overlay's own items on the scene:
the scene's rebuilds leave them alone, and they are redrawn whenever the
document changes (an edit changes the diff too).
"""
from __future__ import annotations

import os
import re
from typing import List, Optional, Tuple

from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsPathItem, QLabel, QListWidget, QListWidgetItem, QVBoxLayout, QWidget

from variantkit.review.diff import Line, diff_variants
from variantkit.board.diff_picture import ADDED, CHANGED, COLOUR, REMOVED
from variantkit.model import split_location

from .document import Document

Z = 6  # above the units (4) and the play marks (5)


def describe(line: Line) -> str:
    return f"{line['change']} {line['what']} {line['id']}" + (f": {line['detail']}" if line.get("detail") else "")


def province_of(line: Line) -> Optional[str]:
    """The province a change is about (an edge: its first end), if any."""
    what, ident = line["what"], line["id"]
    if what == "province":
        return ident
    if what.endswith(" edge"):
        return split_location(re.split(r" -> | - ", ident)[0])[0]
    if what in ("home centre", "starting centre"):
        return ident.split()[1]
    if what == "unit":
        return split_location(ident.split()[-1])[0]
    return None


class ChangeMark(QGraphicsPathItem):
    """One drawn change.  Its shape is empty so that clicks and tools go
    through it to the province underneath (so it has no tooltip: the
    Changes list says what it is)."""

    def __init__(self, path: QPainterPath, line: Line, kind: str):
        super().__init__(path)
        self.line, self.kind = line, kind
        self.ends: Optional[Tuple[str, str, str]] = None  # an edge's provinces and unit type
        self.setZValue(Z)
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)

    def shape(self) -> QPainterPath:
        return QPainterPath()

    def boundingRect(self) -> QRectF:
        # Qt derives a wide pen's bounding rect from shape(): drawn area given here
        w = self.pen().widthF() / 2 + 1
        return self.path().boundingRect().adjusted(-w, -w, w, w)


class ChangesOverlay:
    """The marks on the scene; ``shown`` toggles them."""

    def __init__(self, scene, doc: Document):
        self.scene, self.doc = scene, doc
        self.marks: List[ChangeMark] = []
        self.lines: List[Line] = []
        self.shown = True

    def refresh(self) -> None:
        for m in self.marks:
            self.scene.removeItem(m)
        self.marks = []
        base = self.doc.base
        self.lines = diff_variants(base, self.doc.variant) if base is not None else []
        if self.shown:
            self._draw()

    def set_shown(self, on: bool) -> None:
        self.shown = on
        self.refresh()

    def _add(self, path: QPainterPath, line: Line, kind: str, pen: QPen, brush=None) -> ChangeMark:
        mark = ChangeMark(path, line, kind)
        mark.setPen(pen)
        mark.setBrush(brush or QBrush(Qt.BrushStyle.NoBrush))
        self.scene.addItem(mark)
        self.marks.append(mark)
        return mark

    def _draw(self) -> None:
        homes = {(c["change"], c["id"]) for c in self.lines if c["what"] == "home centre"}
        ids = {p.id for p in self.doc.variant.provinces}
        for line in self.lines:
            what, change, ident = line["what"], line["change"], line["id"]
            colour = QColor(COLOUR[change])
            if what == "starting centre" and (change, ident) in homes:
                continue  # the home's ring says it already
            if what == "province":
                rings = self.doc.outlines.get(ident) if ident in ids else None
                if not rings:
                    continue  # a removed province has no shape here: listed only
                path = QPainterPath()
                for ring in rings:
                    path.moveTo(*ring[0])
                    for x, y in ring[1:]:
                        path.lineTo(x, y)
                    path.closeSubpath()
                fill = QColor(colour)
                fill.setAlphaF(0.18)
                self._add(path, line, f"province-{change}", self._pen(colour, 4.5), QBrush(fill))
            elif what.endswith(" edge"):
                a, b = re.split(r" -> | - ", ident)
                self._edge(line, a, b, "A" if what.startswith("army") else "F", colour, change)
            elif what in ("home centre", "starting centre"):
                c = self.scene.centre_of(ident.split()[1])
                path = QPainterPath()
                path.addEllipse(c, 16, 16)
                self._add(path, line, f"home-{change}", self._pen(colour, 3.5, dashed=change != "added"))
            elif what == "unit":
                c = self.scene.centre_of(ident.split()[-1])
                path = QPainterPath()
                if change == "added":
                    path.addEllipse(c, 15, 15)
                else:
                    path.moveTo(c.x() - 11, c.y() - 11)
                    path.lineTo(c.x() + 11, c.y() + 11)
                    path.moveTo(c.x() + 11, c.y() - 11)
                    path.lineTo(c.x() - 11, c.y() + 11)
                self._add(path, line, f"unit-{change}", self._pen(colour, 4 if change != "added" else 3))

    @staticmethod
    def _pen(colour: QColor, width: float, dashed: bool = False) -> QPen:
        pen = QPen(colour, width)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        if dashed:
            pen.setStyle(Qt.PenStyle.DashLine)
        return pen

    def _edge(self, line: Line, a: str, b: str, unit: str, colour: QColor, change: str) -> None:
        p, q = self.scene.centre_of(a), self.scene.centre_of(b)
        path = QPainterPath(p)
        path.lineTo(q)
        mark = self._add(path, line, f"edge-{change}", self._pen(colour, 4, dashed=change == "removed"))
        mark.ends = (a, b, unit)
        # the unit type that may cross, in a disc at the middle
        mid = QPointF((p.x() + q.x()) / 2, (p.y() + q.y()) / 2)
        disc = QPainterPath()
        disc.addEllipse(mid, 9, 9)
        self._add(disc, line, "edge-unit", self._pen(colour, 2), QBrush(QColor("white")))
        text = QPainterPath()
        font = QFont("DejaVu Sans", 8)
        font.setBold(True)
        text.addText(0, 0, font, unit)
        box: QRectF = text.boundingRect()
        text.translate(mid.x() - box.center().x(), mid.y() - box.center().y())
        glyph = self._add(text, line, "edge-unit", QPen(Qt.PenStyle.NoPen), QBrush(colour))
        glyph.setZValue(Z + 0.1)


LEGEND = (f'<b>On the map</b><br>'
          f'<span style="color:{ADDED}">&#9473;&#9473;</span> added &nbsp; '
          f'<span style="color:{REMOVED}">&#9477;&#9477;</span> removed &nbsp; '
          f'<span style="color:{CHANGED}">&#9473;&#9473;</span> changed<br>'
          'provinces outlined, links drawn with the unit type that may cross (A or F), '
          'homes ringed (dashed: lost), units ringed (added) or crossed out (removed)')


class ChangesPanel(QWidget):
    """The base, a legend and every change; clicking one selects its province."""
    province_selected = Signal(str)

    def __init__(self, overlay: ChangesOverlay, parent=None):
        super().__init__(parent)
        self.overlay = overlay
        self.base_label = QLabel()
        self.base_label.setWordWrap(True)
        self.legend = QLabel(LEGEND)
        self.legend.setWordWrap(True)
        self.list = QListWidget()
        self.list.setWordWrap(True)  # a change's detail is read whole, not scrolled to
        self.list.setResizeMode(QListWidget.ResizeMode.Adjust)
        layout = QVBoxLayout(self)
        layout.addWidget(self.base_label)
        layout.addWidget(self.legend)
        layout.addWidget(self.list, 1)
        self.list.itemClicked.connect(self._pick)
        self.list.itemActivated.connect(self._pick)

    def fill(self) -> None:
        doc = self.overlay.doc
        self.list.clear()
        if doc.base is None:
            self.base_label.setText("Not a subvariant: a variant that extends another shows its changes here.")
            return
        where = os.path.relpath(doc.base_path) if doc.base_path else ""
        n = len(self.overlay.lines)
        self.base_label.setText(f"<b>{doc.variant.name}</b> against its base <b>{doc.base.name}</b> ({where}): "
                                + (f"{n} change(s)" if n else "no changes"))
        for line in self.overlay.lines:
            item = QListWidgetItem(describe(line))
            item.setToolTip(describe(line))
            item.setForeground(QBrush(QColor(COLOUR[line["change"]])))
            item.setData(Qt.ItemDataRole.UserRole, province_of(line))
            self.list.addItem(item)

    def _pick(self, item: QListWidgetItem) -> None:
        pid = item.data(Qt.ItemDataRole.UserRole)
        if pid:
            self.province_selected.emit(pid)

