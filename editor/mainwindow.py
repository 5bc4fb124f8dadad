"""The main window: the map in a zoomable view, docked panels, menus with an
entry for every tool, files (atomic saves, recent files, autosave and
recovery), and the title with the file name and a modified mark."""
from __future__ import annotations

import os
from typing import Optional

from PySide6.QtCore import QSettings, Qt, QTimer
from PySide6.QtGui import QAction, QActionGroup, QKeySequence, QPainter
from PySide6.QtWidgets import (QApplication, QDockWidget, QFileDialog, QGraphicsView, QLabel, QMainWindow,
                               QMessageBox)

from variantkit.problems import UnusableInput

from . import heap, recovery
from .document import ChangedOnDisk, Document, SaveRefused
from .panels import PLACES, PowersPanel, PropertiesPanel, ProposalsPanel, RulesPanel, ValidationPanel
from .play import PlayPanel, PlayTool
from .review import Review
from .scene import MapScene
from .designer import tool_entries
from .tools import DrawPolygonTool, EditVertexTool, LinkTool, SelectTool, SplitTool

AUTOSAVE_MS = int(os.environ.get("VARIANTKIT_AUTOSAVE_MS", "30000"))  # tests shorten it


STATUS_MS = 6000  # how long a status message stays


TOOLS = (("select", "&Select", "S"), ("draw", "&Draw province", "D"), ("vertex", "Edit &vertices", "V"),
         ("link", "&Link spaces", "L"), ("split", "S&plit province along a line", "X"),
         ("play", "&Play (test the variant)", "P"))


class MapView(QGraphicsView):
    def __init__(self, scene):
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

    def resizeEvent(self, event):
        super().resizeEvent(event)
        if self.fitted:  # docks settling, scroll bars coming and going: still the whole map
            self.fit()

    def wheelEvent(self, event):
        self.zoom(1.15 if event.angleDelta().y() > 0 else 1 / 1.15)


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
            self.add_dock(title, widget, area)
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
        self.validation.place_picked.connect(lambda key: self._to_dock(PLACES[key]))
        self.validation.drawn_powers = self.proposals.drawn_powers
        self.doc.modified_changed.connect(lambda _: self._title())
        self.doc.changed.connect(lambda _: self._title())
        self.doc.renamed.connect(self._follow_rename)
        self.doc.refused.connect(self._refused)
        self.doc.undo.indexChanged.connect(self._say_last_step)
        self._menus()
        self._toolbar()
        self.review = Review(self)  # balance panel, a subvariant's changes: docks and menu entries
        self.settings = QSettings("variantkit", "editor")
        self.recovery = recovery.Recovery(self.doc)
        self.autosave = QTimer(self)
        self.autosave.setInterval(AUTOSAVE_MS)
        self.autosave.timeout.connect(self.write_recovery)
        self.autosave.start()
        self.resize(1280, 820)
        self._title()

    def add_dock(self, title: str, widget, area) -> QDockWidget:
        """A panel in a dock of its own, found again by its title in ``docks``."""
        dock = QDockWidget(title, self)
        dock.setObjectName(title)
        dock.setWidget(widget)
        self.addDockWidget(area, dock)
        self.docks[title] = dock
        return dock

    # -- menus ---------------------------------------------------------------
    def _action(self, menu, text, slot, shortcut=None):
        """A menu entry; the slot is called without the ``checked`` argument
        QAction.triggered carries (it once arrived as Save As's path)."""
        act = QAction(text, self)
        if shortcut is not None:
            act.setShortcut(shortcut)
            if isinstance(shortcut, str) and len(shortcut) == 1:
                # a bare letter belongs to the map: typed in a drop-down list or a
                # table it must not switch tools
                act.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
                self.view.addAction(act)
        act.triggered.connect(lambda _checked=False: slot())
        menu.addAction(act)
        return act

    def _menus(self) -> None:
        bar = self.menuBar()
        f = bar.addMenu("&File")
        self._action(f, "&Open...", self.open_dialog, QKeySequence.StandardKey.Open)
        self._action(f, "Recover &autosaved work...", self.recover_dialog)
        self._action(f, "&Save", self.save, QKeySequence.StandardKey.Save)
        self._action(f, "Save &as...", self.save_as, "Ctrl+Shift+S")
        self.recent_menu = f.addMenu("Open &recent")
        self._action(f, "&Export...", self.export_dialog)
        self._action(f, "Take from a &judge's file...", self.judge_dialog)
        self._action(f, "&Quit", self.close, QKeySequence.StandardKey.Quit)
        e = bar.addMenu("&Edit")
        undo = self.doc.undo.createUndoAction(self, "&Undo")
        undo.setShortcuts(QKeySequence.StandardKey.Undo)  # every binding: Ctrl+Z, Alt+Backspace
        redo = self.doc.undo.createRedoAction(self, "&Redo")
        redo.setShortcuts(QKeySequence.StandardKey.Redo)  # Ctrl+Y and Ctrl+Shift+Z
        e.addAction(undo)
        e.addAction(redo)
        self._action(e, "&Delete province or edge", self.delete_selected, QKeySequence.StandardKey.Delete)
        self._action(e, "&Merge the two selected provinces", self.merge_selected, "Ctrl+M")
        v = bar.addMenu("&View")
        self._action(v, "Zoom &in", lambda: self.view.zoom(1.25), QKeySequence.StandardKey.ZoomIn)
        self._action(v, "Zoom &out", lambda: self.view.zoom(0.8), QKeySequence.StandardKey.ZoomOut)
        self._action(v, "&Fit to window", self.fit, "Ctrl+0")
        self._action(v, "Show/hide &adjacency", self.toggle_edges, "E")
        t = bar.addMenu("&Tools")
        self.tool_actions = {}
        group = QActionGroup(self)  # one tool at a time, the active one checked
        for key, name, shortcut in TOOLS + tool_entries():
            act = self._action(t, name, lambda k=key: self.use_tool(k), shortcut)
            act.setCheckable(True)
            act.setData(key)
            group.addAction(act)
            self.tool_actions[key] = act
        self.tool_actions["select"].setChecked(True)

    def judge_dialog(self) -> None:
        """What a judge's own file says that the drawing does not: its panel, and the file asked for."""
        self.docks["From a judge"].show()
        self.docks["From a judge"].raise_()
        self.judge.dialog.open()

    def _toolbar(self) -> None:
        bar = self.addToolBar("Tools")
        bar.setObjectName("Tools")
        for key, _, _ in TOOLS + tool_entries():
            bar.addAction(self.tool_actions[key])
        bar.addSeparator()
        self.tool_label = QLabel()
        bar.addWidget(self.tool_label)
        self.tool_label.setText("Tool: Select")

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
        self.view.fit()

    def showEvent(self, event):
        super().showEvent(event)
        QTimer.singleShot(0, self.fit)  # once the window has its size

    def status(self, text: str) -> None:
        self.statusBar().showMessage(text, STATUS_MS)

    def _say_last_step(self, index: int) -> None:
        """What the last step did (or undid), in the status bar."""
        stack = self.doc.undo
        before, self._index = getattr(self, "_index", 0), index
        if index < before and index < stack.count():
            self.status(f"Undone: {stack.text(index)}")
        elif 0 < index <= stack.count():
            self.status(stack.text(index - 1))

    def _refused(self, why: str) -> None:
        self.status(why)
        # once the panel that asked is done: it shows what is there, not what it asked for
        QTimer.singleShot(0, self._selection)

    def _follow_rename(self, old: str, new: str) -> None:
        # Properties stays on the province it showed, under its new id, and the
        # map keeps it selected once the scene is rebuilt
        if self.properties.pid == old:
            self.properties.show_province(new)
        if any(getattr(i, "pid", None) == old for i in self.scene.selectedItems()):
            QTimer.singleShot(0, lambda: self._reselect(new))

    def _reselect(self, pid: str) -> None:
        item = self.scene.items_by_id.get(pid)
        if item is not None:
            item.setSelected(True)

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

    def merge_selected(self) -> None:
        from .commands import MergeProvinces
        picked = sorted(i.pid for i in self.scene.selectedItems() if hasattr(i, "pid"))
        if len(picked) == 2:
            self.doc.undo.push(MergeProvinces(self.doc, picked[0], picked[1]))
        else:
            self.status("select exactly two provinces to merge")

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

    def _opened(self, path: Optional[str], problems) -> None:
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

    def _other_windows_on(self, path: Optional[str]) -> list:
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
            self._action(self.recent_menu, p, lambda q=p: self.open_asked(q))

    def open_checked(self, path: str) -> bool:
        """Open a file as the user asked for it: problems in a message, not a crash."""
        try:
            self.open_path(path)
        except UnusableInput as exc:
            self.show_refusal("Cannot open", exc.problems)
            return False
        return True

    def show_refusal(self, title: str, problems) -> None:
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
        self._remember(self.doc.path)
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
        skipped: list = []
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

    def closeEvent(self, event):
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
