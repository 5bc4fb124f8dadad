"""The review tools in the editor, driven as the user drives them: a
subvariant's changes from its base on the map (View > Show changes from
base) and the balance panel (Tools > Balance report...)."""
import io
import json
from contextlib import redirect_stdout

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import QPointF, Qt, QThreadPool  # noqa: E402

from tests.conftest import MAPS  # noqa: E402
from tests.editor.qt_helpers import click  # noqa: E402
from tests.editor.test_files_and_menus import action  # noqa: E402
from variantkit_editor.base_changes import ChangeMark  # noqa: E402


def cli(*args):
    from variantkit.cli import main
    out = io.StringIO()
    with redirect_stdout(out):
        code = main(list(args))
    return code, out.getvalue()


def change_marks(window):
    return [i for i in window.scene.items() if isinstance(i, ChangeMark) and i.isVisible()]


def list_texts(window):
    lst = window.review.changes.list
    return [lst.item(i).text() for i in range(lst.count())]


def click_list_row(qtbot, lst, text):
    texts = [lst.item(i).text() for i in range(lst.count())]
    rect = lst.visualItemRect(lst.item(texts.index(text)))
    qtbot.mouseClick(lst.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())


def test_no_omsk_fleets_marks_omsk_and_its_two_fleet_edges(window, qtbot):
    window.open_path(str(MAPS / "youngstown" / "no-omsk-fleets"))
    toggle = action(window, "View/Show changes from base")
    assert toggle.isEnabled() and toggle.isChecked()   # a subvariant shows its changes at once
    assert window.docks["Changes from base"].isVisible()

    # the list is what `variantkit diff BASE OTHER --json` reports
    code, out = cli("diff", str(MAPS / "youngstown"), str(MAPS / "youngstown" / "no-omsk-fleets"), "--json")
    expected = json.loads(out)
    lines = expected
    assert list_texts(window) == [f"{c['change']} {c['what']} {c['id']}" + (f": {c['detail']}" if c["detail"] else "")
                                  for c in lines]
    # and by hand (seeds/youngstown: Omsk loses its fleet links to Siberia and St Petersburg's north coast)
    assert list_texts(window) == ["changed province oms: terrain coast -> land",
                                  "removed fleet edge oms - sib", "removed fleet edge oms - stp/nc"]

    marks = change_marks(window)
    (omsk,) = [m for m in marks if m.kind == "province-changed"]
    assert omsk.line["id"] == "oms"
    assert omsk.path().boundingRect() == window.scene.items_by_id["oms"].path().boundingRect()
    assert omsk.pen().color().name() == "#e07b00"
    edges = sorted(m for m in (getattr(m, "ends", None) for m in marks if m.kind == "edge-removed"))
    assert edges == [("oms", "sib", "F"), ("oms", "stp/nc", "F")]
    for m in marks:
        if m.kind == "edge-removed":
            a, b, _ = m.ends
            path = m.path()
            assert path.elementAt(0).x == window.scene.centre_of(a).x()
            assert path.elementAt(1).y == window.scene.centre_of(b).y()
            assert m.pen().style() == Qt.PenStyle.DashLine and m.pen().color().name() == "#c0271e"
    assert not any(m.kind.startswith(("home", "unit")) for m in marks)  # no power changed

    # the legend says what the colours mean
    legend = window.review.changes.legend.text()
    assert "added" in legend and "removed" in legend and "changed" in legend


def test_clicking_a_change_selects_its_province_and_the_marks_let_clicks_through(window, qtbot):
    window.open_path(str(MAPS / "youngstown" / "no-omsk-fleets"))
    click_list_row(qtbot, window.review.changes.list, "removed fleet edge oms - stp/nc")
    assert [getattr(i, "pid", None) for i in window.scene.selectedItems()] == ["oms"]
    window.scene.clearSelection()
    # clicks on Omsk, under its orange mark, still pick Omsk for the Properties panel
    # (points clear of the links, labels and units drawn over Omsk)
    (mark,) = [m for m in change_marks(window) if m.kind == "province-changed"]
    box = mark.path().boundingRect()
    spots = [QPointF(box.left() + box.width() * i / 12, box.top() + box.height() * j / 12)
             for i in range(1, 12) for j in range(1, 12)]
    spots = [p for p in spots if mark.path().contains(p) and [
        getattr(i, "pid", None) for i in window.scene.items(p) if not isinstance(i, ChangeMark)][:1] == ["oms"]]
    assert len(spots) > 10
    for spot in spots:
        window.scene.clearSelection()
        with qtbot.waitSignal(window.scene.province_clicked, timeout=1000) as clicked:
            click(window.scene, spot.x(), spot.y())
        assert clicked.args == ["oms"]
    assert window.properties.pid == "oms"
    assert [getattr(i, "pid", None) for i in window.scene.selectedItems()] == ["oms"]


def test_the_toggle_hides_and_shows_the_marks(window, qtbot):
    window.open_path(str(MAPS / "youngstown" / "no-omsk-fleets"))
    toggle = action(window, "View/Show changes from base")
    assert change_marks(window)
    toggle.trigger()
    assert not toggle.isChecked() and change_marks(window) == []
    window.toggle_edges()  # a rebuild of the scene brings no mark back
    assert change_marks(window) == []
    toggle.trigger()
    assert len([m for m in change_marks(window) if m.kind == "edge-removed"]) == 2


def test_an_edit_changes_the_marks_and_a_plain_variant_has_none(window, qtbot):
    window.open_path(str(MAPS / "youngstown" / "no-omsk-fleets"))
    window.select_province("oms")
    combo = window.properties.terrain
    combo.setCurrentText("coast")
    combo.activated.emit(combo.currentIndex())   # what choosing an entry sends
    assert list_texts(window) == ["removed fleet edge oms - sib", "removed fleet edge oms - stp/nc"]
    assert not [m for m in change_marks(window) if m.kind.startswith("province")]
    action(window, "Edit/Undo").trigger()
    assert "changed province oms: terrain coast -> land" in list_texts(window)

    window.doc.undo.setClean()
    window.open_path(str(MAPS / "youngstown"))
    toggle = action(window, "View/Show changes from base")
    assert not toggle.isEnabled() and not toggle.isChecked()
    assert change_marks(window) == []
    assert not window.docks["Changes from base"].isVisible()


def set_spin(qtbot, box, value):
    """Type a value into a spin box, as a user would."""
    box.lineEdit().selectAll()
    qtbot.keyClicks(box.lineEdit(), str(value))
    qtbot.keyClick(box.lineEdit(), Qt.Key.Key_Tab)
    assert box.value() == value


def test_the_balance_panel_agrees_with_variantkit_balance(window, qtbot):
    window.open_path(str(MAPS / "tutorial"))
    action(window, "Tools/Balance report...").trigger()
    panel = window.review.balance
    assert window.docks["Balance"].isVisible()
    set_spin(qtbot, panel.games, 6)
    set_spin(qtbot, panel.seed, 7)
    qtbot.mouseClick(panel.run_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not panel.running, timeout=60_000)
    assert "seed 7" in panel.summary.text() and "6 random games" in panel.summary.text()
    assert panel.progress.value() == 6
    assert panel.picture.original is not None and panel.picture.pixmap().width() > 0

    code, out = cli("balance", str(MAPS / "tutorial"), "--games", "6", "--seed", "7", "--json")
    truth = json.loads(out)
    assert code == 0 and truth["seed"] == 7 and truth["games"] == 6
    table = panel.table
    headers = [table.horizontalHeaderItem(c).text() for c in range(table.columnCount())]
    rows = {table.item(r, 0).text(): {h: table.item(r, c).text() for c, h in enumerate(headers)}
            for r in range(table.rowCount())}
    names = {"west": "West", "east": "East"}
    assert set(rows) == set(names.values()) == {names[p] for p in truth["powers"]}
    for pid, t in truth["powers"].items():
        row, after = rows[names[pid]], t["centres_after"]
        assert row["Homes"] == str(len(t["homes"]))
        assert row["Within 1"] == str(len(t["within_one"]))
        assert row["Within 2"] == str(len(t["within_two"]))
        assert row["Contested 1901"] == str(len(t["contested_1901"]))
        assert row["Chokepoints"] == str(len(t["chokepoints"]))
        assert (row["Min"], row["Median"], row["Max"]) == (str(after["min"]), f"{after['median']:g}", str(after["max"]))
        assert float(row["Mean"]) == pytest.approx(after["mean"], abs=0.01)
        assert (row["Won"], row["Out"]) == (str(after["wins"]), str(after["out"]))
    # the names behind a count are in its tooltip
    west = [r for r in range(table.rowCount()) if table.item(r, 0).text() == "West"][0]
    assert table.item(west, headers.index("Homes")).toolTip().split() == truth["powers"]["west"]["homes"]

    # the same seed again: the same figures
    before = [[table.item(r, c).text() for c in range(table.columnCount())] for r in range(table.rowCount())]
    qtbot.mouseClick(panel.run_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not panel.running, timeout=60_000)
    assert before == [[table.item(r, c).text() for c in range(table.columnCount())] for r in range(table.rowCount())]


def test_a_long_balance_run_keeps_the_window_live_and_can_be_cancelled(window, qtbot):
    window.open_path(str(MAPS / "youngstown"))
    action(window, "Tools/Balance report...").trigger()
    panel = window.review.balance
    set_spin(qtbot, panel.games, 5000)   # minutes of games: only a cancel ends it soon
    qtbot.mouseClick(panel.run_button, Qt.MouseButton.LeftButton)
    assert panel.running and not panel.run_button.isEnabled() and panel.cancel_button.isEnabled()
    # the progress bar moves while the games are played: the window's event loop runs
    qtbot.waitUntil(lambda: panel.progress.value() >= 2, timeout=60_000)
    assert panel.progress.maximum() == 5000
    qtbot.mouseClick(panel.cancel_button, Qt.MouseButton.LeftButton)
    assert not panel.running and panel.run_button.isEnabled() and panel.summary.text() == "Cancelled."
    # the worker stops before its next game, not after 5000
    assert QThreadPool.globalInstance().waitForDone(30_000)
    qtbot.wait(50)
    assert panel.report is None and panel.table.rowCount() == 0 and panel.summary.text() == "Cancelled."


def near(colour, hex_name, tolerance=40):
    from PySide6.QtGui import QColor
    want = QColor(hex_name)
    return all(abs(a - b) <= tolerance for a, b in ((colour.red(), want.red()), (colour.green(), want.green()),
                                                     (colour.blue(), want.blue())))


def test_the_marks_are_painted_on_the_view_zoomed_in(window, qtbot):
    """What the user sees: zoomed in on Omsk from the View menu, the removed
    links are red on screen and Omsk's outline orange."""
    window.open_path(str(MAPS / "youngstown" / "no-omsk-fleets"))
    lst = window.review.changes.list
    click_list_row(qtbot, lst, "changed province oms: terrain coast -> land")
    for _ in range(3):
        action(window, "View/Zoom in").trigger()
    click_list_row(qtbot, lst, "changed province oms: terrain coast -> land")   # Omsk in the middle again
    qtbot.wait(50)
    view = window.view
    image = view.viewport().grab().toImage()
    inside = view.viewport().rect()
    marks = change_marks(window)

    def seen(mark, colour, steps=40):
        pts = [view.mapFromScene(mark.path().pointAtPercent(i / steps)) for i in range(steps + 1)]
        pts = [p for p in pts if inside.contains(p)]
        assert pts, "the mark is not in the view"
        return sum(near(image.pixelColor(p), colour) for p in pts) / len(pts)

    (omsk,) = [m for m in marks if m.kind == "province-changed"]
    assert seen(omsk, "#e07b00") > 0.8
    for m in marks:
        if m.kind == "edge-removed":
            # dashed, and crossed by the A/F disc at the middle: red along most of it
            assert seen(m, "#c0271e") > 0.4, m.line["id"]


def test_closing_the_window_stops_the_games_and_an_edit_marks_the_figures_stale(window, qtbot):
    window.open_path(str(MAPS / "tutorial"))
    action(window, "Tools/Balance report...").trigger()
    panel = window.review.balance
    set_spin(qtbot, panel.games, 3)
    qtbot.mouseClick(panel.run_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not panel.running, timeout=60_000)
    assert "Run again" not in panel.summary.text()
    window.select_province("alp")
    combo = window.properties.terrain
    combo.setCurrentText("land")
    combo.activated.emit(combo.currentIndex())
    assert panel.summary.text().endswith("The variant has been edited since: Run again for its figures.")
    window.doc.undo.setClean()

    window.open_path(str(MAPS / "youngstown"))
    assert panel.summary.text() == "Not run yet." and panel.table.rowCount() == 0
    set_spin(qtbot, panel.games, 5000)
    qtbot.mouseClick(panel.run_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: panel.progress.value() >= 1, timeout=60_000)
    action(window, "File/Quit").trigger()
    qtbot.waitUntil(lambda: not panel.running, timeout=5_000)
    assert QThreadPool.globalInstance().waitForDone(30_000)
