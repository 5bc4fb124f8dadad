"""What a judge's own file (jDip's variants.xml, a DPjudge .map, godip's .go, Diplicity's .dvar, a variant)
says that the drawing does not: its codes, the spaces the drawing leaves
out, terrains, coasts, links, names, centres, powers with their homes and
units.  Read once; listed by kind, the places where the judge contradicts
the drawing flagged and first; taken all at once or as picked, each take
one undo step.  The rules of it are the library's (variantkit.from_judge)."""
from __future__ import annotations

import os
from typing import Optional, Tuple

from PySide6.QtCore import Signal
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import (QAbstractItemView, QFileDialog, QHBoxLayout, QLabel, QPushButton,
                               QTreeWidget, QTreeWidgetItem, QVBoxLayout, QWidget)

from variantkit.edit import EditError
from variantkit.from_judge import KIND_TITLES, KINDS, judge_file_patterns, offers, read_judge_file, take
from variantkit.model import Variant

from .design_commands import TakeFromJudge
from .document import Document


class JudgePanel(QWidget):
    offer_picked = Signal(str, str)  # (kind, subject) of the one offer picked; ("", "") none

    def __init__(self, doc: Document, parent=None):
        super().__init__(parent)
        self.doc = doc
        self.source: Optional[Tuple[str, Variant]] = None  # (file name, Variant)
        self.notes: list = []  # what reading the judge's file said (a colour left out...), located
        layout = QVBoxLayout(self)
        self.open_button = QPushButton("Read a judge's file...")
        self.open_button.setToolTip("jDip's variants.xml, a DPjudge .map, godip's variant .go, Diplicity's .dvar "
                                    "or a variant file: what it says that the drawing does not is offered here")
        self.open_button.clicked.connect(self._open_dialog)
        layout.addWidget(self.open_button)
        self.note = QLabel()
        self.note.setWordWrap(True)
        layout.addWidget(self.note)
        self.tree = QTreeWidget()
        self.tree.setHeaderLabels(["From the judge's file", "Why"])
        self.tree.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.tree.itemSelectionChanged.connect(self._picked)
        layout.addWidget(self.tree)
        row = QHBoxLayout()
        self.take_picked = QPushButton("Take picked")
        self.take_all = QPushButton("Take all")
        self.take_picked.clicked.connect(self._take_picked)
        self.take_all.clicked.connect(self._take_all)
        row.addWidget(self.take_picked)
        row.addWidget(self.take_all)
        layout.addLayout(row)
        self.dialog = QFileDialog(self, "A judge's file: jDip's variants.xml, a DPjudge .map, godip's .go, "
                                        "Diplicity's .dvar or a variant")
        self.dialog.setOption(QFileDialog.Option.DontUseNativeDialog, True)
        self.dialog.setFileMode(QFileDialog.FileMode.ExistingFile)
        # every format the importers read (the registry's), so a new reader arrives here by itself
        self.dialog.setNameFilter("Judges' files (" + " ".join(judge_file_patterns()) + ")")
        self.dialog.fileSelected.connect(self.read)
        self.items: dict = {}  # id(tree item) -> Offer, or the kind for a group heading
        self.offers: list = []
        self.showing = False  # an offer is shown on the map
        doc.changed.connect(lambda _: self.refresh())
        self.refresh()

    def _open_dialog(self) -> None:
        self.dialog.open()

    def read(self, path: str) -> None:
        """Read the file; nothing is changed until something is taken."""
        from variantkit.problems import UnusableInput
        try:
            source, problems = read_judge_file(path)
        except UnusableInput as exc:
            source, problems = None, exc.problems
        if source is None:
            self.source = None
            self.notes = []
            self.note.setText(f"cannot read {os.path.basename(path)}: "
                              + "; ".join(str(p).splitlines()[0] for p in problems[:3]))
        else:
            self.source = (os.path.basename(path), source)
            self.notes = list(problems)
        self.refresh()

    def forget(self) -> None:
        """Another file is opened: the judge's file read for the last one is let go."""
        self.source = None
        self.notes = []
        self.note.setText("")
        self.refresh()

    def refresh(self) -> None:
        if self.showing:  # what was shown on the map is taken or gone
            self.showing = False
            self.offer_picked.emit("", "")
        self.tree.blockSignals(True)
        self.tree.clear()
        self.items = {}
        self.offers = offers(self.doc.variant, self.source[1]) if self.source else []
        for kind in KINDS:
            mine = [o for o in self.offers if o.kind == kind]
            if not mine:
                continue
            flagged = sum(o.disagrees for o in mine)
            top = QTreeWidgetItem([f"{KIND_TITLES[kind]} ({len(mine)})",
                                   f"{flagged} disagree with the drawing" if flagged else ""])
            self.tree.addTopLevelItem(top)
            self.items[id(top)] = (top, kind)
            for o in sorted(mine, key=lambda o: not o.disagrees):  # the ones to look at first
                item = QTreeWidgetItem([("⚠ " if o.disagrees else "") + o.subject, o.why])
                if o.disagrees:
                    item.setForeground(0, QBrush(QColor("#b05000")))
                    item.setToolTip(0, "the judge's file contradicts what the drawing shows: look before taking")
                top.addChild(item)
                self.items[id(item)] = (item, o)
            top.setExpanded(bool(flagged))
        self.tree.blockSignals(False)
        self.tree.resizeColumnToContents(0)  # the codes whole; the reasons may run on
        if self.source:
            flagged = sum(o.disagrees for o in self.offers)
            text = (f"{self.source[0]}: {len(self.offers)} to take"
                    + (f", {flagged} disagree with the drawing" if flagged else "")
                    if self.offers else f"{self.source[0]}: the variant already says all it says")
            if self.notes:  # located, as the command line says them: the first few in full
                text += (f"\n{len(self.notes)} note(s) reading it:\n"
                         + "\n".join(str(p).splitlines()[0] for p in self.notes[:3]))
            self.note.setText(text)
        self.take_all.setEnabled(bool(self.offers))
        self.take_picked.setEnabled(bool(self.offers))

    def picked(self):
        """(kinds picked whole, single offers picked)."""
        kinds, singles = [], []
        for item in self.tree.selectedItems():
            hit = self.items.get(id(item))
            if hit is None:
                continue
            if isinstance(hit[1], str):
                kinds.append(hit[1])
            elif hit[1].kind not in kinds:
                singles.append(hit[1])
        return kinds, singles

    def _picked(self) -> None:
        kinds, singles = self.picked()
        if len(singles) == 1 and not kinds:
            self.showing = True
            self.offer_picked.emit(singles[0].kind, singles[0].subject)

    def _push(self, change, renames: dict, text: str, settles_links: bool) -> None:
        try:
            change(self.doc.variant)  # tried first: a take that cannot be made is said, not half made
        except EditError as exc:
            self.note.setText(f"cannot take it: {exc}")
            return
        self.doc.undo.push(TakeFromJudge(self.doc, change, renames, text, settles_links))

    @staticmethod
    def _renames(taken) -> dict:
        return dict(o.rename for o in taken if o.rename)

    def _take_all(self) -> None:
        if self.source and self.offers:
            source = self.source[1]
            self._push(lambda v: take(v, source)[0], self._renames(self.offers), f"Take all from {self.source[0]}",
                       settles_links=True)

    def _take_picked(self) -> None:
        if not self.source:
            return
        kinds, singles = self.picked()
        source = self.source[1]
        # single offers were worked out on the variant as it is: new codes go last
        singles.sort(key=lambda o: (o.kind == "ids", KINDS.index(o.kind)))

        def change(v):
            for o in singles:
                v = o.change(v)
            return take(v, source, kinds)[0] if kinds else v
        if kinds or singles:
            what = ", ".join([KIND_TITLES[k] for k in kinds] + [o.subject for o in singles][:3])
            renames = self._renames(singles + [o for o in self.offers if o.kind in kinds])
            self._push(change, renames, f"Take {what} from {self.source[0]}", settles_links="links" in kinds)
