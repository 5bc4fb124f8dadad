"""Play mode: test-play the variant being edited (unsaved changes included).

Orders are typed (with completion of locations) or given by clicking a unit
and then its destination; the bundled adjudicator resolves the phase; the
map shows the position and the results drawn as in ``variantkit render``;
the history can be stepped through, and the game saved and loaded.
"""
from __future__ import annotations

from typing import Dict, List, Optional, Tuple

from PySide6.QtCore import QEvent, QStringListModel, Qt, Signal
from PySide6.QtWidgets import (QComboBox, QCompleter, QFileDialog, QHBoxLayout, QLabel, QLineEdit,
                               QListWidget, QPushButton, QVBoxLayout, QWidget)

from variantkit.model import split_location
from variantkit.io.game_file import dump_game, load_game, outcome_record
from variantkit.board.marks import order_marks
from variantkit.board.render import OrderMark
from variantkit.rules.game import Game
from variantkit.rules.state import GameState
from variantkit.rules.adjustments import adjustment_counts
from variantkit.rules.parse import OrderError

from .play_orders import owner, whole_orders

from .tools import Tool


MODES = ("move", "route", "support", "convoy", "build", "remove", "place")


class PlayTool(Tool):
    """Orders by clicking, in the panel's mode:

    move: a unit, then where it goes (in a retreat phase, a retreat);
    route: an army, the seas of its convoy in order, then the shore;
    support: the supporter, the supported unit, then its destination (the unit
    again to support it holding); convoy: the fleet, the army, the shore;
    build: a home centre (the panel's unit type; a coast for a fleet);
    remove: a unit; place (sandbox): a province gets the panel's power and
    unit type, or loses its unit.
    """
    name = "play"

    def __init__(self, doc, panel: "PlayPanel"):
        super().__init__(doc)
        self.panel = panel
        self.clicks: List[str] = []

    def press(self, scene, event) -> bool:
        pid = scene.province_at(event.scenePos())
        if pid is None:
            return False
        panel = self.panel
        game = panel.ensure_game()
        mode = panel.mode.currentText()
        units = dict(game.state.units)
        if game.state.phase.kind == "R":  # in a retreat phase a click means the dislodged unit
            units.update({prov: d.unit for prov, d in game.state.dislodged.items()})
        self.clicks.append(pid)
        c = self.clicks
        unit = units.get(c[0])
        if mode == "place":
            panel.place(pid)
            self.clicks = []
        elif mode == "build":
            kind = panel.unit_type.currentText()
            loc = pid
            if kind == "F" and game.graph().coasts.get(pid):
                loc = game.graph().coasts[pid][0]
            panel.add_order(f"Build {kind} {loc}", game.state.centers.get(pid))
            self.clicks = []
        elif unit is None:
            self.clicks = []
        elif mode == "remove":
            panel.add_order(f"Remove {unit}", unit.power)
            self.clicks = []
        elif mode == "move" and len(c) == 2:
            panel.add_order(f"{unit} - {c[1]}", unit.power)
            self.clicks = []
        elif mode == "route" and len(c) >= 2 and not game.graph().is_convoying_water(c[-1]):
            panel.add_order(" -> ".join([str(unit)] + c[1:]), unit.power)
            self.clicks = []
        elif mode == "support" and len(c) == 3:
            other = units.get(c[1])
            if other is not None:
                dest = "" if c[2] == c[1] else f" - {c[2]}"
                panel.add_order(f"{unit} S {other}{dest}", unit.power)
            self.clicks = []
        elif mode == "convoy" and len(c) == 3:
            army = units.get(c[1])
            if army is not None:
                panel.add_order(f"{unit} C {army} - {c[2]}", unit.power)
            self.clicks = []
        return True


class OrderList(QListWidget):
    """The pending orders; Delete (or Backspace) here takes the picked ones
    back, before the window's Delete (provinces, edges) would see the key."""

    delete_pressed = Signal()

    def event(self, event):
        if event.type() == QEvent.Type.ShortcutOverride and event.key() in (Qt.Key.Key_Delete, Qt.Key.Key_Backspace):
            event.accept()  # the key is ours: no window shortcut for it while the list has focus
            return True
        return super().event(event)

    def keyPressEvent(self, event):
        if event.key() in (Qt.Key.Key_Delete, Qt.Key.Key_Backspace):
            self.delete_pressed.emit()
            return
        super().keyPressEvent(event)


class PlayPanel(QWidget):
    position_changed = Signal()

    def __init__(self, doc, parent=None):
        super().__init__(parent)
        self.doc = doc
        self.game: Optional[Game] = None
        self.orders: List[tuple] = []     # (power, text)
        self.shown: Optional[int] = None  # index into the history being looked at
        self.message = ""  # the last order refused, and why
        self.completer: Optional[QCompleter] = None  # made with each game: its locations
        self.completions = QStringListModel(self)
        layout = QVBoxLayout(self)
        self.phase = QLabel()
        layout.addWidget(self.phase)
        stale = QHBoxLayout()  # said when the game cannot follow an edit of the variant
        self.stale = QLabel()
        self.stale.setWordWrap(True)
        self.stale.setStyleSheet("color: #b05000")
        self.restart = QPushButton("Restart on the variant as it stands")
        self.restart.clicked.connect(self.new_game)
        stale.addWidget(self.stale, 1)
        stale.addWidget(self.restart)
        layout.addLayout(stale)
        self.stale.hide()
        self.restart.hide()
        doc.changed.connect(lambda _: self.follow())
        row = QHBoxLayout()
        self.power = QComboBox()
        self.mode = QComboBox()
        self.mode.addItems(MODES)
        self.unit_type = QComboBox()
        self.unit_type.addItems(["A", "F"])
        self.entry = QLineEdit()
        self.entry.setPlaceholderText("A par - bur, F bla C A ank - sev, Build A kie ...")
        self.entry.returnPressed.connect(self._typed)
        row.addWidget(self.power)
        row.addWidget(self.mode)
        row.addWidget(self.unit_type)
        row.addWidget(self.entry)
        layout.addLayout(row)
        self.standing = QLabel()  # centres owned and builds due, power by power
        self.standing.setWordWrap(True)
        layout.addWidget(self.standing)
        self.pending = OrderList()
        self.pending.setSelectionMode(QListWidget.SelectionMode.ExtendedSelection)
        self.pending.delete_pressed.connect(self.delete_selected_orders)
        layout.addWidget(self.pending)
        buttons = QHBoxLayout()
        for text, slot in (("Delete order", self.delete_selected_orders),
                           ("New game", self.new_game), ("Sandbox", self.sandbox),
                           ("Adjudicate", self.adjudicate), ("< Back", self.back),
                           ("Forward >", self.forward), ("Save game", self.save_game),
                           ("Load game", self.load_game_dialog)):
            b = QPushButton(text)
            b.clicked.connect(slot)
            buttons.addWidget(b)
        layout.addLayout(buttons)
        self.results = QListWidget()
        layout.addWidget(self.results)

    # -- game ----------------------------------------------------------------
    def follow(self) -> None:
        """The game follows the variant as it is edited: at its start it
        restarts on the new start; later its position is carried over when
        every unit and centre in it still exists, and otherwise the game is
        said to be stale (it judges the map as it was) until restarted."""
        game, v = self.game, self.doc.variant
        if game is None or game.variant is v:
            return
        if not game.history and game.state == GameState.start(game.variant):
            orders = self.orders
            self.new_game()
            self.orders = orders  # (re-read when judged: an order over a deleted edge fails then)
            self._show_pending()
            return
        locations = {loc for p in v.provinces for loc in p.location_ids}
        state = game.state
        fits = all(u.loc in locations for u in state.units.values()) and \
            all(d.unit.loc in locations for d in state.dislodged.values()) and \
            set(state.centers) <= set(v.centers)
        if fits:
            self.game = Game(v, state, game.history, game.winner, game.drawn)
            self._stale("")
        else:
            self._stale("The variant changed under this game (a unit or centre of its position is gone): "
                        "it judges the map as it was.")
        self._refresh()

    def _stale(self, text: str) -> None:
        self.stale.setText(text)
        self.stale.setVisible(bool(text))
        self.restart.setVisible(bool(text))

    def new_game(self) -> Game:
        """A game on the variant as it stands in the editor, saved or not."""
        self.game = game = Game.new(self.doc.variant)
        self._stale("")
        self.orders, self.shown = [], None
        self.power.clear()
        self.power.addItems([p.id for p in self.doc.variant.powers])
        self.completer = QCompleter(self)
        self.completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.completions = QStringListModel(self.completer)
        self.completer.setModel(self.completions)
        self.completer.setMaxVisibleItems(15)
        self.entry.setCompleter(self.completer)
        self._refresh()
        return game

    def ensure_game(self) -> Game:
        """The game being played; a new one when none is (a click or an order starts it)."""
        return self.game if self.game is not None else self.new_game()

    def sandbox(self) -> None:
        """An empty board to set up any position by hand (mode "place")."""
        self.new_game().state.units = {}
        self.mode.setCurrentText("place")
        self._refresh()

    def place(self, pid: str) -> None:
        """Sandbox: put the chosen power's unit in ``pid``, or take the unit there away."""
        from variantkit.model import UnitType
        from variantkit.rules.state import UnitAt
        game = self.ensure_game()
        state = game.state
        if pid in state.units:
            del state.units[pid]
        else:
            kind = UnitType(self.unit_type.currentText())
            graph = game.graph()
            loc = pid if kind is UnitType.ARMY or not graph.coasts.get(pid) else graph.coasts[pid][0]
            if graph.may_stand(kind, loc):
                state.units[pid] = UnitAt(self.power.currentText(), kind, loc)
        self._refresh()

    def add_order(self, text: str, power: Optional[str] = None) -> bool:
        """File an order under its unit's owner (a build under the centre's
        owner); refuse it at once when it cannot be read or names nobody's
        unit.  A second order for a unit replaces the first."""
        game = self.ensure_game()
        try:
            order = game.parser().parse(text, power or self.power.currentText())
        except OrderError as exc:
            return self._refuse(f"cannot read {text!r}: {exc}")
        who, why = owner(game, order)
        if who is None:
            return self._refuse(f"{text!r} refused: {why}")
        named = text.partition(":")[0] if ":" in text else None
        if named is not None and game.parser().power(named) not in (None, who):
            return self._refuse(f"{text!r} refused: the unit is {who}'s")
        text = text.partition(":")[2].strip() if named is not None and game.parser().power(named) else text
        if getattr(order, "loc", ""):
            prov = split_location(order.loc)[0]
            self.orders = [(p, t) for p, t in self.orders if self._province(t, p) != prov]
        self.orders.append((who, text))
        self.results.clear()
        self._show_pending()
        self.position_changed.emit()
        return True

    def _refuse(self, message: str) -> bool:
        self.results.addItem(message)
        self.message = message
        return False

    def _province(self, text: str, power: str) -> Optional[str]:
        if self.game is None:
            return None
        try:
            loc = self.game.parser().parse(text, power).loc
        except OrderError:
            return None
        return split_location(loc)[0] if loc else None

    def delete_selected_orders(self) -> None:
        """Take the picked pending orders back, one or several."""
        rows = sorted({self.pending.row(i) for i in self.pending.selectedItems()}, reverse=True)
        for r in rows:
            if 0 <= r < len(self.orders):
                del self.orders[r]
        if rows:
            self._show_pending()
            self.position_changed.emit()

    def _show_pending(self) -> None:
        self.pending.clear()
        for power, text in self.orders:
            self.pending.addItem(f"{power}: {text}")

    def pending_marks(self) -> List[OrderMark]:
        """The orders not yet adjudicated, drawn on the map as they stand."""
        if self.game is None or self.shown is not None:
            return []
        outcomes = [{"power": p, "order": t, "outcome": "pending", "reason": ""} for p, t in self.orders]
        return order_marks(self.game.parser(), outcomes)

    def centre_owners(self) -> dict:
        """Who owns each centre in the position looked at."""
        if self.game is None:
            return {}
        return dict(self._shown_phase(self.game)[0].centers)

    def standing_text(self) -> str:
        if self.game is None:
            return ""
        homes = self.game.homes
        state = self._shown_phase(self.game)[0]
        counts = adjustment_counts(homes, state)
        centres = {p: len(state.centres_of(p)) for p in homes}
        parts = []
        for p in sorted(homes):
            due = counts[p]
            parts.append(f"{p} {centres[p]}" + (f" (builds {due})" if due > 0 else
                                                f" (removes {-due})" if due < 0 else ""))
        return "Centres: " + ", ".join(parts)

    def _typed(self) -> None:
        if self.add_order(self.entry.text().strip()):
            self.entry.clear()

    def adjudicate(self) -> None:
        game = self.ensure_game()
        by_power: Dict[str, List[str]] = {}
        for power, text in self.orders:
            by_power.setdefault(power, []).append(text)
        parsed, bad = game.parse(by_power)
        game.process(parsed, bad)
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
    def _shown_phase(self, game: Game) -> Tuple[GameState, list]:
        """(position, outcomes) of the phase on show."""
        if self.shown is None:
            record = game.history[-1] if game.history else None
            return game.state, (record.outcomes if record else [])
        record = game.history[self.shown]
        return record.before, record.outcomes

    def view(self):
        """(units by power, results to draw, phase) for the scene."""
        if self.game is None:
            return None
        state, results = self._shown_phase(self.game)
        units: Dict[str, List[str]] = {}
        for u in state.units.values():
            units.setdefault(u.power, []).append(str(u))
        return units, [outcome_record(o) for o in results], str(state.phase)

    def marks(self) -> List[OrderMark]:
        """What to draw, from the outcomes' orders and codes (no text re-read)."""
        from variantkit.board.marks import outcome_marks
        if self.game is None:
            return []
        return outcome_marks(self._shown_phase(self.game)[1])

    def _refresh(self) -> None:
        self._show_pending()
        self.results.clear()
        v, game = self.view(), self.game
        if v is not None and game is not None:
            units, results, phase = v
            looking = "" if self.shown is None else " (history)"
            end = " — " + (f"{game.winner} wins" if game.winner else "drawn") if game.over else ""
            self.phase.setText(f"Phase {phase}{looking}{end}")
            for r in results:
                self.results.addItem(f"{r['power']}: {r['order']}: {r['outcome']}"
                                     + (f" ({r['reason']})" if r["reason"] else ""))
            self.standing.setText(self.standing_text())
            if self.shown is None and self.completer is not None:
                self.completions.setStringList(whole_orders(game))
        self.position_changed.emit()
