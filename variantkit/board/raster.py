"""Turning an SVG picture into PNG, through whichever front end provides it.

The library knows no Qt, so it rasterizes nothing itself: a front end
registers a function ``(svg_bytes, scale) -> png_bytes`` under the entry-point
group ``variantkit.rasterizers`` (the editor registers Qt's SVG renderer).
It raises ValueError (or OSError) for a picture it
cannot make, with a reason that names no file: the message names the target.
"""
from __future__ import annotations

from importlib.metadata import entry_points
from typing import Callable, Optional

from ..problems import Problem, UnusableInput

Rasterizer = Callable[[bytes, float], bytes]


def find_rasterizer() -> Optional[Rasterizer]:
    for ep in sorted(entry_points(group="variantkit.rasterizers"), key=lambda e: e.name):
        try:
            return ep.load()
        except ImportError:
            continue
    return None


def write_png(svg: bytes, path: str, scale: float = 1.0) -> None:
    """The picture as PNG at path: the front end's rasterizer makes the bytes, files.py writes them."""
    raster = find_rasterizer()
    if raster is None:
        raise UnusableInput([Problem.of("VK501", path=path).at(path)])
    from ..files import atomic_write
    try:
        data = raster(svg, scale)
    except (ValueError, OSError) as exc:  # a picture too large to draw
        raise UnusableInput([Problem.of("VK502", path=path, reason=str(exc) or type(exc).__name__).at(path)])
    atomic_write(path, data)
