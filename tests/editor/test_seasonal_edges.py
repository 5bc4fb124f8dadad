"""Seasonal edges in the editor, driven through the widgets: an edge picked
in the Edges list made spring-only with the season buttons (one undo step),
drawn dotted, saved as, reopened, and refused in fall in Play mode; the link
tool's season choice."""
import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtWidgets import QPushButton  # noqa: E402

from variantkit.io import load  # noqa: E402
from tests.conftest import MAPS  # noqa: E402
from tests.editor.qt_helpers import Answers, mouse, play_clicks  # noqa: E402
from tests.editor.test_designer import _pick, _type  # noqa: E402
from tests.editor.test_files_and_menus import action  # noqa: E402

KEY = ("nwy", "stp/nc")   # Norway - St Petersburg's north coast: a fleet edge


@pytest.fixture
def answers(qtbot):
    a = Answers(qtbot)
    yield a
    a.stop()


def _edge(doc, key=KEY):
    (e,) = [e for e in doc.variant.edges if e.key == key]
    return e


def _click_row(qtbot, panel, key):
    row = [i for i, e in enumerate(panel.shown) if e.key == key][0]
    qtbot.mouseClick(panel.table.viewport(), Qt.MouseButton.LeftButton,
                     pos=panel.table.visualRect(panel.table.model().index(row, 0)).center())
    assert panel.selected_keys() == [key]


def _button(panel, text):
    (b,) = [b for b in panel.findChildren(QPushButton) if b.text() == text]
    return b


def test_an_edge_made_spring_only_is_saved_and_refused_in_fall(window, qtbot, answers, tmp_path):
    window.open_path(str(MAPS / "standard"))
    doc, panel = window.doc, window.edges
    window.docks["Edges"].raise_()
    _type(qtbot, panel.filter, "nwy")
    _click_row(qtbot, panel, KEY)
    # one button a season of the calendar, both on: the edge is open in every season
    assert list(panel.season_buttons) == ["spring", "fall"]
    assert all(b.isChecked() for b in panel.season_buttons.values())
    steps = doc.undo.count()
    qtbot.mouseClick(panel.season_buttons["fall"], Qt.MouseButton.LeftButton)
    assert _edge(doc).seasons == ("spring",) and doc.undo.count() == steps + 1
    assert panel.season_buttons["spring"].isChecked() and not panel.season_buttons["fall"].isChecked()
    row = [i for i, e in enumerate(panel.shown) if e.key == KEY][0]
    assert panel.table.model().index(row, 3).data() == "spring only"  # the Kind cell as shown
    # drawn dotted on the map, as the legend says; other edges keep their lines
    assert window.scene.edge_items[KEY].pen().style() == Qt.PenStyle.DotLine
    assert window.scene.edge_items[("nwy", "ska")].pen().style() != Qt.PenStyle.DotLine
    assert "dotted: open in some seasons only" in window.legend.text()
    # undo and redo through the Edit menu
    action(window, "Edit/Undo").trigger()
    assert _edge(doc).seasons == () and panel.season_buttons["fall"].isChecked()
    action(window, "Edit/Redo").trigger()
    assert _edge(doc).seasons == ("spring",)
    # the filter finds seasonal edges by their seasons
    _type(qtbot, panel.filter, "seasonal")
    assert [e.key for e in panel.shown] == [KEY]
    # saved as, reopened: still spring only, on disk and in the editor
    out = tmp_path / "seasonal" / "variant.yaml"
    out.parent.mkdir()
    answers.files.append(str(out))
    action(window, "File/Save as...").trigger()
    assert "- {a: nwy, b: stp/nc, units: fleet, seasons: [spring]}" in out.read_text()
    assert [e.seasons for e in load(str(out)).variant.edges if e.key == KEY] == [("spring",)]
    answers.files.append(str(out))
    action(window, "File/Open...").trigger()
    assert window.doc.path == str(out) and _edge(window.doc).seasons == ("spring",)
    # Play: in spring the fleet crosses, in fall the way back is closed
    action(window, "Tools/Play (test the variant)").trigger()
    play = window.play
    qtbot.mouseClick(_button(play, "Sandbox"), Qt.MouseButton.LeftButton)
    play.power.setCurrentText("england")
    play_clicks(window, "place", "nwy", unit="F")
    assert (play.game.state.units["nwy"].power, play.game.state.units["nwy"].loc) == ("england", "nwy")
    play_clicks(window, "move", "nwy", "stp", unit="F")
    qtbot.mouseClick(_button(play, "Adjudicate"), Qt.MouseButton.LeftButton)
    results = [play.results.item(i).text() for i in range(play.results.count())]
    assert any("F nwy - stp: succeeds" in r for r in results), results
    assert play.game.state.units["stp"].loc == "stp/nc" and str(play.game.state.phase) == "F1901M"
    play_clicks(window, "move", "stp", "nwy", unit="F")
    assert play.orders == [("england", "F stp/nc - nwy")]
    qtbot.mouseClick(_button(play, "Adjudicate"), Qt.MouseButton.LeftButton)
    results = [play.results.item(i).text() for i in range(play.results.count())]
    assert any("F stp/nc - nwy: illegal" in r and "closed in this season" in r for r in results), results
    assert play.game.state.units["stp"].loc == "stp/nc"


def test_several_edges_in_one_step_and_the_link_tools_season(window, qtbot):
    window.open_path(str(MAPS / "standard"))
    doc, panel = window.doc, window.edges
    window.docks["Edges"].raise_()
    _type(qtbot, panel.filter, "bar")
    mine = {e.key for e in panel.shown}
    assert len(mine) >= 3
    panel.table.setFocus()
    panel.table.selectAll()
    steps = doc.undo.count()
    qtbot.mouseClick(panel.season_buttons["spring"], Qt.MouseButton.LeftButton)
    assert {e.key: e.seasons for e in doc.variant.edges if e.key in mine} == {k: ("fall",) for k in mine}
    assert doc.undo.count() == steps + 1
    # fall is the last season they are open in: the button does not close it
    qtbot.mouseClick(panel.season_buttons["fall"], Qt.MouseButton.LeftButton)
    assert doc.undo.count() == steps + 1 and panel.season_buttons["fall"].isChecked()
    # spring again: open in every season, plain edges once more
    qtbot.mouseClick(panel.season_buttons["spring"], Qt.MouseButton.LeftButton)
    assert all(e.seasons == () for e in doc.variant.edges if e.key in mine)
    doc.undo.undo()
    doc.undo.undo()
    assert all(e.seasons == () for e in doc.variant.edges if e.key in mine)
    # the link tool draws new links in the season chosen for them
    _pick(qtbot, panel.link_season, "fall only")
    action(window, "Tools/Link spaces").trigger()
    a, b = window.scene.centre_of("lon"), window.scene.centre_of("bel")
    mouse(window.scene, "press", a.x(), a.y())
    mouse(window.scene, "release", b.x(), b.y())
    (e,) = [e for e in doc.variant.edges if {e.a, e.b} == {"lon", "bel"}]
    assert e.seasons == ("fall",)
    _pick(qtbot, panel.link_season, "every season")
    a, b = window.scene.centre_of("lon"), window.scene.centre_of("pic")
    mouse(window.scene, "press", a.x(), a.y())
    mouse(window.scene, "release", b.x(), b.y())
    (e,) = [e for e in doc.variant.edges if {e.a, e.b} == {"lon", "pic"}]
    assert e.seasons == ()
