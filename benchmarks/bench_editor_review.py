"""The editor's review tools as the user drives them: Tools > Balance report
on Youngstown at the default game count (Run clicked until the table is
filled), with the longest the window went without handling events while the
games were played; and opening the no-Omsk-fleets subvariant with its
changes marked, then toggling the marks off and on.

    QT_QPA_PLATFORM=offscreen .venv/bin/python benchmarks/bench_editor_review.py
"""
from __future__ import annotations

import os
import statistics
import time

import checkout  # noqa: E402  (this checkout's variantkit and editor, whatever the environment)

ROOT = checkout.ROOT
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QTimer  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402


def main() -> None:
    from variantkit_editor.mainwindow import MainWindow
    app = QApplication.instance() or QApplication([])
    w = MainWindow(ask=False)
    w.show()
    app.processEvents()

    w.open_path(os.path.join(ROOT, "maps", "youngstown"))
    w.entries["balance"].trigger()  # Tools > Balance report...
    panel = w.review.balance
    ticks = []
    timer = QTimer()
    timer.setInterval(10)
    timer.timeout.connect(lambda: ticks.append(time.perf_counter()))
    runs, stalls = [], []
    for _ in range(3):
        ticks.clear()
        timer.start()
        t0 = time.perf_counter()
        panel.run_button.click()
        while panel.running:
            app.processEvents()
            time.sleep(0.002)
        runs.append(time.perf_counter() - t0)
        timer.stop()
        stalls.append(max(b - a for a, b in zip(ticks, ticks[1:])))
    print(f"balance panel, Youngstown, {panel.games.value()} games of {panel.years.value()} years: "
          f"median {statistics.median(runs):.2f} s (runs {', '.join(f'{r:.2f}' for r in runs)}); "
          f"longest the window went without handling events: {max(stalls) * 1000:.0f} ms")

    t0 = time.perf_counter()
    w.open_path(os.path.join(ROOT, "maps", "youngstown", "no-omsk-fleets"))
    app.processEvents()
    opened = time.perf_counter() - t0
    toggles = []
    for _ in range(10):
        t0 = time.perf_counter()
        w.entries["show_changes"].trigger()  # View > Show changes from base
        w.view.viewport().repaint()
        toggles.append(time.perf_counter() - t0)
    print(f"open Youngstown without fleets in Omsk, changes marked: {opened * 1000:.0f} ms; "
          f"Show changes from base toggled and repainted: median {statistics.median(toggles) * 1000:.0f} ms")
    w.close()


if __name__ == "__main__":
    main()
