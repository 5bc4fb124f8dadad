"""Drawing conventions: how a map's SVG says which shape is which province,
and what else it says (names, centres, unit positions, power colours).

Each convention module has ``matches(doc) -> bool`` and ``read(doc) ->
Reading``; the first that matches reads the drawing.  Detection is from the
file itself: jDip's ``MapLayer``/``MouseLayer``, Diplicity's (godip's)
``provinces`` layer, DiplomacyGM's labelled layers, Inkscape labels, and
plain ids.
"""
from __future__ import annotations

from ..svg.reader import SvgDocument
from . import diplicity, diplomacygm, jdip, plain
from ...problems import Problem
from .base import Reading

ORDER = (("jdip", jdip), ("diplicity", diplicity), ("diplomacygm", diplomacygm))


def _provinces(reading: Reading) -> int:
    return sum(1 for s in reading.shapes if not s.coast_of)


def read_drawing(doc: SvgDocument) -> Reading:
    """The first convention the file's layers match reads it; one that
    matches but finds no province (a jDip drawing whose provinces are
    ``<use>`` stamps and no MouseLayer) gives way to the next, and the
    reading says so (VK832) rather than hand on an empty skeleton."""
    tried = []
    for name, module in ORDER:
        if module.matches(doc):
            reading = module.read(doc)
            if _provinces(reading):
                return reading
            tried.append(name)
    reading = plain.read(doc)
    if tried:
        why = f"its layers look like {' and '.join(tried)}'s but give no province"
        reading.problems.append(Problem.of("VK832", why=why).at(doc.path))
    return reading


__all__ = ["Reading", "read_drawing"]
