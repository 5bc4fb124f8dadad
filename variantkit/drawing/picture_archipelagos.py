"""A territory's own waters round its islands: lines drawn from its coast
round its islands and back (War2020's Southeast Asia, its islands and
Indochina in one colour inside a loop of lines out to Australia's and
China's coasts).  The compartment the loop closes is where the territory
meets its neighbours beyond it, as a ring of sea drawn round one island is
(picture_islands.looped reads a loop round one island alone).

What says so: the compartment holds an island that touches nothing but it,
in the colour of land on its shore, and the lands of that colour hold most
of the compartment's shore (the other lands only where the loop's lines
reach them).  A sea territory along a coast holds no island of that
coast's colour, or runs along other lands too; and a loop is drawn close
round the islands, so its compartment is small beside the seas it meets
(under half of each) and closed by lines and coasts, not by the picture's
edge, where a sea territory along a coast with an island of its colour is
not (Classic's Barents Sea round Novaya Zemlya, AnarchyInTheUK's Irish Sea
round Anglesey, Europe1939's Barents Sea round Kolguyev, on the top edge).
"""
from __future__ import annotations

from typing import Dict, Set, Tuple

import numpy as np

SHARE = 0.75     # of the compartment's land shore, held by the one colour
SMALL = 0.5      # of each water region it meets: a compartment closed round islands


def archipelagos(contacts: Dict[Tuple[int, int], int], water: Set[int], colour: Dict[int, int],
                 labels: np.ndarray, taken: Set[int], min_len: int = 3) -> Tuple[Dict[int, int], Set[int]]:
    """({compartment: territory, and each other land of the colour touching
    it: territory}, the territories that also have land borders: their
    armies still cross those).  The territory is the largest land of the
    colour by shore; ``taken``: regions already read as islands or waters."""
    near: Dict[int, Set[int]] = {}
    for (a, b), n in contacts.items():
        if n >= min_len:
            near.setdefault(a, set()).add(b)
            near.setdefault(b, set()).add(a)

    def touch(a: int, b: int) -> int:
        return contacts.get((min(a, b), max(a, b)), 0)

    area = np.bincount(labels.ravel())
    rim = {int(v) for v in np.unique(np.concatenate([labels[0], labels[-1], labels[:, 0], labels[:, -1]]))}
    out: Dict[int, int] = {}
    mainland: Set[int] = set()
    for sea in sorted(water - taken):
        seas = near.get(sea, set()) & water
        if sea in rim or not seas or any(area[sea] >= SMALL * area[n] for n in seas):
            continue
        lands = {n for n in near.get(sea, ()) if n not in water}
        if len(lands) < 2 or lands & (taken | set(out) | set(out.values())):
            continue
        by_colour: Dict[int, int] = {}
        for n in lands:
            by_colour[colour.get(n, -n)] = by_colour.get(colour.get(n, -n), 0) + touch(sea, n)
        main_colour = max(by_colour, key=lambda c: (by_colour[c], -c))
        if by_colour[main_colour] < SHARE * sum(by_colour.values()):
            continue
        own = {n for n in lands if colour.get(n, -n) == main_colour}
        # an island of that colour held by this compartment alone
        held = {n for n in own if near.get(n, set()) == {sea}}
        if not held or own == held and len(own) == 1:
            continue   # one island alone: picture_islands reads it
        territory = max(own, key=lambda n: (touch(sea, n), -n))
        out[sea] = territory
        out.update({n: territory for n in own if n != territory})
        if any(m not in water and m not in own for n in own for m in near.get(n, ())):
            mainland.add(territory)
    return out, mainland
