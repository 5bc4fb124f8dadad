"""What one variant changes in another: provinces, edges, centres, powers,
units and rules, each added, removed or changed.

Edges are compared per unit type, so a subvariant that takes fleets out of
Omsk shows exactly Omsk's fleet edges, not every edge that touches Omsk.
"""
from __future__ import annotations

from dataclasses import asdict, fields
from typing import Dict, List, Tuple

from ..model import Edge, Province, Variant

Line = Dict[str, str]


def _crossings(v: Variant) -> Dict[Tuple[str, str, str], Edge]:
    out = {}
    for e in v.edges:
        a, b = (e.a, e.b) if e.oneway or e.a <= e.b else (e.b, e.a)
        for unit, ok in (("army", e.units.army), ("fleet", e.units.fleet)):
            if ok:
                out[(a, b, unit)] = e
    return out


def _edge_flags(e: Edge) -> str:
    flags = [f for f, on in (("strait", e.modifier == -1), ("one-way", e.oneway)) if on]
    if e.modifier not in (0, -1):
        flags.insert(0, f"modifier {e.modifier:+d}")
    if e.powers:
        flags.append("only " + ",".join(e.powers))
    if e.seasons:
        flags.append("in " + ",".join(e.seasons))
    return " ".join(flags)


def _fmt(value) -> str:
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_fmt(x) for x in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {_fmt(x)}" for k, x in value.items()) + "}"
    return getattr(value, "value", str(value))


def _province_changes(a: Province, b: Province) -> List[str]:
    out = []
    for f in fields(Province):
        if f.name == "id":
            continue
        va, vb = getattr(a, f.name), getattr(b, f.name)
        if va != vb:
            if f.name == "coasts":
                va, vb = [asdict(c) for c in va], [asdict(c) for c in vb]
            out.append(f"{f.name} {_fmt(va)} -> {_fmt(vb)}")
    return out


def diff_variants(base: Variant, other: Variant) -> List[Line]:
    lines: List[Line] = []

    def add(change: str, what: str, ident: str, detail: str = "") -> None:
        lines.append({"change": change, "what": what, "id": ident, "detail": detail})

    pa = {p.id: p for p in base.provinces}
    pb = {p.id: p for p in other.provinces}
    for pid in sorted(pa.keys() | pb.keys()):
        if pid not in pb:
            add("removed", "province", pid, pa[pid].name)
        elif pid not in pa:
            add("added", "province", pid, f"{pb[pid].name}, {pb[pid].terrain.value}")
        else:
            for detail in _province_changes(pa[pid], pb[pid]):
                add("changed", "province", pid, detail)

    ea, eb = _crossings(base), _crossings(other)
    for key in sorted(ea.keys() | eb.keys()):
        a, b, unit = key
        edge = ea[key] if key in ea else eb[key]
        ident = f"{a} {'->' if edge.oneway else '-'} {b}"
        if key not in eb:
            add("removed", f"{unit} edge", ident, _edge_flags(ea[key]))
        elif key not in ea:
            add("added", f"{unit} edge", ident, _edge_flags(eb[key]))
        elif _edge_flags(ea[key]) != _edge_flags(eb[key]):
            add("changed", f"{unit} edge", ident,
                f"{_edge_flags(ea[key]) or 'plain'} -> {_edge_flags(eb[key]) or 'plain'}")

    wa, wb = {p.id: p for p in base.powers}, {p.id: p for p in other.powers}
    for pid in sorted(wa.keys() | wb.keys()):
        if pid not in wb:
            add("removed", "power", pid, wa[pid].name)
            continue
        if pid not in wa:
            add("added", "power", pid, wb[pid].name)
            continue
        x, y = wa[pid], wb[pid]
        for f in ("name", "adjective", "letter", "colour"):
            if getattr(x, f) != getattr(y, f):
                add("changed", "power", pid, f"{f} {getattr(x, f)!r} -> {getattr(y, f)!r}")
        for h in sorted(set(x.homes) - set(y.homes)):
            add("removed", "home centre", f"{pid} {h}")
        for h in sorted(set(y.homes) - set(x.homes)):
            add("added", "home centre", f"{pid} {h}")
        for c in sorted(set(x.starting_centers) - set(y.starting_centers)):
            add("removed", "starting centre", f"{pid} {c}")
        for c in sorted(set(y.starting_centers) - set(x.starting_centers)):
            add("added", "starting centre", f"{pid} {c}")
        ux, uy = {str(u) for u in x.units}, {str(u) for u in y.units}
        for u in sorted(ux - uy):
            add("removed", "unit", f"{pid} {u}")
        for u in sorted(uy - ux):
            add("added", "unit", f"{pid} {u}")

    ra, rb = base.rules, other.rules
    for f in ("victory", "draw_after_static_falls", "start", "seasons"):
        if getattr(ra, f) != getattr(rb, f):
            add("changed", "rule", f, f"{_fmt(getattr(ra, f))} -> {_fmt(getattr(rb, f))}")
    if ra.victory is None and rb.victory is None and base.victory != other.victory:
        add("changed", "rule", "victory", f"{base.victory} -> {other.victory} (from the centre count)")
    for k in sorted(ra.options.keys() | rb.options.keys()):
        if ra.options.get(k) != rb.options.get(k):
            if k not in rb.options:
                add("removed", "rule option", k, _fmt(ra.options[k]))
            elif k not in ra.options:
                add("added", "rule option", k, _fmt(rb.options[k]))
            else:
                add("changed", "rule option", k, f"{_fmt(ra.options[k])} -> {_fmt(rb.options[k])}")
    return lines
