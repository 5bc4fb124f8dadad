"""Where the front ends keep their log, and how they set it up.

The library only logs (``logging.getLogger(__name__)``); the command and the
editor call :func:`configure` once: warnings and worse on stderr, everything
from INFO up, tracebacks included, in a small rotating file under the user's
state folder (``$XDG_STATE_HOME/variantkit``, else ``~/.local/state/variantkit``),
so that what failed can be read after the window or the terminal is gone.
"""
from __future__ import annotations

import logging
import logging.handlers
import os
from typing import Optional

_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"


def log_dir() -> str:
    base = os.environ.get("XDG_STATE_HOME") or os.path.join(os.path.expanduser("~"), ".local", "state")
    return os.path.join(base, "variantkit")


def configure(program: str, verbose: bool = False, stderr: bool = True) -> Optional[str]:
    """Log to ``<state>/<program>.log`` (rotated at 1 MB, three kept) and, for
    warnings (everything with ``verbose``), to stderr. Returns the log's path, or
    None where no file can be written (read-only home): the stderr log stands."""
    root = logging.getLogger()
    root.setLevel(logging.DEBUG if verbose else logging.INFO)
    reset()
    if stderr:
        console = logging.StreamHandler()
        console.setLevel(logging.DEBUG if verbose else logging.WARNING)
        console.setFormatter(logging.Formatter("%(levelname)s %(name)s: %(message)s"))
        if not verbose:  # a failure with its traceback is told by the front end in a line; the file keeps it
            console.addFilter(lambda record: record.exc_info is None)
        console._variantkit = True  # type: ignore[attr-defined]
        root.addHandler(console)
    path = os.path.join(log_dir(), f"{program}.log")
    try:
        os.makedirs(log_dir(), mode=0o700, exist_ok=True)
        handler = logging.handlers.RotatingFileHandler(path, maxBytes=1 << 20, backupCount=3,
                                                       encoding="utf-8", delay=True)
    except OSError:
        return None
    handler.setLevel(logging.DEBUG if verbose else logging.INFO)
    handler.setFormatter(logging.Formatter(_FORMAT))
    handler._variantkit = True  # type: ignore[attr-defined]
    root.addHandler(handler)
    return path


def reset() -> None:
    """Remove the handlers :func:`configure` added (a second run in one process
    starts afresh; tests leave no handler on a folder they delete)."""
    root = logging.getLogger()
    for handler in list(root.handlers):
        if getattr(handler, "_variantkit", False):
            root.removeHandler(handler)
            handler.close()
