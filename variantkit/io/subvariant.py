"""Apply a subvariant's stated changes to its base variant.

Every change must name something that exists in the base; one that does
not is reported (VK3xx) rather than ignored, since a typo in a subvariant
would otherwise silently leave the base rule in force.
"""
from __future__ import annotations

from dataclasses import fields, replace
from typing import Dict, List, Mapping, Optional, Tuple

from ..model import Changes, Crossing, Edge, Power, Province, Terrain, Unit, Variant, split_location
from ..problems import Problem
from .records import (canonical_edge, coast_from_record, point_from_record, power_to_record,
                      province_to_record, rules_from_record, rules_to_record)
from .yaml_source import SourceMap

_PROVINCE_FIELDS = {f.name for f in fields(Province)} - {"id"}


def _patched_province(p: Province, patch) -> Province:
    kw = {}
    for key, value in patch.items():
        if key == "terrain":
            value = Terrain(value)
        elif key == "coasts":
            value = tuple(coast_from_record(cid, c) for cid, c in (value or {}).items())
        elif key in ("aliases", "passable_in"):
            value = tuple(value or ())
        elif key in ("unit_pos", "label_pos", "dislodged_pos"):
            value = point_from_record(value)
        elif key == "label_angle":
            value = float(value or 0.0)
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
            problems.append(source.problem(path, "VK301", province=repr(pid), key=True))
            continue
        if patch is None:
            del provinces[pid]
        else:
            provinces[pid] = _patched_province(provinces[pid], patch)
    for p in changes.add_provinces:
        if p.id in provinces:
            problems.append(source.problem(("changes", "add_provinces", p.id), "VK302", province=repr(p.id),
                                           key=True))
        provinces[p.id] = p

    edges: List[Edge] = list(base.edges)
    gone = {pid for pid in (p.id for p in base.provinces) if pid not in provinces}
    edges = [e for e in edges if split_location(e.a)[0] not in gone and split_location(e.b)[0] not in gone]
    for i, rem in enumerate(changes.remove_edges):
        match = _find_edge(edges, rem)
        if match is None:
            problems.append(source.problem(("changes", "remove_edges", i), "VK303", units=rem.units.value,
                                           a=rem.a, b=rem.b))
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
            problems.append(source.problem(("changes", "powers", pid), "VK304", power=repr(pid), key=True))
            continue
        powers[pid] = _patched_power(powers[pid], patch)

    rules = rules_from_record(changes.rules, base.rules) if changes.rules else base.rules
    options = changes.rules.get("options")
    for opt in (options if isinstance(options, Mapping) else {}):   # the schema makes it a mapping
        if opt not in base.rules.options:
            problems.append(source.problem(("changes", "rules", "options", opt), "VK305", option=repr(opt),
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


# -- the other way: what a subvariant changes, from its base and its result ----

# Every field of the model, computed: a list written by hand beside it forgot `port`.
_PROVINCE_KEYS = tuple(f.name for f in fields(Province) if f.name != "id")
_POWER_KEYS = tuple(f.name for f in fields(Power) if f.name != "id")


def _record_fields(cls, record: Dict[str, object], keys) -> Dict[str, object]:
    """``record`` (defaults left out) with every key of ``keys``: a field left out
    reads as its default's record form, so two objects compare field by field.
    None stands for a field that has no value (a position, `inside`): cleared, it
    cannot be stated as a patch."""
    defaults = {f.name: f.default for f in fields(cls)}
    out: Dict[str, object] = {}
    for k in keys:
        if k in record:
            out[k] = record[k]
        elif isinstance(defaults.get(k), bool):
            out[k] = False
        elif isinstance(defaults.get(k), str):
            out[k] = ""
        elif isinstance(defaults.get(k), tuple):
            out[k] = {} if k == "coasts" else []
        else:
            out[k] = None
    return out


def _province_fields(p: Province) -> Dict[str, object]:
    return _record_fields(Province, province_to_record(p), _PROVINCE_KEYS)


def _power_fields(p: Power) -> Dict[str, object]:
    return _record_fields(Power, power_to_record(p), _POWER_KEYS)


def changes_between(base: Variant, edited: Variant) -> Changes:
    """The changes that turn ``base`` into ``edited`` (the inverse of
    :func:`apply_changes`), in the terms a subvariant file can state.  What
    it cannot state (a power added or removed) is left out: the caller
    compares ``apply_changes(base, result)`` with ``edited`` to know."""
    provinces: Dict[str, Optional[Dict[str, object]]] = {}
    added: List[Province] = []
    base_p = {p.id: p for p in base.provinces}
    mine = {p.id: p for p in edited.provinces}
    for pid in base_p:
        if pid not in mine:
            provinces[pid] = None
    for pid, p in mine.items():
        if pid not in base_p:
            added.append(p)
            continue
        old, new = _province_fields(base_p[pid]), _province_fields(p)
        patch = {k: new[k] for k in _PROVINCE_KEYS if new[k] != old[k]}
        if any(v is None for v in patch.values()):
            # a field cleared (inside, a position) has no patch: state the province anew
            provinces[pid] = None
            added.append(p)
        elif patch:
            provinces[pid] = patch
    gone = {pid for pid, patch in provinces.items() if patch is None}
    # edges: what the base has (less those of removed provinces) against what is wanted
    def key(e: Edge):
        e = canonical_edge(e)
        return (e.a, e.b, e.oneway)
    have = {key(e): canonical_edge(e) for e in base.edges
            if split_location(e.a)[0] not in gone and split_location(e.b)[0] not in gone}
    want = {key(e): canonical_edge(e) for e in edited.edges}
    remove: List[Edge] = []
    add: List[Edge] = []
    for k, e in have.items():
        w = want.get(k)
        if w == e:
            continue
        # the same edge but for its unit types (a modifier or seasons changed: stated anew)
        narrowed = w is not None and (w.modifier, w.powers, w.seasons) == (e.modifier, e.powers, e.seasons) and \
            not (w.units.army and not e.units.army) and not (w.units.fleet and not e.units.fleet)
        if narrowed and w is not None:  # only lost a unit type: take that type away
            remove.append(replace(e, units=Crossing.of(e.units.army and not w.units.army,
                                                       e.units.fleet and not w.units.fleet)))
            continue
        remove.append(e)  # otherwise the edge is stated anew
        if w is not None:
            add.append(w)
    add.extend(e for k, e in want.items() if k not in have)
    powers: Dict[str, Dict[str, object]] = {}
    base_pw = {p.id: p for p in base.powers}
    for pw in edited.powers:
        if pw.id in base_pw:
            old, new = _power_fields(base_pw[pw.id]), _power_fields(pw)
            patch = {k: new[k] for k in _POWER_KEYS if new[k] != old[k] and new[k] is not None}
            if patch:
                powers[pw.id] = patch
    old_r, new_r = rules_to_record(base.rules), rules_to_record(edited.rules)
    rules: Dict[str, object] = {}
    for k in ("victory", "draw_after_static_falls", "start", "seasons"):
        if old_r.get(k) != new_r.get(k) and k in new_r:
            rules[k] = new_r[k]
        elif old_r.get(k) != new_r.get(k) and k in ("start", "seasons"):
            rules[k] = {"start": "S1901M", "seasons": ["spring", "fall"]}[k]
    options = {k: v for k, v in edited.rules.options.items() if base.rules.options.get(k) != v}
    if options:
        rules["options"] = options
    return Changes(provinces=provinces, add_provinces=tuple(added), add_edges=tuple(add),
                   remove_edges=tuple(remove), powers=powers, rules=rules)
