"""A label's text and turn, set on the map with the positions tool: a
double-click on a label's square asks for its text, a drag with Shift held
turns it about its point (a drag alone moves it).  The edits are the
library's (variantkit.edit.set_label); one drag is one undo step."""
from __future__ import annotations

import math
from typing import Optional

from PySide6.QtWidgets import QInputDialog, QLineEdit, QWidget

from variantkit import edit

from .commands import StateCommand, with_variant
from .document import Document


class SetLabel(StateCommand):
    """A label's text or angle; the steps of one turning drag merge."""
    ID = 1102

    def __init__(self, doc: Document, pid: str, text: Optional[str] = None, angle: Optional[float] = None,
                 drag: int = 0):
        what = "Turn" if angle is not None else "Write"
        super().__init__(doc, f"{what} the label of {pid}")
        self.pid, self.text_, self.angle, self.drag = pid, text, angle, drag
        self._make()

    def id(self) -> int:
        return self.ID

    def build(self, s):
        return with_variant(s, edit.set_label(s.variant, self.pid, self.text_, self.angle))

    def mergeWith(self, other) -> bool:
        if not isinstance(other, SetLabel) or other.after is None or self.angle is None or other.angle is None \
                or (other.pid, other.drag) != (self.pid, self.drag):
            return False
        self.angle, self.after = other.angle, other.after
        return True


def angle_to(centre, pos) -> float:
    """The turn, in degrees clockwise on the screen, that points a label from its
    point towards the pointer (y grows downwards on the map), in whole degrees:
    the pointer moves by screen pixels, so a tenth of a degree is only where
    the view's scale put it (a drag aimed at 45 gives 45.1 through the view)."""
    return float(round(math.degrees(math.atan2(pos[1] - centre[1], pos[0] - centre[0]))))


def ask_text(doc: Document, pid: str, parent: Optional[QWidget]) -> QInputDialog:
    """The label's text asked in a small window beside the map (empty: the default);
    refused text is said there and the window stays."""
    p = doc.variant.province(pid)
    dialog = QInputDialog(parent)
    dialog.setWindowTitle(f"The label of {pid}")
    dialog.setLabelText(f"The text the map writes for {p.name if p else pid} (empty: its code)")
    dialog.setTextEchoMode(QLineEdit.EchoMode.Normal)
    dialog.setTextValue(p.label if p else "")

    def done(text: str) -> None:
        try:
            edit.set_label(doc.variant, pid, text=text)
        except edit.EditError as exc:
            dialog.setLabelText(str(exc))
            dialog.open()
            return
        if p is not None and text.strip() != p.label:
            doc.undo.push(SetLabel(doc, pid, text=text))
    dialog.textValueSelected.connect(done)
    dialog.open()
    return dialog
