"""A map that is a picture (PNG, GIF, JPEG), read as a variant skeleton like
``svg``: provinces, terrain, coasts and edges proposed from the picture's
regions.  The picture is kept as the variant's art, under an SVG of the
traced outlines (``<image>`` then one ``<path id=...>`` per province), so
the editor, ``render`` and ``check-art`` read it as any drawing."""
from __future__ import annotations

import os
from typing import List, Optional, Tuple

from ..model import Variant
from ..problems import Problem, UnusableInput
from .base import Format
from .svg import variant_id_for


def art_name(path: str) -> str:
    """The outlines' SVG beside the picture: ``map.png`` -> ``map.svg``."""
    return os.path.splitext(os.path.basename(path))[0] + ".svg"


def read_full(path: str):
    """(variant, problems, picture map, outlines SVG text); the variant's art
    is the SVG, which names the picture by its file name."""
    from ..drawing.art import skeleton
    from ..drawing.picture_map import outlines_art, read_picture
    pm = read_picture(path)
    variant = skeleton(None, pm.inference, variant_id_for(path), art_name(path))
    return variant, pm.inference.problems, pm, outlines_art(pm, os.path.basename(path))


def read(path: str) -> Tuple[Optional[Variant], List[Problem]]:
    try:
        variant, problems, _, _ = read_full(path)
    except UnusableInput as exc:
        return None, list(exc.problems)
    return variant, problems


FORMAT = Format("picture", "a map that is a picture (PNG, GIF, JPEG): provinces, terrain, coasts and edges "
                "proposed from its regions", ".png", read=read, carries_art=True)
