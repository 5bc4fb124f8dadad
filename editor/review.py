"""The review tools of the main window: the balance panel (Tools > Balance
report) and, for a subvariant, its changes from the base (View > Show
changes from base).  The window docks the panels made here and its entry
table (actions.py) calls ``open_balance`` and ``toggle_changes``."""
from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, Qt, QTimer

from .balance_panel import BalancePanel
from .base_changes import ChangesOverlay, ChangesPanel

if TYPE_CHECKING:
    from .mainwindow import MainWindow


class Review(QObject):
    def __init__(self, window: MainWindow):
        super().__init__(window)
        self.window = window
        doc = window.doc
        self.balance = BalancePanel(doc)
        self.overlay = ChangesOverlay(window.scene, doc)
        self.changes = ChangesPanel(self.overlay)
        self.changes.province_selected.connect(window.select_province)
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
        dock = self.window.docks["Balance"]
        dock.show()
        dock.raise_()
        self.window.resizeDocks([dock], [max(dock.height(), 420)], Qt.Orientation.Vertical)
        self.balance.games.setFocus()

    def _changed(self, kind: str) -> None:
        doc = self.window.doc
        if kind == "all":  # another file: a subvariant shows its changes at once
            sub = doc.base is not None
            self.overlay.shown = sub
            dock = self.window.docks["Changes from base"]
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
        dock = self.window.docks["Changes from base"]
        dock.setVisible(on)
        if on:
            dock.raise_()
