"""The ``variantkit`` command: a thin front end over the library.

Each command group is a module of this package with ``register(sub)``, which
adds its subcommands, each a function ``cmd_NAME(args) -> exit code``.
Exit codes: 0 clean, 1 problems found, 2 unusable input.
"""
from __future__ import annotations

import argparse
import sys
from typing import List, Optional

from ..problems import UnusableInput
from . import art, convert, play, render, review, variant
from .output import print_problems

GROUPS = (variant, render, convert, play, art, review)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="variantkit", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for group in GROUPS:
        group.register(sub)
    return parser


def main(argv: Optional[List[str]] = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        return int(args.func(args) or 0)
    except UnusableInput as exc:
        print_problems(exc.problems, getattr(args, "json", False), sys.stderr)
        return 2
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
