"""DPjudge's game year: ``FLOW`` lines name the seasons and their phases (in
any language: ``LENTE:MOVEMENT,RETREATS``), ``BEGIN`` names the first phase
in those words.  variantkit plays the year DPjudge plays by default (two
movement seasons, then adjustments); a flow of that shape in other words is
read, any other shape is refused at its line, since games would not follow it.

Years are any whole number; an era word (``A.D.``, ``B.C.``) may stand with
the year, and a year before Christ is stored as a negative year, which the
game counts upwards towards year 1 as history does.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Dict, List, Optional, Tuple

from ..problems import Problem

ERAS = {"A.D.": 1, "AD": 1, "CE": 1, "C.E.": 1, "B.C.": -1, "BC": -1, "BCE": -1, "B.C.E.": -1}
DEFAULT_WORDS = {"SPRING": "S", "SUMMER": "F", "FALL": "F", "AUTUMN": "F", "WINTER": "W"}
# the season names of the model, by phase letter
MODEL_SEASON = {"S": "spring", "F": "fall", "W": "winter"}


@dataclass
class Calendar:
    items: List[str] = field(default_factory=list)   # FLOW items as written, upper case
    words: Optional[Dict[str, str]] = None            # season word -> S/F/W, once a flow is read

    def reset(self) -> None:
        self.items = []
        self.words = None

    def flow(self, items: List[str]) -> None:
        """Add the items of one FLOW line (the year is checked once all are read)."""
        self.items.extend(i.upper() for i in items)

    def complete(self) -> Optional[Problem]:
        """After the last line: the season words, or a problem if the year the
        FLOW lines make is one variantkit cannot play."""
        if not self.items:
            return None
        seasons: List[Tuple[str, str]] = []
        for item in self.items:
            word, colon, phases = item.partition(":")
            if word == "NEWYEAR":
                if colon and phases.strip() not in ("1", "+1"):
                    return Problem.of("VK630", items=item, why=f"years that step by {phases}",
                                      advice="play the map elsewhere")
                continue
            if not colon or word == "IFYEARDIV":
                return Problem.of("VK630", items=item, why="this season rule", advice="play the map elsewhere")
            letters = "".join(p.strip()[:1] for p in phases.split(",") if p.strip())
            seasons.append((word, letters))
        movement = [w for w, ls in seasons if ls in ("M", "MR")]
        adjust = [w for w, ls in seasons if ls == "A"]
        shape = [ls for _, ls in seasons]
        if len(seasons) > 3 or any(ls not in ("M", "MR", "A") for ls in shape) \
                or len(movement) > 2 or len(adjust) > 1 or (adjust and shape[-1] != "A"):
            return Problem.of("VK630", items=" ".join(self.items),
                              why=f"{len(movement)} movement season(s) in this order",
                              advice="play the map elsewhere")
        if len(movement) != 2 or len(adjust) != 1:
            return Problem.of("VK630", items=" ".join(self.items),
                              why="no two movement seasons and an adjustment season",
                              advice="add the missing FLOW items")
        self.words = {movement[0]: "S", movement[1]: "F", adjust[0]: "W"}
        return None

    def letter(self, word: str) -> Optional[str]:
        table = self.words if self.words is not None else DEFAULT_WORDS
        return table.get(word.upper())

    def season_names(self) -> List[str]:
        table = self.words if self.words is not None else DEFAULT_WORDS
        return sorted(table, key=lambda w: "SFW".index(table[w]))

    def begin(self, words: List[str]) -> Tuple[Optional[str], Optional[Problem]]:
        """``BEGIN`` followed by ``words``: the phase as ``S1901M`` (``S-500M``
        for 500 B.C.)."""
        tokens = [w.upper() for w in words]
        season = era = year = kind = None
        for t in tokens:
            if season is None and year is None and self.letter(t):
                season = self.letter(t)
            elif t in ERAS and era is None:
                era = ERAS[t]
            elif year is None and t.lstrip("+-").isdigit():
                year = int(t)
            elif kind is None and year is not None and t[:1] in ("M", "R", "A"):
                kind = t[:1]
            else:
                return None, Problem.of("VK603", words=" ".join(words),
                                        why=f"{t!r} is neither a season ({', '.join(self.season_names())}), "
                                            "a year, an era nor a phase")
        if year is None or kind is None:
            return None, Problem.of("VK603", words=" ".join(words),
                                    why=f"it lacks a {'year' if year is None else 'phase'}")
        if season is None:  # "BEGIN A.D. 1425 MOVEMENT": the year's first season
            season = "S" if kind != "A" else "W"
        if (season == "W") != (kind == "A"):
            return None, Problem.of("VK640", words=" ".join(words))
        if era == -1:
            year = -year
        return f"{season}{year}{kind}", None
