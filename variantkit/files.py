"""Writing users' files: every write goes through here.

A crash, a kill or a full disk leaves either the old file or the new one,
never half of one.  The file written keeps what the user gave the old one:
its mode and owner, and a symlink stays a symlink (the file it points at
is replaced).  A temporary file left by a killed write is removed by the
next write of the same file.
"""
from __future__ import annotations

import glob
import os
import stat
import tempfile
from typing import Union


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OSError):
        return True
    return True


def _clean_leftovers(folder: str, name: str) -> None:
    """Temporary files of writes whose process is gone (killed mid-write)."""
    for tmp in glob.glob(os.path.join(glob.escape(folder), glob.escape(f".~{name}.") + "*.tmp")):
        pid = os.path.basename(tmp)[len(f".~{name}."):].split(".", 1)[0]
        if pid.isdigit() and int(pid) != os.getpid() and not _alive(int(pid)):
            try:
                os.unlink(tmp)
            except OSError:
                pass


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def atomic_write(path: str, data: Union[str, bytes]) -> None:
    """Write to a temporary file beside ``path`` and rename it over: a crash
    leaves either the old file or the new one, never half of one.  Text is
    written as UTF-8 with the line ends it has; bytes as they are."""
    path = os.path.realpath(path)  # a symlink: replace the file it points at
    folder, name = os.path.split(path)
    os.makedirs(folder, exist_ok=True)
    _clean_leftovers(folder, name)
    try:
        old = os.stat(path)
    except FileNotFoundError:
        old = None
    fd, tmp = tempfile.mkstemp(prefix=f".~{name}.{os.getpid()}.", suffix=".tmp", dir=folder)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data.encode("utf-8") if isinstance(data, str) else data)
            fh.flush()
            os.fsync(fh.fileno())
        if old is not None:
            os.chmod(tmp, stat.S_IMODE(old.st_mode))
            if hasattr(os, "chown") and (old.st_uid, old.st_gid) != (os.getuid(), os.getgid()):
                try:
                    os.chown(tmp, old.st_uid, old.st_gid)
                except PermissionError:
                    pass  # only root may give a file away: it stays the writer's
        else:  # a new file gets the mode any new file gets, not mkstemp's 0600
            os.chmod(tmp, 0o666 & ~_umask())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
