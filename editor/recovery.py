"""Autosave and recovery: one folder per open document.

Each window's document autosaves into a folder of its own under the user's
data folder (what a folder holds, and reading it back, is
:mod:`variantkit.session.autosave`).  The window holds a lock on its folder while it
lives, so another editor running at the same time never offers it; once
the process dies (a crash, a kill) the lock goes and the next editor offers
the work back.  A folder is deleted only when its work is saved, or the user
says to discard it: never on the way to giving it back.
"""
from __future__ import annotations

import os
import shutil
import stat
import time
from typing import Any, List, Optional, Tuple

from PySide6.QtCore import QStandardPaths

from variantkit.problems import UnusableInput
from variantkit.session import autosave
from variantkit.session.autosave import Unreadable, read_autosave, read_meta, recover, write_autosave

__all__ = ["Recovery", "Unreadable", "describe", "left_behind", "path_of", "read_meta", "recovery_root",
           "trusted_path"]

try:
    import fcntl
except ImportError:  # Windows: no advisory locks; every folder counts as left behind
    fcntl = None  # type: ignore[assignment]  # the uses test for None


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
    @staticmethod
    def _take(folder: str):
        """The locked lock file of ``folder``, or None if another editor holds it."""
        fd = os.open(os.path.join(folder, "lock"),
                     os.O_RDWR | os.O_CREAT | os.O_NONBLOCK | getattr(os, "O_NOFOLLOW", 0), 0o666)
        fh = os.fdopen(fd, "a+")
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            fh.close()
            raise UnusableInput([])
        if fcntl is not None:
            try:
                fcntl.flock(fh.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                fh.close()
                return None
        return fh

    def _claim(self, folder: str) -> bool:
        fh = self._take(folder)
        if fh is None:
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
        claimed = self.folder
        if claimed is None:  # the new folder could not be locked: no autosave this time
            return
        write_autosave(doc, claimed)

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
        autosaves there; returns what the folder says about it.  Everything
        is read and checked before the document is touched; a failure part
        way puts the document back as it was and leaves the folder alone."""
        saved = read_autosave(folder)
        lock = self._take(folder)
        if lock is None:
            raise UnusableInput([])  # another editor has just taken it
        try:
            meta = recover(self.doc, saved, trusted_path)
        except BaseException:
            lock.close()
            raise
        self.release()
        self.folder, self._lock = folder, lock
        self.doc.recovered()
        return meta


def trusted_path(path: Any) -> Optional[str]:
    """Where recovered work is saved (:func:`variantkit.session.autosave.trusted_path`
    with this editor's recovery folders)."""
    return autosave.trusted_path(path, recovery_root())


def _lock_free(folder: str) -> bool:
    """Whether no running editor holds ``folder``'s lock; a lock that is not
    a regular file (a FIFO, a folder) counts as held by no one."""
    if fcntl is None:
        return True
    lock = os.path.join(folder, "lock")
    try:
        fd = os.open(lock, os.O_RDWR | os.O_CREAT | os.O_NONBLOCK | getattr(os, "O_NOFOLLOW", 0), 0o666)
    except OSError as exc:
        raise Unreadable(f"its lock cannot be opened: {exc.strerror}") from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise Unreadable("its lock is not a regular file")
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            return False  # a running editor's
        return True
    finally:
        os.close(fd)


def left_behind(skipped: Optional[List[Tuple[str, str]]] = None) -> List[str]:
    """Folders of editors that are gone (their lock is free), newest first.
    A folder that cannot be offered (a tampered or truncated autosave, a file
    of the wrong kind) is passed over, and added to ``skipped`` with why."""
    root = recovery_root()
    out = []
    for name in sorted(os.listdir(root)):
        folder = os.path.join(root, name)
        try:
            if os.path.islink(folder) or not os.path.isdir(folder):
                raise Unreadable("not a folder")
            if not os.path.lexists(os.path.join(folder, "meta.json")):
                if not os.listdir(folder) or os.listdir(folder) == ["lock"]:
                    continue  # an editor that had not autosaved yet
                raise Unreadable("no meta.json (a truncated autosave?)")
            if not _lock_free(folder):
                continue
            read_meta(folder)
            when = os.path.getmtime(os.path.join(folder, "meta.json"))
        except Unreadable as exc:
            if skipped is not None:
                skipped.append((folder, str(exc)))
            continue
        except OSError as exc:
            if skipped is not None:
                skipped.append((folder, exc.strerror or str(exc)))
            continue
        out.append((when, folder))
    return [f for _, f in sorted(out, reverse=True)]


def describe(folder: str) -> str:
    try:
        meta = read_meta(folder)
    except Unreadable as exc:
        return f"{folder}: {exc}"
    when = time.strftime("%Y-%m-%d %H:%M", time.localtime(meta.get("saved_at", 0)))
    return f"{meta.get('name') or 'a variant'} ({meta.get('path') or 'never saved'}), autosaved {when}"


def path_of(folder: str) -> Optional[str]:
    try:
        return read_meta(folder).get("path")
    except Unreadable:
        return None
