"""Play mode: test-play the variant being edited (unsaved changes included).

Orders are typed (with completion of locations) or given by clicking a unit
and then its destination; the bundled adjudicator resolves the phase; the
map shows the position and the results drawn as in ``variantkit render``;
the history can be stepped through, and the game saved and loaded.
"""
from __future__ import annotations

from typing import List, Optional

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (QComboBox, QCompleter, QFileDialog, QHBoxLayout, QLabel, QLineEdit,
                               QListWidget, QPushButton, QVBoxLayout, QWidget)

from variantkit.io.game_file import dump_game, load_game, outcome_record
from variantkit.render import OrderMark
from variantkit.rules.game import Game
from variantkit.rules.parse import OrderError

from .tools import Tool


class PlayTool(Tool):
    """Click a unit, then where it goes: a move order for it."""
    name = "play"

    def __init__(self, doc, panel: "PlayPanel"):
        super().__init__(doc)
        self.panel = panel
        self.unit: Optional[str] = None

    def press(self, scene, event) -> bool:
        pid = scene.province_at(event.scenePos())
        if pid is None:
            return False
        game = self.panel.game
        if self.unit is None:
            if pid in game.state.units:
                self.unit = pid
            return True
        unit = game.state.units[self.unit]
        self.panel.add_order(f"{unit.type.value} {unit.loc} - {pid}", unit.power)
        self.unit = None
        return True


class PlayPanel(QWidget):
    position_changed = Signal()

    def __init__(self, doc, parent=None):
        super().__init__(parent)
        self.doc = doc
        self.game: Optional[Game] = None
        self.orders: List[tuple] = []     # (power, text)
        self.shown: Optional[int] = None  # index into the history being looked at
        layout = QVBoxLayout(self)
        self.phase = QLabel()
        layout.addWidget(self.phase)
        row = QHBoxLayout()
        self.power = QComboBox()
        self.entry = QLineEdit()
        self.entry.setPlaceholderText("A par - bur, F bla C A ank - sev, Build A kie ...")
        self.entry.returnPressed.connect(self._typed)
        row.addWidget(self.power)
        row.addWidget(self.entry)
        layout.addLayout(row)
        self.pending = QListWidget()
        layout.addWidget(self.pending)
        buttons = QHBoxLayout()
        for text, slot in (("New game", self.new_game), ("Adjudicate", self.adjudicate), ("< Back", self.back),
                           ("Forward >", self.forward), ("Save game", self.save_game),
                           ("Load game", self.load_game_dialog)):
            b = QPushButton(text)
            b.clicked.connect(slot)
            buttons.addWidget(b)
        layout.addLayout(buttons)
        self.results = QListWidget()
        layout.addWidget(self.results)

    # -- game ----------------------------------------------------------------
    def new_game(self) -> None:
        """A game on the variant as it stands in the editor, saved or not."""
        self.game = Game.new(self.doc.variant)
        self.orders, self.shown = [], None
        self.power.clear()
        self.power.addItems([p.id for p in self.doc.variant.powers])
        names = sorted({n for n in self.game.parser().names.names()})
        self.entry.setCompleter(QCompleter(names, self))
        self._refresh()

    def add_order(self, text: str, power: Optional[str] = None) -> bool:
        if self.game is None:
            self.new_game()
        power = power or self.power.currentText()
        try:
            self.game.parser().parse(text, power)
        except OrderError as exc:
            self.results.addItem(f"cannot read {text!r}: {exc}")
            return False
        self.orders.append((power, text))
        self.pending.addItem(f"{power}: {text}")
        return True

    def _typed(self) -> None:
        if self.add_order(self.entry.text().strip()):
            self.entry.clear()

    def adjudicate(self) -> None:
        if self.game is None:
            self.new_game()
        by_power = {}
        for power, text in self.orders:
            by_power.setdefault(power, []).append(text)
        parsed, bad = self.game.parse(by_power)
        self.game.process(parsed, bad)
        self.orders, self.shown = [], None
        self._refresh()

    def back(self) -> None:
        if self.game and self.game.history:
            self.shown = len(self.game.history) - 1 if self.shown is None else max(0, self.shown - 1)
            self._refresh()

    def forward(self) -> None:
        if self.game and self.shown is not None:
            self.shown = None if self.shown + 1 >= len(self.game.history) else self.shown + 1
            self._refresh()

    def save_game(self, path: Optional[str] = None) -> None:
        if self.game is None:
            return
        if not path:
            path, _ = QFileDialog.getSaveFileName(self, "Save the game", "game.json", "Games (*.json *.yaml)")
        if path:
            dump_game(self.game, path)

    def load_game_dialog(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Load a game", "", "Games (*.json *.yaml)")
        if path:
            self.load(path)

    def load(self, path: str) -> None:
        self.game, problems = load_game(self.doc.variant, path)
        for p in problems:
            self.results.addItem(str(p))
        self.orders, self.shown = [], None
        self._refresh()

    # -- what the map shows ----------------------------------------------------------
    def view(self):
        """(units by power, results to draw, phase) for the scene."""
        if self.game is None:
            return None
        if self.shown is None:
            state, record = self.game.state, (self.game.history[-1] if self.game.history else None)
            results = record.outcomes if record else []
        else:
            record = self.game.history[self.shown]
            state, results = record.before, record.outcomes
        units = {}
        for u in state.units.values():
            units.setdefault(u.power, []).append(str(u))
        return units, [outcome_record(o) for o in results], str(state.phase)

    def marks(self) -> List[OrderMark]:
        from variantkit.cli_render import marks
        v = self.view()
        return marks(self.game.parser(), v[1]) if v else []

    def _refresh(self) -> None:
        self.pending.clear()
        for power, text in self.orders:
            self.pending.addItem(f"{power}: {text}")
        self.results.clear()
        v = self.view()
        if v is not None:
            units, results, phase = v
            looking = "" if self.shown is None else " (history)"
            end = " — " + (f"{self.game.winner} wins" if self.game.winner else "drawn") if self.game.over else ""
            self.phase.setText(f"Phase {phase}{looking}{end}")
            for r in results:
                self.results.addItem(f"{r['power']}: {r['order']}: {r['outcome']}"
                                     + (f" ({r['reason']})" if r["reason"] else ""))
        self.position_changed.emit()
