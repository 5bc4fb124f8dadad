"""Write province outlines as an SVG drawing the reader reads back: one
``<path id=ID>`` per province in a ``provinces`` group, filled by terrain
(water blue, impassable grey, land buff), holes as even-odd subpaths."""
from __future__ import annotations

from typing import Dict, Mapping, Sequence, Tuple

from lxml import etree

SVG = "http://www.w3.org/2000/svg"
FILL = {"water": "#a9cbe6", "impassable": "#8c877f", "land": "#e8dcb5", "coast": "#e8dcb5"}


def outlines_svg(width: float, height: float, shapes: Mapping[str, Sequence[Sequence[Tuple[float, float]]]],
                 terrain: Dict[str, str]) -> str:
    root = etree.Element(f"{{{SVG}}}svg", nsmap={None: SVG})
    root.set("viewBox", f"0 0 {width:.0f} {height:.0f}")
    root.set("width", f"{width:.0f}")
    root.set("height", f"{height:.0f}")
    group = etree.SubElement(root, f"{{{SVG}}}g", id="provinces")
    for pid in sorted(shapes):
        d = " ".join("M" + " L".join(f"{x:.2f},{y:.2f}" for x, y in ring) + " Z"
                     for ring in shapes[pid] if len(ring) > 2)
        if d:
            etree.SubElement(group, f"{{{SVG}}}path", id=pid, d=d, fill=FILL.get(terrain.get(pid, "land"), "#e8dcb5"),
                             stroke="#333", **{"fill-rule": "evenodd"})
    return etree.tostring(root, xml_declaration=True, encoding="utf-8", pretty_print=True).decode()
