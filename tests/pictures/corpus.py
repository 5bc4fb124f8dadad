"""Scoring a picture's reading against the site's own graph (truth.json,
made from vDiplomacy's install.php): each truth territory is matched to the
region under its point; coasts (``SPAIN/NC``) count as their province."""
from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass
from typing import Dict, Set, Tuple

REF = os.environ.get("VARIANTKIT_REFERENCE") or os.path.join(
    os.path.dirname(__file__), "..", "..", "..", "shared", "reference")
VDIP = os.path.join(REF, "corpus", "raster", "vdiplomacy")
JDIP = os.path.join(REF, "corpus", "jdip")


def vdip_folder(name: str) -> str:
    """The corpus folder of vDiplomacy's variant ``name``; a test without it
    skips (tests/conftest.py makes that skip a failure under CI)."""
    import pytest
    folder = os.path.join(VDIP, name)
    if not os.path.isdir(folder):
        pytest.skip(f"the corpus is not at {folder}")
    return folder


@dataclass
class Score:
    name: str
    provinces: float
    army_p: float
    army_r: float
    fleet_p: float
    fleet_r: float
    coasts: float
    loads: bool
    seconds: float

    @property
    def worst(self) -> float:
        return min(self.provinces, min(self.army_p, self.army_r), min(self.fleet_p, self.fleet_r), self.coasts)

    def row(self) -> str:
        return (f"| {self.name} | {self.provinces:.0%} | {self.army_p:.0%} / {self.army_r:.0%} | "
                f"{self.fleet_p:.0%} / {self.fleet_r:.0%} | {self.coasts:.0%} | "
                f"{'yes' if self.loads else 'NO'} | {self.seconds:.1f} s |")


def picture_of(folder: str) -> str:
    for name in ("map.png", "map.gif", "map.jpg"):
        if os.path.isfile(os.path.join(folder, name)):
            return os.path.join(folder, name)
    raise FileNotFoundError(folder)


def _pr(found: Set, truth: Set) -> Tuple[float, float]:
    hit = len(found & truth)
    return (hit / len(found) if found else 1.0), (hit / len(truth) if truth else 1.0)


def score(folder: str, check_load: bool = True) -> Score:
    """A vDiplomacy variant: ``map.png`` against ``truth.json``."""
    points, types, moves = truth_of(folder)
    return score_graph(os.path.basename(folder), picture_of(folder), points, types, moves, check_load)


def score_jdip(name: str, picture: str, svg: str, variants_xml: str, check_load: bool = True) -> Score:
    """A jDip raster drawing: the picture against the jDip variant's graph,
    each province at its unit position in the drawing's PROVINCE_DATA."""
    import re
    from variantkit.formats.jdip import read
    from variantkit.model import Terrain
    v, _ = read(variants_xml)
    text = open(svg, encoding="utf-8", errors="replace").read()
    points = {}
    for m in re.finditer(r'<jdipNS:PROVINCE name="([a-z0-9]+)">\s*<jdipNS:UNIT x="([0-9.]+)" y="([0-9.]+)"', text):
        points[m.group(1)] = (float(m.group(2)), float(m.group(3)))
    ids = {}
    for p in v.provinces:
        for n in (p.id, *p.aliases):
            ids[n] = p.id
    points = {ids[k]: xy for k, xy in points.items() if k in ids}
    types = {p.id: ("WATER" if p.terrain is Terrain.WATER else "COAST" if p.terrain is Terrain.COAST else "LAND")
             for p in v.provinces if p.id in points and p.terrain is not Terrain.IMPASSABLE}
    points = {k: xy for k, xy in points.items() if k in types}
    moves: Dict[str, Set] = {"army": set(), "fleet": set()}
    for e in v.edges:
        a, b = e.a.split("/")[0], e.b.split("/")[0]
        for unit in moves:
            if getattr(e.units, unit) and a != b:
                moves[unit].add(tuple(sorted((a, b))))
    return score_graph(name, picture, points, types, moves, check_load)


@dataclass
class Reading:
    """A picture read and matched to the truth: territory -> our region id,
    the moves found and the truth's (between matched territories), by unit."""
    pm: object
    mine: Dict[str, str]
    moves: Dict[str, Set]
    truth: Dict[str, Set]
    types: Dict[str, str]
    found: float     # territories whose point lies in a region of their own, of all
    seconds: float

    def terrain(self, code: str) -> str:
        return self.pm.inference.regions[self.mine[code]].terrain.value


def truth_of(folder: str):
    """(points on the large map, types, army and fleet moves) of a vDiplomacy variant's truth.json."""
    truth = json.load(open(os.path.join(folder, "truth.json")))["locations"]
    points = {c: tuple(t["large"]) for c, t in truth.items() if "/" not in c}
    types = {c: t["type"] for c, t in truth.items() if "/" not in c}
    moves: Dict[str, Set] = {"army": set(), "fleet": set()}
    for code, t in truth.items():
        for unit in moves:
            for other in t[f"{unit}_moves"]:
                a, b = code.split("/")[0], other.split("/")[0]
                if a != b:
                    moves[unit].add(tuple(sorted((a, b))))
    return points, types, moves


def read_folder(folder: str) -> Reading:
    points, types, moves = truth_of(folder)
    return read_matched(picture_of(folder), points, types, moves)


def read_matched(picture, points, types, truth_moves_all) -> Reading:
    from variantkit.drawing.picture_map import read_picture
    start = time.perf_counter()
    pm = read_picture(picture)
    seconds = time.perf_counter() - start
    inf = pm.inference
    h, w = pm.labels.shape
    region_of: Dict[str, int] = {}
    uses: Dict[int, int] = {}
    for code, (x, y) in points.items():
        lab = int(pm.labels[int(y), int(x)]) if 0 <= x < w and 0 <= y < h else 0
        region_of[code] = lab
        uses[lab] = uses.get(lab, 0) + 1
    # a territory is found when the region under its point is its own
    found = {code: lab for code, lab in region_of.items() if lab and uses[lab] == 1}
    rid_of_label = _label_ids(pm)
    mine = {code: rid_of_label[lab] for code, lab in found.items() if lab in rid_of_label}
    back = {v: k for k, v in mine.items()}
    moves: Dict[str, Set] = {"army": set(), "fleet": set()}
    for e in inf.edges:
        a, b = back.get(e.edge.a), back.get(e.edge.b)
        if a is None or b is None:
            continue
        for unit in ("army", "fleet"):
            if getattr(e.edge.units, unit):
                moves[unit].add(tuple(sorted((a, b))))
    truth_moves = {u: {m for m in ms if m[0] in mine and m[1] in mine} for u, ms in truth_moves_all.items()}
    return Reading(pm, mine, moves, truth_moves, types, len(found) / len(region_of), seconds)


def score_graph(name, picture, points, types, truth_moves_all, check_load=True) -> Score:
    from variantkit.model import Terrain
    r = read_matched(picture, points, types, truth_moves_all)
    inf, mine = r.pm.inference, r.mine
    ap, ar = _pr(r.moves["army"], r.truth["army"])
    fp, fr = _pr(r.moves["fleet"], r.truth["fleet"])
    # coasts: land the sea touches, by the picture and by the site; and each territory's kind told
    # right: water, land, or (a box the site links to nothing: a counter, a legend) set apart
    linked = {c for ms in truth_moves_all.values() for m in ms for c in m}
    on_map = {c for c in mine if c in linked}
    ours = {c for c in on_map if inf.regions[mine[c]].terrain is Terrain.COAST}
    theirs = {c for c in on_map if types[c] == "COAST"}

    def kind(t):
        return "water" if t is Terrain.WATER else "apart" if t is Terrain.IMPASSABLE else "land"
    kind_ok = sum(1 for c in mine if kind(inf.regions[mine[c]].terrain) ==
                  ("apart" if c not in linked else "water" if types[c] == "WATER" else "land"))
    cp, cr = _pr(ours, theirs)
    coasts = min(cp, cr, kind_ok / len(mine)) if mine else 0.0
    loads = _loads(picture) if check_load else True
    return Score(name, r.found, ap, ar, fp, fr, coasts, loads, r.seconds)


def _label_ids(pm) -> Dict[int, str]:
    out = {}
    h, w = pm.labels.shape
    for r in pm.inference.regions.values():
        x, y = r.label_pos
        out[int(pm.labels[min(int(y), h - 1), min(int(x), w - 1)])] = r.id
    return out


def _loads(picture: str) -> bool:
    import tempfile
    from variantkit.cli import main
    with tempfile.TemporaryDirectory() as out:
        if main(["import", "picture", picture, "-o", out]) != 0:
            return False
        return main(["validate", out]) == 0
