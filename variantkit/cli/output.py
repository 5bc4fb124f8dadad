"""What every command shares: printing problems, loading the variant it works on."""
from __future__ import annotations

import json
import sys
from typing import List

from ..problems import Problem, UnusableInput
from ..validate import load_checked


def print_problems(problems: List[Problem], as_json: bool, out=None) -> None:
    out = out or sys.stdout
    if as_json:
        json.dump([p.to_json() for p in problems], out, indent=1)
        out.write("\n")
    else:
        for p in problems:
            print(p, file=out)


def load_or_exit(path: str):
    """Load a variant for a command that needs a valid one."""
    loaded = load_checked(path)
    if loaded.variant is None or not loaded.report.ok:
        raise UnusableInput(loaded.report.errors)
    return loaded


def write_picture(svg: bytes, path: str, scale: float = 1.0) -> None:
    """An SVG picture written as .png (through the rasterizer) or as SVG."""
    if path.lower().endswith(".png"):
        from ..raster import write_png
        write_png(svg, path, scale)
    else:
        from ..files import atomic_write
        atomic_write(path, svg.decode("utf-8"))
    print(f"wrote {path}", file=sys.stderr)
