"""Commands that play: adjudicate one phase, play a scripted game, fuzz."""
from __future__ import annotations

import json
import random
import sys
import time

from ..io.game_file import dump_game, outcome_record, state_from_record, state_to_record
from ..problems import Problem, UnusableInput
from ..rules.fuzz import check_invariants, random_orders
from ..rules.game import Game


def register(sub) -> None:
    p = sub.add_parser("adjudicate", help="one phase: a position and orders as JSON on stdin")
    p.add_argument("--variant", required=True, metavar="VARIANT")
    p.set_defaults(func=cmd_adjudicate)

    p = sub.add_parser("play", help="play a scripted game and print each phase")
    p.add_argument("variant", metavar="VARIANT")
    p.add_argument("--orders", required=True, metavar="FILE",
                   help="phases of orders: lines 'S1901M' then 'Power: order' lines")
    p.add_argument("--save", metavar="GAME.json|GAME.yaml", help="save the game with its history")
    p.set_defaults(func=cmd_play)

    p = sub.add_parser("fuzz", help="random legal games, checking the position after every phase")
    p.add_argument("variant", metavar="VARIANT")
    p.add_argument("--years", type=int, default=50)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--games", type=int, default=1)
    p.set_defaults(func=cmd_fuzz)


def _variant(path: str):
    from .output import load_or_exit
    return load_or_exit(path).variant


def cmd_adjudicate(args) -> int:
    v = _variant(args.variant)
    try:
        rec = json.load(sys.stdin)
    except json.JSONDecodeError as exc:
        raise UnusableInput([Problem("VK400", f"the input is not JSON: {exc.msg}",
                                     "send one JSON object on stdin", "<stdin>", exc.lineno, exc.colno)])
    state, problems = state_from_record(v, rec, "<stdin>")
    orders_rec = rec.get("orders") or {} if isinstance(rec, dict) else {}
    powers = {p.id for p in v.powers}
    for power in orders_rec:
        if power not in powers:
            problems.append(Problem("VK401", f"orders: unknown power {power!r}",
                                    f"powers of {v.id}: {', '.join(sorted(powers))}", "<stdin>"))
    if problems:
        raise UnusableInput(problems)
    game = Game(v, state)
    orders, unreadable = game.parse({p: list(lines) for p, lines in orders_rec.items()})
    outcomes = game.process(orders, unreadable)
    out = state_to_record(game.state)
    out["results"] = [outcome_record(o) for o in outcomes]
    if game.winner:
        out["winner"] = game.winner
    if game.drawn:
        out["drawn"] = True
    json.dump(out, sys.stdout, indent=1)
    print()
    return 0


def _read_script(path: str):
    """Phases of orders: a phase line (S1901M) then 'Power: order' lines."""
    phases, current = [], None
    with open(path, encoding="utf-8") as fh:
        for number, raw in enumerate(fh, 1):
            line = raw.split("#", 1)[0].strip()
            if not line:
                continue
            if ":" not in line and len(line.split()) == 1:
                current = (line.upper(), {})
                phases.append(current)
                continue
            if current is None:
                raise UnusableInput([Problem("VK402", "orders before any phase line",
                                             "start each phase with its name, e.g. S1901M", path, number)])
            power, _, order = line.partition(":")
            current[1].setdefault(power.strip().lower(), []).append(order.strip())
    return phases


def cmd_play(args) -> int:
    v = _variant(args.variant)
    game = Game.new(v)
    for phase, orders in _read_script(args.orders):
        if game.over:
            break
        if str(game.state.phase) != phase:
            print(f"{phase}: skipped, the game is at {game.state.phase}", file=sys.stderr)
            continue
        parsed, bad = game.parse(orders)
        outcomes = game.process(parsed, bad)
        print(f"== {phase}")
        for o in outcomes:
            tail = f" ({o.reason})" if o.reason else ""
            print(f"  {o.power}: {o.text}: {o.outcome}{tail}")
        print(f"  -> {game.summary()}")
    if game.winner:
        print(f"{game.winner} wins")
    elif game.drawn:
        print("drawn")
    if args.save:
        dump_game(game, args.save)
    return 0


def cmd_fuzz(args) -> int:
    v = _variant(args.variant)
    phases = 0
    broken = 0
    started = time.perf_counter()
    for n in range(args.games):
        rng = random.Random(args.seed + n)
        game = Game.new(v)
        end_year = game.state.phase.year + args.years
        while not game.over and game.state.phase.year < end_year:
            orders = random_orders(game, rng)
            before = str(game.state.phase)
            try:
                game.process(orders)
            except Exception as exc:  # the fuzzer reports any crash as a finding
                print(f"game {n}, {before}: the adjudicator failed: {exc!r}", file=sys.stderr)
                broken += 1
                break
            phases += 1
            for problem in check_invariants(game):
                print(f"game {n}, after {before}: {problem}", file=sys.stderr)
                broken += 1
        end = game.winner and f"{game.winner} won" or ("drawn" if game.drawn else "stopped")
        print(f"game {n}: {end} at {game.state.phase}; {game.summary()}")
    elapsed = time.perf_counter() - started
    print(f"{phases} phases in {elapsed:.2f} s: {phases / max(elapsed, 1e-9):.0f} phases/s; "
          f"{broken} problem(s)")
    return 1 if broken else 0
