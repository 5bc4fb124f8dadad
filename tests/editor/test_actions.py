"""The main window's entry table (mainwindow.ENTRIES, built by actions.py): each shortcut written
once and bound to one action, every entry reachable from the menus (the
tools from the tool bar too), and entries driven as Qt triggers them, by the
menu and by the keys."""
import re

import pytest

pytest.importorskip("PySide6")

import shiboken6  # noqa: E402
from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtGui import QAction, QKeySequence  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402
from PySide6.QtWidgets import QToolBar  # noqa: E402

from variantkit_editor.actions import Entry  # noqa: E402
from variantkit_editor.designer import PositionTool  # noqa: E402
from variantkit_editor.mainwindow import ENTRIES as TABLE  # noqa: E402
from tests.conftest import MAPS, ROOT  # noqa: E402
from tests.editor.test_files_and_menus import menu_actions  # noqa: E402

ENTRIES = [e for e in TABLE if isinstance(e, Entry)]
TOOLS = [e.name for e in ENTRIES if e.tool]


def _same(a, b) -> bool:
    return shiboken6.getCppPointer(a)[0] == shiboken6.getCppPointer(b)[0]


def _active(window, qtbot):
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=5000)  # shortcuts go to the active window
    window.view.setFocus()
    qtbot.waitUntil(window.view.hasFocus, timeout=5000)


def test_no_two_actions_share_a_shortcut(window):
    seen = {}
    for act in window.findChildren(QAction):
        for seq in act.shortcuts():
            key = seq.toString(QKeySequence.SequenceFormat.PortableText)
            assert key not in seen, f"{key} is both {seen[key]!r} and {act.text()!r}"
            seen[key] = act.text()
    # and every shortcut of the table is on its action, every binding of a standard one
    for entry in ENTRIES:
        assert window.entries[entry.name].shortcuts() == entry.keys(), entry.name
    assert {"Ctrl+Shift+S", "Ctrl+M", "Ctrl+0", "Ctrl+B", "E", "S", "D", "C"} <= set(seen)
    assert len(seen) >= sum(len(e.keys()) for e in ENTRIES) >= 20


def test_shortcuts_are_written_only_in_the_table():
    """No module of the editor binds a key to an action but actions.py, from the table."""
    for path in sorted((ROOT / "editor").glob("*.py")):
        if path.name == "actions.py":
            continue
        text = path.read_text()
        assert not re.search(r"setShortcuts?\(|QShortcut\b", text), f"{path.name} binds a shortcut"
    # strings like "Ctrl+M" appear once in the editor: in the table
    for key in [e.shortcut for e in ENTRIES if isinstance(e.shortcut, str) and len(e.shortcut) > 1]:
        found = [p.name for p in (ROOT / "editor").glob("*.py") for _ in re.finditer(re.escape(f'"{key}"'),
                                                                                     p.read_text())]
        assert found == ["mainwindow.py"], (key, found)
    assert len({e.name for e in ENTRIES}) == len(ENTRIES)  # names are unique


def test_every_entry_is_in_its_menu_and_every_tool_on_the_tool_bar(window):
    reachable = menu_actions(window)
    for entry in ENTRIES:
        act = window.entries[entry.name]
        paths = [p for p, a in reachable if _same(a, act)]
        assert len(paths) == 1, (entry.name, paths)
        assert paths[0].startswith(entry.menu.replace("&", "") + "/"), (entry.name, paths[0])
    # nothing in the menus that the table does not declare, but the recent files
    declared = [window.entries[e.name] for e in ENTRIES]
    extra = [p for p, a in reachable if not any(_same(a, d) for d in declared)]
    assert all(p.startswith("File/Open recent/") for p in extra), extra
    (bar,) = window.findChildren(QToolBar)
    on_bar = [a for a in bar.actions() if a.data()]
    assert [a.data() for a in on_bar] == TOOLS == list(window.tools)
    assert all(_same(a, window.tool_actions[a.data()]) for a in on_bar)


def test_entries_driven_by_trigger(window, qtbot):
    window.open_path(str(MAPS / "standard"))
    doc = window.doc
    adjacency = window.entries["adjacency"]
    assert adjacency.isChecked() and window.legend.isVisible() and window.scene.edge_items
    adjacency.trigger()  # checked says what the step did: the overlay is off
    assert not adjacency.isChecked() and not window.scene.show_edges and not window.scene.edge_items
    assert not window.legend.isVisible()
    adjacency.trigger()
    assert adjacency.isChecked() and window.scene.edge_items

    window.entries["positions"].trigger()
    assert isinstance(window.scene.tool, PositionTool) and window.tool_actions["positions"].isChecked()
    assert window.tool_label.text() == "Tool: Move unit and label positions"
    window.entries["select"].trigger()
    assert window.scene.tool is None

    window.scene.clearSelection()
    window.scene.items_by_id["bur"].setSelected(True)
    window.scene.items_by_id["par"].setSelected(True)
    window.entries["merge"].trigger()
    assert doc.variant.province("par") is None and "par" in doc.variant.province("bur").aliases
    window.entries["undo"].trigger()
    assert doc.variant.province("par") is not None
    window.entries["redo"].trigger()
    assert doc.variant.province("par") is None

    window.entries["balance"].trigger()
    assert window.docks["Balance"].isVisible()
    assert not window.entries["show_changes"].isEnabled()  # a variant of its own: no base to compare
    doc.undo.setClean()


def test_entries_driven_by_their_keys(window, qtbot):
    window.open_path(str(MAPS / "standard"))
    doc = window.doc
    _active(window, qtbot)
    QTest.keyClick(window.view, Qt.Key.Key_E)  # the overlay: a letter typed on the map
    qtbot.waitUntil(lambda: not window.scene.show_edges, timeout=5000)
    assert not window.entries["adjacency"].isChecked()
    QTest.keyClick(window.view, Qt.Key.Key_O)
    qtbot.waitUntil(lambda: isinstance(window.scene.tool, PositionTool), timeout=5000)
    QTest.keyClick(window.view, Qt.Key.Key_S)
    qtbot.waitUntil(lambda: window.scene.tool is None, timeout=5000)

    window.scene.clearSelection()
    window.scene.items_by_id["bur"].setSelected(True)
    window.scene.items_by_id["par"].setSelected(True)
    _active(window, qtbot)
    QTest.keyClick(window.view, Qt.Key.Key_M, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: doc.variant.province("par") is None, timeout=5000)
    QTest.keyClick(window.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: doc.variant.province("par") is not None, timeout=5000)
    doc.undo.setClean()


def test_a_subvariant_enables_and_checks_its_entry(window):
    toggle = window.entries["show_changes"]
    assert not toggle.isEnabled()
    window.open_path(str(MAPS / "youngstown" / "no-omsk-fleets"))
    assert toggle.isEnabled() and toggle.isChecked()
    toggle.trigger()
    assert toggle.isEnabled() and not toggle.isChecked() and not window.review.overlay.shown
    window.open_path(str(MAPS / "standard"))
    assert not toggle.isEnabled() and not toggle.isChecked()



def test_the_user_guide_names_the_keys_the_table_binds(qapp):  # (the standard keys need an application)
    """docs/editor.md tells users the keys: each one it names is bound, and a
    key written after a menu path (Tools > Balance report... (`Ctrl+B`)) is
    that entry's."""
    guide = (ROOT / "docs" / "editor.md").read_text()
    bound = {}
    for e in ENTRIES:
        for seq in e.keys():
            bound[seq.toString(QKeySequence.SequenceFormat.PortableText)] = e
    named = re.findall(r"`((?:Ctrl\+)+[^`\s]+|Del)`", guide)
    assert len(named) >= 5 and all(k in bound for k in named), [k for k in named if k not in bound]
    key = r"[A-Z]|Del|(?:(?:Ctrl|Shift|Alt)\+)+[^`\s]+"
    placed = re.findall(rf"\b(File|Edit|View|Tools) > ([^(`;]+?),? \(?`({key})`", guide.replace("\n", " "))
    assert len(placed) >= 5, placed
    for menu, text, key in placed:
        entry = bound.get(key)
        assert entry is not None, (menu, text, key)
        assert entry.menu.replace("&", "") == menu and entry.text.replace("&", "").startswith(text.strip()), \
            (menu, text, key, entry.text)
