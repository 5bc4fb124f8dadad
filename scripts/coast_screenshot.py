"""The "Draw a coast" tool in use, for the user guide: the standard map over
the `diplomacy` package's drawing (read from the reference folder), Spain's
coasts emptied, its north shore drawn (waiting, dashed, for the other side)
and the south shore being drawn.

    QT_QPA_PLATFORM=offscreen .venv/bin/python scripts/coast_screenshot.py
"""
from __future__ import annotations

import os
import shutil
import sys
import tempfile

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
sys.path.insert(0, ROOT)
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QEvent, QPointF, QRectF, Qt  # noqa: E402
from PySide6.QtWidgets import QApplication, QGraphicsSceneMouseEvent  # noqa: E402

OUT = os.path.join(ROOT, "docs", "images", "editor-coast-line.png")
REFERENCE = os.environ.get("VARIANTKIT_REFERENCE", os.path.join(ROOT, "..", "shared", "reference"))


def mouse(scene, kind: str, x: float, y: float) -> None:
    types = {"press": QEvent.Type.GraphicsSceneMousePress, "move": QEvent.Type.GraphicsSceneMouseMove,
             "release": QEvent.Type.GraphicsSceneMouseRelease}
    event = QGraphicsSceneMouseEvent(types[kind])
    event.setScenePos(QPointF(x, y))
    event.setButton(Qt.MouseButton.LeftButton)
    event.setButtons(Qt.MouseButton.LeftButton if kind != "release" else Qt.MouseButton.NoButton)
    {"press": scene.mousePressEvent, "move": scene.mouseMoveEvent, "release": scene.mouseReleaseEvent}[kind](event)


def shore(ring, start, via, end):
    """The outline's vertices from the one nearest ``start`` to the one nearest
    ``end``, the way round through ``via``: a hand tracing the shore."""
    ring = ring[:-1] if tuple(ring[0]) == tuple(ring[-1]) else ring
    n = len(ring)
    at = [min(range(n), key=lambda i: (ring[i][0] - p[0]) ** 2 + (ring[i][1] - p[1]) ** 2) for p in (start, via, end)]
    i, k, j = at
    steps = [(i + s) % n for s in range((j - i) % n + 1)]
    if k not in steps:
        steps = [(i - s) % n for s in range((i - j) % n + 1)]
    return [tuple(ring[s]) for s in steps]


def main() -> None:
    from variantkit_editor.mainwindow import MainWindow
    app = QApplication.instance() or QApplication([])
    folder = tempfile.mkdtemp(prefix="coast-shot-")
    try:
        shutil.copy(os.path.join(REFERENCE, "mila", "standard.svg"), os.path.join(folder, "standard.svg"))
        with open(os.path.join(ROOT, "maps", "standard", "variant.yaml"), encoding="utf-8") as fh:
            text = fh.read().replace("\nid: standard\n", "\nid: standard\nart: standard.svg\n", 1)
        with open(os.path.join(folder, "variant.yaml"), "w", encoding="utf-8") as fh:
            fh.write(text)
        w = MainWindow(ask=False)
        w.resize(1400, 900)
        w.show()
        w.open_path(folder)
        for name in ("Play", "Problems", "Provinces"):  # the map gets the room
            w.docks[name].hide()
        w.toggle_edges()  # the shore, not the graph, is what the picture is about
        w.select_province("spa")
        field = w.properties.coasts   # Spain as a designer first has it: no named coasts
        field.setText("")
        field.editingFinished.emit()
        w.tool_actions["coast"].trigger()
        ring = max(w.doc.outlines["spa"], key=len)
        north = shore(ring, (384, 982), (262, 930), (191, 968))
        mouse(w.scene, "press", *north[0])
        for p in north[1:]:
            mouse(w.scene, "move", *p)
        mouse(w.scene, "release", *north[-1])
        said = w.statusBar().currentMessage()
        south = shore(ring, (175, 1144), (300, 1200), (491, 1047))
        mouse(w.scene, "press", *south[0])   # the south shore half drawn: the button still down
        for p in south[1:len(south) * 2 // 3]:
            mouse(w.scene, "move", *p)
        w.statusBar().showMessage(said)
        for _ in range(5):
            app.processEvents()
        w.view.fitted = False  # Iberia close up
        w.view.fitInView(QRectF(120, 860, 440, 380), Qt.AspectRatioMode.KeepAspectRatio)
        app.processEvents()
        w.grab().save(OUT)
        print(OUT)
        w.doc.undo.setClean()
        w.close()
    finally:
        shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
