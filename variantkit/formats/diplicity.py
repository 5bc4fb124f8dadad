"""Diplicity's variant JSON (``.dvar``) and its layered map (``.d.svg``):
writer and reader.

The writer checks what the host's upload checks: its JSON Schema where the
schema is at hand (see :func:`schema_path`), else the schema's own rules
built in (required fields, the id and colour patterns, the enums); every
reference; every link declared on both ends alike; the database's field
lengths (ids of at most 10 characters, names of at most 50).  Diplicity has
no impassable provinces (left out), no straits, no seasonal spaces and no
one-way links.  Of our rule options the host holds ``build_any``, as the
adjudication modifier ``allow-builds-in-non-home-centers``; the others are
reported.  The reader (:mod:`.diplicity_read`) reads what the host serves.
"""
from __future__ import annotations

import json
import os
import re
from functools import lru_cache
from typing import Any, Dict, List, Optional

import jsonschema
import yaml

from ..files import atomic_write
from ..model import Terrain, UnitType, Variant, split_location
from .base import ExportReport, Format

SEASON = {"S": "Spring", "F": "Fall", "W": "Winter"}
KIND = {"M": "Movement", "R": "Retreat", "A": "Adjustment"}
SLUG = re.compile(r"^[a-z0-9-]+$")          # the schema's pattern for variant and nation ids
COLOUR = re.compile(r"^#[0-9A-Fa-f]{6}$")    # the schema's pattern for colours
# our rule options the host holds, as its adjudication modifiers
MODIFIERS = {"build_any": "allow-builds-in-non-home-centers"}
# the host's own behaviour where our options choose: an option set to this value loses nothing
HOST_DEFAULTS: Dict[str, object] = {"convoy_fallback": False, "hibernate": False, "civil_disorder": "classic"}
SCHEMA_NAME = "variant.schema.yaml"


def schema_places(near: Optional[str] = None) -> List[str]:
    """Where the host's schema is looked for, in order: the file
    ``VARIANTKIT_DIPLICITY_SCHEMA`` names; ``formats/diplicity/`` under
    ``VARIANTKIT_REFERENCE``; beside the file being written or read (a GM
    keeps the schema the host serves beside the variant); the user's data
    folder (``$XDG_DATA_HOME/variantkit/diplicity/``, by default
    ``~/.local/share/...``); a Diplicity checkout or host runner found from
    the working folder upward (``service/variant.schema.yaml``)."""
    out = []
    if os.environ.get("VARIANTKIT_DIPLICITY_SCHEMA"):
        out.append(os.environ["VARIANTKIT_DIPLICITY_SCHEMA"])
    if os.environ.get("VARIANTKIT_REFERENCE"):
        out.append(os.path.join(os.environ["VARIANTKIT_REFERENCE"], "formats", "diplicity", SCHEMA_NAME))
    if near:
        out.append(os.path.join(os.path.dirname(os.path.abspath(near)), SCHEMA_NAME))
    data = os.environ.get("XDG_DATA_HOME") or os.path.join(os.path.expanduser("~"), ".local", "share")
    out.append(os.path.join(data, "variantkit", "diplicity", SCHEMA_NAME))
    here = os.path.abspath(os.getcwd())
    while True:
        for sub in (("service",), ("diplicity", "service"), ("hosts", "diplicity", "service"),
                    ("shared", "hosts", "diplicity", "service")):
            out.append(os.path.join(here, *sub, SCHEMA_NAME))
        parent = os.path.dirname(here)
        if parent == here:
            break
        here = parent
    return out


def schema_path(near: Optional[str] = None) -> Optional[str]:
    """The host's own schema where one is found (:func:`schema_places`), else None."""
    for path in schema_places(near):
        if os.path.isfile(path):
            return path
    return None


@lru_cache(maxsize=4)
def _validator(path: str):
    from ..files import read_limited
    raw = read_limited(path, 1024 * 1024, "VK776", what="Diplicity schema")
    return jsonschema.Draft202012Validator(yaml.safe_load(raw.decode("utf-8")))


def _slug(text: str) -> str:
    return re.sub(r"-+", "-", re.sub(r"[^a-z0-9-]", "-", text.lower())).strip("-") or "variant"


def dvar(v: Variant, report: ExportReport) -> Dict[str, Any]:
    gone = {p.id for p in v.provinces if p.terrain is Terrain.IMPASSABLE}
    for pid in sorted(gone):
        report.lost("VK731", province=pid)
    nid = {pw.id: _slug(pw.id) for pw in v.powers}
    for old, new in nid.items():
        if old != new:
            report.lost("VK772", what="power", id=repr(old), written=repr(new))
    if len(set(nid.values())) < len(nid):
        report.refuse("VK773")
    home = {h: nid[pw.id] for pw in v.powers for h in pw.homes}
    adj: Dict[str, List[Dict[str, str]]] = {}
    for e in v.edges:
        if split_location(e.a)[0] in gone or split_location(e.b)[0] in gone:
            continue
        if e.oneway:
            report.refuse("VK732", a=e.a, b=e.b)
            continue
        if e.modifier:
            report.lost("VK733", a=e.a, b=e.b, modifier=f"{e.modifier:+d}")
        if e.powers:
            report.lost("VK734", a=e.a, b=e.b, powers=", ".join(e.powers))
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
            report.lost("VK735", province=p.id, seasons=", ".join(p.passable_in))
        if p.inside:
            report.lost("VK777", province=p.id, other=p.inside)
        if p.offboard:
            report.lost("VK736", province=p.id)
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
            report.refuse("VK737", id=repr(rec["id"]))
    nations = []
    for pw in v.powers:
        if len(pw.id) > 50 or len(pw.name) > 50:
            report.refuse("VK738", power=repr(pw.id))
        colour = pw.colour or "#888888"
        if not pw.colour:
            report.lost("VK739", power=pw.id)
        if re.fullmatch(r"#[0-9A-Fa-f]{3}", colour):
            colour = "#" + "".join(ch * 2 for ch in colour[1:])
        if not COLOUR.match(colour):
            report.lost("VK661", power=pw.id, colour=repr(colour))
            colour = "#888888"
        nations.append({"id": nid[pw.id], "name": pw.name, "color": colour})
    start = v.rules.start
    seasons = [s.capitalize() for s in v.rules.seasons]
    first = seasons["SFW".index(start[0])] if "SFW".index(start[0]) < len(seasons) else seasons[0]
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
        report.lost("VK702")
    units, centres = [], []
    for pw in v.powers:
        for u in pw.units:
            units.append({"nation": nid[pw.id], "type": "Army" if u.type is UnitType.ARMY else "Fleet",
                          "location": u.location})
        for centre in pw.starting_centers:
            centres.append({"nation": nid[pw.id], "province": centre})
    modifiers = []
    if v.rules.options.get("civil_disorder") != "classic":
        # measured against the host's engine (tests/export/test_diplicity_play.py)
        report.lost("VK662")
    for name, value in sorted(v.rules.options.items()):
        if name == "civil_disorder":
            continue
        if name in MODIFIERS:
            if value:
                modifiers.append(MODIFIERS[name])
        elif value != HOST_DEFAULTS.get(name, None) and value not in (False, None, ""):
            report.lost("VK774", option=name, value=repr(value))
    if _slug(v.id) != v.id:
        report.lost("VK772", what="variant", id=repr(v.id), written=repr(_slug(v.id)))
    out: Dict[str, Any] = {
        "schemaVersion": 1, "id": _slug(v.id), "name": v.name,
        "description": (v.description or v.name).split(". ")[0].strip(),
        "rules": v.description or "",
        "author": ", ".join(v.authors) or "unknown",
        "victoryConditions": victory,
        **({"adjudicationModifiers": modifiers} if modifiers else {}),
        "phaseProgression": {"seasons": seasons, "transitions": transitions},
        "nations": nations, "provinces": out_provinces, "namedCoasts": coasts,
        "initialState": {"phase": {"season": first, "year": int(start[1:-1]), "type": KIND[start[-1]]},
                         "units": units, "supplyCenters": centres},
    }
    return out


def _built_in_schema(doc: Dict[str, Any]) -> List[str]:
    """The schema's rules that our writer could break, where the host's own
    schema is not at hand: the id and colour patterns, non-empty lists, a
    positive centre count, the initial phase's season among the seasons."""
    out = []
    if not SLUG.match(doc["id"]):
        out.append(f"id {doc['id']!r} does not match {SLUG.pattern}")
    for n in doc["nations"]:
        if not SLUG.match(n["id"]):
            out.append(f"nations: id {n['id']!r} does not match {SLUG.pattern}")
        if not COLOUR.match(n["color"]):
            out.append(f"nations: color {n['color']!r} does not match {COLOUR.pattern}")
    for key in ("nations", "provinces", "victoryConditions"):
        if not doc[key]:
            out.append(f"{key} is empty")
    if any(vc.get("supplyCenters", 1) < 1 for vc in doc["victoryConditions"]):
        out.append("victoryConditions: supplyCenters below 1")
    if doc["initialState"]["phase"]["season"] not in doc["phaseProgression"]["seasons"]:
        out.append("initialState: the season is not one of phaseProgression's seasons")
    return out


def check_strings(doc: Dict[str, Any], report: ExportReport) -> None:
    """Names are one line of printable text (variantkit.text's rule): the host
    shows them in its apps and our map writes them as XML text."""
    from ..text import first_bad, shown
    named = [("the variant's name", doc["name"]), ("the author", doc["author"])]
    named += [(f"the name of {r['id']}", r["name"]) for r in doc["provinces"] + doc["namedCoasts"]]
    named += [(f"the name of the power {n['id']}", n["name"]) for n in doc["nations"]]
    for what, value in named:
        if first_bad(value):
            report.refuse("VK770", what=f"{what} ({shown(value)!r})", character=first_bad(value))
    for what, value in (("the description", doc["description"]), ("the rules", doc.get("rules", ""))):
        if first_bad(value, multiline=True):
            report.refuse("VK770", what=what, character=first_bad(value, multiline=True))


def check_upload(doc: Dict[str, Any], report: ExportReport, near: Optional[str] = None) -> None:
    """The host's own checks: its schema (or the schema's rules built in),
    references, symmetric adjacency, the database's field lengths."""
    path = schema_path(near)
    if path is None:
        report.lost("VK740")
        for message in _built_in_schema(doc):
            report.refuse("VK741", what=message)
    else:
        for err in _validator(path).iter_errors(doc):
            where = "/".join(map(str, err.absolute_path))
            report.refuse("VK741", what=f"{where}: {err.message}")
    ids = {p["id"] for p in doc["provinces"]} | {c["id"] for c in doc["namedCoasts"]}
    sides = {}
    for rec in doc["provinces"] + doc["namedCoasts"]:
        for a in rec["adjacencies"]:
            if a["to"] not in ids:
                report.refuse("VK742", province=rec["id"], other=a["to"])
            sides[(rec["id"], a["to"])] = a["pass"]
    for (a, b), kind in sides.items():
        if sides.get((b, a)) != kind:
            report.refuse("VK743", a=a, b=b)
    for rec in doc["provinces"] + doc["namedCoasts"]:
        if len(rec["name"]) > 50:
            report.refuse("VK775", province=rec["id"], length=len(rec["name"]))


def write(v: Variant, path: str, art_file: Optional[str] = None) -> ExportReport:
    """Writes ``NAME.dvar`` and, beside it, the layered map ``NAME.d.svg``
    (on the variant's drawing when ``art_file`` names it); both are read back
    before anything is written."""
    from .diplicity_svg import layered_map, read_back
    report = ExportReport(path)
    doc = dvar(v, report)
    check_strings(doc, report)
    check_upload(doc, report, path)
    text = json.dumps(doc, indent=1, ensure_ascii=False) + "\n"
    if json.loads(text) != doc:
        report.refuse("VK771", what="the variant JSON is not what was written")
    svg_path = os.path.splitext(path)[0] + ".d.svg"
    svg = layered_map(v, report, art_file) if report.ok else None
    if svg is not None:
        read_back(svg, ({p["id"] for p in doc["provinces"]}, {c["id"] for c in doc["namedCoasts"]}), report)
    if report.ok and svg is not None:
        atomic_write(path, text)
        atomic_write(svg_path, svg)
    return report


def read(path: str):
    """The host's ``.dvar`` (or its ``.d.svg``, or their folder): :mod:`.diplicity_read`."""
    from .diplicity_read import read as read_dvar
    return read_dvar(path)


FORMAT = Format("diplicity", "Diplicity: variant JSON (.dvar) and its layered map (.d.svg)", ".dvar", write,
                read=read, carries_art=True)
