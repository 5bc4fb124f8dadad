"""The start pasted from the rules text (issue 25, the designer's path): a
power's name on a line, then its units by place name, read against a
drawing that names its provinces by code only, in one undo step; a line
that does not read refuses the whole paste and says which line."""
import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from tests.conftest import MAPS  # noqa: E402

# as DipWiki prints Youngstown's (the places by name, a coast in brackets)
LISTED = """ England
 F Edinburgh
 F London
 A Liverpool
 Russia
 A Warsaw
 A Moscow
 F St. Petersburg (SC)
 F Sevastopol
 Turkey
 F Ankara
 A Constantinople
 A Smyrna
"""


def _as_drawn(window):
    """The standard map as a drawing gives it: no powers, provinces named by their codes."""
    from dataclasses import replace
    from variantkit import edit
    from variantkit_editor.design_commands import EditVariant

    def strip(v):
        for p in v.provinces:
            v = edit.set_province(v, p.id, name=p.id.upper())
        return replace(v, powers=())
    window.open_path(str(MAPS / "standard"))
    window.doc.undo.push(EditVariant(window.doc, strip, "as drawn"))
    assert not window.doc.variant.powers and window.doc.variant.province("lvp").name == "LVP"


def _paste(qtbot, window, text):
    panel = window.powers
    window.docks["Powers"].raise_()
    qtbot.mouseClick(panel.paste_start, Qt.MouseButton.LeftButton)
    dialog = panel.start_dialog
    assert dialog.isVisible()
    QApplication.clipboard().setText(text)
    dialog.text.setFocus()
    qtbot.keyClick(dialog.text, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier)
    return dialog


def test_the_rules_start_list_pasted_gives_powers_homes_units_and_names(window, qtbot):
    _as_drawn(window)
    dialog = _paste(qtbot, window, LISTED)
    assert "3 powers, 10 units" in dialog.report.text()
    qtbot.mouseClick(dialog.apply_button, Qt.MouseButton.LeftButton)
    assert not dialog.isVisible()
    v = window.doc.variant
    russia = v.power("russia")
    assert [str(u) for u in russia.units] == ["A war", "A mos", "F stp/sc", "F sev"]
    assert russia.homes == ("war", "mos", "stp", "sev")
    assert (russia.name, russia.adjective, russia.letter) == ("Russia", "Russian", "R")
    # Liverpool is lvp (its letters in order), the Turks' adjective from the table
    assert [str(u) for u in v.power("england").units] == ["F edi", "F lon", "A lvp"]
    assert v.power("turkey").adjective == "Turkish"
    # the places the drawing left unnamed take the text's names
    assert v.province("lvp").name == "Liverpool" and v.province("stp").name == "St. Petersburg"
    assert window.doc.undo.undoText() == "Start of 3 powers from the rules text"
    window.doc.undo.undo()
    assert not window.doc.variant.powers and window.doc.variant.province("lvp").name == "LVP"


def test_a_place_that_does_not_read_refuses_the_paste_naming_its_line(window, qtbot):
    _as_drawn(window)
    # Magudisco is no province of the standard map
    dialog = _paste(qtbot, window, "Italy\nA Venice\nF Magudisco\nA Rome\n")
    assert "line 3: 'Magudisco' matches no province where it may start" in dialog.report.text()
    qtbot.mouseClick(dialog.apply_button, Qt.MouseButton.LeftButton)
    assert dialog.isVisible() and not window.doc.variant.powers  # nothing applied
    # the designer writes the code on that line: now it reads
    dialog.text.setPlainText("Italy\nA Venice\nF nap\nA Rome\n")
    qtbot.mouseClick(dialog.apply_button, Qt.MouseButton.LeftButton)
    assert [str(u) for u in window.doc.variant.power("italy").units] == ["A ven", "F nap", "A rom"]
