"""Every outcome and position of random games, written out to compare engines
byte for byte: a change meant to be only quicker must leave the file as it was.

46 games on three maps (30 standard, 6 Youngstown, 10 Loeb9), their orders
given as text (as a judge reads them) with unreadable and illegal ones mixed
in: a unit of another power, a move to anywhere on the map, a support of
anything, a second order, words that are no order.  Each phase writes the
orders' outcomes (power, text, result, code, parameters, words) and the
position record that follows.

    python benchmarks/record_games.py out.txt            # write
    python benchmarks/record_games.py out.txt --compare  # compare with it
"""
from __future__ import annotations

import json
import os
import random
import sys

ROOT = os.path.join(os.path.dirname(__file__), "..")
sys.path.insert(0, ROOT)

from variantkit.io import load  # noqa: E402
from variantkit.io.game_file import state_to_record  # noqa: E402
from variantkit.rules.fuzz import random_orders  # noqa: E402
from variantkit.rules.game import Game  # noqa: E402

GAMES = (("standard", 30, 1912), ("youngstown", 6, 1910), ("loeb9", 10, 1910))


def noise(game: Game, rng: random.Random, kind: str):
    """Orders as text that a judge must refuse or void, by power."""
    s = game.state
    provinces = sorted(p.id for p in game.variant.provinces)
    powers = [p.id for p in game.variant.powers]
    units = sorted(s.units.values(), key=lambda u: u.loc)
    out = {}
    for _ in range(rng.randrange(0, 6)):
        power = rng.choice(powers)
        pick = rng.randrange(6)
        u = rng.choice(units) if units else None
        if pick == 0 or u is None:
            text = rng.choice(["A xyz - par", "hello", "F", "A par -", "Build", "A lon S"])
        elif pick == 1:
            text = f"{u.type.value} {u.loc} - {rng.choice(provinces)}"
        elif pick == 2:
            t = rng.choice(units)
            text = f"{u.type.value} {u.loc} S {t.type.value} {t.loc} - {rng.choice(provinces)}"
        elif pick == 3:
            t = rng.choice(units)
            text = f"{u.type.value} {u.loc} S {t.type.value} {t.loc}"
        elif pick == 4:
            text = f"{u.type.value} {u.loc} C A {rng.choice(provinces)} - {rng.choice(provinces)}"
        else:
            text = f"{'F' if u.type.value == 'A' else 'A'} {u.loc} H"
        if kind != "M" and rng.random() < 0.5:
            text = f"{u.type.value if u else 'A'} {u.loc if u else 'par'} R {rng.choice(provinces)}"
        out.setdefault(power if rng.random() < 0.7 or u is None else u.power, []).append(text)
    return out


def play(lines):
    from tests.peers.diplomacy_peer import order_text
    for name, games, until in GAMES:
        v = load(os.path.join(ROOT, "maps", name)).variant
        for seed in range(games):
            rng = random.Random(1000 + seed)
            game = Game.new(v)
            while game.state.phase.year < until and not game.over:
                kind = str(game.state.phase)[-1]
                orders = random_orders(game, rng)
                texts = {}
                extra = noise(game, rng, kind)
                for o in orders:
                    texts.setdefault(o.power, []).append(order_text(o, kind))
                for power, more in extra.items():
                    for t in more:
                        texts.setdefault(power, []).insert(rng.randrange(len(texts.get(power, [])) + 1), t)
                parsed, bad = game.parse(texts)
                outcomes = game.process(parsed, bad)
                lines.append(f"{name} {seed} {game.history[-1].phase}")
                for oc in outcomes:
                    lines.append(json.dumps([oc.power, oc.text, oc.outcome, oc.code.value,
                                             dict(oc.params), oc.reason], default=str))
                lines.append(json.dumps(state_to_record(game.state)))
    return lines


def main() -> None:
    path = sys.argv[1]
    lines = play([])
    text = "\n".join(lines) + "\n"
    if "--compare" in sys.argv:
        with open(path, encoding="utf-8") as f:
            before = f.read()
        if before != text:
            old, new = before.splitlines(), text.splitlines()
            first = next((i for i, (a, b) in enumerate(zip(old, new)) if a != b), min(len(old), len(new)))
            print(f"DIFFERENT at line {first + 1}:\n  before {old[first] if first < len(old) else '<end>'}"
                  f"\n  after  {new[first] if first < len(new) else '<end>'}")
            sys.exit(1)
        print(f"same: {len(lines)} lines")
    else:
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        print(f"written: {len(lines)} lines")


if __name__ == "__main__":
    main()
