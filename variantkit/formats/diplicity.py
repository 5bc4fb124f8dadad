"""Diplicity's variant JSON (``.dvar``), checked against the host's own schema.

Diplicity has no impassable provinces (they are left out), no straits, no
seasonal spaces and no one-way links; its adjacency must be symmetric.  The
host checks ids of at most 10 characters and nation names of at most 50
later than upload: the writer checks them now and refuses what would fail.
"""
from __future__ import annotations

import json
import os
from functools import lru_cache
from typing import Any, Dict, List, Optional

import jsonschema
import yaml

from ..files import atomic_write
from ..model import Terrain, UnitType, Variant, split_location
from .base import ExportReport, Format

SEASON = {"S": "Spring", "F": "Fall", "W": "Winter"}
KIND = {"M": "Movement", "R": "Retreat", "A": "Adjustment"}


def schema_path() -> Optional[str]:
    """The host's own schema, where the user points to it: the file named by
    ``VARIANTKIT_DIPLICITY_SCHEMA``, or ``formats/diplicity/variant.schema.yaml``
    under ``VARIANTKIT_REFERENCE``.  The project cannot ship the host's schema,
    and an installed package has no folder beside it to look in."""
    path = os.environ.get("VARIANTKIT_DIPLICITY_SCHEMA")
    if not path and os.environ.get("VARIANTKIT_REFERENCE"):
        path = os.path.join(os.environ["VARIANTKIT_REFERENCE"], "formats", "diplicity", "variant.schema.yaml")
    return path if path and os.path.isfile(path) else None


@lru_cache(maxsize=1)
def _validator(path: str):
    with open(path, encoding="utf-8") as fh:
        return jsonschema.Draft202012Validator(yaml.safe_load(fh))


def dvar(v: Variant, report: ExportReport) -> Dict[str, Any]:
    gone = {p.id for p in v.provinces if p.terrain is Terrain.IMPASSABLE}
    for pid in sorted(gone):
        report.lost("VK731", f"{pid} is impassable: Diplicity has no such provinces, left out")
    home = {h: pw.id for pw in v.powers for h in pw.homes}
    adj: Dict[str, List[Dict[str, str]]] = {}
    for e in v.edges:
        if split_location(e.a)[0] in gone or split_location(e.b)[0] in gone:
            continue
        if e.oneway:
            report.refuse("VK732", f"the one-way link {e.a} -> {e.b}",
                          "Diplicity requires every link on both ends: make it two-way")
            continue
        if e.modifier:
            report.lost("VK733", f"the link {e.a} - {e.b} (move modifier {e.modifier:+d}) "
                                 "is written as an ordinary link")
        if e.powers:
            report.lost("VK734", f"the link {e.a} - {e.b} restricted to {', '.join(e.powers)} is open to all")
        if e.seasons:
            report.seasonal_link(e, "Diplicity")
        for a, b in ((e.a, e.b), (e.b, e.a)):
            adj.setdefault(a, []).append({"to": b, "pass": e.units.value})
    out_provinces: List[Dict[str, Any]] = []
    coasts: List[Dict[str, Any]] = []
    for p in v.provinces:
        if p.id in gone:
            continue
        if p.passable_in:
            report.lost("VK735", f"{p.id} is passable in {', '.join(p.passable_in)} only: written as always open")
        if p.offboard:
            report.lost("VK736", f"{p.id} is an off-board box: written as an ordinary province")
        kind = {Terrain.LAND: "land", Terrain.WATER: "sea", Terrain.COAST: "coastal"}[p.terrain]
        if p.coasts:
            kind = "land"
        rec: Dict[str, Any] = {"id": p.id, "name": p.name, "type": kind, "supplyCenter": p.center}
        if p.id in home:
            rec["homeNation"] = home[p.id]
        rec["adjacencies"] = sorted(adj.get(p.id, []), key=lambda a: a["to"])
        out_provinces.append(rec)
        for c in p.coasts:
            lid = f"{p.id}/{c.id}"
            coasts.append({"id": lid, "name": f"{p.name} ({c.id.upper()})", "parentProvince": p.id,
                           "adjacencies": sorted(adj.get(lid, []), key=lambda a: a["to"])})
    for rec in out_provinces + coasts:
        if len(rec["id"]) > 10:
            report.refuse("VK737", f"the id {rec['id']!r} is longer than 10 characters",
                          "Diplicity rejects it after upload: shorten the id")
    nations = []
    for pw in v.powers:
        if len(pw.id) > 50 or len(pw.name) > 50:
            report.refuse("VK738", f"the power {pw.id!r} has an id or name over 50 characters", "shorten it")
        colour = pw.colour or "#888888"
        if not pw.colour:
            report.lost("VK739", f"{pw.id} has no colour: written as #888888")
        nations.append({"id": pw.id, "name": pw.name, "color": colour})
    start = v.rules.start
    seasons = [s.capitalize() for s in v.rules.seasons]
    transitions = []
    for i, s in enumerate(seasons):
        last = i == len(seasons) - 1
        transitions.append({"from": {"season": s, "type": "Movement"},
                            "to": {"season": s, "type": "Retreat", "yearDelta": 0}})
        nxt = {"season": seasons[i + 1], "type": "Movement", "yearDelta": 0} if not last else \
            {"season": s, "type": "Adjustment", "yearDelta": 0}
        transitions.append({"from": {"season": s, "type": "Retreat"}, "to": nxt})
    transitions.append({"from": {"season": seasons[-1], "type": "Adjustment"},
                        "to": {"season": seasons[0], "type": "Movement", "yearDelta": 1}})
    victory = [{"type": "supply-center-majority", "supplyCenters": v.victory}]
    if v.rules.draw_after_static_falls:
        report.lost("VK708", "the draw rule: Diplicity has no such victory condition")
    units, centres = [], []
    for pw in v.powers:
        for u in pw.units:
            units.append({"nation": pw.id, "type": "Army" if u.type is UnitType.ARMY else "Fleet",
                          "location": u.location})
        for centre in pw.starting_centers:
            centres.append({"nation": pw.id, "province": centre})
    return {
        "schemaVersion": 1, "id": v.id, "name": v.name,
        "description": (v.description or v.name).split(". ")[0].strip(),
        "rules": v.description or "",
        "author": ", ".join(v.authors) or "unknown",
        "victoryConditions": victory,
        "phaseProgression": {"seasons": seasons, "transitions": transitions},
        "nations": nations, "provinces": out_provinces, "namedCoasts": coasts,
        "initialState": {"phase": {"season": SEASON[start[0]], "year": int(start[1:-1]), "type": KIND[start[-1]]},
                         "units": units, "supplyCenters": centres},
    }


def check_upload(doc: Dict[str, Any], report: ExportReport) -> None:
    """The host's own checks: its schema, references, symmetric adjacency."""
    path = schema_path()
    if path is None:
        report.lost("VK740", "the host's schema is not at hand: the file was not checked against it "
                            "(set VARIANTKIT_DIPLICITY_SCHEMA to its variant.schema.yaml)")
    else:
        for err in _validator(path).iter_errors(doc):
            where = "/".join(map(str, err.absolute_path))
            report.refuse("VK741", f"the host's schema rejects {where}: {err.message}", "report this as a bug")
    ids = {p["id"] for p in doc["provinces"]} | {c["id"] for c in doc["namedCoasts"]}
    sides = {}
    for rec in doc["provinces"] + doc["namedCoasts"]:
        for a in rec["adjacencies"]:
            if a["to"] not in ids:
                report.refuse("VK742", f"{rec['id']} links to unknown {a['to']}", "report this as a bug")
            sides[(rec["id"], a["to"])] = a["pass"]
    for (a, b), kind in sides.items():
        if sides.get((b, a)) != kind:
            report.refuse("VK743", f"the link {a} - {b} is not the same from both ends", "report this as a bug")


def write(v: Variant, path: str, art_file: Optional[str] = None) -> ExportReport:
    """Writes ``NAME.dvar`` and, beside it, the layered map ``NAME.d.svg``."""
    from ..drawing.art import board_for
    from .diplicity_svg import write_dsvg
    report = ExportReport(path)
    doc = dvar(v, report)
    check_upload(doc, report)
    if report.ok:
        atomic_write(path, json.dumps(doc, indent=1, ensure_ascii=False) + "\n")
        if not art_file:
            report.lost("VK745", "the map is drawn on the schematic board: the variant's art was not given")
        write_dsvg(v, os.path.splitext(path)[0] + ".d.svg", board_for(v, art_file), report)
    return report


FORMAT = Format("diplicity", "Diplicity variant JSON (.dvar), checked against the host's schema", ".dvar", write,
                carries_art=True)
