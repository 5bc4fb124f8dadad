"""Adjudication speed end to end, side by side with the `diplomacy` package
and Diplicity's own Python engine.

Fair comparison: both engines get the same order *texts* (written in the
package's notation, which both read: ``A PAR - BUR``, ``F BRE D``,
``A PAR B``...), each parses its own, adjudicates, and gives the next
position out (our position record; the package's ``get_state()``).  The
texts are written before the clock starts.  Random legal games on the
standard map, recorded, then played by each engine on its own and checked
position by position, three runs (each engine's best run counts; CPU time
of this process, as the machine is shared); then the median time of a
Youngstown movement phase end to end with every unit ordered; then, kept
apart, our resolver alone (orders already parsed), and fuzz throughput.

Diplicity's engine (``../shared/hosts/diplicity``, unmodified, imported into
this process; skipped where absent) plays the same phases from the same
positions: its API takes structured order records, not text, so it gets its
canonical state record (position and orders), written before the clock; its
timed path reads that record, adjudicates and writes the next state records.
Its variant is read once, as ours is; the host's own entry point
(``adjudicator.adjudicate(variant, state)``) re-reads the variant on every
call, and that figure is printed apart.

    python benchmarks/bench_adjudicate.py
    bash benchmarks/compiled.sh      # the same, on a compiled build in a venv of its own
"""
from __future__ import annotations

import gc
import os
import random
import statistics
import sys
import time
from dataclasses import replace

ROOT = os.path.join(os.path.dirname(__file__), "..")
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from variantkit.io import load  # noqa: E402
from variantkit.io.game_file import state_to_record  # noqa: E402
from variantkit.rules.fuzz import random_orders  # noqa: E402
from variantkit.rules.game import Game  # noqa: E402


def texts_of(orders, kind):
    """The orders as the package's players type them, grouped by power."""
    from tests.peers.diplomacy_peer import order_text
    by_power = {}
    for o in orders:
        by_power.setdefault(o.power, []).append(order_text(o, kind))
    return by_power


def ours_end_to_end(game: Game, texts) -> dict:
    orders, unreadable = game.parse(texts)
    game.process(orders, unreadable)
    return state_to_record(game.state)


def peer_end_to_end(peer, texts) -> dict:
    for power, lines in texts.items():
        peer.game.set_orders(power.upper(), lines)
    peer.game.process()
    return peer.game.get_state()


def classic(name: str):
    v = load(os.path.join(ROOT, "maps", name)).variant
    return replace(v, rules=replace(v.rules, options={**v.rules.options, "civil_disorder": "classic"}))


def cold_variant(name: str, rules_of_the_package: bool = True):
    """A variant loaded afresh for a timed run, with what loading a map gives the
    `diplomacy` package before its clock (the graph, the order checker, the name
    index of the parser) and none of what our engine remembers while playing (the
    parser's orders read, the checker's verdicts, the location memo): every memo
    of the engine empty, as the package's game starts with its map and nothing else."""
    from variantkit.rules import game as game_module
    from variantkit.rules.state import PROVINCE_OF
    v = classic(name) if rules_of_the_package else load(os.path.join(ROOT, "maps", name)).variant
    with game_module._LOCK:
        game_module._SHARED.clear()
        game_module._PARSERS.clear()
    game_module._PHASES.clear()   # the phases a game enters, made once per process
    PROVINCE_OF.clear()
    game = Game.new(v)
    game.graph(), game.parser()
    return v


def recorded_games(games: int = 20, until: int = 1911, host=None):
    """Random legal standard games, recorded phase by phase: the orders, their
    texts, the units after (each engine is checked against them), and the
    Diplicity host's state record of the phase where ``host`` is given."""
    v = classic("standard")
    host = host(v) if host else None
    out = []
    for seed in range(games):
        rng = random.Random(seed)
        game, phases = Game.new(v), []
        while game.state.phase.year < until and not game.over:
            kind = str(game.state.phase)[-1]
            orders = random_orders(game, rng)
            record = host.state(game.state, orders) if host else None
            game.process(orders)
            phases.append((orders, texts_of(orders, kind),
                           {(u.power, str(u)) for u in game.state.units.values()}, record))
        out.append(phases)
    return v, out, host


def diplicity_host():
    """A maker of the Diplicity peer, or None where its service is not beside the project."""
    from diplicity_peer import DiplicityPeer, service_dir
    service = service_dir()
    return None if service is None else (lambda v: DiplicityPeer(v, service))


def side_by_side(games: int = 20, until: int = 1911, host_maker=None):
    """Phases, our seconds, the package's seconds, our resolver-alone seconds,
    Diplicity's seconds (None without it) and the phases where it disagreed.
    Each engine plays the recorded games on its own (not interleaved, so
    neither disturbs the other's caches); every position is checked."""
    from diplicity_peer import units_of
    from tests.peers.diplomacy_peer import Peer
    _, recorded, host = recorded_games(games, until, host_maker)
    # recording played these very games on our engine, filling its memos (the order
    # check's verdicts, the options' geometry): our timed run gets a variant of its own
    v = cold_variant("standard")
    ours_t = peer_t = alone_t = host_t = 0.0
    host_off = 0
    gc.collect()
    for phases in recorded:
        ours = Game.new(v)
        for _orders, texts, after, _record in phases:
            t0 = time.process_time()
            ours_end_to_end(ours, texts)
            ours_t += time.process_time() - t0
            assert {(u.power, str(u)) for u in ours.state.units.values()} == after
    gc.collect()
    for phases in recorded:
        peer = Peer()
        for _orders, texts, after, _record in phases:
            t0 = time.process_time()
            peer_end_to_end(peer, texts)
            peer_t += time.process_time() - t0
            assert peer_units(peer) == after, "the engines disagree"
    if host is not None:
        gc.collect()
        for phases in recorded:
            for _orders, _texts, after, record in phases:
                t0 = time.process_time()
                states = host.adjudicate(record)
                host_t += time.process_time() - t0
                host_off += units_of(states[-1]) != after
    for phases in recorded:
        alone = Game.new(v)
        for orders, _texts, _after, _record in phases:
            t0 = time.process_time()
            alone.process(orders)
            alone_t += time.process_time() - t0
    return (sum(len(p) for p in recorded), ours_t, peer_t, alone_t,
            host_t if host is not None else None, host_off)


def host_entry_point(games: int = 3, until: int = 1911):
    """Seconds per phase of the host's own entry point, adjudicator.adjudicate(variant,
    state), which reads the variant again on every call as the service does."""
    maker = diplicity_host()
    if maker is None:
        return None
    from adjudicator import adjudicate
    from variantkit.formats.base import ExportReport
    from variantkit.formats.diplicity import dvar
    v, recorded, host = recorded_games(games, until, maker)
    variant_record = dvar(v, ExportReport("diplicity"))
    took, n = 0.0, 0
    for phases in recorded:
        for *_rest, record in phases:
            t0 = time.process_time()
            adjudicate(variant_record, record)
            took += time.process_time() - t0
            n += 1
    return took / n


def peer_units(peer):
    return {(p.lower(), u[0] + " " + u[2:].lower()) for p, us in peer.game.get_state()["units"].items()
            for u in us if not u.startswith("*")}


def youngstown_movement(samples: int = 300):
    """Median seconds of a Youngstown movement phase end to end (texts in,
    next position out), every unit ordered; and the same for the resolver alone.
    The orders are drawn on a variant of their own (drawing them fills the order
    check's memo with the very moves timed); the timed games play another,
    loaded afresh, and must reach the same positions."""
    drawn = load(os.path.join(ROOT, "maps", "youngstown")).variant
    rng = random.Random(5)
    ends, alone = [], []
    game = Game.new(drawn)
    v = cold_variant("youngstown", rules_of_the_package=False)
    gc.collect()
    while len(ends) < samples:
        if game.over or game.state.phase.year > 1960:
            game = Game.new(drawn)
        orders = random_orders(game, rng)
        if game.state.phase.kind != "M":
            game.process(orders)
            continue
        texts = texts_of(orders, "M")
        ours = Game(v, game.state.copy())
        copy = Game(v, game.state.copy())
        t0 = time.process_time()
        ours_end_to_end(ours, texts)
        t1 = time.process_time()
        copy.process(orders)
        t2 = time.process_time()
        ends.append(t1 - t0)
        alone.append(t2 - t1)
        game.process(orders)
        assert ours.state.units == game.state.units == copy.state.units
    return statistics.median(ends), statistics.median(alone)


def fuzz_rate(years: int = 100):
    v = load(os.path.join(ROOT, "maps", "youngstown")).variant
    rng = random.Random(11)
    game = Game.new(v)
    phases = 0
    t0 = time.process_time()
    while game.state.phase.year < 1901 + years and not game.over:
        game.process(random_orders(game, rng))
        phases += 1
    return phases / (time.process_time() - t0)


def best_of(runs: int = 3):
    """side_by_side repeated; each engine's best total, and each run's own
    ratios (both engines timed in that run: the ratio that carries).  Times
    are the process's CPU time (the machine is shared: other work does not
    count)."""
    maker = diplicity_host()
    got = [side_by_side(host_maker=maker) for _ in range(runs)]
    host = None if got[0][4] is None else min(g[4] for g in got)
    ratios = [(g[2] / g[1], None if g[4] is None else g[4] / g[1]) for g in got]
    return (got[0][0], min(g[1] for g in got), min(g[2] for g in got), min(g[3] for g in got),
            host, got[0][5], ratios)


def build() -> str:
    """Which variantkit this process measures: where it was imported from, and
    whether its rules are compiled (VARIANTKIT_COMPILE=1, see setup.py) or pure."""
    import variantkit
    from variantkit import rules
    kind = "compiled by mypyc" if rules.COMPILED else "pure Python"
    return f"variantkit {variantkit.__version__} from {os.path.dirname(variantkit.__file__)}: rules {kind}"


def main() -> None:
    from importlib.metadata import version
    print("measured: " + build())
    phases, ours, peer, alone, host, host_off, ratios = best_of()
    print(f"standard, {phases} phases of random legal games, the same orders, end to end "
          "(best of 3 runs, CPU time):")
    print(f"  variantkit          {phases / ours:8.0f} phases/s  (order texts in, position record out)")
    print(f"  diplomacy {version('diplomacy'):9} {phases / peer:8.0f} phases/s  (the same texts in, get_state() out)")
    if host is not None:
        print(f"  Diplicity's engine  {phases / host:8.0f} phases/s  (its state record in, next states out; "
              f"disagreed on {host_off} of {phases} positions)")
    print(f"  ratio to diplomacy  {peer / ours:8.1f}x  (best against best)")
    print("    each run's own: " + ", ".join(f"{r:.1f}x" for r, _ in ratios)
          + f"; median {statistics.median(r for r, _ in ratios):.1f}x")
    if host is not None:
        print(f"  ratio to Diplicity  {host / ours:8.1f}x  (its variant read once, as ours is; best against best)")
        print("    each run's own: " + ", ".join(f"{h:.1f}x" for _, h in ratios if h is not None)
              + f"; median {statistics.median(h for _, h in ratios if h is not None):.1f}x")
        entry = host_entry_point()
        if entry is not None:
            print(f"  Diplicity's entry point adjudicator.adjudicate(variant, state), the variant read "
                  f"each call: {entry * 1000:.1f} ms a phase, {entry / (ours / phases):.0f}x ours")
    else:
        print("  (Diplicity's engine not found beside the project: ../shared/hosts/diplicity)")
    print(f"  (variantkit's resolver alone, orders parsed: {phases / alone:.0f} phases/s)")
    end, res = youngstown_movement()
    print(f"Youngstown movement phase, every unit ordered: median {end * 1000:.2f} ms end to end "
          f"({res * 1000:.2f} ms resolver alone)")
    print(f"Youngstown fuzz (orders generated and checked too): {fuzz_rate():.0f} phases/s")


if __name__ == "__main__":
    main()
