"""Problems found in a file: collected, never raised one at a time.

Every problem has a stable code, the file, line and column where it is, the
offending value, and a hint that says what to do.  Readers and checks append
to a :class:`Report`; callers decide what to do with all of it at once.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Iterator, List, Optional

from .codes import CODES
from .text import shown


@dataclass(frozen=True)
class Problem:
    code: str
    message: str
    hint: str = ""
    file: str = ""
    line: Optional[int] = None     # 1-based
    column: Optional[int] = None   # 1-based
    severity: str = "error"        # "error" or "warning"

    @classmethod
    def of(cls, code: str, /, **params: object) -> "Problem":
        """The problem ``code`` with its message and hint from the registry
        (variantkit.codes), ``params`` filling the templates' placeholders
        (any name, file and line included), at its registered severity;
        placed with :meth:`at`."""
        entry = CODES[code]
        message, hint = entry.render(**params)
        return cls(code, message, hint, severity=entry.severity)

    def at(self, file: str = "", line: Optional[int] = None, column: Optional[int] = None,
           severity: Optional[str] = None) -> "Problem":
        """This problem placed in a file; ``severity`` only one its code has."""
        if severity is not None and severity not in CODES[self.code].severities:
            raise ValueError(f"{self.code} is never a {severity}")
        return replace(self, file=file, line=line, column=column, severity=severity or self.severity)

    def where(self) -> str:
        loc = self.file or "<input>"
        if self.line is not None:
            loc += f":{self.line}"
            if self.column is not None:
                loc += f":{self.column}"
        return loc

    def __str__(self) -> str:
        # printed on a terminal: a value's control characters shown as escapes, never obeyed
        out = f"{shown(self.where(), 300)}: {self.severity} {self.code}: {shown(self.message, 2000)}"
        if self.hint:
            out += f"\n    hint: {shown(self.hint, 2000)}"
        return out

    def to_json(self) -> dict:
        return {"code": self.code, "severity": self.severity, "message": self.message,
                "hint": self.hint, "file": self.file, "line": self.line,
                "column": self.column}


@dataclass
class Report:
    problems: List[Problem] = field(default_factory=list)

    def add(self, problem: Problem) -> None:
        self.problems.append(problem)

    def extend(self, problems) -> None:
        self.problems.extend(problems)

    @property
    def errors(self) -> List[Problem]:
        return [p for p in self.problems if p.severity == "error"]

    @property
    def warnings(self) -> List[Problem]:
        return [p for p in self.problems if p.severity == "warning"]

    @property
    def ok(self) -> bool:
        return not self.errors

    def __iter__(self) -> Iterator[Problem]:
        return iter(self.problems)

    def __len__(self) -> int:
        return len(self.problems)

    def sorted(self) -> List[Problem]:
        return sorted(self.problems, key=lambda p: (p.file, p.line or 0, p.column or 0, p.code))


class UnusableInput(Exception):
    """The input cannot be read at all (missing, binary, too big, not YAML).

    Carries the problems found, so the caller can print them like any other.
    """

    def __init__(self, problems: List[Problem]):
        super().__init__("; ".join(str(p) for p in problems))
        self.problems = problems
