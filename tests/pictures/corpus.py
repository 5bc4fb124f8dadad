"""Scoring a picture's reading against the site's own graph (truth.json,
made from vDiplomacy's install.php): each truth territory is matched to the
region under its point; coasts (``SPAIN/NC``) count as their province."""
from __future__ import annotations

import json
import os
import time
from dataclasses import dataclass
from typing import Dict, Optional, Set, Tuple

REF = os.environ.get("VARIANTKIT_REFERENCE") or os.path.join(
    os.path.dirname(__file__), "..", "..", "..", "shared", "reference")
VDIP = os.path.join(REF, "corpus", "raster", "vdiplomacy")


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
    from variantkit.drawing.picture_map import read_picture
    truth = json.load(open(os.path.join(folder, "truth.json")))["locations"]
    start = time.perf_counter()
    pm = read_picture(picture_of(folder))
    seconds = time.perf_counter() - start
    inf = pm.inference
    lab_id = {}
    region_of: Dict[str, Optional[str]] = {}
    h, w = pm.labels.shape
    for code, t in truth.items():
        if "/" in code:
            continue
        x, y = t["large"]
        lab = int(pm.labels[min(max(int(y), 0), h - 1), min(max(int(x), 0), w - 1)]) if 0 <= x < w and 0 <= y < h else 0
        region_of[code] = lab
        lab_id[lab] = lab_id.get(lab, 0) + 1
    # a territory is found when its region is its own
    found = sum(1 for code, lab in region_of.items() if lab and lab_id[lab] == 1)
    provinces = found / len(region_of)
    # region ids are r{k} in label order: map labels to ids through the traced regions' points
    rid_of_label = _label_ids(pm)
    mine = {code: rid_of_label.get(lab) for code, lab in region_of.items() if lab and lab_id[lab] == 1}
    back = {v: k for k, v in mine.items() if v}
    moves = {"army": set(), "fleet": set()}
    for e in inf.edges:
        a, b = back.get(e.edge.a), back.get(e.edge.b)
        if a is None or b is None:
            continue
        for unit in ("army", "fleet"):
            if getattr(e.edge.units, unit):
                moves[unit].add(tuple(sorted((a, b))))
    truth_moves = {"army": set(), "fleet": set()}
    for code, t in truth.items():
        for unit in ("army", "fleet"):
            for other in t[f"{unit}_moves"]:
                a, b = code.split("/")[0], other.split("/")[0]
                if a != b and a in mine and b in mine:
                    truth_moves[unit].add(tuple(sorted((a, b))))
    ap, ar = _pr(moves["army"], truth_moves["army"])
    fp, fr = _pr(moves["fleet"], truth_moves["fleet"])
    # coasts: land the sea touches, by the picture and by the site
    from variantkit.model import Terrain
    ours = {c for c, rid in mine.items() if rid and inf.regions[rid].terrain is Terrain.COAST}
    theirs = {c for c in mine if truth[c]["type"] == "COAST"}
    land = {c for c in mine if truth[c]["type"] != "WATER"}
    wet_ok = sum(1 for c in mine if (truth[c]["type"] == "WATER") == (inf.regions[mine[c]].terrain is Terrain.WATER))
    cp, cr = _pr(ours, theirs)
    coasts = min(cp, cr, wet_ok / len(mine)) if land else 1.0
    loads = _loads(folder) if check_load else True
    return Score(os.path.basename(folder), provinces, ap, ar, fp, fr, coasts, loads, seconds)


def _label_ids(pm) -> Dict[int, str]:
    out = {}
    h, w = pm.labels.shape
    for r in pm.inference.regions.values():
        x, y = r.label_pos
        out[int(pm.labels[min(int(y), h - 1), min(int(x), w - 1)])] = r.id
    return out


def _loads(folder: str) -> bool:
    import tempfile
    from variantkit.cli import main
    with tempfile.TemporaryDirectory() as out:
        if main(["import", "picture", picture_of(folder), "-o", out]) != 0:
            return False
        return main(["validate", out]) == 0
