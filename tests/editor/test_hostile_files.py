"""The editor against tampered files (issue 21): a recovery folder tampered
or truncated in each way a crash or a user could is skipped and named, never
a start-up crash (the real entry point started on them); a restore that
fails part way leaves the document and the folder as they were; the recorded
path of an autosave is not trusted on save; a file changed on disk since it
was opened or saved is noticed before it is overwritten; a second window on
an open file is told so; Save As never reads a FIFO or /dev/zero named like
the drawing in the target folder."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytest.importorskip("PySide6")

from variantkit_editor import commands as C  # noqa: E402
from variantkit_editor.mainwindow import MainWindow  # noqa: E402
from variantkit_editor.recovery import left_behind, recovery_root  # noqa: E402
from tests.conftest import MAPS, ROOT  # noqa: E402
from tests.editor.qt_helpers import Answers  # noqa: E402


@pytest.fixture
def answers(qtbot):
    a = Answers(qtbot)
    yield a
    a.stop()


def action(window, path):
    from PySide6.QtWidgets import QMenu
    menu_name, _, entry = path.partition("/")
    for menu in window.menuBar().findChildren(QMenu):
        if menu.title().replace("&", "") == menu_name:
            for act in menu.actions():
                if act.text().replace("&", "") == entry:
                    return act
    raise KeyError(path)


def snapshot(folder: Path) -> dict:
    out = {}
    for p in sorted(folder.iterdir()):
        if p.name == "lock":
            continue
        out[p.name] = p.read_bytes() if p.is_file() and not p.is_symlink() else str(p)
    return out


def an_autosave(window, tmp_path) -> Path:
    """A good recovery folder left behind: the tutorial copied, a province
    renamed, autosaved, the lock let go (as a killed editor's would be)."""
    copy = tmp_path / "tutorial"
    if not copy.exists():
        shutil.copytree(MAPS / "tutorial", copy)
    window.open_path(str(copy))
    pid = window.doc.variant.provinces[0].id
    window.doc.undo.push(C.SetProvinceField(window.doc, pid, "name", "Renamed"))
    window.write_recovery()
    folder = Path(window.recovery.folder)
    window.recovery.release()
    window.recovery.folder = None
    window.doc.undo.setClean()
    return folder


def tamper_all(good: Path) -> dict:
    """Every way left_behind must pass over a folder, each a folder of its own;
    name -> the folder's path."""
    root = good.parent
    made = {}

    def clone(name):
        f = root / name
        shutil.copytree(good, f)
        made[name] = f
        return f
    meta = (good / "meta.json").read_bytes()
    clone("truncated-meta").joinpath("meta.json").write_bytes(meta[: len(meta) // 2])
    rec = json.loads(meta)
    for key, value in (("path", ["a", "list"]), ("saved_at", "yesterday"), ("proposals", [["a"]]),
                       ("art_ids", [1, 2]), ("rejected", "x")):
        clone(f"wrong-{key}").joinpath("meta.json").write_text(json.dumps(dict(rec, **{key: value})))
    clone("meta-a-list").joinpath("meta.json").write_text("[1, 2, 3]")
    clone("meta-not-utf8").joinpath("meta.json").write_bytes(b'{"name": "\xff\xfe"}')
    f = clone("meta-a-folder")
    (f / "meta.json").unlink()
    (f / "meta.json").mkdir()
    f = clone("meta-a-fifo")
    (f / "meta.json").unlink()
    os.mkfifo(f / "meta.json")
    f = clone("meta-dev-zero")
    (f / "meta.json").unlink()
    os.symlink("/dev/zero", f / "meta.json")
    clone("meta-huge").joinpath("meta.json").write_text(json.dumps(dict(rec, name="x" * 5_000_000)))
    f = clone("lock-a-fifo")
    (f / "lock").unlink(missing_ok=True)
    os.mkfifo(f / "lock")
    f = clone("lock-a-folder")
    (f / "lock").unlink(missing_ok=True)
    (f / "lock").mkdir()
    f = clone("no-meta")
    (f / "meta.json").unlink()
    (root / "a-stray-file").write_text("not a folder")
    made["a-stray-file"] = root / "a-stray-file"
    return made


def test_left_behind_skips_and_names_every_tampered_folder(window, tmp_path):
    good = an_autosave(window, tmp_path)
    bad = tamper_all(good)
    skipped = []
    start = time.monotonic()
    found = left_behind(skipped)
    assert time.monotonic() - start < 10
    assert found == [str(good)]
    assert sorted(os.path.basename(f) for f, _ in skipped) == sorted(bad)
    assert all(why for _, why in skipped)


# The real entry point, with a window: every recovery dialog answered
# "Recover"; the application quits after a few seconds.
START = r"""
import os, sys
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMessageBox
app = QApplication(sys.argv[:1])
def answer():
    w = QApplication.activeModalWidget()
    if isinstance(w, QMessageBox):
        for b in w.buttons():
            if b.text() == "Recover":
                b.click()
                return
        w.reject()
t = QTimer(); t.timeout.connect(answer); t.start(50)
QTimer.singleShot(4000, app.quit)
from variantkit_editor.app import main
rc = main([])
print("started", rc, flush=True)
"""


def test_the_editor_starts_on_a_tampered_recovery_folder(window, tmp_path):
    good = an_autosave(window, tmp_path)
    bad = tamper_all(good)
    # the one folder offered fails half way: its variant file is cut short
    (good / "variant.yaml").write_bytes((good / "variant.yaml").read_bytes()[:200] + b"\n  - [unclosed")
    before = {name: snapshot(f) for name, f in bad.items() if f.is_dir()}
    good_before = snapshot(good)
    env = dict(os.environ, XDG_DATA_HOME=str(tmp_path / "data"), XDG_CONFIG_HOME=str(tmp_path / "config"),
               QT_QPA_PLATFORM="offscreen", DISPLAY=":99", PYTHONPATH=str(ROOT))
    run = subprocess.run([sys.executable, "-c", START], env=env, capture_output=True, text=True, timeout=120)
    assert "Traceback" not in run.stderr, run.stderr
    assert run.returncode == 0 and "started 0" in run.stdout, run.stderr
    for name in bad:
        assert name in run.stderr  # each named
    assert {name: snapshot(f) for name, f in bad.items() if f.is_dir()} == before  # and left as it was
    assert snapshot(good) == good_before


@pytest.mark.parametrize("kind", ["variant-truncated", "variant-wrong-types", "outlines-wrong-types",
                                  "outlines-truncated", "drawing-a-fifo", "base-garbage"])
def test_a_failed_restore_leaves_the_document_and_the_folder(window, tmp_path, kind):
    good = an_autosave(window, tmp_path)
    yaml = good / "variant.yaml"
    if kind == "variant-truncated":
        yaml.write_bytes(yaml.read_bytes()[: len(yaml.read_bytes()) // 3])
    elif kind == "variant-wrong-types":
        yaml.write_text("format: 1\nid: [x]\nname: {a: b}\nprovinces: 7\n")
    elif kind == "outlines-wrong-types":
        (good / "outlines.json").write_text(json.dumps({"width": "wide", "height": 3, "outlines": []}))
    elif kind == "outlines-truncated":
        (good / "outlines.json").write_text('{"width": 10, "height": 10, "outlines": {"a": [[[1, 2], [3')
    elif kind == "drawing-a-fifo":
        (good / "outlines.json").write_text(json.dumps({"width": 10, "height": 10, "outlines": {"a": [[1]]}}))
        (good / "drawing.svg").unlink(missing_ok=True)
        os.mkfifo(good / "drawing.svg")
    elif kind == "base-garbage":
        meta = json.loads((good / "meta.json").read_text())
        garbage = tmp_path / "base.yaml"
        garbage.write_text("format: 1\nid: 3\n")
        (good / "meta.json").write_text(json.dumps(dict(meta, base_path=str(garbage))))
    window.open_path(str(MAPS / "standard"))
    variant, path = window.doc.variant, window.doc.path
    before = snapshot(good)
    start = time.monotonic()
    assert window.offer_recovery() is False
    assert time.monotonic() - start < 15
    assert window.doc.variant is variant and window.doc.path == path and not window.doc.modified
    assert snapshot(good) == before
    assert "cannot recover" in window.statusBar().currentMessage()
    assert str(good) in left_behind()  # still there for later


def test_the_recorded_path_is_not_trusted_on_save(window, answers, tmp_path):
    good = an_autosave(window, tmp_path)
    precious = tmp_path / "precious.txt"
    precious.write_text("not a variant\n")
    meta = json.loads((good / "meta.json").read_text())
    (good / "meta.json").write_text(json.dumps(dict(meta, path=str(precious))))
    window.open_path(str(MAPS / "standard"))
    assert window.offer_recovery()
    assert window.doc.path is None and window.doc.modified
    assert not window.save()  # no file name: Save asks where (cancelled here)
    assert precious.read_text() == "not a variant\n"


def test_two_windows_on_one_file(window, qtbot, tmp_path):
    target = tmp_path / "variant.yaml"
    shutil.copy(MAPS / "standard" / "variant.yaml", target)
    window.open_path(str(target))
    other = MainWindow(ask=False)
    qtbot.addWidget(other)
    other.show()
    other.open_path(str(target))
    assert other.also_open_in == [window]  # told so
    assert "also open in another window" in other.statusBar().currentMessage()
    window.select_province("par")
    window.properties.name_edit.setText("Lutetia")
    window.properties.name_edit.editingFinished.emit()
    action(window, "File/Save").trigger()
    assert "Lutetia" in target.read_text()
    other.select_province("bre")
    other.properties.name_edit.setText("Brest-Ouest")
    other.properties.name_edit.editingFinished.emit()
    action(other, "File/Save").trigger()  # the file changed since other opened it: noticed
    text = target.read_text()
    assert "Lutetia" in text and "Brest-Ouest" not in text
    assert other.doc.modified and "changed on disk" in other.statusBar().currentMessage()
    # the first window saves again: its own save is not "another writer"
    window.select_province("par")
    window.properties.name_edit.setText("Paris")
    window.properties.name_edit.editingFinished.emit()
    action(window, "File/Save").trigger()
    assert "Lutetia" not in target.read_text() and not window.doc.modified
    other.doc.undo.setClean()
    other.close()


@pytest.mark.parametrize("kind", ["fifo", "dev-zero"])
def test_save_as_never_reads_a_fifo_or_device_named_like_the_drawing(window, answers, tmp_path, kind):
    svg = tmp_path / "art.svg"
    svg.write_text('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">'
                   '<rect id="aaa" fill="#eedd99" x="0" y="0" width="50" height="100"/>'
                   '<rect id="bbb" fill="#eedd99" x="50" y="0" width="50" height="100"/></svg>')
    window.open_path(str(svg))
    out = tmp_path / "out"
    out.mkdir()
    if kind == "fifo":
        os.mkfifo(out / "art.svg")
    else:
        os.symlink("/dev/zero", out / "art.svg")
    answers.files.append(str(out / "variant.yaml"))
    start = time.monotonic()
    action(window, "File/Save as...").trigger()
    assert time.monotonic() - start < 15
    assert (out / "variant.yaml").exists()
    assert "art: art-2.svg" in (out / "variant.yaml").read_text()  # beside it, never over it
    assert (out / "art-2.svg").read_bytes() == svg.read_bytes()
    assert (out / "art.svg").is_fifo() if kind == "fifo" else (out / "art.svg").is_symlink()
    assert recovery_root()


@pytest.mark.parametrize("kind", ["nested-scale", "far-point", "infinite-number", "circle", "curve", "viewbox"])
def test_opening_a_drawing_whose_numbers_overflow_is_refused(window, tmp_path, kind):
    """The editor's open of a drawing, and of a variant whose art it is:
    VK818 in the Problems panel and the status bar, never a traceback, and
    the document open before is kept."""
    from tests.svg.test_out_of_range import drawing
    window.open_path(str(MAPS / "tutorial"))
    before = window.doc.variant
    svg = tmp_path / f"{kind}.svg"
    svg.write_text(drawing(kind))
    assert not window.open_checked(str(svg))
    assert "VK818" in window.statusBar().currentMessage()
    assert window.doc.variant is before
    copy = tmp_path / "tutorial"
    shutil.copytree(MAPS / "tutorial", copy)
    shutil.copy(svg, copy / "map.svg")
    assert not window.open_checked(str(copy / "variant.yaml"))
    assert "VK818" in window.statusBar().currentMessage()
    assert window.doc.variant is before


def test_the_judge_panel_reads_a_jdip_file_with_a_malformed_colour(window, tmp_path):
    """rgb(1.5,0,0) in the drawing's style sheet raised out of the panel's
    read; now the panel offers what the file says and names the colour's line."""
    from variantkit.cli import main
    folder = tmp_path / "jd"
    assert main(["export", "jdip", str(MAPS / "standard" / "variant.yaml"), "-o", str(folder)]) == 0
    svg = folder / "standard.svg"
    svg.write_text(svg.read_text().replace(".austria {fill:#c8403a}", ".austria {fill:rgb(1.5,0,0)}"))
    window.open_path(str(MAPS / "tutorial"))
    window.judge.read(str(folder / "variants.xml"))
    assert window.judge.source is not None and window.judge.tree.topLevelItemCount() > 0
    note = window.judge.note.text()
    assert f"{svg}:3: warning VK819" in note and "rgb(1.5,0,0)" in note
