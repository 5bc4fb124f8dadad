"""The review tools of the main window: the balance panel (Tools > Balance
report) and, for a subvariant, its changes from the base (View > Show
changes from base).  The window docks the panels made here (in ``docks``,
by title) and its entry table calls ``open_balance`` and ``toggle_changes``."""
from __future__ import annotations

from typing import Dict

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtWidgets import QDockWidget, QMainWindow

from .balance_panel import BalancePanel
from .base_changes import ChangesOverlay, ChangesPanel
from .document import Document
from .scene import MapScene


class Review(QObject):
    def __init__(self, window: QMainWindow, doc: Document, scene: MapScene, docks: Dict[str, QDockWidget]):
        super().__init__(window)
        self.window = window
        self.doc = doc
        self.docks = docks  # the window's, filled once the panels made here are docked
        self.balance = BalancePanel(doc)
        self.overlay = ChangesOverlay(scene, doc)
        self.changes = ChangesPanel(self.overlay)
        # after the scene's own rebuild (connected first): the marks use its positions
        doc.changed.connect(self._changed)
        window.installEventFilter(self)

    def eventFilter(self, watched, event) -> bool:
        if event.type() == QEvent.Type.Close:
            # once the close is decided (unsaved work may keep the window open): no games
            # left running for a window that is gone
            QTimer.singleShot(0, self._closed)
        return False

    def _closed(self) -> None:
        if not self.window.isVisible():
            self.balance.cancel()

    def open_balance(self) -> None:
        dock = self.docks["Balance"]
        dock.show()
        dock.raise_()
        self.window.resizeDocks([dock], [max(dock.height(), 420)], Qt.Orientation.Vertical)
        self.balance.games.setFocus()

    def _changed(self, kind: str) -> None:
        doc = self.doc
        if kind == "all":  # another file: a subvariant shows its changes at once
            sub = doc.base is not None
            self.overlay.shown = sub
            dock = self.docks["Changes from base"]
            dock.setVisible(sub)
            if sub:
                dock.raise_()
        self.overlay.refresh()
        self.changes.fill()

    def toggle_changes(self) -> None:
        """Show the changes from the base, or hide them."""
        on = not self.overlay.shown
        self.overlay.set_shown(on)
        self.changes.fill()
        dock = self.docks["Changes from base"]
        dock.setVisible(on)
        if on:
            dock.raise_()
