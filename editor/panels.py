"""Docked panels: properties of the selected province, the validation list
(checked off the UI thread as the designer works) and the proposals of an
imported drawing.  Every edit goes through an undo command."""
from __future__ import annotations

import logging
import re
from typing import Callable, List, Optional, Tuple

from PySide6.QtCore import QEvent, QObject, QRegularExpression, QRunnable, QThreadPool, Qt, QTimer, Signal
from PySide6.QtGui import QBrush, QColor, QRegularExpressionValidator
from PySide6.QtWidgets import (QAbstractItemView, QCheckBox, QColorDialog, QComboBox, QFormLayout,
                               QHBoxLayout, QLabel, QLineEdit, QListWidget, QListWidgetItem, QPushButton, QTreeWidget,
                               QTreeWidgetItem, QVBoxLayout, QWidget)

from variantkit.model import Terrain, split_location
from variantkit.review.lint import CODES as LINT_CODES
from variantkit.review.lint import lint
from variantkit.start.notation import parse_start, start_text
from variantkit.validate import check

from .colour_field import ColourField, as_hex
from .commands import AcceptProposals, RenameProvince, SetProvinceField
from .document import Document


class PropertiesPanel(QWidget):
    """Id, name, aliases, terrain, centre, off-board, inside, seasons."""

    def __init__(self, doc: Document, parent=None):
        super().__init__(parent)
        self.doc = doc
        self.pid: Optional[str] = None
        form = QFormLayout(self)
        self.id_edit = QLineEdit()
        self.name_edit = QLineEdit()
        self.aliases_edit = QLineEdit()
        self.terrain = QComboBox()
        self.terrain.addItems([t.value for t in Terrain])
        self.center = QCheckBox("supply centre")
        self.offboard = QCheckBox("off-board box")
        self.inside = QLineEdit()
        self.seasons = QLineEdit()
        self.coasts = QLineEdit()
        for label, w in (("Id", self.id_edit), ("Name", self.name_edit), ("Aliases", self.aliases_edit),
                         ("Terrain", self.terrain), ("", self.center), ("", self.offboard),
                         ("Inside", self.inside), ("Passable in", self.seasons), ("Coasts", self.coasts)):
            form.addRow(label, w)
        self.id_edit.editingFinished.connect(self._rename)
        self.name_edit.editingFinished.connect(lambda: self._set("name", self.name_edit.text().strip()))
        self.aliases_edit.editingFinished.connect(lambda: self._set(
            "aliases", tuple(a.strip() for a in self.aliases_edit.text().split(",") if a.strip())))
        self.terrain.activated.connect(lambda _: self._set("terrain", self.terrain.currentText()))
        self.center.clicked.connect(lambda on: self._set("center", bool(on)))
        self.offboard.clicked.connect(lambda on: self._set("offboard", bool(on)))
        self.inside.editingFinished.connect(lambda: self._set("inside", self.inside.text().strip() or None))
        self.seasons.editingFinished.connect(lambda: self._set(
            "passable_in", tuple(s.strip().lower() for s in self.seasons.text().split(",") if s.strip())))
        self.coasts.editingFinished.connect(self._set_coasts)
        doc.changed.connect(lambda _: self.show_province(self.pid))
        self.show_province(None)

    def show_province(self, pid: Optional[str]) -> None:
        p = self.doc.variant.province(pid) if pid else None
        self.pid = p.id if p else None
        self.setEnabled(p is not None)
        if p is None:
            for edit in (self.id_edit, self.name_edit, self.aliases_edit, self.inside, self.seasons, self.coasts):
                edit.clear()
            self.coasts.setPlaceholderText("")
            return
        self.id_edit.setText(p.id)
        self.name_edit.setText(p.name)
        self.aliases_edit.setText(", ".join(p.aliases))
        self.terrain.setCurrentText(p.terrain.value)
        self.center.setChecked(p.center)
        self.offboard.setChecked(p.offboard)
        self.inside.setText(p.inside or "")
        self.seasons.setText(", ".join(p.passable_in))
        self.coasts.setText(self._coasts_text(p))
        self.coasts.setPlaceholderText(self._coasts_hint(p))

    def _coasts_hint(self, p) -> str:
        """How this province's coasts would be written, from the waters it borders."""
        if p.terrain is Terrain.WATER:
            return "a sea has no named coasts"
        if p.coasts:
            return "rename one in place: " + f"{p.coasts[0].id} -> sc"
        waters = sorted({e.b if split_location(e.a)[0] == p.id else e.a for e in self.doc.variant.edges
                         if e.units.fleet and p.id in (split_location(e.a)[0], split_location(e.b)[0])})
        seas = [w for w in waters if (q := self.doc.variant.province(split_location(w)[0])) is not None
                and q.terrain is Terrain.WATER]
        if len(waters) < 2 or len(seas) < 2:  # one water: a coast of its own is just the province
            return "one shore: no coasts to name"
        half = (len(waters) + 1) // 2
        return f"e.g. nc: {' '.join(waters[:half])}; sc: {' '.join(waters[half:])}"

    def _set(self, field: str, value) -> None:
        p = self.doc.variant.province(self.pid) if self.pid else None
        if p is None:
            return
        current = getattr(p, field)
        if (current.value if hasattr(current, "value") else current) == value:
            return
        self.doc.undo.push(SetProvinceField(self.doc, p.id, field, value))

    def _coasts_text(self, p) -> str:
        parts = []
        for c in p.coasts:
            lid = f"{p.id}/{c.id}"
            reach = sorted(e.b if e.a == lid else e.a for e in self.doc.variant.edges
                           if e.units.fleet and lid in (e.a, e.b))
            parts.append(f"{c.id}: {' '.join(reach)}")
        return "; ".join(parts)

    def _set_coasts(self) -> None:
        """Pick the waters each named coast reaches: "nc: bar nwy; sc: bot"."""
        from .commands import SetCoasts
        p = self.doc.variant.province(self.pid) if self.pid else None
        if p is None or self.coasts.text().strip() == self._coasts_text(p):
            return
        renamed = re.fullmatch(r"\s*([a-z0-9]+)\s*->\s*([a-z0-9]+)\s*", self.coasts.text().lower())
        if renamed:  # "wc -> sc": the coast renamed in place, its waters and fleets kept
            from .design_commands import EditVariant
            old, new = renamed.groups()
            from variantkit import edit
            self.doc.undo.push(EditVariant(self.doc, lambda v: edit.rename_coast(v, p.id, old, new),
                                           f"Rename {p.id}/{old} to {p.id}/{new}"))
            return
        coasts = {}
        for part in self.coasts.text().split(";"):
            if ":" in part:
                cid, _, targets = part.partition(":")
                coasts[cid.strip().lower()] = [t.strip().lower() for t in targets.split() if t.strip()]
        self.doc.undo.push(SetCoasts(self.doc, p.id, coasts))

    def _rename(self) -> None:
        new = self.id_edit.text().strip().lower()
        if self.pid and new and new != self.pid and self.doc.variant.province(new) is None:
            self.doc.undo.push(RenameProvince(self.doc, self.pid, new))
            self.pid = new


class _Result(QObject):
    done = Signal(int, list)


class _Check(QRunnable):
    def __init__(self, generation: int, variant, sink: _Result):
        super().__init__()
        self.generation, self.variant, self.sink = generation, variant, sink

    def run(self) -> None:
        try:
            problems = check(self.variant)
            if not any(p.severity == "error" for p in problems):
                # map lint as warnings (not the trial exports: too slow while editing)
                problems = problems + lint(self.variant, portability=False)
        except Exception as exc:  # shown in the panel, never a crash of the editor; the traceback is logged
            logging.getLogger(__name__).exception("the check of the variant failed")
            from variantkit.problems import Problem
            problems = [Problem.of("VK999", exception=repr(exc))]
        try:
            self.sink.done.emit(self.generation, problems)
        except RuntimeError:
            pass  # the window closed while the check ran: nobody to tell


SUMMARY_OVER = 5  # more problems of one code than this: one line for them all


# where the steps left are done: the docks' titles
PLACES = {"proposals": "Proposals", "powers": "Powers", "problems": "Problems", "rules": "Rules"}


class ValidationPanel(QWidget):
    """What is left to do, every problem with its code, the notes of opening
    the file; clicking a problem selects its province, a step left goes
    where it is done."""
    problem_selected = Signal(str)
    place_picked = Signal(str)  # a panel where a step left is done: a key of PLACES

    def __init__(self, doc: Document, parent=None):
        super().__init__(parent)
        self.doc = doc
        self.list = QListWidget()
        QVBoxLayout(self).addWidget(self.list)
        self.generation = 0
        self.shown = 0  # the generation whose problems the list shows
        self.problems: List = []
        self.notes: List = []
        self.drawn_powers: Optional[Callable[[], dict]] = None  # the powers the drawing colours that the variant lacks
        self.sink = _Result(self)
        self.sink.done.connect(self._show)
        self._running: List = []  # Python must keep the runnables alive while they run
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setInterval(250)  # wait for a pause in the editing
        self.timer.timeout.connect(self.run_now)
        doc.changed.connect(lambda _: self.timer.start())
        self.list.itemActivated.connect(self._pick)
        self.list.itemClicked.connect(self._pick)

    def run_now(self) -> None:
        self.generation += 1
        job = _Check(self.generation, self.doc.variant, self.sink)
        job.setAutoDelete(False)
        self._running = [j for j in self._running if j.generation >= self.generation - 4] + [job]
        QThreadPool.globalInstance().start(job)

    def _show(self, generation: int, problems: list) -> None:
        if generation != self.generation:
            return  # a newer check is on its way
        self.shown = generation
        self.problems = problems
        self._fill(problems)

    def show_external(self, problems: list, title: str = "") -> None:
        """Problems found elsewhere (a refused save, a file that cannot be
        opened), under ``title``: shown until the next check."""
        self.problems = [p for p in problems if hasattr(p, "code")]
        self._fill(self.problems, heading=False)
        if title:
            self.list.insertItem(0, self._note(title))
        for p in problems:
            if not hasattr(p, "code"):
                self.list.addItem(str(p))

    def set_notes(self, notes: list) -> None:
        """What opening a file noted (a drawing's repairs, a format's losses):
        listed under the problems until another file is opened."""
        self.notes = list(notes)
        self._fill(self.problems)

    def _fill(self, problems: list, heading: bool = True) -> None:
        """What is left to do first; then the problems, codes with many problems
        as one line each; then the notes of opening the file."""
        from variantkit.review.left import what_is_left
        self.list.clear()
        pending, accepted = self._proposal_counts()
        waiting = {"VK120"} if pending else set()  # unreachable only until edges are accepted
        by_code: dict = {}
        for i, p in enumerate(problems):
            by_code.setdefault(p.code, []).append(i)
        errors = sum(1 for p in problems if p.severity == "error" and p.code not in waiting)
        warnings = sum(1 for p in problems if p.severity != "error")
        notes = sum(1 for p in problems if p.code in LINT_CODES)
        if heading:
            left = what_is_left(self.doc.variant, pending, [p for p in problems if p.code not in waiting],
                                sorted(self.drawn_powers()) if self.drawn_powers else ())
            if left:
                self.list.addItem(self._note(f"What is left ({len(left)}): click one to go where it is done"))
                for step in left:
                    item = QListWidgetItem(f"  ☐ {step.text}")
                    item.setData(Qt.ItemDataRole.UserRole, ("left", step.where))
                    item.setToolTip("click: " + (f"select {step.where}" if step.where not in PLACES
                                                 else f"the {PLACES[step.where]} panel"))
                    self.list.addItem(item)
            else:
                self.list.addItem(self._note("Nothing left: the variant is a playable game"))
            if len(problems) == notes:
                more = f"; {notes} design note(s) from the map lint below" if notes else ""
                self.list.addItem(self._note("No problems" + more))
            else:
                other = " other" if waiting & set(by_code) else ""
                self.list.addItem(self._note(f"{errors}{other} error(s), {warnings} warning(s)"))
        for code, rows in by_code.items():
            first = problems[rows[0]]
            if len(rows) > SUMMARY_OVER or code in waiting:
                why = " (until the proposals are accepted)" if code in waiting else ""
                item = QListWidgetItem(f"{first.severity} {code} x{len(rows)}{why}: {first.message}, ...")
                item.setToolTip("\n".join(problems[r].message for r in rows[:30]) + f"\n{first.hint}")
                item.setData(Qt.ItemDataRole.UserRole, rows[0])
                self.list.addItem(item)
                continue
            for r in rows:
                p = problems[r]
                item = QListWidgetItem(f"{p.severity} {p.code}: {p.message}")
                item.setToolTip(p.hint)
                item.setData(Qt.ItemDataRole.UserRole, r)
                self.list.addItem(item)
        if heading and self.notes:
            self.list.addItem(self._note(f"{len(self.notes)} note(s) from opening the file"))
            for n in self.notes:
                first = str(getattr(n, "message", n)).splitlines()[0]
                item = QListWidgetItem(f"note {getattr(n, 'code', '')}: {first}".replace("note : ", "note: "))
                item.setToolTip(getattr(n, "hint", "") or str(n))
                item.setData(Qt.ItemDataRole.UserRole, None)
                self.list.addItem(item)

    @staticmethod
    def _note(text: str) -> QListWidgetItem:
        item = QListWidgetItem(text)
        item.setData(Qt.ItemDataRole.UserRole, None)
        font = item.font()
        font.setBold(True)
        item.setFont(font)
        return item

    def _proposal_counts(self):
        from variantkit.drawing.proposals import pending
        return len(pending(self.doc.variant, self.doc.proposals, self.doc.rejected)), len(self.doc.variant.edges)

    def _pick(self, item) -> None:
        row = item.data(Qt.ItemDataRole.UserRole)
        if isinstance(row, tuple):  # a step left: to the panel or province where it is done
            if row[1] in PLACES:
                self.place_picked.emit(row[1])
            else:
                self.problem_selected.emit(row[1])
            return
        if row is None or row >= len(self.problems):
            return  # a summary line
        p = self.problems[row]
        for word in p.message.replace(",", " ").replace(":", " ").split():
            if self.doc.variant.province(split_location(word)[0]) is not None:
                self.problem_selected.emit(split_location(word)[0])
                return


def proposal_doubt(p) -> str:
    """Why the inference is unsure of a proposal ("" when it is sure enough)."""
    if not getattr(p, "doubtful", False):
        return ""
    return f"unsure ({p.confidence:.0%}): {p.reason}"


def proposal_group(p) -> str:
    """The heading a proposal is listed under: its kind, then how sure the inference is."""
    kind = {"army": "army only", "fleet": "fleet only", "both": "armies and fleets"}[p.edge.units.value]
    if p.edge.strait:
        kind += ", strait"
    confidence = getattr(p, "confidence", 1.0)
    sure = "doubtful" if proposal_doubt(p) else "sure" if confidence >= 0.9 else "likely"
    return f"{kind} — {sure}"


class ProposalsPanel(QWidget):
    """Edges proposed from the drawing, grouped by kind and confidence, the
    doubtful ones flagged; picking one highlights it on the map.  Accept the
    picked ones, a whole group or all, each one undo step."""

    proposal_picked = Signal(object)  # (a, b) or None

    def __init__(self, doc: Document, parent=None):
        super().__init__(parent)
        self.doc = doc
        layout = QVBoxLayout(self)
        self.summary = QLabel()
        layout.addWidget(self.summary)
        self.tree = QTreeWidget()
        self.tree.setHeaderLabels(["Proposal", "Why"])
        self.tree.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        # one line a row: the view lays 2,810 rows out from one row's height, not each row's
        self.tree.setUniformRowHeights(True)
        layout.addWidget(self.tree)
        row = QHBoxLayout()
        self.accept_one = QPushButton("Accept")
        self.accept_all = QPushButton("Accept all")
        self.reject = QPushButton("Reject")
        for b in (self.accept_one, self.accept_all, self.reject):
            row.addWidget(b)
        layout.addLayout(row)
        self.accept_one.clicked.connect(self._accept_selected)
        self.accept_all.clicked.connect(self._accept_all)
        self.reject.clicked.connect(self._reject_selected)
        self.tree.itemSelectionChanged.connect(self._picked)
        self.tree.installEventFilter(self)
        self.add_powers = QPushButton()  # the powers the drawing colours, in one step
        self.add_powers.clicked.connect(self._add_drawn_powers)
        layout.addWidget(self.add_powers)
        self.items: dict = {}   # id(tree item) -> proposal
        self._rows: dict = {}   # id(proposal) -> (proposal, its row, group, doubt)
        self.highlighted: Optional[Tuple[str, str]] = None  # the pair shown picked on the map
        doc.changed.connect(self._changed)
        self.refresh()

    def _changed(self, kind: str) -> None:
        if not kind.startswith("outline:"):  # one shape moved: no proposal changes
            self.refresh()

    def pending(self):
        """Pending proposals as they would be accepted (named coasts settle their fleets')."""
        from variantkit.drawing.proposals import pending
        return pending(self.doc.variant, self.doc.proposals, self.doc.rejected)

    def _row(self, p) -> tuple:
        """A proposal's row, its group and its doubt, made once: an undo or redo
        gives back the same proposals, and making 2,810 rows anew was a third
        of an undo of Accept all at 1,000 provinces."""
        kept = self._rows.get(id(p))
        if kept is not None and kept[0] is p:
            return kept
        doubt = proposal_doubt(p)
        item = QTreeWidgetItem([f"{'⚠ ' if doubt else ''}{p.edge.a} - {p.edge.b}", doubt or p.reason])
        if doubt:
            item.setForeground(0, QBrush(QColor("#b05000")))
            item.setToolTip(0, doubt)
        row = (p, item, proposal_group(p), doubt)
        self._rows[id(p)] = row
        return row

    def refresh(self) -> None:
        self.tree.blockSignals(True)
        for i in range(self.tree.topLevelItemCount()):  # the rows are kept; the headings go
            heading = self.tree.topLevelItem(i)
            if heading is not None:
                heading.takeChildren()
        self.tree.clear()
        self.items = {}
        # rows are kept for the document's proposals only
        known = {id(p) for p in self.doc.proposals}
        self._rows = {k: row for k, row in self._rows.items() if k in known}
        groups: dict = {}
        pending = self.pending()
        doubts = {}
        for p in pending:
            row = self._row(p)
            doubts[id(p)] = row[3]
            groups.setdefault(row[2], []).append(row)
        # doubtful groups first: they are the ones to look at
        for name in sorted(groups, key=lambda g: ("doubtful" not in g, g)):
            top = QTreeWidgetItem([f"{name} ({len(groups[name])})", ""])
            self.tree.addTopLevelItem(top)
            children = []
            for p, item, _, _ in groups[name]:
                children.append(item)
                self.items[id(item)] = (item, p)
            top.addChildren(children)  # the group's rows in one step
            top.setExpanded("doubtful" in name or len(groups) <= 3)
        self.tree.blockSignals(False)
        self.tree.resizeColumnToContents(0)  # the proposal whole; the reasons may run on
        if self.highlighted is not None and not any({p.edge.a, p.edge.b} == set(self.highlighted) for p in pending):
            self.highlighted = None  # accepted or rejected: the map no longer shows it picked
            self.proposal_picked.emit(None)
        drawn = self.drawn_powers()
        self.add_powers.setVisible(bool(drawn))
        self.add_powers.setText(f"Add the drawing's {len(drawn)} powers: " + ", ".join(drawn))
        doubtful = sum(1 for d in doubts.values() if d)
        self.summary.setText(f"{len(pending)} pending" + (f", {doubtful} doubtful" if doubtful else "")
                             if pending else "no proposals pending")

    def drawn_powers(self) -> dict:
        """Powers the drawing colours that the variant does not have yet: id -> #rrggbb."""
        out = {}
        for pid, colour in sorted(self.doc.drawn_colours.items()):
            pid = pid.lower()
            hex_ = QColor(colour).name() if QColor(colour).isValid() else ""
            if self.doc.variant.power(pid) is None and re.fullmatch(r"[a-z][a-z0-9_-]*", pid) \
                    and pid not in self.doc.dismissed_powers:
                out[pid] = hex_
        return out

    def _add_drawn_powers(self) -> None:
        from variantkit import edit
        from variantkit.model import Power
        from .design_commands import EditVariant
        drawn = self.drawn_powers()

        def change(v):
            for pid, colour in drawn.items():
                v = edit.set_power(v, Power(pid, pid.replace("_", " ").title(), colour=colour))
            return v
        if drawn:
            self.doc.undo.push(EditVariant(self.doc, change, f"Add the drawing's {len(drawn)} powers"))

    def picked(self) -> list:
        """The proposals picked: a group heading stands for all of its proposals."""
        out = []
        for item in self.tree.selectedItems():
            children = [item.child(i) for i in range(item.childCount())] or [item]
            for c in children:
                hit = self.items.get(id(c))
                if hit is not None and hit[1] not in out:
                    out.append(hit[1])
        return out

    def select(self, a: str, b: str) -> bool:
        """Pick the proposal between two spaces in the list (as a click would)."""
        for item, p in self.items.values():
            if {p.edge.a, p.edge.b} == {a, b}:
                self.tree.setCurrentItem(item)
                return True
        return False

    def _picked(self) -> None:
        chosen = self.picked()
        self.highlighted = (chosen[0].edge.a, chosen[0].edge.b) if len(chosen) == 1 else None
        self.proposal_picked.emit(self.highlighted)

    def _accept_selected(self) -> None:
        chosen = self.picked()
        if chosen:
            self.doc.undo.push(AcceptProposals(self.doc, [p.edge for p in chosen]))

    def _accept_all(self) -> None:
        pending = self.pending()
        if pending:
            self.doc.undo.push(AcceptProposals(self.doc, [p.edge for p in pending]))

    def _reject_selected(self) -> None:
        from .design_commands import RejectProposals
        chosen = [(p.edge.a, p.edge.b) for p in self.picked()]
        if chosen:  # one undo step; the map's highlight goes with the list's selection
            self.doc.undo.push(RejectProposals(self.doc, chosen))
            self.proposal_picked.emit(None)

    def eventFilter(self, watched, event) -> bool:
        """Delete in the list rejects the picked proposals (not the window's
        Delete, which removes what is selected on the map)."""
        if watched is self.tree and event.type() in (QEvent.Type.ShortcutOverride, QEvent.Type.KeyPress) \
                and event.key() == Qt.Key.Key_Delete:
            event.accept()
            if event.type() == QEvent.Type.KeyPress:
                self._reject_selected()
            return True
        return super().eventFilter(watched, event)


class PowersPanel(QWidget):
    """The powers: name, adjective, letter, colour (typed as #rrggbb or picked),
    home centres and starting units (as text: ``A par, F spa/nc``, or by
    clicking on the map with the Homes and units tool).  Each edit is one undo step."""

    def __init__(self, doc: Document, parent=None):
        super().__init__(parent)
        self.doc = doc
        layout = QVBoxLayout(self)
        self.pick = QComboBox()
        layout.addWidget(self.pick)
        form = QFormLayout()
        self.fields = {}
        for key in ("id", "name", "adjective", "letter", "colour", "start", "homes", "units"):
            self.fields[key] = ColourField() if key == "colour" else QLineEdit()
            if key == "colour":
                row = QHBoxLayout()
                self.swatch = QPushButton("Pick...")  # the picker as a window beside the panel
                row.addWidget(self.fields[key])
                row.addWidget(self.swatch)
                form.addRow("Colour", row)
            else:
                form.addRow("Start" if key == "start" else key.capitalize(), self.fields[key])
        layout.addLayout(form)
        # the start as the rules write it: every unit's province a home, a bare code an empty home
        self.fields["start"].setPlaceholderText("A par, A mar, F bre (and a bare code: a home left empty)")
        self.fields["start"].setToolTip("homes and starting units in one: Return applies")
        self.fields["start"].returnPressed.connect(self.apply)
        self.fields["name"].textEdited.connect(self._suggest)
        row = QHBoxLayout()
        self.apply_button = QPushButton("Apply")
        self.new_button = QPushButton("New power")
        self.remove_button = QPushButton("Remove power")
        row.addWidget(self.apply_button)
        row.addWidget(self.new_button)
        row.addWidget(self.remove_button)
        layout.addLayout(row)
        # every power's start at once, pasted from the rules text (editor/start_paste.py)
        self.paste_start = QPushButton("Start from the rules text...")
        self.paste_start.clicked.connect(self._paste_start)
        layout.addWidget(self.paste_start)
        click = QHBoxLayout()
        click.addWidget(QLabel("Clicks on the map set:"))
        self.click_mode = QComboBox()
        self.click_mode.addItems(["home centre", "army", "fleet"])
        click.addWidget(self.click_mode)
        layout.addLayout(click)
        self.error = QLineEdit()
        self.error.setReadOnly(True)
        layout.addWidget(self.error)
        self.colour_dialog = QColorDialog(self)
        self.colour_dialog.setOption(QColorDialog.ColorDialogOption.DontUseNativeDialog, True)
        self.colour_dialog.colorSelected.connect(self._colour_picked)
        self.swatch.clicked.connect(self._pick_colour)
        self.pick.currentTextChanged.connect(self.show_power)
        self.apply_button.clicked.connect(self.apply)
        self.new_button.clicked.connect(self.new_power)
        self.remove_button.clicked.connect(self.remove_power)
        doc.changed.connect(self._refresh)
        self._refresh()

    def _paste_start(self) -> None:
        from .start_paste import StartPasteDialog
        self.start_dialog = StartPasteDialog(self.doc, self)
        self.start_dialog.open()

    def _pick_colour(self) -> None:
        current = QColor(self.fields["colour"].text())
        self.colour_dialog.setCurrentColor(current if current.isValid() else QColor("#808080"))
        self.colour_dialog.open()

    def _colour_picked(self, colour) -> None:
        self.fields["colour"].setText(colour.name())
        if self.fields["id"].text().strip() and self.doc.variant.power(self.fields["id"].text().strip().lower()):
            self.apply()

    def _refresh(self, kind: str = "all") -> None:
        current = self.pick.currentText()
        self.pick.blockSignals(True)
        self.pick.clear()
        self.pick.addItems([p.id for p in self.doc.variant.powers])
        if current:
            self.pick.setCurrentText(current)
        self.pick.blockSignals(False)
        self.show_power(self.pick.currentText())

    def show_power(self, pid: str) -> None:
        p = self.doc.variant.power(pid) if pid else None
        values = {"id": pid or "", "name": p.name if p else "", "adjective": p.adjective if p else "",
                  "letter": p.letter if p else "", "colour": p.colour if p else "",
                  "homes": ", ".join(p.homes) if p else "", "units": ", ".join(map(str, p.units)) if p else "",
                  "start": start_text(p.homes, p.units) if p else ""}
        for key in ("id", "adjective", "letter"):
            self.fields[key].setPlaceholderText("")
        for key, value in values.items():
            self.fields[key].setText(value)
        if p is not None and (not p.adjective or not p.letter):
            self._suggest(p.name)  # a power added without them (the drawing's): suggested, taken on Apply
        if p is not None and p.colour and QColor(p.colour).isValid():
            self.swatch.setStyleSheet(f"background: {p.colour}")
        else:
            self.swatch.setStyleSheet("")

    def _suggest(self, name: str) -> None:
        """A new power's name suggests its id, adjective and a letter no other power has
        (shown in the empty fields, taken on Apply unless typed over)."""
        from variantkit.start.notation import adjective_of, free_letter
        pid = self.fields["id"].text().strip().lower()
        taken = [p.letter for p in self.doc.variant.powers if p.id != pid]
        self.fields["id"].setPlaceholderText(name.strip().split(" ")[0].lower() if name.strip() else "")
        self.fields["adjective"].setPlaceholderText(adjective_of(name))
        self.fields["letter"].setPlaceholderText(free_letter(name, taken))

    def new_power(self) -> None:
        self.pick.setCurrentIndex(-1)
        for f in self.fields.values():
            f.clear()
            if f is not self.fields["start"]:
                f.setPlaceholderText("")

    def remove_power(self) -> None:
        """The power picked, gone (one undo step)."""
        from .commands import RemovePower
        pid = self.pick.currentText()
        if pid and self.doc.variant.power(pid) is not None:
            self.doc.undo.push(RemovePower(self.doc, pid))

    def apply(self) -> bool:
        from variantkit.model import Power, Unit
        from .commands import SetPower
        # an empty field takes what the name suggested
        text = {k: f.text().strip() or (f.placeholderText() if k in ("id", "adjective", "letter") else "")
                for k, f in self.fields.items()}
        pid = text["id"].lower()
        old = self.doc.variant.power(pid)
        if text["start"] != (start_text(old.homes, old.units) if old else ""):
            try:  # the start typed or pasted: homes and units from it
                homes_, units_ = parse_start(text["start"])
            except ValueError as exc:
                self.error.setText(str(exc))
                return False
            text["homes"], text["units"] = ", ".join(homes_), ", ".join(map(str, units_))
        if not pid:
            self.error.setText("give the power an id")
            return False
        try:
            units = tuple(Unit.parse(u) for u in text["units"].split(",") if u.strip())
        except ValueError as exc:
            self.error.setText(str(exc))
            return False
        colour = as_hex(text["colour"])
        if colour is None:  # checked as typed; never written as the file could not be reopened
            self.error.setText(f"{text['colour']!r} is not a colour: write #rrggbb or pick one")
            return False
        text["colour"] = colour
        homes = tuple(h.strip().lower() for h in text["homes"].split(",") if h.strip())
        power = Power(pid, text["name"] or pid.title(), text["adjective"], text["letter"].upper(),
                      text["colour"].lower(), homes, units, old.centers if old else None)
        if power != old:
            self.doc.undo.push(SetPower(self.doc, power))
        self.error.clear()
        self.pick.setCurrentText(pid)
        return True


class RulesPanel(QWidget):
    """Every rule of the format: victory, the draw rule, the start, the
    seasons, the judges' rule choices (hibernate, convoy fallback, civil
    disorder) and named switches; the base of a subvariant shown."""

    CHOICES = ("hibernate", "convoy_fallback", "civil_disorder")

    def __init__(self, doc: Document, parent=None):
        super().__init__(parent)
        self.doc = doc
        form = QFormLayout(self)
        self.victory = QLineEdit()
        self.victory.setValidator(QRegularExpressionValidator(QRegularExpression(r"\d{0,4}")))
        self.draw = QLineEdit()
        self.draw.setValidator(QRegularExpressionValidator(QRegularExpression(r"\d{0,3}")))
        self.start = QLineEdit()
        self.seasons = QLineEdit()
        self.seasons.setPlaceholderText("spring, fall")
        self.hibernate = QCheckBox("hibernate: a power without units stays in the game")
        self.convoy_fallback = QCheckBox("convoy fallback: an army moves overland when its convoy fails")
        self.civil_disorder = QComboBox()
        self.civil_disorder.addItems(["2023 rulebook (distance to any owned centre)", "classic (distance to home)"])
        self.switches = QLineEdit()
        self.switches.setPlaceholderText("no_omsk_fleets=true, max_builds=3")
        self.base = QLineEdit()
        self.base.setReadOnly(True)
        self.error = QLabel()
        for label, w in (("Victory (centres)", self.victory), ("Draw after static Falls", self.draw),
                         ("Start", self.start), ("Seasons", self.seasons), ("", self.hibernate),
                         ("", self.convoy_fallback), ("Civil disorder", self.civil_disorder),
                         ("Named switches", self.switches), ("Extends", self.base), ("", self.error)):
            form.addRow(label, w)
        for edit in (self.victory, self.draw, self.start, self.seasons, self.switches):
            edit.editingFinished.connect(self.apply)
        self.hibernate.clicked.connect(lambda _: self.apply())
        self.convoy_fallback.clicked.connect(lambda _: self.apply())
        self.civil_disorder.activated.connect(lambda _: self.apply())
        doc.changed.connect(lambda _: self.show_rules())
        self.show_rules()

    def show_rules(self) -> None:
        r = self.doc.variant.rules
        self.victory.setText("" if r.victory is None else str(r.victory))
        self.draw.setText("" if r.draw_after_static_falls is None else str(r.draw_after_static_falls))
        self.start.setText(r.start)
        self.seasons.setText(", ".join(r.seasons))
        self.hibernate.setChecked(bool(r.options.get("hibernate")))
        self.convoy_fallback.setChecked(bool(r.options.get("convoy_fallback")))
        self.civil_disorder.setCurrentIndex(1 if r.options.get("civil_disorder") == "classic" else 0)
        self.switches.setText(", ".join(f"{k}={_option_text(v)}" for k, v in r.options.items()
                                        if k not in self.CHOICES))
        self.base.setText(self.doc.variant.extends or "")

    def apply(self) -> None:
        from .commands import SetRules

        def number(text):
            return int(text) if text.strip().isdigit() else None
        fields = {"victory": number(self.victory.text()),
                  "draw_after_static_falls": number(self.draw.text())}
        start = self.start.text().strip().upper()
        if re.fullmatch(r"[SFW]-?\d{1,6}[MRA]", start):  # years as the format allows
            fields["start"] = start
        else:
            self.error.setText(f"the start is a phase such as S1901M, not {start!r}")
            return
        seasons = tuple(s.strip().lower() for s in self.seasons.text().replace(";", ",").split(",") if s.strip())
        if not seasons or len(set(seasons)) != len(seasons):
            self.error.setText("name each season once: spring, fall")
            return
        fields["seasons"] = seasons
        options = {}
        for part in self.switches.text().split(","):
            if not part.strip():
                continue
            name, eq, value = part.partition("=")
            name = name.strip().lower()
            if not re.fullmatch(r"[a-z][a-z0-9_]*", name) or name in self.CHOICES:
                self.error.setText(f"a switch is name=value with a name of letters, digits and _: {part.strip()!r}")
                return
            options[name] = _option_value(value.strip()) if eq else True
        r = self.doc.variant.rules
        for key, on in (("hibernate", self.hibernate.isChecked()),
                        ("convoy_fallback", self.convoy_fallback.isChecked())):
            if on or key in r.options:  # an explicit "false" stays written
                options[key] = on
        if self.civil_disorder.currentIndex() == 1:
            options["civil_disorder"] = "classic"
        fields["options"] = options
        self.error.clear()
        if any(getattr(r, k) != v for k, v in fields.items()):
            self.doc.undo.push(SetRules(self.doc, **fields))


def _option_text(value) -> str:
    return ("true" if value else "false") if isinstance(value, bool) else str(value)


def _option_value(text: str):
    low = text.lower()
    if low in ("true", "yes", "on", ""):
        return True
    if low in ("false", "no", "off"):
        return False
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text
