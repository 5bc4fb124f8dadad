"""webDiplomacy / vDiplomacy: the variant folder's territory and border tables.

Writes ``install.php`` (territories with type, supply flag, country and map
position; coasts as child territories "Parent (North Coast)" right after
their parent; borders listed once with fleetsPass and armysPass) and
``classes/adjudicatorPreGame.php`` (starting units).  The PHP is data only;
a designer adds variant.php and the map images on the host.
"""
from __future__ import annotations

import os
from typing import List

from ..files import atomic_write
from ..model import Terrain, UnitType, Variant, split_location
from .base import ExportReport, Format


def _php(text: str) -> str:
    return "'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'"


def write(v: Variant, path: str) -> ExportReport:
    report = ExportReport(path)
    country = {pw.id: i + 1 for i, pw in enumerate(v.powers)}
    home = {h: pw.id for pw in v.powers for h in pw.homes}
    names = {}
    rows: List[str] = []
    unplaced: List[str] = []
    for p in v.provinces:
        if p.terrain is Terrain.IMPASSABLE:
            report.lost("VK751", f"{p.id} is impassable: left out (webDiplomacy draws it, it is no territory)")
            continue
        if p.passable_in:
            report.lost("VK752", f"{p.id} is seasonal: written as always open")
        x, y = p.unit_pos or (0, 0)
        if p.unit_pos is None:
            unplaced.append(p.id)
        kind = {Terrain.WATER: "Sea", Terrain.LAND: "Land", Terrain.COAST: "Coast"}[p.terrain]
        names[p.id] = p.name
        rows.append(f"array({_php(p.name)}, '{kind}', '{'Yes' if p.center else 'No'}', "
                    f"{country[home[p.id]] if p.id in home else 0}, {int(x)}, {int(y)}, {int(x) // 2}, {int(y) // 2})")
        for c in p.coasts:
            cname = f"{p.name} ({c.name or c.id.upper()})"
            names[f"{p.id}/{c.id}"] = cname
            cx, cy = c.unit_pos or (x, y)
            rows.append(f"array({_php(cname)}, 'Coast', 'No', 0, {int(cx)}, {int(cy)}, "
                        f"{int(cx) // 2}, {int(cy) // 2})")
    if unplaced:
        report.lost("VK753", f"{len(unplaced)} territories have no unit position ({', '.join(unplaced[:5])}"
                             f"{', ...' if len(unplaced) > 5 else ''}): mapX/mapY written as 0",
                    "place units in the editor, or on the host")
    borders: List[str] = []
    for e in v.edges:
        if e.a not in names or e.b not in names:
            continue
        if e.oneway:
            report.refuse("VK754", f"the one-way link {e.a} -> {e.b}",
                          "webDiplomacy makes every border two-way: make it two-way")
            continue
        if e.modifier:
            report.lost("VK755", f"the link {e.a} - {e.b} (move modifier {e.modifier:+d}) is an ordinary border")
        if e.powers:
            report.lost("VK756", f"the border {e.a} - {e.b} restricted to {', '.join(e.powers)} is open to all")
        if e.seasons:
            report.seasonal_link(e, "webDiplomacy")
        borders.append(f"array({_php(names[e.a])}, {_php(names[e.b])}, "
                       f"'{'Yes' if e.units.fleet else 'No'}', '{'Yes' if e.units.army else 'No'}')")
    if not report.ok:
        return report
    install = ["<?php", f"// {v.name}: territories and borders, written by variantkit from {v.id}",
               "$territories = array(", ",\n".join("\t" + r for r in rows), ");",
               "$bordersRawData = array(", ",\n".join("\t" + b for b in borders), ");", ""]
    units = ["<?php", f"// {v.name}: starting units, written by variantkit",
             "class " + "".join(w.capitalize() for w in v.id.replace("-", " ").split()) +
             "Variant_adjudicatorPreGame extends adjudicatorPreGame {",
             "\tprotected $countryUnits = array("]
    for pw in v.powers:
        entries = ", ".join(f"{_php(names[u.location] if '/' in u.location else names[split_location(u.location)[0]])}"
                            f" => '{'Army' if u.type is UnitType.ARMY else 'Fleet'}'" for u in pw.units)
        units.append(f"\t\t{_php(pw.name)} => array({entries}),")
    units += ["\t);", "}", ""]
    os.makedirs(os.path.join(path, "classes"), exist_ok=True)
    atomic_write(os.path.join(path, "install.php"), "\n".join(install))
    atomic_write(os.path.join(path, "classes", "adjudicatorPreGame.php"), "\n".join(units))
    return report


FORMAT = Format("webdiplomacy", "webDiplomacy / vDiplomacy variant folder: install.php and starting units",
                "", write)
