"""The one small interface every format module has.

A format writes a variant to a path and says, in its report, everything the
target cannot express and how it was flattened; where the target would
misread the result it refuses (an error in the report, nothing written).
Formats that carry enough to rebuild a variant also read.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, List, Optional, Tuple

from ..model import Edge, Variant
from ..problems import Problem


@dataclass
class ExportReport:
    path: str
    problems: List[Problem] = field(default_factory=list)

    def lost(self, code: str, message: str, hint: str = "") -> None:
        """Something the target cannot say, flattened or left out."""
        self.problems.append(Problem(code, message, hint, self.path, severity="warning"))

    def seasonal_link(self, e: Edge, target: str) -> None:
        """An edge open in some seasons only, written open in all: the target has no such link."""
        self.lost("VK705", f"the link {e.a} - {e.b} is open in {', '.join(e.seasons)} only: {target} has "
                           "no seasonal links, written as open in every season",
                  "check the exported game's first turns by hand")

    def refuse(self, code: str, message: str, hint: str) -> None:
        self.problems.append(Problem(code, message, hint, self.path))

    @property
    def ok(self) -> bool:
        return not any(p.severity == "error" for p in self.problems)


Reader = Callable[[str], Tuple[Optional[Variant], List[Problem]]]


@dataclass(frozen=True)
class Format:
    """A judge's or host's format: what it reads, what it writes.

    ``write(variant, path[, art_file])`` and ``read(path) -> (variant | None,
    problems)``; either may be missing.  ``carries_art``: the format holds a
    picture of the map (its writer takes ``art_file``, its reader keeps the
    drawing as the variant's art)."""
    name: str
    description: str
    extension: str
    write: Optional[Callable[..., ExportReport]] = None
    read: Optional[Reader] = None
    carries_art: bool = False

    @property
    def writes(self) -> bool:
        return self.write is not None

    @property
    def reads(self) -> bool:
        return self.read is not None

    def export(self, v: Variant, path: str, art_file: Optional[str] = None) -> ExportReport:
        if self.write is None:
            raise ValueError(f"{self.name} is read-only")
        from ..files import all_or_nothing
        with all_or_nothing():  # a folder format writes all its files or none, from any front end
            return self.write(v, path, art_file=art_file) if self.carries_art else self.write(v, path)
