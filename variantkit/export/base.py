"""The one small interface every format module has.

A format writes a variant to a path and says, in its report, everything the
target cannot express and how it was flattened; where the target would
misread the result it refuses (an error in the report, nothing written).
Formats that carry enough to rebuild a variant also read.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, List, Optional, Tuple

from ..model import Variant
from ..problems import Problem


@dataclass
class ExportReport:
    path: str
    problems: List[Problem] = field(default_factory=list)

    def lost(self, code: str, message: str, hint: str = "") -> None:
        """Something the target cannot say, flattened or left out."""
        self.problems.append(Problem(code, message, hint, self.path, severity="warning"))

    def refuse(self, code: str, message: str, hint: str) -> None:
        self.problems.append(Problem(code, message, hint, self.path))

    @property
    def ok(self) -> bool:
        return not any(p.severity == "error" for p in self.problems)


@dataclass(frozen=True)
class Format:
    name: str
    description: str
    extension: str
    write: Callable[[Variant, str], ExportReport]
    read: Optional[Callable[[str], Tuple[Optional[Variant], List[Problem]]]] = None
