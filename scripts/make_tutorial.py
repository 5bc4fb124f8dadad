"""The tutorial variant: a small map the project draws itself, exercising
every feature (coasts, a two-coast province, an island, an impassable space,
off-board boxes, water inside land, a strait, a seasonal space, a colony).

The graph comes from the drawing through the same inference the editor
uses; what a drawing cannot say (names, powers, the strait, the boxes'
links, the season) is stated here, as a designer would in the editor.

    .venv/bin/python scripts/make_tutorial.py
"""
from __future__ import annotations

import os
import sys
from dataclasses import replace

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
sys.path.insert(0, ROOT)

from variantkit.drawing.art import infer_svg, skeleton  # noqa: E402
from variantkit.io import save  # noqa: E402
from variantkit.files import atomic_write  # noqa: E402
from variantkit.model import Crossing, Edge, Power, Rules, Unit, UnitType  # noqa: E402

SEA, LAND, ROCK = "#a9cbe6", "#e8dcb5", "#8c877f"
SVG = f"""<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 620 420" width="620" height="420">
  <title>variantkit tutorial map</title>
  <g id="provinces">
    <rect id="frz" fill="{SEA}" x="0" y="0" width="120" height="80"/>
    <rect id="nsea" fill="{SEA}" x="120" y="0" width="380" height="80"/>
    <rect id="wst" fill="{LAND}" x="0" y="80" width="150" height="180"/>
    <rect id="mid" fill="{LAND}" x="150" y="80" width="150" height="180"/>
    <path id="est" fill="{LAND}" d="M300 80 H450 V260 H300 Z M340 140 H400 V200 H340 Z"/>
    <rect id="cnl" fill="{SEA}" x="340" y="140" width="60" height="60"/>
    <rect id="alp" fill="{ROCK}" x="450" y="110" width="50" height="120"/>
    <path id="ssea" fill="{SEA}" d="M0 260 H500 V340 H0 Z M60 300 a20 20 0 1 0 40 0 a20 20 0 1 0 -40 0 Z"/>
    <circle id="isl" fill="{LAND}" cx="80" cy="300" r="20"/>
    <rect id="col" fill="{LAND}" x="380" y="340" width="120" height="80"/>
    <rect id="oba" fill="{SEA}" x="545" y="25" width="50" height="50"/>
    <rect id="obb" fill="{SEA}" x="545" y="275" width="50" height="50"/>
  </g>
  <g id="coasts" style="display:none">
    <rect id="mid-nc" x="150" y="80" width="150" height="90"/>
    <rect id="mid-sc" x="150" y="170" width="150" height="90"/>
  </g>
</svg>
"""

NAMES = {"frz": "Frozen Sea", "nsea": "North Sea", "wst": "Westmark", "mid": "Midland", "est": "Eastmark",
         "cnl": "The Canal", "alp": "The Alps", "ssea": "South Sea", "isl": "The Isle", "col": "Far Colony",
         "oba": "Box A", "obb": "Box B"}


def build():
    folder = os.path.join(ROOT, "maps", "tutorial")
    os.makedirs(folder, exist_ok=True)
    art = os.path.join(folder, "map.svg")
    atomic_write(art, SVG)
    doc, inference = infer_svg(art)
    v = skeleton(doc, inference, "tutorial", "map.svg")
    provinces = []
    for p in v.provinces:
        p = replace(p, name=NAMES[p.id], center=p.id in ("wst", "mid", "est", "isl", "col"))
        if p.id == "frz":
            p = replace(p, passable_in=("spring",))
        if p.id == "mid":
            p = replace(p, coasts=tuple(replace(c, name={"nc": "North Coast", "sc": "South Coast"}[c.id])
                                        for c in p.coasts))
        provinces.append(p)
    edges = list(v.edges) + [
        Edge("isl", "wst", Crossing.ARMY, strait=True),   # the strait, crossed at zero strength
        Edge("nsea", "oba", Crossing.FLEET),               # the boxes, linked by hand
        Edge("oba", "obb", Crossing.FLEET),
        Edge("obb", "ssea", Crossing.FLEET),
    ]
    powers = (
        Power("west", "West", "Western", "W", "#3a6fd0", ("wst", "col"),
              (Unit(UnitType.ARMY, "wst"), Unit(UnitType.FLEET, "col"))),
        Power("east", "East", "Eastern", "E", "#d0443a", ("est", "mid"),
              (Unit(UnitType.ARMY, "est"), Unit(UnitType.FLEET, "mid/sc"))),
    )
    v = replace(v, name="Tutorial", version="1", authors=("variantkit",),
                description=("A small map that uses every feature of the format: coasts, a two-coast "
                             "province, an island across a strait, an impassable space, off-board boxes, "
                             "water inside land, a sea open only in Spring, and a colony."),
                provinces=tuple(provinces), edges=tuple(edges), powers=powers,
                rules=Rules(victory=3, draw_after_static_falls=3, options={"hibernate": True}))
    save(v, os.path.join(folder, "variant.yaml"))
    return v


if __name__ == "__main__":
    v = build()
    print(f"maps/tutorial: {len(v.provinces)} provinces, {len(v.edges)} edges")
