"""Apply a subvariant's stated changes to its base variant.

Every change must name something that exists in the base; one that does
not is reported (VK3xx) rather than ignored, since a typo in a subvariant
would otherwise silently leave the base rule in force.
"""
from __future__ import annotations

from dataclasses import fields, replace
from typing import Dict, List, Optional, Tuple

from ..model import Changes, Coast, Crossing, Edge, Power, Province, Terrain, Unit, Variant
from ..problems import Problem
from .yaml_source import SourceMap

_PROVINCE_FIELDS = {f.name for f in fields(Province)} - {"id"}


def _patched_province(p: Province, patch) -> Province:
    kw = {}
    for key, value in patch.items():
        if key == "terrain":
            value = Terrain(value)
        elif key == "coasts":
            value = tuple(Coast(cid, c.get("name", ""), tuple(c.get("aliases", ())),
                                None if c.get("unit_pos") is None else tuple(c["unit_pos"]))
                          for cid, c in (value or {}).items())
        elif key in ("aliases", "passable_in"):
            value = tuple(value or ())
        elif key in ("unit_pos", "label_pos"):
            value = None if value is None else tuple(float(v) for v in value)
        kw[key] = value
    return replace(p, **kw)


def _patched_power(p: Power, patch) -> Power:
    kw = {}
    for key, value in patch.items():
        if key == "units":
            value = tuple(Unit.parse(u) for u in value)
        elif key in ("homes", "centers"):
            value = tuple(value)
        kw[key] = value
    return replace(p, **kw)


def apply_changes(base: Variant, changes: Changes, source: SourceMap) -> Tuple[Variant, List[Problem]]:
    problems: List[Problem] = []
    provinces: Dict[str, Province] = {p.id: p for p in base.provinces}
    for pid, patch in changes.provinces.items():
        path = ("changes", "provinces", pid)
        if pid not in provinces:
            problems.append(source.problem(path, "VK301", f"the base has no province {pid!r} to change",
                                           "name a province of the base variant, or add it under add_provinces",
                                           key=True))
            continue
        if patch is None:
            del provinces[pid]
        else:
            provinces[pid] = _patched_province(provinces[pid], patch)
    for p in changes.add_provinces:
        if p.id in provinces:
            problems.append(source.problem(("changes", "add_provinces", p.id), "VK302",
                                           f"the base already has a province {p.id!r}",
                                           "change it under 'provinces' instead", key=True))
        provinces[p.id] = p

    edges: List[Edge] = list(base.edges)
    gone = {pid for pid in (p.id for p in base.provinces) if pid not in provinces}
    edges = [e for e in edges if e.a.split("/")[0] not in gone and e.b.split("/")[0] not in gone]
    for i, rem in enumerate(changes.remove_edges):
        match = _find_edge(edges, rem)
        if match is None:
            problems.append(source.problem(("changes", "remove_edges", i), "VK303",
                                           f"the base has no {rem.units.value} edge {rem.a} - {rem.b} to remove",
                                           "check the endpoints and the unit type against the base"))
            continue
        idx, e = match
        army = e.units.army and not rem.units.army
        fleet = e.units.fleet and not rem.units.fleet
        if army or fleet:
            edges[idx] = replace(e, units=Crossing.of(army, fleet))
        else:
            del edges[idx]
    edges.extend(changes.add_edges)

    powers: Dict[str, Power] = {p.id: p for p in base.powers}
    for pid, patch in changes.powers.items():
        if pid not in powers:
            problems.append(source.problem(("changes", "powers", pid), "VK304",
                                           f"the base has no power {pid!r}",
                                           "name a power of the base variant", key=True))
            continue
        powers[pid] = _patched_power(powers[pid], patch)

    from .variant_file import rules_from_record
    rules = rules_from_record(changes.rules, base.rules) if changes.rules else base.rules
    for opt in (changes.rules.get("options") or {}):
        if opt not in base.rules.options:
            problems.append(source.problem(("changes", "rules", "options", opt), "VK305",
                                           f"the base has no rule option {opt!r}",
                                           "a subvariant switches options its base defines", "warning",
                                           key=True))
    order = [p.id for p in base.provinces if p.id in provinces] + \
            [p.id for p in changes.add_provinces if p.id not in {q.id for q in base.provinces}]
    variant = replace(base, provinces=tuple(provinces[i] for i in order), edges=tuple(edges),
                      powers=tuple(powers.values()), rules=rules)
    return variant, problems


def _find_edge(edges: List[Edge], want: Edge) -> Optional[Tuple[int, Edge]]:
    for i, e in enumerate(edges):
        same = (e.a, e.b) == (want.a, want.b) or (not e.oneway and (e.b, e.a) == (want.a, want.b))
        if same and ((want.units.army and e.units.army) or (want.units.fleet and e.units.fleet)):
            return i, e
    return None
