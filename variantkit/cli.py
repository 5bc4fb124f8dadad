"""The ``variantkit`` command: a thin front end over the library.

Each command is a function ``cmd_NAME(args) -> exit code`` registered in
``build_parser``.  Exit codes: 0 clean, 1 problems found, 2 unusable input.
"""
from __future__ import annotations

import argparse
import json
import sys
from typing import List, Optional

from .problems import Problem, UnusableInput


def print_problems(problems: List[Problem], as_json: bool, out=sys.stdout) -> None:
    if as_json:
        json.dump([p.to_json() for p in problems], out, indent=1)
        out.write("\n")
    else:
        for p in problems:
            print(p, file=out)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="variantkit", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    # commands register themselves here, one line each
    from . import cli_variant
    cli_variant.register(sub)
    from . import cli_render
    cli_render.register(sub)
    from . import cli_import
    cli_import.register(sub)
    from . import cli_play
    cli_play.register(sub)
    from . import cli_export
    cli_export.register(sub)
    from . import cli_svg
    cli_svg.register(sub)
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
