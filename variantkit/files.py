"""Users' files: every read of an input and every write goes through here.

Reads: regular files only (a device or FIFO would never end or never start),
at most a stated number of bytes actually read, never trusting the size a
file claims.  References from one file to another (``extends``, ``USE``,
art, jDip URIs) must stay inside the referring file's folder or a folder the
user names (``--trust DIR`` or ``VARIANTKIT_TRUST``).

Writes: atomic (a crash, a kill or a full disk leaves the old file or the new
one, never half of one), keeping the target's mode and owner, writing through
a symlink to the file it names, never over one of the command's own inputs;
a set of files all or none (:func:`all_or_nothing`).  What a command's writes
share (its inputs, the writes held back, the targets it checked) is one
:class:`WriteState` per context: a thread or a command never sees another's.
"""
from __future__ import annotations

import contextlib
import contextvars
import errno
import os
import re
import stat
import tempfile
from typing import BinaryIO, Iterable, Iterator, List, Optional, Sequence, Set, TextIO, Tuple, Union

from .problems import Problem, UnusableInput

TRUST_ENV = "VARIANTKIT_TRUST"
# Temporary files are ``.~NAME.PID.RANDOM.tmp`` beside the target: a write that
# finds one whose process is gone removes it (that writer was killed mid-write).
_TEMP = re.compile(r"^\.~.+\.(?P<pid>\d+)\.[^.]*\.tmp(\.part\.png)?$")  # .part.png: left by older rasterizers


def temp_prefix(path: str) -> str:
    """The start of the name of a temporary file written beside ``path``."""
    return f".~{os.path.basename(path)}.{os.getpid()}."


# ---------------------------------------------------------------------------
# reading

def read_limited(path: str, limit: int, code: str = "VK001", *, what: str = "file",
                 where: Optional[Tuple[str, Optional[int]]] = None) -> bytes:
    """The bytes of a regular file, refusing anything over ``limit`` bytes.

    ``code`` names the reader's problem "this input cannot be read" (its
    template takes the ``path`` and the ``reason``).
    The size is what was read, not what ``stat`` claims (a device claims 0).
    ``where``, when given, is the (file, line) to blame (the line that named the
    file) instead of the file itself; messages never quote the file's bytes.
    """
    def refuse(problem: Problem) -> UnusableInput:
        if where is not None:
            return UnusableInput([problem.at(*where)])
        return UnusableInput([problem.at(path)])

    try:
        st = os.stat(path)
    except OSError as exc:
        raise refuse(Problem.of(code, path=path, reason=str(exc.strerror)))
    if not stat.S_ISREG(st.st_mode):
        kind = ("a folder" if stat.S_ISDIR(st.st_mode) else "a FIFO" if stat.S_ISFIFO(st.st_mode)
                else "a device" if stat.S_ISCHR(st.st_mode) or stat.S_ISBLK(st.st_mode) else "not a file")
        raise refuse(Problem.of("VK005", what=what, path=path, kind=kind))
    try:
        # O_NONBLOCK: if the path was swapped for a FIFO since the stat, open does not wait
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except OSError as exc:
        raise refuse(Problem.of(code, path=path, reason=str(exc.strerror)))
    with os.fdopen(fd, "rb") as fh:
        if not stat.S_ISREG(os.fstat(fh.fileno()).st_mode):
            raise refuse(Problem.of("VK005", what=what, path=path, kind="something else once opened"))
        data = fh.read(limit + 1)
    if len(data) > limit:
        raise refuse(Problem.of(code, path=path, reason=f"over the limit of {limit} bytes"))
    return data


def read_text(path: str, limit: int, code: str = "VK001", *, what: str = "file") -> str:
    """A regular file's UTF-8 text, read under ``limit`` bytes (:func:`read_limited`);
    text that is not UTF-8 is refused with the byte where it stops being so."""
    raw = read_limited(path, limit, code, what=what)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise UnusableInput([Problem.of(code, path=path, reason=f"not UTF-8 text (byte {exc.start})").at(path)])


def read_stream(stream: Union[BinaryIO, TextIO], limit: int, name: str = "<stdin>",
                code: str = "VK001") -> Union[bytes, str]:
    """At most ``limit`` bytes (characters, for a text stream) of a stream
    such as stdin, refusing more: /dev/zero as stdin ends here."""
    data = stream.read(limit + 1)
    if len(data) > limit:
        raise UnusableInput([Problem.of(code, path=name, reason=f"over the limit of {limit} bytes").at(name)])
    return data


# Folders trusted for one command (``--trust``): a context variable, so that a
# command run in-process or in a thread never widens another's trust, and the
# process environment is only ever read.
_TRUSTED: "contextvars.ContextVar[Tuple[str, ...]]" = contextvars.ContextVar("variantkit_trusted", default=())


@contextlib.contextmanager
def trusting(folders: Iterable[str]) -> Iterator[None]:
    """Trust ``folders`` (besides ``VARIANTKIT_TRUST``) while the block runs."""
    token = _TRUSTED.set(_TRUSTED.get() + tuple(os.path.abspath(f) for f in folders))
    try:
        yield
    finally:
        _TRUSTED.reset(token)


def trusted_roots() -> List[str]:
    """Folders the user named as trusted: ``VARIANTKIT_TRUST`` (path-separated) and
    those of :func:`trusting`."""
    named = [p for p in os.environ.get(TRUST_ENV, "").split(os.pathsep) if p] + list(_TRUSTED.get())
    return [os.path.realpath(p) for p in named]


def _inside(path: str, root: str) -> bool:
    return path == root or path.startswith(root.rstrip(os.sep) + os.sep)


def inside_folder(path: str, folder: str) -> bool:
    """Whether ``path``, symlinks followed, is inside ``folder`` (no trusted
    folders count: for writes into a variant's own folder)."""
    return _inside(os.path.realpath(path), os.path.realpath(folder))


def confined(target: str, roots: Iterable[str]) -> bool:
    """Whether ``target`` (symlinks followed) is inside one of ``roots`` or a
    folder the user trusts."""
    real = os.path.realpath(target)
    return any(_inside(real, os.path.realpath(r)) for r in list(roots) + trusted_roots())


def reference_problem(ref: str, what: str, roots: Sequence[str], file: str,
                      line: Optional[int] = None, column: Optional[int] = None) -> Problem:
    """The VK022 problem for a reference that leaves the trusted folders."""
    return Problem.of("VK022", what=what, ref=repr(ref), folder=os.path.realpath(roots[0]),
                      env=TRUST_ENV).at(file, line, column)


# ---------------------------------------------------------------------------
# writing

def _flipped_umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


# Where the system cannot tell the umask without changing it, it is read once, at
# import, before any thread of ours runs: flipping it in a threaded program (the
# editor saves from worker threads) races every other file created meanwhile.
_UMASK_AT_IMPORT = _flipped_umask() if not os.path.exists("/proc/self/status") else 0o022


def _umask() -> int:
    """The process's umask as it is now, read without changing it (Linux states it
    in ``/proc/self/status``)."""
    with contextlib.suppress(OSError, ValueError):
        with open("/proc/self/status", encoding="ascii", errors="replace") as fh:
            for line in fh:
                if line.startswith("Umask:"):
                    return int(line.split()[1], 8)
    return _UMASK_AT_IMPORT

class WriteRefused(UnusableInput):
    """A write that would destroy something: raised before anything is written."""


class Commit:
    """What a set of writes did, for the command's closing line."""

    def __init__(self) -> None:
        self.created: List[str] = []
        self.replaced: List[str] = []
        self.done = False

    def summary(self) -> str:
        parts = []
        if self.replaced:
            parts.append(f"replaced {len(self.replaced)} file(s): {', '.join(shown_path(p) for p in self.replaced)}")
        if self.created:
            parts.append(f"created {len(self.created)}")
        return "; ".join(parts)


class WriteState:
    """What the writes of one command (or one editor thread) share: the paths
    they may not land on, the writes held back by :func:`all_or_nothing`, the
    targets checked without --force, and what the last set of writes did.
    Each context (a thread, a command run by :func:`writing`) has its own, so
    that two threads or two commands never stage, protect or check each
    other's files."""

    def __init__(self) -> None:
        self.protected: Set[str] = set()
        self.staged: Optional[List[Tuple[str, bytes]]] = None  # held back by all_or_nothing()
        # targets checked by check_target without --force: a write there must
        # still find nothing in its way when it lands, so that of two writers
        # racing for one target only the first succeeds
        self.fresh: Set[str] = set()
        self.last_commit: Optional[Commit] = None


# No default: a context without a state (a new thread starts with an empty
# context) gets a new one of its own, never one shared with another thread.
_STATE: "contextvars.ContextVar[WriteState]" = contextvars.ContextVar("variantkit_writes")


def write_state() -> WriteState:
    """This context's write state, made on first use."""
    try:
        return _STATE.get()
    except LookupError:
        state = WriteState()
        _STATE.set(state)
        return state


@contextlib.contextmanager
def writing(state: Optional[WriteState] = None) -> Iterator[WriteState]:
    """``state`` (else a new one) as the write state of the block (one
    command): nothing it protects, stages or checks outlives it or leaks
    into another command."""
    token = _STATE.set(state if state is not None else WriteState())
    try:
        yield _STATE.get()
    finally:
        _STATE.reset(token)


def last_commit() -> Optional[Commit]:
    """What the last set of writes in this context did (None: none yet)."""
    return write_state().last_commit


def shown_path(path: str, limit: int = 120) -> str:
    """A path as echoed in a message: a path of 100,000 characters is cut in
    the middle, so a message stays a line."""
    text = str(path)
    if len(text) <= limit:
        return text
    keep = (limit - 5) // 2
    return f"{text[:keep]}[...]{text[-keep:]}"


def reset_session() -> None:
    """Forget the targets this context checked and its last commit."""
    state = write_state()
    state.fresh.clear()
    state.last_commit = None


@contextlib.contextmanager
def protecting(paths: Iterable[Optional[str]]) -> Iterator[None]:
    """While inside, no write may land on any of ``paths`` (a command's inputs)."""
    protected = write_state().protected
    added = {os.path.realpath(p) for p in paths if p} - protected
    protected.update(added)
    try:
        yield
    finally:
        protected.difference_update(added)


@contextlib.contextmanager
def all_or_nothing() -> Iterator[Commit]:
    """Hold back every write made inside until the block ends without error,
    then make them all or none: each file is first written in full beside its
    target (where a full disk, a file-size limit or a signal can stop it, with
    nothing replaced yet), then the set is swapped in with signals held, and
    on any failure the old files are put back.  The Commit yielded says what
    was created and replaced once the block has ended."""
    state = write_state()
    outer, state.staged = state.staged, []
    commit = Commit()
    try:
        yield commit
        pending = state.staged
    finally:
        state.staged = outer
    if outer is not None:  # nested: the outer block makes them
        outer.extend(pending)
        return
    _commit(pending, commit)


def check_target(path: str, force: bool, inputs: Iterable[Optional[str]] = ()) -> None:
    """Refuse to write ``path`` if it is one of the command's inputs, or if it
    exists and is not empty (a file with bytes, a folder with entries) unless
    ``force``.  Called before anything is written; without ``force`` the
    write itself checks again as it lands (another writer may have come first)."""
    real = os.path.realpath(path)
    for p in inputs:
        if p and os.path.realpath(p) == real:
            raise WriteRefused([Problem.of("VK031", path=shown_path(path), which=f" ({shown_path(p)})").at(path)])
    if not force:
        write_state().fresh.add(real)
    if force or not os.path.lexists(path):
        return
    if os.path.isdir(real):
        if os.listdir(real):
            raise WriteRefused([Problem.of("VK032", path=shown_path(path)).at(path)])
    elif not os.path.isfile(real) or os.path.getsize(real) > 0:
        raise WriteRefused([Problem.of("VK030", path=shown_path(path)).at(path)])


def _clean_stale(folder: str) -> None:
    """Remove temporary files left by writers that were killed."""
    try:
        names = os.listdir(folder)
    except OSError:
        return
    for name in names:
        m = _TEMP.match(name)
        if m is None:
            continue
        pid = int(m["pid"])
        if pid == os.getpid() or _alive(pid):
            continue
        with contextlib.suppress(OSError):
            os.unlink(os.path.join(folder, name))


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except OSError as exc:
        return exc.errno == errno.EPERM
    return True


def atomic_write(path: str, data: Union[str, bytes]) -> None:
    """Write to a temporary file beside the target and rename it over.

    A symlink is written through (the link stays, the file it names changes);
    an existing file keeps its mode and, where allowed, its owner; a new file
    gets the usual mode (0666 less the umask).  The temporary file is removed
    on any failure, and one left by a kill is removed by the next write there.
    """
    state = write_state()
    if os.path.realpath(path) in state.protected:
        raise WriteRefused([Problem.of("VK031", path=shown_path(path), which="").at(path)])
    raw = data.encode("utf-8") if isinstance(data, str) else data
    if state.staged is not None:
        state.staged.append((path, raw))
        return
    _commit([(path, raw)], Commit())


def _must_be_new(target: str) -> bool:
    """Whether ``target`` was checked without --force (itself, or the folder
    it is written into): it must not have appeared since."""
    fresh = write_state().fresh
    here = target
    while here and here != os.path.dirname(here):
        if here in fresh:
            return True
        here = os.path.dirname(here)
    return False


class WriteFailed(UnusableInput, OSError):
    """A write the system stopped (a full disk, a file-size limit, no
    permission), named by its target, never the temporary file; nothing of the
    set was written.  Both a located problem and an OSError."""

    def __init__(self, path: str, exc: OSError) -> None:
        reason = exc.strerror or str(exc)
        if exc.errno == errno.EFBIG:
            reason = "over the file-size limit"
        UnusableInput.__init__(self, [Problem.of("VK009", path=shown_path(path), reason=reason).at(path)])
        self.errno = exc.errno
        self.strerror = reason
        self.filename = path


def _write_failed(path: str, exc: OSError, commit: Commit) -> WriteFailed:
    return WriteFailed(path, exc)


@contextlib.contextmanager
def _signals_held() -> Iterator[None]:
    """SIGINT, SIGTERM and SIGHUP wait while a set of files is swapped in."""
    import signal
    held = {signal.SIGINT, signal.SIGTERM, getattr(signal, "SIGHUP", signal.SIGTERM)}
    try:
        old = signal.pthread_sigmask(signal.SIG_BLOCK, held)
    except (AttributeError, ValueError, OSError):  # no such call here: swap unguarded
        yield
        return
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, old)


def _commit(pending: List[Tuple[str, bytes]], commit: Commit) -> None:
    state = write_state()
    state.last_commit = commit
    made_dirs: List[str] = []
    staged: List[Tuple[str, str, str, bool]] = []  # (shown path, target, temp, must be new)
    try:
        for path, raw in pending:
            if os.path.realpath(path) in state.protected:
                raise WriteRefused([Problem.of("VK031", path=shown_path(path), which="").at(path)])
            target = os.path.realpath(path)
            folder = os.path.dirname(target)
            _make_dirs(folder, made_dirs)
            _clean_stale(folder)
            try:
                old: Optional[os.stat_result] = os.stat(target)
            except FileNotFoundError:
                old = None
            if old is not None and not stat.S_ISREG(old.st_mode):
                raise WriteRefused([Problem.of("VK033", path=shown_path(path)).at(path)])
            fd, tmp = tempfile.mkstemp(prefix=temp_prefix(target), suffix=".tmp", dir=folder)
            staged.append((path, target, tmp, _must_be_new(target)))
            try:
                _fill(fd, raw, old)
            except OSError as exc:
                raise _write_failed(path, exc, commit) from None
    except BaseException:
        for _, _, tmp, _ in staged:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
        _remove_dirs(made_dirs)
        raise
    done: List[Tuple[str, Optional[str]]] = []  # (target, the old file kept aside)
    backup: Optional[str] = None
    with _signals_held():
        try:
            for path, target, tmp, new in staged:
                backup = None
                if new:
                    if os.path.lexists(target) and (not os.path.isfile(target) or os.path.getsize(target)):
                        raise WriteRefused([Problem.of("VK034", path=shown_path(path)).at(path)])
                if os.path.lexists(target) and len(staged) == 1:
                    commit.replaced.append(path)  # one file: the rename alone is all or nothing
                elif os.path.lexists(target):
                    backup = tempfile.mktemp(prefix=temp_prefix(target), suffix=".tmp",
                                             dir=os.path.dirname(target))
                    os.link(target, backup)  # the old file stays reachable until the set is in
                    commit.replaced.append(path)
                else:
                    commit.created.append(path)
                if new and not os.path.lexists(target):
                    try:
                        os.link(tmp, target)  # fails if someone else's file landed meanwhile
                    except FileExistsError:
                        raise WriteRefused([Problem.of("VK034", path=shown_path(path)).at(path)]) from None
                    os.unlink(tmp)
                else:
                    os.replace(tmp, target)
                done.append((target, backup))
                backup = None
        except BaseException as exc:
            if backup is not None:  # the link to the old file made for the rename that failed
                with contextlib.suppress(OSError):
                    os.unlink(backup)
            for target, backup in reversed(done):
                with contextlib.suppress(OSError):
                    if backup is not None:
                        os.replace(backup, target)
                    else:
                        os.unlink(target)
            for _, _, tmp, _ in staged:
                with contextlib.suppress(OSError):
                    os.unlink(tmp)
            _remove_dirs(made_dirs)
            commit.created.clear()
            commit.replaced.clear()
            if isinstance(exc, OSError):
                raise _write_failed(exc.filename or staged[len(done)][0], exc, commit) from None
            raise
        for _, backup in done:
            if backup is not None:
                with contextlib.suppress(OSError):
                    os.unlink(backup)
        commit.done = True


def _fill(fd: int, raw: bytes, old: Optional[os.stat_result]) -> None:
    with os.fdopen(fd, "wb") as fh:
        if old is not None:
            os.fchmod(fh.fileno(), stat.S_IMODE(old.st_mode))
            if (old.st_uid, old.st_gid) != (os.getuid(), os.getgid()):
                with contextlib.suppress(OSError):  # only root may give a file away
                    os.fchown(fh.fileno(), old.st_uid, old.st_gid)
        else:
            os.fchmod(fh.fileno(), 0o666 & ~_umask())
        fh.write(raw)
        fh.flush()
        os.fsync(fh.fileno())


def _make_dirs(folder: str, made: List[str]) -> None:
    """``os.makedirs``, noting each folder made so a failed set removes them."""
    missing = []
    here = folder
    while here and not os.path.isdir(here) and here != os.path.dirname(here):
        missing.append(here)
        here = os.path.dirname(here)
    for d in reversed(missing):
        try:
            os.mkdir(d)
        except FileExistsError:
            continue
        made.append(d)


def _remove_dirs(made: List[str]) -> None:
    for d in reversed(made):
        with contextlib.suppress(OSError):
            os.rmdir(d)  # only if still empty


def atomic_copy(source: str, path: str, limit: int) -> None:
    """Copy a regular file of at most ``limit`` bytes atomically."""
    atomic_write(path, read_limited(source, limit))


def write_scratch(path: str, text: str) -> None:
    """A file in a private temporary folder, for another program to read at
    once (an export read back by its target's reader): never a user's file,
    so neither kept nor written all or nothing."""
    with open(path, "w", encoding="utf-8") as fh:
        fh.write(text)
