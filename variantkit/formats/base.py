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

    def lost(self, code: str, /, **params: object) -> None:
        """Something the target cannot say, flattened or left out: the problem
        ``code`` in the registry's words (Problem.of), ``params`` filling its template."""
        self.problems.append(Problem.of(code, **params).at(self.path))

    def seasonal_link(self, e: Edge, target: str) -> None:
        """An edge open in some seasons only, written open in all: the target has no such link."""
        self.lost("VK705", a=e.a, b=e.b, seasons=", ".join(e.seasons), format=target)

    def refuse(self, code: str, /, **params: object) -> None:
        """What the target would misread: refused, in the registry's words."""
        self.problems.append(Problem.of(code, **params).at(self.path))

    @property
    def ok(self) -> bool:
        return not any(p.severity == "error" for p in self.problems)

    def summary(self) -> str:
        """One line: what was refused, then what the game loses, then what
        only looks different (colours, the picture), each code counted once
        with its first message, so the real losses are read first."""
        def rank(code: str) -> int:
            first = next(p for p in self.problems if p.code == code)
            return 0 if first.severity == "error" else 2 if code in LOOKS else 1
        codes = sorted(dict.fromkeys(p.code for p in self.problems), key=rank)
        if not codes:
            return "nothing lost"
        parts = []
        for group, title in ((0, "refused"), (1, "lost"), (2, "looks only")):
            mine = [c for c in codes if rank(c) == group]
            if mine:
                said = "; ".join(f"{c} x{n}: {first}" if n > 1 else f"{c}: {first}" for c in mine
                                 for n, first in [(sum(p.code == c for p in self.problems),
                                                   next(p.message for p in self.problems if p.code == c))])
                parts.append(f"{title}: {said}")
        return " | ".join(parts)


# what an export loses that changes only how the map looks, never how it plays
LOOKS = frozenset({"VK706", "VK728", "VK739"})


Reader = Callable[[str], Tuple[Optional[Variant], List[Problem]]]
# a reader that makes the variant's art itself: the art's bytes too (the variant's art names them)
ArtReader = Callable[[str], Tuple[Optional[Variant], List[Problem], Optional[bytes]]]


@dataclass(frozen=True)
class Format:
    """A judge's or host's format: what it reads, what it writes.

    ``write(variant, path[, art_file])`` and ``read(path) -> (variant | None,
    problems)``; either may be missing.  ``carries_art``: the format holds a
    picture of the map (its writer takes ``art_file``, its reader keeps the
    drawing as the variant's art); ``read_art``: a reader that makes the art
    from what it reads (webDiplomacy's traced picture), its bytes returned,
    never written to a scratch file."""
    name: str
    description: str
    extension: str
    write: Optional[Callable[..., ExportReport]] = None
    read: Optional[Reader] = None
    carries_art: bool = False
    read_art: Optional[ArtReader] = None

    @property
    def writes(self) -> bool:
        return self.write is not None

    @property
    def reads(self) -> bool:
        return self.read is not None

    def read_with_art(self, path: str) -> Tuple[Optional[Variant], List[Problem], Optional[bytes]]:
        """``read`` and the art's bytes where the reader makes the art (else None: the variant's
        art, if any, is a file that exists)."""
        if self.read_art is not None:
            return self.read_art(path)
        if self.read is None:
            raise ValueError(f"{self.name} is write-only")
        variant, problems = self.read(path)
        return variant, problems, None

    def export(self, v: Variant, path: str, art_file: Optional[str] = None) -> ExportReport:
        if self.write is None:
            raise ValueError(f"{self.name} is read-only")
        from ..files import all_or_nothing
        with all_or_nothing():  # a folder format writes all its files or none, from any front end
            return self.write(v, path, art_file=art_file) if self.carries_art else self.write(v, path)
