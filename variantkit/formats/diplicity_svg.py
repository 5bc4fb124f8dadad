"""Diplicity's layered map (``.d.svg``), as the host's upload checks want it.

The host's layers, in its order: ``background``, ``provinces``,
``named-coasts``, ``unit-positions``, ``province-names``, ``borders``,
``foreground``.  The host hides the three data layers (``provinces``,
``named-coasts``, ``unit-positions``: click areas and anchors) and shows the
art (``background``, names, borders, foreground).  A position is a
``circle r="10"`` whose id is a province or named coast; a named coast is a
path ``parent/coast``.

With the variant's own drawing, the drawing is the visible map: copied into
``background`` (its ids prefixed ``art-`` so the host's own ids stay unique,
scripts and event handlers dropped), its province and coast shapes in the
data layers, units where the variant or else the drawing's markers put
them.  Without one, the schematic board is drawn, and the report says so
(VK745).
"""
from __future__ import annotations

import copy
import re
import xml.etree.ElementTree as ElementTree
from typing import Dict, List, Optional, Tuple

from lxml import etree

from ..model import Terrain, Variant, split_location
from .base import ExportReport

SVG = "http://www.w3.org/2000/svg"
XLINK = "http://www.w3.org/1999/xlink"
LAYERS = ("background", "provinces", "named-coasts", "unit-positions", "province-names", "borders",
          "foreground")
HIDDEN = ("provinces", "named-coasts", "unit-positions")   # the host's rule: data, not art
FILL = {Terrain.LAND: "#e8dcb5", Terrain.COAST: "#e8dcb5", Terrain.WATER: "#a9cbe6"}
# what the host's sanitizer removes anyway; dropped here so the file is what the host keeps
DANGEROUS = ("script", "foreignObject", "handler")
_URL = re.compile(r"url\(\s*#([^)\s]+)\s*\)")


def _d(rings) -> str:
    return " ".join("M" + " L".join(f"{x:.1f},{y:.1f}" for x, y in ring) + " Z" for ring in rings if len(ring) > 2)


def _local(tag) -> str:
    return tag.rsplit("}", 1)[-1] if isinstance(tag, str) else ""


def _art_copy(root, prefix: str = "art-"):
    """The drawing's elements, for the background layer: SVG and XLink only,
    ids prefixed (and every reference to them), scripts and handlers out."""
    root = copy.deepcopy(root)
    for el in list(root.iter()):
        if not isinstance(el.tag, str) or (el.tag.startswith("{") and not el.tag.startswith(f"{{{SVG}}}")) \
                or _local(el.tag) in DANGEROUS + ("metadata",):
            parent = el.getparent()
            if parent is not None:
                parent.remove(el)
    for el in root.iter():
        for name in list(el.attrib):
            ns = name[1:].split("}", 1)[0] if name.startswith("{") else None
            local = _local(name)
            value = el.get(name)
            if (ns not in (None, XLINK) or local.lower().startswith("on") or name.startswith("data-")
                    or (local == "href" and value.strip().lower().startswith("javascript:"))):
                del el.attrib[name]
                continue
            if local == "id":
                el.set(name, prefix + value)
            elif local == "href" and value.startswith("#"):
                el.set(name, "#" + prefix + value[1:])
            elif "url(" in value:
                el.set(name, _URL.sub(lambda m: f"url(#{prefix}{m.group(1)})", value))
    return list(root)


def _art_root(art_file: str):
    from ..drawing.svg.reader import read_drawing_bytes  # the drawing's size limits, gzip too
    parser = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False, huge_tree=False,
                             remove_comments=True, remove_pis=True)
    return etree.fromstring(read_drawing_bytes(art_file), parser)


def layered_map(v: Variant, report: ExportReport, art_file: Optional[str] = None) -> Optional[bytes]:
    """The ``.d.svg`` bytes, or None when a name cannot be written as XML."""
    from ..board.schematic import schematic_board
    from ..drawing.art import board_from, infer_svg
    from ..drawing.geometry import label_point
    from ..names import NameIndex
    coast_shapes: Dict[str, List] = {}
    drawn_pos: Dict[str, Tuple[float, float]] = {}   # where the drawing's own markers put units
    art_children: List = []
    offset: Tuple[float, float] = (0.0, 0.0)
    art_has_names = False
    if art_file:
        doc, inference = infer_svg(art_file)
        board = board_from(v, doc, inference)
        names = NameIndex(v)
        for rid, region in inference.regions.items():
            pid = names.location(rid)
            if pid and region.unit_pos:
                drawn_pos[pid] = region.unit_pos
        for cid, pos in inference.coast_pos.items():
            prov, coast = split_location(cid)[0], split_location(cid)[1] or ""
            pid = names.location(prov)
            if pid and coast:
                drawn_pos[f"{pid}/{coast}"] = pos
        for cid, geom in inference.coasts.items():
            prov, coast = split_location(cid)[0], split_location(cid)[1] or ""
            pid = names.location(prov)
            if pid and coast:
                parts = getattr(geom, "geoms", [geom])
                coast_shapes[f"{pid}/{coast}"] = [list(p.exterior.coords) for p in parts]
        root = _art_root(art_file)
        view = [float(x) for x in re.split(r"[\s,]+", (root.get("viewBox") or "").strip()) if x]
        if len(view) == 4:
            offset = (view[0], view[1])
        art_children = _art_copy(root)
        art_has_names = bool(doc.texts)
    else:
        board = schematic_board(v)
        report.lost("VK745")
    root = etree.Element(f"{{{SVG}}}svg", nsmap={None: SVG, "xlink": XLINK})
    root.set("viewBox", f"0 0 {board.width:.0f} {board.height:.0f}")
    groups = {}
    for name in LAYERS:
        g = etree.SubElement(root, f"{{{SVG}}}g", id=name)
        if name in HIDDEN:
            g.set("style", "display:none")
        groups[name] = g
    if art_children:
        holder = etree.SubElement(groups["background"], f"{{{SVG}}}g", id="art")
        if offset != (0.0, 0.0):
            holder.set("transform", f"translate({-offset[0]:g},{-offset[1]:g})")
        holder.extend(art_children)
        if art_has_names:  # the drawing names its provinces: the layer's copies stay hidden
            groups["province-names"].set("style", "display:none")
    else:
        etree.SubElement(groups["background"], f"{{{SVG}}}rect", x="0", y="0", width=f"{board.width:.0f}",
                         height=f"{board.height:.0f}", fill="#f2efe6")
    ok = True
    for p in v.provinces:
        if p.terrain is Terrain.IMPASSABLE:
            continue
        rings = board.cells.get(p.id)
        if not rings:
            px, py = p.unit_pos or board.points.get(p.id, (0, 0))
            rings = [[(px + 12 * dx, py + 12 * dy) for dx, dy in ((-1, 0), (0, -1), (1, 0), (0, 1))]]
            report.lost("VK744", province=p.id)
        etree.SubElement(groups["provinces"], f"{{{SVG}}}path", id=p.id, d=_d(rings), fill=FILL[p.terrain])
        if not art_children:
            etree.SubElement(groups["borders"], f"{{{SVG}}}path", d=_d(rings), fill="none", stroke="#333")
        x, y = p.unit_pos or drawn_pos.get(p.id) or board.points.get(p.id, (0, 0))
        etree.SubElement(groups["unit-positions"], f"{{{SVG}}}circle", id=p.id, cx=f"{x:.1f}", cy=f"{y:.1f}",
                         r="10")
        lx, ly = p.label_pos or board.labels.get(p.id, (x, y))
        t = etree.SubElement(groups["province-names"], f"{{{SVG}}}text", x=f"{lx:.1f}", y=f"{ly:.1f}")
        t.set("text-anchor", "middle")
        if p.label_angle:  # the label turned as the designer set it
            t.set("transform", f"rotate({p.label_angle:g} {lx:.1f} {ly:.1f})")
        try:
            t.text = p.label or p.name
        except ValueError:
            ok = False
            report.refuse("VK770", what=f"the name of {p.id} ({p.name!r})", character="characters XML cannot carry")
        for c in p.coasts:
            cid = f"{p.id}/{c.id}"
            cx, cy = c.unit_pos or drawn_pos.get(cid) or board.points.get(cid, (x, y))
            shape = coast_shapes.get(cid)
            if shape:
                d = _d(shape)
                if c.unit_pos is None and cid not in drawn_pos:
                    from shapely.geometry import Polygon
                    pt = label_point(Polygon(shape[0]))
                    cx, cy = pt
            else:  # no shape drawn for the coast: a small disc where its fleets stand
                d = f"M{cx - 8:.1f},{cy:.1f} a8,8 0 1,0 16,0 a8,8 0 1,0 -16,0 Z"
            etree.SubElement(groups["named-coasts"], f"{{{SVG}}}path", id=cid, d=d, fill="#000000")
            etree.SubElement(groups["unit-positions"], f"{{{SVG}}}circle", id=cid, cx=f"{cx:.1f}",
                             cy=f"{cy:.1f}", r="10")
    if not ok:
        return None
    return etree.tostring(root, xml_declaration=True, encoding="utf-8", pretty_print=True)


def read_back(data: bytes, v_ids: Tuple[set, set], report: ExportReport) -> None:
    """The written map read back with a plain XML parser (the host's own
    validator uses the standard library's), against the host's layer rules."""
    try:
        root = ElementTree.fromstring(data)
    except ElementTree.ParseError as exc:
        report.refuse("VK771", what=f"the map is not XML: {exc}")
        return
    layers = [g for g in root if _local(g.tag) == "g"]
    if [g.get("id") for g in layers] != list(LAYERS):
        report.refuse("VK771", what="the map's layers are not the host's, in its order")
        return
    by_id = {g.get("id"): g for g in layers}
    for name in HIDDEN:
        if "display:none" not in (by_id[name].get("style") or "").replace(" ", ""):
            report.refuse("VK771", what=f"the layer {name} is not hidden")
    provinces, coasts = v_ids
    drawn = {e.get("id") for e in by_id["provinces"].iter() if _local(e.tag) == "path"}
    drawn_coasts = {e.get("id") for e in by_id["named-coasts"].iter() if _local(e.tag) == "path"}
    circles = {e.get("id"): e.get("r") for e in by_id["unit-positions"].iter() if _local(e.tag) == "circle"}
    if drawn != provinces or drawn_coasts != coasts or set(circles) != provinces | coasts \
            or set(circles.values()) - {"10"}:
        missing = sorted((provinces - drawn) | (coasts - drawn_coasts) | ((provinces | coasts) - set(circles)))
        report.refuse("VK663", missing=f" (missing: {', '.join(missing[:8])})" if missing else "")
