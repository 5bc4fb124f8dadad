"""Autosave and recovery: one folder per open document.

Each window's document autosaves into a folder of its own under the user's
data folder: the whole variant (a subvariant flattened, so it opens from
anywhere), the shapes when they were edited, and where it all belongs (the
file, its drawing, its base).  The window holds a lock on its folder while it
lives, so another editor running at the same time never offers it; once
the process dies (a crash, a kill) the lock goes and the next editor offers
the work back.  A folder is deleted only when its work is saved, or the user
says to discard it: never on the way to giving it back.
"""
from __future__ import annotations

import json
import os
import shutil
import time
from typing import List, Optional

from PySide6.QtCore import QStandardPaths

from variantkit.files import atomic_write
from variantkit.io.variant_file import dumps, load
from variantkit.model import Crossing, Edge
from variantkit.problems import UnusableInput

try:
    import fcntl
except ImportError:  # Windows: no advisory locks; every folder counts as left behind
    fcntl = None


def recovery_root() -> str:
    # the same place whatever the application object is called (a crashed run, a new one)
    data = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.GenericDataLocation)
    base = os.path.join(data, "variantkit") if data else os.path.expanduser("~/.variantkit")
    root = os.path.join(base, "recovery")
    os.makedirs(root, exist_ok=True)
    return root


class Recovery:
    """The autosave of one document."""

    def __init__(self, doc):
        self.doc = doc
        self.folder: Optional[str] = None
        self._lock = None

    # -- writing ---------------------------------------------------------------
    def _claim(self, folder: str) -> bool:
        fh = open(os.path.join(folder, "lock"), "a+")
        if fcntl is not None:
            try:
                fcntl.flock(fh.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                fh.close()
                return False
        self.release()
        # a new document: the next autosave starts its own folder (the old one
        # is the caller's to delete once the new document is open)
        self.folder, self._lock = folder, fh
        return True

    def release(self) -> None:
        if self._lock is not None:
            self._lock.close()
            self._lock = None

    def write(self) -> None:
        """Autosave the document if it has unsaved changes."""
        doc = self.doc
        if not doc.modified:
            return
        if self.folder is None:
            stem = os.path.basename(os.path.dirname(doc.path)) if doc.path else "untitled"
            folder = os.path.join(recovery_root(), f"{stem}-{os.getpid()}-{time.time_ns()}")
            os.makedirs(folder)
            self._claim(folder)
        from dataclasses import replace
        v = replace(doc.variant, extends=None, changes=None, art=None)  # opens from anywhere
        atomic_write(os.path.join(self.folder, "variant.yaml"), dumps(v))
        shapes = os.path.join(self.folder, "outlines.json")
        if doc.outlines_edited:
            atomic_write(shapes, json.dumps({"width": doc.art_width, "height": doc.art_height,
                                             "outlines": doc.outlines}))
        elif os.path.exists(shapes):
            os.remove(shapes)
        drawing = os.path.join(self.folder, "drawing.svg")  # as opened: the renames apply to it
        if doc.art_bytes is not None and not os.path.exists(drawing):
            atomic_write(drawing, doc.art_bytes)
        meta = {"path": doc.path and os.path.abspath(doc.path), "art_file": doc.art_file,
                "art": doc.variant.art, "art_ids": doc.art_ids, "base_path": doc.base_path,
                "extends": doc.variant.extends, "name": doc.variant.name, "saved_at": time.time(),
                "proposals": [[p.edge.a, p.edge.b, p.edge.units.value, p.edge.strait, p.reason, p.border]
                              for p in doc.proposals],
                "rejected": sorted(doc.rejected)}
        atomic_write(os.path.join(self.folder, "meta.json"), json.dumps(meta, indent=1))

    def clear(self) -> None:
        """The work is saved (or discarded by the user): the autosave goes."""
        folder = self.folder
        self.release()
        self.folder = None
        if folder and os.path.isdir(folder):
            shutil.rmtree(folder, ignore_errors=True)

    # -- reading ---------------------------------------------------------------
    def restore(self, folder: str) -> dict:
        """Open the work autosaved in ``folder`` in this document, which then
        autosaves there; returns what the folder says about it."""
        with open(os.path.join(folder, "meta.json"), encoding="utf-8") as fh:
            meta = json.load(fh)
        loaded = load(os.path.join(folder, "variant.yaml"))
        if loaded.variant is None:
            raise UnusableInput(loaded.report.errors)
        if not self._claim(folder):
            raise UnusableInput([])  # another editor has just taken it
        doc = self.doc
        from dataclasses import replace
        from variantkit.drawing.geometry.infer import EdgeProposal
        doc._reset()
        doc.path = meta.get("path")
        doc.variant = replace(loaded.variant, art=meta.get("art"), extends=meta.get("extends"))
        if meta.get("base_path") and os.path.exists(meta["base_path"]):
            base = load(meta["base_path"])
            doc.base, doc.base_path = base.variant, meta["base_path"]
        doc.art_ids = dict(meta.get("art_ids") or {})
        doc.proposals = [EdgeProposal(Edge(a, b, Crossing(u), strait), reason, border)
                         for a, b, u, strait, reason, border in meta.get("proposals", [])]
        doc.rejected = {tuple(r) for r in meta.get("rejected", [])}
        doc.outlines = {}
        drawing = os.path.join(folder, "drawing.svg")
        doc._outlines_from_art(drawing if os.path.exists(drawing) else meta.get("art_file"))
        doc.art_file = meta.get("art_file")   # where it belongs (its bytes came from the copy)
        shapes = os.path.join(folder, "outlines.json")
        if os.path.exists(shapes):
            with open(shapes, encoding="utf-8") as fh:
                drawn = json.load(fh)
            doc.art_width, doc.art_height = drawn["width"], drawn["height"]
            doc.outlines = {k: [[tuple(p) for p in r] for r in rings] for k, rings in drawn["outlines"].items()}
            doc.outlines_edited = True
        doc.undo.clear()
        doc.undo.resetClean()   # the recovered work is not in the file yet
        doc.changed.emit("all")
        return meta


def left_behind() -> List[str]:
    """Folders of editors that are gone (their lock is free), newest first."""
    root = recovery_root()
    out = []
    for name in os.listdir(root):
        folder = os.path.join(root, name)
        if not os.path.isfile(os.path.join(folder, "meta.json")):
            continue
        if fcntl is not None:
            with open(os.path.join(folder, "lock"), "a+") as fh:
                try:
                    fcntl.flock(fh.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
                except OSError:
                    continue  # a running editor's
        out.append(folder)
    return sorted(out, key=lambda f: os.path.getmtime(os.path.join(f, "meta.json")), reverse=True)


def describe(folder: str) -> str:
    with open(os.path.join(folder, "meta.json"), encoding="utf-8") as fh:
        meta = json.load(fh)
    when = time.strftime("%Y-%m-%d %H:%M", time.localtime(meta.get("saved_at", 0)))
    return f"{meta.get('name') or 'a variant'} ({meta.get('path') or 'never saved'}), autosaved {when}"


def path_of(folder: str) -> Optional[str]:
    with open(os.path.join(folder, "meta.json"), encoding="utf-8") as fh:
        return json.load(fh).get("path")
