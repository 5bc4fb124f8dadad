"""The autosave timer writes in the background (issue 26): the state it
writes is the one taken when the timer fired, later edits go in the next
autosave, a failure is said in the status bar, and a save or close waits for
a write still going before it clears the folder."""
import os
from pathlib import Path

import pytest

pytest.importorskip("PySide6")

from variantkit.io import load  # noqa: E402
from variantkit_editor import recovery  # noqa: E402
from tests.conftest import MAPS  # noqa: E402


def _rename(window, old, new):
    window.select_province(old)
    window.properties.id_edit.setText(new)
    window.properties.id_edit.editingFinished.emit()


def _written(window, qtbot):
    """The autosave's variant once its background write is done."""
    worker = window.recovery._worker
    qtbot.waitUntil(lambda: worker is None or not worker.is_alive(), timeout=10000)
    return load(os.path.join(window.recovery.folder, "variant.yaml")).variant


def test_the_timer_writes_the_state_it_fired_on_and_the_next_tick_the_newer(window, qtbot):
    window.open_path(str(MAPS / "standard"))
    _rename(window, "par", "lut")
    window.autosave.timeout.emit()  # the timer fires
    _rename(window, "ber", "brl")  # edited on while the write goes on
    first = _written(window, qtbot)
    assert first.province("lut") is not None and first.province("ber") is not None
    meta = recovery.read_meta(window.recovery.folder)
    assert meta["path"] == os.path.abspath(window.doc.path)
    window.autosave.timeout.emit()
    second = _written(window, qtbot)
    assert second.province("lut") is not None and second.province("brl") is not None
    assert second == load(os.path.join(window.recovery.folder, "variant.yaml")).variant
    window.doc.undo.setClean()


def test_a_failed_background_write_is_said_in_the_status_bar(window, qtbot, monkeypatch):
    window.open_path(str(MAPS / "standard"))
    _rename(window, "par", "lut")

    def full(path, data):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(recovery, "atomic_write", full)
    window.autosave.timeout.emit()
    qtbot.waitUntil(lambda: "autosave failed: No space left on device" in window.statusBar().currentMessage(),
                    timeout=10000)
    window.doc.undo.setClean()


def test_a_save_waits_for_the_write_going_on_and_clears_the_folder(window, qtbot, tmp_path):
    window.open_path(str(MAPS / "standard"))
    _rename(window, "par", "lut")
    window.autosave.timeout.emit()
    folder = window.recovery.folder
    assert folder is not None and os.path.isdir(folder)
    window.save_as(str(tmp_path / "saved" / "variant.yaml"))
    # the write that was going on finished first: nothing is left behind in the folder
    assert window.recovery._worker is None and not os.path.exists(folder)
    assert load(str(tmp_path / "saved" / "variant.yaml")).variant.province("lut") is not None


def test_the_shapes_drawn_here_are_autosaved_in_the_background(window, qtbot):
    from variantkit_editor.commands import MoveVertex
    window.open_path(str(MAPS / "standard"))
    pid = sorted(window.doc.outlines)[0]
    x, y = window.doc.outlines[pid][0][1]
    window.doc.undo.push(MoveVertex(window.doc, pid, 0, 1, (x + 3, y)))
    window.autosave.timeout.emit()
    _written(window, qtbot)
    import json
    text = Path(window.recovery.folder, "outlines.json").read_text()
    assert text == json.dumps({"width": window.doc.art_width, "height": window.doc.art_height,
                               "outlines": window.doc.outlines})
    assert json.loads(text)["outlines"][pid][0][1] == [x + 3, y]
    window.doc.undo.setClean()
