"""The main window: the map in a zoomable view, docked panels, menus with an
entry for every tool, files (atomic saves, recent files, autosave and
recovery), and the title with the file name and a modified mark.

The window makes and owns every panel, dock and tool; its menus, tool bar and
shortcuts are built from one table of entries, ENTRIES (actions.py builds them)."""
from __future__ import annotations

import os
from typing import Dict, List, Optional, Tuple, Union

from PySide6.QtCore import QSettings, Qt, QTimer
from PySide6.QtGui import QAction, QCloseEvent, QKeySequence, QPainter, QResizeEvent, QShowEvent, QWheelEvent
from PySide6.QtWidgets import (QApplication, QDockWidget, QFileDialog, QGraphicsView, QLabel, QMainWindow,
                               QMessageBox, QWidget)

from variantkit.problems import UnusableInput

from . import heap, recovery
from .actions import Entry, Menus, Submenu
from .coast_tool import CoastLineTool
from .designer import PositionTool, PowerClickTool, SelectionLinks, overlay_legend
from .document import ChangedOnDisk, Document, SaveRefused
from .edges import EdgesPanel
from .judge_panel import JudgePanel
from .panels import PLACES, PowersPanel, PropertiesPanel, ProposalsPanel, RulesPanel, ValidationPanel
from .play import PlayPanel, PlayTool
from .review import Review
from .scene import EdgeItem, MapScene, ProvinceItem
from .table import ProvinceTable
from .tools import DrawPolygonTool, EditVertexTool, LinkTool, SelectTool, SplitTool, Tool

AUTOSAVE_MS = 30_000  # how often unsaved work goes to the recovery folder (MainWindow(autosave_ms=))


STATUS_MS = 6000  # how long a status message stays

RIGHT, BOTTOM = Qt.DockWidgetArea.RightDockWidgetArea, Qt.DockWidgetArea.BottomDockWidgetArea
Key = QKeySequence.StandardKey


def _tool(name: str, text: str, shortcut: str) -> Entry[MainWindow]:
    return Entry(name, "&Tools", text, lambda w: w.use_tool(name), shortcut, tool=True)


# Every menu entry, tool and shortcut of the window, in menu order: the one
# place a shortcut is written (tests/editor/test_actions.py holds them apart).
ENTRIES: Tuple[Union[Entry[MainWindow], Submenu], ...] = (
    Entry("open", "&File", "&Open...", lambda w: w.open_dialog(), Key.Open),
    Entry("recover", "&File", "Recover &autosaved work...", lambda w: w.recover_dialog()),
    Entry("save", "&File", "&Save", lambda w: w.save(), Key.Save),
    Entry("save_as", "&File", "Save &as...", lambda w: w.save_as(), "Ctrl+Shift+S"),
    Submenu("recent", "&File", "Open &recent"),
    Entry("export", "&File", "&Export...", lambda w: w.export_dialog()),
    Entry("judge", "&File", "Take from a &judge's file...", lambda w: w.judge_dialog()),
    Entry("quit", "&File", "&Quit", lambda w: w.close(), Key.Quit),

    Entry("undo", "&Edit", "&Undo", lambda w: w.doc.undo.undo(), Key.Undo, undo_stack="undo"),
    Entry("redo", "&Edit", "&Redo", lambda w: w.doc.undo.redo(), Key.Redo, undo_stack="redo"),
    Entry("delete", "&Edit", "&Delete province or edge", lambda w: w.delete_selected(), Key.Delete),
    Entry("merge", "&Edit", "&Merge the two selected provinces", lambda w: w.merge_selected(), "Ctrl+M"),

    Entry("zoom_in", "&View", "Zoom &in", lambda w: w.view.zoom(1.25), Key.ZoomIn),
    Entry("zoom_out", "&View", "Zoom &out", lambda w: w.view.zoom(0.8), Key.ZoomOut),
    Entry("fit", "&View", "&Fit to window", lambda w: w.fit(), "Ctrl+0"),
    Entry("adjacency", "&View", "Show/hide &adjacency", lambda w: w.toggle_edges(), "E",
          checked_when=lambda w: w.scene.show_edges),
    Entry("show_changes", "&View", "Show &changes from base", lambda w: w.review.toggle_changes(),
          enabled_when=lambda w: w.doc.base is not None, checked_when=lambda w: w.review.overlay.shown,
          separator=True),

    _tool("select", "&Select", "S"),
    _tool("draw", "&Draw province", "D"),
    _tool("vertex", "Edit &vertices", "V"),
    _tool("link", "&Link spaces", "L"),
    _tool("split", "S&plit province along a line", "X"),
    _tool("play", "&Play (test the variant)", "P"),
    _tool("positions", "Move unit and label &positions", "O"),
    _tool("homes", "&Homes and units by clicking", "H"),
    _tool("coast", "Draw a &coast (along the selected province's shore)", "C"),
    # the units of new links picked from the keyboard, the link tool taken up with them
    Entry("links_both", "&Tools", "Link armies &and fleets", lambda w: w.link_units("both"), "B", separator=True,
          checked_when=lambda w: w.linking() == "both"),
    Entry("links_army", "&Tools", "Link a&rmies only", lambda w: w.link_units("army"), "A",
          checked_when=lambda w: w.linking() == "army"),
    Entry("links_fleet", "&Tools", "Link &fleets only", lambda w: w.link_units("fleet"), "F",
          checked_when=lambda w: w.linking() == "fleet"),
    Entry("balance", "&Tools", "&Balance report...", lambda w: w.review.open_balance(), "Ctrl+B", separator=True),
)


class MapView(QGraphicsView):
    def __init__(self, scene: MapScene):
        super().__init__(scene)
        self.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.setDragMode(QGraphicsView.DragMode.RubberBandDrag)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)
        # one rectangle around what changed: an undo that hides 2,810 links made
        # the minimal mode merge 2,810 rectangles into a region (half the undo)
        self.setViewportUpdateMode(QGraphicsView.ViewportUpdateMode.BoundingRectViewportUpdate)

        self.fitted = False  # showing the whole map: kept so while the window is resized

    def fit(self) -> None:
        self.fitted = True
        rect = self.scene().itemsBoundingRect().united(self.scene().sceneRect())
        m = 0.02 * max(rect.width(), rect.height())  # a margin: no scroll bars for a map that fits
        self.fitInView(rect.adjusted(-m, -m, m, m), Qt.AspectRatioMode.KeepAspectRatio)

    def zoom(self, factor: float) -> None:
        self.fitted = False
        self.scale(factor, factor)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        if self.fitted:  # docks settling, scroll bars coming and going: still the whole map
            self.fit()

    def wheelEvent(self, event: QWheelEvent) -> None:
        self.zoom(1.15 if event.angleDelta().y() > 0 else 1 / 1.15)


class MainWindow(QMainWindow):
    # declared ahead of __init__: ENTRIES, typed before this class, reaches them through the window
    doc: Document
    scene: MapScene
    view: MapView
    review: Review

    def __init__(self, ask: bool = True, autosave_ms: int = AUTOSAVE_MS):
        super().__init__()
        self.ask = ask  # False in tests and scripts: no modal questions
        self.doc = Document(self)
        self.scene = MapScene(self.doc, self)
        self.view = MapView(self.scene)
        self.setCentralWidget(self.view)

        # the tools: each turns the map's mouse events into undo steps (the play
        # and powers panels first: two tools act through them)
        self.play = PlayPanel(self.doc)
        self.powers = PowersPanel(self.doc)
        self.tools: Dict[str, Tool] = {
            "select": SelectTool(self.doc), "draw": DrawPolygonTool(self.doc), "vertex": EditVertexTool(self.doc),
            "link": LinkTool(self.doc), "split": SplitTool(self.doc), "play": PlayTool(self.doc, self.play),
            "positions": PositionTool(self.doc), "homes": PowerClickTool(self.doc, self.powers),
            "coast": CoastLineTool(self.doc, self.status)}

        # the panels, each in a dock of its own
        self.properties = PropertiesPanel(self.doc)
        self.validation = ValidationPanel(self.doc)
        self.proposals = ProposalsPanel(self.doc)
        self.rules = RulesPanel(self.doc)
        self.edges = EdgesPanel(self.doc, self.tools["link"])
        self.table = ProvinceTable(self.doc)
        self.judge = JudgePanel(self.doc)
        self.docks: Dict[str, QDockWidget] = {}
        # the balance panel, a subvariant's changes from its base
        self.review = Review(self, self.doc, self.scene, self.docks)
        self._dock_panels()
        self.legend = overlay_legend(self.view, self.scene.show_edges)

        self.play.position_changed.connect(self.scene.rebuild)
        self.links = SelectionLinks(self, parent=self)  # before the window's own: the lists follow the map first
        self.review.changes.province_selected.connect(self.select_province)
        self.scene.selectionChanged.connect(self._selection)
        self.scene.province_clicked.connect(self.properties.show_province)
        self.validation.problem_selected.connect(self.select_province)
        self.validation.place_picked.connect(lambda key: self._to_dock(PLACES[key]))
        self.validation.drawn_powers = self.proposals.drawn_powers
        self.doc.modified_changed.connect(lambda _: self._title())
        self.doc.changed.connect(lambda _: self._title())
        self.doc.renamed.connect(self._follow_rename)
        self.doc.refused.connect(self._refused)
        self._index = 0  # the undo stack's index last seen: a step done or undone
        self.doc.undo.indexChanged.connect(self._say_last_step)

        self.menus = Menus(self, ENTRIES, self.view, self.doc.undo)
        self.entries: Dict[str, QAction] = self.menus.actions
        self.tool_actions = self.menus.tools
        self.recent_menu = self.menus.submenus["recent"]
        self.tool_label = QLabel("Tool: Select")
        self._toolbar()
        self.use_tool("select")
        self.doc.changed.connect(lambda _: self.refresh_actions())  # after the review's own (connected first)
        self.edges.link_units.currentTextChanged.connect(lambda _: self.refresh_actions())  # Link ... checked
        self.refresh_actions()

        self.settings = QSettings("variantkit", "editor")
        self.recovery = recovery.Recovery(self.doc)
        self.also_open_in: List[MainWindow] = []  # other windows on the file opened here
        self.skipped_recovery: List[Tuple[str, str]] = []  # autosaves passed over, and why
        self.autosave = QTimer(self)
        self.autosave.setInterval(autosave_ms)
        self.autosave.timeout.connect(self.write_recovery)
        self.autosave.start()
        self.resize(1280, 820)
        self._title()

    def _dock_panels(self) -> None:
        # (title, panel, side, the dock it is a tab of, shown at start); the map keeps
        # the room: the bottom's panels are tabs beside the problems, the right's beside the proposals
        docks: Tuple[Tuple[str, QWidget, Qt.DockWidgetArea, str, bool], ...] = (
            ("Properties", self.properties, RIGHT, "", True),
            ("Problems", self.validation, BOTTOM, "", True),
            ("Play", self.play, BOTTOM, "Problems", True),
            ("Proposals", self.proposals, RIGHT, "", True),
            ("Powers", self.powers, RIGHT, "Proposals", True),
            ("Rules", self.rules, RIGHT, "Proposals", True),
            ("Edges", self.edges, RIGHT, "Proposals", True),
            ("From a judge", self.judge, RIGHT, "Proposals", True),
            ("Provinces", self.table, BOTTOM, "Problems", True),
            ("Balance", self.review.balance, BOTTOM, "Problems", False),  # until asked for
            ("Changes from base", self.review.changes, RIGHT, "Proposals", False))  # until a subvariant is opened
        for title, widget, area, beside, shown in docks:
            dock = self._add_dock(title, widget, area)
            if beside:
                self.tabifyDockWidget(self.docks[beside], dock)
            if not shown:
                dock.hide()
        self.docks["Problems"].raise_()
        self.docks["Proposals"].raise_()
        self.resizeDocks([self.docks["Problems"]], [170], Qt.Orientation.Vertical)

    def _add_dock(self, title: str, widget: QWidget, area: Qt.DockWidgetArea) -> QDockWidget:
        """A panel in a dock of its own, found again by its title in ``docks``."""
        dock = QDockWidget(title, self)
        dock.setObjectName(title)
        dock.setWidget(widget)
        self.addDockWidget(area, dock)
        self.docks[title] = dock
        return dock

    def refresh_actions(self) -> None:
        """The menu entries enabled and checked as the window now stands."""
        self.menus.refresh()

    def judge_dialog(self) -> None:
        """What a judge's own file says that the drawing does not: its panel, and the file asked for."""
        self.docks["From a judge"].show()
        self.docks["From a judge"].raise_()
        self.judge.dialog.open()

    def _toolbar(self) -> None:
        bar = self.addToolBar("Tools")
        bar.setObjectName("Tools")
        for act in self.tool_actions.values():
            bar.addAction(act)
        bar.addSeparator()
        bar.addWidget(self.tool_label)

    # -- state ---------------------------------------------------------------
    def _title(self) -> None:
        name = os.path.basename(self.doc.path) if self.doc.path else "untitled"
        self.setWindowTitle(f"{name}{' *' if self.doc.modified else ''} — {self.doc.variant.name} — variantkit")

    def _selection(self) -> None:
        picked = [i.pid for i in self.scene.selectedItems() if isinstance(i, ProvinceItem)]
        self.properties.show_province(picked[0] if picked else None)

    def select_province(self, pid: str) -> None:
        item = self.scene.items_by_id.get(pid)
        if item is None:
            return
        self.scene.clearSelection()
        item.setSelected(True)
        self.view.centerOn(item)

    def fit(self) -> None:
        self.view.fit()

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        QTimer.singleShot(0, self.fit)  # once the window has its size

    def status(self, text: str) -> None:
        self.statusBar().showMessage(text, STATUS_MS)

    def _say_last_step(self, index: int) -> None:
        """What the last step did (or undid), in the status bar."""
        stack = self.doc.undo
        before, self._index = self._index, index
        if index < before and index < stack.count():
            self.status(f"Undone: {stack.text(index)}")
        elif 0 < index <= stack.count():
            self.status(stack.text(index - 1))

    def _refused(self, why: str) -> None:
        self.status(why)
        # once the panel that asked is done: it shows what is there, not what it asked for
        QTimer.singleShot(0, self._selection)

    def _follow_rename(self, renames: Dict[str, str]) -> None:
        # Properties stays on the province it showed, under its new id, and the
        # map keeps the selected ones selected once the scene is rebuilt
        if self.properties.pid in renames:
            self.properties.show_province(renames[self.properties.pid])
        picked = [renames[i.pid] for i in self.scene.selectedItems()
                  if isinstance(i, ProvinceItem) and i.pid in renames]
        for new in picked:
            QTimer.singleShot(0, lambda new=new: self._reselect(new))

    def _reselect(self, pid: str) -> None:
        item = self.scene.items_by_id.get(pid)
        if item is not None:
            item.setSelected(True)

    def linking(self) -> str:
        """The units new links are made for (the Edges panel's mode)."""
        return self.edges.link_units.currentText()

    def link_units(self, units: str) -> None:
        """New links for these units (the Edges panel's mode), with the link tool."""
        self.edges.link_units.setCurrentText(units)
        if self.scene.tool is not self.tools["link"]:
            self.use_tool("link")
        self.status(f"new links: {units} (press on one space, release on the other)")

    def use_tool(self, key: str) -> None:
        self.tool_actions[key].setChecked(True)
        self.tool_label.setText(f"Tool: {self.tool_actions[key].text().replace('&', '')}")
        self.scene.tool = None if key == "select" else self.tools[key]
        if key == "play":
            if self.play.game is None:
                self.play.new_game()
            self.scene.play = self.play
            self.docks["Play"].raise_()
        elif self.scene.play is not None:
            self.scene.play = None
        self.scene.rebuild()
        self.view.setDragMode(QGraphicsView.DragMode.RubberBandDrag if key == "select"
                              else QGraphicsView.DragMode.NoDrag)

    def toggle_edges(self) -> None:
        self.scene.show_edges = not self.scene.show_edges
        self.legend.setVisible(self.scene.show_edges)
        self.scene.rebuild()
        self.refresh_actions()

    def merge_selected(self) -> None:
        from .commands import MergeProvinces
        picked = sorted(i.pid for i in self.scene.selectedItems() if isinstance(i, ProvinceItem))
        if len(picked) == 2:
            self.doc.undo.push(MergeProvinces(self.doc, picked[0], picked[1]))
        else:
            self.status("select exactly two provinces to merge")

    def delete_selected(self) -> None:
        from .commands import RemoveProvince
        from .design_commands import ReplaceEdges
        keys = [i.key for i in self.scene.selectedItems() if isinstance(i, EdgeItem)]
        if keys:  # edges picked on the map: they go, in one step
            self.doc.undo.push(ReplaceEdges(self.doc, keys, [], f"Delete {len(keys)} edge(s)"))
            return
        for item in list(self.scene.selectedItems()):
            if isinstance(item, ProvinceItem):
                self.doc.undo.push(RemoveProvince(self.doc, item.pid))

    # -- files ---------------------------------------------------------------
    def open_path(self, path: str) -> None:
        # a new file: no game on the old one, nothing selected
        self.play.game = None
        self.scene.play = None
        self.properties.show_province(None)
        self.scene.clearSelection()  # (the new file may have a province of the same id)
        self.judge.forget()  # a judge's file read for the old one
        if path.lower().endswith(".svg"):
            problems = self.doc.open_svg(path)
        elif path.lower().endswith((".png", ".gif", ".jpg", ".jpeg")):
            problems = self.doc.open_picture(path)
        else:
            problems = self.doc.open_variant(path)
        self.recovery.clear()  # the work that was here is saved or given up: its autosave goes
        self._opened(path, problems)

    def _to_dock(self, title: str) -> None:
        self.docks[title].show()
        self.docks[title].raise_()

    def _opened(self, path: Optional[str], problems: list) -> None:
        heap.settle(len(self.doc.variant.provinces))  # a large map's objects out of the collector's scans
        self.validation.set_notes(problems)  # counted in the status bar, listed in Problems
        self.validation.run_now()
        self.fit()
        if path:
            self._remember(path)
        self.status(f"opened {path or 'autosaved work'}" + (f": {len(problems)} note(s)" if problems else ""))
        self.also_open_in = self._other_windows_on(self.doc.path)
        if self.also_open_in:  # told, not refused: a save there is checked against the disk
            note = (f"{self.doc.path} is also open in another window: a save in one is noticed by the "
                    "other, which then asks before overwriting it")
            self.status(note)
            if self.ask:
                QMessageBox.information(self, "Open twice", note)

    def _other_windows_on(self, path: Optional[str]) -> List[MainWindow]:
        if not path:
            return []
        real = os.path.realpath(path)
        return [w for w in QApplication.topLevelWidgets()
                if isinstance(w, MainWindow) and w is not self and w.doc.path
                and os.path.realpath(w.doc.path) == real]

    def _remember(self, path: str) -> None:
        recent = [p for p in (self.settings.value("recent") or []) if p != path]
        recent = [path] + recent[:7]
        self.settings.setValue("recent", recent)
        self.recent_menu.clear()
        for p in recent:
            act = QAction(p, self)  # the window's: the menu, cleared as an entry opens its file, would delete it
            act.triggered.connect(lambda _checked=False, q=p: self.open_asked(q))
            self.recent_menu.addAction(act)

    def open_checked(self, path: str) -> bool:
        """Open a file as the user asked for it: problems in a message, not a crash."""
        try:
            self.open_path(path)
        except UnusableInput as exc:
            self.show_refusal("Cannot open", exc.problems)
            return False
        return True

    def show_refusal(self, title: str, problems: list) -> None:
        text = "\n".join(str(p) for p in problems)
        why = {"Not saved": "Not saved: the file written would not open again as edited (nothing was written)",
               "Cannot open": "Cannot open the file"}
        self.validation.show_external(problems, why.get(title, title))
        self.docks["Problems"].raise_()
        self.status(f"{title}: " + (str(problems[0]).splitlines()[0] if problems else ""))
        if self.ask:
            QMessageBox.warning(self, title, text)

    def maybe_discard(self) -> bool:
        if not self.doc.modified or not self.ask:
            return True
        answer = QMessageBox.question(self, "Unsaved changes", "Save the changes first?",
                                      QMessageBox.StandardButton.Save | QMessageBox.StandardButton.Discard
                                      | QMessageBox.StandardButton.Cancel)
        if answer == QMessageBox.StandardButton.Save:
            return self.save()
        return answer == QMessageBox.StandardButton.Discard

    def open_dialog(self) -> None:
        if not self.maybe_discard():
            return
        path, _ = QFileDialog.getOpenFileName(self, "Open a variant or a drawing", "",
                                              "Variants, drawings and pictures (*.yaml *.svg *.png *.gif *.jpg *.jpeg)")
        if path:
            self.open_asked(path, asked=True)

    def open_asked(self, path: str, asked: bool = False) -> bool:
        """Open a file the user picked (a dialog, a recent file): unsaved
        work first, and autosaved work of that file offered back."""
        if not asked and not self.maybe_discard():
            return False
        return (os.path.exists(path) and self.offer_recovery(path)) or self.open_checked(path)

    def save(self) -> bool:
        if self.doc.path is None:
            return self.save_as()
        return self._save(self.doc.path)

    def save_as(self, path: Optional[str] = None) -> bool:
        if not path:
            path, _ = QFileDialog.getSaveFileName(self, "Save the variant", "variant.yaml", "Variant (*.yaml)")
        if not path:
            return False
        return self._save(path)

    def _save(self, path: str) -> bool:
        try:
            try:
                self.doc.save(path)
            except ChangedOnDisk as exc:
                if not self.ask:
                    raise
                box = QMessageBox(QMessageBox.Icon.Warning, "Changed on disk",
                                  f"{path} was changed on disk since you opened or saved it here "
                                  "(another window, editor or program). Overwrite those changes?", parent=self)
                over = box.addButton("Overwrite", QMessageBox.ButtonRole.DestructiveRole)
                box.addButton("Cancel", QMessageBox.ButtonRole.RejectRole)
                box.exec()
                if box.clickedButton() is not over:
                    self.status(f"not saved: {path} was changed on disk")
                    return False
                del exc
                self.doc.save(path, overwrite=True)
        except ChangedOnDisk as exc:
            self.show_refusal("Changed on disk", exc.problems)
            return False
        except SaveRefused as exc:
            self.show_refusal("Not saved", exc.problems)
            return False
        except OSError as exc:
            self.show_refusal("Not saved", [f"{path}: {exc.strerror or exc}"])
            return False
        self._remember(self.doc.path or path)
        self._title()
        self.recovery.clear()
        self.status(f"saved {self.doc.path}")
        return True

    def export_dialog(self) -> None:
        from variantkit.formats import formats
        writers = {n: f for n, f in formats().items() if f.writes}
        path, chosen = QFileDialog.getSaveFileName(self, "Export", "", ";;".join(sorted(writers)))
        if path and chosen:
            report = writers[chosen].export(self.doc.variant, path)
            # the losses that change the game first, colours and the picture last
            self.status(f"exported {path}: {report.summary()}")
            if self.ask:
                QMessageBox.information(self, "Export", report.summary() + "\n\n"
                                        + "\n".join(str(p) for p in report.problems))

    # -- recovery ------------------------------------------------------------
    def write_recovery(self) -> None:
        """What the autosave timer does: the document's own recovery folder."""
        try:
            self.recovery.write()
        except OSError as exc:  # a full disk must not stop the editing
            self.status(f"autosave failed: {exc.strerror or exc}")

    def offer_recovery(self, path: Optional[str] = None) -> bool:
        """After a crash: open autosaved work if the user wants it (that of
        ``path`` when given).  Work not taken back stays for later."""
        skipped: List[Tuple[str, str]] = []
        folders = recovery.left_behind(skipped)
        self.skipped_recovery = skipped
        if skipped:  # named, passed over: never a reason not to start
            self.status("; ".join(f"autosave {f} skipped: {why}" for f, why in skipped))
        if path is not None:
            want = os.path.abspath(os.path.join(path, "variant.yaml") if os.path.isdir(path) else path)
            folders = [f for f in folders if recovery.path_of(f) == want]
        for folder in folders:
            if self.ask:
                box = QMessageBox(QMessageBox.Icon.Question, "Recover",
                                  "variantkit did not close properly. Open the autosaved work?\n"
                                  + recovery.describe(folder), parent=self)
                yes = box.addButton("Recover", QMessageBox.ButtonRole.AcceptRole)
                gone = box.addButton("Discard it", QMessageBox.ButtonRole.DestructiveRole)
                box.addButton("Later", QMessageBox.ButtonRole.RejectRole)
                box.exec()
                if box.clickedButton() is gone:
                    import shutil
                    shutil.rmtree(folder, ignore_errors=True)
                    continue
                if box.clickedButton() is not yes:
                    continue
            return self.recover(folder)
        return False

    def recover(self, folder: str) -> bool:
        old = self.recovery.folder
        try:
            meta = self.recovery.restore(folder)
        except recovery.Unreadable as exc:
            self.status(f"cannot recover {folder}: {exc}")
            return False
        except UnusableInput as exc:
            self.status(f"cannot recover {folder}: " + ("; ".join(p.message for p in exc.problems)
                                                         or "another editor has it"))
            return False
        except Exception as exc:  # the document and the folder are as they were
            self.status(f"cannot recover {folder}: {type(exc).__name__}: {str(exc)[:200]}")
            return False
        if meta.get("path_dropped"):
            self.status(f"recovered; the recorded file {str(meta.get('path'))[:200]!r} is not a variant "
                        "file: Save asks where")
        if old and old != folder:  # the work that was here is saved or given up
            import shutil
            shutil.rmtree(old, ignore_errors=True)
        self.play.game = None
        self.scene.play = None
        self.properties.show_province(None)
        self.scene.clearSelection()  # (the new file may have a province of the same id)
        self.judge.forget()  # a judge's file read for the old one
        self._opened(None, [])
        self._title()
        return True

    def recover_dialog(self) -> None:
        if not self.maybe_discard():
            return
        if not self.offer_recovery():
            self.status("no autosaved work to recover")

    def closeEvent(self, event: QCloseEvent) -> None:
        if self.maybe_discard():
            if not self.doc.modified or self.ask:
                self.recovery.clear()   # saved, or discarded by the user
            else:
                self.recovery.release()  # no one was asked: the work stays recoverable
            self.autosave.stop()
            self.validation.timer.stop()
            event.accept()
        else:
            event.ignore()
