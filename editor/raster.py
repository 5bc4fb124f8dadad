"""PNG from SVG through Qt's own SVG renderer (no external programs).

Registered as the ``variantkit.rasterizers`` entry point ``qt``: SVG bytes in, PNG bytes out.
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


MAX_PIXELS = 128_000_000  # 512 MB of ARGB: a 1,200 x 800 map at --scale 10 is 96 million


def svg_to_png(svg: bytes, scale: float = 1.0) -> bytes:
    """The PNG's bytes; the library writes them (variantkit.files), so nothing here touches a file."""
    app = _app()  # noqa: F841  (Qt paints only with an application object alive)
    from PySide6.QtCore import QByteArray, QRectF
    from PySide6.QtGui import QColor, QImage, QPainter
    from PySide6.QtSvg import QSvgRenderer
    renderer = QSvgRenderer(QByteArray(svg))
    if not renderer.isValid():
        raise ValueError("the SVG could not be read by Qt's renderer")
    size = renderer.defaultSize()
    w, h = max(1, round(size.width() * scale)), max(1, round(size.height() * scale))
    if w * h > MAX_PIXELS:  # a drawing whose size is a million units a side asked for terabytes
        raise ValueError(f"the picture would be {w:,} x {h:,} pixels, over the {MAX_PIXELS:,} drawn")
    image = QImage(w, h, QImage.Format.Format_ARGB32)
    if image.isNull():
        raise ValueError(f"Qt could not make a picture of {w:,} x {h:,} pixels")
    image.fill(QColor("white"))
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    renderer.render(painter, QRectF(0, 0, w, h))
    painter.end()
    return png_bytes(image)


def png_bytes(image) -> bytes:
    """A QImage (or QPixmap) encoded as PNG, in memory: files.py writes the bytes."""
    from PySide6.QtCore import QBuffer, QByteArray, QIODevice
    from PySide6.QtGui import QImage, QImageWriter
    if not isinstance(image, QImage):
        image = image.toImage()
    buffer = QBuffer()
    buffer.open(QIODevice.OpenModeFlag.WriteOnly)
    writer = QImageWriter(buffer, QByteArray(b"png"))
    if not writer.write(image):
        raise ValueError(f"Qt could not encode the picture as PNG: {writer.errorString()}")
    return bytes(buffer.data().data())
