"""A map drawing (jDip, MILA, Diplicity or plain SVG), read as a variant
skeleton: provinces, terrain, coasts and edges proposed from the shapes; the
drawing itself becomes the variant's art.  Reading only: variants are drawn
into their art by ``variantkit attach-art`` and the editor."""
from __future__ import annotations

import os
import re
from typing import List, Optional, Tuple

from ..model import Variant
from ..problems import Problem
from .base import Format


def variant_id_for(path: str) -> str:
    """A valid variant id from the file's name: Diplicity's ``.d.svg`` is one
    suffix; dots, spaces and other signs become ``-`` (``eraofsolitude.b1``
    -> ``eraofsolitude-b1``), never kept (the id must match the schema)."""
    stem = os.path.basename(path)
    for suffix in (".d.svg", ".svg"):
        if stem.lower().endswith(suffix):
            stem = stem[:-len(suffix)]
            break
    else:
        stem = os.path.splitext(stem)[0]
    made = re.sub(r"[^a-z0-9]+", "-", stem.lower()).strip("-")
    return made or "map"


def read(path: str, gap: Optional[float] = None) -> Tuple[Optional[Variant], List[Problem]]:
    from ..drawing.art import infer_svg, skeleton
    doc, inference = infer_svg(path, gap)
    return skeleton(doc, inference, variant_id_for(path), os.path.basename(path)), inference.problems


FORMAT = Format("svg", "a map drawing: provinces, terrain, coasts and edges proposed from the shapes",
                ".svg", read=read, carries_art=True)
