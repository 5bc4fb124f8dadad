"""The review tools of the main window: the balance panel (Tools > Balance
report) and, for a subvariant, its changes from the base (View > Show
changes from base).  ``install`` adds their docks and menu entries, so the
main window needs one line for them."""
from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt, QTimer
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu

from .balance_panel import BalancePanel
from .base_changes import ChangesOverlay, ChangesPanel


def _menu(window, title: str):
    for menu in window.menuBar().findChildren(QMenu):
        if menu.title().replace("&", "") == title:
            return menu
    return window.menuBar().addMenu(title)


class Review(QObject):
    def __init__(self, window):
        super().__init__(window)
        self.window = window
        doc = window.doc
        self.balance = BalancePanel(doc)
        self.overlay = ChangesOverlay(window.scene, doc)
        self.changes = ChangesPanel(self.overlay)
        self.changes.province_selected.connect(window.select_province)
        # the balance table is wide: a tab beside the problems; the changes a tab on the right
        for title, widget, area, beside in (
                ("Balance", self.balance, Qt.DockWidgetArea.BottomDockWidgetArea, "Problems"),
                ("Changes from base", self.changes, Qt.DockWidgetArea.RightDockWidgetArea, "Proposals")):
            dock = window.add_dock(title, widget, area)
            if beside in window.docks:
                window.tabifyDockWidget(window.docks[beside], dock)
            dock.hide()  # until asked for, or a subvariant is opened
        window.docks["Problems"].raise_()
        window.docks["Proposals"].raise_()

        self.show_changes = QAction("Show &changes from base", window)
        self.show_changes.setCheckable(True)
        self.show_changes.setEnabled(False)
        self.show_changes.toggled.connect(self._toggle)
        view = _menu(window, "View")
        view.addSeparator()
        view.addAction(self.show_changes)

        self.balance_action = QAction("&Balance report...", window)
        self.balance_action.setShortcut("Ctrl+B")
        self.balance_action.triggered.connect(lambda _checked=False: self.open_balance())
        tools = _menu(window, "Tools")
        tools.addSeparator()
        tools.addAction(self.balance_action)
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
            self.show_changes.setEnabled(sub)
            self.show_changes.blockSignals(True)
            self.show_changes.setChecked(sub)
            self.show_changes.blockSignals(False)
            self.overlay.shown = sub
            dock = self.window.docks["Changes from base"]
            dock.setVisible(sub)
            if sub:
                dock.raise_()
        self.overlay.refresh()
        self.changes.fill()

    def _toggle(self, on: bool) -> None:
        self.overlay.set_shown(on)
        self.changes.fill()
        dock = self.window.docks["Changes from base"]
        dock.setVisible(on)
        if on:
            dock.raise_()
