"""PNG from SVG through Qt's own SVG renderer (no external programs).

Registered as the ``variantkit.rasterizers`` entry point ``qt``.
"""
from __future__ import annotations

import os


def _app():
    """The process's Qt application, made if there is none.

    A QApplication, not a QGuiApplication: Qt allows one application object
    per process, and a window made later in the same process (the editor, its
    tests) needs the widgets kind; Qt aborts the process otherwise."""
    if not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY"):
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")  # rendering needs no screen
    from PySide6.QtWidgets import QApplication
    return QApplication.instance() or QApplication([])


def svg_to_png(svg: bytes, path: str, scale: float = 1.0) -> None:
    app = _app()  # noqa: F841  (Qt paints only with an application object alive)
    from PySide6.QtCore import QByteArray, QRectF
    from PySide6.QtGui import QColor, QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer
    renderer = QSvgRenderer(QByteArray(svg))
    if not renderer.isValid():
        raise ValueError("the SVG could not be read by Qt's renderer")
    size = renderer.defaultSize()
    w, h = max(1, round(size.width() * scale)), max(1, round(size.height() * scale))
    image = QImage(w, h, QImage.Format.Format_ARGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    renderer.render(painter, QRectF(0, 0, w, h))
    painter.end()
    tmp = path + ".part.png"
    if not image.save(tmp):  # PNG by the suffix (the stubs refuse the str format Qt takes)
        raise OSError(f"could not write {path}")
    os.replace(tmp, path)
