"""How many links a judge's map file may state before its reader refuses it.

The byte limits alone let a dense graph through: 5 MB of njudge or DPjudge
lines name about a million neighbours (1,000 places each linked to every
other), which took minutes and gigabytes to import.  Real maps are far
below these values (DPjudge's largest, Empire, names 1,530 words of
neighbours over all its lines and renames or drops 23 places at most), and
at these values the worst input imports in about 20 s (docs/security.md).
"""
from __future__ import annotations

from ..problems import Problem, UnusableInput

MAX_PLACES = 20_000     # locations (a 10,000-province variant is the largest the project plans for)
MAX_LINKS = 50_000      # neighbours named over the whole map, every file it USEs included
MAX_NEIGHBOURS = 500    # neighbours of one location
MAX_RENAMES = 200       # DPjudge renames and DROPs: each rewrites every link read so far


class LinkBudget:
    """Counts what a map states as it is read; over a limit is VK025 at the line."""

    def __init__(self) -> None:
        self.places = 0
        self.links = 0
        self.renames = 0

    def place(self, path: str, line: int) -> None:
        self.places += 1
        if self.places > MAX_PLACES:
            _refuse("locations", MAX_PLACES, path, line)

    def neighbours(self, named: int, held: int, path: str, line: int) -> None:
        """``named`` neighbours on this line; ``held``: the location's neighbours now."""
        self.links += named
        if self.links > MAX_LINKS:
            _refuse("neighbours (counting every line, every file USEd)", MAX_LINKS, path, line)
        if held > MAX_NEIGHBOURS:
            _refuse("neighbours of one location", MAX_NEIGHBOURS, path, line)

    def rename(self, path: str, line: int) -> None:
        self.renames += 1
        if self.renames > MAX_RENAMES:
            _refuse("renames and DROPs", MAX_RENAMES, path, line)


def _refuse(what: str, limit: int, path: str, line: int) -> None:
    raise UnusableInput([Problem.of("VK025", limit=f"{limit:,}", what=what).at(path, line)])
