"""Spring and Fall 1901 of Youngstown played by clicking: the Japanese convoy
through the off-board boxes (set up in the sandbox), a support, a retreat and
a build at a colony; each position checked against `variantkit adjudicate`."""
import pytest

pytest.importorskip("PySide6")

from tests.editor.qt_helpers import cli_adjudicate, play_clicks  # noqa: E402


def place(window, power, unit, *pids):
    window.play.power.setCurrentText(power)
    play_clicks(window, "place", *pids, unit=unit)


def position(window):
    from variantkit.io.game_file import state_to_record
    return state_to_record(window.play.game.state)


def test_spring_and_fall_1901_by_clicking(playing, monkeypatch, capsys):
    window = playing
    play = window.play
    play.sandbox()
    place(window, "japan", "A", "tok")
    place(window, "japan", "F", "npo", "obl", "oba", "nao")
    place(window, "england", "A", "lvp")
    place(window, "turkey", "A", "bag", "arm")
    place(window, "india", "A", "ira")
    place(window, "england", "F", "mal")
    play.game.state.centers = {"joh": "england", "lon": "england"}
    assert len(play.game.state.units) == 10
    # Spring: the Japanese army from Tokyo to Ireland through four fleets
    play_clicks(window, "route", "tok", "npo", "obl", "oba", "nao", "ire")
    for sea in ("npo", "obl", "oba", "nao"):
        play_clicks(window, "convoy", sea, "tok", "ire")
    # Turkey takes Iran from India with support: India is dislodged
    play_clicks(window, "move", "bag", "ira")
    play_clicks(window, "support", "arm", "bag", "ira")
    before = position(window)
    orders = {}
    for power, text in play.orders:
        orders.setdefault(power, []).append(text)
    assert orders["japan"][0] == "A tok -> npo -> obl -> oba -> nao -> ire"
    play.adjudicate()
    expect = cli_adjudicate(monkeypatch, capsys, {**before, "orders": orders})
    assert position(window)["units"] == expect["units"] and position(window)["phase"] == "S1901R"
    assert "A ire" in position(window)["units"]["japan"]
    assert position(window)["dislodged"]["india"][0]["unit"] == "A ira"
    # the retreat, by clicking the dislodged army then where it goes
    retreat_from = position(window)
    play_clicks(window, "move", "ira", "afg")
    orders = {p: [t] for p, t in play.orders}
    play.adjudicate()
    expect = cli_adjudicate(monkeypatch, capsys, {**retreat_from, "orders": orders})
    assert position(window)["units"] == expect["units"] and "A afg" in position(window)["units"]["india"]
    assert position(window)["phase"] == "F1901M"
    # Fall: nobody moves; then Winter: England builds at its colony Joharra
    fall = position(window)
    play.adjudicate()
    assert position(window)["phase"] == "W1901A"
    winter = position(window)
    window.play.power.setCurrentText("england")
    play_clicks(window, "build", "joh", unit="F")
    orders = {p: [t] for p, t in play.orders}
    assert orders == {"england": ["Build F joh"]}
    play.adjudicate()
    expect = cli_adjudicate(monkeypatch, capsys, {**winter, "orders": orders})
    assert position(window)["units"] == expect["units"] and "F joh" in position(window)["units"]["england"]
    assert fall["phase"] == "F1901M"
