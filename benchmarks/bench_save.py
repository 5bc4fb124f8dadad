"""The editor's save and autosave on Youngstown with the jDip drawing as its
art, as the user does them: a province renamed in the Properties panel, then
File > Save (the bytes loaded and checked before anything is written, the
drawing's ids rewritten in its copy, both written atomically), and the
autosave of the same unsaved work.

    .venv/bin/python benchmarks/bench_save.py [REFERENCE_DIR]
"""
from __future__ import annotations

import os
import shutil
import statistics
import sys
import tempfile
import time

ROOT = os.path.join(os.path.dirname(__file__), "..")
sys.path.insert(0, ROOT)
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtWidgets import QApplication  # noqa: E402


def main() -> None:
    ref = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "..", "shared", "reference")
    work = tempfile.mkdtemp(prefix="bench-save-")
    os.environ["XDG_DATA_HOME"] = os.path.join(work, "data")   # the autosaves stay in here
    from variantkit_editor.mainwindow import MainWindow
    folder = os.path.join(work, "youngstown")
    os.makedirs(folder)
    shutil.copy(os.path.join(ref, "jdip", "youngstown.svg"), folder)
    with open(os.path.join(ROOT, "maps", "youngstown", "variant.yaml"), encoding="utf-8") as fh:
        text = fh.read().replace("\nid: youngstown\n", "\nid: youngstown\nart: youngstown.svg\n", 1)
    with open(os.path.join(folder, "variant.yaml"), "w", encoding="utf-8") as fh:
        fh.write(text)
    app = QApplication.instance() or QApplication([])
    w = MainWindow(ask=False)
    w.show()
    w.open_path(folder)
    app.processEvents()
    saves, autosaves = [], []
    from PySide6.QtGui import QAction
    save = [a for a in w.findChildren(QAction) if a.text() == "&Save"][0]   # File > Save
    for i in range(7):
        old, new = ("mos", "msk") if i % 2 == 0 else ("msk", "mos")
        w.select_province(old)
        w.properties.id_edit.setText(new)
        w.properties.id_edit.editingFinished.emit()
        t0 = time.perf_counter()
        w.write_recovery()
        autosaves.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        save.trigger()
        saves.append(time.perf_counter() - t0)
        assert not w.doc.modified, w.statusBar().currentMessage()
    print(f"File > Save of Youngstown after a rename (check of the bytes, drawing ids rewritten, "
          f"both written): median {statistics.median(saves) * 1000:.0f} ms")
    print(f"autosave of the same work: median {statistics.median(autosaves) * 1000:.1f} ms")
    w.close()
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
