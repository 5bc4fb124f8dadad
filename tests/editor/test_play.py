"""Test-play in the editor: typed and clicked orders, adjudicated as the CLI does."""
import pytest

pytest.importorskip("PySide6")

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
