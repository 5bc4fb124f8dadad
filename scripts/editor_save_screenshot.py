"""The picture of a refused save in docs/editor.md, made from the real
widgets: Paris's name cleared in Properties, then File > Save.

    xvfb-run -a .venv/bin/python scripts/editor_save_screenshot.py
"""
from __future__ import annotations

import os
import shutil
import sys
import tempfile

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
sys.path.insert(0, ROOT)


def main() -> None:
    work = tempfile.mkdtemp(prefix="vk-shot-")
    os.environ["XDG_DATA_HOME"] = os.environ["XDG_CONFIG_HOME"] = work  # no trace in the user's files
    from PySide6.QtCore import QTimer
    from PySide6.QtGui import QAction
    from PySide6.QtWidgets import QApplication
    from variantkit_editor.mainwindow import MainWindow
    app = QApplication.instance() or QApplication([])
    w = MainWindow(ask=False)
    w.show()
    shutil.copytree(os.path.join(ROOT, "maps", "standard"), os.path.join(work, "standard"))
    w.open_path(os.path.join(work, "standard"))
    out = os.path.join(ROOT, "docs", "images", "editor-save-refused.png")

    def step():
        w.select_province("par")
        w.properties.name_edit.setText("")
        w.properties.name_edit.editingFinished.emit()
        [a for a in w.findChildren(QAction) if a.text() == "&Save"][0].trigger()
        app.processEvents()
        w.grab().save(out)
        w.doc.undo.setClean()
        w.close()
        app.quit()
    QTimer.singleShot(1500, step)  # once the window is laid out and fitted
    app.exec()
    shutil.rmtree(work, ignore_errors=True)
    print("picture in", out)


if __name__ == "__main__":
    main()
