"""Docked panels: properties of the selected province, the validation list
(checked off the UI thread as the designer works) and the proposals of an
imported drawing.  Every edit goes through an undo command."""
from __future__ import annotations

from typing import List, Optional

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Qt, QTimer, Signal
from PySide6.QtWidgets import (QCheckBox, QComboBox, QFormLayout, QHBoxLayout, QLineEdit,
                               QListWidget, QListWidgetItem, QPushButton, QVBoxLayout, QWidget)

from variantkit.model import Terrain
from variantkit.lint import CODES as LINT_CODES
from variantkit.lint import lint
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
        self.coasts.setPlaceholderText("nc: bar nwy; sc: bot fin")
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
            "passable_in", tuple(s.strip() for s in self.seasons.text().split(",") if s.strip())))
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
        except Exception as exc:  # shown in the panel, never a crash of the editor
            from variantkit.problems import Problem
            problems = [Problem("VK999", f"the check failed: {exc!r}", "report this as a bug")]
        try:
            self.sink.done.emit(self.generation, problems)
        except RuntimeError:
            pass  # the window closed while the check ran: nobody to tell


SUMMARY_OVER = 5  # more problems of one code than this: one line for them all


class ValidationPanel(QWidget):
    """Every problem with its code; clicking one selects its province."""
    problem_selected = Signal(str)

    def __init__(self, doc: Document, parent=None):
        super().__init__(parent)
        self.doc = doc
        self.list = QListWidget()
        QVBoxLayout(self).addWidget(self.list)
        self.generation = 0
        self.shown = 0  # the generation whose problems the list shows
        self.problems: List = []
        self.sink = _Result(self)
        self.sink.done.connect(self._show)
        self._running = []  # Python must keep the runnables alive while they run
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

    def _fill(self, problems: list, heading: bool = True) -> None:
        """A summary first; codes with many problems as one line each."""
        self.list.clear()
        pending, accepted = self._proposal_counts()
        waiting = {"VK120"} if pending else set()  # unreachable only until edges are accepted
        if heading and pending:
            done = "none accepted" if not accepted else f"{accepted} edges in the variant"
            self.list.addItem(self._note(f"{pending} edges proposed, {done}: "
                                         "accept them in Proposals before reading the problems"))
        by_code: dict = {}
        for i, p in enumerate(problems):
            by_code.setdefault(p.code, []).append(i)
        errors = sum(1 for p in problems if p.severity == "error" and p.code not in waiting)
        warnings = sum(1 for p in problems if p.severity != "error")
        notes = sum(1 for p in problems if p.code in LINT_CODES)
        if heading:
            if len(problems) == notes:
                more = f"; {notes} design note(s) from the map lint below" if notes else ""
                self.list.addItem(self._note("No problems: the variant is complete and consistent" + more))
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

    @staticmethod
    def _note(text: str) -> QListWidgetItem:
        item = QListWidgetItem(text)
        item.setData(Qt.ItemDataRole.UserRole, None)
        font = item.font()
        font.setBold(True)
        item.setFont(font)
        return item

    def _proposal_counts(self):
        have = {(e.a, e.b) for e in self.doc.variant.edges} | {(e.b, e.a) for e in self.doc.variant.edges}
        pending = sum(1 for p in self.doc.proposals
                      if (p.edge.a, p.edge.b) not in have and (p.edge.a, p.edge.b) not in self.doc.rejected)
        return pending, len(self.doc.variant.edges)

    def _pick(self, item) -> None:
        row = item.data(Qt.ItemDataRole.UserRole)
        if row is None or row >= len(self.problems):
            return  # a summary line
        p = self.problems[row]
        for word in p.message.replace(",", " ").replace(":", " ").split():
            if self.doc.variant.province(word.split("/")[0]) is not None:
                self.problem_selected.emit(word.split("/")[0])
                return


class ProposalsPanel(QWidget):
    """Edges proposed from the drawing: accept one, or all, as an undo step each."""

    def __init__(self, doc: Document, parent=None):
        super().__init__(parent)
        self.doc = doc
        layout = QVBoxLayout(self)
        self.list = QListWidget()
        layout.addWidget(self.list)
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
        doc.changed.connect(lambda _: self.refresh())
        self.refresh()

    def pending(self):
        have = {(e.a, e.b) for e in self.doc.variant.edges}
        return [p for p in self.doc.proposals if (p.edge.a, p.edge.b) not in have
                and (p.edge.a, p.edge.b) not in self.doc.rejected]

    def refresh(self) -> None:
        self.list.clear()
        for p in self.pending():
            self.list.addItem(f"{p.edge.a} - {p.edge.b} ({p.edge.units.value}): {p.reason}")

    def _accept_selected(self) -> None:
        rows = sorted({self.list.row(i) for i in self.list.selectedItems()})
        pending = self.pending()
        if rows:
            self.doc.undo.push(AcceptProposals(self.doc, [pending[r].edge for r in rows]))

    def _accept_all(self) -> None:
        pending = self.pending()
        if pending:
            self.doc.undo.push(AcceptProposals(self.doc, [p.edge for p in pending]))

    def _reject_selected(self) -> None:
        pending = self.pending()
        for i in self.list.selectedItems():
            e = pending[self.list.row(i)].edge
            self.doc.rejected.add((e.a, e.b))
        self.refresh()


class PowersPanel(QWidget):
    """The powers: name, adjective, letter, colour, home centres and starting
    units (as text: ``A par, F spa/nc``).  Each edit is one undo step."""

    def __init__(self, doc: Document, parent=None):
        super().__init__(parent)
        self.doc = doc
        layout = QVBoxLayout(self)
        self.pick = QComboBox()
        layout.addWidget(self.pick)
        form = QFormLayout()
        self.fields = {}
        for key in ("id", "name", "adjective", "letter", "colour", "homes", "units"):
            self.fields[key] = ColourField() if key == "colour" else QLineEdit()
            form.addRow(key.capitalize(), self.fields[key])
        layout.addLayout(form)
        row = QHBoxLayout()
        self.apply_button = QPushButton("Apply")
        self.new_button = QPushButton("New power")
        row.addWidget(self.apply_button)
        row.addWidget(self.new_button)
        layout.addLayout(row)
        self.error = QLineEdit()
        self.error.setReadOnly(True)
        layout.addWidget(self.error)
        self.pick.currentTextChanged.connect(self.show_power)
        self.apply_button.clicked.connect(self.apply)
        self.new_button.clicked.connect(self.new_power)
        doc.changed.connect(self._refresh)
        self._refresh()

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
                  "homes": ", ".join(p.homes) if p else "", "units": ", ".join(map(str, p.units)) if p else ""}
        for key, value in values.items():
            self.fields[key].setText(value)

    def new_power(self) -> None:
        self.pick.setCurrentIndex(-1)
        for f in self.fields.values():
            f.clear()

    def apply(self) -> bool:
        from variantkit.model import Power, Unit
        from .commands import SetPower
        text = {k: f.text().strip() for k, f in self.fields.items()}
        pid = text["id"].lower()
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
        old = self.doc.variant.power(pid)
        power = Power(pid, text["name"] or pid.title(), text["adjective"], text["letter"].upper(),
                      text["colour"], homes, units, old.centers if old else None)
        if power != old:
            self.doc.undo.push(SetPower(self.doc, power))
        self.error.clear()
        self.pick.setCurrentText(pid)
        return True


class RulesPanel(QWidget):
    """Victory, the draw rule, the start, and the base of a subvariant."""

    def __init__(self, doc: Document, parent=None):
        super().__init__(parent)
        self.doc = doc
        form = QFormLayout(self)
        self.victory = QLineEdit()
        self.draw = QLineEdit()
        self.start = QLineEdit()
        self.base = QLineEdit()
        self.base.setReadOnly(True)
        for label, w in (("Victory (centres)", self.victory), ("Draw after static Falls", self.draw),
                         ("Start", self.start), ("Extends", self.base)):
            form.addRow(label, w)
        self.victory.editingFinished.connect(self.apply)
        self.draw.editingFinished.connect(self.apply)
        self.start.editingFinished.connect(self.apply)
        doc.changed.connect(lambda _: self.show_rules())
        self.show_rules()

    def show_rules(self) -> None:
        r = self.doc.variant.rules
        self.victory.setText("" if r.victory is None else str(r.victory))
        self.draw.setText("" if r.draw_after_static_falls is None else str(r.draw_after_static_falls))
        self.start.setText(r.start)
        self.base.setText(self.doc.variant.extends or "")

    def apply(self) -> None:
        import re
        from .commands import SetRules
        def number(text):
            return int(text) if text.strip().isdigit() else None
        fields = {"victory": number(self.victory.text()),
                  "draw_after_static_falls": number(self.draw.text())}
        if re.fullmatch(r"[SFW]-?\d{1,6}[MRA]", self.start.text().strip().upper()):
            fields["start"] = self.start.text().strip().upper()
        r = self.doc.variant.rules
        if any(getattr(r, k) != v for k, v in fields.items()):
            self.doc.undo.push(SetRules(self.doc, **fields))
