"""The "Draw a coast" tool: with a province selected, drag along a stretch
of its shore (or click points and double-click); the waters along the line
become one named coast of it.  The geometry is the library's
(:mod:`variantkit.drawing.geometry.drawn_coast`), the edit is
:func:`variantkit.edit.with_coast`; the tool turns mouse events into a line
and the line into one undo step."""
from __future__ import annotations

from typing import Callable, Dict, List, Optional, Tuple

from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QColor, QPainterPath, QPen
from PySide6.QtWidgets import QGraphicsPathItem

from variantkit import edit
from variantkit.drawing.geometry.drawn_coast import coast_ids, onto_border, sides_by_direction, waters_along
from variantkit.model import Terrain

from .design_commands import DrawCoast
from .scene import ProvinceItem
from .tools import Tool

Pt = Tuple[float, float]
SNAP_PX = 8.0  # screen pixels: a point this near the province's border is put on it
INK = QColor(200, 30, 120)


class CoastLineTool(Tool):
    name = "coast"

    def __init__(self, doc, say: Callable[[str], None]):
        super().__init__(doc)
        self.say = say
        self.points: List[Pt] = []
        self.pressed = self.moved = False
        self.drawing_on: Optional[str] = None  # the province the points are for
        self.ink: Optional[QGraphicsPathItem] = None
        # lines drawn that wait for another side (one coast is just the province):
        # province -> [(line, waters)], shown dashed until that side is drawn
        self.pending: Dict[str, List[Tuple[List[Pt], List[str]]]] = {}
        doc.changed.connect(self._changed)

    def _changed(self, kind: str) -> None:
        if kind == "all":  # another file: nothing waits any more
            self.pending = {}

    @staticmethod
    def _province(scene) -> Optional[str]:
        picked = [i.pid for i in scene.selectedItems() if isinstance(i, ProvinceItem)]
        return picked[0] if picked else None

    # -- the mouse -------------------------------------------------------------
    def press(self, scene, event) -> bool:
        if event.button() != Qt.MouseButton.LeftButton:
            return False
        pid = self._province(scene)
        if pid is None:
            self.say("Draw a coast: select the province first (Select tool), then drag along its shore")
            return True
        if pid != self.drawing_on:  # points clicked for another province are dropped
            self.points, self.drawing_on = [], pid
        p = event.scenePos()
        self.points.append((p.x(), p.y()))
        self.pressed, self.moved = True, False
        self._draw_ink(scene)
        return True

    def move(self, scene, event) -> bool:
        if not self.pressed:
            return False
        p = event.scenePos()
        last = self.points[-1]
        if (p.x() - last[0]) ** 2 + (p.y() - last[1]) ** 2 >= 1.0:
            self.points.append((p.x(), p.y()))
            self.moved = True
            self._draw_ink(scene)
        return True

    def release(self, scene, event) -> bool:
        if not self.pressed:
            return False
        self.pressed = False
        if self.moved:  # a drag is a whole line; a click adds a point (double-click ends)
            self.finish(scene)
        return True

    def double(self, scene, event) -> bool:
        if len(self.points) < 2:
            return False
        self.finish(scene)
        return True

    # -- the line ----------------------------------------------------------------
    def _draw_ink(self, scene) -> None:
        if self.ink is None or self.ink.scene() is not scene:
            self.ink = QGraphicsPathItem()
            pen = QPen(INK, 3)
            pen.setCosmetic(True)
            self.ink.setPen(pen)
            self.ink.setZValue(9)
            scene.addItem(self.ink)
        self.ink.setPath(_path(self.points))

    def _drop_ink(self) -> None:
        if self.ink is not None and self.ink.scene() is not None:
            self.ink.scene().removeItem(self.ink)
        self.ink = None

    def finish(self, scene) -> None:
        points, self.points = self.points, []
        self._drop_ink()
        pid = self._province(scene)
        if not pid:
            return
        doc = self.doc
        p = doc.variant.province(pid)
        rings = doc.outlines.get(pid)
        if p is None or not rings or len(points) < 2:
            return
        if p.terrain is Terrain.WATER:
            self.say(f"{pid} is a sea: only a shore province has named coasts")
            return
        views = scene.views()
        scale = views[0].transform().m11() if views else 1.0
        line = onto_border(points, rings, SNAP_PX / max(scale, 1e-6))
        seaside = [q.id for q in doc.variant.provinces if q.terrain in (Terrain.WATER, Terrain.COAST)]
        waters = waters_along(line, doc.outlines, seaside, pid)
        if not waters:
            self.say(f"the line reaches no sea or coast of {pid}: draw it along the shore")
            return
        side = sides_by_direction(rings, line)[0][0]
        # lines that wait for this other side; one on the same side reaching the same
        # waters is this line drawn again
        waiting = [(ln, w) for ln, w in self.pending.get(pid, [])
                   if not (sides_by_direction(rings, ln)[0][0] == side and set(w) & set(waters))]
        lines = [line for line, _ in waiting] + [line]
        reached = [w for _, w in waiting] + [waters]
        ids = coast_ids(rings, lines, reached, edit.coasts_of(doc.variant, pid))
        drawn = dict(zip(ids, reached))
        try:
            edit.with_coasts(doc.variant, pid, drawn)
        except edit.OneCoast as exc:
            self.pending[pid] = waiting + [(line, waters)]
            scene.rebuild()
            self.say(str(exc))
            return
        except edit.EditError as exc:
            self.say(f"{pid}: {exc}")
            return
        before = _fleet_reach(doc.variant, pid)
        self.pending.pop(pid, None)
        command = DrawCoast(doc, pid, drawn)
        doc.undo.push(command)
        lost = sorted(before - _fleet_reach(doc.variant, pid))
        self.say(command.text() + (f" (no coast reaches {', '.join(lost)}: draw one along it if fleets should)"
                                   if lost else ""))

    def overlay(self, scene) -> List[QGraphicsPathItem]:
        """The lines that wait for another side of their province, dashed."""
        out = []
        for waiting in self.pending.values():
            for line, _ in waiting:
                item = QGraphicsPathItem(_path(line))
                pen = QPen(INK, 3, Qt.PenStyle.DashLine)
                pen.setCosmetic(True)
                item.setPen(pen)
                item.setZValue(9)
                out.append(item)
        return out


def _path(points: List[Pt]) -> QPainterPath:
    path = QPainterPath()
    if points:
        path.moveTo(QPointF(*points[0]))
        for x, y in points[1:]:
            path.lineTo(QPointF(x, y))
    return path


def _fleet_reach(v, pid: str) -> set:
    """Every location a fleet on any part of the province reaches."""
    mine = set(v.province(pid).location_ids)
    return {e.b if e.a in mine else e.a for e in v.edges if e.units.fleet and (e.a in mine or e.b in mine)}
