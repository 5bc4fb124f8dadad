"""Many provinces at once: a table of every province (id, name, aliases,
terrain, centre, home of, coasts, passable in) to sort, filter and edit in
place.  An edit made with several rows selected applies to all of them as
one undo step; the map follows the selected row.  Codes are renamed many
at once in the Rename codes field (``gob -> bot, gol -> lyo``), one undo
step; a terrain is set by its first letter in the terrain column."""
from __future__ import annotations

from dataclasses import replace
from typing import Callable, Dict, List, Optional

from PySide6.QtCore import (QAbstractTableModel, QElapsedTimer, QEvent, QItemSelectionModel, QModelIndex,
                            QSortFilterProxyModel, Qt, Signal)
from PySide6.QtWidgets import (QAbstractItemView, QApplication, QHBoxLayout, QLabel, QLineEdit, QTableView,
                               QVBoxLayout, QWidget)

from variantkit import edit
from variantkit.model import Terrain, Variant

from .commands import RenameProvince, RenameProvinces
from .design_commands import EditVariant, SetProvinces
from .document import Document

COLUMNS = ("id", "name", "aliases", "terrain", "center", "home of", "coasts", "passable in")
_FIELD = {"name": "name", "aliases": "aliases", "terrain": "terrain", "center": "center",
          "passable in": "passable_in"}


def set_homes(v: Variant, pids: List[str], power: Optional[str]) -> Variant:
    """Make ``pids`` home centres of ``power`` (of nobody when None), taking
    them from any other power's homes: library edits of each power touched."""
    pids = list(pids)
    for pw in v.powers:
        homes = tuple(h for h in pw.homes if h not in pids)
        if pw.id == power:
            homes += tuple(p for p in pids if p not in homes)
        if homes != pw.homes:
            v = edit.set_power(v, replace(pw, homes=homes))
    return v


def terrain_of(text: str) -> Optional[Terrain]:
    """The terrain a word names, or the one it begins: 'w' and 'wat' are water."""
    word = text.strip().lower()
    found = [t for t in Terrain if word and t.value.startswith(word)]
    return found[0] if len(found) == 1 else None


def _split(text: str):
    return tuple(t.strip() for t in text.replace(";", ",").split(",") if t.strip())


class ProvinceModel(QAbstractTableModel):
    problem = Signal(str)  # a value refused, said in words

    def __init__(self, doc: Document, rows_for: Callable[[QModelIndex], List[str]]):
        super().__init__()
        self.doc = doc
        self.rows_for = rows_for  # the province ids an edit of this cell applies to
        self.ids: List[str] = []
        self.homes: Dict[str, str] = {}
        self._shown: Optional[tuple] = None  # the provinces and powers the rows show
        self.reload()

    def reload(self) -> None:
        v = self.doc.variant
        shown = (v.provinces, v.powers)
        if self.ids and self._shown is not None and all(a is b for a, b in zip(shown, self._shown)):
            return  # the same provinces and powers: no cell changed (a link edit, a shape)
        self._shown = shown
        ids = [p.id for p in self.doc.variant.provinces]
        self.homes = {h: pw.id for pw in self.doc.variant.powers for h in pw.homes}
        if len(ids) == len(self.ids) and ids:
            # as many rows (a rename keeps its row): their cells changed, and a
            # reset would close an editor in the middle of its commit
            self.ids = ids
            self.dataChanged.emit(self.index(0, 0), self.index(len(ids) - 1, len(COLUMNS) - 1))
            return
        self.beginResetModel()
        self.ids = ids
        self.endResetModel()

    def rowCount(self, parent=None) -> int:
        return 0 if parent is not None and parent.isValid() else len(self.ids)

    def columnCount(self, parent=None) -> int:
        return len(COLUMNS)

    def headerData(self, section, orientation, role=Qt.ItemDataRole.DisplayRole):
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal:
            return COLUMNS[section]
        return None

    def flags(self, index):
        base = Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable
        col = COLUMNS[index.column()]
        if col == "center":
            return base | Qt.ItemFlag.ItemIsUserCheckable
        if col != "coasts":
            return base | Qt.ItemFlag.ItemIsEditable
        return base

    def text(self, pid: str, col: str) -> str:
        p = self.doc.variant.province(pid)
        if p is None:  # a row not yet reloaded after its province went
            return ""
        return {"id": p.id, "name": p.name, "aliases": ", ".join(p.aliases), "terrain": p.terrain.value,
                "center": "yes" if p.center else "", "home of": self.homes.get(p.id, ""),
                "coasts": " ".join(c.id for c in p.coasts), "passable in": ", ".join(p.passable_in)}[col]

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        if not index.isValid():
            return None
        pid, col = self.ids[index.row()], COLUMNS[index.column()]
        if col == "center":
            if role == Qt.ItemDataRole.CheckStateRole:
                p = self.doc.variant.province(pid)
                return Qt.CheckState.Checked if p is not None and p.center else Qt.CheckState.Unchecked
            if role == Qt.ItemDataRole.DisplayRole:  # sorts and filters as text
                return self.text(pid, col)
            return None
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
            return self.text(pid, col)
        return None

    def setData(self, index, value, role=Qt.ItemDataRole.EditRole) -> bool:
        if not index.isValid():
            return False
        pid, col = self.ids[index.row()], COLUMNS[index.column()]
        pids = self.rows_for(index)
        if pid not in pids:
            pids = [pid]
        if col == "center" and role == Qt.ItemDataRole.CheckStateRole:
            on = Qt.CheckState(value) == Qt.CheckState.Checked
            return self._push({q: {"center": on} for q in pids}, f"centre {'on' if on else 'off'}")
        if role != Qt.ItemDataRole.EditRole:
            return False
        text = str(value).strip()
        if col == "id":
            new = text.lower()
            if not new or new == pid:
                return False
            if self.doc.variant.province(new) is not None:
                self.problem.emit(f"{new} is taken")
                return False
            self.doc.undo.push(RenameProvince(self.doc, pid, new))
            return True
        if col == "home of":
            power = text.lower() or None
            if power is not None and self.doc.variant.power(power) is None:
                self.problem.emit(f"no power {power!r}: one of {', '.join(p.id for p in self.doc.variant.powers)}")
                return False
            self.doc.undo.push(EditVariant(self.doc, lambda v: set_homes(v, pids, power),
                                           f"Home of {power or 'nobody'}: {', '.join(pids)}"))
            return True
        if col == "terrain":
            found = terrain_of(text)
            if found is None:
                self.problem.emit(f"terrain is one of {', '.join(t.value for t in Terrain)} "
                                  f"(or its first letter), not {text!r}")
                return False
            text = found.value
        value = {"name": text, "aliases": _split(text), "terrain": text,
                 "passable in": tuple(s.lower() for s in _split(text))}[col]
        if col == "name" and not text:
            self.problem.emit("a province needs a name")
            return False
        return self._push({q: {_FIELD[col]: value} for q in pids}, col)

    def _push(self, changes, what: str) -> bool:
        v = self.doc.variant
        changes = {q: f for q, f in changes.items()
                   if any(getattr(v.province(q), k) != (Terrain(x) if k == "terrain" else x) for k, x in f.items())}
        if not changes:
            return False
        n = len(changes)
        text = f"Set {what} of {n} provinces" if n > 1 else f"Set {what} of {next(iter(changes))}"
        self.doc.undo.push(SetProvinces(self.doc, changes, text))
        return True


class ProvinceTable(QWidget):
    """The table with its filter; ``province_picked`` as the current row moves."""

    province_picked = Signal(str)

    def __init__(self, doc: Document, parent=None):
        super().__init__(parent)
        self.doc = doc
        layout = QVBoxLayout(self)
        self.filter = QLineEdit()
        self.filter.setPlaceholderText("filter (any column): ank, water, russia ...")
        layout.addWidget(self.filter)
        row = QHBoxLayout()
        row.addWidget(QLabel("Rename codes:"))
        self.renames = QLineEdit()  # many codes at once, as a designer lists them: one undo step
        self.renames.setPlaceholderText("gob -> bot, gol -> lyo (or one a line, pasted), then Return")
        self.renames.setToolTip("the old code, then the new one; renames apart by commas or lines; "
                                "all are made at once (a -> b, b -> a swaps two codes)")
        row.addWidget(self.renames)
        layout.addLayout(row)
        self.view = QTableView()
        self.model = ProvinceModel(doc, self._rows_for)
        self.proxy = QSortFilterProxyModel(self)
        self.proxy.setSourceModel(self.model)
        self.proxy.setFilterKeyColumn(-1)
        self.proxy.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.proxy.setSortCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.view.setModel(self.proxy)
        self.view.setSortingEnabled(True)
        self.view.sortByColumn(0, Qt.SortOrder.AscendingOrder)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.DoubleClicked
                                  | QAbstractItemView.EditTrigger.EditKeyPressed
                                  | QAbstractItemView.EditTrigger.AnyKeyPressed)
        self.view.verticalHeader().setVisible(False)
        layout.addWidget(self.view)
        self.message = QLabel()
        layout.addWidget(self.message)
        self.filter.textChanged.connect(self.proxy.setFilterFixedString)
        self.model.problem.connect(self.message.setText)
        self.renames.returnPressed.connect(self.rename_codes)
        self.view.installEventFilter(self)  # a terrain's first letter sets it, no editor opened
        self._typed, self._typed_clock = "", QElapsedTimer()  # the terrain word typed so far
        # after the selection settles (the current row changes before a click's selection does)
        self.view.selectionModel().selectionChanged.connect(self._picked)
        doc.changed.connect(self._reload)

    def rename_codes(self) -> bool:
        """The Rename codes field read and, when every rename reads, made as one
        step; else each problem said at its place and the cursor put on the first."""
        text = self.renames.text()
        if not text.strip():
            return False
        renames, problems = edit.read_renames(text, self.doc.variant)
        if problems:
            self.message.setText("\n".join(
                f"line {p.line}, column {p.column}: {p.message} ({p.hint})" if "\n" in text.strip()
                else f"column {p.column}: {p.message} ({p.hint})" for p in problems))
            first = problems[0]
            lines = text.split("\n")
            self.renames.setCursorPosition(sum(len(ln) + 1 for ln in lines[:(first.line or 1) - 1])
                                           + (first.column or 1) - 1)
            return False
        if not renames:
            self.message.setText("nothing to rename: each code is already so")
            return False
        before = self.doc.undo.index()
        self.doc.undo.push(RenameProvinces(self.doc, renames))
        if self.doc.undo.index() == before:  # refused: the document said why
            return False
        self.renames.clear()
        self.message.setText(f"renamed {len(renames)} code{'s' if len(renames) > 1 else ''}: "
                             + ", ".join(f"{old} -> {new}" for old, new in renames.items()))
        self.select_ids(list(renames.values()))
        return True

    def eventFilter(self, watched, event) -> bool:
        if watched is self.view and event.type() == QEvent.Type.KeyPress and self._terrain_key(event):
            return True
        return super().eventFilter(watched, event)

    def _terrain_key(self, event) -> bool:
        """In the terrain column, l, w, c or i sets the picked rows' terrain at
        once (land, water, coast, impassable), as one undo step; the rest of
        the word typed on (``water``) keeps it, as a list's type-ahead does.
        Another letter is said to be none, and opens no cell editor."""
        index = self.view.currentIndex()
        text = event.text()
        if not index.isValid() or COLUMNS[index.column()] != "terrain" \
                or self.view.state() == QAbstractItemView.State.EditingState \
                or event.modifiers() & ~Qt.KeyboardModifier.ShiftModifier or len(text) != 1 or not text.isalpha():
            return False
        going_on = self._typed_clock.isValid() and \
            self._typed_clock.elapsed() < QApplication.keyboardInputInterval()
        word = self._typed + text if going_on else text
        terrain = terrain_of(word)
        if terrain is None:  # the word so far is no terrain: the letter begins another
            word = text
            terrain = terrain_of(word)
        self._typed = word
        self._typed_clock.start()
        if terrain is None:
            self.message.setText(f"no terrain begins with {text!r}: press l, w, c or i "
                                 "(land, water, coast, impassable)")
            return True
        self.proxy.setData(index, terrain.value)
        return True

    def _rows_for(self, index) -> List[str]:
        rows = {self.proxy.mapToSource(i).row() for i in self.view.selectionModel().selectedRows()}
        return [self.model.ids[r] for r in sorted(rows)]

    def selected_ids(self) -> List[str]:
        return self._rows_for(None)

    def _reload(self, kind: str = "all") -> None:
        if kind.startswith("outline:"):
            return  # a shape moved: nothing in the table changed
        keep, current = self.selected_ids(), self.current_id()
        column = max(0, self.view.currentIndex().column())  # the cell the keyboard is on stays it
        self.model.reload()
        self.select_ids(keep, current, emit=False, column=column)

    def current_id(self) -> Optional[str]:
        cur = self.view.selectionModel().currentIndex()
        return self.model.ids[self.proxy.mapToSource(cur).row()] if cur.isValid() else None

    def row_of(self, pid: str) -> Optional[int]:
        if pid not in self.model.ids:
            return None
        at = self.proxy.mapFromSource(self.model.index(self.model.ids.index(pid), 0))
        return at.row() if at.isValid() else None

    def select_ids(self, pids, current: Optional[str] = None, emit: bool = True, column: int = 0) -> None:
        sel = self.view.selectionModel()
        self.blockSignals(not emit)
        try:
            sel.clearSelection()
            for pid in pids:
                r = self.row_of(pid)
                if r is not None:
                    sel.select(self.proxy.index(r, 0), QItemSelectionModel.SelectionFlag.Select
                               | QItemSelectionModel.SelectionFlag.Rows)
            r = self.row_of(current) if current else None
            if r is not None:
                sel.setCurrentIndex(self.proxy.index(r, column), QItemSelectionModel.SelectionFlag.NoUpdate)
        finally:
            self.blockSignals(False)

    def _picked(self, *_) -> None:
        picked = self.selected_ids()
        current = self.current_id()
        if picked:
            self.province_picked.emit(current if current in picked else picked[0])
