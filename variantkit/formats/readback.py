"""An export read back as its target reads it, before anything is written
(issue 21): a string that a target reads as code, a second line or another
name would otherwise reach the host unnoticed.  The DPjudge and `diplomacy`
exports are read by variantkit's DPjudge reader (which follows DPjudge's
Map.py: its directives, its letter case, its name lines) and the `diplomacy`
export also by the `diplomacy` package itself where it is installed; jDip's
by variantkit's jDip reader.  What reads back differently from what the
export meant to write is VK771, and nothing is written.

What a format cannot hold is not a difference: each writer flattens first
(and says so), and the comparison is with the flattened variant.
"""
from __future__ import annotations

import os
import tempfile
from typing import Any, Callable, Dict, Iterable, List, Mapping, Optional, Set, Tuple

from ..files import write_scratch
from ..model import Variant, split_location
from ..problems import UnusableInput
from .base import ExportReport

SHOWN = 3   # differences named in the report; the rest counted


def _edges(v: Variant, fleet_coasts: bool = True) -> Set[Tuple[str, str, bool, bool, bool]]:
    out = set()
    for e in v.edges:
        a, b = (e.a, e.b) if e.oneway or e.a <= e.b else (e.b, e.a)
        if not fleet_coasts:
            a, b = split_location(a)[0], split_location(b)[0]
        out.add((a, b, e.units.army, e.units.fleet, e.oneway))
    return out


def _powers(v: Variant) -> List[Tuple[Tuple[str, ...], Tuple[str, ...], Tuple[str, ...]]]:
    return sorted((tuple(sorted(p.homes)), tuple(sorted(f"{u.type.value} {u.location}" for u in p.units)),
                   tuple(sorted(p.starting_centers))) for p in v.powers)


def differences(want: Variant, got: Variant, lost_aliases: Iterable[Tuple[str, str]] = (),
                rules: Optional[Mapping[str, object]] = None, by_words: bool = False) -> List[str]:
    """What ``got`` (the export as read back) says otherwise than ``want``
    (what the export meant to write): provinces, names, terrain, coasts,
    aliases, links, powers' homes, units and centres, the start and the rules
    in ``rules`` (the options the format writes).  ``by_words``: names are
    compared as a line-based judge reads them, a word at a time (DPjudge
    keeps ``Al  pha`` and orders name it ``Al pha``)."""
    out: List[str] = []
    mine = {p.id: p for p in want.provinces}
    theirs = {p.id: p for p in got.provinces}
    if set(mine) != set(theirs):
        extra, missing = sorted(set(theirs) - set(mine)), sorted(set(mine) - set(theirs))
        out.append(f"provinces {extra[:SHOWN]} read that were not written" if extra else
                   f"provinces {missing[:SHOWN]} written are not read")
    lost = set(lost_aliases)
    for pid in sorted(set(mine) & set(theirs)):
        p, q = mine[pid], theirs[pid]
        if (" ".join(p.name.split()) != " ".join(q.name.split())) if by_words else p.name != q.name:
            out.append(f"{pid}'s name {p.name!r} reads as {q.name!r}")
        if (p.terrain, p.port) != (q.terrain, q.port):
            out.append(f"{pid} is {p.terrain.value} and reads as {q.terrain.value}")
        if sorted(c.id for c in p.coasts) != sorted(c.id for c in q.coasts):
            out.append(f"{pid}'s coasts read as {sorted(c.id for c in q.coasts)}")
        meant = {a.lower() for a in p.aliases if (pid, a) not in lost}
        read = {a.lower() for a in q.aliases}
        if read - meant:
            out.append(f"{pid} has aliases {sorted(read - meant)[:SHOWN]} that were not written")
        elif meant - read:
            out.append(f"{pid}'s aliases {sorted(meant - read)[:SHOWN]} are not read")
    if _edges(want) != _edges(got):
        more, fewer = sorted(_edges(got) - _edges(want)), sorted(_edges(want) - _edges(got))
        out.append(f"links {[f'{e[0]}-{e[1]}' for e in more][:SHOWN]} read that were not written" if more else
                   f"links {[f'{e[0]}-{e[1]}' for e in fewer][:SHOWN]} written are not read")
    if _powers(want) != _powers(got):
        out.append(f"the powers' homes, units or centres read otherwise ({len(got.powers)} powers read, "
                   f"{len(want.powers)} written)")
    if sorted(want.centers) != sorted(got.centers):
        out.append(f"the supply centres read otherwise ({len(got.centers)} read, {len(want.centers)} written)")
    if want.rules.start != got.rules.start:
        out.append(f"the start reads as {got.rules.start} ({want.rules.start} written)")
    if want.rules.victory != got.rules.victory:
        out.append(f"the victory reads as {got.rules.victory} ({want.rules.victory} written)")
    if rules is not None:
        said = {k: v for k, v in got.rules.options.items() if v}
        written = {k: v for k, v in rules.items() if v}
        if said != written:
            out.append(f"the rules read as {sorted(said)} ({sorted(written)} written)")
    return out


def refuse(report: ExportReport, reader: str, found: List[str]) -> None:
    """VK771 for what ``reader`` read otherwise: the first few differences, the rest counted."""
    if found:
        more = f" (and {len(found) - SHOWN} more)" if len(found) > SHOWN else ""
        report.refuse("VK771", what=f"{reader}: " + "; ".join(found[:SHOWN]) + more)


def _lost_aliases(v: Variant, report: ExportReport) -> Set[Tuple[str, str]]:
    """The aliases the writer said it left out (VK701, VK748), as (province, alias)."""
    said = [p.message for p in report.problems if p.code in ("VK701", "VK748")]
    return {(p.id, a) for p in v.provinces for a in p.aliases if any(repr(a) in m and p.id in m for m in said)}


def dpjudge_reads(text: str, v: Variant, path: str, report: ExportReport, read_dpjudge: Callable[..., Any],
                  encoding: str = "utf-8") -> None:
    """The DPjudge map ``text`` (about to be written at ``path`` for ``v`` in
    ``encoding``) read back by variantkit's DPjudge reader ``read_dpjudge``, as
    DPjudge reads a map (passed in: the DPjudge format imports this module)."""
    from .dpjudge_rules import WRITTEN
    from .dpjudge_words import fit
    want = fit(v, ExportReport(path))
    try:
        got = read_dpjudge(path, want.id, raw=text.encode(encoding))
    except UnusableInput as exc:
        refuse(report, "DPjudge's reading", [str(exc.problems[0]).splitlines()[0]])
        return
    errors = [p for p in got.problems if p.severity == "error"]
    if errors or got.variant is None:
        refuse(report, "DPjudge's reading", [p.message for p in errors] or ["no variant"])
        return
    rules = {k: val for k, val in want.rules.options.items() if k in WRITTEN and isinstance(val, bool)}
    refuse(report, "DPjudge's reading", differences(want, got.variant, _lost_aliases(want, report), rules=rules,
                                                           by_words=True))


def package_reads(text: str, v: Variant, path: str, report: ExportReport) -> None:
    """The map ``text`` read by the `diplomacy` package itself, where it is
    installed (the `peers` extra): no error, every location and no other,
    each province's name, each link of the variant and no other, the
    powers' homes and units, the start."""
    try:
        from diplomacy.engine.map import Map
    except ImportError:
        return
    from .dpjudge_words import fit
    want = fit(v, ExportReport(path))
    with tempfile.TemporaryDirectory(prefix="variantkit-readback-") as folder:
        name = os.path.join(folder, "readback.map")
        write_scratch(name, text)
        try:
            m = Map(name, use_cache=False)  # no convoy paths computed, nothing cached by name
        except Exception as exc:  # the package raises what it meets (KeyError, IndexError...)
            refuse(report, "the diplomacy package", [f"it fails reading: {type(exc).__name__}: {exc}"[:200]])
            return
    found: List[str] = [f"it says {e}" for e in m.error]
    locs = {loc.upper() for p in want.provinces for loc in [p.id] + [f"{p.id}/{c.id}" for c in p.coasts]}
    read = {loc.upper() for loc in m.locs}
    if read != locs:
        extra, missing = sorted(read - locs), sorted(locs - read)
        found.append(f"locations {extra[:SHOWN]} read that were not written" if extra else
                     f"locations {missing[:SHOWN]} written are not read")
    for p in want.provinces:  # the package keys names as written, upper case (and by words among its aliases)
        name = p.name.strip().upper()
        if m.loc_name.get(name, p.id.upper()) != p.id.upper() or name not in m.loc_name:
            found.append(f"{p.id}'s name {p.name!r} does not name it")
    linked = {(split_location(e.a)[0].upper(), split_location(e.b)[0].upper()) for e in want.edges}
    linked |= {(b, a) for a, b in linked}
    for loc, abuts in m.loc_abut.items():
        for other in abuts:
            pair = (split_location(loc.lower())[0].upper(), split_location(other.lower())[0].upper())
            if pair not in linked:
                found.append(f"the link {loc}-{other} is read and was not written")
                break
    for e in want.edges:
        for unit, ok in (("A", e.units.army), ("F", e.units.fleet)):
            if ok and not m.abuts(unit, e.a.upper(), "-", e.b.upper()):
                found.append(f"the {'army' if unit == 'A' else 'fleet'} link {e.a}-{e.b} is not read")
    homes = sorted(tuple(sorted(h.upper() for h in pw.homes)) for pw in want.powers)
    if sorted(tuple(sorted(h)) for h in m.homes.values()) != homes:
        found.append("the powers' homes read otherwise")
    units = sorted(tuple(sorted(f"{u.type.value} {u.location.upper()}" for u in pw.units)) for pw in want.powers)
    if sorted(tuple(sorted(u)) for u in m.units.values()) != units:
        found.append("the powers' units read otherwise")
    season = {"S": "SPRING", "F": "FALL", "W": "WINTER"}[want.rules.start[0]]
    if not (m.phase or "").startswith(f"{season} {want.rules.start[1:-1]} "):
        found.append(f"the start reads as {m.phase!r}")
    refuse(report, "the diplomacy package", found)


def jdip_reads(files: Dict[str, str], v: Variant, aliases: Dict[str, List[str]], path: str,
               report: ExportReport, read: Callable[..., Any]) -> None:
    """jDip's files (name -> text, about to be written into the folder
    ``path`` for ``v``) read back by variantkit's jDip reader from a private
    folder: the graph, names and rules jDip's loader reads (its own loader
    runs in the tests).  ``aliases``: those the writer kept; ``read``: the jDip
    reader (passed in: the jDip format imports this module)."""
    from dataclasses import replace
    want = replace(v, provinces=tuple(replace(p, aliases=tuple(aliases.get(p.id, ()))) for p in v.provinces),
                   edges=tuple(replace(e, oneway=False) for e in v.edges))
    with tempfile.TemporaryDirectory(prefix="variantkit-readback-") as folder:
        for name, text in files.items():
            write_scratch(os.path.join(folder, name), text)
        try:
            got, problems = read(os.path.join(folder, "variants.xml"))
        except UnusableInput as exc:
            refuse(report, "jDip's reading", [exc.problems[0].message])
            return
    errors = [p.message for p in problems if p.severity == "error"]
    if errors or got is None:
        refuse(report, "jDip's reading", errors or ["no variant"])
        return
    rules = {"build_any": True} if v.rules.options.get("build_any") else {}
    refuse(report, "jDip's reading", differences(want, got, rules=rules))
