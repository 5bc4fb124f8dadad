"""The ``variantkit`` command: a thin front end over the library.

Each command group is a module of this package with ``register(sub)``, which
adds its subcommands, each a function ``cmd_NAME(args) -> exit code``.
Exit codes: 0 clean, 1 problems found, 2 unusable input.
"""
from __future__ import annotations

import argparse
import logging
import sys
from typing import List, Optional

from .. import __version__, files, logs
from ..files import TRUST_ENV, trusting
from ..problems import Problem, UnusableInput
from . import art, convert, play, render, review, variant
from .output import TerminalText, print_problems

GROUPS = (variant, render, convert, play, art, review)
log = logging.getLogger(__name__)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="variantkit",
        description="Diplomacy variants: validate, compare, play, draw, and move them between judges and hosts.",
        epilog="Exit codes: 0 clean, 1 problems found, 2 unusable input. "
               "`variantkit COMMAND --help` tells each command's options.")
    from ..rules import COMPILED  # which build runs: the adjudicator compiled (mypyc) or pure Python
    build = "adjudicator compiled by mypyc" if COMPILED else "pure Python"
    parser.add_argument("--version", action="version", version=f"variantkit {__version__} ({build})")
    parser.add_argument("--verbose", action="store_true", help="log what is done on stderr (debug detail)")
    parser.add_argument("--trust", action="append", default=[], metavar="DIR",
                        help="a folder that files may reference besides the variant's own "
                             f"(repeatable; also {TRUST_ENV}, path-separated)")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for group in GROUPS:
        group.register(sub)
    return parser


class Terminated(BaseException):
    """SIGTERM, raised where the program is so that writes are undone."""


def _raise_terminated(signum, frame):
    raise Terminated()


def _on_sigterm():
    import signal
    import threading
    if threading.current_thread() is not threading.main_thread():
        return None
    return signal.signal(signal.SIGTERM, _raise_terminated)


def _restore_sigterm(old) -> None:
    import signal
    if old is not None:
        signal.signal(signal.SIGTERM, old)


def main(argv: Optional[List[str]] = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    log_path = logs.configure("variantkit", verbose=args.verbose)
    streams = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = TerminalText(sys.stdout), TerminalText(sys.stderr)
    old_term = _on_sigterm()
    writes = files.WriteState()  # this run's own: main may be called in-process, from threads (the tests)
    try:
        with trusting(args.trust), files.writing(writes):  # for this run only
            return int(args.func(args) or 0)
    except (KeyboardInterrupt, Terminated) as exc:  # one line, not a traceback
        commit = writes.last_commit
        said = ("the files it was writing were all written" if commit is not None and commit.done
                else "nothing was written; every file that was there is as it was")
        name = "a signal to stop (SIGTERM)" if isinstance(exc, Terminated) else "interrupted (Ctrl+C)"
        print(f"variantkit: {name}; {said}", file=sys.stderr)
        return 130 if isinstance(exc, KeyboardInterrupt) else 143
    except UnusableInput as exc:
        print_problems(exc.problems, getattr(args, "json", False), sys.stderr)
        return 2
    except BrokenPipeError:
        return 0
    except OSError as exc:  # a folder that is a file, no permission, a full disk: said, not a traceback
        print_problems([Problem.of("VK036", path=exc.filename or "a file", reason=exc.strerror or exc)
                        .at(str(exc.filename or "<output>"))], getattr(args, "json", False), sys.stderr)
        return 2
    except Exception as exc:  # a bug of ours: one line here, the traceback in the log
        log.exception("%s failed", args.command)
        where = f"; the traceback is in {log_path}" if log_path else ""
        print(f"variantkit {args.command}: internal error: {type(exc).__name__}: {exc}{where}. "
              "Please report it.", file=sys.stderr)
        return 3
    finally:
        _restore_sigterm(old_term)
        sys.stdout, sys.stderr = streams


if __name__ == "__main__":
    sys.exit(main())
