"""The `diplomacy` Python package's ``.map``: a reduced DPjudge format.

The package reads names, terrain lines in DPjudge's letter case, powers with
units, UNOWNED, VICTORY and BEGIN; it does not read straits or other link
modifiers, seasonal directives or renames.  So straits are written as plain
links (their zero strength is lost), a seasonal space is written as it is in
the first season of the calendar, and the report says so.
"""
from __future__ import annotations

from dataclasses import replace

from ..files import atomic_write
from ..model import Terrain, Variant
from .base import ExportReport, Format
from .dpjudge import dpjudge_text


def flatten(v: Variant, report: ExportReport) -> Variant:
    edges = []
    for e in v.edges:
        if e.modifier:
            report.lost("VK711", f"the link {e.a} - {e.b} "
                                 f"(move modifier {e.modifier:+d}) is written as an ordinary link: "
                                 "the package has no move modifiers")
        if e.powers:
            report.lost("VK712", f"the link {e.a} - {e.b} is restricted to {', '.join(e.powers)}: "
                                 "written open to all")
        if e.oneway:
            report.refuse("VK713", f"the one-way link {e.a} -> {e.b} would be read as a one-way "
                                   "adjacency by the package, which then misplays retreats",
                          "make the link two-way, or export to DPjudge instead")
        if e.seasons:
            report.seasonal_link(e, "the package")
        edges.append(replace(e, strait=False, modifier=0, powers=(), seasons=()))
    first = v.rules.seasons[0]
    provinces = []
    for p in v.provinces:
        if p.passable_in:
            open_first = first in p.passable_in
            report.lost("VK714", f"{p.id} is passable in {', '.join(p.passable_in)} only: written as "
                                 + ("always open" if open_first else "always impassable"))
            p = replace(p, passable_in=(), terrain=p.terrain if open_first else Terrain.IMPASSABLE)
        provinces.append(p)
    options = {k: val for k, val in v.rules.options.items() if k != "hibernate"}
    if "hibernate" in v.rules.options:
        report.lost("VK715", "HIBERNATE is not read by the package")
    return replace(v, edges=tuple(edges), provinces=tuple(provinces),
                   rules=replace(v.rules, options=options))


def write(v: Variant, path: str) -> ExportReport:
    report = ExportReport(path)
    flat = flatten(v, report)
    text = dpjudge_text(flat, report)
    if report.ok:
        atomic_write(path, text)
    return report


FORMAT = Format("diplomacy", "the `diplomacy` Python package's .map", ".map", write)
