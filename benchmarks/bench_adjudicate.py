"""Adjudication speed, side by side with the `diplomacy` package.

Both adjudicate the same random legal games on the standard map, phase by
phase, in one run; only the calls that process a phase are timed.  Then the
median time of a Youngstown movement phase with every unit ordered, and fuzz
throughput on Youngstown.

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
from variantkit.rules.fuzz import random_orders  # noqa: E402
from variantkit.rules.game import Game  # noqa: E402


def side_by_side(games: int = 20, until: int = 1911):
    from tests.peers.diplomacy_peer import Peer
    v = load(os.path.join(ROOT, "maps", "standard")).variant
    v = replace(v, rules=replace(v.rules, options={**v.rules.options, "civil_disorder": "classic"}))
    ours_t = peer_t = 0.0
    phases = 0
    for seed in range(games):
        rng = random.Random(seed)
        ours, peer = Game.new(v), Peer()
        while ours.state.phase.year < until and not ours.over:
            kind = str(ours.state.phase)[-1]
            orders = random_orders(ours, rng)
            t0 = time.perf_counter()
            ours.process(orders)
            t1 = time.perf_counter()
            peer.play(orders, kind)
            t2 = time.perf_counter()
            ours_t += t1 - t0
            peer_t += t2 - t1
            phases += 1
    return phases, ours_t, peer_t


def youngstown_movement(samples: int = 300):
    v = load(os.path.join(ROOT, "maps", "youngstown")).variant
    rng = random.Random(5)
    times = []
    game = Game.new(v)
    while len(times) < samples:
        if game.over or game.state.phase.year > 1960:
            game = Game.new(v)
        orders = random_orders(game, rng)
        movement = game.state.phase.kind == "M"
        t0 = time.perf_counter()
        game.process(orders)
        if movement:
            times.append(time.perf_counter() - t0)
    return statistics.median(times), len(game.state.units)


def fuzz_rate(years: int = 100):
    v = load(os.path.join(ROOT, "maps", "youngstown")).variant
    rng = random.Random(11)
    game = Game.new(v)
    phases = 0
    t0 = time.perf_counter()
    while game.state.phase.year < 1901 + years and not game.over:
        game.process(random_orders(game, rng))
        phases += 1
    return phases / (time.perf_counter() - t0)


def main() -> None:
    phases, ours, peer = side_by_side()
    print(f"standard, {phases} phases of random legal games, same orders:")
    print(f"  variantkit          {phases / ours:8.0f} phases/s")
    print(f"  diplomacy 1.1.2     {phases / peer:8.0f} phases/s")
    print(f"  ratio               {peer / ours:8.1f}x")
    median, units = youngstown_movement()
    print(f"Youngstown movement phase, every unit ordered: median {median * 1000:.2f} ms")
    print(f"Youngstown fuzz (orders generated and checked too): {fuzz_rate():.0f} phases/s")


if __name__ == "__main__":
    main()
