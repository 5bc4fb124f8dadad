"""Screenshots of the designer's path for the user guide, made from the real
widgets: the "what is left" view of the Problems panel on jDip's Youngstown
drawing with its proposals accepted, a new power's name suggesting the rest;
the Rename codes field saying where a list of renames is wrong.

    QT_QPA_PLATFORM=offscreen .venv/bin/python scripts/designer_screenshots.py [REFERENCE_DIR]
"""
from __future__ import annotations

import os
import sys

from shots import OUT, ROOT, settle  # noqa: E402  (the checkout on the path, Qt offscreen)

from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402




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
    # codes renamed many at once: a list with a code the drawing lacks, said at its place
    w.docks["Provinces"].raise_()
    w.table.renames.setText("gob -> bot, gol -> lyo, nrg -> nwg, sch -> scs, gbo -> gob")
    QTest.keyClick(w.table.renames, Qt.Key.Key_Return)
    settle(app, w)
    w.grab().save(os.path.join(OUT, "editor-rename-codes.png"))
    w.doc.undo.setClean()
    w.close()


if __name__ == "__main__":
    main()
