"""A label's text and turn set on the map (issue 25, what Diplicity's Variant
Creator has): a double-click on the label's square asks for its text, a drag
with Shift turns it; kept in the variant file, drawn by render and written
into Diplicity's drawing."""
import re

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import QEvent, QPointF, Qt  # noqa: E402
from PySide6.QtGui import QAction, QMouseEvent  # noqa: E402
from PySide6.QtWidgets import QApplication, QDialogButtonBox, QFileDialog, QLineEdit  # noqa: E402

from tests.conftest import MAPS  # noqa: E402


def _menu(window, text):
    [act] = [a for a in window.findChildren(QAction) if a.text().replace("&", "") == text]
    act.trigger()


def _mouse(window, kind, x, y, shift=False):
    """The mouse on the map view at the scene point (x, y), as a person uses it:
    events sent to the view's viewport (a move carries the held button)."""
    view = window.view
    at = QPointF(view.mapFromScene(QPointF(x, y)))
    types = {"press": QEvent.Type.MouseButtonPress, "move": QEvent.Type.MouseMove,
             "release": QEvent.Type.MouseButtonRelease, "double": QEvent.Type.MouseButtonDblClick}
    held = Qt.MouseButton.NoButton if kind == "release" else Qt.MouseButton.LeftButton
    button = Qt.MouseButton.NoButton if kind == "move" else Qt.MouseButton.LeftButton
    modifiers = Qt.KeyboardModifier.ShiftModifier if shift else Qt.KeyboardModifier.NoModifier
    event = QMouseEvent(types[kind], at, view.viewport().mapToGlobal(at), button, held, modifiers)
    QApplication.sendEvent(view.viewport(), event)


def test_a_label_written_and_turned_on_the_map_is_kept_rendered_and_exported(window, qtbot, tmp_path, monkeypatch):
    from variantkit.board.render import render_svg
    from variantkit.io import load
    window.open_path(str(MAPS / "tutorial"))
    doc = window.doc
    _menu(window, "Move unit and label positions")
    x, y = doc.variant.province("cnl").label_pos  # The Canal: its label at its unit's spot
    # Shift and a drag down and right from the label: turned 45 degrees clockwise, one undo step
    _mouse(window, "press", x, y, shift=True)
    for step in range(1, 6):
        _mouse(window, "move", x + 8 * step, y + 8 * step, shift=True)
    _mouse(window, "release", x + 40, y + 40, shift=True)
    cnl = doc.variant.province("cnl")
    assert cnl.label_angle == 45.0 and cnl.label_pos == (x, y) and cnl.unit_pos == (370.0, 170.0)
    assert doc.undo.undoText() == "Turn the label of cnl"
    steps = doc.undo.count()
    # a double-click on the label: its text asked for, typed, OK
    _mouse(window, "double", x, y)
    dialog = window.tools["positions"].text_dialog
    assert dialog.isVisible() and "The Canal" in dialog.labelText()
    field = dialog.findChild(QLineEdit)
    field.selectAll()
    qtbot.keyClicks(field, "Canal of Kings")
    qtbot.mouseClick(dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok),
                     Qt.MouseButton.LeftButton)
    assert doc.variant.province("cnl").label == "Canal of Kings" and doc.undo.count() == steps + 1
    # the map shows it turned
    [label] = [i for i in window.scene.items() if hasattr(i, "text") and i.text() == "Canal of Kings"]
    assert label.rotation() == 45.0
    window.view.scale(2.0, 2.0)  # (for the picture: docs/images/editor-labels.png is this one)
    window.view.centerOn(QPointF(x, y))
    window.grab().save(str(tmp_path / "editor-labels.png"))
    # saved, loaded, rendered turned about its point, and in Diplicity's drawing
    saved = tmp_path / "tut" / "variant.yaml"
    saved.parent.mkdir()
    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(lambda *a, **k: (str(saved), "")))
    _menu(window, "Save as...")
    assert saved.exists(), window.statusBar().currentMessage()
    back = load(str(saved)).variant
    assert (back.province("cnl").label, back.province("cnl").label_angle) == ("Canal of Kings", 45.0)
    svg = render_svg(back).decode()
    assert re.search(r'<text [^>]*transform="rotate\(45 [\d.]+ [\d.]+\)"[^>]*>Canal of Kings</text>', svg)


def test_a_label_refuses_a_line_break_and_says_so(window, qtbot):
    window.open_path(str(MAPS / "tutorial"))
    doc = window.doc
    _menu(window, "Move unit and label positions")
    x, y = doc.variant.province("cnl").label_pos
    _mouse(window, "double", x, y)
    dialog = window.tools["positions"].text_dialog
    dialog.setTextValue("Canal\u2028of Kings")
    qtbot.mouseClick(dialog.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Ok),
                     Qt.MouseButton.LeftButton)
    assert doc.variant.province("cnl").label == "" and doc.undo.count() == 0
    assert "one line of text" in dialog.labelText() and dialog.isVisible()
