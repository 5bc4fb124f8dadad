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
