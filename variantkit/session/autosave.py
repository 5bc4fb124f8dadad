"""A session's autosave: what is written to a recovery folder and read back.

Each session autosaves into a folder of its own under a root the front end
names, holding a lock on it while it lives (:class:`Autosave`), so another
program running at the same time never offers it; once the process dies (a
crash, a kill) the lock goes and :func:`left_behind` offers the work back.
A folder is deleted only when its work is saved, or the user says to
discard it: never on the way to giving it back.

A folder holds the whole variant (a subvariant flattened, so it opens from
anywhere), the shapes when they were edited, the drawing as opened (the
renames apply to it) and meta.json: where it all belongs (the file, its
drawing, its base), the renames and the proposals.  Each autosave is one
all-or-nothing set of files.
"""
from __future__ import annotations

import contextlib
import json
import math
import os
import shutil
import stat
import time
from dataclasses import replace
from typing import IO, Any, Callable, Dict, List, NamedTuple, Optional, Tuple

from ..files import all_or_nothing, atomic_write, read_limited, shown_path
from ..io import Loaded, load
from ..io.variant_file import dumps
from ..model import Crossing, Edge
from ..problems import UnusableInput
from .document import Session, disk_stamp

try:
    import fcntl
except ImportError:  # Windows: no advisory locks; every folder counts as left behind
    fcntl = None  # type: ignore[assignment]  # the uses test for None

META_BYTES = 4_000_000
OUTLINES_BYTES = 64_000_000


class Unreadable(Exception):
    """A recovery folder that cannot be offered: what is wrong with it."""


class Autosave:
    """The autosave of one session: a folder of its own under ``root()``,
    locked while this object holds it."""

    def __init__(self, session: Session, root: Callable[[], str]) -> None:
        self.session = session
        self.root = root
        self.folder: Optional[str] = None
        self._lock: Optional[IO[str]] = None
        self._parts: Dict[str, Tuple[Any, str]] = {}  # pid -> (rings, their JSON) as last written

    # -- writing ---------------------------------------------------------------
    @staticmethod
    def _take(folder: str) -> Optional[IO[str]]:
        """The locked lock file of ``folder``, or None if another program holds it."""
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
        # a new session: the next autosave starts its own folder (the old one
        # is the caller's to delete once the new session is open)
        self.folder, self._lock = folder, fh
        return True

    def release(self) -> None:
        if self._lock is not None:
            self._lock.close()
            self._lock = None

    def write(self) -> None:
        """Autosave the session if it has unsaved changes.  Incremental: the
        variant's text keeps each unchanged province's and edge's lines
        (:func:`variantkit.io.variant_file.dumps`) and the outlines' JSON each
        unchanged province's, so an autosave after an edit at 1,000 provinces
        costs about 10 ms (it took 155 ms).  Written by the caller's thread: in
        the editor a worker thread shares the interpreter's lock, and a drag
        step while one wrote 3,000 provinces took 265 ms instead of 5."""
        session = self.session
        if not session.modified:
            return
        if self.folder is None:
            stem = os.path.basename(os.path.dirname(session.path)) if session.path else "untitled"
            folder = os.path.join(self.root(), f"{stem}-{os.getpid()}-{time.time_ns()}")
            os.makedirs(folder)
            self._claim(folder)
        claimed = self.folder
        if claimed is None:  # the new folder could not be locked: no autosave this time
            return
        write_autosave(session, claimed, self._parts)

    def clear(self) -> None:
        """The work is saved (or discarded by the user): the autosave goes."""
        folder = self.folder
        self.release()
        self.folder = None
        if folder and os.path.isdir(folder):
            shutil.rmtree(folder, ignore_errors=True)

    # -- reading ---------------------------------------------------------------
    def restore(self, folder: str) -> Dict[str, Any]:
        """Open the work autosaved in ``folder`` in this session, which then
        autosaves there; returns what the folder says about it.  Everything
        is read and checked before the session is touched; a failure part
        way puts the session back as it was and leaves the folder alone."""
        saved = read_autosave(folder)
        lock = self._take(folder)
        if lock is None:
            raise UnusableInput([])  # another program has just taken it
        try:
            meta = recover(self.session, saved, lambda path: trusted_path(path, self.root()))
        except BaseException:
            lock.close()
            raise
        self.release()
        self.folder, self._lock = folder, lock
        return meta


def write_autosave(session: Session, folder: str, parts: Optional[Dict[str, Tuple[Any, str]]] = None) -> None:
    """Write the session's work into ``folder``, all its files or none
    (``parts``: each province's outline JSON as last written, kept)."""
    v = replace(session.variant, extends=None, changes=None, art=None)  # opens from anywhere
    shapes = os.path.join(folder, "outlines.json")
    drawing = os.path.join(folder, "drawing.svg")  # as opened: the renames apply to it
    meta = {"path": session.path and os.path.abspath(session.path), "art_file": session.art_file,
            "art": session.variant.art, "art_ids": session.art_ids, "base_path": session.base_path,
            "extends": session.variant.extends, "name": session.variant.name, "saved_at": time.time(),
            "proposals": [[p.edge.a, p.edge.b, p.edge.units.value, p.edge.strait, p.reason, p.border]
                          for p in session.proposals],
            "rejected": sorted(session.rejected)}
    with all_or_nothing():
        atomic_write(os.path.join(folder, "variant.yaml"), dumps(v))
        if session.outlines_edited:
            atomic_write(shapes, _json_by_parts({"width": session.art_width, "height": session.art_height,
                                                  "outlines": session.outlines}, parts))
        if session.art_bytes is not None and not os.path.exists(drawing):
            atomic_write(drawing, session.art_bytes)
        # one line: with an indent json encodes in Python (64 ms for the 8,553
        # proposals of 3,000 provinces, 13 ms without)
        atomic_write(os.path.join(folder, "meta.json"), json.dumps(meta))
    if not session.outlines_edited and os.path.exists(shapes):
        with contextlib.suppress(FileNotFoundError):
            os.remove(shapes)   # the shapes were put back as drawn: the drawing says them


def _json_by_parts(shapes: Dict[str, Any], parts: Optional[Dict[str, Tuple[Any, str]]] = None) -> str:
    """``json.dumps(shapes)``, the same text, made a province at a time:
    ``parts`` (pid -> (rings, text)) keeps each province's text while its
    rings are the same list (a command replaces the rings it changes, never
    edits them in place), so an autosave after a drag encodes one province."""
    head = {k: v for k, v in shapes.items() if k != "outlines"}
    made: Dict[str, Tuple[Any, str]] = {}
    for pid, rings in shapes["outlines"].items():
        kept = parts.get(pid) if parts is not None else None
        made[pid] = kept if kept is not None and kept[0] is rings else (rings, json.dumps(rings))
    if parts is not None:
        parts.clear()
        parts.update(made)
    body = ", ".join(f"{json.dumps(pid)}: {text}" for pid, (_, text) in made.items())
    return json.dumps(head)[:-1] + (", " if head else "") + '"outlines": {' + body + "}}"


class Autosaved(NamedTuple):
    """A recovery folder read and checked whole, before any session is touched."""
    folder: str
    meta: Dict[str, Any]
    loaded: Loaded
    drawn: Optional[Dict[str, Any]]   # outlines.json: the shapes edited
    base: Optional[Loaded]
    proposals: List[Any]


def read_autosave(folder: str) -> Autosaved:
    """Everything ``folder`` holds, checked: Unreadable (meta.json, outlines.json)
    or UnusableInput (a variant that does not load) otherwise."""
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
    from ..drawing.geometry.infer import EdgeProposal
    proposals = [EdgeProposal(Edge(a, b, Crossing(u), bool(strait)), reason, border)
                 for a, b, u, strait, reason, border in meta.get("proposals") or []]
    return Autosaved(folder, meta, loaded, drawn, base, proposals)


def recover(session: Session, saved: Autosaved, trusted: Callable[[Any], Optional[str]]) -> Dict[str, Any]:
    """Put the autosaved work into ``session``; ``trusted`` says where it may
    be saved (the recorded path, or None: the first save asks).  A failure
    part way puts every field of the session back as it was.  Returns the
    folder's meta, with ``path_dropped`` when the recorded path was refused."""
    meta = dict(saved.meta)
    before = session.fields()
    try:
        session._reset()
        session.path = trusted(meta.get("path"))
        session.stamp = disk_stamp(session.path)  # the file as it is now is what the recovered work replaces
        meta["path_dropped"] = bool(meta.get("path")) and session.path is None
        assert saved.loaded.variant is not None
        session.variant = replace(saved.loaded.variant, art=meta.get("art"), extends=meta.get("extends"))
        if saved.base is not None:
            session.base, session.base_path = saved.base.variant, meta["base_path"]
        session.art_ids = dict(meta.get("art_ids") or {})
        session.proposals = list(saved.proposals)
        session.rejected = {tuple(r) for r in meta.get("rejected") or []}
        session.outlines = {}
        drawing = os.path.join(saved.folder, "drawing.svg")
        art_file = meta.get("art_file")
        session.outlines_from_art(drawing if _regular(drawing) else art_file if _regular(art_file) else None)
        session.art_file = art_file if _regular(art_file) else None  # where it belongs (its bytes: the copy)
        if saved.drawn is not None:
            session.art_width, session.art_height = saved.drawn["width"], saved.drawn["height"]
            session.outlines = {k: [[(float(p[0]), float(p[1])) for p in r] for r in rings]
                                for k, rings in saved.drawn["outlines"].items()}
            session.outlines_edited = True
    except BaseException:
        for k, value in before.items():
            setattr(session, k, value)
        raise
    session.unsaved = True   # the recovered work is not in the file yet
    return meta


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


def read_meta(folder: str) -> Dict[str, Any]:
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


def _read_outlines(path: str) -> Optional[Dict[str, Any]]:
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


def trusted_path(path: Any, recovery_root: str) -> Optional[str]:
    """Where recovered work is saved: the path its meta.json records only if
    it can be a variant file (a .yaml file that loads, or a new one in an
    existing folder), never a file of another kind nor one inside the
    recovery folders under ``recovery_root``; None otherwise, and the first
    save asks where."""
    if not isinstance(path, str) or not os.path.isabs(path) or "\0" in path:
        return None
    if not path.lower().endswith((".yaml", ".yml")):
        return None
    real = os.path.realpath(path)
    if real.startswith(os.path.realpath(recovery_root) + os.sep):
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
    """Whether no running program holds ``folder``'s lock; a lock that is not
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
            return False  # a running program's
        return True
    finally:
        os.close(fd)


def left_behind(root: str, skipped: Optional[List[Tuple[str, str]]] = None) -> List[str]:
    """Folders under ``root`` of programs that are gone (their lock is free),
    newest first.  A folder that cannot be offered (a tampered or truncated
    autosave, a file of the wrong kind) is passed over, and added to
    ``skipped`` with why."""
    out = []
    for name in sorted(os.listdir(root)):
        folder = os.path.join(root, name)
        try:
            if os.path.islink(folder) or not os.path.isdir(folder):
                raise Unreadable("not a folder")
            if not os.path.lexists(os.path.join(folder, "meta.json")):
                if not os.listdir(folder) or os.listdir(folder) == ["lock"]:
                    continue  # a session that had not autosaved yet
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
    """One line for a folder offered back: what it is, where it belongs, when."""
    try:
        meta = read_meta(folder)
    except Unreadable as exc:
        return f"{folder}: {exc}"
    when = time.strftime("%Y-%m-%d %H:%M", time.localtime(meta.get("saved_at", 0)))
    return f"{meta.get('name') or 'a variant'} ({meta.get('path') or 'never saved'}), autosaved {when}"


def path_of(folder: str) -> Optional[str]:
    """The file a folder's work belongs to (None: never saved, or unreadable)."""
    try:
        return read_meta(folder).get("path")
    except Unreadable:
        return None
