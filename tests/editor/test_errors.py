"""A failure the editor did not expect: logged with its traceback, and a dialog
that says what failed and where the log is."""
import logging
import sys
import threading

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import QTimer  # noqa: E402
from PySide6.QtWidgets import QApplication, QMessageBox  # noqa: E402

from variantkit import logs  # noqa: E402
from variantkit_editor import errors  # noqa: E402


def test_an_exception_in_a_slot_shows_a_dialog_and_is_logged(window, qtbot, tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path))
    monkeypatch.setattr(sys, "excepthook", sys.excepthook)  # restored after the test
    monkeypatch.setattr(threading, "excepthook", threading.excepthook)
    path = logs.configure("editor", stderr=False)
    errors.install(path, ask=True)
    shown = []

    def close_the_dialog():
        box = QApplication.activeModalWidget()
        if isinstance(box, QMessageBox):
            shown.append((box.windowTitle(), box.text(), box.informativeText()))
            box.grab().save(str(tmp_path / "dialog.png"))
            box.accept()
    QTimer.singleShot(200, close_the_dialog)

    def slot():
        raise RuntimeError("the scene lost an item")
    # what Qt does with an exception escaping a slot: hand it to sys.excepthook
    try:
        slot()
    except RuntimeError:
        sys.excepthook(*sys.exc_info())
    assert shown and shown[0][1] == "RuntimeError: the scene lost an item"
    assert path in shown[0][2]
    for handler in logging.getLogger().handlers:
        handler.flush()
    text = (tmp_path / "variantkit" / "editor.log").read_text()
    logs.reset()
    assert "Traceback" in text and "the scene lost an item" in text
