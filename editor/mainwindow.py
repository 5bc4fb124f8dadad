"""The main window: the map in a zoomable view, docked panels, menus with an
entry for every tool, files (atomic saves, recent files, autosave and
recovery), and the title with the file name and a modified mark."""
from __future__ import annotations

import os
from typing import Optional

from PySide6.QtCore import QSettings, QStandardPaths, Qt, QTimer
from PySide6.QtGui import QAction, QKeySequence, QPainter
from PySide6.QtWidgets import (QDockWidget, QFileDialog, QGraphicsView, QMainWindow, QMessageBox)

from variantkit.problems import UnusableInput

from .document import Document
from .panels import PowersPanel, PropertiesPanel, ProposalsPanel, RulesPanel, ValidationPanel
from .play import PlayPanel, PlayTool
from .scene import MapScene
from .designer import tool_entries
from .tools import DrawPolygonTool, EditVertexTool, LinkTool, SelectTool, SplitTool

AUTOSAVE_MS = int(os.environ.get("VARIANTKIT_AUTOSAVE_MS", "30000"))  # tests shorten it


def recovery_path() -> str:
    # the same place whatever the application object is called (a crashed run, a new one)
    data = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.GenericDataLocation)
    base = os.path.join(data, "variantkit") if data else os.path.expanduser("~/.variantkit")
    os.makedirs(base, exist_ok=True)
    return os.path.join(base, "recovery.yaml")


class MapView(QGraphicsView):
    def __init__(self, scene):
        super().__init__(scene)
        self.setRenderHint(QPainter.RenderHint.Antialiasing)
        self.setDragMode(QGraphicsView.DragMode.RubberBandDrag)
        self.setTransformationAnchor(QGraphicsView.ViewportAnchor.AnchorUnderMouse)

    def wheelEvent(self, event):
        factor = 1.15 if event.angleDelta().y() > 0 else 1 / 1.15
        self.scale(factor, factor)


class MainWindow(QMainWindow):
    def __init__(self, ask=True):
        super().__init__()
        self.ask = ask  # False in tests and scripts: no modal questions
        self.doc = Document(self)
        self.scene = MapScene(self.doc, self)
        self.view = MapView(self.scene)
        self.setCentralWidget(self.view)
        self.properties = PropertiesPanel(self.doc)
        self.validation = ValidationPanel(self.doc)
        self.proposals = ProposalsPanel(self.doc)
        self.powers = PowersPanel(self.doc)
        self.rules = RulesPanel(self.doc)
        self.play = PlayPanel(self.doc)
        self.play.position_changed.connect(self.scene.rebuild)
        self.docks = {}
        for title, widget, area in (("Properties", self.properties, Qt.DockWidgetArea.RightDockWidgetArea),
                                    ("Problems", self.validation, Qt.DockWidgetArea.BottomDockWidgetArea),
                                    ("Play", self.play, Qt.DockWidgetArea.BottomDockWidgetArea),
                                    ("Proposals", self.proposals, Qt.DockWidgetArea.RightDockWidgetArea),
                                    ("Powers", self.powers, Qt.DockWidgetArea.RightDockWidgetArea),
                                    ("Rules", self.rules, Qt.DockWidgetArea.RightDockWidgetArea)):
            dock = QDockWidget(title, self)
            dock.setObjectName(title)
            dock.setWidget(widget)
            self.addDockWidget(area, dock)
            self.docks[title] = dock
        # the play panel shares the bottom with the problems; the map keeps the room
        self.tabifyDockWidget(self.docks["Problems"], self.docks["Play"])
        self.docks["Problems"].raise_()
        self.tabifyDockWidget(self.docks["Proposals"], self.docks["Powers"])
        self.tabifyDockWidget(self.docks["Proposals"], self.docks["Rules"])
        self.docks["Proposals"].raise_()
        self.resizeDocks([self.docks["Problems"]], [170], Qt.Orientation.Vertical)
        self.tools = {"select": SelectTool(self.doc), "draw": DrawPolygonTool(self.doc),
                      "vertex": EditVertexTool(self.doc), "link": LinkTool(self.doc),
                      "split": SplitTool(self.doc), "play": PlayTool(self.doc, self.play)}
        from .designer import install as install_designer
        install_designer(self)
        self.scene.selectionChanged.connect(self._selection)
        self.scene.province_clicked.connect(self.properties.show_province)
        self.validation.problem_selected.connect(self.select_province)
        self.doc.modified_changed.connect(lambda _: self._title())
        self.doc.changed.connect(lambda _: self._title())
        self._menus()
        self.settings = QSettings("variantkit", "editor")
        self.autosave = QTimer(self)
        self.autosave.setInterval(AUTOSAVE_MS)
        self.autosave.timeout.connect(self.write_recovery)
        self.autosave.start()
        self.resize(1280, 820)
        self._title()

    # -- menus ---------------------------------------------------------------
    def _action(self, menu, text, slot, shortcut=None):
        act = QAction(text, self)
        if shortcut is not None:
            act.setShortcut(shortcut)
        act.triggered.connect(slot)
        menu.addAction(act)
        return act

    def _menus(self) -> None:
        bar = self.menuBar()
        f = bar.addMenu("&File")
        self._action(f, "&Open...", self.open_dialog, QKeySequence.StandardKey.Open)
        self._action(f, "&Save", self.save, QKeySequence.StandardKey.Save)
        self._action(f, "Save &as...", self.save_as, QKeySequence.StandardKey.SaveAs)
        self.recent_menu = f.addMenu("Open &recent")
        self._action(f, "&Export...", self.export_dialog)
        self._action(f, "&Quit", self.close, QKeySequence.StandardKey.Quit)
        e = bar.addMenu("&Edit")
        undo = self.doc.undo.createUndoAction(self, "&Undo")
        undo.setShortcut(QKeySequence.StandardKey.Undo)
        redo = self.doc.undo.createRedoAction(self, "&Redo")
        redo.setShortcut(QKeySequence.StandardKey.Redo)
        e.addAction(undo)
        e.addAction(redo)
        self._action(e, "&Delete province or edge", self.delete_selected, QKeySequence.StandardKey.Delete)
        self._action(e, "&Merge the two selected provinces", self.merge_selected, "Ctrl+M")
        v = bar.addMenu("&View")
        self._action(v, "Zoom &in", lambda: self.view.scale(1.25, 1.25), QKeySequence.StandardKey.ZoomIn)
        self._action(v, "Zoom &out", lambda: self.view.scale(0.8, 0.8), QKeySequence.StandardKey.ZoomOut)
        self._action(v, "Show/hide &adjacency", self.toggle_edges, "E")
        t = bar.addMenu("&Tools")
        for key, name in (("select", "&Select"), ("draw", "&Draw province"), ("vertex", "Edit &vertices"),
                          ("link", "&Link spaces"), ("split", "S&plit province along a line"),
                          ("play", "&Play (test the variant)")) + tool_entries():
            self._action(t, name, lambda _=False, k=key: self.use_tool(k))

    # -- state ---------------------------------------------------------------
    def _title(self) -> None:
        name = os.path.basename(self.doc.path) if self.doc.path else "untitled"
        self.setWindowTitle(f"{name}{' *' if self.doc.modified else ''} — {self.doc.variant.name} — variantkit")

    def _selection(self) -> None:
        picked = [i.pid for i in self.scene.selectedItems() if hasattr(i, "pid")]
        self.properties.show_province(picked[0] if picked else None)

    def select_province(self, pid: str) -> None:
        item = self.scene.items_by_id.get(pid)
        if item is None:
            return
        self.scene.clearSelection()
        item.setSelected(True)
        self.view.centerOn(item)

    def fit(self) -> None:
        self.view.fitInView(self.scene.sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)

    def showEvent(self, event):
        super().showEvent(event)
        QTimer.singleShot(0, self.fit)  # once the window has its size

    def use_tool(self, key: str) -> None:
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

    def merge_selected(self) -> None:
        from .commands import MergeProvinces
        picked = sorted(i.pid for i in self.scene.selectedItems() if hasattr(i, "pid"))
        if len(picked) == 2:
            self.doc.undo.push(MergeProvinces(self.doc, picked[0], picked[1]))
        else:
            self.statusBar().showMessage("select exactly two provinces to merge")

    def delete_selected(self) -> None:
        from .commands import RemoveProvince
        from .design_commands import ReplaceEdges
        keys = [i.key for i in self.scene.selectedItems() if hasattr(i, "key")]
        if keys:  # edges picked on the map: they go, in one step
            self.doc.undo.push(ReplaceEdges(self.doc, keys, [], f"Delete {len(keys)} edge(s)"))
            return
        for item in list(self.scene.selectedItems()):
            if hasattr(item, "pid"):
                self.doc.undo.push(RemoveProvince(self.doc, item.pid))

    # -- files ---------------------------------------------------------------
    def open_path(self, path: str) -> None:
        # a new file: no game on the old one, nothing selected
        self.play.game = None
        self.scene.play = None
        self.properties.show_province(None)
        if path.lower().endswith(".svg"):
            problems = self.doc.open_svg(path)
        else:
            problems = self.doc.open_variant(path)
        self.validation.run_now()
        self.view.fitInView(self.scene.sceneRect(), Qt.AspectRatioMode.KeepAspectRatio)
        self._remember(path)
        self.statusBar().showMessage(f"opened {path}" + (f": {len(problems)} note(s)" if problems else ""))

    def _remember(self, path: str) -> None:
        recent = [p for p in (self.settings.value("recent") or []) if p != path]
        recent = [path] + recent[:7]
        self.settings.setValue("recent", recent)
        self.recent_menu.clear()
        for p in recent:
            self._action(self.recent_menu, p, lambda _=False, q=p: self.open_path(q))

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
                                              "Variants and drawings (*.yaml *.svg)")
        if path:
            try:
                self.open_path(path)
            except UnusableInput as exc:
                QMessageBox.warning(self, "Cannot open", "\n".join(str(p) for p in exc.problems))

    def save(self) -> bool:
        if self.doc.path is None:
            return self.save_as()
        self.doc.save()
        self.clear_recovery()
        self.statusBar().showMessage(f"saved {self.doc.path}")
        return True

    def save_as(self, path: Optional[str] = None) -> bool:
        if path is None:
            path, _ = QFileDialog.getSaveFileName(self, "Save the variant", "variant.yaml", "Variant (*.yaml)")
        if not path:
            return False
        self.doc.save(path)
        self._remember(self.doc.path)
        self._title()
        self.clear_recovery()
        return True

    def export_dialog(self) -> None:
        from variantkit.formats import formats
        writers = {n: f for n, f in formats().items() if f.writes}
        path, chosen = QFileDialog.getSaveFileName(self, "Export", "", ";;".join(sorted(writers)))
        if path and chosen:
            report = writers[chosen].export(self.doc.variant, path)
            QMessageBox.information(self, "Export", "\n".join(str(p) for p in report.problems) or "done")

    # -- recovery ------------------------------------------------------------
    def write_recovery(self) -> None:
        if self.doc.modified:
            self.doc.write_recovery(recovery_path())
            self.settings.setValue("recovery_of", self.doc.path or "")

    def clear_recovery(self) -> None:
        if os.path.exists(recovery_path()):
            os.remove(recovery_path())

    def offer_recovery(self) -> bool:
        """After a crash: open the autosaved work if the user wants it."""
        path = recovery_path()
        if not os.path.exists(path):
            return False
        if self.ask and QMessageBox.question(
                self, "Recover", "variantkit did not close properly. Open the autosaved work?") \
                != QMessageBox.StandardButton.Yes:
            return False
        self.open_path(path)
        self.doc.path = self.settings.value("recovery_of") or None
        self.doc.undo.resetClean()
        return True

    def closeEvent(self, event):
        if self.maybe_discard():
            self.clear_recovery()
            self.autosave.stop()
            self.validation.timer.stop()
            event.accept()
        else:
            event.ignore()
