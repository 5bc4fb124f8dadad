"""The designer's path driven through the widgets: edges picked on the map
and in their list, the link tool's modes, proposals grouped and
highlighted, the province table, positions dragged, powers' colours, homes
and units by clicking, every rule option."""
import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import QPoint, Qt  # noqa: E402
from PySide6.QtGui import QAction  # noqa: E402
from PySide6.QtWidgets import QApplication, QDialogButtonBox, QLineEdit  # noqa: E402

from variantkit.graph import Graph  # noqa: E402
from variantkit.model import Crossing, UnitType  # noqa: E402
from variantkit.validate import check  # noqa: E402
from variantkit_editor.panels import proposal_group  # noqa: E402
from tests.conftest import MAPS  # noqa: E402
from tests.editor.qt_helpers import click, drag, mouse  # noqa: E402


def _action(window, text):
    """A menu entry by its text (looked up among the window's actions: asking a
    menu bar action for its menu would hand Python a menu it then deletes)."""
    for act in window.findChildren(QAction):
        if act.text().replace("&", "") == text:
            return act
    raise AssertionError(f"no menu entry {text!r}")


def _standard(window):
    window.open_path(str(MAPS / "standard"))
    return window.doc


def _midpoint(window, key):
    path = window.scene.edge_items[key].path()
    a, b = path.elementAt(0), path.elementAt(1)
    return (a.x + b.x) / 2, (a.y + b.y) / 2


def _type(qtbot, edit, text):
    edit.selectAll()
    qtbot.keyClicks(edit, text)
    qtbot.keyClick(edit, Qt.Key.Key_Return)


def _pick(qtbot, combo, text):
    """Choose in a combo box with the mouse: open it, click the entry.  (Typing
    its letters would also reach the window's one-letter tool shortcuts.)"""
    from PySide6.QtWidgets import QDockWidget
    dock = combo.parent()
    while dock is not None and not isinstance(dock, QDockWidget):
        dock = dock.parent()
    if dock is not None:
        dock.raise_()  # its tab clicked
    qtbot.waitUntil(combo.isVisible)
    qtbot.mouseClick(combo, Qt.MouseButton.LeftButton)
    view = combo.view()
    qtbot.waitUntil(view.isVisible)
    row = view.model().index(combo.findText(text), 0)
    view.scrollTo(row)
    qtbot.wait(QApplication.doubleClickInterval() + 50)  # a popup ignores a release right after it opens
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=view.visualRect(row).center())
    qtbot.waitUntil(lambda: not view.isVisible())
    assert combo.currentText() == text


def _tick(qtbot, box):
    """Click a check box on its indicator (a wide box's middle may be empty space)."""
    qtbot.mouseClick(box, Qt.MouseButton.LeftButton, pos=QPoint(7, box.height() // 2))


def check_errors(v):
    return [p for p in check(v) if p.severity == "error"]


def _table_cell(window, pid, column):
    table = window.table
    row = table.row_of(pid)
    from variantkit_editor.table import COLUMNS
    return table.proxy.index(row, COLUMNS.index(column))


def _click_row(qtbot, window, pid, modifier=Qt.KeyboardModifier.NoModifier):
    window.docks["Provinces"].raise_()  # its tab clicked
    view = window.table.view
    index = _table_cell(window, pid, "id")
    view.scrollTo(index)
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, modifier, view.visualRect(index).center())


def _edit_cell(qtbot, window, pid, column, text):
    """Make the cell current (a click keeps the rows picked with Ctrl), press F2, type, Enter."""
    view = window.table.view
    index = _table_cell(window, pid, column)
    view.scrollTo(index)
    view.selectionModel().setCurrentIndex(index, view.selectionModel().SelectionFlag.NoUpdate)
    view.setFocus()
    qtbot.keyClick(view, Qt.Key.Key_F2)
    editors = [w for w in view.viewport().findChildren(QLineEdit) if w.isVisible()]
    assert len(editors) == 1
    editor = editors[0]
    editor.selectAll()
    qtbot.keyClicks(editor, text)
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: view.state() != view.State.EditingState)  # Qt commits on its next turn


# -- edges -------------------------------------------------------------------

def test_a_click_where_edges_meet_picks_the_province(window, qtbot):
    """Edges are drawn to a province's centre: the mouse there picks the
    province, a click on an edge's middle picks the edge."""
    from PySide6.QtTest import QTest
    from variantkit_editor.scene import EdgeItem, ProvinceItem
    _standard(window)
    window.fit()
    qtbot.wait(10)

    def press_at(scene_point):
        at = window.view.mapFromScene(scene_point)
        QTest.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, at)
        return window.scene.selectedItems()

    picked = press_at(window.scene.centre_of("par"))
    assert [getattr(i, "pid", None) for i in picked] == ["par"] and isinstance(picked[0], ProvinceItem)
    from PySide6.QtCore import QPointF
    picked = press_at(QPointF(*_midpoint(window, ("bur", "par"))))
    assert [getattr(i, "key", None) for i in picked] == [("bur", "par")] and isinstance(picked[0], EdgeItem)
    window.doc.undo.setClean()


def test_an_edge_picked_on_the_map_is_deleted_with_the_delete_entry(window):
    doc = _standard(window)
    key = ("bur", "par")
    click(window.scene, *_midpoint(window, key))
    assert window.edges.selected_keys() == [key]  # the list follows the map
    before = len(doc.variant.edges)
    _action(window, "Delete province or edge").trigger()
    assert len(doc.variant.edges) == before - 1
    assert "bur" not in Graph(doc.variant).moves(UnitType.ARMY, "par")
    assert all(e.key != key for e in doc.variant.edges)
    assert doc.variant.province("par") is not None  # the province stays
    doc.undo.undo()
    assert any(e.key == key for e in doc.variant.edges)


def test_edges_list_sets_units_strait_and_one_way_each_one_step(window, qtbot):
    doc = _standard(window)
    panel = window.edges
    _type(qtbot, panel.filter, "bre")
    assert {e.key for e in panel.shown} == {e.key for e in doc.variant.edges if "bre" in (e.a, e.b)}
    row = [i for i, e in enumerate(panel.shown) if e.key == ("bre", "pic")][0]
    qtbot.mouseClick(panel.table.viewport(), Qt.MouseButton.LeftButton,
                     pos=panel.table.visualRect(panel.table.model().index(row, 0)).center())
    assert panel.selected_keys() == [("bre", "pic")]
    assert window.scene.edge_items[("bre", "pic")].isSelected()  # the map follows the list
    steps = doc.undo.count()
    qtbot.mouseClick(panel.buttons["army"], Qt.MouseButton.LeftButton)
    edge = [e for e in doc.variant.edges if e.key == ("bre", "pic")][0]
    assert edge.units is Crossing.ARMY and doc.undo.count() == steps + 1
    qtbot.mouseClick(panel.buttons["strait"], Qt.MouseButton.LeftButton)
    qtbot.mouseClick(panel.buttons["oneway"], Qt.MouseButton.LeftButton)
    edge = [e for e in doc.variant.edges if e.key == ("bre", "pic")][0]
    assert (edge.strait, edge.oneway) == (True, True) and doc.undo.count() == steps + 3
    # the graph the adjudicator uses: a one-way edge leads from bre to pic only
    g = Graph(doc.variant)
    assert "pic" in g.moves(UnitType.ARMY, "bre") and "bre" not in g.moves(UnitType.ARMY, "pic")
    for _ in range(3):
        doc.undo.undo()
    edge = [e for e in doc.variant.edges if e.key == ("bre", "pic")][0]
    assert (edge.units, edge.strait, edge.oneway) == (Crossing.BOTH, False, False)


def test_several_edges_deleted_from_the_list_in_one_step(window, qtbot):
    doc = _standard(window)
    panel = window.edges
    _type(qtbot, panel.filter, "mos")
    mine = {e.key for e in doc.variant.edges if "mos" in (e.a, e.b)}
    assert len(panel.shown) == len(mine) >= 5
    panel.table.setFocus()
    panel.table.selectAll()
    qtbot.mouseClick(panel.buttons["delete"], Qt.MouseButton.LeftButton)
    assert not mine & {e.key for e in doc.variant.edges}
    assert any("VK120" == p.code for p in check(doc.variant))  # Moscow is cut off: the check says so
    doc.undo.undo()
    assert mine <= {e.key for e in doc.variant.edges}


def test_link_tool_modes_set_in_the_panel(window, qtbot):
    doc = _standard(window)
    panel = window.edges
    _pick(qtbot, panel.link_units, "army")
    _tick(qtbot, panel.link_strait)
    _tick(qtbot, panel.link_oneway)
    _action(window, "Link spaces").trigger()
    a, b = window.scene.centre_of("lon"), window.scene.centre_of("bel")
    mouse(window.scene, "press", a.x(), a.y())
    mouse(window.scene, "release", b.x(), b.y())
    made = [e for e in doc.variant.edges if {e.a, e.b} == {"lon", "bel"}]
    assert len(made) == 1
    e = made[0]
    assert (e.a, e.b, e.units, e.strait, e.oneway) == ("lon", "bel", Crossing.ARMY, True, True)
    assert "bel" in Graph(doc.variant).moves(UnitType.ARMY, "lon")
    assert "lon" not in Graph(doc.variant).moves(UnitType.ARMY, "bel")


def test_new_links_units_picked_from_the_keyboard_take_up_the_link_tool(window, qtbot):
    from PySide6.QtTest import QTest
    doc = _standard(window)
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=5000)  # shortcuts go to the active window
    window.view.setFocus()
    QTest.keyClick(window.view, Qt.Key.Key_F)
    assert window.tool_label.text() == "Tool: Link spaces" and window.edges.link_units.currentText() == "fleet"
    assert window.entries["links_fleet"].isChecked() and not window.entries["links_both"].isChecked()
    a, b = window.scene.centre_of("lon"), window.scene.centre_of("bel")
    drag(window.scene, (a.x(), a.y()), (b.x(), b.y()))
    assert [e.units for e in doc.variant.edges if {e.a, e.b} == {"lon", "bel"}] == [Crossing.FLEET]
    QTest.keyClick(window.view, Qt.Key.Key_A)
    assert window.edges.link_units.currentText() == "army" and window.entries["links_army"].isChecked()
    a, b = window.scene.centre_of("pic"), window.scene.centre_of("ruh")
    drag(window.scene, (a.x(), a.y()), (b.x(), b.y()))
    assert [e.units for e in doc.variant.edges if {e.a, e.b} == {"pic", "ruh"}] == [Crossing.ARMY]
    _pick(qtbot, window.edges.link_units, "both")  # the panel's mode and the menu's marks agree
    assert window.entries["links_both"].isChecked() and not window.entries["links_army"].isChecked()


def test_a_link_drawn_again_widens_the_edge_and_a_link_clicked_on_the_map_is_deleted(window, qtbot):
    """The path the designer's bench takes for a link too narrow and one too many."""
    from PySide6.QtTest import QTest
    doc = _standard(window)
    assert [e.units for e in doc.variant.edges if {e.a, e.b} == {"pie", "ven"}] == [Crossing.ARMY]
    _pick(qtbot, window.edges.link_units, "both")
    _action(window, "Link spaces").trigger()
    steps = doc.undo.count()
    a, b = window.scene.centre_of("pie"), window.scene.centre_of("ven")
    drag(window.scene, (a.x(), a.y()), (b.x(), b.y()))
    assert [e.units for e in doc.variant.edges if {e.a, e.b} == {"pie", "ven"}] == [Crossing.BOTH]
    assert doc.undo.count() == steps + 1
    _action(window, "Select").trigger()
    key = next(e.key for e in doc.variant.edges if {e.a, e.b} == {"pie", "ven"})
    middle = window.view.mapFromScene(*_midpoint(window, key))
    QTest.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier, middle)
    assert [i.key for i in window.scene.selectedItems() if hasattr(i, "key")] == [key]
    window.activateWindow()
    qtbot.waitUntil(window.isActiveWindow, timeout=5000)  # shortcuts go to the active window
    QTest.keyClick(window.view, Qt.Key.Key_Delete)
    assert not [e for e in doc.variant.edges if {e.a, e.b} == {"pie", "ven"}]
    assert doc.undo.count() == steps + 2


def test_overlay_legend_tells_the_kinds_apart(window):
    from variantkit_editor.scene import EDGE_STYLES
    _standard(window)
    assert window.legend.isVisible()
    text = window.legend.text()
    for words in ("armies only", "fleets only", "armies and fleets", "strait", "one-way"):
        assert words in text
    # each kind its own colour and its own line: told apart without colour too
    styles = {(c, s) for c, s, _ in EDGE_STYLES.values()}
    assert len({c for c, _ in styles}) == 4 and len({s for _, s in styles}) >= 3
    pens = {e.units.value: window.scene.edge_items[e.key].pen() for e in window.doc.variant.edges}
    assert pens["army"].color() != pens["fleet"].color() != pens["both"].color()
    assert pens["army"].style() != pens["fleet"].style()
    _action(window, "Show/hide adjacency").trigger()
    assert not window.legend.isVisible() and not window.scene.edge_items


# -- proposals ---------------------------------------------------------------

def test_proposals_grouped_by_kind_and_picking_one_highlights_it(window, qtbot, reference):
    window.open_path(str(reference / "jdip" / "youngstown.svg"))
    panel = window.proposals
    tree = panel.tree
    groups = {tree.topLevelItem(i).text(0).rsplit(" (", 1)[0]: tree.topLevelItem(i).childCount()
              for i in range(tree.topLevelItemCount())}
    pending = panel.pending()
    kinds = {}
    for p in pending:
        kinds[p.edge.units.value] = kinds.get(p.edge.units.value, 0) + 1
    assert sum(groups.values()) == len(pending)
    for units, words in (("army", "army only"), ("fleet", "fleet only"), ("both", "armies and fleets")):
        assert sum(n for g, n in groups.items() if g.startswith(words)) == kinds.get(units, 0)
    assert panel.select("adr", "alb")
    assert window.scene.highlight in (("adr", "alb"), ("alb", "adr"))
    # the accepted group goes in one step; the rest stays pending
    army = [i for i in range(tree.topLevelItemCount()) if tree.topLevelItem(i).text(0).startswith("army only")]
    tree.setCurrentItem(tree.topLevelItem(army[0]))
    n = tree.topLevelItem(army[0]).childCount()
    qtbot.mouseClick(panel.accept_one, Qt.MouseButton.LeftButton)
    assert len(window.doc.variant.edges) == n and len(panel.pending()) == len(pending) - n
    assert all(e.units is Crossing.ARMY for e in window.doc.variant.edges)


def test_doubtful_proposals_are_flagged_and_listed_first(window, reference):
    window.open_path(str(reference / "jdip" / "youngstown.svg"))
    panel = window.proposals
    doubtful = [p for p in panel.pending() if p.doubtful]
    assert doubtful  # the inference is unsure of a few links in jDip's drawing (Apulia - Venice ...)
    first = panel.tree.topLevelItem(0)
    flagged = [first.child(i) for i in range(first.childCount())]
    assert "doubtful" in first.text(0)
    assert all(item.text(0).startswith("⚠ ") for item in flagged)
    assert {item.text(0)[2:] for item in flagged} >= {f"{p.edge.a} - {p.edge.b}" for p in doubtful
                                                      if proposal_group(p) == first.text(0).rsplit(" (", 1)[0]}
    assert f"{len(doubtful)} doubtful" in panel.summary.text()
    # the reason is said beside it: where the coasts meet, how sure
    assert all("unsure (" in item.text(1) for item in flagged)
    total = sum(panel.tree.topLevelItem(i).childCount() for i in range(panel.tree.topLevelItemCount())
                if "doubtful" in panel.tree.topLevelItem(i).text(0))
    assert total == len(doubtful)


# -- coasts ------------------------------------------------------------------

def test_each_named_coast_is_drawn_near_the_waters_it_reaches(window):
    doc = _standard(window)
    scene = window.scene
    spa = doc.variant.province("spa")
    nc, sc = scene.centre_of("spa/nc"), scene.centre_of("spa/sc")
    wes, lyo, gas = scene.centre_of("wes"), scene.centre_of("lyo"), scene.centre_of("gas")
    assert spa.coasts and doc.variant.province("lyo") and doc.variant.province("gas")
    d = lambda p, q: (p.x() - q.x()) ** 2 + (p.y() - q.y()) ** 2  # noqa: E731
    # the south coast lies towards the Western Med and Lyon, the north towards Gascony
    assert d(sc, wes) + d(sc, lyo) < d(nc, wes) + d(nc, lyo)
    assert d(nc, gas) < d(sc, gas)
    window.select_province("bul")
    assert window.properties.coasts.text().startswith("ec: ")  # the selection's coasts, not an example


# -- the province table --------------------------------------------------------

def test_table_sorts_filters_and_edits_in_place(window, qtbot):
    doc = _standard(window)
    table = window.table
    assert table.proxy.rowCount() == len(doc.variant.provinces)
    header = table.view.horizontalHeader()
    qtbot.mouseClick(header.viewport(), Qt.MouseButton.LeftButton,
                     pos=QPoint(header.sectionViewportPosition(3) + 5, 5))  # sort by terrain
    terrains = [table.proxy.index(r, 3).data() for r in range(table.proxy.rowCount())]
    assert terrains == sorted(terrains) and terrains[0] != terrains[-1]
    _type(qtbot, table.filter, "water")
    assert table.proxy.rowCount() == sum(p.terrain.value == "water" for p in doc.variant.provinces)
    table.filter.clear()
    _click_row(qtbot, window, "mar")
    assert window.properties.pid == "mar"  # the map (and the properties) follow the table
    assert [i.pid for i in window.scene.selectedItems() if hasattr(i, "pid")] == ["mar"]
    _click_row(qtbot, window, "gas")  # another row: the map leaves Marseilles
    assert [i.pid for i in window.scene.selectedItems() if hasattr(i, "pid")] == ["gas"]
    _edit_cell(qtbot, window, "mar", "name", "Massilia")
    assert doc.variant.province("mar").name == "Massilia"
    _edit_cell(qtbot, window, "mar", "terrain", "lava")
    assert doc.variant.province("mar").terrain.value == "coast" and "terrain is one of" in table.message.text()


def test_table_multi_row_edit_is_one_undo_step(window, qtbot):
    doc = _standard(window)
    _click_row(qtbot, window, "boh")
    for pid in ("gal", "tyr"):
        _click_row(qtbot, window, pid, Qt.KeyboardModifier.ControlModifier)
    assert set(window.table.selected_ids()) == {"boh", "gal", "tyr"}
    assert {i.pid for i in window.scene.selectedItems() if hasattr(i, "pid")} == {"boh", "gal", "tyr"}
    steps = doc.undo.count()
    _edit_cell(qtbot, window, "tyr", "passable in", "spring")
    assert all(doc.variant.province(p).passable_in == ("spring",) for p in ("boh", "gal", "tyr"))
    assert doc.undo.count() == steps + 1
    _edit_cell(qtbot, window, "tyr", "home of", "austria")
    austria = doc.variant.power("austria")
    assert {"boh", "gal", "tyr"} <= set(austria.homes) and doc.undo.count() == steps + 2
    doc.undo.undo()
    doc.undo.undo()
    assert all(doc.variant.province(p).passable_in == () for p in ("boh", "gal", "tyr"))
    assert set(doc.variant.power("austria").homes) == {"bud", "tri", "vie"}


def _cell_click(qtbot, window, pid, column, modifier=Qt.KeyboardModifier.NoModifier):
    window.docks["Provinces"].raise_()
    view = window.table.view
    index = _table_cell(window, pid, column)
    view.scrollTo(index)
    qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, modifier, view.visualRect(index).center())


def test_codes_renamed_many_at_once_in_the_rename_codes_field(window, qtbot):
    doc = _standard(window)
    window.docks["Provinces"].raise_()
    field = window.table.renames
    qtbot.mouseClick(field, Qt.MouseButton.LeftButton)
    steps = doc.undo.count()
    qtbot.keyClicks(field, "par -> lut, SPA esp; bre bur, bur bre")
    qtbot.keyClick(field, Qt.Key.Key_Return)
    v = doc.variant
    assert v.province("lut").name == "Paris" and v.province("esp").name == "Spain"
    assert v.province("bur").name == "Brest" and v.province("bre").name == "Burgundy"  # swapped
    assert v.power("france").homes == ("bur", "mar", "lut") and not check_errors(v)
    assert "lut" in window.scene.items_by_id and "par" not in window.scene.items_by_id
    assert doc.undo.count() == steps + 1 and field.text() == ""
    assert window.table.message.text().startswith("renamed 4 codes: par -> lut, spa -> esp")
    doc.undo.undo()  # one step takes all four back
    assert doc.variant.province("par").name == "Paris" and doc.variant.province("bre").name == "Brest"


def test_the_rename_codes_field_says_where_a_rename_is_wrong_and_makes_none(window, qtbot):
    doc = _standard(window)
    window.docks["Provinces"].raise_()
    field = window.table.renames
    qtbot.mouseClick(field, Qt.MouseButton.LeftButton)
    qtbot.keyClicks(field, "par lut, xyz -> abc")
    qtbot.keyClick(field, Qt.Key.Key_Return)
    assert doc.variant.province("par") is not None and doc.undo.count() == 0
    assert window.table.message.text().startswith("column 10: there is no province 'xyz'")
    assert field.cursorPosition() == 9 and field.text() == "par lut, xyz -> abc"  # kept, to be corrected
    # a list pasted, one rename a line: the line and column of each problem
    field.clear()
    QApplication.clipboard().setText("par lut\nmar\nbre bur")
    qtbot.keyClick(field, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClick(field, Qt.Key.Key_Return)
    said = window.table.message.text().splitlines()
    assert said[0].startswith("line 2, column 1: 'mar' is not a rename")
    assert said[1].startswith("line 3, column 1: bur would be the code of two provinces, bre and bur")
    assert doc.undo.count() == 0 and field.cursorPosition() == len("par lut\n")


def test_a_terrain_is_set_by_its_first_letter_in_the_table(window, qtbot):
    doc = _standard(window)
    _cell_click(qtbot, window, "boh", "terrain")
    _cell_click(qtbot, window, "gal", "terrain", Qt.KeyboardModifier.ControlModifier)
    steps = doc.undo.count()
    qtbot.keyClick(window.table.view, Qt.Key.Key_W)
    assert [doc.variant.province(p).terrain.value for p in ("boh", "gal")] == ["water", "water"]
    assert doc.undo.count() == steps + 1  # both, one step, and no cell editor left open
    assert window.table.view.state() != window.table.view.State.EditingState
    qtbot.keyClick(window.table.view, Qt.Key.Key_L)  # the map's L (Link spaces) is not the table's
    assert doc.variant.province("gal").terrain.value == "land" and window.tool_label.text() == "Tool: Select"
    qtbot.wait(QApplication.keyboardInputInterval() + 50)  # (a word typed on is one terrain: below)
    qtbot.keyClick(window.table.view, Qt.Key.Key_Q)  # no terrain begins with q: nothing set, said
    assert doc.variant.province("gal").terrain.value == "land" and doc.undo.count() == steps + 2
    assert "no terrain begins with 'q'" in window.table.message.text()
    assert window.table.view.state() != window.table.view.State.EditingState
    qtbot.keyClicks(window.table.view, "coast")  # the whole word: coast, one step, no editor for 'oast'
    assert [doc.variant.province(p).terrain.value for p in ("boh", "gal")] == ["coast", "coast"]
    assert doc.undo.count() == steps + 3 and window.table.view.state() != window.table.view.State.EditingState
    _edit_cell(qtbot, window, "mar", "terrain", "wat")  # a word begun is read as the terrain too
    assert doc.variant.province("mar").terrain.value == "water"


# -- positions, powers, rules ---------------------------------------------------

def test_unit_and_label_positions_dragged_on_the_map(window):
    doc = _standard(window)
    _action(window, "Move unit and label positions").trigger()
    start = window.scene.centre_of("par")
    drag(window.scene, (start.x(), start.y()), (start.x() + 30, start.y() + 12))
    assert doc.variant.province("par").unit_pos == (round(start.x() + 30, 1), round(start.y() + 12, 1))
    assert doc.undo.undoText().startswith("Move the unit of par")
    doc.undo.undo()
    assert window.scene.centre_of("par") == start
    coast = window.scene.centre_of("spa/nc")
    drag(window.scene, (coast.x(), coast.y()), (coast.x() - 20, coast.y() - 5))
    assert doc.variant.province("spa").coast("nc").unit_pos == (round(coast.x() - 20, 1), round(coast.y() - 5, 1))


def test_power_colour_from_the_picker_dialog(window, qtbot):
    doc = _standard(window)
    panel = window.powers
    _pick(qtbot, panel.pick, "france")
    qtbot.mouseClick(panel.swatch, Qt.MouseButton.LeftButton)
    dialog = panel.colour_dialog
    assert dialog.isVisible()
    html = [e for e in dialog.findChildren(QLineEdit) if e.text().startswith("#")][0]
    html.selectAll()
    qtbot.keyClicks(html, "#12ab34")
    qtbot.keyClick(html, Qt.Key.Key_Tab)  # leaving the field sets the colour
    ok = dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok)
    qtbot.mouseClick(ok, Qt.MouseButton.LeftButton)
    assert doc.variant.power("france").colour == "#12ab34"
    assert not [p for p in check(doc.variant) if p.severity == "error"]


def test_homes_and_units_by_clicking_on_the_map(window, qtbot):
    doc = _standard(window)
    panel = window.powers
    _pick(qtbot, panel.pick, "france")
    _action(window, "Homes and units by clicking").trigger()
    at = window.scene.centre_of("bel")
    click(window.scene, at.x(), at.y())
    assert "bel" in doc.variant.power("france").homes
    _pick(qtbot, panel.click_mode, "army")
    click(window.scene, at.x(), at.y())
    assert "A bel" in [str(u) for u in doc.variant.power("france").units]
    _pick(qtbot, panel.click_mode, "fleet")
    south = window.scene.centre_of("spa/sc")
    click(window.scene, south.x(), south.y())
    assert "F spa/sc" in [str(u) for u in doc.variant.power("france").units]
    # a home on a non-centre makes it a centre in the same step
    _pick(qtbot, panel.click_mode, "home centre")
    at = window.scene.centre_of("pic")
    click(window.scene, at.x(), at.y())
    assert doc.variant.province("pic").center and "pic" in doc.variant.power("france").homes
    doc.undo.undo()
    assert not doc.variant.province("pic").center
    click(window.scene, *(lambda p: (p.x(), p.y()))(window.scene.centre_of("bel")))
    assert "bel" not in doc.variant.power("france").homes  # a click again takes it away


def test_every_rule_option_in_the_rules_panel(window, qtbot, tmp_path):
    from variantkit.io import load
    from variantkit.io.variant_file import atomic_write, dumps
    doc = _standard(window)
    rules = window.rules
    _tick(qtbot, rules.hibernate)
    _tick(qtbot, rules.convoy_fallback)
    rules.civil_disorder.setFocus()
    qtbot.keyClick(rules.civil_disorder, Qt.Key.Key_Down)  # the next choice: classic
    _type(qtbot, rules.seasons, "spring, summer, fall")
    _type(qtbot, rules.switches, "no_omsk_fleets=true, max_builds=3")
    _type(qtbot, rules.draw, "3")
    r = doc.variant.rules
    assert r.options == {"hibernate": True, "convoy_fallback": True, "civil_disorder": "classic",
                         "no_omsk_fleets": True, "max_builds": 3}
    assert r.seasons == ("spring", "summer", "fall") and r.draw_after_static_falls == 3
    path = tmp_path / "v.yaml"
    atomic_write(str(path), dumps(doc.variant))
    assert load(str(path)).variant.rules == r  # the file says it all: no YAML by hand
    _type(qtbot, rules.switches, "bad name=1")
    assert "switch" in rules.error.text() and doc.variant.rules.options["max_builds"] == 3


def test_coasts_field_speaks_of_the_selected_province(window):
    doc = _standard(window)
    window.select_province("spa")
    assert window.properties.coasts.text() == "nc: gas mao por; sc: lyo mao mar por wes"  # the standard map's
    window.select_province("nwy")  # one coast: the hint names Norway's own waters
    hint = window.properties.coasts.placeholderText()
    waters = {e.b if e.a == "nwy" else e.a for e in doc.variant.edges if "nwy" in (e.a, e.b) and e.units.fleet}
    assert window.properties.coasts.text() == "" and set(hint[5:].replace("nc:", "").replace("sc:", "")
                                                            .replace(";", " ").split()) == waters


def test_a_fleet_link_to_a_two_coast_province_takes_the_coast_released_on(window, qtbot):
    doc = _standard(window)
    _pick(qtbot, window.edges.link_units, "fleet")
    _action(window, "Link spaces").trigger()
    a, sc = window.scene.centre_of("tys"), window.scene.centre_of("spa/sc")
    mouse(window.scene, "press", a.x(), a.y())
    mouse(window.scene, "release", sc.x(), sc.y())
    assert any((e.a, e.b, e.units) == ("spa/sc", "tys", Crossing.FLEET) for e in doc.variant.edges)
    assert "tys" in Graph(doc.variant).moves(UnitType.FLEET, "spa/sc")


def test_the_drawings_powers_are_added_in_one_step(window, qtbot, reference):
    window.open_path(str(reference / "jdip" / "youngstown.svg"))
    panel = window.proposals
    assert not panel.add_powers.isHidden() and "10 powers" in panel.add_powers.text()
    steps = window.doc.undo.count()
    qtbot.mouseClick(panel.add_powers, Qt.MouseButton.LeftButton)
    powers = {p.id: p.colour for p in window.doc.variant.powers}
    # jDip's drawing colours its ten powers with named colours: they arrive as #rrggbb
    from PySide6.QtGui import QColor
    assert powers == {pid: QColor(c).name() for pid, c in window.doc.drawn_colours.items()}
    assert len(powers) == 10 and powers["austria"] == QColor("salmon").name()
    assert window.doc.undo.count() == steps + 1 and panel.add_powers.isHidden()
    window.doc.undo.undo()
    assert not window.doc.variant.powers


def _read_judge_file(window, qtbot, path):
    """The panel's button, the file's name typed in its dialog, Return."""
    window.docks["From a judge"].raise_()
    panel = window.judge
    qtbot.mouseClick(panel.open_button, Qt.MouseButton.LeftButton)
    assert panel.dialog.isVisible()
    name_box = [e for e in panel.dialog.findChildren(QLineEdit) if e.isVisible()][0]
    name_box.setText(str(path))
    qtbot.keyClick(name_box, Qt.Key.Key_Return)
    assert not panel.dialog.isVisible()
    return panel


def _click_item(qtbot, tree, item, modifier=Qt.KeyboardModifier.NoModifier):
    tree.scrollToItem(item)
    qtbot.mouseClick(tree.viewport(), Qt.MouseButton.LeftButton, modifier, tree.visualItemRect(item).center())


def _tree_items(tree):
    for i in range(tree.topLevelItemCount()):
        top = tree.topLevelItem(i)
        yield top
        for j in range(top.childCount()):
            yield top.child(j)


def test_names_from_jdips_own_file_in_one_step(window, qtbot, reference):
    """jDip's drawing names no province; jDip's variants.xml does: its names
    group picked and taken, one step."""
    window.open_path(str(reference / "jdip" / "youngstown.svg"))
    assert window.doc.variant.province("adr").name == "ADR"
    panel = _read_judge_file(window, qtbot, reference / "jdip" / "variants.xml")
    names = [i for i in _tree_items(panel.tree) if i.text(0).startswith("names and aliases")][0]
    _click_item(qtbot, panel.tree, names)
    steps = window.doc.undo.count()
    qtbot.mouseClick(panel.take_picked, Qt.MouseButton.LeftButton)
    v = window.doc.variant
    assert window.doc.undo.count() == steps + 1
    # the names jDip's adjacency file gives (read here apart, as the truth)
    from lxml import etree
    adjacency = etree.parse(str(reference / "jdip" / "youngstown_adjacency.xml"))
    truth = {p.get("shortname").lower(): p.get("fullname") for p in adjacency.iter("PROVINCE")}
    named = [p for p in v.provinces if p.id in truth]
    assert len(named) > 150 and all(p.name == truth[p.id] for p in named)
    assert "adriatic" in v.province("adr").aliases
    assert not any(i.text(0).startswith("names and aliases") for i in _tree_items(panel.tree))
    window.doc.undo.undo()
    assert window.doc.variant.province("adr").name == "ADR"


def test_off_board_boxes_links_from_the_judges_adjacency(window, qtbot, reference):
    """The drawing draws the boxes apart from everything; jDip's adjacency links
    them.  Picking the links group takes every link of a box, as the judge has it."""
    window.open_path(str(reference / "jdip" / "youngstown.svg"))
    qtbot.mouseClick(window.proposals.accept_all, Qt.MouseButton.LeftButton)
    boxes = {p.id for p in window.doc.variant.provinces if p.offboard}
    assert len(boxes) == 12
    panel = _read_judge_file(window, qtbot, reference / "jdip" / "variants.xml")
    links = [i for i in _tree_items(panel.tree) if i.text(0).startswith("links")][0]
    _click_item(qtbot, panel.tree, links)
    steps = window.doc.undo.count()
    qtbot.mouseClick(panel.take_picked, Qt.MouseButton.LeftButton)
    assert window.doc.undo.count() == steps + 1
    # the truth, read here apart from jDip's adjacency: mv moves armies, xc fleets
    from lxml import etree
    adjacency = etree.parse(str(reference / "jdip" / "youngstown_adjacency.xml"))
    truth = {}
    drawn = {p.id for p in window.doc.variant.provinces}
    for p in adjacency.iter("PROVINCE"):
        a = p.get("shortname").lower()
        for adj in p.iter("ADJACENCY"):
            for b in adj.get("refs").split():
                if (a in boxes or b in boxes) and {a, b} <= drawn:  # (jDip codes the drawing has)
                    truth.setdefault(frozenset((a, b)), set()).add("army" if adj.get("type") == "mv" else "fleet")
    have = {}
    for e in window.doc.variant.edges:
        if (e.a in boxes or e.b in boxes) and "/" not in e.a + e.b:
            have[frozenset((e.a, e.b))] = {u for u in ("army", "fleet") if getattr(e.units, u)}
    assert sum(1 for pair in truth if pair <= boxes) == 19 and have == truth
    window.doc.undo.undo()
    assert not any(e.a in boxes and e.b in boxes for e in window.doc.variant.edges)


def test_dpjudges_map_settles_what_the_drawing_cannot_say(window, qtbot, reference):
    """DPjudge's Youngstown over jDip's drawing: the five places where the judge
    contradicts the drawing are flagged and shown on the map when picked; the
    codes taken as a group, then all the rest, each one undo step; the result
    is the bundled Youngstown's graph, names, centres, homes and units."""
    from variantkit.review.diff import _crossings
    from variantkit.io import load
    from tests.conftest import MAPS
    window.open_path(str(reference / "jdip" / "youngstown.svg"))
    qtbot.mouseClick(window.proposals.accept_all, Qt.MouseButton.LeftButton)
    drawn = window.doc.variant
    panel = _read_judge_file(window, qtbot, reference / "dpjudge" / "youngstown.map")
    assert panel.note.text().startswith("youngstown.map: ") and "5 disagree with the drawing" in panel.note.text()
    flagged = [i for i in _tree_items(panel.tree) if i.text(0).startswith("⚠ ")]
    assert len(flagged) == 5 and all(i.parent().isExpanded() for i in flagged)
    # a link the judge has otherwise: highlighted on the map; a terrain: its province selected
    omsk = [i for i in flagged if i.text(0) == "⚠ oms - sib"][0]
    _click_item(qtbot, panel.tree, omsk)
    assert window.scene.highlight == ("oms", "sib")
    phi = [i for i in flagged if i.text(0) == "⚠ phi"][0]
    _click_item(qtbot, panel.tree, phi)
    from variantkit_editor.scene import ProvinceItem
    assert [i.pid for i in window.scene.selectedItems() if isinstance(i, ProvinceItem)] == ["phi"]
    # the codes, as a group
    codes = [i for i in _tree_items(panel.tree) if i.text(0).startswith("codes")][0]
    _click_item(qtbot, panel.tree, codes)
    steps = window.doc.undo.count()
    qtbot.mouseClick(panel.take_picked, Qt.MouseButton.LeftButton)
    assert window.doc.undo.count() == steps + 1
    assert window.doc.variant.province("bot") is not None and window.doc.variant.province("gob") is None
    # the shape, the drawing's own id and the accepted proposals follow the new code
    assert "bot" in window.scene.items_by_id and "bot" in window.doc.outlines
    assert dict(window.doc.art_ids)["bot"] == "gob"
    assert window.proposals.pending() == []
    qtbot.mouseClick(panel.take_all, Qt.MouseButton.LeftButton)
    assert window.doc.undo.count() == steps + 2
    # the judge settled every link: what the drawing proposed and the judge lacks is rejected, not pending
    assert window.proposals.pending() == [] and window.scene.highlight is None
    assert panel.tree.topLevelItemCount() == 0 and "already says all it says" in panel.note.text()
    target = load(str(MAPS / "youngstown")).variant
    v = window.doc.variant
    assert _crossings(v).keys() == _crossings(target).keys()
    assert {p.id: (p.name, p.center) for p in v.provinces} == {p.id: (p.name, p.center) for p in target.provinces}
    assert {p.id: (p.homes, p.units) for p in v.powers} == {p.id: (p.homes, p.units) for p in target.powers}
    window.doc.undo.undo()
    window.doc.undo.undo()
    assert window.doc.variant == drawn


def test_the_judges_file_from_the_file_menu(window, qtbot, reference):
    window.open_path(str(reference / "jdip" / "youngstown.svg"))
    window.docks["Proposals"].raise_()
    _action(window, "Take from a judge's file...").trigger()
    assert window.judge.dialog.isVisible() and window.docks["From a judge"].isVisible()
    name_box = [e for e in window.judge.dialog.findChildren(QLineEdit) if e.isVisible()][0]
    name_box.setText(str(reference / "dpjudge" / "youngstown.map"))
    qtbot.keyClick(name_box, Qt.Key.Key_Return)
    assert window.judge.tree.topLevelItemCount() > 0


def test_a_file_that_is_no_judges_file_is_said_so(window, qtbot, tmp_path, reference):
    window.open_path(str(reference / "jdip" / "youngstown.svg"))
    bad = tmp_path / "notes.map"
    bad.write_text("this is not a map\n\x00\x01")
    panel = _read_judge_file(window, qtbot, bad)
    assert panel.note.text().startswith("cannot read notes.map")
    assert panel.tree.topLevelItemCount() == 0 and not panel.take_all.isEnabled()


def test_opening_another_file_selects_nothing_and_lets_the_judges_file_go(window, qtbot, reference):
    """Paris picked on the standard map is not still picked on Youngstown
    (which has a Paris too), and the judge's file read for one is not
    offered against the other."""
    from variantkit_editor.scene import ProvinceItem
    _standard(window)
    click(window.scene, *(lambda c: (c.x(), c.y()))(window.scene.centre_of("par")))
    assert [i.pid for i in window.scene.selectedItems() if isinstance(i, ProvinceItem)] == ["par"]
    _read_judge_file(window, qtbot, reference / "dpjudge" / "standard.map")
    window.open_path(str(MAPS / "youngstown"))
    assert [i for i in window.scene.selectedItems() if isinstance(i, ProvinceItem)] == []
    assert window.judge.tree.topLevelItemCount() == 0 and window.judge.source is None


# -- rejecting proposals ---------------------------------------------------------

def _four_in_a_row(tmp_path):
    """Four fields side by side: three borders, three proposals."""
    svg = tmp_path / "row.svg"
    svg.write_text('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 100">'
                   + "".join(f'<rect id="{pid}" fill="#eedd99" x="{50 * i}" y="0" width="50" height="100"/>'
                             for i, pid in enumerate(("aaa", "bbb", "ccc", "ddd")))
                   + "</svg>")
    return svg


def _proposal_rows(panel):
    tree = panel.tree
    return {tree.topLevelItem(i).child(j).text(0): tree.topLevelItem(i).child(j)
            for i in range(tree.topLevelItemCount()) for j in range(tree.topLevelItem(i).childCount())}


def _click_proposal(qtbot, panel, text, modifier=Qt.KeyboardModifier.NoModifier):
    item = _proposal_rows(panel)[text]
    rect = panel.tree.visualItemRect(item)
    qtbot.mouseClick(panel.tree.viewport(), Qt.MouseButton.LeftButton, modifier, rect.center())


def test_reject_is_one_undo_step_per_click(window, qtbot, tmp_path):
    from PySide6.QtTest import QTest
    window.open_path(str(_four_in_a_row(tmp_path)))
    panel = window.proposals
    window.docks["Proposals"].raise_()
    assert sorted(_proposal_rows(panel)) == ["aaa - bbb", "bbb - ccc", "ccc - ddd"]
    _click_proposal(qtbot, panel, "aaa - bbb")
    assert window.scene.highlight == ("aaa", "bbb")            # picked: shown on the map
    _click_proposal(qtbot, panel, "ccc - ddd", Qt.KeyboardModifier.ControlModifier)
    assert [p.edge.key for p in panel.picked()] == [("aaa", "bbb"), ("ccc", "ddd")]
    qtbot.mouseClick(panel.reject, Qt.MouseButton.LeftButton)
    assert sorted(_proposal_rows(panel)) == ["bbb - ccc"]       # gone from the list
    assert window.scene.highlight is None                     # and from the map
    assert window.doc.undo.count() == 1 and window.doc.modified
    undo = [a for a in window.findChildren(QAction) if a.text().startswith("&Undo")][0]
    assert undo.text() == "&Undo Reject aaa - bbb, ccc - ddd"  # Edit > Undo names them
    # Ctrl+Z on the window brings both back
    QTest.keyClick(window.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert sorted(_proposal_rows(panel)) == ["aaa - bbb", "bbb - ccc", "ccc - ddd"]
    assert window.doc.rejected == set() and not window.doc.modified
    # Ctrl+Shift+Z rejects them again
    QTest.keyClick(window.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert sorted(_proposal_rows(panel)) == ["bbb - ccc"]
    assert window.doc.rejected == {("aaa", "bbb"), ("ccc", "ddd")}
    # Delete in the list rejects the picked one (not the map's selection), one more step
    window.select_province("bbb")
    _click_proposal(qtbot, panel, "bbb - ccc")
    assert window.scene.highlight == ("bbb", "ccc")
    QTest.keyClick(panel.tree, Qt.Key.Key_Delete)
    assert _proposal_rows(panel) == {} and window.scene.highlight is None
    assert window.doc.variant.province("bbb") is not None      # the province selected on the map stays
    assert window.doc.undo.count() == 2 and window.doc.undo.text(1) == "Reject bbb - ccc"
    window.doc.undo.undo()
    assert sorted(_proposal_rows(panel)) == ["bbb - ccc"]
    window.doc.undo.setClean()


def test_rejected_proposals_stay_rejected_after_recovery(window, qtbot, tmp_path):
    window.open_path(str(_four_in_a_row(tmp_path)))
    panel = window.proposals
    window.docks["Proposals"].raise_()
    _click_proposal(qtbot, panel, "bbb - ccc")
    qtbot.mouseClick(panel.reject, Qt.MouseButton.LeftButton)
    window.write_recovery()             # what the autosave timer does
    window.close()                      # no one asked (a test window): the work stays recoverable
    again = type(window)(ask=False)
    qtbot.addWidget(again)
    _action(again, "Recover autosaved work...").trigger()
    assert again.doc.rejected == {("bbb", "ccc")}
    assert sorted(_proposal_rows(again.proposals)) == ["aaa - bbb", "ccc - ddd"]
    again.doc.undo.setClean()
    again.recovery.clear()


# -- coasts drawn on the map -----------------------------------------------------------

COAST_TOOL = "Draw a coast (along the selected province's shore)"


@pytest.fixture
def standard_drawn(tmp_path, reference):
    """The bundled standard map over a real drawing of it (the `diplomacy`
    package's standard.svg, read from the reference folder), as a designer has
    it: its provinces' outlines where they are on the map."""
    import shutil
    folder = tmp_path / "standard"
    folder.mkdir()
    shutil.copy(reference / "mila" / "standard.svg", folder / "standard.svg")
    text = (MAPS / "standard" / "variant.yaml").read_text()
    (folder / "variant.yaml").write_text(text.replace("\nid: standard\n", "\nid: standard\nart: standard.svg\n", 1))
    return folder


def _shore(doc, pid, start, via, end):
    """Where a designer's hand goes tracing a stretch of a province's shore:
    the vertices of its outline from the one nearest ``start`` to the one
    nearest ``end``, the way round that passes ``via``."""
    ring = max(doc.outlines[pid], key=len)
    ring = ring[:-1] if tuple(ring[0]) == tuple(ring[-1]) else ring
    def at(p):
        return min(range(len(ring)), key=lambda i: (ring[i][0] - p[0]) ** 2 + (ring[i][1] - p[1]) ** 2)
    i, k, j = at(start), at(via), at(end)
    n = len(ring)
    forward = [ring[(i + s) % n] for s in range((j - i) % n + 1)]
    if k not in [(i + s) % n for s in range((j - i) % n + 1)]:
        forward = [ring[(i - s) % n] for s in range((i - j) % n + 1)]
    return [tuple(p) for p in forward]


def _drag_along(scene, points):
    mouse(scene, "press", *points[0])
    for p in points[1:]:
        mouse(scene, "move", *p)
    mouse(scene, "release", *points[-1])


def _click_on(window, qtbot, pid):
    """A click with the Select tool on the province's own point."""
    from PySide6.QtTest import QTest
    item = window.scene.items_by_id[pid]
    inside = item.path().toFillPolygon().boundingRect().center()
    if not item.path().contains(inside):
        from variantkit.drawing.geometry import label_point
        from shapely.geometry import Polygon
        x, y = label_point(Polygon(max(window.doc.outlines[pid], key=len)))
        from PySide6.QtCore import QPointF
        inside = QPointF(x, y)
    window.view.centerOn(inside)
    QTest.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     window.view.mapFromScene(inside))
    assert window.properties.pid == pid


def _edges_of(v, pid):
    return sorted((e.a, e.b, e.units.value) for e in v.edges if pid in (e.a.split("/")[0], e.b.split("/")[0]))


# (province, its first line, its second line), each (start, via, end) in the drawing's
# units, read off the drawing: the stretch of shore each named coast of the standard map has
SHORES = [
    ("spa", ((384, 982), (262, 930), (191, 968)),      # north: from Gascony along the Mid-Atlantic to Portugal
            ((175, 1144), (300, 1200), (491, 1047))),  # south: from Portugal along the Western Med to Marseilles
    ("bul", ((1143, 1034), (1138, 1065), (1130, 1092)),  # east: Rumania, the Black Sea, Constantinople
            ((1055, 1134), (1070, 1141), (1086, 1139))),  # south: Greece, the Aegean, Constantinople
    ("stp", ((1061, 131), (1110, 130), (1160, 150)),   # north: Norway's corner along the Barents Sea
            ((1077, 440), (1110, 470), (1002, 500))),  # south: Finland, the Gulf of Bothnia, Livonia
]


@pytest.mark.parametrize("pid,first,second", SHORES, ids=[s[0] for s in SHORES])
def test_coasts_drawn_along_the_shore_are_the_standard_maps(window, qtbot, standard_drawn, pid, first, second):
    from PySide6.QtTest import QTest
    window.open_path(str(standard_drawn))
    doc = window.doc
    bundled = doc.variant
    assert doc.art_file and pid in doc.outlines
    _click_on(window, qtbot, pid)
    # the designer starts from a province without named coasts: the Coasts field emptied
    field = window.properties.coasts
    field.selectAll()
    qtbot.keyClick(field, Qt.Key.Key_Backspace)
    qtbot.keyClick(field, Qt.Key.Key_Return)
    assert doc.variant.province(pid).coasts == ()
    plain = doc.variant
    steps = doc.undo.count()
    _action(window, COAST_TOOL).trigger()
    assert window.tool_label.text() == f"Tool: {COAST_TOOL}"
    # the first line: one coast alone is just the province, so it waits for the other side
    _drag_along(window.scene, _shore(doc, pid, *first))
    assert doc.variant == plain and doc.undo.count() == steps
    assert "draw the other side" in window.statusBar().currentMessage()
    # the other side: both coasts in one step, the edges exactly the standard map's
    _drag_along(window.scene, _shore(doc, pid, *second))
    assert doc.undo.count() == steps + 1
    assert _edges_of(doc.variant, pid) == _edges_of(bundled, pid)
    assert [c.id for c in doc.variant.province(pid).coasts] == [c.id for c in bundled.province(pid).coasts]
    assert window.statusBar().currentMessage() == doc.undo.text(steps)
    assert doc.undo.text(steps).startswith(f"Draw {pid}/")
    from variantkit.edit import coasts_of
    assert window.properties.coasts.text() == "; ".join(f"{c}: {' '.join(w)}"
                                                        for c, w in sorted(coasts_of(bundled, pid).items()))
    # Ctrl+Z restores exactly; Ctrl+Shift+Z draws them again
    window.view.setFocus()
    QTest.keyClick(window.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert doc.variant == plain
    QTest.keyClick(window.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert _edges_of(doc.variant, pid) == _edges_of(bundled, pid)
    doc.undo.setClean()


def test_a_coast_drawn_again_by_clicking_points(window, qtbot, standard_drawn):
    """Points clicked along Spain's north shore, a double-click to end: the
    north coast now reaches only what the line runs along (Gascony and the
    Mid-Atlantic, short of Portugal); the south coast is as it was."""
    from PySide6.QtCore import QEvent, QPointF
    from PySide6.QtWidgets import QGraphicsSceneMouseEvent
    from variantkit.edit import coasts_of
    window.open_path(str(standard_drawn))
    doc = window.doc
    before = doc.variant
    _click_on(window, qtbot, "spa")
    _action(window, COAST_TOOL).trigger()
    shore = _shore(doc, "spa", (384, 982), (300, 945), (262, 930))
    for p in shore[::4] + [shore[-1]]:
        click(window.scene, *p)
    assert doc.undo.count() == 0 and window.tools["coast"].points   # clicks only gather points
    double = QGraphicsSceneMouseEvent(QEvent.Type.GraphicsSceneMouseDoubleClick)
    double.setScenePos(QPointF(*shore[-1]))
    double.setButton(Qt.MouseButton.LeftButton)
    window.scene.mouseDoubleClickEvent(double)
    assert doc.undo.count() == 1 and doc.undo.text(0) == "Draw spa/nc: gas mao"
    assert coasts_of(doc.variant, "spa") == {"nc": ["gas", "mao"], "sc": coasts_of(before, "spa")["sc"]}
    assert "no coast reaches" not in window.statusBar().currentMessage()   # por is still reached, by sc
    doc.undo.undo()
    assert doc.variant == before


def test_drawing_a_coast_needs_a_shore_province(window, qtbot, standard_drawn):
    window.open_path(str(standard_drawn))
    doc = window.doc
    _action(window, COAST_TOOL).trigger()
    line = _shore(doc, "spa", (384, 982), (262, 930), (191, 968))
    _drag_along(window.scene, line)               # nothing selected: the tool says what to do
    assert doc.undo.count() == 0 and "select the province first" in window.statusBar().currentMessage()
    _action(window, "Select").trigger()
    _click_on(window, qtbot, "mao")
    _action(window, COAST_TOOL).trigger()
    _drag_along(window.scene, line)               # a sea has no named coasts
    assert doc.undo.count() == 0 and window.statusBar().currentMessage().startswith("mao is a sea")
    _action(window, "Select").trigger()
    _click_on(window, qtbot, "spa")
    _action(window, COAST_TOOL).trigger()
    _drag_along(window.scene, [(300, 1060), (320, 1070), (340, 1060)])   # across the middle of Spain
    assert doc.undo.count() == 0 and "reaches no sea or coast of spa" in window.statusBar().currentMessage()


def test_a_power_removed_with_its_button_is_one_undo_step(window, qtbot):
    doc = _standard(window)
    window.docks["Powers"].raise_()
    panel = window.powers
    _pick(qtbot, panel.pick, "england")
    steps = doc.undo.count()
    qtbot.mouseClick(panel.remove_button, Qt.MouseButton.LeftButton)
    assert doc.variant.power("england") is None and doc.undo.count() == steps + 1
    assert [panel.pick.itemText(i) for i in range(panel.pick.count())] == \
        [p.id for p in doc.variant.powers]
    doc.undo.undo()
    from variantkit.io import load
    assert doc.variant == load(str(MAPS / "standard")).variant


def test_powers_the_judge_removes_are_not_offered_again(window, qtbot, reference):
    """jDip's chaos drawing styles three powers of another variant (balkan,
    lowland, norway): added with the drawing's powers, removed by the judge's
    file, and then no longer offered; undone, they are back."""
    window.open_path(str(reference / "corpus" / "jdip" / "chaos" / "chaos.svg"))
    qtbot.mouseClick(window.proposals.accept_all, Qt.MouseButton.LeftButton)
    qtbot.mouseClick(window.proposals.add_powers, Qt.MouseButton.LeftButton)
    assert window.doc.variant.power("balkan") is not None and window.proposals.add_powers.isHidden()
    panel = _read_judge_file(window, qtbot, reference / "corpus" / "jdip" / "chaos" / "variants.xml")
    qtbot.mouseClick(panel.take_all, Qt.MouseButton.LeftButton)
    assert {"balkan", "lowland", "norway"}.isdisjoint(p.id for p in window.doc.variant.powers)
    assert len(window.doc.variant.powers) == 34 and window.proposals.add_powers.isHidden()
    window.doc.undo.undo()
    assert window.doc.variant.power("balkan") is not None


def test_a_godip_drawing_gets_its_powers_from_its_go(window, qtbot, reference, tmp_path):
    """godip's Hundred drawing opened, godip's hundred.go read in the panel
    (as text, never run), everything taken in one step: England, Burgundy and
    France with their homes and starting units; the map drawn with them."""
    folder = reference / "corpus" / "godip" / "hundred"
    window.open_path(str(folder / "hundredmap.svg"))
    assert not window.doc.variant.powers
    panel = _read_judge_file(window, qtbot, folder / "hundred.go")
    kinds = {i.text(0).split(" (")[0] for i in _tree_items(panel.tree)}
    assert any(k.startswith("powers") for k in kinds), kinds
    steps = window.doc.undo.count()
    qtbot.mouseClick(panel.take_all, Qt.MouseButton.LeftButton)
    v = window.doc.variant
    assert window.doc.undo.count() == steps + 1
    assert {p.name: len(p.units) for p in v.powers} == {"England": 5, "Burgundy": 4, "France": 5}
    assert set(v.power("england").homes) == {"cal", "dev", "guy", "lon", "nom"}
    assert v.rules.options.get("build_any") is True
    view = window.centralWidget() if hasattr(window, "centralWidget") else None
    image = (view or window).grab().toImage()
    shot = tmp_path / "godip-hundred.png"
    assert image.save(str(shot)) and shot.stat().st_size > 10_000
    window.doc.undo.undo()
    assert not window.doc.variant.powers
