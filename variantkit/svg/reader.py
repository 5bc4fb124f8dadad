"""Read a map's SVG into flat shapes: rings of points in the drawing's own
coordinates (every transform applied), with the ids, labels, classes, fills
and layers that say what each shape is.

XML is parsed by lxml with entities left unexpanded, no DTD loading and no
network, within size and depth limits; path data goes through svgelements
and curves are flattened to ``tolerance`` drawing units.  Conventions
recognised: jDip (``MapLayer`` shapes ``_xxx``, ``MouseLayer`` coasts
``xxx-nc``, the ``jdipNS:PROVINCE_DATA`` block), Inkscape layers and labels,
and plain shapes named by id.
"""
from __future__ import annotations

import math
import re
import zlib
from dataclasses import dataclass, field
from typing import Dict, List, Optional, Tuple

from lxml import etree
from svgelements import Matrix, Path as SvgPath

from ..problems import Problem, UnusableInput

SVG = "http://www.w3.org/2000/svg"
XLINK = "http://www.w3.org/1999/xlink"
INKSCAPE = "http://www.inkscape.org/namespaces/inkscape"
JDIP = "http://jdip.sourceforge.org/jdipNS"
MAX_BYTES = 30 * 1024 * 1024
MAX_DEPTH = 64
MAX_SHAPES = 200_000

Ring = List[Tuple[float, float]]


@dataclass
class Shape:
    id: str
    tag: str
    rings: List[Ring]
    closed: bool
    layer: str = ""        # the id or Inkscape label of the top-level group
    label: str = ""        # inkscape:label
    classes: Tuple[str, ...] = ()
    fill: str = ""
    group: str = ""        # id of the nearest named group (a multi-part province)
    used: str = ""         # the id of the symbol a <use> drew this from


@dataclass
class SvgDocument:
    path: str
    width: float
    height: float
    shapes: List[Shape] = field(default_factory=list)
    styles: Dict[str, Dict[str, str]] = field(default_factory=dict)   # class -> css properties
    jdip: Dict[str, Dict[str, Tuple[float, float]]] = field(default_factory=dict)
    problems: List[Problem] = field(default_factory=list)

    def warn(self, code: str, message: str, hint: str = "", line: Optional[int] = None) -> None:
        self.problems.append(Problem(code, message, hint, self.path, line, None, "warning"))


def _local(tag) -> str:
    return tag.split("}", 1)[1] if isinstance(tag, str) and "}" in tag else (tag if isinstance(tag, str) else "")


def _num(text: Optional[str], default: float = 0.0) -> float:
    if text is None:
        return default
    m = re.match(r"\s*([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)", text)
    return float(m.group(1)) if m else default


def _points(text: str) -> Ring:
    nums = [float(n) for n in re.findall(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?", text or "")]
    return [(nums[i], nums[i + 1]) for i in range(0, len(nums) - 1, 2)]


def _css(text: str) -> Dict[str, str]:
    out = {}
    for part in (text or "").split(";"):
        if ":" in part:
            k, v = part.split(":", 1)
            out[k.strip().lower()] = v.strip()
    return out


def _stylesheet(text: str) -> Dict[str, Dict[str, str]]:
    out: Dict[str, Dict[str, str]] = {}
    text = re.sub(r"/\*.*?\*/", "", text or "", flags=re.S)
    for selectors, body in re.findall(r"([^{}]+)\{([^}]*)\}", text):
        for sel in selectors.split(","):
            sel = sel.strip()
            if sel.startswith("."):
                out.setdefault(sel[1:], {}).update(_css(body))
    return out


def _steps(seg, tolerance: float) -> int:
    """Points for a curve so the polyline strays at most ``tolerance`` from it:
    the control points' distance from the chord bounds the curve's bulge."""
    start, end = seg.start, seg.end
    controls = [getattr(seg, a) for a in ("control", "control1", "control2") if getattr(seg, a, None) is not None]
    if not controls:  # arcs: sample by their size
        length = seg.length(error=1e-2)
        return max(4, min(128, int(math.ceil(math.sqrt(length / max(tolerance, 1e-6))))))
    dx, dy = end.x - start.x, end.y - start.y
    chord = math.hypot(dx, dy)
    if chord < 1e-9:
        bulge = max(math.hypot(c.x - start.x, c.y - start.y) for c in controls)
    else:
        bulge = max(abs((c.x - start.x) * dy - (c.y - start.y) * dx) / chord for c in controls)
    if bulge <= tolerance:
        return 1
    return max(2, min(128, int(math.ceil(math.sqrt(bulge / tolerance) * 1.5))))


def _flatten_path(d: str, tolerance: float) -> Tuple[List[Ring], bool]:
    """Path data -> polylines, one per subpath; curves sampled to the tolerance."""
    path = SvgPath(d)
    rings: List[Ring] = []
    closed = False
    current: Ring = []
    for seg in path:
        name = type(seg).__name__
        if name == "Move":
            if len(current) > 1:
                rings.append(current)
            current = [(seg.end.x, seg.end.y)]
            continue
        if name == "Close":
            closed = True
            if len(current) > 1:
                rings.append(current)
            current = []
            continue
        if name == "Line":
            current.append((seg.end.x, seg.end.y))
            continue
        steps = _steps(seg, tolerance)
        for i in range(1, steps + 1):
            p = seg.point(i / steps)
            current.append((p.x, p.y))
    if len(current) > 1:
        rings.append(current)
    return rings, closed


class _Walker:
    def __init__(self, doc: SvgDocument, root, tolerance: float):
        self.doc = doc
        self.tolerance = tolerance
        self.by_id = {el.get("id"): el for el in root.iter() if isinstance(el.tag, str) and el.get("id")}

    def walk(self, el, matrix: Matrix, layer: str, group: str, depth: int, inherited: Dict[str, str]):
        if depth > MAX_DEPTH:
            raise UnusableInput([Problem("VK801", f"the drawing nests deeper than {MAX_DEPTH} levels",
                                         "flatten the groups in the drawing program", self.doc.path,
                                         el.sourceline)])
        tag = _local(el.tag)
        if tag in ("defs", "symbol", "style", "title", "desc", "metadata", "clipPath", "mask", "pattern",
                   "marker", "linearGradient", "radialGradient", "text", "script"):
            return
        m = Matrix(matrix)
        if el.get("transform"):
            try:
                m = Matrix(el.get("transform")) * m
            except Exception:
                self.doc.warn("VK802", f"cannot read the transform {el.get('transform')!r}: ignored",
                              "fix the transform attribute", el.sourceline)
        style = dict(inherited)
        if el.get("class"):
            for c in el.get("class").split():
                style.update(self.doc.styles.get(c, {}))
        if el.get("fill"):
            style["fill"] = el.get("fill")
        style.update(_css(el.get("style")))
        if tag in ("g", "svg", "a", "switch"):
            gid = el.get("id") or ""
            label = el.get(f"{{{INKSCAPE}}}label") or ""
            if depth == 1 or el.get(f"{{{INKSCAPE}}}groupmode") == "layer":
                layer = label or gid or layer
            child_group = gid if gid and depth > 1 else group
            for child in el:
                if isinstance(child.tag, str):
                    self.walk(child, m, layer, child_group, depth + 1, style)
            return
        if tag == "use":
            ref = (el.get(f"{{{XLINK}}}href") or el.get("href") or "").lstrip("#")
            target = self.by_id.get(ref)
            if target is None:
                self.doc.warn("VK803", f"<use> refers to a missing #{ref}", "check the href", el.sourceline)
                return
            shift = Matrix(f"translate({_num(el.get('x'))},{_num(el.get('y'))})")
            before = len(self.doc.shapes)
            self.walk(target, shift * m, layer, group, depth + 1, style)
            for s in self.doc.shapes[before:]:   # the use's own id names what it draws
                s.id = el.get("id") or s.id
                s.classes = tuple((el.get("class") or "").split()) or s.classes
                s.used = ref
            return
        rings, closed = self._geometry(el, tag)
        if rings is None:
            return
        if len(self.doc.shapes) >= MAX_SHAPES:
            raise UnusableInput([Problem("VK804", f"the drawing has over {MAX_SHAPES} shapes",
                                         "is this a map?", self.doc.path)])
        pts = [[tuple(m.point_in_matrix_space((x, y))) for x, y in ring] for ring in rings]
        self.doc.shapes.append(Shape(
            el.get("id") or "", tag, pts, closed, layer, el.get(f"{{{INKSCAPE}}}label") or "",
            tuple((el.get("class") or "").split()), style.get("fill", ""), group))

    def _geometry(self, el, tag):
        try:
            if tag in ("polygon", "polyline"):
                ring = _points(el.get("points", ""))
                if len(ring) < 2:
                    self.doc.warn("VK805", f"{tag} {el.get('id') or ''} has fewer than two points: skipped",
                                  "", el.sourceline)
                    return None, False
                return [ring], tag == "polygon"
            if tag == "rect":
                x, y = _num(el.get("x")), _num(el.get("y"))
                w, h = _num(el.get("width")), _num(el.get("height"))
                if w <= 0 or h <= 0:
                    return None, False
                return [[(x, y), (x + w, y), (x + w, y + h), (x, y + h)]], True
            if tag in ("circle", "ellipse"):
                cx, cy = _num(el.get("cx")), _num(el.get("cy"))
                rx = _num(el.get("r")) if tag == "circle" else _num(el.get("rx"))
                ry = _num(el.get("r")) if tag == "circle" else _num(el.get("ry"))
                if rx <= 0 or ry <= 0:
                    return None, False
                n = max(12, min(96, int(2 * math.pi * max(rx, ry) / max(self.tolerance * 4, 1e-3))))
                return [[(cx + rx * math.cos(2 * math.pi * i / n), cy + ry * math.sin(2 * math.pi * i / n))
                         for i in range(n)]], True
            if tag == "path":
                d = el.get("d") or ""
                if not d.strip():
                    return None, False
                rings, closed = _flatten_path(d, self.tolerance)
                if not rings:
                    self.doc.warn("VK806", f"path {el.get('id') or ''} draws nothing", "", el.sourceline)
                    return None, False
                return rings, closed
        except (ValueError, IndexError, TypeError, AttributeError) as exc:  # svgelements on "d=\"H1\""
            self.doc.warn("VK806", f"cannot read the {tag} {el.get('id') or ''}: {exc}",
                          "fix its path data in the drawing program", el.sourceline)
        return None, False


def _read_bytes(path: str) -> bytes:
    """The drawing's bytes: a regular file of at most MAX_BYTES, and for a
    gzipped drawing (.svgz) at most MAX_BYTES once decompressed (the limit
    counts what is read, not what the file claims)."""
    from ..files import read_limited
    raw = read_limited(path, MAX_BYTES, "VK800", "drawing", "a map's SVG is a few MB at most")
    if not raw:
        raise UnusableInput([Problem("VK800", "the file is empty", "give the map's SVG", path)])
    if raw[:2] != b"\x1f\x8b":
        return raw
    inflate = zlib.decompressobj(16 + zlib.MAX_WBITS)
    try:
        out = inflate.decompress(raw, MAX_BYTES + 1)
    except zlib.error as exc:
        raise UnusableInput([Problem("VK800", f"the gzipped drawing is damaged: {exc}",
                                     "open and re-save the file in a drawing program", path)])
    if len(out) > MAX_BYTES or inflate.unconsumed_tail:
        raise UnusableInput([Problem("VK800", f"the drawing is over {MAX_BYTES} bytes once decompressed",
                                     "a map's SVG is a few MB at most", path)])
    return out


def read_svg(path: str, tolerance: float = 0.5) -> SvgDocument:
    """Read the shapes of a map's SVG.  Raises :class:`UnusableInput` when the
    file cannot be read as SVG; what it skips is in ``problems``."""
    raw = _read_bytes(path)
    parser = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False, dtd_validation=False,
                             huge_tree=False, remove_comments=True, remove_pis=True)
    try:
        tree = etree.ElementTree(etree.fromstring(raw, parser, base_url=path))
    except etree.XMLSyntaxError as exc:
        line = exc.position[0] if getattr(exc, "position", None) else None
        raise UnusableInput([Problem("VK800", f"not well-formed XML: {exc.msg}",
                                     "open and re-save the file in a drawing program", path, line)])
    root = tree.getroot()
    if _local(root.tag) != "svg":
        raise UnusableInput([Problem("VK800", f"the root element is <{_local(root.tag)}>, not <svg>",
                                     "give an SVG file", path, root.sourceline)])
    for el in root.iter():
        if isinstance(el, etree._Entity):
            raise UnusableInput([Problem("VK807", f"the file uses the entity &{el.name}; which is not expanded",
                                         "entities are refused: save the SVG without a DTD", path, el.sourceline)])
    view = [float(x) for x in re.split(r"[\s,]+", (root.get("viewBox") or "").strip()) if x] or None
    width = view[2] if view and len(view) == 4 else _num(root.get("width"), 0.0)
    height = view[3] if view and len(view) == 4 else _num(root.get("height"), 0.0)
    doc = SvgDocument(path, width, height)
    for st in root.iter(f"{{{SVG}}}style"):
        doc.styles.update(_stylesheet(st.text or ""))
    for prov in root.iter(f"{{{JDIP}}}PROVINCE"):
        rec = {}
        for part, key in (("UNIT", "unit"), ("DISLODGED_UNIT", "dislodged"), ("SUPPLY_CENTER", "center")):
            el = prov.find(f"{{{JDIP}}}{part}")
            if el is not None:
                rec[key] = (_num(el.get("x")), _num(el.get("y")))
        doc.jdip[prov.get("name", "").lower()] = rec
    start = Matrix()
    if view and len(view) == 4 and (view[0] or view[1]):
        start = Matrix(f"translate({-view[0]},{-view[1]})")
    _Walker(doc, root, tolerance).walk(root, start, "", "", 0, {})
    if not doc.shapes:
        doc.warn("VK808", "the drawing has no shapes", "draw the provinces as closed shapes")
    return doc
