"""Plain drawings: one shape per province named by its Inkscape label or its
id (``xxx-nc`` for a coast), terrain from fills and classes."""
from __future__ import annotations

import re
from typing import Dict

from ..geometry.shapes import DrawnShape
from ..svg.reader import SvgDocument
from .base import COAST_ID, Reading, is_impassable_fill, is_water_fill, middle, take_labels

# a layer of centre markers ("Supply centres", "SC markers", "centers"; not "province centres")
MARKERS = re.compile(r"supply|cent(er|re)s?\b|\bsc\b", re.I)


def read(doc: SvgDocument) -> Reading:
    inkscape = any(s.label for s in doc.shapes)
    out: Dict[str, DrawnShape] = {}
    coasts = []
    markers = []
    for s in doc.shapes:
        if s.layer and MARKERS.search(s.layer) and "province" not in s.layer.lower():
            markers.append(middle(s.rings))
            continue
        name = s.label or s.id or s.group
        m = COAST_ID.match(name.lower().replace(" ", "-"))
        if m:
            coasts.append(DrawnShape(name, list(s.rings), coast_of=(m.group(1), m.group(2))))
            continue
        pid = re.sub(r"[^a-z0-9_-]", "", name.lower())
        if not pid:
            continue
        water = True if ("sea" in s.classes or "water" in s.classes) else is_water_fill(s.fill)
        impassable = "neutral" in s.classes or "impassable" in s.classes or is_impassable_fill(s.fill)
        have = out.get(pid)
        if have is None:
            out[pid] = DrawnShape(pid, list(s.rings), water, impassable)
        elif water and not have.water:
            have.holes.extend(s.rings)   # water drawn inside a land province: not part of it
        else:
            have.rings.extend(s.rings)
    reading = Reading("inkscape" if inkscape else "plain", list(out.values()) + coasts, markers=markers)
    reading.terrain_drawn = any(d.water is not None or d.impassable for d in out.values())
    take_labels(reading, [t for t in doc.texts if not t.hidden])
    return reading
