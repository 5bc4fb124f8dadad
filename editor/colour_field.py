"""A colour typed or picked: a line edit that checks its text as it is typed
(``#rrggbb``, or a colour name such as ``red``, written out as ``#ff0000``
when the field is left) and opens a colour picker from its end.

The variant file accepts only ``#rrggbb``: a power colour ``red`` once
passed the panel and made a file the editor could not reopen.
"""
from __future__ import annotations

from PySide6.QtGui import QAction, QColor, QIcon, QPixmap
from PySide6.QtWidgets import QColorDialog, QLineEdit

HEX = "#rrggbb"


def as_hex(text: str):
    """``#rrggbb`` for what the user typed, or None if it is no colour."""
    text = text.strip()
    if not text:
        return ""
    colour = QColor(text if text.startswith("#") or not all(c in "0123456789abcdefABCDEF" for c in text)
                    else "#" + text)
    return colour.name() if colour.isValid() else None


class ColourField(QLineEdit):
    """``text()`` is a ``#rrggbb`` colour (or empty) once editing finishes;
    ``valid`` says whether what is typed is a colour."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setPlaceholderText(f"{HEX} or a name (red), or pick")
        self.picker = QAction("Pick a colour...", self)
        self.picker.triggered.connect(lambda _checked=False: self.pick())
        self.addAction(self.picker, QLineEdit.ActionPosition.TrailingPosition)
        self.textChanged.connect(self._check)
        self.editingFinished.connect(self._normalise)
        self._check(self.text())

    @property
    def valid(self) -> bool:
        return as_hex(self.text()) is not None

    def _check(self, text: str) -> None:
        ok = as_hex(text) is not None
        self.setStyleSheet("" if ok else "QLineEdit { background: #ffd6d6; }")
        self.setToolTip("" if ok else f"not a colour: write {HEX} (or a colour name such as red)")
        swatch = QPixmap(14, 14)
        swatch.fill(QColor(as_hex(text) or "#ffffff") if ok and text.strip() else QColor(0, 0, 0, 0))
        self.picker.setIcon(QIcon(swatch))

    def _normalise(self) -> None:
        hex_ = as_hex(self.text())
        if hex_ and hex_ != self.text():
            self.setText(hex_)

    def pick(self) -> None:
        start = QColor(as_hex(self.text()) or "#808080")
        colour = QColorDialog.getColor(start, self, "Power colour",
                                       QColorDialog.ColorDialogOption.DontUseNativeDialog)
        if colour.isValid():
            self.setText(colour.name())
            self.editingFinished.emit()
