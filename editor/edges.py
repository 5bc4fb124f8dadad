"""The graph under the designer's hands: every edge in a list that follows
the map's selection (and the map follows it), deleted or changed in one
step (unit types, strait, one-way, the seasons it is open in), the link
tool's modes, and the legend of the overlay."""
from __future__ import annotations

from dataclasses import replace
from typing import Dict, List, Optional, Tuple

from PySide6.QtCore import QAbstractTableModel, Qt, Signal
from PySide6.QtWidgets import (QAbstractItemView, QCheckBox, QComboBox, QGridLayout, QHBoxLayout, QLabel,
                               QLineEdit, QPushButton, QTableView, QVBoxLayout, QWidget)

from variantkit.model import Crossing, Edge, split_location

from .design_commands import ReplaceEdges
from .document import Document
from .scene import EDGE_STYLES, SEASONAL_STYLE

_DASH = {Qt.PenStyle.SolidLine: "━━━", Qt.PenStyle.DashLine: "╍╍╍", Qt.PenStyle.DashDotLine: "━╍━",
         Qt.PenStyle.DotLine: "┈┈┈"}
EVERY_SEASON = "every season"
_WORDS = {"both": "armies and fleets", "army": "armies only", "fleet": "fleets only", "strait": "strait"}


def legend_html() -> str:
    """The overlay's styles in words: colour and dash tell the kinds apart."""
    rows = [f"<span style='color:{c}; font-weight:bold'>{_DASH[s]}</span> {_WORDS[k]}"
            for k, (c, s, _) in EDGE_STYLES.items()]
    return "<br>".join(rows + ["━━▶ one-way",
                               f"<b>{_DASH[SEASONAL_STYLE]}</b> dotted: open in some seasons only"])


def _kind(e: Edge) -> str:
    """The Kind column: strait, one-way, and the seasons of a seasonal edge."""
    words = [k for k, on in (("strait", e.strait), ("one-way", e.oneway)) if on]
    if e.seasons:
        words.append(f"{'/'.join(e.seasons)} only")
    return " ".join(words)


class EdgeRows(QAbstractTableModel):
    """The listed edges as a table model: a row's text is made when the view
    shows it, so listing 2,810 links costs a model reset, not 11,240 items."""

    HEADERS = ("From", "To", "Units", "Kind")

    def __init__(self, parent=None):
        super().__init__(parent)
        self.rows: List[Edge] = []

    def show(self, rows: List[Edge]) -> None:
        self.beginResetModel()
        self.rows = rows
        self.endResetModel()

    def rowCount(self, parent=None) -> int:
        return 0 if parent is not None and parent.isValid() else len(self.rows)

    def columnCount(self, parent=None) -> int:
        return 0 if parent is not None and parent.isValid() else 4

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        if role != Qt.ItemDataRole.DisplayRole or not index.isValid():
            return None
        e = self.rows[index.row()]
        return (e.a, e.b, e.units.value, _kind(e))[index.column()]

    def headerData(self, section, orientation, role=Qt.ItemDataRole.DisplayRole):
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal:
            return self.HEADERS[section]
        return None


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
        self.rows = EdgeRows(self)
        self.table = QTableView()
        self.table.setModel(self.rows)
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
        # the seasons the picked edges are open in: one checkable button a season
        self.season_row = QHBoxLayout()
        self.season_row.addWidget(QLabel("Open in:"))
        layout.addLayout(self.season_row)
        self.season_buttons: Dict[str, QPushButton] = {}
        self._seasons: Tuple[str, ...] = ()
        row = QHBoxLayout()
        row.addWidget(QLabel("New links:"))
        self.link_units = QComboBox()
        self.link_units.addItems([c.value for c in (Crossing.BOTH, Crossing.ARMY, Crossing.FLEET)])
        self.link_strait = QCheckBox("strait")
        self.link_oneway = QCheckBox("one-way")
        self.link_season = QComboBox()  # new links open in every season, or in one
        self.link_season.setToolTip("the seasons new links are open in")
        for w in (self.link_units, self.link_strait, self.link_oneway, self.link_season):
            row.addWidget(w)
        layout.addLayout(row)
        self.link_season.currentTextChanged.connect(self._link_mode)
        self.link_units.currentTextChanged.connect(self._link_mode)
        self.link_strait.toggled.connect(self._link_mode)
        self.link_oneway.toggled.connect(self._link_mode)
        self.legend = QLabel(legend_html())
        self.legend.setTextFormat(Qt.TextFormat.RichText)
        layout.addWidget(self.legend)
        self.shown: List[Edge] = []
        self.filter.textChanged.connect(lambda _: self.refresh())
        self.table.selectionModel().selectionChanged.connect(lambda *_: self._picked())
        doc.changed.connect(lambda _: self.refresh())
        self.refresh()

    # -- list ------------------------------------------------------------------
    def _matches(self, e: Edge, words: List[str]) -> bool:
        text = f"{e.a} {e.b} {e.units.value} {'strait' if e.strait else ''} {'oneway one-way' if e.oneway else ''}" \
               f" {'seasonal ' + ' '.join(e.seasons) if e.seasons else ''}"
        hay = text.split()
        return all(any(h == w or split_location(h)[0] == w or (len(w) > 3 and h.startswith(w)) for h in hay)
                   for w in words)

    def refresh(self) -> None:
        self._season_widgets()
        keep = set(self.selected_keys())
        words = self.filter.text().lower().split()
        edges = self.doc.variant.edges
        self.shown = sorted((e for e in edges if self._matches(e, words)) if words else edges, key=lambda e: e.key)
        self._syncing = True
        try:
            self.rows.show(self.shown)
            self._select_rows([r for r, e in enumerate(self.shown) if e.key in keep] if keep else [])
        finally:
            self._syncing = False
        self._show_seasons()

    def _season_widgets(self) -> None:
        """A button a season of the variant's calendar, and the link tool's
        choice of them, made again when the calendar changes."""
        seasons = tuple(self.doc.variant.rules.seasons)
        if seasons == self._seasons:
            return
        self._seasons = seasons
        for b in self.season_buttons.values():
            self.season_row.removeWidget(b)
            b.deleteLater()
        self.season_buttons = {}
        for s in seasons:
            b = QPushButton(s)
            b.setCheckable(True)
            b.setToolTip(f"the picked edges may be crossed in {s}")
            b.clicked.connect(lambda _=False, season=s: self.toggle_season(season))
            self.season_row.addWidget(b)
            self.season_buttons[s] = b
        was = self.link_season.currentText()
        self.link_season.blockSignals(True)
        self.link_season.clear()
        self.link_season.addItems([EVERY_SEASON] + [f"{s} only" for s in seasons])
        self.link_season.setCurrentIndex(max(0, self.link_season.findText(was)))
        self.link_season.blockSignals(False)
        self._link_mode()

    def _show_seasons(self) -> None:
        """Each season's button checked when every picked edge is open then."""
        edges = self.selected_edges()
        for s, b in self.season_buttons.items():
            b.setEnabled(bool(edges))
            b.setChecked(bool(edges) and all(not e.seasons or s in e.seasons for e in edges))

    def _select_rows(self, rows) -> None:
        self.table.clearSelection()
        model, sel = self.table.model(), self.table.selectionModel()
        from PySide6.QtCore import QItemSelection, QItemSelectionModel
        chosen = QItemSelection()
        for r in rows:
            chosen.select(model.index(r, 0), model.index(r, 3))
        sel.select(chosen, QItemSelectionModel.SelectionFlag.Select)
        if rows:
            self.table.scrollTo(model.index(rows[0], 0))

    def selected_keys(self) -> List[tuple]:
        rows = sorted({i.row() for i in self.table.selectionModel().selectedRows()})
        return [self.shown[r].key for r in rows if r < len(self.shown)]

    def selected_edges(self) -> List[Edge]:
        keys = set(self.selected_keys())
        return [e for e in self.doc.variant.edges if e.key in keys]

    def _picked(self) -> None:
        self._show_seasons()
        if not self._syncing:
            self.edges_selected.emit(self.selected_keys())

    def show_keys(self, keys) -> None:
        """The map's selection shown in the list (without echoing it back)."""
        keys = set(keys)
        self._syncing = True
        try:
            self._select_rows([r for r, e in enumerate(self.shown) if e.key in keys] if keys else [])
        finally:
            self._syncing = False
        self._show_seasons()

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

    def toggle_season(self, season: str) -> Optional[str]:
        """The picked edges opened or closed in ``season``, one undo step; an
        edge open in every season again is a plain edge (no seasons)."""
        edges = self.selected_edges()
        if not edges:
            return None
        close = all(not e.seasons or season in e.seasons for e in edges)
        new = []
        for e in edges:
            open_in = set(e.seasons or self._seasons)
            open_in = open_in - {season} if close else open_in | {season}
            if not open_in:  # open in no season is no edge: Delete says that
                self.show_keys([x.key for x in edges])
                return None
            seasons = tuple(s for s in self._seasons if s in open_in)
            new.append(replace(e, seasons=() if seasons == self._seasons else seasons))
        label = edges[0].a + " - " + edges[0].b if len(edges) == 1 else f"{len(edges)} edges"
        text = f"{label}: {'closed' if close else 'open'} in {season}"
        if new != edges:
            self.doc.undo.push(ReplaceEdges(self.doc, [e.key for e in edges], new, text))
        self.show_keys([e.key for e in new])
        self.edges_selected.emit([e.key for e in new])
        return season

    def _link_mode(self, *_) -> None:
        if self.link_tool is not None:
            self.link_tool.units = Crossing(self.link_units.currentText())
            self.link_tool.strait = self.link_strait.isChecked()
            self.link_tool.oneway = self.link_oneway.isChecked()
            pick = self.link_season.currentText()
            self.link_tool.seasons = () if pick in ("", EVERY_SEASON) else (pick[:-len(" only")],)
