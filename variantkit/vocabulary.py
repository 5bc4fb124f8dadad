"""The words of orders and the names of coasts, kept in one place.

The order parser (rules/parse.py) reads these words; the validator flags a
province named like one of them (VK111), since an order could not tell the
name from the keyword; the editor and the importers name a new coast with
COAST_NAMES.
"""
from __future__ import annotations

from typing import Dict, FrozenSet

from .model import UnitType

HOLD = frozenset({"h", "hold", "holds", "stand", "stands"})
MOVE = frozenset({"-", "move", "moves", "to", "m"})
SUPPORT = frozenset({"s", "support", "supports"})
CONVOY = frozenset({"c", "convoy", "convoys"})
RETREAT = frozenset({"r", "retreat", "retreats"})
DISBAND = frozenset({"d", "disband", "disbands"})
BUILD = frozenset({"b", "build", "builds"})
REMOVE = frozenset({"remove", "removes"})
WAIVE = frozenset({"waive", "waives"})
VIA = frozenset({"via"})
BY = frozenset({"by"})   # "A Lon - Bel by convoy", "A Lon S by F Nth"
UNIT_WORDS: Dict[str, UnitType] = {"a": UnitType.ARMY, "army": UnitType.ARMY,
                                   "f": UnitType.FLEET, "fleet": UnitType.FLEET}

# Every word the parser reads as a keyword: a province named so is ambiguous.
ORDER_KEYWORDS: FrozenSet[str] = (HOLD | MOVE | SUPPORT | CONVOY | RETREAT | DISBAND | BUILD | REMOVE
                                  | WAIVE | VIA | BY | frozenset(UNIT_WORDS))

# Words other judges read as keywords; a clash is harmless here but breaks an
# export (DPjudge's own parser rejects Youngstown's Andaman Sea, code AND).
DPJUDGE_KEYWORDS = frozenset({"and"})

# Words the diplomacy package (and DPjudge, whose table it keeps) reads in an
# order as keywords (``the`` is dropped, ``keep`` is a hold, ``over`` a
# convoy path...): a province named by one cannot be ordered there.
HOST_KEYWORDS = frozenset({
    "army", "at", "attack", "attacking", "attacks", "bounce", "build", "building", "builds", "by", "convoy",
    "convoying", "convoys", "cut", "destroy", "destroyed", "destroying", "destroys", "disband", "disbanding",
    "disbands", "dislodged", "fleet", "from", "hold", "holding", "holds", "in", "is", "keep", "keeping",
    "keeps", "move", "moves", "moving", "of", "on", "or", "over", "proxies", "proxy", "proxying", "remove",
    "removes", "removing", "retreat", "retreating", "retreats", "support", "supporting", "supports", "the",
    "through", "to", "via", "void", "waive", "waived", "waives", "waiving", "will", "wing", "with"})

# A coast's id and the name it gets when none is given (``spa/nc``: North Coast).
COAST_NAMES: Dict[str, str] = {
    "nc": "North Coast", "sc": "South Coast", "ec": "East Coast", "wc": "West Coast",
    "ne": "Northeast Coast", "nw": "Northwest Coast", "se": "Southeast Coast", "sw": "Southwest Coast",
}


# The four coasts jDip and njudge can name (their adjacency kinds besides mv and xc).
COMPASS_COASTS = ("nc", "sc", "ec", "wc")


def coast_name(coast_id: str) -> str:
    """The usual name of a coast id; an unusual id is named by itself in capitals."""
    return COAST_NAMES.get(coast_id, coast_id.upper())
