"""The pictures in docs/: the tutorial map on its own art, Youngstown and
Loeb9 on their schematic boards, each with a phase of orders and results (the project's own drawings; art from elsewhere
is never committed); the three bundled boards at the start, the no-Omsk-fleets diff and Youngstown's balance report.

    .venv/bin/python scripts/make_pictures.py
"""
from __future__ import annotations

import os
import sys
import tempfile

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
sys.path.insert(0, ROOT)

from variantkit.cli import main  # noqa: E402

GAMES = {
    "tutorial": """S1901M
West: A wst - isl
East: F mid/sc - ssea
East: A est - mid
West: F col - ssea
""",
    "youngstown": """S1901M
Japan: F Tok - NPa
China: F can - scs
Japan: F osa H
India: N: A del - afg
Italy: F mog - som
Russia: A oms - sib
England: F joh - and
France: F sai - scs
Turkey: A bag - ira
""",
    "loeb9": """S1901M
Spain: A cor - naf
Norway: F cop - hel
Russia: F stp/nc - bar
Italy: A rom - apu
Italy: F nap - ion
France: A mar - pie
Germany: A mun - bur
""",
}


def run() -> None:
    out = os.path.join(ROOT, "docs", "images")
    os.makedirs(out, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        for name, script in GAMES.items():
            orders = os.path.join(tmp, f"{name}.txt")
            with open(orders, "w") as fh:
                fh.write(script)
            game = os.path.join(tmp, f"{name}.json")
            main(["play", os.path.join(ROOT, "maps", name), "--orders", orders, "--save", game])
            main(["render", os.path.join(ROOT, "maps", name), "--game", game, "--phase", "S1901M",
                  "-o", os.path.join(out, f"{name}-s1901.png")])
    # the bundled boards at the start, a subvariant's changes, a balance report
    for name in ("standard", "youngstown", "loeb9"):
        main(["render", os.path.join(ROOT, "maps", name), "-o", os.path.join(out, f"{name}-board.png")])
    main(["diff", os.path.join(ROOT, "maps", "youngstown"), os.path.join(ROOT, "maps", "youngstown", "no-omsk-fleets"),
          "--render", os.path.join(out, "youngstown-no-omsk-fleets-diff.png")])
    main(["balance", os.path.join(ROOT, "maps", "youngstown"), "-o", os.path.join(out, "youngstown-balance.png")])


if __name__ == "__main__":
    run()
