"""A balance report: what each power starts with and how random games end.

Per power: home centres; neutral centres its own units can reach within one
and two moves; neutral centres it contests in 1901 and with whom; its
chokepoints (spaces whose loss cuts one of its homes off from the rest of
the board); and the spread of its centre counts after many random legal
games (seeded, so the figures can be reproduced).
"""
from __future__ import annotations

import random
import statistics
from dataclasses import dataclass, field
from typing import Callable, Dict, List, Optional, Set, Tuple

from ..model import Variant
from .reach import Reach, province_neighbours
from ..rules.fuzz import random_orders
from ..rules.game import Game

Progress = Callable[[int, int], None]  # (games done, games in all)


@dataclass(frozen=True)
class Spread:
    """Centre counts of one power at the end of the fuzzed games."""
    counts: Tuple[int, ...]
    wins: int

    @property
    def low(self) -> int:
        return min(self.counts)

    @property
    def high(self) -> int:
        return max(self.counts)

    @property
    def median(self) -> float:
        return statistics.median(self.counts)

    @property
    def mean(self) -> float:
        return statistics.fmean(self.counts)

    @property
    def out(self) -> int:
        """Games in which the power ended with no centre."""
        return sum(1 for c in self.counts if c == 0)


@dataclass
class PowerBalance:
    power: str
    name: str
    homes: Tuple[str, ...]
    within_one: Tuple[str, ...]
    within_two: Tuple[str, ...]              # includes within_one
    contested: Dict[str, Tuple[str, ...]]   # neutral centre -> the other powers that reach it in 1901
    chokepoints: Tuple[str, ...]
    spread: Optional[Spread] = None


@dataclass
class BalanceReport:
    variant: str
    powers: List[PowerBalance]
    games: int = 0
    years: int = 0
    seed: int = 0
    neutral: Tuple[str, ...] = field(default_factory=tuple)

    def to_json(self) -> dict:
        return {
            "variant": self.variant, "games": self.games, "years": self.years, "seed": self.seed,
            "neutral_centres": list(self.neutral),
            "powers": {p.power: {
                "homes": list(p.homes), "within_one": list(p.within_one), "within_two": list(p.within_two),
                "contested_1901": {c: list(w) for c, w in p.contested.items()},
                "chokepoints": list(p.chokepoints),
                "centres_after": None if p.spread is None else {
                    "counts": list(p.spread.counts), "min": p.spread.low, "median": p.spread.median,
                    "mean": round(p.spread.mean, 2), "max": p.spread.high, "wins": p.spread.wins,
                    "out": p.spread.out},
            } for p in self.powers},
        }

    def text(self) -> str:
        lines = [f"Balance of {self.variant}: {len(self.neutral)} neutral centres"]
        for p in self.powers:
            lines.append(f"{p.name}: {len(p.homes)} homes ({' '.join(p.homes)})")
            lines.append(f"  neutral centres within 1 move: {len(p.within_one)}"
                         + (f" ({' '.join(p.within_one)})" if p.within_one else ""))
            lines.append(f"  neutral centres within 2 moves: {len(p.within_two)}"
                         + (f" ({' '.join(p.within_two)})" if p.within_two else ""))
            contested = "; ".join(f"{c} with {', '.join(w)}" for c, w in sorted(p.contested.items()))
            lines.append(f"  contested in the first year: {contested or 'none'}")
            lines.append(f"  chokepoints: {' '.join(p.chokepoints) or 'none'}")
            if p.spread is not None:
                s = p.spread
                lines.append(f"  centres after {self.years} years: min {s.low}, median {s.median:g}, "
                             f"mean {s.mean:.1f}, max {s.high}; out in {s.out}, won {s.wins} "
                             f"of {self.games} games")
        if self.games:
            lines.append(f"({self.games} random legal games of {self.years} years, seed {self.seed}; "
                         f"the same seed gives the same figures)")
        return "\n".join(lines)


def chokepoints(variant: Variant, adj: Dict[str, Set[str]], homes: Tuple[str, ...]) -> Tuple[str, ...]:
    """Spaces (not the power's own homes) whose loss leaves one of ``homes``
    outside the part of the board that holds the most centres."""
    centres = set(variant.centers)
    out = []
    for cut in sorted(adj):
        if cut in homes or not adj[cut]:
            continue
        seen: Dict[str, int] = {}
        parts: List[Set[str]] = []
        for start in adj:
            if start == cut or start in seen:
                continue
            part = {start}
            todo = [start]
            seen[start] = len(parts)
            while todo:
                for n in adj[todo.pop()]:
                    if n != cut and n not in seen:
                        seen[n] = len(parts)
                        part.add(n)
                        todo.append(n)
            parts.append(part)
        if len(parts) < 2:
            continue
        main = max(range(len(parts)), key=lambda i: (len(parts[i] & centres), len(parts[i])))
        if any(seen.get(h) != main for h in homes if h != cut):
            out.append(cut)
    return tuple(out)


def fuzzed_spread(variant: Variant, games: int, years: int, seed: int,
                  progress: Optional[Progress] = None) -> Dict[str, Spread]:
    """Centre counts per power after ``years`` years of ``games`` random legal
    games; game ``n`` is played with ``random.Random(seed + n)``."""
    counts: Dict[str, List[int]] = {p.id: [] for p in variant.powers}
    wins = {p.id: 0 for p in variant.powers}
    for n in range(games):
        rng = random.Random(seed + n)
        game = Game.new(variant)
        end = game.state.phase.year + years
        while not game.over and game.state.phase.year < end:
            game.process(random_orders(game, rng))
        for pid in counts:
            counts[pid].append(len(game.state.centres_of(pid)))
        if game.winner in wins:
            wins[game.winner] += 1
        if progress:
            progress(n + 1, games)
    return {pid: Spread(tuple(c), wins[pid]) for pid, c in counts.items()}


def balance(variant: Variant, games: int = 0, years: int = 10, seed: int = 1,
            progress: Optional[Progress] = None) -> BalanceReport:
    reach = Reach(variant)
    adj = province_neighbours(reach.graph)
    owned = {c for p in variant.powers for c in p.starting_centers}
    neutral = tuple(c for c in variant.centers if c not in owned)
    first_year = reach.first_year()
    rows = []
    for pw in variant.powers:
        steps = reach.steps(pw.units, 2, pw.units)
        one = set().union(*(s[1] for s in steps)) if steps else set()
        two = set().union(*(s[2] for s in steps)) if steps else set()
        contested = {}
        for c in neutral:
            if c in first_year[pw.id]:
                rivals = tuple(o.id for o in variant.powers if o.id != pw.id and c in first_year[o.id])
                if rivals:
                    contested[c] = rivals
        rows.append(PowerBalance(pw.id, pw.name, pw.homes,
                                 tuple(c for c in neutral if c in one),
                                 tuple(c for c in neutral if c in two),
                                 contested, chokepoints(variant, adj, pw.homes)))
    if games > 0:
        spread = fuzzed_spread(variant, games, years, seed, progress)
        for row in rows:
            row.spread = spread[row.power]
    return BalanceReport(variant.name, rows, games if games > 0 else 0, years if games > 0 else 0,
                         seed, neutral)
