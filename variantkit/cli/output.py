"""What every command shares: printing problems, loading the variant it works on."""
from __future__ import annotations

import json
from dataclasses import replace
import re
import sys
from typing import List

from .. import text
from ..files import shown_path
from ..problems import Problem, UnusableInput
from ..io.variant_file import Usable
from ..validate import load_checked

_LONG_RUN = re.compile(r"\S{200,}")  # a path of 100,000 characters is cut, so a message stays a line


def cut(line: str) -> str:
    """A line as printed: any run of 200 or more characters without a space
    (a path of 100,000 characters) is cut in the middle."""
    return _LONG_RUN.sub(lambda m: shown_path(m.group()), line)


def print_problems(problems: List[Problem], as_json: bool, out=None) -> None:
    out = out or sys.stdout
    if as_json:
        json.dump([p.to_json() for p in problems], out, indent=1)
        out.write("\n")
    else:
        for p in problems:
            print(cut(str(p)), file=out)


def load_or_exit(path: str) -> Usable:
    """Load a variant for a command that needs a valid one."""
    loaded = load_checked(path)
    if loaded.variant is None or not loaded.report.ok:
        raise UnusableInput(loaded.report.errors)
    return Usable(loaded.path, loaded.variant, loaded.source, loaded.report, loaded.base)


def input_paths(loaded, art: bool = True) -> List[str]:
    """Every file a loaded variant was read from (its bases too) and its art:
    a command writes over none of them."""
    from ..io import art_path
    paths: List[str] = []
    here = loaded
    while here is not None:
        paths.append(here.path)
        here = here.base
    drawing = art_path(loaded) if art else None
    if drawing:
        paths.append(drawing)
    return paths


def add_force(parser) -> None:
    parser.add_argument("--force", action="store_true",
                        help="replace an existing output (never one of the command's inputs)")


def finite(low: float, high: float):
    """An argparse type: a number in [low, high] (no NaN, no infinity)."""
    import argparse
    import math

    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a number")
        if not math.isfinite(value) or not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{text!r} is not a number from {low:g} to {high:g}")
        return value
    return parse


def write_picture(svg: bytes, path: str, scale: float = 1.0) -> None:
    """An SVG picture written as .png (through the rasterizer) or as SVG."""
    if path.lower().endswith(".png"):
        from ..board.raster import write_png
        write_png(svg, path, scale)
    else:
        from ..files import atomic_write
        atomic_write(path, svg.decode("utf-8"))
    print(f"wrote {path}", file=sys.stderr)


class TerminalText:
    """A text stream that prints a value's control characters as escapes
    (``\\x1b``), never obeyed: a name holding a terminal escape must not
    recolour or rewrite the user's screen. Line breaks and tabs pass."""

    def __init__(self, stream):
        self._stream = stream

    def write(self, data: str) -> int:
        if text.has_bad_characters(data, multiline=True):
            data = "".join(ch if ch in "\n\t\r" else text.shown(ch) for ch in data)
        return self._stream.write(data)

    def __getattr__(self, name):  # flush, isatty, encoding... as the stream has them
        return getattr(self._stream, name)


def checked_errors(trial: str) -> List[Problem]:
    """What stops a variant written by an importer: its load and check errors
    (a save's check, run on the files as they will be)."""
    return list(load_checked(trial).report.errors)


def as_imported(problems: List[Problem], source: str) -> List[Problem]:
    """An importer never writes a variant that would not load: the errors of
    what it would write, blamed on the source as imported (the trial file is
    gone, so no line); each keeps the registry's words."""
    return [replace(p, file=f"{source} (as imported)", line=None, column=None) for p in problems]
