"""Screenshots of the editor for the user guide, made from the real widgets.

    QT_QPA_PLATFORM=offscreen .venv/bin/python scripts/editor_screenshots.py
"""
from __future__ import annotations

import os
import tempfile

from shots import OUT, ROOT, settle  # noqa: E402  (the checkout on the path, Qt offscreen)

from PySide6.QtWidgets import QApplication  # noqa: E402

DRAWING = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300">
<rect id="nsea" fill="#99ccff" x="0" y="0" width="300" height="60"/>
<rect id="ssea" fill="#99ccff" x="0" y="240" width="300" height="60"/>
<rect id="west" fill="#eedd99" x="0" y="60" width="100" height="180"/>
<rect id="mid" fill="#eedd99" x="100" y="60" width="100" height="180"/>
<rect id="mid-nc" x="100" y="60" width="100" height="90"/>
<rect id="mid-sc" x="100" y="150" width="100" height="90"/>
<path id="east" fill="#eedd99" d="M200 60 H300 V240 H200 Z M230 120 H270 V180 H230 Z"/>
<rect id="canal" fill="#99ccff" x="230" y="120" width="40" height="60"/>
<rect id="alps" fill="#808080" x="300" y="100" width="40" height="100"/>
<polygon id="box" fill="#99ccff" points="360,20 390,20 390,50 360,50"/>
</svg>"""



def main() -> None:
    from variantkit_editor.mainwindow import MainWindow
    app = QApplication.instance() or QApplication([])
    os.makedirs(OUT, exist_ok=True)
    w = MainWindow(ask=False)
    w.show()
    w.open_path(os.path.join(ROOT, "maps", "youngstown"))
    w.select_province("egy")
    settle(app, w)
    w.grab().save(os.path.join(OUT, "editor-youngstown.png"))
    with tempfile.TemporaryDirectory() as tmp:
        svg = os.path.join(tmp, "small.svg")
        with open(svg, "w") as fh:
            fh.write(DRAWING)
        w.open_path(svg)
        settle(app, w)
        w.grab().save(os.path.join(OUT, "editor-proposals.png"))
        w.proposals._accept_all()
        w.select_province("canal")
        settle(app, w)
        w.grab().save(os.path.join(OUT, "editor-accepted.png"))
    w.open_path(os.path.join(ROOT, "maps", "loeb9"))
    w.use_tool("play")
    for power, order in (("spain", "A cor - naf"), ("norway", "F cop - hel"), ("germany", "A mun - bur"),
                         ("france", "A par - bur"), ("russia", "F stp/nc - bar")):
        w.play.add_order(order, power)
    w.play.adjudicate()
    settle(app, w)
    w.grab().save(os.path.join(OUT, "editor-play.png"))
    w.doc.undo.setClean()
    w.close()
    print("screenshots in", OUT)


if __name__ == "__main__":
    main()
