"""Nothing lost, nothing corrupt: the File menu, saves and recovery driven as
the user drives them (menu actions and shortcuts as Qt triggers them, dialogs
answered through their widgets), with what lands on disk checked."""
import os
import shutil
from pathlib import Path

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtGui import QKeySequence  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402

from variantkit.io import load  # noqa: E402
from variantkit_editor.mainwindow import MainWindow  # noqa: E402
from variantkit_editor.recovery import left_behind  # noqa: E402
from tests.conftest import MAPS  # noqa: E402
from tests.editor.qt_helpers import Answers, drag, killed_editor, wait_for_validation  # noqa: E402


def menu_actions(window):
    """Every action reachable from the menu bar, with its menu path."""
    from PySide6.QtWidgets import QMenu
    out = []
    # QAction.menu() would hand the submenu's ownership to Python: look menus up instead
    submenus = {m.menuAction(): m for m in window.findChildren(QMenu)}

    def walk(menu, path):
        for act in menu.actions():
            if act in submenus:
                walk(submenus[act], path + [act.text()])
            elif not act.isSeparator():
                out.append(("/".join(path + [act.text()]).replace("&", ""), act))
    for top in window.menuBar().actions():
        walk(submenus[top], [top.text()])
    return out


def action(window, path):
    """The menu entry at ``path``; Undo and Redo name their step ("Undo Rename ...")."""
    found = dict(menu_actions(window))
    if path in found:
        return found[path]
    (match,) = [a for p, a in found.items() if p.startswith(path + " ")]
    return match


def rename_in_properties(window, old, new):
    window.select_province(old)
    window.properties.id_edit.setText(new)
    window.properties.id_edit.editingFinished.emit()


@pytest.fixture
def answers(qtbot):
    a = Answers(qtbot)
    yield a
    a.stop()


def test_every_menu_action_triggers_without_error(window, qtbot, answers, tmp_path):
    """Each entry as Qt triggers it (``checked`` and all); dialogs are
    cancelled; a failure in any slot fails the test (pytest-qt)."""
    shutil.copytree(MAPS / "standard", tmp_path / "standard")
    window.open_path(str(tmp_path / "standard"))
    skip = {"File/Quit"}
    for path, act in menu_actions(window):
        if path in skip or not act.isEnabled():
            continue
        act.trigger()
        qtbot.wait(10)
        assert window.isVisible(), path
    # the tools are checkable and one at a time: the last one triggered is on; the units
    # of new links (Link armies and fleets / armies only / fleets only) are a group of their own
    unit_kinds = {"Tools/Link armies and fleets", "Tools/Link armies only", "Tools/Link fleets only"}
    tools = [a for p, a in menu_actions(window) if p.startswith("Tools/") and p.replace("&", "") not in unit_kinds]
    kinds = [a for p, a in menu_actions(window) if p.replace("&", "") in unit_kinds]
    assert sum(a.isChecked() for a in tools) == 1
    assert sum(a.isChecked() for a in kinds) == 1
    window.doc.undo.setClean()


def test_save_as_from_the_menu_and_its_shortcut(window, qtbot, answers, tmp_path):
    window.open_path(str(MAPS / "standard"))
    save_as = action(window, "File/Save as...")
    assert save_as.shortcut() == QKeySequence("Ctrl+Shift+S")
    first = tmp_path / "one" / "variant.yaml"
    first.parent.mkdir()
    answers.files.append(str(first))
    save_as.trigger()
    assert load(str(first)).variant == load(str(MAPS / "standard")).variant
    assert window.doc.path == str(first) and "*" not in window.windowTitle()
    # the shortcut, typed on the window
    second = tmp_path / "two" / "variant.yaml"
    second.parent.mkdir()
    answers.files.append(str(second))
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=5000)   # shortcuts go to the active window
    QTest.keyClick(window.view, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    qtbot.waitUntil(second.exists, timeout=5000)
    assert window.doc.path == str(second)
    assert any("QFileDialog" in s for s in answers.seen)


def test_a_file_that_would_not_reopen_is_not_written(window, qtbot, answers, tmp_path):
    target = tmp_path / "variant.yaml"
    shutil.copy(MAPS / "standard" / "variant.yaml", target)
    before = target.read_bytes()
    window.open_path(str(target))
    window.select_province("par")
    window.properties.name_edit.setText("")          # a province with no name: the schema says no
    window.properties.name_edit.editingFinished.emit()
    assert window.doc.variant.province("par").name == ""
    action(window, "File/Save").trigger()
    assert target.read_bytes() == before                   # refused: the old file stands
    assert window.doc.modified and "*" in window.windowTitle()
    shown = [window.validation.list.item(i).text() for i in range(window.validation.list.count())]
    assert any("VK012" in s and "name" in s for s in shown), shown   # a name is required
    assert shown[0].startswith("Not saved: the file written would not open again")
    assert window.statusBar().currentMessage().startswith("Not saved")
    assert not [f for f in os.listdir(tmp_path) if f.startswith(".~")]
    window.doc.undo.undo()
    action(window, "File/Save").trigger()
    assert not window.doc.modified


def test_rename_then_save_keeps_the_designers_drawing(window, qtbot, answers, youngstown_with_drawing,
                                                      tmp_path, reference):
    window.open_path(str(youngstown_with_drawing))
    assert window.doc.art_file and "mos" in window.doc.outlines
    rename_in_properties(window, "mos", "msk")
    assert window.properties.pid == "msk"                 # Properties stays on the renamed province
    qtbot.waitUntil(lambda: [i.pid for i in window.scene.selectedItems() if hasattr(i, "pid")] == ["msk"])
    assert window.properties.pid == "msk"                 # and the map keeps it selected
    out = tmp_path / "saved" / "variant.yaml"
    out.parent.mkdir()
    answers.files.append(str(out))
    action(window, "File/Save as...").trigger()
    saved = out.parent / "youngstown.svg"
    assert sorted(os.listdir(out.parent)) == ["variant.yaml", "youngstown.svg"]   # no map.svg made up
    original = (reference / "jdip" / "youngstown.svg").read_bytes()
    assert saved.read_bytes() != original
    assert saved.read_bytes().replace(b'"_msk"', b'"_mos"').replace(b'"msk"', b'"mos"') == original
    assert load(str(out)).variant.art == "youngstown.svg"
    again = MainWindow(ask=False)
    again.open_path(str(out))
    assert "msk" in again.doc.outlines and "mos" not in again.doc.outlines
    assert again.doc.outlines["msk"] == window.doc.outlines["msk"]
    again.close()


def test_a_missing_drawing_does_not_stop_a_save(window, answers, tmp_path):
    folder = tmp_path / "v"
    folder.mkdir()
    text = (MAPS / "standard" / "variant.yaml").read_text()
    (folder / "variant.yaml").write_text(text.replace("\nid: standard\n", "\nid: standard\nart: gone.svg\n", 1))
    window.open_path(str(folder))
    rename_in_properties(window, "par", "lut")
    action(window, "File/Save").trigger()
    v = load(str(folder)).variant
    assert v.province("lut") and v.art == "gone.svg" and not window.doc.modified
    assert sorted(os.listdir(folder)) == ["variant.yaml"]


@pytest.fixture
def subvariant(tmp_path):
    shutil.copytree(MAPS / "youngstown", tmp_path / "youngstown")
    return tmp_path / "youngstown" / "no-omsk-fleets" / "variant.yaml"


def test_a_subvariant_is_saved_as_its_changes(window, subvariant):
    window.open_path(str(subvariant))
    window.select_province("ber")
    window.properties.name_edit.setText("Berlin-Cölln")
    window.properties.name_edit.editingFinished.emit()
    action(window, "File/Save").trigger()
    assert not window.doc.modified
    text = subvariant.read_text()
    assert "extends: ../variant.yaml" in text and "ber: {name: Berlin-Cölln}" in text
    assert "oms: {terrain: land}" in text                  # the old change is still stated
    assert "provinces:\n  ber:" not in text                # and no full variant was written
    v = load(str(subvariant)).variant
    assert v.province("ber").name == "Berlin-Cölln" and v.province("oms").terrain.value == "land"
    base = load(str(subvariant.parent.parent)).variant
    assert base.province("ber").name == "Berlin"           # the base is untouched


def test_a_killed_subvariant_with_shape_edits_is_recovered_in_place(window, qtbot, answers, subvariant, tmp_path):
    x, y = killed_editor(tmp_path, subvariant)
    assert len(left_behind()) == 1
    before = subvariant.read_text()
    # a headless run asked for the file reports the file, and leaves the autosave alone
    from variantkit_editor.app import main
    shot = tmp_path / "shot.png"
    assert main(["--headless", str(subvariant), "--screenshot", str(shot)]) == 0
    assert len(left_behind()) == 1 and subvariant.read_text() == before
    # the next editor offers it back: "Recover" answered in the dialog
    again = MainWindow(ask=True)
    qtbot.addWidget(again)
    answers.buttons.append("Recover")
    assert again.offer_recovery()
    doc = again.doc
    assert doc.path == str(subvariant) and doc.modified
    assert doc.variant.province("ber").name == "Berlin-Cölln"
    assert any(abs(px - (x + 7)) < 0.05 and abs(py - (y + 3)) < 0.05 for px, py in doc.outlines["ber"][0])
    assert doc.base is not None and doc.variant.extends == "../variant.yaml"
    assert len(left_behind()) == 0                        # this window holds it now
    assert again.save()
    assert "ber: {name: Berlin-Cölln}" in subvariant.read_text()
    assert "extends: ../variant.yaml" in subvariant.read_text()
    assert not os.listdir(tmp_path / "data" / "variantkit" / "recovery")   # saved: the autosave goes
    again.close()


def test_two_documents_autosave_apart(window, qtbot, tmp_path):
    window.open_path(str(MAPS / "standard"))
    rename_in_properties(window, "par", "lut")
    other = MainWindow(ask=False)
    qtbot.addWidget(other)
    other.open_path(str(MAPS / "youngstown"))
    rename_in_properties(other, "mos", "msk")
    window.write_recovery()
    other.write_recovery()
    assert window.recovery.folder != other.recovery.folder
    assert "lut:" in Path(window.recovery.folder, "variant.yaml").read_text()
    assert "msk:" in Path(other.recovery.folder, "variant.yaml").read_text()
    other.doc.undo.setClean()
    other.close()
    window.doc.undo.setClean()


def _whole_map_visible(window):
    visible = window.view.mapToScene(window.view.viewport().rect()).boundingRect()
    return visible.contains(window.scene.itemsBoundingRect().adjusted(2, 2, -2, -2))


def test_feedback_toolbar_status_fit_and_problems(window, qtbot, tmp_path):
    window.open_path(str(MAPS / "standard"))
    assert _whole_map_visible(window)                         # the first view fits
    shown = wait_for_validation(qtbot, window)
    # the standard map is valid; what remains are the map lint's design notes (Trieste - Venice)
    from variantkit.review.lint import CODES
    assert [p for p in shown if p.code not in CODES] == []
    assert window.validation.list.item(0).text() == "Nothing left: the variant is a playable game"
    assert "No problems" in window.validation.list.item(1).text()
    # the toolbar holds every tool, the active one checked and named
    bar = window.findChild(type(window.addToolBar("x")), "Tools")
    link = [a for a in bar.actions() if a.text().replace("&", "") == "Link spaces"][0]
    link.trigger()
    assert link.isChecked() and "Link spaces" in window.tool_label.text()
    # an edit says what it did
    rename_in_properties(window, "par", "lut")
    assert "Rename par to lut" in window.statusBar().currentMessage()
    action(window, "Edit/Undo").trigger()
    assert window.statusBar().currentMessage() == "Undone: Rename par to lut"
    action(window, "Edit/Redo").trigger()
    assert window.statusBar().currentMessage() == "Rename par to lut"
    # Fit to window shows the whole map
    for _ in range(4):
        action(window, "View/Zoom in").trigger()
    assert not _whole_map_visible(window)
    action(window, "View/Fit to window").trigger()
    assert _whole_map_visible(window)
    window.doc.undo.setClean()


def test_problems_summarise_pending_proposals(window, qtbot, reference):
    window.open_path(str(reference / "jdip" / "youngstown.svg"))
    wait_for_validation(qtbot, window)
    pending = len(window.proposals.pending())
    lines = [window.validation.list.item(i).text() for i in range(window.validation.list.count())]
    assert lines[0].startswith("What is left") and lines[1] == f"  ☐ {pending} proposed edge(s) to accept or reject"
    assert pending > 100 and len(lines) < 40              # not one line per unreachable space
    unreachable = [s for s in lines if "VK120" in s]
    assert len(unreachable) == 1 and "until the proposals are accepted" in unreachable[0]
    window.proposals.accept_all.click()
    wait_for_validation(qtbot, window)
    assert not any("proposed edge" in window.validation.list.item(i).text()
                   for i in range(window.validation.list.count()))


def test_a_recovered_rename_still_saves_into_the_designers_drawing(window, qtbot, youngstown_with_drawing,
                                                                    tmp_path, reference):
    killed_editor(tmp_path, youngstown_with_drawing, "rename:mos:msk")
    assert window.offer_recovery(str(youngstown_with_drawing))
    doc = window.doc
    assert doc.path == str(youngstown_with_drawing / "variant.yaml")
    assert doc.art_file == str(youngstown_with_drawing / "youngstown.svg")   # not beside the autosave
    assert "msk" in doc.outlines and doc.variant.province("msk")
    action(window, "File/Save").trigger()
    assert sorted(os.listdir(youngstown_with_drawing)) == ["variant.yaml", "youngstown.svg"]
    drawing = (youngstown_with_drawing / "youngstown.svg").read_bytes()
    original = (reference / "jdip" / "youngstown.svg").read_bytes()
    assert b'id="_msk"' in drawing
    assert drawing.replace(b'"_msk"', b'"_mos"').replace(b'"msk"', b'"mos"') == original


def test_accepted_proposals_stay_accepted_after_a_rename(window, qtbot, tmp_path):
    svg = tmp_path / "art.svg"
    svg.write_text('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 150 100">'
                   '<rect id="aaa" fill="#eedd99" x="0" y="0" width="50" height="100"/>'
                   '<rect id="bbb" fill="#eedd99" x="50" y="0" width="50" height="100"/>'
                   '<rect id="ccc" fill="#eedd99" x="100" y="0" width="50" height="100"/></svg>')
    window.open_path(str(svg))
    assert len(window.proposals.pending()) == 2             # aaa-bbb and bbb-ccc share a border
    assert window.proposals.select("aaa", "bbb")  # picked in the grouped list
    window.proposals.accept_one.click()
    rename_in_properties(window, "bbb", "mid")
    pending = window.proposals.pending()
    assert len(pending) == 1 and "mid" in (pending[0].edge.a, pending[0].edge.b)
    window.proposals.accept_all.click()
    ends = sorted(tuple(sorted((e.a, e.b))) for e in window.doc.variant.edges)
    assert ends == [("aaa", "mid"), ("ccc", "mid")] and window.proposals.pending() == []
    window.doc.undo.undo()
    window.doc.undo.undo()                                  # the rename undone: bbb again everywhere
    assert sorted(tuple(sorted((p.edge.a, p.edge.b))) for p in window.proposals.pending()) == [("bbb", "ccc")]
    window.doc.undo.setClean()


def test_every_shortcut_reaches_its_action(window, qtbot, answers, tmp_path):
    """Each menu shortcut typed on the map fires its action, and only one
    action (an ambiguous shortcut fires nothing in Qt)."""
    shutil.copytree(MAPS / "standard", tmp_path / "standard")
    window.open_path(str(tmp_path / "standard"))
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=5000)
    rename_in_properties(window, "par", "lut")     # something to undo, then to redo
    keyed = [(p, a) for p, a in menu_actions(window) if not a.shortcut().isEmpty() and p != "File/Quit"]
    assert len(keyed) >= 15
    for path, act in keyed:
        assert act.isEnabled(), path
        fired = []
        act.triggered.connect(lambda *_, f=fired: f.append(1))
        window.activateWindow()   # a dialog an earlier shortcut opened took it away
        qtbot.waitUntil(window.isActiveWindow, timeout=5000)
        window.view.setFocus()
        QTest.keySequence(window.view, act.shortcut())
        qtbot.wait(10)
        assert fired, f"{path} ({act.shortcut().toString()}) did not fire"
    window.doc.undo.setClean()


def test_power_colours_are_checked_as_typed_and_picked(window, qtbot, answers, tmp_path):
    shutil.copytree(MAPS / "standard", tmp_path / "standard")
    window.open_path(str(tmp_path / "standard"))
    panel = window.powers
    panel.pick.setCurrentText("france")
    field = panel.fields["colour"]
    field.clear()
    QTest.keyClicks(field, "blurple")
    assert not field.valid and field.styleSheet()            # marked as it is typed
    assert not panel.apply() and "not a colour" in panel.error.text()
    assert window.doc.variant.power("france").colour == "#5ab4e6"
    field.clear()
    QTest.keyClicks(field, "red")
    QTest.keyClick(field, Qt.Key.Key_Return)
    assert field.valid and field.text() == "#ff0000"          # a name written out as the file wants it
    panel.apply_button.click()
    assert window.doc.variant.power("france").colour == "#ff0000"
    answers.colours.append("#12ab34")
    field.picker.trigger()                                    # the picker at the field's end
    assert field.text() == "#12ab34"
    panel.apply_button.click()
    action(window, "File/Save").trigger()
    assert load(str(tmp_path / "standard")).variant.power("france").colour == "#12ab34"


def test_a_refused_edit_says_why_and_changes_nothing(window, qtbot):
    window.open_path(str(MAPS / "standard"))
    before = window.doc.snapshot()
    rename_in_properties(window, "par", "bad id")
    assert "not an id" in window.statusBar().currentMessage()
    assert window.doc.snapshot() == before and window.doc.undo.count() == 0 and not window.doc.modified
    qtbot.waitUntil(lambda: window.properties.pid == "par")     # Properties shows Paris again
    assert window.properties.id_edit.text() == "par"


def test_opening_a_recent_file_offers_its_autosaved_work(window, qtbot, answers, tmp_path):
    shutil.copytree(MAPS / "standard", tmp_path / "standard")
    path = str(tmp_path / "standard" / "variant.yaml")
    killed_editor(tmp_path, tmp_path / "standard", "rename:par:lut")
    window.open_path(path)                                    # the recent list has both
    window.open_path(str(MAPS / "youngstown"))
    answers.buttons.append("Recover")
    action(window, "File/Open recent/" + path).trigger()
    assert window.doc.path == path and window.doc.variant.province("lut") and window.doc.modified
    window.doc.undo.setClean()


def test_save_as_never_writes_over_anothers_drawing(window, answers, tmp_path):
    window.open_path(str(MAPS / "standard"))
    window.use_tool("vertex")
    x, y = window.doc.outlines["par"][0][1]
    drag(window.scene, (x, y), (x + 7, y + 3))               # a shape edited: saved as our own art
    folder = tmp_path / "theirs"
    folder.mkdir()
    (folder / "map.svg").write_text("<svg>someone's drawing</svg>")
    answers.files.append(str(folder / "variant.yaml"))
    action(window, "File/Save as...").trigger()
    assert (folder / "map.svg").read_text() == "<svg>someone's drawing</svg>"
    v = load(str(folder)).variant
    assert v.art == "map-2.svg" and (folder / "map-2.svg").exists()
    # saving again writes the document's own file, not a third one
    drag(window.scene, (x + 7, y + 3), (x + 9, y + 3))
    action(window, "File/Save").trigger()
    assert sorted(os.listdir(folder)) == ["map-2.svg", "map.svg", "variant.yaml"]


def test_a_subvariant_edit_it_cannot_state_is_refused(window, subvariant):
    window.open_path(str(subvariant))
    before = subvariant.read_bytes()
    panel = window.powers
    panel.new_button.click()
    for key, text in (("id", "tibet"), ("name", "Tibet"), ("letter", "B"), ("colour", "#aa5500")):
        panel.fields[key].setText(text)
    panel.apply_button.click()
    assert window.doc.variant.power("tibet")
    action(window, "File/Save").trigger()
    assert subvariant.read_bytes() == before and window.doc.modified
    assert "VK901" in window.statusBar().currentMessage() and "power tibet" in window.statusBar().currentMessage()
    window.doc.undo.setClean()


def test_a_file_that_cannot_be_opened_leaves_the_work_open(window, qtbot, answers, tmp_path):
    shutil.copytree(MAPS / "standard", tmp_path / "standard")
    window.open_path(str(tmp_path / "standard"))
    rename_in_properties(window, "par", "lut")
    window.write_recovery()
    folder = window.recovery.folder
    broken = tmp_path / "broken.yaml"
    broken.write_text("format: 1\nid: [unclosed\n")
    answers.files.append(str(broken))
    action(window, "File/Open...").trigger()
    lines = [window.validation.list.item(i).text() for i in range(window.validation.list.count())]
    assert lines[0] == "Cannot open the file" and any("VK002" in s for s in lines), lines
    assert window.doc.variant.province("lut") and window.doc.modified     # the work is still here
    assert os.path.isdir(folder)                                          # and so is its autosave
    window.doc.undo.setClean()


def test_a_subvariant_saved_away_from_its_base_is_written_whole(window, answers, subvariant, tmp_path):
    window.open_path(str(subvariant))
    window.select_province("ber")
    window.properties.name_edit.setText("Berlin-Cölln")
    window.properties.name_edit.editingFinished.emit()
    elsewhere = tmp_path / "elsewhere" / "deeper" / "variant.yaml"
    elsewhere.parent.mkdir(parents=True)
    answers.files.append(str(elsewhere))
    action(window, "File/Save as...").trigger()
    text = elsewhere.read_text()
    assert "extends:" not in text and "\nprovinces:\n" in text   # its base could not be read from there
    v = load(str(elsewhere)).variant
    assert v.province("ber").name == "Berlin-Cölln" and v.province("oms").terrain.value == "land"
    assert not window.doc.modified and window.doc.base is None
    # saved again there, it stays a full variant
    window.select_province("ber")
    window.properties.name_edit.setText("Berlin")
    window.properties.name_edit.editingFinished.emit()
    action(window, "File/Save").trigger()
    assert load(str(elsewhere)).variant.province("ber").name == "Berlin" and not window.doc.modified


def test_an_undone_rename_puts_the_drawing_back(window, qtbot, youngstown_with_drawing, reference):
    window.open_path(str(youngstown_with_drawing))
    drawing = youngstown_with_drawing / "youngstown.svg"
    original = drawing.read_bytes()
    rename_in_properties(window, "mos", "msk")
    action(window, "File/Save").trigger()
    assert b'id="_msk"' in drawing.read_bytes()
    action(window, "Edit/Undo").trigger()
    action(window, "File/Save").trigger()
    assert drawing.read_bytes() == original                 # byte for byte, as the designer drew it
    again = MainWindow(ask=False)
    again.open_path(str(youngstown_with_drawing))
    assert "mos" in again.doc.outlines and "msk" not in again.doc.outlines
    again.close()


def test_a_letter_typed_in_a_list_does_not_switch_tools(window, qtbot):
    """Tool letters belong to the map: a designer typing in a drop-down list
    (keyboard search) or a table stays in the tool they are using."""
    from PySide6.QtWidgets import QComboBox
    window.open_path(str(MAPS / "tutorial"))
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=5000)
    combos = [c for c in window.findChildren(QComboBox) if c.isVisible() and c.isEnabled() and not c.isEditable()]
    assert combos, "no drop-down list on screen to type in"
    combo = combos[0]
    combo.setFocus()
    qtbot.waitUntil(combo.hasFocus, timeout=5000)
    QTest.keyClick(combo, Qt.Key.Key_D)
    qtbot.wait(10)
    assert window.tool_actions["select"].isChecked() and not window.tool_actions["draw"].isChecked()
    # the same letter on the map picks the tool
    window.view.setFocus()
    qtbot.waitUntil(window.view.hasFocus, timeout=5000)
    QTest.keyClick(window.view, Qt.Key.Key_D)
    qtbot.waitUntil(window.tool_actions["draw"].isChecked, timeout=5000)
    window.doc.undo.setClean()


def test_a_headless_run_names_the_file_of_each_problem(qtbot, tmp_path, capsys, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    from variantkit_editor.app import main
    from tests.conftest import MAPS
    assert main(["--headless", str(MAPS / "youngstown"), "--screenshot", str(tmp_path / "y.png")]) == 0
    lines = [ln for ln in capsys.readouterr().out.splitlines() if " warning " in ln or " error " in ln]
    assert lines and all(ln.startswith(str(MAPS / "youngstown" / "variant.yaml") + ": ") for ln in lines)
