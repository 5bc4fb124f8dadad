"""The editor on the jDip Youngstown drawing: opening it (import, inference,
scene) and redrawing after a vertex moves.

    .venv/bin/python benchmarks/bench_editor.py [REFERENCE_DIR]
"""
from __future__ import annotations

import os
import statistics
import sys
import time

import checkout  # noqa: E402  (this checkout's variantkit and editor, whatever the environment)

ROOT = checkout.ROOT
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtWidgets import QApplication  # noqa: E402


def main() -> None:
    ref = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "..", "shared", "reference")
    from variantkit_editor.commands import MoveVertex
    from variantkit_editor.mainwindow import MainWindow
    app = QApplication.instance() or QApplication([])
    w = MainWindow(ask=False)
    w.show()
    app.processEvents()
    t0 = time.perf_counter()
    w.open_path(os.path.join(ref, "jdip", "youngstown.svg"))
    app.processEvents()
    opened = time.perf_counter() - t0
    pid = sorted(w.doc.outlines)[0]
    x, y = w.doc.outlines[pid][0][1]
    times = []
    for i in range(30):
        t0 = time.perf_counter()
        w.doc.undo.push(MoveVertex(w.doc, pid, 0, 1, (x + i * 0.5, y)))
        w.view.viewport().repaint()
        times.append(time.perf_counter() - t0)
    print(f"open the jDip Youngstown drawing in the editor (import, inference, scene): {opened * 1000:.0f} ms")
    step = statistics.median(times) * 1000
    print(f"redraw after a vertex moves (one drag step, the view repainted): median {step:.0f} ms")
    w.doc.undo.setClean()
    w.close()


if __name__ == "__main__":
    main()
