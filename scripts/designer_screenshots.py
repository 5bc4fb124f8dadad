"""Screenshots of the designer's path for the user guide, made from the real
widgets: the "what is left" view of the Problems panel on jDip's Youngstown
drawing with its proposals accepted, a new power's name suggesting the rest.

    QT_QPA_PLATFORM=offscreen .venv/bin/python scripts/designer_screenshots.py [REFERENCE_DIR]
"""
from __future__ import annotations

import os
import sys

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
sys.path.insert(0, ROOT)
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QThreadPool, Qt  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

OUT = os.path.join(ROOT, "docs", "images")


def settle(app, window):
    window.validation.run_now()
    QThreadPool.globalInstance().waitForDone(120_000)
    for _ in range(5):
        app.processEvents()


def main() -> None:
    from variantkit_editor.mainwindow import MainWindow
    reference = sys.argv[1] if len(sys.argv) > 1 else os.path.join(ROOT, "..", "shared", "reference")
    app = QApplication.instance() or QApplication([])
    os.makedirs(OUT, exist_ok=True)
    w = MainWindow(ask=False)
    w.resize(1400, 900)
    w.show()
    w.open_path(os.path.join(reference, "jdip", "youngstown.svg"))
    w.docks["Play"].hide()
    w.proposals.accept_all.click()
    w.docks["Powers"].raise_()
    w.powers.new_button.click()
    w.powers.fields["name"].setText("Norway")
    w.powers._suggest("Norway")  # (as typing the name does: the suggestions shown)
    settle(app, w)
    w.resizeDocks([w.docks["Problems"]], [260], Qt.Orientation.Vertical)
    settle(app, w)
    w.grab().save(os.path.join(OUT, "editor-what-is-left.png"))
    w.doc.undo.setClean()
    w.close()


if __name__ == "__main__":
    main()
