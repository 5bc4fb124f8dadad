"""Records (plain dicts and lists, as YAML gives them) <-> the model, both ways.

Shared by the full variant's reader and writer and the subvariant's
patches: a coast, a position or a rule reads the same whether it comes from
a variant's sections or a subvariant's ``changes``: one function each.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Dict, Mapping, Optional, Tuple

from ..model import Changes, Coast, Crossing, Edge, Power, Province, Rules, Terrain, Unit, Variant

FORMAT = 1  # the variant file's format version, written first in every file


def point_from_record(v) -> Optional[Tuple[float, float]]:
    return None if v is None else (float(v[0]), float(v[1]))


def coast_from_record(cid: str, rec: Mapping[str, Any]) -> Coast:
    return Coast(cid, rec.get("name", ""), tuple(rec.get("aliases", ())), point_from_record(rec.get("unit_pos")),
                 point_from_record(rec.get("dislodged_pos")))


def province_from_record(pid: str, rec: Mapping[str, Any]) -> Province:
    coasts = tuple(coast_from_record(cid, c) for cid, c in (rec.get("coasts") or {}).items())
    return Province(
        id=pid, name=rec["name"], terrain=Terrain(rec["terrain"]),
        aliases=tuple(rec.get("aliases", ())), center=bool(rec.get("center", False)),
        coasts=coasts, offboard=bool(rec.get("offboard", False)), inside=rec.get("inside"),
        passable_in=tuple(rec.get("passable_in", ())), unit_pos=point_from_record(rec.get("unit_pos")),
        label_pos=point_from_record(rec.get("label_pos")), port=bool(rec.get("port", False)),
        dislodged_pos=point_from_record(rec.get("dislodged_pos")), label=rec.get("label", ""),
        label_angle=float(rec.get("label_angle", 0.0)))


def edge_from_record(rec: Mapping[str, Any]) -> Edge:
    return Edge(rec["a"], rec["b"], Crossing(rec["units"]), bool(rec.get("strait", False)),
                bool(rec.get("oneway", False)), tuple(rec.get("powers", ())),
                int(rec.get("modifier", 0)), tuple(rec.get("seasons", ())))


def power_from_record(pid: str, rec: Mapping[str, Any]) -> Power:
    centers = rec.get("centers")
    return Power(pid, rec["name"], rec.get("adjective", ""), rec.get("letter", ""),
                 rec.get("colour", ""), tuple(rec.get("homes", ())),
                 tuple(Unit.parse(u) for u in rec.get("units", ())),
                 None if centers is None else tuple(centers))


def rules_from_record(rec: Mapping[str, Any], base: Optional[Rules] = None) -> Rules:
    """The rules a record states; what it leaves out comes from ``base`` (a
    subvariant's base), else the defaults."""
    base = base or Rules()
    return Rules(
        victory=rec.get("victory", base.victory),
        draw_after_static_falls=rec.get("draw_after_static_falls", base.draw_after_static_falls),
        start=rec.get("start", base.start),
        seasons=tuple(rec.get("seasons", base.seasons)),
        options={**base.options, **rec.get("options", {})})


def changes_from_record(rec: Mapping[str, Any]) -> Changes:
    return Changes(
        provinces=dict(rec.get("provinces", {})),
        add_provinces=tuple(province_from_record(k, v)
                            for k, v in rec.get("add_provinces", {}).items()),
        add_edges=tuple(edge_from_record(e) for e in rec.get("add_edges", ())),
        remove_edges=tuple(edge_from_record(e) for e in rec.get("remove_edges", ())),
        powers=dict(rec.get("powers", {})),
        rules=dict(rec.get("rules", {})))


def variant_from_record(data: Mapping[str, Any]) -> Variant:
    """Build a full variant (not a subvariant) from schema-valid records."""
    return Variant(
        id=data["id"], name=data["name"],
        provinces=tuple(province_from_record(k, v) for k, v in data["provinces"].items()),
        edges=tuple(edge_from_record(e) for e in data["edges"]),
        powers=tuple(power_from_record(k, v) for k, v in data["powers"].items()),
        rules=rules_from_record(data.get("rules", {})),
        version=str(data.get("version", "")), authors=tuple(data.get("authors", ())),
        description=data.get("description", ""), art=data.get("art"))


# ---------------------------------------------------------------------------
# model -> records (the canonical form)

def _drop_defaults(rec: Dict[str, Any]) -> Dict[str, Any]:
    return {k: v for k, v in rec.items() if v not in (None, False, (), [], {}, "")}


def province_to_record(p: Province) -> Dict[str, Any]:
    return _drop_defaults({
        "name": p.name, "aliases": list(p.aliases), "terrain": p.terrain.value,
        "center": p.center,
        "coasts": {c.id: _drop_defaults({"name": c.name, "aliases": list(c.aliases),
                                         "unit_pos": _pt(c.unit_pos),
                                         "dislodged_pos": _pt(c.dislodged_pos)}) for c in p.coasts},
        "offboard": p.offboard, "port": p.port, "inside": p.inside, "passable_in": list(p.passable_in),
        "unit_pos": _pt(p.unit_pos), "label_pos": _pt(p.label_pos), "dislodged_pos": _pt(p.dislodged_pos),
        "label": p.label, "label_angle": p.label_angle or None})


def _pt(p):
    if p is None:
        return None
    return [int(v) if float(v).is_integer() else v for v in p]


def edge_to_record(e: Edge) -> Dict[str, Any]:
    rec = {"a": e.a, "b": e.b, "units": e.units.value}
    # -1 keeps its old spelling, so files without other modifiers read as before
    rec.update(_drop_defaults({"strait": e.modifier == -1, "oneway": e.oneway, "powers": list(e.powers),
                               "modifier": e.modifier if e.modifier not in (0, -1) else 0,
                               "seasons": list(e.seasons)}))
    return rec


def power_to_record(p: Power) -> Dict[str, Any]:
    rec = _drop_defaults({"name": p.name, "adjective": p.adjective, "letter": p.letter,
                          "colour": p.colour, "homes": list(p.homes),
                          "units": [str(u) for u in p.units]})
    if p.centers is not None:
        rec["centers"] = list(p.centers)
    return rec


def rules_to_record(r: Rules) -> Dict[str, Any]:
    rec: Dict[str, Any] = {}
    if r.victory is not None:
        rec["victory"] = r.victory
    if r.draw_after_static_falls is not None:
        rec["draw_after_static_falls"] = r.draw_after_static_falls
    if r.start != Rules.start:
        rec["start"] = r.start
    if tuple(r.seasons) != Rules.seasons:
        rec["seasons"] = list(r.seasons)
    if r.options:
        rec["options"] = dict(sorted(r.options.items()))
    return rec


def changes_to_record(c: Changes) -> Dict[str, Any]:
    rec: Dict[str, Any] = {}
    if c.provinces:
        rec["provinces"] = {k: (None if v is None else dict(v)) for k, v in sorted(c.provinces.items())}
    if c.add_provinces:
        rec["add_provinces"] = {p.id: province_to_record(p) for p in sorted(c.add_provinces, key=lambda p: p.id)}
    if c.add_edges:
        rec["add_edges"] = [edge_to_record(e) for e in sorted(c.add_edges, key=edge_sort_key)]
    if c.remove_edges:
        rec["remove_edges"] = [edge_to_record(e) for e in sorted(c.remove_edges, key=edge_sort_key)]
    if c.powers:
        rec["powers"] = {k: dict(v) for k, v in sorted(c.powers.items())}
    if c.rules:
        rec["rules"] = dict(c.rules)
    return rec


def edge_sort_key(e: Edge):
    return (e.a, e.b, e.units.value)


def variant_to_record(v: Variant) -> Dict[str, Any]:
    rec: Dict[str, Any] = {"format": FORMAT, "id": v.id, "name": v.name}
    rec.update(_drop_defaults({"version": v.version, "authors": list(v.authors),
                               "description": v.description, "art": v.art,
                               "extends": v.extends}))
    if v.extends is not None:
        rec["changes"] = changes_to_record(v.changes or Changes())
        return rec
    rules = rules_to_record(v.rules)
    if rules:
        rec["rules"] = rules
    rec["powers"] = {p.id: power_to_record(p) for p in v.powers}
    rec["provinces"] = {p.id: province_to_record(p) for p in sorted(v.provinces, key=lambda p: p.id)}
    rec["edges"] = [edge_to_record(canonical_edge(e)) for e in sorted(
        (canonical_edge(e) for e in v.edges), key=edge_sort_key)]
    return rec


def canonical(v: Variant) -> Variant:
    """The variant as it reads back after a save: provinces by id, edges
    oriented and sorted, options sorted.  ``load(save(v)) == canonical(v)``."""
    if v.extends is not None:
        return v
    edges = tuple(sorted((canonical_edge(e) for e in v.edges), key=edge_sort_key))
    return replace(v, provinces=tuple(sorted(v.provinces, key=lambda p: p.id)), edges=edges,
                   rules=replace(v.rules, options=dict(sorted(v.rules.options.items()))))


def canonical_edge(e: Edge) -> Edge:
    if not e.oneway and e.b < e.a:
        return replace(e, a=e.b, b=e.a)
    return e


# ---------------------------------------------------------------------------
# canonical text
