"""The designer's path in the main window: the tools that drag positions and
set homes and units by clicking, the overlay's legend on the map, and the
selections kept in step (map, edge list, province table, proposals).  The
window makes them, with the Edges and Provinces panels, and owns them."""
from __future__ import annotations

from dataclasses import replace
from typing import Optional, Protocol, Tuple

import shiboken6
from PySide6.QtCore import QObject, QPointF, Qt
from PySide6.QtWidgets import QGraphicsView, QLabel, QWidget

from variantkit import edit
from variantkit.model import Unit, UnitType, split_location

from .commands import SetPower
from .design_commands import DragPosition, EditVariant
from .document import Document
from .edges import EdgesPanel, legend_html
from .judge_panel import JudgePanel
from .panels import PropertiesPanel, ProposalsPanel
from .scene import EdgeItem, MapScene, ProvinceItem
from .table import ProvinceTable
from .tools import Tool

GRAB = 10.0  # drawing units within which a press takes a unit or label position


def _dislodged_at(p, coast: Optional[str], unit: Tuple[float, float]) -> Tuple[float, float]:
    """Where a unit dislodged there is drawn: the variant's spot, else where render puts it."""
    c = p.coast(coast) if coast else None
    spot = c.dislodged_pos if c is not None else p.dislodged_pos
    if spot is not None:
        return spot[0], spot[1]
    dx, dy = DISLODGED_OFFSET
    return unit[0] + dx, unit[1] + dy


def _unit_spot(v, location: str):
    prov, coast = split_location(location)
    p = v.province(prov)
    c = p.coast(coast) if p is not None and coast else None
    return c.unit_pos if c is not None else (p.unit_pos if p is not None else None)


DISLODGED_OFFSET = (12.0, 10.0)  # the render's own, where the variant places none


class PositionTool(Tool):
    """Drag where a province's unit (or a coast's fleet) stands, where a unit
    dislodged there is drawn, or where its label is written; the whole drag is
    one undo step."""
    name = "positions"

    def __init__(self, doc):
        super().__init__(doc)
        self.grab: Optional[Tuple[str, str]] = None
        self.drags = 0
        self.turning = False

    def handles(self, scene):
        """(location, field, point) of every position the tool can take."""
        for p in self.doc.variant.provinces:
            if p.id not in scene.items_by_id:
                continue
            c = scene.centre_of(p.id)
            yield p.id, "unit_pos", (c.x(), c.y())
            if p.label_pos is not None:
                yield p.id, "label_pos", tuple(p.label_pos)
            yield p.id, "dislodged_pos", _dislodged_at(p, None, (c.x(), c.y()))
            for coast in p.coasts:
                at = scene.coast_pos(p, coast.id)
                yield f"{p.id}/{coast.id}", "unit_pos", (at.x(), at.y())
                yield f"{p.id}/{coast.id}", "dislodged_pos", _dislodged_at(p, coast.id, (at.x(), at.y()))

    def press(self, scene, event) -> bool:
        if event.button() != Qt.MouseButton.LeftButton:
            return False
        pos = event.scenePos()
        # Shift held on a label: the drag turns it about its point (editor/labels_tool.py)
        self.turning = bool(event.modifiers() & Qt.KeyboardModifier.ShiftModifier)
        best, self.grab = GRAB, None
        for loc, field, (x, y) in self.handles(scene):
            if self.turning and field != "label_pos":
                continue  # only a label turns (and one at its unit's spot is reached so)
            d = ((x - pos.x()) ** 2 + (y - pos.y()) ** 2) ** 0.5
            if d < best or (d == best and field == "unit_pos"):
                best, self.grab = d, (loc, field)
        if self.grab is not None:
            self.drags += 1
        return self.grab is not None

    def move(self, scene, event) -> bool:
        if self.grab is None:
            return False
        pos = event.scenePos()
        if self.turning and self.grab[1] == "label_pos":
            from .labels_tool import SetLabel, angle_to
            p = self.doc.variant.province(self.grab[0])
            if p is not None and p.label_pos is not None:
                self.doc.undo.push(SetLabel(self.doc, p.id, angle=angle_to(p.label_pos, (pos.x(), pos.y())),
                                            drag=self.drags))
            return True
        pin = None
        if self.grab[1] == "dislodged_pos" and _unit_spot(self.doc.variant, self.grab[0]) is None:
            at = scene.centre_of(self.grab[0])
            pin = (at.x(), at.y())
        self.doc.undo.push(DragPosition(self.doc, self.grab[0], self.grab[1], (pos.x(), pos.y()), self.drags, pin))
        return True

    def release(self, scene, event) -> bool:
        was = self.grab is not None
        self.grab = None
        return was

    def double(self, scene, event) -> bool:
        """A double-click on a label's square: its text asked for."""
        pos = event.scenePos()
        near = [(((x - pos.x()) ** 2 + (y - pos.y()) ** 2) ** 0.5, loc) for loc, field, (x, y) in self.handles(scene)
                if field == "label_pos"]
        if not near or min(near)[0] > GRAB:
            return False
        from .labels_tool import ask_text
        views = scene.views()
        self.text_dialog = ask_text(self.doc, min(near)[1], views[0].window() if views else None)
        return True


class PowerClickTool(Tool):
    """Clicks on the map set the chosen power's home centres (a click again
    takes it away) or starting units (army, fleet; on a coast the nearest)."""
    name = "homes"

    def __init__(self, doc, panel):
        super().__init__(doc)
        self.panel = panel

    def press(self, scene, event) -> bool:
        if event.button() != Qt.MouseButton.LeftButton:
            return False
        pid = scene.province_at(event.scenePos())
        power = self.doc.variant.power(self.panel.pick.currentText())
        if pid is None or power is None:
            if power is None:
                self.panel.error.setText("choose a power first (or make one with New power)")
            return pid is not None
        mode = self.panel.click_mode.currentText()
        if mode == "home centre":
            self._home(power, pid)
        else:
            self._unit(scene, power, pid, UnitType.ARMY if mode == "army" else UnitType.FLEET, event.scenePos())
        return True

    def _home(self, power, pid: str) -> None:
        if pid in power.homes:
            new = replace(power, homes=tuple(h for h in power.homes if h != pid))
            self.doc.undo.push(SetPower(self.doc, new))
            return
        prov = self.doc.variant.province(pid)

        def change(v):
            # a home is a supply centre of one power: both set in one step
            for pw in v.powers:
                if pid in pw.homes and pw.id != power.id:
                    v = edit.set_power(v, replace(pw, homes=tuple(h for h in pw.homes if h != pid)))
            v = edit.set_power(v, replace(v.power(power.id), homes=v.power(power.id).homes + (pid,)))
            return edit.set_province(v, pid, center=True)
        self.doc.undo.push(EditVariant(self.doc, change, f"{pid} a home of {power.id}"
                                       + ("" if prov.center else " (and a centre)")))

    def _unit(self, scene, power, pid: str, kind: UnitType, at: QPointF) -> None:
        prov = self.doc.variant.province(pid)
        loc = pid
        if kind is UnitType.FLEET and prov.coasts:
            loc = min((f"{pid}/{c.id}" for c in prov.coasts),
                      key=lambda q: (scene.centre_of(q).x() - at.x()) ** 2 + (scene.centre_of(q).y() - at.y()) ** 2)
        same = [u for u in power.units if split_location(u.location)[0] == pid]
        unit = Unit(kind, loc)

        def change(v):
            for pw in v.powers:  # one unit a province: whoever stood there makes way
                units = tuple(u for u in pw.units if split_location(u.location)[0] != pid)
                if pw.id == power.id and not (same and same[0] == unit):
                    units += (unit,)
                if units != pw.units:
                    v = edit.set_power(v, replace(pw, units=units))
            return v
        removing = bool(same) and same[0] == unit
        self.doc.undo.push(EditVariant(self.doc, change, f"{'Remove' if removing else 'Place'} {power.id} {unit}"))


def overlay_legend(view: QWidget, shown: bool) -> QLabel:
    """The legend of the overlay, over the map's corner while the overlay shows."""
    legend = QLabel(legend_html(), view)
    legend.setTextFormat(Qt.TextFormat.RichText)
    legend.setStyleSheet("background: rgba(255,255,255,215); border: 1px solid #999; padding: 4px;"
                         " font-size: 9pt")
    legend.move(8, 8)
    legend.adjustSize()
    legend.setVisible(shown)
    return legend


class Linked(Protocol):
    """The main window's parts whose selections are kept in step (the window
    typed by what is used of it, so this module need not import it)."""
    @property
    def doc(self) -> Document: ...
    @property
    def scene(self) -> MapScene: ...
    @property
    def view(self) -> QGraphicsView: ...
    @property
    def edges(self) -> EdgesPanel: ...
    @property
    def table(self) -> ProvinceTable: ...
    @property
    def proposals(self) -> ProposalsPanel: ...
    @property
    def judge(self) -> JudgePanel: ...
    @property
    def properties(self) -> PropertiesPanel: ...
    def select_province(self, pid: str) -> None: ...


class SelectionLinks(QObject):
    """Selections in step: map <-> edge list, proposals -> highlight, table <->
    map.  Methods of an object the window owns (``parent``), so the
    connections go with it."""

    def __init__(self, window: Linked, parent: QObject):
        super().__init__(parent)
        self.w = window
        self.from_table = False  # the map is following the table: do not echo back
        window.scene.selectionChanged.connect(self.map_selection)
        window.edges.edges_selected.connect(self.list_selection)
        window.proposals.proposal_picked.connect(window.scene.set_highlight)
        window.table.province_picked.connect(self.table_picked)
        window.judge.offer_picked.connect(self.offer_picked)

    def map_selection(self) -> None:
        scene, table = self.w.scene, self.w.table
        if not shiboken6.isValid(scene):
            return  # the window is going: its scene empties as it is destroyed
        self.w.edges.show_keys([i.key for i in scene.selectedItems() if isinstance(i, EdgeItem)])
        picked = [i.pid for i in scene.selectedItems() if isinstance(i, ProvinceItem)]
        if picked and not self.from_table and set(picked) != set(table.selected_ids()):
            table.select_ids(picked, picked[0], emit=False)

    def list_selection(self, keys) -> None:
        scene = self.w.scene
        scene.blockSignals(True)
        try:
            scene.clearSelection()
            for k in keys:
                item = scene.edge_items.get(k)
                if item is not None:
                    item.setSelected(True)
        finally:
            scene.blockSignals(False)
        if len(keys) == 1 and keys[0] in scene.edge_items:
            self.w.view.centerOn(scene.edge_items[keys[0]])

    def offer_picked(self, kind: str, subject: str) -> None:
        """What the judge's file would change, shown on the map: a link
        highlighted, a province selected; nothing, once it is taken."""
        if not kind:
            self.w.scene.set_highlight(None)
            return
        if kind == "links":
            a, b = subject.split(" - ")
            self.w.scene.set_highlight((a, b))
            return
        self.w.scene.set_highlight(None)
        pid = subject.split(" -> ")[0]
        if self.w.doc.variant.province(pid) is not None:
            self.w.select_province(pid)

    def table_picked(self, pid: str) -> None:
        self.from_table = True
        try:
            self.w.select_province(pid)
            scene = self.w.scene
            for other in self.w.table.selected_ids():  # every row picked is picked on the map
                item = scene.items_by_id.get(other)
                if item is not None:
                    item.setSelected(True)
        finally:
            self.from_table = False
        self.w.properties.show_province(pid)
