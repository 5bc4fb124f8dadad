"""variantkit import FORMAT PATH -o DIR: write a variant file from another format.

Formats register a reader in ``READERS``: ``(path) -> (Variant | None, problems)``.
"""
from __future__ import annotations

import os
import sys
from typing import Callable, Dict, List, Optional, Tuple

from .io import save
from .model import Variant
from .problems import Problem

Reader = Callable[[str], Tuple[Optional[Variant], List[Problem]]]


def _dpjudge(path: str):
    from .io.dpjudge import read_dpjudge
    result = read_dpjudge(path)
    return result.variant, result.problems


def _jdip(path: str):
    from .export.jdip import read
    return read(path)


def _njudge(path: str):
    from .export.njudge import read
    return read(path)


READERS: Dict[str, Reader] = {"dpjudge": _dpjudge, "jdip": _jdip, "njudge": _njudge,
                              "svg": None}  # a drawing: proposals, see cli_svg


def register(sub) -> None:
    p = sub.add_parser("import", help="make a variant file from another judge's or host's format")
    p.add_argument("format", choices=sorted(READERS), metavar="FORMAT",
                   help="one of: " + ", ".join(sorted(READERS)))
    p.add_argument("path", metavar="PATH")
    p.add_argument("-o", "--output", required=True, metavar="DIR",
                   help="folder for variant.yaml (created if need be)")
    p.add_argument("--json", action="store_true", help="problems as JSON")
    p.add_argument("--gap", type=float, help="svg: drawing gap to bridge (default: measured)")
    p.set_defaults(func=cmd_import)


def cmd_import(args) -> int:
    from .cli import print_problems
    if args.format == "svg":
        from .cli_svg import import_svg
        return import_svg(args)
    variant, problems = READERS[args.format](args.path)
    errors = [p for p in problems if p.severity == "error"]
    print_problems(problems, args.json, sys.stderr if not args.json else sys.stdout)
    if variant is None or errors:
        print(f"{args.path}: not imported ({len(errors)} error(s))", file=sys.stderr)
        return 1
    out = os.path.join(args.output, "variant.yaml")
    save(variant, out)
    print(f"wrote {out}: {len(variant.provinces)} provinces, {len(variant.edges)} edges, "
          f"{len(variant.powers)} powers" + (f"; {len(problems)} warning(s) above" if problems else ""),
          file=sys.stderr)
    return 0
