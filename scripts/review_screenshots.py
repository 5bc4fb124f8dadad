"""Screenshots of the editor's review tools for the user guide, made from the
real widgets: a subvariant's changes from its base, and the balance panel.

    QT_QPA_PLATFORM=offscreen .venv/bin/python scripts/review_screenshots.py
"""
from __future__ import annotations

import os

from shots import OUT, ROOT, settle  # noqa: E402  (the checkout on the path, Qt offscreen)

from PySide6.QtCore import QThreadPool, Qt  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402




def main() -> None:
    from variantkit_editor.mainwindow import MainWindow
    app = QApplication.instance() or QApplication([])
    os.makedirs(OUT, exist_ok=True)
    w = MainWindow(ask=False)
    w.resize(1400, 900)
    w.show()
    w.open_path(os.path.join(ROOT, "maps", "youngstown", "no-omsk-fleets"))
    for name in ("Problems", "Play"):  # the map and the changes get the room
        w.docks[name].hide()
    w.select_province("oms")
    settle(app, w)
    # Omsk and the coasts it no longer reaches, closer up
    area = None
    for pid in ("oms", "sib", "stp", "mos", "omo"):
        r = w.scene.items_by_id[pid].sceneBoundingRect()
        area = r if area is None else area.united(r)
    w.view.fitted = False  # not the whole map: the close-up stays when the window settles
    w.view.fitInView(area.adjusted(-120, -80, 120, 80), Qt.AspectRatioMode.KeepAspectRatio)
    app.processEvents()
    w.grab().save(os.path.join(OUT, "editor-changes.png"))

    for name in ("Problems", "Play"):
        w.docks[name].show()
    w.scene.clearSelection()
    w.open_path(os.path.join(ROOT, "maps", "youngstown"))
    w.entries["balance"].trigger()  # Tools > Balance report...
    panel = w.review.balance
    panel.run_button.click()
    while panel.running:
        app.processEvents()
        QThreadPool.globalInstance().waitForDone(50)
    settle(app, w)
    w.grab().save(os.path.join(OUT, "editor-balance.png"))
    w.close()
    print("screenshots in", OUT)


if __name__ == "__main__":
    main()
