"""Tools turn the scene's mouse events into undo commands; none changes the
document directly.  Each answers True when it used the event."""
from __future__ import annotations

from typing import Iterable, List, Optional, Sequence, Tuple

from PySide6.QtCore import QPointF, Qt
from PySide6.QtWidgets import QGraphicsItem

from variantkit.model import Crossing, Edge, Province, Terrain, split_location

from .commands import AddProvince, LinkSpaces, MoveVertex

SNAP = 6.0  # drawing units within which a new point snaps to a neighbour's vertex


# (location, field, (x, y)): a position a tool lets the user drag, drawn as a handle
Handle = Tuple[str, str, Tuple[float, float]]


class Tool:
    name = "tool"

    def __init__(self, doc):
        self.doc = doc

    def press(self, scene, event) -> bool:
        return False

    def move(self, scene, event) -> bool:
        return False

    def release(self, scene, event) -> bool:
        return False

    def double(self, scene, event) -> bool:
        return False

    def overlay(self, scene) -> Sequence[QGraphicsItem]:
        """What the tool draws over the map while it is in use (a line being drawn)."""
        return ()

    def handles(self, scene) -> Iterable[Handle]:
        """The positions the tool drags, marked on the map."""
        return ()


class SelectTool(Tool):
    name = "select"


def snap(doc, pos: QPointF) -> Tuple[float, float]:
    """The nearest vertex of any outline within SNAP, so no gaps appear."""
    best, where = SNAP, (pos.x(), pos.y())
    for rings in doc.outlines.values():
        for ring in rings:
            for x, y in ring:
                d = ((x - pos.x()) ** 2 + (y - pos.y()) ** 2) ** 0.5
                if d < best:
                    best, where = d, (x, y)
    return where


class DrawPolygonTool(Tool):
    """Click the corners; click the first corner again (or double-click) to close."""
    name = "draw"

    def __init__(self, doc, terrain: Terrain = Terrain.LAND):
        super().__init__(doc)
        self.points: List[Tuple[float, float]] = []
        self.terrain = terrain
        self.count = 0

    def press(self, scene, event) -> bool:
        if event.button() != Qt.MouseButton.LeftButton:
            return False
        p = snap(self.doc, event.scenePos())
        if len(self.points) >= 3 and abs(p[0] - self.points[0][0]) < 1e-6 and abs(p[1] - self.points[0][1]) < 1e-6:
            self.finish()
            return True
        self.points.append(p)
        return True

    def finish(self) -> Optional[str]:
        if len(self.points) < 3:
            self.points = []
            return None
        taken = {p.id for p in self.doc.variant.provinces}
        self.count += 1
        pid = f"p{self.count}"
        while pid in taken:
            self.count += 1
            pid = f"p{self.count}"
        ring = self.points + [self.points[0]]
        xs, ys = [x for x, _ in self.points], [y for _, y in self.points]
        centre = (round(sum(xs) / len(xs), 1), round(sum(ys) / len(ys), 1))
        self.doc.undo.push(AddProvince(self.doc, Province(pid, pid.upper(), self.terrain, unit_pos=centre,
                                                          label_pos=centre), [ring]))
        self.points = []
        return pid


class EditVertexTool(Tool):
    """Drag a vertex of an outline; the whole drag is one undo step."""
    name = "vertex"

    def __init__(self, doc):
        super().__init__(doc)
        self.grab: Optional[Tuple[str, int, int]] = None

    def press(self, scene, event) -> bool:
        pos = event.scenePos()
        best = SNAP
        self.grab = None
        for pid, rings in self.doc.outlines.items():
            for r, ring in enumerate(rings):
                for i, (x, y) in enumerate(ring):
                    d = ((x - pos.x()) ** 2 + (y - pos.y()) ** 2) ** 0.5
                    if d < best:
                        best, self.grab = d, (pid, r, i)
        return self.grab is not None

    def move(self, scene, event) -> bool:
        if self.grab is None:
            return False
        pid, r, i = self.grab
        pos = event.scenePos()
        self.doc.undo.push(MoveVertex(self.doc, pid, r, i, (round(pos.x(), 2), round(pos.y(), 2))))
        return True

    def release(self, scene, event) -> bool:
        was = self.grab is not None
        self.grab = None
        return was


class LinkTool(Tool):
    """Press on one space, release on another: link them by hand (off-board
    boxes, canals) in the tool's mode: unit types, strait, one-way (from the
    press to the release), the seasons it is open in (none: every season)."""
    name = "link"

    def __init__(self, doc, units: Crossing = Crossing.BOTH, strait: bool = False, oneway: bool = False):
        super().__init__(doc)
        self.units, self.strait, self.oneway = units, strait, oneway
        self.seasons: Tuple[str, ...] = ()
        self.start: Optional[str] = None

    def press(self, scene, event) -> bool:
        self.start = self._location(scene, event.scenePos())
        return self.start is not None

    def _location(self, scene, pos: QPointF) -> Optional[str]:
        """The space under the mouse; for a fleet link, the named coast nearest it."""
        pid = scene.province_at(pos)
        p = self.doc.variant.province(pid) if pid else None
        if p is None or not p.coasts or self.units is not Crossing.FLEET:
            return pid
        def away(loc):
            at = scene.centre_of(loc)
            return (at.x() - pos.x()) ** 2 + (at.y() - pos.y()) ** 2
        return min((f"{pid}/{c.id}" for c in p.coasts), key=away)

    def release(self, scene, event) -> bool:
        end = self._location(scene, event.scenePos())
        if self.start and end and split_location(end)[0] != split_location(self.start)[0]:
            a, b = (self.start, end) if self.oneway else sorted((self.start, end))
            self.doc.undo.push(LinkSpaces(self.doc, Edge(a, b, self.units, self.strait, self.oneway,
                                                         seasons=self.seasons)))
            self.start = None
            return True
        self.start = None
        return False


class SplitTool(Tool):
    """Click two points across a province: it is cut along that line."""
    name = "split"

    def __init__(self, doc):
        super().__init__(doc)
        self.start: Optional[Tuple[float, float]] = None
        self.count = 0

    def press(self, scene, event) -> bool:
        from .commands import SplitProvince
        p = event.scenePos()
        if self.start is None:
            self.start = (p.x(), p.y())
            return True
        mid = QPointF((self.start[0] + p.x()) / 2, (self.start[1] + p.y()) / 2)
        pid = scene.province_at(mid)
        if pid is not None:
            taken = {q.id for q in self.doc.variant.provinces}
            self.count += 1
            new = f"{pid}{self.count}"
            while new in taken:
                self.count += 1
                new = f"{pid}{self.count}"
            self.doc.undo.push(SplitProvince(self.doc, pid, [self.start, (p.x(), p.y())], new))
        self.start = None
        return True
