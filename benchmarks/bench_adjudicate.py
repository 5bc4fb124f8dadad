"""Adjudication speed end to end, side by side with the `diplomacy` package.

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

    python benchmarks/bench_adjudicate.py
"""
from __future__ import annotations

import os
import random
import statistics
import sys
import time
from dataclasses import replace

ROOT = os.path.join(os.path.dirname(__file__), "..")
sys.path.insert(0, ROOT)

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


def recorded_games(games: int = 20, until: int = 1911):
    """Random legal standard games, recorded phase by phase: the orders, their
    texts, and the units after (each engine is checked against them)."""
    v = classic("standard")
    out = []
    for seed in range(games):
        rng = random.Random(seed)
        game, phases = Game.new(v), []
        while game.state.phase.year < until and not game.over:
            kind = str(game.state.phase)[-1]
            orders = random_orders(game, rng)
            game.process(orders)
            phases.append((orders, texts_of(orders, kind),
                           {(u.power, str(u)) for u in game.state.units.values()}))
        out.append(phases)
    return v, out


def side_by_side(games: int = 20, until: int = 1911):
    """Phases, our seconds, the package's seconds, our resolver-alone seconds.
    Each engine plays the recorded games on its own (not interleaved, so
    neither disturbs the other's caches); every position is checked."""
    from tests.peers.diplomacy_peer import Peer
    from variantkit.rules import game as game_module
    v, recorded = recorded_games(games, until)
    game_module._PARSERS.clear()  # our run starts cold: no order read before
    ours_t = peer_t = alone_t = 0.0
    for phases in recorded:
        ours = Game.new(v)
        for _orders, texts, after in phases:
            t0 = time.process_time()
            ours_end_to_end(ours, texts)
            ours_t += time.process_time() - t0
            assert {(u.power, str(u)) for u in ours.state.units.values()} == after
    for phases in recorded:
        peer = Peer()
        for _orders, texts, after in phases:
            t0 = time.process_time()
            peer_end_to_end(peer, texts)
            peer_t += time.process_time() - t0
            assert peer_units(peer) == after, "the engines disagree"
    for phases in recorded:
        alone = Game.new(v)
        for orders, _texts, _after in phases:
            t0 = time.process_time()
            alone.process(orders)
            alone_t += time.process_time() - t0
    return sum(len(p) for p in recorded), ours_t, peer_t, alone_t


def peer_units(peer):
    return {(p.lower(), u[0] + " " + u[2:].lower()) for p, us in peer.game.get_state()["units"].items()
            for u in us if not u.startswith("*")}


def youngstown_movement(samples: int = 300):
    """Median seconds of a Youngstown movement phase end to end (texts in,
    next position out), every unit ordered; and the same for the resolver alone."""
    v = load(os.path.join(ROOT, "maps", "youngstown")).variant
    rng = random.Random(5)
    ends, alone = [], []
    game = Game.new(v)
    while len(ends) < samples:
        if game.over or game.state.phase.year > 1960:
            game = Game.new(v)
        orders = random_orders(game, rng)
        if game.state.phase.kind != "M":
            game.process(orders)
            continue
        texts = texts_of(orders, "M")
        copy = Game(v, game.state.copy())
        t0 = time.process_time()
        ours_end_to_end(game, texts)
        t1 = time.process_time()
        copy.process(orders)
        t2 = time.process_time()
        ends.append(t1 - t0)
        alone.append(t2 - t1)
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
    """side_by_side repeated; each engine's best total.  Times are the
    process's CPU time (the machine is shared: other work does not count)."""
    got = [side_by_side() for _ in range(runs)]
    return got[0][0], min(g[1] for g in got), min(g[2] for g in got), min(g[3] for g in got)


def main() -> None:
    from importlib.metadata import version
    phases, ours, peer, alone = best_of()
    print(f"standard, {phases} phases of random legal games, the same order texts, end to end:")
    print(f"  variantkit          {phases / ours:8.0f} phases/s")
    print(f"  diplomacy {version('diplomacy'):9} {phases / peer:8.0f} phases/s")
    print(f"  ratio               {peer / ours:8.1f}x")
    print(f"  (variantkit's resolver alone, orders parsed: {phases / alone:.0f} phases/s)")
    end, res = youngstown_movement()
    print(f"Youngstown movement phase, every unit ordered: median {end * 1000:.2f} ms end to end "
          f"({res * 1000:.2f} ms resolver alone)")
    print(f"Youngstown fuzz (orders generated and checked too): {fuzz_rate():.0f} phases/s")


if __name__ == "__main__":
    main()
