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
from .dpjudge import dpjudge_text, read_dpjudge


def flatten(v: Variant, report: ExportReport) -> Variant:
    edges = []
    for e in v.edges:
        if e.modifier:
            report.lost("VK711", a=e.a, b=e.b, modifier=f"{e.modifier:+d}")
        if e.powers:
            report.lost("VK712", a=e.a, b=e.b, powers=", ".join(e.powers))
        if e.oneway:
            report.refuse("VK713", a=e.a, b=e.b)
        if e.seasons:
            report.seasonal_link(e, "the package")
        edges.append(replace(e, strait=False, modifier=0, powers=(), seasons=()))
    first = v.rules.seasons[0]
    provinces = []
    for p in v.provinces:
        if p.passable_in:
            open_first = first in p.passable_in
            report.lost("VK714", province=p.id, seasons=", ".join(p.passable_in),
                        written="always open" if open_first else "always impassable")
            p = replace(p, passable_in=(), terrain=p.terrain if open_first else Terrain.IMPASSABLE)
        provinces.append(p)
    options = {k: val for k, val in v.rules.options.items() if k != "hibernate"}
    if "hibernate" in v.rules.options:
        report.lost("VK715")
    return replace(v, edges=tuple(edges), provinces=tuple(provinces),
                   rules=replace(v.rules, options=options))


def write(v: Variant, path: str) -> ExportReport:
    report = ExportReport(path)
    flat = flatten(v, report)
    text = dpjudge_text(flat, report)
    if report.ok:
        from .readback import dpjudge_reads, package_reads
        dpjudge_reads(text, flat, path, report, read_dpjudge)
        package_reads(text, flat, path, report)
    if report.ok:
        atomic_write(path, text)
    return report


FORMAT = Format("diplomacy", "the `diplomacy` Python package's .map", ".map", write)
