"""The designer's time (issue 25): a coast renamed in place, the Coasts
field's hint fitting the province, a power's homes and units typed in one
field, its adjective and letter suggested from its name."""
import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import Qt  # noqa: E402

from tests.conftest import MAPS  # noqa: E402


def _type(qtbot, field, text):
    field.selectAll()
    qtbot.keyClicks(field, text)
    qtbot.keyClick(field, Qt.Key.Key_Return)


def test_a_coast_is_renamed_in_place_in_the_coasts_field(window, qtbot):
    window.open_path(str(MAPS / "standard"))
    doc = window.doc
    window.select_province("stp")
    field = window.properties.coasts
    before = field.text()
    assert "rename one in place" in field.placeholderText()
    _type(qtbot, field, "sc -> wc")
    p = doc.variant.province("stp")
    assert [(c.id, c.name) for c in p.coasts] == [("nc", "North Coast"), ("wc", "West Coast")]
    assert field.text() == before.replace("sc:", "wc:")  # the same waters, the coast renamed
    assert doc.undo.undoText() == "Rename stp/sc to stp/wc"
    doc.undo.undo()
    assert [c.id for c in doc.variant.province("stp").coasts] == ["nc", "sc"]
    # Russia's fleet on the south coast follows a rename of its coast
    window.select_province("stp")
    _type(qtbot, field, "sc -> ec")
    assert "stp/ec" in [u.location for u in doc.variant.power("russia").units]
    # a sea and a province with one shore are told they have no coasts to name
    window.select_province("nth")
    assert field.placeholderText() == "a sea has no named coasts"
    window.select_province("pic")
    assert field.placeholderText() == "one shore: no coasts to name"


def test_a_powers_start_typed_in_one_field_and_its_name_suggesting_the_rest(window, qtbot):
    window.open_path(str(MAPS / "standard"))
    doc = window.doc
    window.docks["Powers"].raise_()
    panel = window.powers
    qtbot.mouseClick(panel.new_button, Qt.MouseButton.LeftButton)
    # Norway: its name gives the id, the adjective and a letter no power has (N is free)
    qtbot.keyClicks(panel.fields["name"], "Norway")
    assert panel.fields["adjective"].placeholderText() == "Norwegian"
    assert panel.fields["letter"].placeholderText() == "N"
    _type(qtbot, panel.fields["start"], "F nwy, A swe, den")
    p = doc.variant.power("norway")
    assert (p.name, p.adjective, p.letter) == ("Norway", "Norwegian", "N")
    assert p.homes == ("nwy", "swe", "den") and [str(u) for u in p.units] == ["F nwy", "A swe"]
    assert doc.undo.undoText().startswith("Set power") or "norway" in doc.undo.undoText()
    # France's start retyped in the same notation: homes and units follow, one undo step
    panel.pick.setCurrentText("france")
    assert panel.fields["start"].text() == "F bre, A mar, A par"
    steps = doc.undo.count()
    _type(qtbot, panel.fields["start"], "A par, A mar, F bre, F spa/sc")
    f = doc.variant.power("france")
    assert f.homes == ("par", "mar", "bre", "spa") and "F spa/sc" in [str(u) for u in f.units]
    assert doc.undo.count() == steps + 1
    # a part that is neither a unit nor a code is said, nothing changed
    _type(qtbot, panel.fields["start"], "Army par")
    assert "a unit is written" in panel.error.text() and doc.undo.count() == steps + 1
    # a second power named with an N takes the first letter of its name no power has (A is Austria's)
    qtbot.mouseClick(panel.new_button, Qt.MouseButton.LeftButton)
    qtbot.keyClicks(panel.fields["name"], "Naples")
    assert panel.fields["letter"].placeholderText() == "P" and panel.fields["adjective"].placeholderText() == \
        "Neapolitan"


def test_small_defects_of_the_designers_path(window, qtbot, reference):
    """Passable in takes Spring as spring; a proposal accepted is no longer
    highlighted; the Proposals list shows each proposal whole."""
    from tests.editor.test_designer import _click_proposal
    window.open_path(str(reference / "jdip" / "youngstown.svg"))
    panel = window.proposals
    shown = [(item, p) for item, p in panel.items.values() if item.parent().isExpanded()]
    item, first = shown[0]
    _click_proposal(qtbot, panel, item.text(0))
    assert window.scene.highlight == (first.edge.a, first.edge.b)
    qtbot.mouseClick(panel.accept_one, Qt.MouseButton.LeftButton)
    assert window.scene.highlight is None
    item = max((i for i, _ in panel.items.values()), key=lambda i: len(i.text(0)))
    assert panel.tree.columnWidth(0) >= panel.tree.fontMetrics().horizontalAdvance(item.text(0))
    window.select_province("arc" if window.doc.variant.province("arc") else window.doc.variant.provinces[0].id)
    pid = window.properties.pid
    _type(qtbot, window.properties.seasons, "Spring")
    assert window.doc.variant.province(pid).passable_in == ("spring",)


def test_the_drawings_powers_picked_are_offered_their_adjective_and_letter(window, qtbot, reference):
    window.open_path(str(reference / "jdip" / "youngstown.svg"))
    qtbot.mouseClick(window.proposals.add_powers, Qt.MouseButton.LeftButton)
    panel = window.powers
    window.docks["Powers"].raise_()
    panel.pick.setCurrentText("japan")
    assert panel.fields["adjective"].text() == "" and panel.fields["adjective"].placeholderText() == "Japanese"
    assert panel.fields["letter"].placeholderText() == "J"
    qtbot.mouseClick(panel.apply_button, Qt.MouseButton.LeftButton)
    assert (window.doc.variant.power("japan").adjective, window.doc.variant.power("japan").letter) == \
        ("Japanese", "J")


def test_an_exports_report_says_the_real_losses_first(window, qtbot, tmp_path, monkeypatch):
    """Loeb9 to DPjudge: the Arctic written open in every season comes before
    the nine colours DPjudge has no place for, each code once, counted."""
    from PySide6.QtWidgets import QFileDialog
    from tests.editor.test_designer import _action
    window.open_path(str(MAPS / "loeb9"))
    out = tmp_path / "loeb9.map"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a, **k: (str(out), "dpjudge"))
    _action(window, "Export...").trigger()
    said = window.statusBar().currentMessage()
    assert out.exists() and said.startswith(f"exported {out}: lost: ")
    assert said.index("VK783: arc is passable in spring only") < said.index("looks only: VK706 x9")
    assert said.count("VK706") == 1


def test_a_unit_marker_just_outside_its_province_is_clicked_as_its_own(window, qtbot, tmp_path):
    """Paris's army drawn a little over the border into Burgundy: in play, a
    click on the marker is the army's, not Burgundy's."""
    from shapely.geometry import Point, Polygon
    from shapely.ops import nearest_points
    from variantkit import edit
    from variantkit.io import load, save
    from tests.editor.qt_helpers import click
    from tests.editor.test_designer import _action
    window.open_path(str(MAPS / "standard"))
    par = Polygon(max(window.doc.outlines["par"], key=len))
    bur = Polygon(max(window.doc.outlines["bur"], key=len)).centroid
    edge = nearest_points(par.exterior, bur)[0]
    dx, dy = bur.x - edge.x, bur.y - edge.y
    norm = (dx * dx + dy * dy) ** 0.5
    spot = (edge.x + 5 * dx / norm, edge.y + 5 * dy / norm)
    assert not par.contains(Point(spot))
    v = edit.set_position(load(str(MAPS / "standard")).variant, "par", unit_pos=spot)
    save(v, str(tmp_path / "standard" / "variant.yaml"))
    window.open_path(str(tmp_path / "standard" / "variant.yaml"))
    _action(window, "Play (test the variant)").trigger()
    window.play.mode.setCurrentText("move")
    click(window.scene, *spot)
    at = window.scene.centre_of("pic")
    click(window.scene, at.x(), at.y())
    assert window.play.orders == [("france", "A par - pic")]
