"""Commands that review a map beyond validity: lint, balance."""
from __future__ import annotations

import json
import sys

from ..files import check_target, protecting
from .output import add_force, input_paths, load_or_exit, print_problems, write_picture

DEFAULT_GAMES = 40  # Youngstown: about 2 s of CPU, under 10 s on a busy 2-core machine


def register(sub) -> None:
    p = sub.add_parser("lint", help="what is legal but probably unmeant, or read differently by other judges")
    p.add_argument("variant", metavar="VARIANT")
    p.add_argument("--art", metavar="SVG", help="check against this drawing (default: the variant's art)")
    p.add_argument("--no-portability", action="store_true",
                   help="skip the trial exports to every judge and host")
    p.add_argument("--json", action="store_true", help="findings as JSON")
    p.set_defaults(func=cmd_lint)

    p = sub.add_parser("balance", help="per power: homes, nearby and contested centres, chokepoints, "
                                       "and centres after random games")
    p.add_argument("variant", metavar="VARIANT")
    p.add_argument("--games", type=int, default=DEFAULT_GAMES,
                   help=f"random legal games to play (default {DEFAULT_GAMES}; 0: none)")
    p.add_argument("--years", type=int, default=10, help="years per game (default 10)")
    p.add_argument("--seed", type=int, default=1, help="game n is played with seed + n (default 1)")
    p.add_argument("-o", "--output", metavar="out.svg|out.png", help="the report as a picture too")
    add_force(p)
    p.add_argument("--json", action="store_true", help="the report as JSON")
    p.set_defaults(func=cmd_balance)


def cmd_lint(args) -> int:
    from ..io import art_path
    from ..review.lint import lint, shapes_from_art
    loaded = load_or_exit(args.variant)
    art = args.art or art_path(loaded)
    shapes = shapes_from_art(loaded.variant, art) if art else None
    found = lint(loaded.variant, loaded.source, shapes, portability=not args.no_portability)
    print_problems(found, args.json)
    if not args.json:
        sys.stdout.flush()
        print(f"{args.variant}: {len(found)} lint warning(s)" + ("" if art else " (no drawing: "
              "the rules that look at one were skipped)"), file=sys.stderr)
    return 1 if found else 0


class _Bar:
    """Games played, on stderr: a bar redrawn in place on a terminal, a line
    at each quarter otherwise (logs stay short)."""

    def __init__(self, out=None):
        self.out = out or sys.stderr
        self.tty = hasattr(self.out, "isatty") and self.out.isatty()
        self.shown = 0

    def __call__(self, done: int, total: int) -> None:
        if self.tty:
            filled = round(30 * done / total)
            self.out.write(f"\rplaying {done}/{total} games [{'#' * filled}{'.' * (30 - filled)}]")
            if done == total:
                self.out.write("\n")
            self.out.flush()
        elif done * 4 // total > self.shown or done == total:
            self.shown = done * 4 // total
            print(f"played {done}/{total} games", file=self.out)


MAX_GAMES = 100_000
MAX_YEARS = 1_000


def cmd_balance(args) -> int:
    from ..review.balance import balance
    from ..problems import Problem, UnusableInput
    if not 0 <= args.games <= MAX_GAMES or not 1 <= args.years <= MAX_YEARS:  # a huge count would never end
        raise UnusableInput([Problem.of("VK557", games=MAX_GAMES, years=MAX_YEARS).at("<command line>")])
    loaded = load_or_exit(args.variant)
    v = loaded.variant
    if args.output:  # refused before the games are played, not after
        check_target(args.output, args.force, input_paths(loaded))
    report = balance(v, args.games, args.years, args.seed, _Bar() if args.games else None)
    if args.json:
        json.dump(report.to_json(), sys.stdout, indent=1)
        print()
    else:
        print(report.text())
    if args.output:
        from ..board.balance_picture import balance_svg
        with protecting(input_paths(loaded)):
            write_picture(balance_svg(report, v), args.output)
    return 0
