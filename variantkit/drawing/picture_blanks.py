"""Territories a picture paints neither land nor sea.  ClassicFog paints
its lakes (Ladoga, the Caspian) and its islands (Iceland, Ireland, Crete)
in one watery colour, a cyan no sea and no land of it has: a lake is no
land and an island no sea, so a colour that fills both, and little else,
marks places the map keeps out of play (the site links them to nothing).
Such regions are set apart as impassable.
"""
from __future__ import annotations

from typing import Callable, Dict, List, Set

import numpy as np

WATERY = 40     # blue and green each this far above red: a lake's colour, not a land's
SHADE = 75      # colours within this (summed over the channels) and of one hue are one family
HUE = 6         # degrees


def blanks(neighbours: Dict[int, Set[int]], water: Set[int], land: List[int], colour: Dict[int, int],
           palette: np.ndarray, hue_apart: Callable[..., float]) -> Set[int]:
    """The land regions of a watery colour family (not the sea's) that paints
    two lakes or more (regions meeting land only) and two islands or more
    (meeting water only), lakes and islands two thirds of its regions."""
    def watery(c: int) -> bool:
        r, g, b = (int(v) for v in palette[c])
        return g >= r + WATERY and b >= r + WATERY

    todo_regions = [lab for lab in land if lab in colour and watery(colour[lab])]
    out: Set[int] = set()
    seen: Set[int] = set()
    for first in todo_regions:
        if first in seen:
            continue
        family, todo = [first], [first]
        seen.add(first)
        while todo:
            near = palette[colour[todo.pop()]]
            for lab in todo_regions:
                c = palette[colour[lab]]
                if lab not in seen and np.abs(c - near).sum() <= SHADE and hue_apart(c, near) <= HUE:
                    seen.add(lab)
                    family.append(lab)
                    todo.append(lab)
        lakes = [lab for lab in family if neighbours.get(lab) and not neighbours[lab] & water]
        isles = [lab for lab in family if neighbours.get(lab) and neighbours[lab] <= water]
        if len(lakes) >= 2 and len(isles) >= 2 and 3 * (len(lakes) + len(isles)) >= 2 * len(family):
            out.update(family)
    return out
