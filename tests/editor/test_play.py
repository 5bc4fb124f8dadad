"""Test-play in the editor: typed and clicked orders, adjudicated as the CLI does."""
import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtWidgets import QPushButton  # noqa: E402

from tests.editor.qt_helpers import cli_adjudicate, click  # noqa: E402


def test_spring_1901_typed_and_clicked_matches_the_cli(playing, monkeypatch, capsys, tmp_path):
    window = playing
    play = window.play
    start = {p: list(u) for p, u in play.view()[0].items()}
    typed = {"japan": ["F tok - npo"], "india": ["N: A del - afg"], "china": ["F can - scs"],
             "france": ["F sai - scs"]}
    for power, orders in typed.items():
        for text in orders:
            assert play.add_order(text, power)
    # a move by clicking: the Turkish army in Baghdad, then Iran
    a, b = window.scene.centre_of("bag"), window.scene.centre_of("ira")
    click(window.scene, a.x(), a.y())
    click(window.scene, b.x(), b.y())
    assert ("turkey", "A bag - ira") in play.orders
    play.adjudicate()
    ours = {p: sorted(u) for p, u in play.view()[0].items()}
    rec = {"phase": "S1901M", "units": start,
           "centers": {p.id: list(p.homes) for p in window.doc.variant.powers},
           "orders": {**typed, "turkey": ["A bag - ira"]}}
    theirs = cli_adjudicate(monkeypatch, capsys, rec)
    assert ours == {p: sorted(u) for p, u in theirs["units"].items()}
    assert "A ira" in ours["turkey"] and "F npo" in ours["japan"]
    results = [window.play.results.item(i).text() for i in range(window.play.results.count())]
    assert any("F can - scs: fails (bounced at scs)" in r for r in results)
    # the results are drawn on the map, failures in red
    drawn = [i for i in window.scene.items() if i.toolTip().startswith("F can: move, fails")]
    assert drawn
    # back through the history and forward again
    play.back()
    assert "A bag" in play.view()[0]["turkey"]
    play.forward()
    assert "A ira" in play.view()[0]["turkey"]
    saved = tmp_path / "game.json"
    play.save_game(str(saved))
    # the file carries typed codes beside the words
    import json
    last = json.loads(saved.read_text())["history"][-1]["results"]
    bounce = next(r for r in last if r["order"] == "F can - scs")
    assert (bounce["code"], bounce["params"], bounce["reason"]) == ("bounced", {"at": "scs"}, "bounced at scs")
    play.load(str(saved))
    assert "A ira" in play.view()[0]["turkey"] and window.play.phase.text().startswith("Phase F1901M")
    # a loaded game's results are drawn from their codes, as a played one's are
    marks = {m.unit: m for m in play.marks()}
    assert (marks["F can"].kind, marks["F can"].to, marks["F can"].code) == ("move", "scs", "bounced")
    drawn = [i for i in window.scene.items() if i.toolTip() == "F can: move, fails (bounced at scs)"]
    assert drawn


def test_unreadable_order_says_why(playing):
    window = playing
    assert not window.play.add_order("A del - atlantis", "india")
    assert "atlantis" in window.play.results.item(window.play.results.count() - 1).text()


def _enter(qtbot, play, text):
    play.entry.clear()
    qtbot.keyClicks(play.entry, text)
    qtbot.keyClick(play.entry, Qt.Key.Key_Return)


def _marks(window):
    return [i.toolTip() for i in window.scene.items() if ": move, pending" in i.toolTip()
            or ": hold, pending" in i.toolTip()]


def test_typed_orders_go_to_the_units_owner_or_are_refused_at_once(playing, qtbot):
    play = playing.play
    play.power.setCurrentText("france")  # the power box says France; Delhi's army is India's
    _enter(qtbot, play, "A del - afg")
    assert play.orders == [("india", "A del - afg")] and play.entry.text() == ""
    _enter(qtbot, play, "A bur - par")  # nobody stands in Burgundy
    assert play.orders == [("india", "A del - afg")]
    assert "no unit in bur" in play.results.item(play.results.count() - 1).text()
    assert play.entry.text() == "A bur - par"  # kept, to be corrected
    _enter(qtbot, play, "england: A par - bur")  # a power named who does not own the unit
    assert "france's" in play.results.item(play.results.count() - 1).text() and len(play.orders) == 1
    _enter(qtbot, play, "A del - kas")  # a second order for a unit replaces the first
    assert play.orders == [("india", "A del - kas")]


def test_pending_orders_are_drawn_and_deleted_one_by_one(playing, qtbot):
    window = playing
    play = window.play
    for text in ("A par - bur", "F tok - npo", "A mos H"):
        _enter(qtbot, play, text)
    assert sorted(_marks(window)) == ["A mos: hold, pending", "A par: move, pending", "F tok: move, pending"]
    item = play.pending.item(1)
    rect = play.pending.visualItemRect(item)
    window.docks["Play"].raise_()
    qtbot.mouseClick(play.pending.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    play.pending.setFocus()
    qtbot.keyClick(play.pending, Qt.Key.Key_Delete)
    assert [t for _, t in play.orders] == ["A par - bur", "A mos H"]
    assert sorted(_marks(window)) == ["A mos: hold, pending", "A par: move, pending"]


def test_completion_offers_whole_orders(playing, qtbot):
    play = playing.play
    playing.docks["Play"].raise_()
    play.entry.setFocus()
    qtbot.keyClicks(play.entry, "A pa")
    completer = play.entry.completer()
    offered = [completer.completionModel().index(r, 0).data() for r in range(completer.completionCount())]
    assert "A Par - Bur" in offered and "A Par H" in offered and "A Par S A Mar - Bur" in offered
    assert all(o.lower().startswith("a pa") for o in offered)
    # the graph decides what is offered: every move of the army in Paris, and nothing else
    from variantkit.model import UnitType
    moves = {o.split(" - ")[1].lower() for o in offered if " - " in o and " S " not in o}
    assert moves == set(play.game.graph().moves(UnitType.ARMY, "par"))
    popup = completer.popup()
    assert popup.isVisible()
    row = popup.model().index(offered.index("A Par - Bur"), 0)
    popup.scrollTo(row)
    qtbot.mouseClick(popup.viewport(), Qt.MouseButton.LeftButton, pos=popup.visualRect(row).center())
    assert play.entry.text() == "A Par - Bur"  # the whole order picked from the list
    qtbot.keyClick(play.entry, Qt.Key.Key_Return)
    assert play.orders == [("france", "A Par - Bur")]


def test_centre_owners_and_builds_are_shown(playing, qtbot):
    window = playing
    play = window.play
    from variantkit.model import UnitType
    game = play.game
    graph = game.graph()
    assert "austria 4" in play.standing.text() and "builds" not in play.standing.text()
    neutral = [c for c in window.doc.variant.centers if c not in game.state.centers]
    # a hand-worked capture: a unit next to an empty neutral centre walks in during the Fall
    pick = next((u, c) for u in game.state.units.values() for c in neutral
                if c in {t.split("/")[0] for t in graph.moves(u.type, u.loc)} and c not in game.state.units
                and u.type is UnitType.ARMY)
    unit, centre = pick
    qtbot.mouseClick(_button(play, "Adjudicate"), Qt.MouseButton.LeftButton)  # Spring: everybody holds
    _enter(qtbot, play, f"A {unit.loc} - {centre}")
    qtbot.mouseClick(_button(play, "Adjudicate"), Qt.MouseButton.LeftButton)
    assert play.game.state.centers[centre] == unit.power
    assert f"{unit.power} {len(window.doc.variant.power(unit.power).homes) + 1} (builds 1)" in play.standing.text()
    # the centre's dot on the map now in the owner's colour
    from variantkit.board.render import power_colours
    colour = power_colours(window.doc.variant)[unit.power].lower()
    at = window.scene.centre_of(centre)
    dots = [i for i in window.scene.items() if i.__class__.__name__ == "QGraphicsEllipseItem"
            and abs(i.rect().center().x() - at.x()) < 1 and abs(i.rect().top() - (at.y() + 2)) < 1]
    assert dots and dots[0].brush().color().name() == colour
    # the winter: completion offers the builds the rules allow (the power's own free, owned
    # homes, worked out here from the position) and its waive, nothing else
    state = play.game.state
    power = unit.power
    free = [h for h in window.doc.variant.power(power).homes if h not in state.units and state.centers.get(h) == power]
    assert free  # the unit that walked out left its home empty
    want = {f"Build A {h.capitalize()}" for h in free if graph.may_stand(UnitType.ARMY, h)} | \
        {f"Build F {f[:1].upper() + f[1:]}" for h in free for f in graph.fleet_locations(h)
         if graph.may_stand(UnitType.FLEET, f)}
    completer = play.entry.completer()
    play.entry.clear()
    play.entry.setFocus()
    qtbot.keyClicks(play.entry, "Build")
    offered = {completer.completionModel().index(r, 0).data() for r in range(completer.completionCount())}
    assert offered == want
    play.entry.clear()
    qtbot.keyClicks(play.entry, f"{power}: w")
    assert completer.completionCount() == 1 and completer.currentCompletion() == f"{power}: waive"
    popup = completer.popup()
    row = popup.model().index(0, 0)
    qtbot.mouseClick(popup.viewport(), Qt.MouseButton.LeftButton, pos=popup.visualRect(row).center())
    qtbot.keyClick(play.entry, Qt.Key.Key_Return)
    assert play.orders == [(power, "waive")]  # filed under the power it names


def _button(widget, text):
    return next(b for b in widget.findChildren(QPushButton) if b.text() == text)
