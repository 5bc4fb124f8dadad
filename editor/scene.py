"""The map scene: rebuilt from the document whenever it changes.

Provinces are filled by terrain (impassable hatched, off-board boxes dashed,
seasonal spaces pale), centres marked, starting units drawn in their power's
colour, and the adjacency graph drawn over it when asked (armies, fleets and
straits styled apart).  Tools receive the scene's mouse events through
``tool``; the scene itself changes nothing.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Dict, Iterable, List, Optional, Tuple

from PySide6.QtCore import QPointF, Qt, Signal
from PySide6.QtGui import QBrush, QColor, QFont, QPainterPath, QPainterPathStroker, QPen, QPolygonF
from PySide6.QtWidgets import (QGraphicsEllipseItem, QGraphicsItem, QGraphicsPathItem,
                               QGraphicsScene, QGraphicsSimpleTextItem)

from variantkit.model import Terrain, Unit, split_location
from variantkit.board.render import power_colours

from .document import Document
from .tools import Handle, Tool

if TYPE_CHECKING:
    from .play import PlayPanel

FILL = {Terrain.LAND: "#e8dcb5", Terrain.COAST: "#e3d39f", Terrain.WATER: "#a9cbe6",
        Terrain.IMPASSABLE: "#9a958c"}


UNIT_OF = 1  # the item data key naming the province a unit marker stands for


class ProvinceItem(QGraphicsPathItem):
    def __init__(self, pid: str, path: QPainterPath):
        super().__init__(path)
        self.pid = pid
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsSelectable, True)
        self.setZValue(0)


class EdgeItem(QGraphicsPathItem):
    """An edge of the overlay: selectable by a click near its line."""

    def __init__(self, edge, path: QPainterPath):
        super().__init__(path)
        self.edge = edge
        self.key = edge.key
        self.setFlag(QGraphicsItem.GraphicsItemFlag.ItemIsSelectable, True)
        self.setZValue(2)

    END_CLEAR = 14.0  # edges meet at a province's centre: a click there picks the province

    _shape: Optional[QPainterPath] = None

    def setPath(self, path: QPainterPath) -> None:
        self._shape = None
        super().setPath(path)

    def shape(self) -> QPainterPath:
        # the line is set once (a changed edge is a new item): its hit area is kept
        if self._shape is None:
            self._shape = self._hit_area()
        return self._shape

    def _hit_area(self) -> QPainterPath:
        path = self.path()
        length = path.length()
        if length > 0 and path.elementCount() == 2:
            # a straight line (most links): its middle part is the segment between
            # the two cut points, the points between them on it add nothing
            cut = min(0.3, self.END_CLEAR / length)
            middle = QPainterPath(path.pointAtPercent(cut))
            middle.lineTo(path.pointAtPercent(1 - cut))
            path = middle
        elif length > 0:
            cut = min(0.3, self.END_CLEAR / length)
            middle = QPainterPath(path.pointAtPercent(cut))
            for i in range(1, 17):
                middle.lineTo(path.pointAtPercent(cut + (1 - 2 * cut) * i / 16))
            path = middle
        stroker = QPainterPathStroker()
        stroker.setWidth(7.0)  # a thin line is still easy to hit
        return stroker.createStroke(path)


# how the overlay tells edges apart; the legend shows the same styles
EDGE_STYLES = {"both": ("#555555", Qt.PenStyle.SolidLine, 1.6), "army": ("#2f8f2f", Qt.PenStyle.SolidLine, 2.2),
               "fleet": ("#1f5fa0", Qt.PenStyle.DashLine, 1.6), "strait": ("#b02020", Qt.PenStyle.DashDotLine, 2.2)}


# an edge open in some seasons only: dotted, in its kind's colour
SEASONAL_STYLE = Qt.PenStyle.DotLine


def edge_style(e) -> str:
    return "strait" if e.strait else e.units.value


class MapScene(QGraphicsScene):
    province_clicked = Signal(str)

    def __init__(self, doc: Document, parent=None):
        super().__init__(parent)
        self.doc = doc
        self.items_by_id: Dict[str, ProvinceItem] = {}
        self._owned: List[QGraphicsItem] = []
        self.play: Optional[PlayPanel] = None  # when test-playing: its position replaces the start
        self.show_edges = True
        self.tool: Optional[Tool] = None  # None: the selection's own rubber band and clicks
        self.edge_items: Dict[tuple, EdgeItem] = {}
        self._hidden = {}  # links an undo took away, kept to show again (by id of their edge)
        self.highlight: Optional[Tuple[str, str]] = None  # a proposal picked in its list, drawn over the map
        doc.changed.connect(self.rebuild)
        self.rebuild()

    def centre_of(self, pid: str) -> QPointF:
        prov, cid = split_location(pid)
        p = self.doc.variant.province(prov)
        if p is not None and cid:
            return self.coast_pos(p, cid)
        if p is not None and p.unit_pos is not None:
            return QPointF(*p.unit_pos)
        item = self.items_by_id.get(prov)
        return item.boundingRect().center() if item else QPointF(0, 0)

    def coast_pos(self, p, cid: str) -> QPointF:
        """A named coast's own unit position; where none is set, a point inside
        the province near its shore on the side of the waters that coast reaches."""
        coast = p.coast(cid)
        if coast is not None and coast.unit_pos is not None:
            return QPointF(*coast.unit_pos)
        here = self.centre_of(p.id)
        loc = f"{p.id}/{cid}"
        def reach(where):
            return {split_location(e.b if e.a == where else e.a)[0] for e in self.doc.variant.edges
                    if where in (e.a, e.b)}
        mine = reach(loc)
        others = set().union(*(reach(f"{p.id}/{c.id}") for c in p.coasts if c.id != cid))
        # the waters only this coast reaches tell it from the others
        waters = [self.centre_of(w) for w in sorted(mine - others or mine)]
        rings = self.doc.outlines.get(p.id)
        if not waters or not rings:
            return here
        tx = sum(w.x() for w in waters) / len(waters)
        ty = sum(w.y() for w in waters) / len(waters)
        shape = _path(rings)
        # walk from the province's centre towards those waters; stop short of the shore
        last = None
        for i in range(1, 41):
            at = QPointF(here.x() + (tx - here.x()) * i / 40, here.y() + (ty - here.y()) * i / 40)
            if not shape.contains(at):
                break
            last = at
        if last is not None:
            return QPointF(here.x() + (last.x() - here.x()) * 0.75, here.y() + (last.y() - here.y()) * 0.75)
        return here

    def rebuild(self, kind: str = "all") -> None:
        if kind.startswith("outline:") and self._reshape(kind.split(":", 1)[1]):
            return
        selected = {i.pid for i in self.selectedItems() if isinstance(i, ProvinceItem)} | \
            {i.key for i in self.selectedItems() if isinstance(i, EdgeItem)}
        # clearing deletes the items: listeners must not look at the selection meanwhile
        self.blockSignals(True)
        try:
            if kind != "all" and self._spaces_as_built():
                self._rebuild_tail(selected)
            else:
                # items are removed one by one and left to Python, which holds them all;
                # QGraphicsScene.clear() would delete them under Python's feet
                for item in self._owned + list(self._hidden.values()):
                    self.removeItem(item)
                self._owned = []
                self._hidden = {}
                self.items_by_id = {}
                self.edge_items = {}
                self._build(selected)
        finally:
            self.blockSignals(False)
        self.selectionChanged.emit()

    # what the provinces' items were drawn from: while it holds, a change (links
    # accepted, undone, restyled) redraws only what is drawn after them
    _built: Optional[tuple] = None
    _tail = 0  # where the items drawn after the provinces start in _owned
    # link items whose link went (undone, unlinked), hidden and kept by the link's
    # id (the item holds the link, so the id is not reused): an undo or redo gives
    # back the very same link objects, and showing an item again costs a
    # microsecond where removing it from the scene's index and making it anew cost
    # tens (2,810 links at 1,000 provinces: most of an undo of Accept all)
    _hidden: Dict[int, "EdgeItem"]
    HIDDEN_MAX = 50_000  # past this, the oldest hidden are removed for good

    def _spaces_now(self) -> tuple:
        v = self.doc.variant
        playing = self.play is not None and self.play.game is not None
        return (v.provinces, v.powers, self.doc.art_width, self.doc.art_height, playing)

    def _spaces_as_built(self) -> bool:
        built = self._built
        if built is None or built[0] != self._spaces_now():
            return False
        outlines, was = self.doc.outlines, built[1]
        # outlines are copy-on-write: an unchanged shape is the very same rings
        return len(outlines) == len(was) and all(outlines.get(k) is r for k, r in was.items())

    def _rebuild_tail(self, selected) -> None:
        """Redraw what follows the provinces (units, coasts, links, the tools'
        marks); a link item whose link is unchanged stays as it is."""
        # links by identity (a state's links are the same objects when undone or
        # redone; an equal link made anew is drawn anew, as it would be)
        keep: Dict[int, EdgeItem] = {}
        edges = {id(e) for e in self.doc.variant.edges} if self.show_edges else set()
        for item in self._owned[self._tail:]:
            if isinstance(item, EdgeItem) and id(item.edge) not in keep:
                if id(item.edge) in edges:
                    keep[id(item.edge)] = item
                else:
                    self._hide(item)
            else:
                self.removeItem(item)
        del self._owned[self._tail:]
        self.edge_items = {}
        self._build_tail(selected, keep)
        if len(self._hidden) > self.HIDDEN_MAX:
            for gone in list(self._hidden)[:len(self._hidden) - self.HIDDEN_MAX]:
                self.removeItem(self._hidden.pop(gone))

    def _hide(self, item: "EdgeItem") -> None:
        if item.isSelected():
            item.setSelected(False)
        item.setVisible(False)
        self._hidden[id(item.edge)] = item

    def _build(self, selected) -> None:
        v = self.doc.variant
        self.setSceneRect(0, 0, self.doc.art_width, self.doc.art_height)
        owners = {h: pw.id for pw in v.powers for h in pw.homes}
        if self.play is not None and self.play.game is not None:
            owners = self.play.centre_owners()  # test-playing: who holds each centre now
        colours = power_colours(v)
        for p in v.provinces:
            rings = self.doc.outlines.get(p.id)
            if not rings:
                continue
            item = ProvinceItem(p.id, _path(rings))
            colour = QColor(FILL[p.terrain])
            if p.id in owners and p.terrain is not Terrain.WATER:
                colour = QColor(colours[owners[p.id]]).lighter(150)
            brush = QBrush(colour)
            if p.terrain is Terrain.IMPASSABLE:
                brush = QBrush(QColor("#6d685f"), Qt.BrushStyle.BDiagPattern)
            if p.passable_in:
                colour.setAlpha(140)
                brush = QBrush(colour)
            item.setBrush(brush)
            pen = QPen(QColor("#4a4a4a"), 1.0)
            if p.offboard:
                pen.setStyle(Qt.PenStyle.DashLine)
                pen.setWidthF(2.0)
            item.setPen(pen)
            item.setToolTip(f"{p.name} ({p.id}): {p.terrain.value}")
            self._add(item)
            self.items_by_id[p.id] = item
            if p.id in selected:
                item.setSelected(True)
            centre = self.centre_of(p.id)
            label = QGraphicsSimpleTextItem(p.label or p.id.upper())
            label.setFont(QFont("DejaVu Sans", 7))
            if p.label_pos is not None and p.label_pos != p.unit_pos:
                label.setPos(p.label_pos[0] - label.boundingRect().width() / 2, p.label_pos[1] - 5)
            else:
                label.setPos(centre.x() - label.boundingRect().width() / 2, centre.y() - 14)
            if p.label_angle:  # turned about the middle of its text, as render turns it
                label.setTransformOriginPoint(label.boundingRect().width() / 2, 5)
                label.setRotation(p.label_angle)
            label.setZValue(3)
            self._add(label)
            if p.center:
                dot = QGraphicsEllipseItem(centre.x() - 3, centre.y() + 2, 6, 6)
                dot.setBrush(QBrush(QColor(colours[owners[p.id]]) if p.id in owners else QColor("white")))
                dot.setZValue(3)
                self._add(dot)
        self._built = (self._spaces_now(), dict(self.doc.outlines))
        self._tail = len(self._owned)
        self._build_tail(selected, {})

    def _build_tail(self, selected, keep) -> None:
        """Units, coasts, links and the tools' marks: what is drawn over the provinces."""
        v = self.doc.variant
        colours = power_colours(v)
        play = self.play
        view = play.view() if play is not None else None
        placed = view[0] if view else {pw.id: [str(u) for u in pw.units] for pw in v.powers}
        for pw in v.powers:
            for text in placed.get(pw.id, ()):
                u = Unit.parse(text)
                c = self.centre_of(u.location)
                mark = QGraphicsEllipseItem(c.x() - 6, c.y() - 6, 12, 12) if u.type.value == "A" else \
                    QGraphicsPathItem(_boat(c))
                mark.setBrush(QBrush(QColor(colours[pw.id])))
                mark.setPen(QPen(QColor("#111"), 1))
                mark.setZValue(4)
                mark.setToolTip(f"{pw.name}: {u}")
                mark.setData(UNIT_OF, split_location(u.location)[0])  # a click on it is its province's
                self._add(mark)
        for p in v.provinces:
            for coast in p.coasts:  # each named coast where its fleets stand
                at = self.coast_pos(p, coast.id)
                name = QGraphicsSimpleTextItem(coast.id)
                name.setFont(QFont("DejaVu Sans", 6))
                name.setBrush(QBrush(QColor("#1f3f7a")))
                name.setPos(at.x() - name.boundingRect().width() / 2, at.y() - 4)
                name.setZValue(3)
                name.setToolTip(f"{p.name} ({p.id}/{coast.id})")
                self._add(name)
        if self.show_edges and view is None:
            self._draw_edges(selected, keep)
        else:
            for item in keep.values():
                self._hide(item)
        if self.tool is not None:
            self._draw_handles(self.tool.handles(self))
            for item in self.tool.overlay(self):  # what the tool shows
                self._add(item)
        if self.highlight is not None and view is None:
            self._draw_highlight(*self.highlight)
        if play is not None and view is not None:
            self._draw_marks(play.marks() + play.pending_marks())

    def _reshape(self, pid: str) -> bool:
        """Redraw one province's shape only (a vertex drag), if it is on the scene."""
        item = self.items_by_id.get(pid)
        rings = self.doc.outlines.get(pid)
        if item is None or not rings:
            return False
        item.setPath(_path(rings))
        if self._built is not None:
            self._built[1][pid] = rings  # drawn as it is now
        return True

    def _add(self, item) -> None:
        self._owned.append(item)
        self.addItem(item)

    def _draw_marks(self, marks) -> None:
        """A phase's orders as players draw them, coloured by their result."""
        colour = {"succeeds": "#1b1b1b", "fails": "#c0271e", "illegal": "#8a8a8a", "pending": "#2b5fc0"}
        for m in marks:
            here = self.centre_of(m.unit.split()[1])
            pen = QPen(QColor(colour.get(m.outcome, "#1b1b1b")), 2.5)
            path = QPainterPath(here)
            if m.kind in ("move", "retreat") and m.to:
                end = self.centre_of(m.to)
                path.lineTo(end)
                # an arrow head
                import math
                ang = math.atan2(end.y() - here.y(), end.x() - here.x())
                for side in (2.6, -2.6):
                    path.moveTo(end)
                    path.lineTo(end.x() + 9 * math.cos(ang + side), end.y() + 9 * math.sin(ang + side))
            elif m.kind in ("support", "convoy") and m.target:
                pen.setStyle(Qt.PenStyle.DashLine if m.kind == "support" else Qt.PenStyle.DotLine)
                a = self.centre_of(m.target)
                b = self.centre_of(m.target_to) if m.target_to else a
                path.lineTo(QPointF((a.x() + b.x()) / 2, (a.y() + b.y()) / 2))
            else:
                path.addEllipse(here, 13, 13)
            item = QGraphicsPathItem(path)
            item.setPen(pen)
            item.setZValue(5)
            item.setToolTip(f"{m.unit}: {m.kind}, {m.outcome}" + (f" ({m.reason})" if m.reason else ""))
            self._add(item)

    def _draw_edges(self, selected=(), keep=None) -> None:
        import math
        keep = keep or {}
        for e in self.doc.variant.edges:
            line = keep.pop(id(e), None)
            if line is None:  # back (undone or redone): drawn as it was, the spaces unchanged
                line = self._hidden.pop(id(e), None)
                if line is not None:
                    line.setVisible(True)
                    if e.key in selected:
                        line.setSelected(True)
            if line is not None:  # unchanged, and so are the spaces it joins
                self._owned.append(line)
                self.edge_items[e.key] = line
                continue
            a, b = self.centre_of(e.a), self.centre_of(e.b)
            colour, style, width = EDGE_STYLES[edge_style(e)]
            pen = QPen(QColor(colour), width)
            pen.setStyle(SEASONAL_STYLE if e.seasons else style)
            path = QPainterPath(a)
            path.lineTo(b)
            if e.oneway:  # an arrow head at the far end
                ang = math.atan2(b.y() - a.y(), b.x() - a.x())
                for side in (2.6, -2.6):
                    path.moveTo(b)
                    path.lineTo(b.x() + 8 * math.cos(ang + side), b.y() + 8 * math.sin(ang + side))
            line = EdgeItem(e, path)
            line.setPen(pen)
            line.setToolTip(f"{e.a} {'->' if e.oneway else '-'} {e.b}: {e.units.value}"
                            + (", strait" if e.strait else "")
                            + (f", only in {', '.join(e.seasons)}" if e.seasons else ""))
            self._add(line)
            self.edge_items[e.key] = line
            if e.key in selected:
                line.setSelected(True)

    def _draw_highlight(self, a: str, b: str) -> None:
        """A proposal picked in its list: both spaces outlined, a wide line between."""
        pen = QPen(QColor(255, 200, 0, 220), 5)
        if any(self.doc.variant.province(split_location(loc)[0]) is None for loc in (a, b)):
            return  # one end renamed or removed since it was picked: nothing to point at
        for loc in (a, b):
            item = self.items_by_id.get(split_location(loc)[0])
            if item is not None:
                ring = QGraphicsPathItem(item.path())
                ring.setPen(QPen(QColor(255, 170, 0), 3))
                ring.setZValue(6)
                self._add(ring)
        path = QPainterPath(self.centre_of(a))
        path.lineTo(self.centre_of(b))
        line = QGraphicsPathItem(path)
        line.setPen(pen)
        line.setZValue(6)
        self._add(line)

    def _draw_handles(self, handles: Iterable[Handle]) -> None:
        """Where units stand (circles), dislodged units are drawn (dashed circles) and
        labels are written (squares), to drag."""
        for loc, field, (x, y) in handles:
            mark = QGraphicsEllipseItem(x - 4, y - 4, 8, 8) if field != "label_pos" else \
                QGraphicsPathItem(_square(x, y))
            pen = QPen(QColor({"label_pos": "#c02060", "dislodged_pos": "#d07010"}.get(field, "#205090")), 1.5)
            if field == "dislodged_pos":
                pen.setStyle(Qt.PenStyle.DashLine)
            mark.setPen(pen)
            mark.setZValue(7)
            mark.setToolTip(f"{loc}: {field.replace('_pos', '')} position (drag it)")
            self._add(mark)

    def set_highlight(self, pair: Optional[Tuple[str, str]]) -> None:
        self.highlight = pair
        self.rebuild("highlight")  # drawn over the provinces: they stay as they are

    # -- tools get the events ----------------------------------------------------
    def mousePressEvent(self, event):
        if self.tool is not None and self.tool.press(self, event):
            return
        super().mousePressEvent(event)
        item = self.itemAt(event.scenePos(), self.views()[0].transform()) if self.views() else None
        while item is not None and not isinstance(item, ProvinceItem):
            item = item.parentItem()
        if isinstance(item, ProvinceItem):
            self.province_clicked.emit(item.pid)

    def mouseMoveEvent(self, event):
        if self.tool is not None and self.tool.move(self, event):
            return
        super().mouseMoveEvent(event)

    def mouseDoubleClickEvent(self, event):
        if self.tool is not None and self.tool.double(self, event):
            return
        super().mouseDoubleClickEvent(event)

    def mouseReleaseEvent(self, event):
        if self.tool is not None and self.tool.release(self, event):
            return
        super().mouseReleaseEvent(event)

    def province_at(self, pos: QPointF) -> Optional[str]:
        """The province under ``pos``: a unit's marker counts as its
        province's, even where its spot lies just outside the outline."""
        for item in self.items(pos):
            if item.data(UNIT_OF):
                return item.data(UNIT_OF)
            if isinstance(item, ProvinceItem):
                return item.pid
        return None


def _path(rings) -> QPainterPath:
    path = QPainterPath()
    for ring in rings:
        path.addPolygon(QPolygonF([QPointF(x, y) for x, y in ring]))
        path.closeSubpath()
    return path


def _square(x: float, y: float) -> QPainterPath:
    path = QPainterPath()
    path.addRect(x - 4, y - 4, 8, 8)
    return path


def _boat(c: QPointF) -> QPainterPath:
    path = QPainterPath()
    path.addPolygon(QPolygonF([QPointF(c.x() - 9, c.y() - 2), QPointF(c.x() + 9, c.y() - 2),
                               QPointF(c.x() + 6, c.y() + 5), QPointF(c.x() - 6, c.y() + 5)]))
    path.closeSubpath()
    return path
