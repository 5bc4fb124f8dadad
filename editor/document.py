"""The editor's document: a :class:`variantkit.session.Session` (the variant,
its outlines and files, opening and saving) with the undo stack and the
signals the views listen to.  Only undo commands change it (the session's
own ``edit`` and ``rename`` are for front ends without an undo stack); views
listen to ``changed`` and rebuild what it names.
"""
from __future__ import annotations

from typing import Dict, Optional

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoStack

from variantkit.session import (EDITED_ART, OURS, ChangedOnDisk, Outlines, Ring, SaveRefused, Session, State,
                                disk_stamp, empty_variant)

__all__ = ["EDITED_ART", "OURS", "ChangedOnDisk", "Document", "Outlines", "Ring", "SaveRefused", "State",
           "disk_stamp", "empty_variant"]


class Document(QObject, Session):
    """The session, with ``changed(kind)`` after every change.

    kind is "variant" (anything in the variant file), "outlines" (shapes) or
    "all" (a new file).  ``renamed({old: new})`` comes just before the change
    that renames provinces (all at once: a swap is one mapping), so views can
    stay on them; ``refused(message)``
    when an edit cannot be made.  Modified means the undo stack is not clean.
    """

    changed = Signal(str)
    modified_changed = Signal(bool)
    renamed = Signal(dict)
    refused = Signal(str)

    def __init__(self, parent: Optional[QObject] = None) -> None:
        QObject.__init__(self, parent)
        Session.__init__(self)
        self.undo = QUndoStack(self)
        self.undo.cleanChanged.connect(self._clean_changed)  # a method: dropped with the document

    def _clean_changed(self, clean: bool) -> None:
        self.modified_changed.emit(not clean)

    @property
    def modified(self) -> bool:
        return not self.undo.isClean()

    def restore(self, state: State, kind: str = "variant", renames: Optional[Dict[str, str]] = None) -> None:
        """Only undo commands call this."""
        self.apply(state)
        if renames:
            self.renamed.emit(dict(renames))
        self.changed.emit(kind)

    def _opened(self) -> None:
        Session._opened(self)
        self.undo.clear()
        self.changed.emit("all")

    def _saved(self) -> None:
        Session._saved(self)
        self.undo.setClean()

    def recovered(self) -> None:
        """Work autosaved earlier is in the document: not in its file yet."""
        self.undo.clear()
        self.undo.resetClean()
        self.changed.emit("all")
