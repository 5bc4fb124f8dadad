"""The editor driven for real (offscreen): undo commands, tools, files, recovery."""
import os

import pytest

pytest.importorskip("PySide6")

from variantkit.io import load  # noqa: E402
from variantkit.model import Crossing, Edge, Power, Province, Terrain, Unit, UnitType  # noqa: E402

from variantkit_editor import commands as C  # noqa: E402
from variantkit_editor.mainwindow import MainWindow  # noqa: E402
from variantkit_editor.recovery import left_behind  # noqa: E402
from tests.conftest import MAPS  # noqa: E402
from tests.editor.qt_helpers import click, drag, draw_polygon, mouse, wait_for_validation  # noqa: E402


def _standard(window):
    window.open_path(str(MAPS / "standard"))
    return window.doc


def _through(pid, doc):
    """A vertical line through the middle of a province's shape."""
    xs = [x for x, _ in doc.outlines[pid][0]]
    ys = [y for _, y in doc.outlines[pid][0]]
    cx = (min(xs) + max(xs)) / 2
    return [(cx, min(ys) - 10), (cx, max(ys) + 10)]


COMMANDS = [
    lambda d: C.SetProvinceField(d, "par", "name", "Lutetia"),
    lambda d: C.SetProvinceField(d, "par", "terrain", "coast"),
    lambda d: C.RenameProvince(d, "par", "lut"),
    lambda d: C.AddProvince(d, Province("atl", "Atlantis", Terrain.WATER), [[(0, 0), (10, 0), (10, 10), (0, 0)]]),
    lambda d: C.RemoveProvince(d, "bur"),
    lambda d: C.AddCoast(d, "bre", "nc", "North Coast"),
    lambda d: C.LinkSpaces(d, Edge("par", "pic", Crossing.BOTH, strait=True)),
    lambda d: C.UnlinkSpaces(d, "bur", "par"),
    lambda d: C.MoveVertex(d, "par", 0, 0, (1.0, 2.0)),
    lambda d: C.SetPower(d, Power("spain", "Spain", "Spanish", "S", "#dd9900", ("spa",),
                                  (Unit(UnitType.ARMY, "spa"),))),
    lambda d: C.SetRules(d, victory=20, draw_after_static_falls=3),
    lambda d: C.AcceptProposals(d, [Edge("lon", "par", Crossing.ARMY)]),
    lambda d: C.MergeProvinces(d, "bur", "par"),
    lambda d: C.SplitProvince(d, "mos", _through("mos", d), "nmo"),
    lambda d: C.SetCoasts(d, "den", {"ec": ["bal", "swe"], "wc": ["nth", "ska", "hel", "kie"]}),
]


@pytest.mark.parametrize("make", COMMANDS, ids=[f"command{i}" for i in range(len(COMMANDS))])
def test_every_command_redo_undo_redo(window, make):
    doc = _standard(window)
    before = doc.snapshot()
    doc.undo.push(make(doc))
    after = doc.snapshot()
    assert after != before and doc.modified
    doc.undo.undo()
    assert doc.snapshot() == before and not doc.modified
    doc.undo.redo()
    assert doc.snapshot() == after


def test_draw_tool_makes_a_province_with_snapping(window):
    doc = _standard(window)
    window.use_tool("draw")
    corner = doc.outlines["par"][0][0]
    near = (corner[0] + 2, corner[1] + 2)  # within the snap distance of Paris's corner
    had = {p.id for p in doc.variant.provinces}
    draw_polygon(window.scene, [near, (near[0] + 40, near[1]), (near[0] + 40, near[1] + 40)])
    new = [p for p in doc.variant.provinces if p.id not in had]
    assert len(new) == 1
    ring = doc.outlines[new[0].id][0]
    # the first corner snapped to the nearest existing vertex (Paris's, or a neighbour's
    # lying as close), so the new shape leaves no gap
    vertices = [tuple(v) for rings in doc.outlines.values() if rings is not doc.outlines[new[0].id]
                for r in rings for v in r]
    nearest = min(vertices, key=lambda v: (v[0] - near[0]) ** 2 + (v[1] - near[1]) ** 2)
    assert tuple(ring[0]) == nearest and len(ring) == 4
    assert ((nearest[0] - near[0]) ** 2 + (nearest[1] - near[1]) ** 2) ** 0.5 <= 6
    doc.undo.undo()
    assert new[0].id not in {p.id for p in doc.variant.provinces}


def test_vertex_drag_is_one_undo_step(window):
    doc = _standard(window)
    window.use_tool("vertex")
    x, y = doc.outlines["par"][0][1]
    steps = doc.undo.count()
    drag(window.scene, (x, y), (x + 15, y + 10), steps=6)
    assert doc.undo.count() == steps + 1
    assert tuple(doc.outlines["par"][0][1]) == (round(x + 15, 2), round(y + 10, 2))
    doc.undo.undo()
    assert tuple(doc.outlines["par"][0][1]) == (x, y)


def test_link_tool_links_two_spaces_by_hand(window):
    doc = _standard(window)
    window.use_tool("link")
    a, b = window.scene.centre_of("lon"), window.scene.centre_of("mos")
    mouse(window.scene, "press", a.x(), a.y())
    mouse(window.scene, "release", b.x(), b.y())
    assert any({e.a, e.b} == {"lon", "mos"} for e in doc.variant.edges)


def test_select_and_edit_properties(window, qtbot):
    doc = _standard(window)
    window.select_province("mar")
    panel = window.properties
    assert panel.pid == "mar" and panel.name_edit.text() == "Marseilles"
    panel.name_edit.setText("Massilia")
    panel.name_edit.editingFinished.emit()
    assert doc.variant.province("mar").name == "Massilia"
    panel.center.click()
    assert doc.variant.province("mar").center is False
    panel.id_edit.setText("mas")
    panel.id_edit.editingFinished.emit()
    assert doc.variant.province("mas") is not None and "mas" in doc.variant.power("france").homes
    assert "Massilia" in window.windowTitle() or "*" in window.windowTitle()


def test_validation_runs_as_the_designer_works_and_selects(window, qtbot):
    doc = _standard(window)
    # no error; the one lint warning is Trieste beside Venice (two powers' homes)
    assert [p.code for p in wait_for_validation(qtbot, window)] == ["VK554"]
    doc.undo.push(C.SetProvinceField(doc, "par", "terrain", "water"))
    codes = {p.code for p in wait_for_validation(qtbot, window)}
    assert "VK103" in codes
    items = [window.validation.list.item(i) for i in range(window.validation.list.count())]
    window.validation._pick(next(i for i in items if i.text().startswith("error VK103")))  # under the count
    assert any(getattr(i, "pid", None) for i in window.scene.selectedItems())


def test_save_is_atomic_and_reloads_equal(window, tmp_path):
    doc = _standard(window)
    doc.undo.push(C.SetProvinceField(doc, "par", "name", "Lutetia"))
    assert window.windowTitle().startswith("variant.yaml *")
    out = tmp_path / "mine" / "variant.yaml"
    assert window.save_as(str(out))
    assert not doc.modified and "*" not in window.windowTitle()
    assert load(str(out)).variant == doc.variant
    assert not [f for f in os.listdir(out.parent) if f.startswith(".~")]


def test_a_running_editors_autosave_is_not_offered_to_another(window, qtbot, tmp_path):
    doc = _standard(window)
    doc.undo.push(C.SetProvinceField(doc, "par", "name", "Lutetia"))
    window.write_recovery()          # what the autosave timer does every 30 s
    assert window.recovery.folder and os.path.exists(os.path.join(window.recovery.folder, "variant.yaml"))
    again = MainWindow(ask=False)     # a second editor while the first still runs
    qtbot.addWidget(again)
    assert not again.offer_recovery() and left_behind() == []
    again.close()
    assert os.path.isdir(window.recovery.folder)   # not deleted by the other window


def test_end_to_end_build_a_variant_from_a_drawing(window, qtbot, tmp_path):
    """Open a small SVG, accept the proposals, add a two-coast province, an
    impassable space, an off-board box linked by hand, water inside land,
    powers with homes and units; fix every problem; save; reload equal."""
    svg = tmp_path / "small.svg"
    svg.write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300">'
        '<rect id="nsea" fill="#99ccff" x="0" y="0" width="300" height="60"/>'
        '<rect id="ssea" fill="#99ccff" x="0" y="240" width="300" height="60"/>'
        '<rect id="west" fill="#eedd99" x="0" y="60" width="100" height="180"/>'
        '<rect id="mid" fill="#eedd99" x="100" y="60" width="100" height="180"/>'
        '<rect id="mid-nc" x="100" y="60" width="100" height="90"/>'
        '<rect id="mid-sc" x="100" y="150" width="100" height="90"/>'
        '<path id="east" fill="#eedd99" d="M200 60 H300 V240 H200 Z M230 120 H270 V180 H230 Z"/>'
        '<rect id="canal" fill="#99ccff" x="230" y="120" width="40" height="60"/>'
        '<rect id="alps" fill="#808080" x="300" y="100" width="40" height="100"/>'
        '<polygon id="box" fill="#99ccff" points="360,20 390,20 390,50 360,50"/>'
        '</svg>')
    window.open_path(str(svg))
    doc = window.doc
    assert {p.id for p in doc.variant.provinces} >= {"west", "mid", "east", "canal", "alps", "box"}
    window.proposals._accept_all()
    assert doc.variant.edges and not window.proposals.pending()
    assert {c.id for c in doc.variant.province("mid").coasts} == {"nc", "sc"}
    assert doc.variant.province("alps").terrain is Terrain.IMPASSABLE
    assert doc.variant.province("canal").inside == "east"
    assert doc.variant.province("box").offboard
    doc.undo.push(C.LinkSpaces(doc, Edge("box", "nsea", Crossing.FLEET)))
    for pid in ("west", "east", "mid"):
        doc.undo.push(C.SetProvinceField(doc, pid, "center", True))
    doc.undo.push(C.SetPower(doc, Power("north", "North", "Northern", "N", "#3050c0", ("west",),
                                        (Unit(UnitType.ARMY, "west"),))))
    doc.undo.push(C.SetPower(doc, Power("south", "South", "Southern", "S", "#c03030", ("mid",),
                                        (Unit(UnitType.FLEET, "mid/sc"),))))
    doc.undo.push(C.SetRules(doc, victory=2))
    problems = wait_for_validation(qtbot, window)
    errors = [p for p in problems if p.severity == "error"]
    assert errors == [], [str(p) for p in errors]
    out = tmp_path / "built"
    window.save_as(str(out / "variant.yaml"))
    again = load(str(out))
    assert again.report.problems == []
    from variantkit.io import canonical
    assert again.variant == canonical(doc.variant)


def test_powers_and_rules_panels(window):
    doc = _standard(window)
    panel = window.powers
    panel.show_power("france")
    assert panel.fields["homes"].text() == "bre, mar, par"
    panel.fields["units"].setText("A par, A mar, F bre, F spa/sc")
    panel.fields["homes"].setText("bre, mar, par, spa")
    assert panel.apply()
    assert [str(u) for u in doc.variant.power("france").units][-1] == "F spa/sc"
    doc.undo.undo()
    assert len(doc.variant.power("france").units) == 3
    panel.fields["units"].setText("Army par")
    assert not panel.apply() and "A par" in panel.error.text()
    panel.new_power()
    for key, value in (("id", "spain"), ("name", "Spain"), ("letter", "s"), ("homes", "spa"), ("units", "A spa")):
        panel.fields[key].setText(value)
    assert panel.apply() and doc.variant.power("spain").letter == "S"
    rules = window.rules
    rules.victory.setText("20")
    rules.draw.setText("3")
    rules.apply()
    assert (doc.variant.rules.victory, doc.variant.rules.draw_after_static_falls) == (20, 3)
    doc.undo.undo()
    assert doc.variant.rules.victory == 18


def test_merge_and_split(window):
    doc = _standard(window)
    doc.undo.push(C.MergeProvinces(doc, "bur", "par"))
    v = doc.variant
    assert v.province("par") is None and "par" in v.province("bur").aliases and v.province("bur").center
    assert "bur" in v.power("france").homes and "A bur" in [str(u) for u in v.power("france").units]
    assert not any("par" in (e.a, e.b) for e in v.edges)
    assert any({e.a, e.b} == {"bur", "bre"} for e in v.edges)   # Paris's links are Burgundy's now
    doc.undo.undo()
    doc.undo.push(C.SplitProvince(doc, "mos", _through("mos", doc), "emo"))
    assert doc.variant.province("emo") is not None and "emo" in doc.outlines
    assert any({e.a, e.b} == {"mos", "emo"} and e.units.army for e in doc.variant.edges)


def test_split_tool_and_merge_menu(window):
    doc = _standard(window)
    window.use_tool("split")
    (x0, y0), (x1, y1) = _through("ukr", doc)
    click(window.scene, x0, y0)
    click(window.scene, x1, y1)
    new = [p.id for p in doc.variant.provinces if p.id.startswith("ukr") and p.id != "ukr"]
    assert len(new) == 1
    window.use_tool("select")
    window.scene.clearSelection()
    window.scene.items_by_id["ukr"].setSelected(True)
    window.scene.items_by_id[new[0]].setSelected(True)
    window.merge_selected()
    assert doc.variant.province(new[0]) is None and new[0] in doc.variant.province("ukr").aliases


def test_mark_coasts_by_picking_their_waters(window):
    doc = _standard(window)
    window.select_province("den")
    panel = window.properties
    panel.coasts.setText("ec: bal swe; wc: nth ska hel kie")
    panel.coasts.editingFinished.emit()
    den = doc.variant.province("den")
    assert [c.id for c in den.coasts] == ["ec", "wc"]
    fleet = {(e.a, e.b) for e in doc.variant.edges if e.units.fleet and "den" in e.a + e.b}
    assert ("bal", "den/ec") in fleet and ("den/wc", "nth") in fleet and ("den", "nth") not in fleet
    assert any({e.a, e.b} == {"den", "kie"} and e.units.army for e in doc.variant.edges)
    assert panel.coasts.text() == "ec: bal swe; wc: hel kie nth ska"
    doc.undo.undo()
    assert doc.variant.province("den").coasts == ()


def test_drawn_shapes_are_saved_as_the_art_and_come_back(window, tmp_path):
    """Nothing drawn is lost: outlines edited in the editor are saved as map.svg."""
    doc = _standard(window)
    window.use_tool("vertex")
    x, y = doc.outlines["par"][0][1]
    drag(window.scene, (x, y), (x + 7, y + 3))
    out = tmp_path / "mine" / "variant.yaml"
    window.save_as(str(out))
    assert (out.parent / "map.svg").exists() and load(str(out)).variant.art == "map.svg"
    again = MainWindow(ask=False)
    again.open_path(str(out))
    # the moved corner is where it was dragged to (the art is read back through the inference)
    assert any(abs(px - (x + 7)) < 0.05 and abs(py - (y + 3)) < 0.05 for px, py in again.doc.outlines["par"][0])
    again.doc.undo.setClean()
    again.close()


def test_a_drawing_opened_is_copied_beside_the_saved_variant(window, tmp_path):
    svg = tmp_path / "art.svg"
    svg.write_text('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">'
                   '<rect id="aaa" fill="#eedd99" x="0" y="0" width="50" height="100"/>'
                   '<rect id="bbb" fill="#eedd99" x="50" y="0" width="50" height="100"/></svg>')
    window.open_path(str(svg))
    window.proposals._accept_all()
    out = tmp_path / "v" / "variant.yaml"
    window.save_as(str(out))
    v = load(str(out)).variant
    assert v.art == "art.svg" and (out.parent / "art.svg").read_text() == svg.read_text()


def test_killing_the_editor_mid_edit_then_recovering(qtbot, tmp_path, monkeypatch):
    from tests.editor.qt_helpers import killed_editor
    killed_editor(tmp_path, MAPS / "standard", "name:par:Lutetia")  # killed, not closed
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    again = MainWindow(ask=False)
    qtbot.addWidget(again)
    assert again.offer_recovery()
    assert again.doc.variant.province("par").name == "Lutetia"
    again.doc.undo.setClean()
    again.close()


def test_the_document_is_the_session_with_an_undo_stack(window):
    """Every field of the document is the library session's, set when it is
    made (none appears late); the editor adds only its undo stack."""
    from PySide6.QtCore import SignalInstance
    from variantkit.session import FIELDS, Session

    def fields():  # Qt keeps the signals bound to the object in its dictionary too
        return {k for k, v in vars(window.doc).items() if not isinstance(v, SignalInstance) and k[:2] != "__"}
    assert isinstance(window.doc, Session)
    assert fields() == set(FIELDS) | {"undo"}
    window.open_path(str(MAPS / "youngstown"))
    assert fields() == set(FIELDS) | {"undo"}
