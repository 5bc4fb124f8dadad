"""DPjudge ``.map``: the writer (the reader is ``variantkit.io.dpjudge``).

Adjacency is written per location in DPjudge's letter case: upper case for a
link both unit types may use, lower case for armies only, Title case for
fleets only; ``~`` marks a strait, ``:`` a one-way link, ``EI:`` the powers
that may use it.  Seasonal spaces become ``SHUT`` plus ``IN SEASON:``.
"""
from __future__ import annotations

from collections import defaultdict
from typing import Dict, List, Set, Tuple

from ..io.variant_file import atomic_write
from ..model import Edge, Terrain, Variant, split_location
from ..names import normalize
from .base import ExportReport, Format

KIND = {Terrain.LAND: "LAND", Terrain.COAST: "COAST", Terrain.WATER: "WATER",
        Terrain.IMPASSABLE: "SHUT"}
SEASON = {"spring": "SPRING", "fall": "FALL", "winter": "WINTER", "summer": "SUMMER"}


def _alias(a: str) -> str:
    return a.replace(" ", "+")


def _token(loc: str, case: str, e: Edge, powers: Dict[str, str]) -> str:
    prov, coast = split_location(loc)
    if case == "upper":
        text = prov.upper()
    elif case == "lower":
        text = prov.lower()
    else:
        text = prov.capitalize()
    if coast:
        text += "/" + coast.upper()
    if e.strait:
        text += "~"
    if e.powers:
        text = "".join(powers.get(p, "?") for p in e.powers) + ":" + text
    return text


def _merge(tokens: List[str]) -> List[str]:
    """One token a neighbour: an army-only and a fleet-only link to the same
    space are one link for both (upper case)."""
    seen: Dict[str, Set[str]] = defaultdict(set)
    for t in tokens:
        seen[t.upper()].add(t)
    return sorted(next(iter(forms)) if len(forms) == 1 else up for up, forms in seen.items())


def dpjudge_text(v: Variant, report: ExportReport) -> str:
    provinces = {p.id: p for p in v.provinces}
    letters = {p.id: p.letter or p.name[0].upper() for p in v.powers}
    power_words = {normalize(w) for p in v.powers for w in (p.id, p.name, p.adjective) if w}
    lines: List[str] = [f"# {v.name}: written by variantkit from {v.id}", ""]

    # names
    for p in v.provinces:
        aliases = []
        for a in p.aliases:
            if normalize(a) in power_words:
                report.lost("VK701", f"the alias {a!r} of {p.id} is a power's name: DPjudge rejects it, left out")
                continue
            aliases.append(_alias(a))
        lines.append(f"{p.name} = {' '.join([p.id] + aliases)}")
        for c in p.coasts:
            cname = f"{p.name} ({c.name.lower() or c.id})"
            lines.append(f"{cname} = {' '.join([f'{p.id}/{c.id}'] + [_alias(a) for a in c.aliases])}")
    lines.append("")

    # adjacency, per location, in DPjudge's letter case
    abuts: Dict[str, List[str]] = defaultdict(list)
    crossings: Set[Tuple[str, str, str]] = set()
    for e in v.edges:
        for a, b in ([(e.a, e.b)] if e.oneway else [(e.a, e.b), (e.b, e.a)]):
            for unit, ok in (("army", e.units.army), ("fleet", e.units.fleet)):
                if ok:
                    crossings.add((a, b, unit))
    for e in v.edges:
        for a, b in ([(e.a, e.b)] if e.oneway else [(e.a, e.b), (e.b, e.a)]):
            mark = ":" if e.oneway else ""
            both = e.units.army and e.units.fleet and "/" not in a + b
            if e.units.army:
                # upper case carries the fleet link too where both use the same spaces
                abuts[a].append(mark + _token(b, "upper" if both else "lower", e, letters))
            if e.units.fleet and not both:
                water = Terrain.WATER in (provinces[split_location(a)[0]].terrain,
                                          provinces[split_location(b)[0]].terrain)
                # from a coast's own line armies never start; elsewhere a fleet-only
                # link between two coastal spaces is written in Title case
                case = "upper" if "/" in a or water or (
                    split_location(a)[0], split_location(b)[0], "army") in crossings else "title"
                abuts[a].append(mark + _token(b, case, e, letters))
    # a multi-coast province's own line also names what its coasts touch (DPjudge and the
    # `diplomacy` package check each link from both ends); fleets never stand on it
    for p in v.provinces:
        for c in p.coasts:
            for (a, b, unit) in crossings:
                if a != f"{p.id}/{c.id}" or unit != "fleet":
                    continue
                pb = split_location(b)[0]
                water = provinces[pb].terrain is Terrain.WATER
                case = "upper" if water or (p.id, pb, "army") in crossings else "title"
                abuts[p.id].append(pb.upper() if case == "upper" else pb.capitalize())
    seasonal = []
    for p in sorted(v.provinces, key=lambda p: p.id):
        kind = KIND[p.terrain]
        if p.passable_in:
            if len(p.passable_in) != 1:
                report.refuse("VK702", f"{p.id} is passable in {', '.join(p.passable_in)}",
                              "DPjudge's IN directive opens a shut space for one season only")
                continue
            seasonal.append(f"IN {SEASON.get(p.passable_in[0], p.passable_in[0].upper())}: {kind} {p.id.upper()}")
            kind = "SHUT"
        for c in p.coasts:
            lid = f"{p.id}/{c.id}"
            lines.append(f"{kind:<6} {lid.upper():<8} ABUTS {' '.join(_merge(abuts[lid]))}".rstrip())
        code = p.id.lower() if p.coasts else p.id.upper()
        toks = _merge(abuts[p.id])
        lines.append(f"{kind:<6} {code:<8}" + (f" ABUTS {' '.join(toks)}" if toks else ""))
        if p.offboard:
            report.lost("VK703", f"{p.id} is an off-board box: DPjudge has no such mark, written as an ordinary space")
        if p.inside:
            report.lost("VK704", f"{p.id} lies inside {p.inside}: DPjudge has no such mark, written as an ordinary space")
    lines.extend([""] + seasonal + ([""] if seasonal else []))

    # powers and units
    homes: Set[str] = set()
    for pw in v.powers:
        letter = f":{pw.letter}" if pw.letter else ""
        lines.append(f"{pw.id.upper()} ({(pw.adjective or pw.name).upper()}{letter}) "
                     + " ".join(h.upper() for h in pw.homes))
        homes.update(pw.homes)
        for u in pw.units:
            lines.append(f"{u.type.value} {u.location.upper()}")
        if pw.centers is not None and set(pw.centers) != set(pw.homes):
            report.lost("VK705", f"{pw.id} starts with centres other than its homes: DPjudge gives each power its homes")
        if pw.colour:
            report.lost("VK706", f"the colour of {pw.id} is not part of a DPjudge map")
        lines.append("")
    unowned = [c for c in v.centers if c not in homes]
    if unowned:
        lines.append("UNOWNED " + " ".join(c.upper() for c in sorted(unowned)))
    if v.rules.victory is not None:
        lines.append(f"VICTORY {v.rules.victory}")
    phase = v.rules.start
    lines.append(f"BEGIN {dict(S='SPRING', F='FALL', W='WINTER')[phase[0]]} {phase[1:5]} "
                 f"{dict(M='MOVEMENT', R='RETREATS', A='ADJUSTMENTS')[phase[5]]}")
    for opt, value in sorted(v.rules.options.items()):
        if opt == "hibernate":
            lines.append("RULE HIBERNATE" if value else "RULE !HIBERNATE")
        else:
            report.lost("VK707", f"the rule option {opt}={value!r} has no DPjudge equivalent")
    if v.rules.draw_after_static_falls:
        report.lost("VK708", "the draw rule is a game setting in DPjudge, not part of the map")
    return "\n".join(lines) + "\n"


def write(v: Variant, path: str) -> ExportReport:
    report = ExportReport(path)
    text = dpjudge_text(v, report)
    if report.ok:
        atomic_write(path, text)
    return report


def read(path: str):
    from ..io.dpjudge import read_dpjudge
    res = read_dpjudge(path)
    return res.variant, res.problems


FORMAT = Format("dpjudge", "DPjudge .map (one file)", ".map", write, read)
