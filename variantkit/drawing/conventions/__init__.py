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
from .base import Reading

ORDER = (("jdip", jdip), ("diplicity", diplicity), ("diplomacygm", diplomacygm))


def read_drawing(doc: SvgDocument) -> Reading:
    for _name, module in ORDER:
        if module.matches(doc):
            return module.read(doc)
    return plain.read(doc)


__all__ = ["Reading", "read_drawing"]
