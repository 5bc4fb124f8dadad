"""Writing users' files: every write goes through here.

A crash, a kill or a full disk leaves either the old file or the new one,
never half of one.
"""
from __future__ import annotations

import os
import tempfile


def atomic_write(path: str, text: str) -> None:
    """Write to a temporary file beside ``path`` and rename it over: a crash
    leaves either the old file or the new one, never half of one."""
    folder = os.path.dirname(os.path.abspath(path))
    os.makedirs(folder, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".~" + os.path.basename(path), dir=folder)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as fh:
            fh.write(text)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
