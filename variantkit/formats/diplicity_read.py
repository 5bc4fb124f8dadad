"""Diplicity's variant JSON (``.dvar``), read as the host reads it, with its
layered map (``NAME.d.svg`` beside it) as the variant's art.

The id is the file's own ``id``, never the file name (``classical.d.svg``
is the map of the variant whose id the ``.dvar`` gives).  A province with
named coasts is a coast province; the host's extra fleet links to the parent
of a two-coast province (``aeg``-``bul`` beside ``aeg``-``bul/sc``) cannot
be ordered on our board and are left out, counted in one warning.  What our
variants cannot hold (dominance rules, non-playable nations, other victory
conditions, a phase cycle other than spring and fall) is reported.  Every
problem is located: the file, the line of the record, the value.
"""
from __future__ import annotations

import json
import os
import re
from typing import Any, Callable, Dict, List, Optional, Tuple

from ..model import Coast, Crossing, Edge, Power, Province, Rules, Terrain, Unit, UnitType, Variant, split_location
from ..problems import Problem, UnusableInput

MAX_BYTES = 5 * 1024 * 1024      # the host's largest .dvar is under 100 kB
TERRAIN = {"land": Terrain.LAND, "sea": Terrain.WATER, "coastal": Terrain.COAST}
CROSSING = {"army": Crossing.ARMY, "fleet": Crossing.FLEET, "both": Crossing.BOTH}
UNIT = {"Army": UnitType.ARMY, "Fleet": UnitType.FLEET}
KIND = {"Movement": "M", "Retreat": "R", "Adjustment": "A"}
BUILD_ANY = "allow-builds-in-non-home-centers"
SVG_SUFFIX = ".d.svg"


def companion(path: str) -> Tuple[str, Optional[str]]:
    """The ``.dvar`` and its map from either one (or a folder holding one pair)."""
    if os.path.isdir(path):
        found = sorted(f for f in os.listdir(path) if f.endswith(".dvar"))
        if len(found) != 1:
            raise UnusableInput([Problem.of("VK780", path=path, reason=f"the folder holds {len(found)} .dvar files, "
                                            "not one: give the .dvar file itself").at(path)])
        path = os.path.join(path, found[0])
    if path.endswith(SVG_SUFFIX):
        dvar = path[: -len(SVG_SUFFIX)] + ".dvar"
        return dvar, path
    svg = os.path.splitext(path)[0] + SVG_SUFFIX
    return path, (svg if os.path.isfile(svg) else None)


class _Lines:
    """Lines of records in the JSON text, so each problem names its line."""

    def __init__(self, text: str):
        self.text = text

    def of(self, *needles: str) -> Optional[int]:
        at = 0
        for n in needles:
            i = self.text.find(n, at)
            if i < 0:
                return None
            at = i
        return self.text.count("\n", 0, at) + 1


def _load_json(path: str) -> Tuple[Dict[str, Any], _Lines]:
    from ..files import read_text
    text = read_text(path, MAX_BYTES, "VK780", what="Diplicity variant")
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        raise UnusableInput([Problem.of("VK780", path=path, reason=f"not JSON: {exc.msg}")
                             .at(path, exc.lineno, exc.colno)])
    if not isinstance(doc, dict):
        raise UnusableInput([Problem.of("VK780", path=path, reason="the file is JSON but not an object").at(path)])
    return doc, _Lines(text)


_STR = {"type": "string"}
_ADJ = {"type": "array", "items": {"type": "object", "required": ["to", "pass"],
                                   "properties": {"to": _STR, "pass": _STR}}}
_YEAR = {"type": "integer", "minimum": -999999, "maximum": 999999}
# the shape of what this reader reads, so a value of the wrong kind is a located
# error and never a crash; the host's own schema says more (the writer checks it)
SHAPE = {
    "type": "object",
    "required": ["id", "name", "nations", "provinces", "initialState", "phaseProgression", "victoryConditions"],
    "properties": {
        "id": _STR, "name": _STR, "description": _STR, "author": _STR, "rules": _STR,
        "nations": {"type": "array", "items": {"type": "object", "required": ["id", "name"], "properties": {
            "id": _STR, "name": _STR, "color": _STR, "non_playable": {"type": "boolean"}}}},
        "provinces": {"type": "array", "items": {"type": "object", "required": ["id", "type"], "properties": {
            "id": _STR, "name": _STR, "type": _STR, "supplyCenter": {"type": "boolean"}, "homeNation": _STR,
            "adjacencies": _ADJ}}},
        "namedCoasts": {"type": "array", "items": {"type": "object", "required": ["id", "parentProvince"],
                                                   "properties": {"id": _STR, "name": _STR,
                                                                  "parentProvince": _STR, "adjacencies": _ADJ}}},
        "initialState": {"type": "object", "required": ["phase"], "properties": {
            "phase": {"type": "object", "properties": {"season": _STR, "year": _YEAR, "type": _STR}},
            "units": {"type": "array", "items": {"type": "object", "required": ["nation", "type", "location"],
                                                 "properties": {"nation": _STR, "type": _STR, "location": _STR}}},
            "supplyCenters": {"type": "array", "items": {"type": "object", "required": ["nation", "province"],
                                                         "properties": {"nation": _STR, "province": _STR}}}}},
        "phaseProgression": {"type": "object", "properties": {
            "seasons": {"type": "array", "items": _STR},
            "transitions": {"type": "array", "items": {"type": "object", "properties": {
                "to": {"type": "object", "properties": {"yearDelta": {"type": "integer"}}},
                "condition": {"type": ["object", "null"]}}}}}},
        "victoryConditions": {"type": "array", "items": {"type": "object", "properties": {
            "type": _STR, "supplyCenters": {"type": "integer", "minimum": 1, "maximum": 1000000}}}},
        "adjudicationModifiers": {"type": "array", "items": _STR},
        "dominanceRules": {"type": "array"},
    },
}


def _needles(doc: Any, path) -> List[str]:
    """Strings that find the line of a JSON path: the ids met on the way, the last key."""
    out, here = [], doc
    for step in path:
        if isinstance(here, dict) and isinstance(here.get("id"), str):
            out.append(f'"id": {json.dumps(here["id"])}')
        try:
            here = here[step]
        except (KeyError, IndexError, TypeError):
            break
    if path and isinstance(path[-1], str):
        out.append(f'"{path[-1]}"')
    return out


def read(path: str) -> Tuple[Optional[Variant], List[Problem]]:
    dvar_path, svg_path = companion(path)
    doc, lines = _load_json(dvar_path)
    problems: List[Problem] = []

    def bad(line: Optional[int], code: str, /, **params: object) -> None:
        """The problem ``code`` (Problem.of) at ``line`` of the .dvar."""
        problems.append(Problem.of(code, **params).at(dvar_path, line))

    import jsonschema
    for err in sorted(jsonschema.Draft202012Validator(SHAPE).iter_errors(doc), key=lambda e: list(e.path)):
        where = "/".join(map(str, err.absolute_path)) or "the file"
        needles = _needles(doc, list(err.absolute_path))
        bad(lines.of(*needles) if needles else None, "VK781", where=where, schema_message=err.message[:200])
    if any(p.severity == "error" for p in problems):
        raise UnusableInput(problems)
    from ..text import first_bad
    for what, value, needle in ([("the variant's name", doc["name"], '"name"')]
                                + [(f"the name of {r.get('id')}", r.get("name"), f'"id": "{r.get("id")}"')
                                   for r in list(doc["provinces"]) + list(doc.get("namedCoasts") or [])
                                   + list(doc["nations"]) if isinstance(r, dict)]):
        if isinstance(value, str) and first_bad(value):
            bad(lines.of(needle), "VK870", what=what, character=first_bad(value))
    coasts_of: Dict[str, List[Dict[str, Any]]] = {}
    for c in doc.get("namedCoasts") or []:
        if not isinstance(c, dict) or not isinstance(c.get("id"), str) or "/" not in c["id"]:
            bad(lines.of('"namedCoasts"'), "VK871", coast=f"{c!r:.60}")
            continue
        coasts_of.setdefault(split_location(c["id"])[0], []).append(c)
    ids = set()
    provinces: List[Province] = []
    for p in doc["provinces"]:
        pid = p.get("id") if isinstance(p, dict) else None
        if not isinstance(pid, str) or not re.fullmatch(r"[a-z0-9][a-z0-9_-]*", pid):
            bad(lines.of(f'"id": {json.dumps(pid)}' if isinstance(pid, str) else '"provinces"'), "VK872",
                id=repr(pid))
            continue
        if p.get("type") not in TERRAIN:
            bad(lines.of(f'"id": "{pid}"', '"type"'), "VK873", province=pid, type=repr(p.get("type")))
            continue
        ids.add(pid)
        own = coasts_of.get(pid, [])
        coasts = []
        for c in own:
            code = (split_location(c["id"])[1] or "")
            name = c.get("name") or ""
            # the host's own naming, "Spain (NC)", says nothing our coast's code does not
            coasts.append(Coast(code, "" if name == f"{p.get('name', '')} ({code.upper()})" else name))
        terrain = Terrain.COAST if coasts else TERRAIN[p["type"]]
        provinces.append(Province(pid, str(p.get("name") or pid), terrain, center=bool(p.get("supplyCenter")),
                                  coasts=tuple(coasts)))
    for parent, cs in coasts_of.items():
        if parent not in ids:
            bad(lines.of(f'"id": "{cs[0]["id"]}"'), "VK874", coast=cs[0]["id"])
    locations = ids | {c["id"] for cs in coasts_of.values() for c in cs if split_location(c["id"])[0] in ids}
    split = set(coasts_of)
    edges: Dict[Tuple[str, str], Tuple[Crossing, int]] = {}
    parent_fleet_links = 0
    for rec in list(doc["provinces"]) + list(doc.get("namedCoasts") or []):
        here = rec.get("id") if isinstance(rec, dict) else None
        if here not in locations:
            continue
        for a in rec.get("adjacencies") or []:
            to, kind = (a.get("to"), a.get("pass")) if isinstance(a, dict) else (None, None)
            if to not in locations or kind not in CROSSING:
                bad(lines.of(f'"id": "{here}"', f'"to": {json.dumps(to)}'), "VK875", province=here, to=repr(to),
                    kind=repr(kind))
                continue
            crossing = CROSSING[kind]
            if crossing.fleet and (here in split or to in split):
                # a fleet link to the parent of a two-coast province: ordered by its coast instead
                parent_fleet_links += 1
                if not crossing.army:
                    continue
                crossing = Crossing.ARMY
            key = (here, to) if here <= to else (to, here)
            old = edges.get(key)
            if old is not None and old[0] != crossing:
                bad(lines.of(f'"id": "{here}"', f'"to": "{to}"'), "VK876", a=here, b=to, kind=kind,
                    other=old[0].value)
            edges[key] = (crossing, edges.get(key, (crossing, 0))[1] + 1)
    for (a, b), (_crossing, count) in sorted(edges.items()):
        if count < 2 and a != b:
            bad(lines.of(f'"id": "{a}"', f'"to": "{b}"'), "VK877", a=a, b=b)
    if parent_fleet_links:
        bad(None, "VK878", count=parent_fleet_links // 2 or 1)
    nations = doc["nations"]
    nation_ids = [str(n.get("id")) for n in nations if isinstance(n, dict)]
    homes: Dict[str, List[str]] = {n: [] for n in nation_ids}
    for p in doc["provinces"]:
        if isinstance(p, dict) and p.get("homeNation") is not None:
            if p["homeNation"] not in homes:
                bad(lines.of(f'"id": "{p.get("id")}"', '"homeNation"'), "VK879", province=p.get("id"),
                    nation=repr(p["homeNation"]))
            else:
                homes[p["homeNation"]].append(p["id"])
    start = doc["initialState"]
    units: Dict[str, List[Unit]] = {n: [] for n in nation_ids}
    owned: Dict[str, List[str]] = {n: [] for n in nation_ids}
    for u in start.get("units") or []:
        if u.get("nation") not in units or u.get("location") not in locations or u.get("type") not in UNIT:
            bad(lines.of('"initialState"', f'"{u.get("location")}"'), "VK880", unit=f"{u!r:.80}")
            continue
        units[u["nation"]].append(Unit(UNIT[u["type"]], u["location"]))
    for sc in start.get("supplyCenters") or []:
        if sc.get("nation") not in owned or sc.get("province") not in ids:
            bad(lines.of('"supplyCenters"', f'"{sc.get("province")}"'), "VK881", centre=f"{sc!r:.80}")
            continue
        owned[sc["nation"]].append(sc["province"])
    powers = []
    for n in nations:
        nid = str(n.get("id"))
        if n.get("non_playable"):
            bad(lines.of(f'"id": "{nid}"'), "VK882", nation=nid)
        mine = tuple(homes[nid])
        centres = tuple(owned[nid])
        powers.append(Power(nid, str(n.get("name") or nid), colour=str(n.get("color") or ""), homes=mine,
                            units=tuple(units[nid]),
                            centers=None if sorted(centres) == sorted(mine) else centres))
    rules = _rules(doc, bad)
    if any(p.severity == "error" for p in problems):
        raise UnusableInput(problems)
    art = os.path.abspath(svg_path) if svg_path and os.path.isfile(svg_path) else None
    v = Variant(str(doc["id"]), str(doc["name"]), tuple(provinces),
                tuple(Edge(a, b, c) for (a, b), (c, _) in sorted(edges.items()) if a != b), tuple(powers), rules,
                authors=tuple(a.strip() for a in str(doc.get("author") or "").split(",") if a.strip()),
                description=str(doc.get("description") or ""), art=art)
    if art:
        v, more = _positions(v, art)
        problems += more
    else:
        problems.append(Problem.of("VK782", name=os.path.basename(_svg_name(dvar_path))).at(dvar_path))
    return v, problems


def _svg_name(dvar_path: str) -> str:
    return os.path.splitext(dvar_path)[0] + SVG_SUFFIX


def _rules(doc: Dict[str, Any], note: Callable[..., None]) -> Rules:
    """The rules, ``note`` told what the host plays that they cannot hold."""
    victory = None
    for vc in doc["victoryConditions"]:
        if isinstance(vc, dict) and vc.get("type") == "supply-center-majority":
            victory = int(vc.get("supplyCenters") or 0) or None
        else:
            note(None, "VK883", condition=f"{vc!r:.80}")
    phase = doc["initialState"].get("phase") or {}
    pp = doc["phaseProgression"]
    seasons = [str(s) for s in pp.get("seasons") or []]
    cycle = all(not t.get("condition") and t.get("to", {}).get("yearDelta", 0) in (0, 1)
                for t in pp.get("transitions") or [])
    if [s.lower() for s in seasons] != ["spring", "fall"] or not cycle:
        note(None, "VK884", seasons=", ".join(seasons),
             steps="" if cycle else ", steps of several years or skipped phases")
    season = "SF"[seasons.index(str(phase.get("season")))] if phase.get("season") in seasons[:2] else "S"
    start = f"{season}{int(phase.get('year') or 1901)}{KIND.get(str(phase.get('type')), 'M')}"
    options: Dict[str, Any] = {}
    for m in doc.get("adjudicationModifiers") or []:
        if m == BUILD_ANY:
            options["build_any"] = True
        else:
            note(None, "VK885", modifier=repr(m))
    if doc.get("dominanceRules"):
        note(None, "VK886", count=len(doc["dominanceRules"]))
    return Rules(victory=victory, start=start, options=options)


def _positions(v: Variant, art: str) -> Tuple[Variant, List[Problem]]:
    """Unit positions from the map's ``unit-positions`` circles."""
    from dataclasses import replace
    from lxml import etree

    from ..drawing.svg.reader import read_drawing_bytes
    parser = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False, huge_tree=False,
                             remove_comments=True, remove_pis=True)
    try:
        root = etree.fromstring(read_drawing_bytes(art), parser)
    except etree.XMLSyntaxError as exc:
        return v, [Problem.of("VK887", reason=exc.msg).at(art)]
    pos: Dict[str, Tuple[float, float]] = {}
    for layer in root:
        if layer.get("id") != "unit-positions":
            continue
        for c in layer.iter("{http://www.w3.org/2000/svg}circle"):
            try:
                pos[c.get("id") or ""] = (round(float(c.get("cx", "")), 1), round(float(c.get("cy", "")), 1))
            except ValueError:
                continue
    provinces = tuple(replace(p, unit_pos=pos.get(p.id, p.unit_pos),
                              coasts=tuple(replace(c, unit_pos=pos.get(f"{p.id}/{c.id}", c.unit_pos))
                                           for c in p.coasts)) for p in v.provinces)
    return replace(v, provinces=provinces), []
