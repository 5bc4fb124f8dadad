"""Drawings of other conventions on the designer's path (issue 25): what the
editor makes of a file's name must be a variant it can save."""
import pytest

pytest.importorskip("PySide6")

from PySide6.QtGui import QAction  # noqa: E402
from PySide6.QtWidgets import QFileDialog  # noqa: E402


def _menu(window, text):
    [act] = [a for a in window.findChildren(QAction) if a.text().replace("&", "") == text]
    act.trigger()


def test_a_diplicity_drawing_opened_is_saved_under_an_id_the_schema_takes(window, reference, tmp_path, monkeypatch):
    drawing = reference / "corpus" / "diplicity" / "classical" / "classical.d.svg"
    saved = tmp_path / "classical" / "variant.yaml"
    monkeypatch.setattr(QFileDialog, "getOpenFileName", staticmethod(lambda *a, **k: (str(drawing), "")))
    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(lambda *a, **k: (str(saved), "")))
    _menu(window, "Open...")
    assert window.doc.variant.id == "classical"  # Diplicity's .d.svg is one suffix, not an id "classical.d"
    saved.parent.mkdir()
    _menu(window, "Save as...")
    assert saved.exists(), window.statusBar().currentMessage()
