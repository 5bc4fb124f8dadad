"""What stands between a variant being drawn and a playable game, in the
order a designer meets it: the drawing's proposals, named coasts, powers,
their homes and units, then the problems the checker finds.  Each thing
left says where it is fixed (``where``: a panel's name, or a province)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import List, Sequence

from ..model import Variant
from ..vocabulary import COAST_NAMES


@dataclass(frozen=True)
class Left:
    text: str
    where: str   # "proposals", "powers", "problems", "rules", or a province id


def what_is_left(v: Variant, pending: int, problems: Sequence = (), drawn_powers: Sequence[str] = ()) -> List[Left]:
    """The steps left, first first; empty when the variant is a playable game.
    ``drawn_powers``: powers the drawing colours that the variant lacks."""
    out: List[Left] = []
    if pending:
        out.append(Left(f"{pending} proposed edge(s) to accept or reject", "proposals"))
    if drawn_powers:
        out.append(Left(f"the drawing colours {len(drawn_powers)} power(s) not added: "
                        + ", ".join(drawn_powers), "proposals"))
    for p in v.provinces:
        odd = [c.id for c in p.coasts if c.id not in COAST_NAMES]
        if odd:  # judges name coasts by the compass; another id is one no other judge reads
            out.append(Left(f"{p.id}'s coast(s) {', '.join(odd)} to name as judges do (nc, sc, ec, wc)", p.id))
    if not v.powers:
        out.append(Left("no powers yet: name them", "powers"))
    elif len(v.powers) == 1:
        out.append(Left("one power only: a game needs two or more", "powers"))
    for pw in v.powers:
        if not pw.homes:
            out.append(Left(f"{pw.id} has no home centres", "powers"))
        elif not pw.units:
            out.append(Left(f"{pw.id} has no starting units", "powers"))
    if v.powers and not v.centers:
        out.append(Left("no supply centres", "problems"))
    errors = sum(1 for p in problems if getattr(p, "severity", "") == "error")
    if errors:
        out.append(Left(f"{errors} error(s) below to mend", "problems"))
    return out
