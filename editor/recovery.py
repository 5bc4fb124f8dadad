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
import math
import os
import shutil
import stat
import time
from typing import Any, List, Optional, Tuple

from PySide6.QtCore import QStandardPaths

from variantkit.files import atomic_write, read_limited, shown_path
from variantkit.io.variant_file import dumps, load
from variantkit.model import Crossing, Edge
from variantkit.problems import UnusableInput

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


def _write(folder: str, v, shapes: Optional[dict], art_bytes: Optional[bytes], meta: dict,
           parts: Optional[dict] = None) -> None:
    """An autosave's files, each written atomically (a kill part way leaves the
    files of the last whole autosave), the metadata last."""
    atomic_write(os.path.join(folder, "variant.yaml"), dumps(v))
    outlines = os.path.join(folder, "outlines.json")
    if shapes is not None:
        atomic_write(outlines, _json_by_parts(shapes, parts))
    elif os.path.exists(outlines):
        os.remove(outlines)
    drawing = os.path.join(folder, "drawing.svg")  # as opened: the renames apply to it
    if art_bytes is not None and not os.path.exists(drawing):
        atomic_write(drawing, art_bytes)
    # one line: with an indent json uses its encoder in Python (64 ms for the
    # 8,553 proposals of 3,000 provinces, 13 ms without)
    atomic_write(os.path.join(folder, "meta.json"), json.dumps(meta))


def _json_by_parts(shapes: dict, parts: Optional[dict] = None) -> str:
    """``json.dumps(shapes)``, the same text, made a province at a time:
    ``parts`` (pid -> (rings, text)) keeps each province's text while its
    rings are the same list (a command replaces the rings it changes, never
    edits them in place), so an autosave after a drag encodes one province."""
    head = {k: v for k, v in shapes.items() if k != "outlines"}
    made = {}
    for pid, rings in shapes["outlines"].items():
        kept = parts.get(pid) if parts is not None else None
        made[pid] = kept if kept is not None and kept[0] is rings else (rings, json.dumps(rings))
    if parts is not None:
        parts.clear()
        parts.update(made)
    body = ", ".join(f"{json.dumps(pid)}: {text}" for pid, (_, text) in made.items())
    return json.dumps(head)[:-1] + (", " if head else "") + '"outlines": {' + body + "}}"


class Recovery:
    """The autosave of one document."""

    def __init__(self, doc):
        self.doc = doc
        self.folder: Optional[str] = None
        self._lock = None
        self._parts: dict = {}  # pid -> (rings, their JSON) as last written

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
        """Autosave the document if it has unsaved changes.  Incremental: the
        variant's text keeps each unchanged province's and edge's lines
        (:func:`variantkit.io.variant_file.dumps`) and the outlines' JSON each
        unchanged province's, so an autosave after an edit at 1,000 provinces
        costs about 10 ms of the UI thread (it took 155 ms).  Written here, not
        by a worker thread: the interpreter's lock is shared, and a drag step
        while a worker wrote 3,000 provinces took 265 ms instead of 5."""
        work = self._snapshot()
        if work is not None:
            _write(*work, parts=self._parts)

    def _snapshot(self) -> Optional[Tuple[str, Any, Optional[dict], Optional[bytes], dict]]:
        """What an autosave writes, from the document as it is now (its folder
        claimed on the first): folder, variant, the outlines drawn here, the
        drawing's bytes, the metadata; None when there is nothing to write."""
        doc = self.doc
        if not doc.modified:
            return None
        if self.folder is None:
            stem = os.path.basename(os.path.dirname(doc.path)) if doc.path else "untitled"
            folder = os.path.join(recovery_root(), f"{stem}-{os.getpid()}-{time.time_ns()}")
            os.makedirs(folder)
            self._claim(folder)
        claimed = self.folder
        if claimed is None:  # the new folder could not be locked: no autosave this time
            return None
        from dataclasses import replace
        v = replace(doc.variant, extends=None, changes=None, art=None)  # opens from anywhere
        # the outlines' rings are never changed in place: a copy of the mapping is a snapshot
        shapes = {"width": doc.art_width, "height": doc.art_height, "outlines": dict(doc.outlines)} \
            if doc.outlines_edited else None
        meta = {"path": doc.path and os.path.abspath(doc.path), "art_file": doc.art_file,
                "art": doc.variant.art, "art_ids": dict(doc.art_ids), "base_path": doc.base_path,
                "extends": doc.variant.extends, "name": doc.variant.name, "saved_at": time.time(),
                "proposals": [[p.edge.a, p.edge.b, p.edge.units.value, p.edge.strait, p.reason, p.border]
                              for p in doc.proposals],
                "rejected": sorted(doc.rejected)}
        return claimed, v, shapes, doc.art_bytes, meta

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
        meta = read_meta(folder)
        loaded = load(os.path.join(folder, "variant.yaml"))
        if loaded.variant is None:
            raise UnusableInput(loaded.report.errors)
        drawn = _read_outlines(os.path.join(folder, "outlines.json"))
        base = None
        if meta.get("base_path") and os.path.isfile(meta["base_path"]):
            base = load(meta["base_path"])
            if base.variant is None:
                raise UnusableInput(base.report.errors)
        from variantkit.drawing.geometry.infer import EdgeProposal
        proposals = [EdgeProposal(Edge(a, b, Crossing(u), bool(strait)), reason, border)
                     for a, b, u, strait, reason, border in meta.get("proposals") or []]
        doc = self.doc
        before = {k: getattr(doc, k, None) for k in _DOC_FIELDS}
        lock = self._take(folder)
        if lock is None:
            raise UnusableInput([])  # another editor has just taken it
        try:
            from dataclasses import replace
            doc._reset()
            doc.path = trusted_path(meta.get("path"))
            from .document import disk_stamp
            doc.stamp = disk_stamp(doc.path)  # the file as it is now is what the recovered work replaces
            meta["path_dropped"] = bool(meta.get("path")) and doc.path is None
            doc.variant = replace(loaded.variant, art=meta.get("art"), extends=meta.get("extends"))
            if base is not None:
                doc.base, doc.base_path = base.variant, meta["base_path"]
            doc.art_ids = dict(meta.get("art_ids") or {})
            doc.proposals = proposals
            doc.rejected = {tuple(r) for r in meta.get("rejected") or []}
            doc.outlines = {}
            drawing = os.path.join(folder, "drawing.svg")
            art_file = meta.get("art_file")
            doc._outlines_from_art(drawing if _regular(drawing) else art_file if _regular(art_file) else None)
            doc.art_file = art_file if _regular(art_file) else None  # where it belongs (its bytes: the copy)
            if drawn is not None:
                doc.art_width, doc.art_height = drawn["width"], drawn["height"]
                doc.outlines = {k: [[(float(p[0]), float(p[1])) for p in r] for r in rings]
                                for k, rings in drawn["outlines"].items()}
                doc.outlines_edited = True
        except BaseException:
            for k, value in before.items():
                setattr(doc, k, value)
            lock.close()
            raise
        self.release()
        self.folder, self._lock = folder, lock
        doc.undo.clear()
        doc.undo.resetClean()   # the recovered work is not in the file yet
        doc.changed.emit("all")
        return meta


# what a restore changes in the document, put back if it fails part way
_DOC_FIELDS = ("path", "stamp", "variant", "base", "base_path", "art_ids", "proposals", "rejected", "outlines",
               "art_file", "art_bytes", "art_width", "art_height", "outlines_edited", "drawn_colours",
               "dismissed_powers")
META_BYTES = 4_000_000
OUTLINES_BYTES = 64_000_000


class Unreadable(Exception):
    """A recovery folder that cannot be offered: what is wrong with it."""


def _regular(path: Any) -> bool:
    if not isinstance(path, str) or not path:
        return False
    try:
        return stat.S_ISREG(os.stat(path).st_mode)
    except (OSError, ValueError):
        return False


def _json(path: str, limit: int, what: str) -> Any:
    try:
        raw = read_limited(path, limit, what=what)
    except UnusableInput as exc:
        raise Unreadable(exc.problems[0].message if exc.problems else f"cannot read {what}") from None
    try:
        return json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as exc:
        raise Unreadable(f"{what} is not JSON (truncated?): {str(exc)[:80]}") from None


def _optional_str(meta: dict, key: str) -> None:
    if meta.get(key) is not None and not isinstance(meta[key], str):
        raise Unreadable(f"meta.json: {key} is a {type(meta[key]).__name__}, not text")


def read_meta(folder: str) -> dict:
    """meta.json of a recovery folder, every field of its documented type;
    Unreadable (with what is wrong) otherwise."""
    meta = _json(os.path.join(folder, "meta.json"), META_BYTES, "meta.json")
    if not isinstance(meta, dict):
        raise Unreadable(f"meta.json holds a {type(meta).__name__}, not a mapping")
    for key in ("path", "art_file", "art", "base_path", "extends", "name"):
        _optional_str(meta, key)
    when = meta.get("saved_at", 0)
    if isinstance(when, bool) or not isinstance(when, (int, float)) or not math.isfinite(when) \
            or not 0 <= when < 1e11:
        raise Unreadable("meta.json: saved_at is not a time")
    ids = meta.get("art_ids") or {}
    if not isinstance(ids, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in ids.items()):
        raise Unreadable("meta.json: art_ids is not a mapping of ids")
    proposals = meta.get("proposals") or []
    if not isinstance(proposals, list) or not all(
            isinstance(p, list) and len(p) == 6 and all(isinstance(x, str) for x in p[:3])
            and p[2] in {c.value for c in Crossing} for p in proposals):
        raise Unreadable("meta.json: proposals are not [a, b, units, strait, reason, border] rows")
    rejected = meta.get("rejected") or []
    if not isinstance(rejected, list) or not all(
            isinstance(r, list) and all(isinstance(x, (str, int, float, bool)) or x is None for x in r)
            for r in rejected):
        raise Unreadable("meta.json: rejected is not a list of rows")
    return meta


def _read_outlines(path: str) -> Optional[dict]:
    if not os.path.lexists(path):
        return None
    drawn = _json(path, OUTLINES_BYTES, "outlines.json")

    def number(x: Any) -> bool:
        return isinstance(x, (int, float)) and not isinstance(x, bool) and math.isfinite(x)
    if not isinstance(drawn, dict) or not number(drawn.get("width")) or not number(drawn.get("height")) \
            or not isinstance(drawn.get("outlines"), dict):
        raise Unreadable("outlines.json: not {width, height, outlines}")
    for k, rings in drawn["outlines"].items():
        if not isinstance(rings, list) or not all(
                isinstance(r, list) and all(isinstance(p, list) and len(p) == 2 and number(p[0]) and number(p[1])
                                            for p in r) for r in rings):
            raise Unreadable(f"outlines.json: the shape of {shown_path(k, 40)!r} is not rings of points")
    return drawn


def trusted_path(path: Any) -> Optional[str]:
    """Where recovered work is saved: the path its meta.json records only if
    it can be a variant file (a .yaml file that loads, or a new one in an
    existing folder), never a file of another kind nor one inside the
    recovery folders; None otherwise, and the first save asks where."""
    if not isinstance(path, str) or not os.path.isabs(path) or "\0" in path:
        return None
    if not path.lower().endswith((".yaml", ".yml")):
        return None
    real = os.path.realpath(path)
    if real.startswith(os.path.realpath(recovery_root()) + os.sep):
        return None
    if not os.path.lexists(path):
        return path if os.path.isdir(os.path.dirname(real)) else None
    if not _regular(path):
        return None
    try:
        return path if load(path).variant is not None else None
    except UnusableInput:
        return None


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
