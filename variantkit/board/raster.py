"""Turning an SVG picture into PNG, through whichever front end provides it.

The library knows no Qt, so it rasterizes nothing itself: a front end
registers a function ``(svg_bytes, path, scale) -> None`` under the entry-point
group ``variantkit.rasterizers`` (the editor registers Qt's SVG renderer); it
raises ValueError (or OSError) for a picture it cannot make, with a reason
that names no file: the message names the target.
"""
from __future__ import annotations

from importlib.metadata import entry_points
from typing import Callable, Optional

from ..problems import Problem, UnusableInput

Rasterizer = Callable[[bytes, str, float], None]


def find_rasterizer() -> Optional[Rasterizer]:
    for ep in sorted(entry_points(group="variantkit.rasterizers"), key=lambda e: e.name):
        try:
            return ep.load()
        except ImportError:
            continue
    return None


def write_png(svg: bytes, path: str, scale: float = 1.0) -> None:
    raster = find_rasterizer()
    if raster is None:
        raise UnusableInput([Problem.of("VK501", path=path).at(path)])
    import os
    import tempfile
    from ..files import atomic_write, temp_prefix
    target = os.path.realpath(path)
    folder = os.path.dirname(target)
    os.makedirs(folder, exist_ok=True)
    # the front end writes beside the target, then the bytes go through atomic_write
    # (mode, symlink, protected inputs); the temp name is one a later run cleans
    fd, tmp = tempfile.mkstemp(prefix=temp_prefix(target), suffix=".tmp", dir=folder)
    os.close(fd)
    try:
        try:
            raster(svg, tmp, scale)
            with open(tmp, "rb") as fh:
                data = fh.read()
        except (ValueError, OSError) as exc:  # a picture too large to draw; the temporary file never named
            reason = str(exc).replace(tmp, "the picture") or type(exc).__name__
            raise UnusableInput([Problem.of("VK502", path=path, reason=reason).at(path)])
        atomic_write(path, data)
    finally:
        try:
            os.unlink(tmp)
        except OSError:
            pass
