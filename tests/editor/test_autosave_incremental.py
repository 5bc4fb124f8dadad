"""The autosave is incremental (issue 26): what the timer writes after an
edit is the document as it is, every file as a whole write would make it,
though only what changed was made again."""
import json
import os
from pathlib import Path

import pytest

pytest.importorskip("PySide6")

from variantkit.io import load  # noqa: E402
from variantkit.io.records import canonical  # noqa: E402
from variantkit_editor import recovery  # noqa: E402
from variantkit_editor.commands import MoveVertex  # noqa: E402
from tests.conftest import MAPS  # noqa: E402


def _rename(window, old, new):
    window.select_province(old)
    window.properties.id_edit.setText(new)
    window.properties.id_edit.editingFinished.emit()


def _autosaved(window):
    return load(os.path.join(window.recovery.folder, "variant.yaml")).variant


def test_each_tick_writes_the_document_as_it_is_then(window):
    window.open_path(str(MAPS / "standard"))
    _rename(window, "par", "lut")
    window.autosave.timeout.emit()  # the timer fires
    assert _autosaved(window) == canonical(window.doc.variant)
    _rename(window, "ber", "brl")
    window.autosave.timeout.emit()
    got = _autosaved(window)
    assert got == canonical(window.doc.variant) and got.province("lut") and got.province("brl")
    assert recovery.read_meta(window.recovery.folder)["path"] == os.path.abspath(window.doc.path)
    window.doc.undo.undo()  # back to one rename: the next autosave says so
    window.autosave.timeout.emit()
    got = _autosaved(window)
    assert got.province("ber") is not None and got.province("lut") is not None
    window.doc.undo.setClean()


def test_the_shapes_written_after_each_drag_are_the_whole_outlines(window):
    window.open_path(str(MAPS / "standard"))
    pids = sorted(window.doc.outlines)[:2]
    for step, pid in enumerate(pids * 2):
        x, y = window.doc.outlines[pid][0][1]
        window.doc.undo.push(MoveVertex(window.doc, pid, 0, 1, (x + 3, y)))
        window.autosave.timeout.emit()
        text = Path(window.recovery.folder, "outlines.json").read_text()
        # the text a whole encoding makes, though one province was encoded again
        assert text == json.dumps({"width": window.doc.art_width, "height": window.doc.art_height,
                                   "outlines": window.doc.outlines}), step
        assert json.loads(text)["outlines"][pid][0][1] == [x + 3, y]
    window.doc.undo.setClean()


def test_an_autosave_that_cannot_be_written_is_said_and_the_editing_goes_on(window, monkeypatch):
    window.open_path(str(MAPS / "standard"))
    _rename(window, "par", "lut")

    def full(path, data):
        raise OSError(28, "No space left on device")
    from variantkit.session import autosave
    monkeypatch.setattr(autosave, "atomic_write", full)
    window.autosave.timeout.emit()
    assert "autosave failed: No space left on device" in window.statusBar().currentMessage()
    assert window.doc.variant.province("lut") is not None
    window.doc.undo.setClean()
