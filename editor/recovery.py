"""Autosave and recovery: one folder per open window, under the user's data
folder.  What a folder holds, its lock while a window lives, offering the
work of an editor that died back and reading it:
:mod:`variantkit.session.autosave`; here, where the folders are and the
document told that its work came back.
"""
from __future__ import annotations

import os
from typing import Any, List, Optional, Tuple

from PySide6.QtCore import QStandardPaths

from variantkit.session import autosave
from variantkit.session.autosave import Autosave, Unreadable, describe, path_of, read_meta

from .document import Document

__all__ = ["Recovery", "Unreadable", "describe", "left_behind", "path_of", "read_meta", "recovery_root",
           "trusted_path"]


def recovery_root() -> str:
    # the same place whatever the application object is called (a crashed run, a new one)
    data = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.GenericDataLocation)
    base = os.path.join(data, "variantkit") if data else os.path.expanduser("~/.variantkit")
    root = os.path.join(base, "recovery")
    os.makedirs(root, exist_ok=True)
    return root


class Recovery(Autosave):
    """The autosave of one window's document."""

    def __init__(self, doc: Document) -> None:
        super().__init__(doc, recovery_root)
        self.doc = doc

    def restore(self, folder: str) -> dict:
        meta = super().restore(folder)
        self.doc.recovered()
        return meta


def trusted_path(path: Any) -> Optional[str]:
    """Where recovered work is saved (:func:`variantkit.session.autosave.trusted_path`
    with this editor's recovery folders)."""
    return autosave.trusted_path(path, recovery_root())


def left_behind(skipped: Optional[List[Tuple[str, str]]] = None) -> List[str]:
    """Folders of editors that are gone, newest first (:func:`variantkit.session.autosave.left_behind`)."""
    return autosave.left_behind(recovery_root(), skipped)
