"""Diplicity's layered map (``.d.svg``): the groups the host expects, in its
order, the first three hidden; one path per province and per named coast,
one unit-position circle per province and coast, ids equal to the variant's.

Drawn from the variant's art when it has some, else from the schematic board.
"""
from __future__ import annotations

from lxml import etree

from ..files import atomic_write
from ..model import Terrain, Variant
from .base import ExportReport

SVG = "http://www.w3.org/2000/svg"
LAYERS = ("background", "provinces", "named-coasts", "unit-positions", "province-names", "borders",
          "foreground")
FILL = {Terrain.LAND: "#e8dcb5", Terrain.COAST: "#e8dcb5", Terrain.WATER: "#a9cbe6"}


def _d(rings) -> str:
    return " ".join("M" + " L".join(f"{x:.1f},{y:.1f}" for x, y in ring) + " Z" for ring in rings if len(ring) > 2)


def write_dsvg(v: Variant, path: str, board, report: ExportReport) -> None:
    root = etree.Element(f"{{{SVG}}}svg", nsmap={None: SVG})
    root.set("viewBox", f"0 0 {board.width:.0f} {board.height:.0f}")
    groups = {}
    for name in LAYERS:
        g = etree.SubElement(root, f"{{{SVG}}}g", id=name)
        if name in ("background", "provinces", "named-coasts"):
            g.set("style", "display:none")
        groups[name] = g
    etree.SubElement(groups["background"], f"{{{SVG}}}rect", x="0", y="0", width=f"{board.width:.0f}",
                     height=f"{board.height:.0f}", fill="#f2efe6")
    for p in v.provinces:
        if p.terrain is Terrain.IMPASSABLE:
            continue
        rings = board.cells.get(p.id)
        if not rings:
            report.lost("VK744", f"{p.id} has no shape on the board: no path written")
            continue
        etree.SubElement(groups["provinces"], f"{{{SVG}}}path", id=p.id, d=_d(rings),
                         fill=FILL[p.terrain])
        etree.SubElement(groups["borders"], f"{{{SVG}}}path", d=_d(rings), fill="none", stroke="#333")
        x, y = board.points.get(p.id, (0, 0))
        etree.SubElement(groups["unit-positions"], f"{{{SVG}}}circle", id=p.id, cx=f"{x:.1f}", cy=f"{y:.1f}", r="10")
        lx, ly = board.labels.get(p.id, (x, y))
        t = etree.SubElement(groups["province-names"], f"{{{SVG}}}text", x=f"{lx:.1f}", y=f"{ly:.1f}")
        t.text = p.name
        for c in p.coasts:
            cid = f"{p.id}/{c.id}"
            cx, cy = board.points.get(cid, (x, y))
            # a coast's shape: a small disc where its fleets stand
            etree.SubElement(groups["named-coasts"], f"{{{SVG}}}path", id=cid,
                             d=f"M{cx - 8:.1f},{cy:.1f} a8,8 0 1,0 16,0 a8,8 0 1,0 -16,0 Z")
            etree.SubElement(groups["unit-positions"], f"{{{SVG}}}circle", id=cid, cx=f"{cx:.1f}",
                             cy=f"{cy:.1f}", r="10")
    atomic_write(path, etree.tostring(root, xml_declaration=True, encoding="utf-8", pretty_print=True).decode())
