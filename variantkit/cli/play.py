"""Commands that play: adjudicate one phase, play a scripted game, list the legal
orders of a game's phase, fuzz."""
from __future__ import annotations

import json
import logging
import random
import sys
import time
from typing import Dict, List, Optional, Tuple

from ..files import check_target, protecting, read_limited, read_stream
from ..io.game_file import (MAX_GAME_BYTES, DuplicateKey, dump_game, loads_unique, outcome_record, orders_from_record,
                            state_from_record, state_to_record)
from ..problems import Problem, UnusableInput
from ..rules.orders import Build, Phase, Waive
from ..text import shown as text_shown
from ..rules.fuzz import check_invariants, random_orders
from ..rules.game import Game

log = logging.getLogger(__name__)


def register(sub) -> None:
    p = sub.add_parser("adjudicate", help="one phase: a position and orders as JSON on stdin")
    p.add_argument("--variant", required=True, metavar="VARIANT")
    p.set_defaults(func=cmd_adjudicate)

    p = sub.add_parser("play", help="play a scripted game and print each phase")
    p.add_argument("variant", metavar="VARIANT")
    p.add_argument("--orders", required=True, metavar="FILE",
                   help="phases of orders: lines 'S1901M' then 'Power: order' lines")
    p.add_argument("--save", metavar="GAME.json|GAME.yaml", help="save the game with its history")
    p.add_argument("--force", action="store_true", help="replace an existing saved game")
    p.set_defaults(func=cmd_play)

    p = sub.add_parser("options", help="every legal order in a game's current phase, as JSON")
    p.add_argument("variant", metavar="VARIANT")
    p.add_argument("--game", required=True, metavar="GAME.json|GAME.yaml",
                   help="a saved game (variantkit play --save, the editor); its current position")
    p.add_argument("--power", metavar="POWER", help="only this power's orders (id, name or letter)")
    p.set_defaults(func=cmd_options)

    p = sub.add_parser("fuzz", help="random legal games, checking the position after every phase")
    p.add_argument("variant", metavar="VARIANT")
    p.add_argument("--years", type=_count(10_000), default=50)
    p.add_argument("--seed", type=_count(2**63), default=1)
    p.add_argument("--games", type=_count(100_000), default=1)
    p.set_defaults(func=cmd_fuzz)


MAX_SCRIPT_BYTES = 16 * 1024 * 1024  # an order script of a long game is a few hundred kB
MAX_ORDER_CHARS = 1000  # the longest real order (a convoy route) is under 200 characters


def _count(high: int):
    """An argparse type: a whole number from 0 to ``high``."""
    import argparse

    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text[:40]!r} is not a whole number")
        if not 0 <= value <= high:
            raise argparse.ArgumentTypeError(f"{value} is not from 0 to {high}")
        return value
    return parse


def _variant(path: str):
    from .output import load_or_exit
    return load_or_exit(path).variant


def parse_filed(game: Game, filed):
    """Parse orders filed by power, each with where it was filed
    (``{power: [(text, file, line, what)]}``), refusing any that commands
    another power's unit: a power prefix naming another power, or a unit of
    another power.  Returns (orders, unreadable, problems)."""
    s = game.state
    parsed, bad, problems = [], [], []
    for filed_as, items in filed.items():
        power = game.parser().power(filed_as) or filed_as  # "F:" or "French:" in a script is france
        for text, file, line, what in items:
            orders, unreadable = game.parse({power: [text]})
            bad += unreadable
            for o in orders:
                if o.power != power:
                    problems.append(Problem.of("VK411", where=what, power=power, other=o.power).at(file, line))
                    continue
                if not isinstance(o, (Build, Waive)):  # a build names an empty home centre
                    unit = s.dislodged[o.province].unit if s.phase.kind == "R" and o.province in s.dislodged \
                        else s.units.get(o.province)
                    if unit is not None and unit.power != power:
                        problems.append(Problem.of("VK403", where=what, power=power, owner=unit.power, unit=unit)
                                        .at(file, line))
                        continue
                parsed.append(o)
    return parsed, bad, problems


def cmd_adjudicate(args) -> int:
    v = _variant(args.variant)
    stdin = sys.stdin.buffer if hasattr(sys.stdin, "buffer") else sys.stdin  # tests give a StringIO
    raw = read_stream(stdin, MAX_GAME_BYTES, code="VK400")
    try:
        rec = loads_unique(raw if isinstance(raw, str) else raw.decode("utf-8"))
    except DuplicateKey as exc:
        raise UnusableInput([Problem.of("VK400", path="<stdin>", reason=f"not JSON this program reads: {exc} "
                                        "(give each key once)").at("<stdin>")])
    except UnicodeDecodeError as exc:
        raise UnusableInput([Problem.of("VK400", path="<stdin>", reason=f"not UTF-8 (byte {exc.start})")
                             .at("<stdin>")])
    except json.JSONDecodeError as exc:
        raise UnusableInput([Problem.of("VK400", path="<stdin>", reason=f"not JSON: {exc.msg}")
                             .at("<stdin>", exc.lineno, exc.colno)])
    except (ValueError, RecursionError) as exc:  # a number of over 4300 digits, nesting too deep
        raise UnusableInput([Problem.of("VK400", path="<stdin>", reason=f"not JSON this program reads: "
                                        f"{str(exc)[:80]}").at("<stdin>")])
    state, problems = state_from_record(v, rec, "<stdin>")
    orders_rec, more = orders_from_record(v, rec.get("orders") if isinstance(rec, dict) else None,
                                          "<stdin>", MAX_ORDER_CHARS)
    problems += more
    if problems:
        raise UnusableInput(problems)
    game = Game(v, state)
    orders, unreadable, owners = parse_filed(game, {
        p: [(line, "<stdin>", None, f"orders.{p}[{i}]") for i, line in enumerate(lines)]
        for p, lines in orders_rec.items()})
    if owners:
        raise UnusableInput(owners)
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


# a phase of an order script: its name, and each power's orders with their line numbers
_Phase = Tuple[str, Dict[str, List[Tuple[str, int]]]]


def _read_script(path: str) -> List[_Phase]:
    """Phases of orders: a phase line (S1901M) then 'Power: order' lines,
    each order with its line number."""
    raw = read_limited(path, MAX_SCRIPT_BYTES, "VK402", what="order script")
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise UnusableInput([Problem.of("VK402", path=path, reason="not UTF-8 text")
                             .at(path, raw[:exc.start].count(b"\n") + 1)])
    phases: List[_Phase] = []
    bad: List[Problem] = []
    current: Optional[_Phase] = None
    for number, raw_line in enumerate(text.split("\n"), 1):
        if len(raw_line) > MAX_ORDER_CHARS:
            raise UnusableInput([Problem.of("VK008", line="the line", length=len(raw_line), limit=MAX_ORDER_CHARS)
                                 .at(path, number)])
        line = raw_line.split("#", 1)[0].strip()
        if not line:
            continue
        if ":" not in line and len(line.split()) == 1:
            try:
                name = str(Phase.parse(line))
            except ValueError:  # every bad phase line said at once, never skipped
                bad.append(Problem.of("VK408", line=repr(text_shown(line[:60]))).at(path, number))
                name = line.upper()
            current = (name, {})
            phases.append(current)
            continue
        if current is None:
            raise UnusableInput([Problem.of("VK409").at(path, number)])
        power, _, order = line.partition(":")
        current[1].setdefault(power.strip().lower(), []).append((order.strip(), number))
    if bad:
        raise UnusableInput(bad)
    return phases


def cmd_play(args) -> int:
    from .output import input_paths, load_or_exit
    loaded = load_or_exit(args.variant)
    v = loaded.variant
    inputs = input_paths(loaded) + [args.orders]  # the variant's files, not the folder named
    if args.save:  # refused before a phase is played, not after
        check_target(args.save, args.force, inputs)
    script = _read_script(args.orders)
    game = Game.new(v)
    for phase, numbered in script:
        if game.over:
            break
        if str(game.state.phase) != phase:
            print(f"{phase}: skipped, the game is at {game.state.phase}", file=sys.stderr)
            continue
        parsed, bad, owners = parse_filed(game, {
            p: [(text, args.orders, n, text) for text, n in items] for p, items in numbered.items()})
        if owners:
            raise UnusableInput(owners)
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
        with protecting(inputs):
            dump_game(game, args.save)
    return 0


def cmd_options(args) -> int:
    """{"phase", "options": {power: {province: [order text]}}}; in adjustments
    a power's waive is under the key "waive"."""
    from ..io.game_file import load_game
    from ..rules.options import WAIVE, options
    from ..rules.orders import describe
    v = _variant(args.variant)
    game, problems = load_game(v, args.game)
    if problems:
        raise UnusableInput(problems)
    power = None
    if args.power:
        power = game.parser().power(args.power)
        if power is None:
            raise UnusableInput([Problem.of("VK412", power=repr(args.power), variant=v.id,
                                            powers=", ".join(p.id for p in v.powers))])
    listed = options(game, power)
    out = {"phase": str(game.state.phase),
           "options": {p: {(k if k != WAIVE else "waive"): [describe(o) for o in os] for k, os in by.items()}
                       for p, by in listed.items()}}
    json.dump(out, sys.stdout, indent=1)
    print()
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
            except Exception as exc:  # the fuzzer reports any crash as a finding; the traceback is logged
                log.exception("fuzz game %d (seed %s), %s: the adjudicator failed", n, args.seed, before)
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
