"""The graph under the designer's hands: every edge in a list that follows
the map's selection (and the map follows it), deleted or changed in one
step (unit types, strait, one-way), the link tool's modes, and the legend
of the overlay."""
from __future__ import annotations

from dataclasses import replace
from typing import List, Optional

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (QAbstractItemView, QCheckBox, QComboBox, QGridLayout, QHBoxLayout, QLabel,
                               QLineEdit, QPushButton, QTableWidget, QTableWidgetItem, QVBoxLayout, QWidget)

from variantkit.model import Crossing, Edge, split_location

from .design_commands import ReplaceEdges
from .document import Document
from .scene import EDGE_STYLES

_DASH = {Qt.PenStyle.SolidLine: "━━━", Qt.PenStyle.DashLine: "╍╍╍", Qt.PenStyle.DashDotLine: "━╍━"}
_WORDS = {"both": "armies and fleets", "army": "armies only", "fleet": "fleets only", "strait": "strait"}


def legend_html() -> str:
    """The overlay's styles in words: colour and dash tell the kinds apart."""
    rows = [f"<span style='color:{c}; font-weight:bold'>{_DASH[s]}</span> {_WORDS[k]}"
            for k, (c, s, _) in EDGE_STYLES.items()]
    return "<br>".join(rows + ["━━▶ one-way"])


class EdgesPanel(QWidget):
    """Every edge: filter, select (here or on the map), delete, set units or kind."""

    edges_selected = Signal(list)  # keys picked in the list: the map selects them

    def __init__(self, doc: Document, link_tool=None, parent=None):
        super().__init__(parent)
        self.doc = doc
        self.link_tool = link_tool
        self._syncing = False
        layout = QVBoxLayout(self)
        self.filter = QLineEdit()
        self.filter.setPlaceholderText("filter: a province id, army, fleet, strait ...")
        layout.addWidget(self.filter)
        self.table = QTableWidget(0, 4)
        self.table.setHorizontalHeaderLabels(["From", "To", "Units", "Kind"])
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().setVisible(False)
        layout.addWidget(self.table)
        grid = QGridLayout()
        self.buttons = {}
        for i, (key, text) in enumerate((("army", "Army only"), ("fleet", "Fleet only"), ("both", "Both"),
                                         ("strait", "Strait"), ("oneway", "One-way"), ("delete", "Delete"))):
            b = QPushButton(text)
            b.clicked.connect(lambda _=False, k=key: self.act(k))
            grid.addWidget(b, i // 3, i % 3)
            self.buttons[key] = b
        layout.addLayout(grid)
        row = QHBoxLayout()
        row.addWidget(QLabel("New links:"))
        self.link_units = QComboBox()
        self.link_units.addItems([c.value for c in (Crossing.BOTH, Crossing.ARMY, Crossing.FLEET)])
        self.link_strait = QCheckBox("strait")
        self.link_oneway = QCheckBox("one-way")
        for w in (self.link_units, self.link_strait, self.link_oneway):
            row.addWidget(w)
        layout.addLayout(row)
        self.link_units.currentTextChanged.connect(self._link_mode)
        self.link_strait.toggled.connect(self._link_mode)
        self.link_oneway.toggled.connect(self._link_mode)
        self.legend = QLabel(legend_html())
        self.legend.setTextFormat(Qt.TextFormat.RichText)
        layout.addWidget(self.legend)
        self.shown: List[Edge] = []
        self.filter.textChanged.connect(lambda _: self.refresh())
        self.table.itemSelectionChanged.connect(self._picked)
        doc.changed.connect(lambda _: self.refresh())
        self.refresh()

    # -- list ------------------------------------------------------------------
    def _matches(self, e: Edge, words: List[str]) -> bool:
        text = f"{e.a} {e.b} {e.units.value} {'strait' if e.strait else ''} {'oneway one-way' if e.oneway else ''}"
        hay = text.split()
        return all(any(h == w or split_location(h)[0] == w or (len(w) > 3 and h.startswith(w)) for h in hay)
                   for w in words)

    def refresh(self) -> None:
        keep = set(self.selected_keys())
        words = self.filter.text().lower().split()
        self.shown = sorted((e for e in self.doc.variant.edges if self._matches(e, words)), key=lambda e: e.key)
        self._syncing = True
        try:
            self.table.setRowCount(len(self.shown))
            for r, e in enumerate(self.shown):
                kind = " ".join(k for k, on in (("strait", e.strait), ("one-way", e.oneway)) if on)
                for c, text in enumerate((e.a, e.b, e.units.value, kind)):
                    self.table.setItem(r, c, QTableWidgetItem(text))
            self._select_rows([r for r, e in enumerate(self.shown) if e.key in keep])
        finally:
            self._syncing = False

    def _select_rows(self, rows) -> None:
        self.table.clearSelection()
        model, sel = self.table.model(), self.table.selectionModel()
        from PySide6.QtCore import QItemSelection, QItemSelectionModel
        chosen = QItemSelection()
        for r in rows:
            chosen.select(model.index(r, 0), model.index(r, 3))
        sel.select(chosen, QItemSelectionModel.SelectionFlag.Select)
        if rows:
            self.table.scrollToItem(self.table.item(rows[0], 0))

    def selected_keys(self) -> List[tuple]:
        rows = sorted({i.row() for i in self.table.selectionModel().selectedRows()})
        return [self.shown[r].key for r in rows if r < len(self.shown)]

    def selected_edges(self) -> List[Edge]:
        keys = set(self.selected_keys())
        return [e for e in self.doc.variant.edges if e.key in keys]

    def _picked(self) -> None:
        if not self._syncing:
            self.edges_selected.emit(self.selected_keys())

    def show_keys(self, keys) -> None:
        """The map's selection shown in the list (without echoing it back)."""
        keys = set(keys)
        self._syncing = True
        try:
            self._select_rows([r for r, e in enumerate(self.shown) if e.key in keys])
        finally:
            self._syncing = False

    # -- edits -----------------------------------------------------------------
    def act(self, what: str) -> Optional[str]:
        edges = self.selected_edges()
        if not edges:
            return None
        keys = [e.key for e in edges]
        label = edges[0].a + " - " + edges[0].b if len(edges) == 1 else f"{len(edges)} edges"
        if what == "delete":
            self.doc.undo.push(ReplaceEdges(self.doc, keys, [], f"Delete {label}"))
            return what
        if what in ("army", "fleet", "both"):
            new = [replace(e, units=Crossing(what)) for e in edges]
            text = f"{label}: {what}"
        elif what == "strait":
            on = not all(e.strait for e in edges)
            new = [replace(e, strait=on) for e in edges]
            text = f"{label}: {'strait' if on else 'no strait'}"
        else:  # one-way from a to b as listed; again: both ways
            on = not all(e.oneway for e in edges)
            new = [replace(e, oneway=on) for e in edges]
            text = f"{label}: {'one-way' if on else 'both ways'}"
        if new != edges:
            self.doc.undo.push(ReplaceEdges(self.doc, keys, new, text))
        self.show_keys([e.key for e in new])
        self.edges_selected.emit([e.key for e in new])
        return what

    def _link_mode(self, *_) -> None:
        if self.link_tool is not None:
            self.link_tool.units = Crossing(self.link_units.currentText())
            self.link_tool.strait = self.link_strait.isChecked()
            self.link_tool.oneway = self.link_oneway.isChecked()
