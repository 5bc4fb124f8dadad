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
import numbers
import re
import zlib
from dataclasses import dataclass, field
from typing import Dict, List, Optional, Set, Tuple

from lxml import etree
from svgelements import Matrix, Path as SvgPath

from ...problems import Problem, UnusableInput

SVG = "http://www.w3.org/2000/svg"
XLINK = "http://www.w3.org/1999/xlink"
INKSCAPE = "http://www.inkscape.org/namespaces/inkscape"
JDIP = "http://jdip.sourceforge.org/jdipNS"
MAX_BYTES = 30 * 1024 * 1024
MAX_DEPTH = 64
MAX_SHAPES = 200_000
MAX_USES = 10_000        # <use> expansions: bounds the work a few bytes of nesting can ask for
MAX_ELEMENTS = 1_000_000  # elements walked, counting each expansion's copies
MAX_POINTS = 1_000_000    # outline points once curves are sampled: the corpus maps have 70,000 at most
# a point once transformed lies within this of the origin, as the variant's own points must (VK013); the
# numbers before a transform need only be finite (a GIS export scales metres down)
MAX_COORD = 1_000_000.0
# CSS lengths in user units (px); a viewBox takes plain numbers only
UNITS = {"": 1.0, "px": 1.0, "pt": 4 / 3, "pc": 16.0, "mm": 96 / 25.4, "cm": 96 / 2.54, "in": 96.0}

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
    hidden: bool = False   # display:none here or above: data, not art (Diplicity's provinces layer)
    line: Optional[int] = None
    fill_opacity: float = 1.0   # fill-opacity times opacity: 0 paints nothing
    stroke: str = ""       # the stroke's paint (godip paints a strait's causeway in the land's colour)


@dataclass
class Text:
    """A label: its text and where it is drawn (the transform applied)."""
    text: str
    x: float
    y: float
    layer: str = ""
    id: str = ""
    hidden: bool = False
    size: float = 0.0      # font size in drawing units (0: not given)


@dataclass
class SvgDocument:
    path: str
    width: float
    height: float
    shapes: List[Shape] = field(default_factory=list)
    styles: Dict[str, Dict[str, str]] = field(default_factory=dict)   # class -> css properties
    style_lines: Dict[str, int] = field(default_factory=dict)   # class -> the line of its last rule
    jdip: Dict[str, Dict[str, Tuple[float, float]]] = field(default_factory=dict)
    texts: List[Text] = field(default_factory=list)
    layers: List[str] = field(default_factory=list)     # top-level layer names, in drawing order
    group_labels: Dict[str, str] = field(default_factory=dict)  # group id -> its Inkscape label
    problems: List[Problem] = field(default_factory=list)
    # each layer's names as the file writes them (its id and its Inkscape label): a
    # convention finds its layers by either, in any case (id="provinces" label="Provinces")
    layer_names: Dict[str, Set[str]] = field(default_factory=dict)

    def layer(self, *names: str) -> Optional[str]:
        """The first layer (in drawing order) whose id or label is one of ``names``, any case."""
        wanted = {n.strip().lower() for n in names}
        for layer in self.layers:
            if self.layer_names.get(layer, {layer.strip().lower()}) & wanted:
                return layer
        return None

    def layers_named(self, *names: str) -> List[str]:
        wanted = {n.strip().lower() for n in names}
        return [la for la in self.layers if self.layer_names.get(la, {la.strip().lower()}) & wanted]

    def warn(self, line: Optional[int], code: str, /, **params: object) -> None:
        """What the reader skipped, in the registry's words (Problem.of), at ``line``."""
        self.problems.append(Problem.of(code, **params).at(self.path, line))


class OutOfRange(Exception):
    """A number of the drawing that is not finite, or a point past MAX_COORD."""

    def __init__(self, what: str, value: object):
        super().__init__(f"{what} is {value}")
        self.what, self.value = what, value


def _finite(values, what: str) -> None:
    for v in values:
        if not math.isfinite(v):
            raise OutOfRange(what, _shown(v))


def _shown(value: object) -> str:
    if isinstance(value, numbers.Real):   # numpy's floats print as np.float64(...)
        value = float(value)
    text = repr(value) if not isinstance(value, str) else value
    return text if len(text) <= 60 else text[:57] + "..."


def _in_range(ring: Ring) -> Optional[Tuple[float, float]]:
    """The first point of ``ring`` that is not finite or lies past MAX_COORD, if any."""
    lim = MAX_COORD
    for x, y in ring:
        if not (-lim <= x <= lim and -lim <= y <= lim):   # NaN fails every comparison
            return (x, y)
    return None


def _local(tag) -> str:
    return tag.split("}", 1)[1] if isinstance(tag, str) and "}" in tag else (tag if isinstance(tag, str) else "")


def _num(text: Optional[str], default: float = 0.0) -> float:
    if text is None:
        return default
    m = re.match(r"\s*([-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)", text)
    return float(m.group(1)) if m else default


def _joined_text(el) -> str:
    """A label's words as drawn: pieces on one line (tspans that only restyle
    or kern glyphs) join as written, with no space put between them ("Adr" +
    "iatic Sea"); a piece that starts a new line (its own y or dy) is a new
    word ("North" / "Sea")."""
    parts: List[str] = []
    line_y: Optional[str] = el.get("y")

    def visit(node, first: bool) -> None:
        nonlocal line_y
        if not first:
            y, dy = node.get("y"), node.get("dy")
            if (y is not None and y != line_y) or (dy is not None and _num(dy) != 0):
                parts.append(" ")
                line_y = y if y is not None else line_y
        if node.text:
            parts.append(node.text)
        for child in node:
            if isinstance(child.tag, str) and _local(child.tag) in ("tspan", "textPath", "a"):
                visit(child, False)
            if child.tail:
                parts.append(child.tail)

    visit(el, True)
    return re.sub(r"\s+", " ", "".join(parts)).strip()


def _points(text: str) -> Ring:
    nums = [float(n) for n in re.findall(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?", text or "")]
    _finite(nums, "a number of the points")
    return [(nums[i], nums[i + 1]) for i in range(0, len(nums) - 1, 2)]


def _css(text: str) -> Dict[str, str]:
    out = {}
    for part in (text or "").split(";"):
        if ":" in part:
            k, v = part.split(":", 1)
            out[k.strip().lower()] = v.strip()
    return out


def _stylesheet(text: str, first_line: Optional[int] = None,
                lines: Optional[Dict[str, int]] = None) -> Dict[str, Dict[str, str]]:
    """The class rules of a style sheet; with ``first_line`` (the line the
    sheet starts on), the line of each class's rule goes into ``lines``."""
    out: Dict[str, Dict[str, str]] = {}
    # comments out, their line breaks kept so the lines still count
    text = re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group().count("\n"), text or "", flags=re.S)
    for m in re.finditer(r"([^{}]+)\{([^}]*)\}", text):
        selectors, body = m.group(1), m.group(2)
        for sel in selectors.split(","):
            sel = sel.strip()
            if sel.startswith("."):
                out.setdefault(sel[1:], {}).update(_css(body))
                if first_line is not None and lines is not None:
                    lines[sel[1:]] = first_line + text.count("\n", 0, m.start(2))
    return out


def _steps(seg, tolerance: float) -> int:
    """Points for a curve so the polyline strays at most ``tolerance`` from it:
    the control points' distance from the chord bounds the curve's bulge."""
    start, end = seg.start, seg.end
    controls = [getattr(seg, a) for a in ("control", "control1", "control2") if getattr(seg, a, None) is not None]
    if not controls:  # arcs: sample by their size
        length = seg.length(error=1e-2)
        _finite([length], "the length of an arc")
        return max(4, min(128, int(math.ceil(math.sqrt(length / max(tolerance, 1e-6))))))
    dx, dy = end.x - start.x, end.y - start.y
    chord = math.hypot(dx, dy)
    if chord < 1e-9:
        bulge = max(math.hypot(c.x - start.x, c.y - start.y) for c in controls)
    else:
        bulge = max(abs((c.x - start.x) * dy - (c.y - start.y) * dx) / chord for c in controls)
    _finite([bulge], "the bulge of a curve")
    if bulge <= tolerance:
        return 1
    return max(2, min(128, int(math.ceil(math.sqrt(bulge / tolerance) * 1.5))))


_COMMAND = re.compile(r"([MmLlHhVvZzCcSsQqTt])")
_NUMBER_RE = re.compile(r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_SLOW = re.compile(r"[^MmLlHhVvZzCcSsQqTt0-9eE.,+\-\s]")   # arcs, or something odd: svgelements reads it
_ARITY = {"M": 2, "L": 2, "H": 1, "V": 1, "C": 6, "S": 4, "Q": 4, "T": 2}


def _bezier(p0, controls, p3, tolerance: float) -> Ring:
    """Points along a quadratic or cubic curve (after p0), sampled so the
    polyline strays at most ``tolerance``: the controls' distance from the
    chord bounds the curve's bulge."""
    (x0, y0), (x3, y3) = p0, p3
    dx, dy = x3 - x0, y3 - y0
    chord = math.hypot(dx, dy)
    if chord < 1e-9:
        bulge = max(math.hypot(cx - x0, cy - y0) for cx, cy in controls)
    else:
        bulge = max(abs((cx - x0) * dy - (cy - y0) * dx) / chord for cx, cy in controls)
    _finite([bulge], "the bulge of a curve")
    if bulge <= tolerance:
        return [p3]
    n = max(2, min(128, int(math.ceil(math.sqrt(bulge / tolerance) * 1.5))))
    out = []
    for k in range(1, n + 1):
        t = k / n
        u = 1 - t
        if len(controls) == 1:
            (cx, cy), = controls
            out.append((u * u * x0 + 2 * u * t * cx + t * t * x3, u * u * y0 + 2 * u * t * cy + t * t * y3))
        else:
            (ax, ay), (bx, by) = controls
            out.append((u ** 3 * x0 + 3 * u * u * t * ax + 3 * u * t * t * bx + t ** 3 * x3,
                        u ** 3 * y0 + 3 * u * u * t * ay + 3 * u * t * t * by + t ** 3 * y3))
    return out


class TooManyPoints(Exception):
    """The path asks for more points than the reader has left to give."""


def _quick_path(d: str, tolerance: float, budget: int = MAX_POINTS) -> Tuple[List[Ring], bool]:
    """Path data without arcs, read directly (map outlines run to tens of
    thousands of points, and svgelements' objects are slow at that)."""
    rings: List[Ring] = []
    closed = False
    current: Ring = []
    x = y = 0.0
    start = (0.0, 0.0)
    # the previous curve's last control point, for S and T (read only after a curve set it)
    last_ctrl: Tuple[float, float] = (0.0, 0.0)
    last_kind = ""
    cmd = ""
    nums: List[float] = []
    done = 0               # points in finished subpaths

    def push() -> None:
        nonlocal done
        if len(current) > 1:
            rings.append(current)
            done += len(current)

    def run() -> None:
        nonlocal x, y, start, current, last_ctrl, last_kind, cmd
        if not cmd:
            if nums:
                raise ValueError("path data starts with a number")
            return
        up, rel = cmd.upper(), cmd.islower()
        need = _ARITY.get(up, 0)
        if need == 0:
            return
        if not nums or len(nums) % need:
            raise ValueError(f"{cmd} takes numbers in {need}s, not {len(nums)}")
        for k in range(0, len(nums), need):
            v = nums[k:k + need]
            ox, oy = (x, y) if rel else (0.0, 0.0)
            if up == "M":
                push()
                x, y = ox + v[0], oy + v[1]
                current, start = [(x, y)], (x, y)
                up = "L"            # further pairs are lines
                last_kind = ""
                continue
            if up == "L":
                x, y = ox + v[0], oy + v[1]
                current.append((x, y))
            elif up == "H":
                x = (x if rel else 0.0) + v[0]
                current.append((x, y))
            elif up == "V":
                y = (y if rel else 0.0) + v[0]
                current.append((x, y))
            else:
                if up in "CS":
                    if up == "C":
                        c1 = (ox + v[0], oy + v[1])
                        rest = v[2:]
                    else:
                        c1 = (2 * x - last_ctrl[0], 2 * y - last_ctrl[1]) if last_kind == "C" else (x, y)
                        rest = v
                    c2, end = (ox + rest[0], oy + rest[1]), (ox + rest[2], oy + rest[3])
                    controls, last_ctrl, kind = [c1, c2], c2, "C"
                else:
                    if up == "Q":
                        c1, end = (ox + v[0], oy + v[1]), (ox + v[2], oy + v[3])
                    else:
                        c1 = (2 * x - last_ctrl[0], 2 * y - last_ctrl[1]) if last_kind == "Q" else (x, y)
                        end = (ox + v[0], oy + v[1])
                    controls, last_ctrl, kind = [c1], c1, "Q"
                current.extend(_bezier((x, y), controls, end, tolerance))
                if done + len(current) > budget:   # one command may repeat its curves endlessly
                    raise TooManyPoints()
                x, y = end
                last_kind = kind
                continue
            last_kind = ""
        nums.clear()

    pieces = _COMMAND.split(d)
    if _NUMBER_RE.search(pieces[0]):
        raise ValueError("path data starts with a number")
    for k in range(1, len(pieces), 2):
        if done + len(current) > budget:
            raise TooManyPoints()
        cmd = pieces[k]
        nums[:] = map(float, _NUMBER_RE.findall(pieces[k + 1]))
        _finite(nums, "a number of the path data")
        if cmd in "Zz":
            closed = True
            push()
            x, y = start
            current, last_kind = [start], ""
            if nums:
                raise ValueError("numbers after Z")
            continue
        run()
    if len(current) > 1:
        rings.append(current)
    return rings, closed


def _flatten_path(d: str, tolerance: float, budget: int = MAX_POINTS) -> Tuple[List[Ring], bool]:
    """Path data -> polylines, one per subpath; curves sampled to the tolerance."""
    if not _SLOW.search(d):
        return _quick_path(d, tolerance, budget)
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
        budget -= steps
        if budget < 0:
            raise TooManyPoints()
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
        self.uses = 0
        self.elements = 0
        self.points = 0

    def _refuse(self, el, code: str, /, **params: object) -> None:
        raise UnusableInput([Problem.of(code, **params).at(self.doc.path, el.sourceline)])

    def _out_of_range(self, el, what: str, value: object) -> None:
        """VK818 at ``el``: a number that overflowed, or a point too far out for a variant to hold."""
        name = f"<{_local(el.tag)}{' id=' + repr(el.get('id')) if el.get('id') else ''}>"
        self._refuse(el, "VK818", what=f"{what} of {name}", value=_shown(value), limit=f"{MAX_COORD:,.0f}")

    def _check_matrix(self, el, m: Matrix, what: str) -> None:
        if not all(math.isfinite(float(v)) for v in (m.a, m.b, m.c, m.d, m.e, m.f)):
            self._out_of_range(el, what, "a matrix with numbers that are not finite")

    def walk(self, el, matrix: Matrix, layer: str, group: str, depth: int, inherited: Dict[str, str],
             hidden: bool = False):
        if depth > MAX_DEPTH:
            self._refuse(el, "VK801", limit=MAX_DEPTH)
        self.elements += 1
        if self.elements > MAX_ELEMENTS:
            self._refuse(el, "VK810", limit=MAX_ELEMENTS)
        tag = _local(el.tag)
        if tag in ("defs", "symbol", "style", "title", "desc", "metadata", "clipPath", "mask", "pattern",
                   "marker", "linearGradient", "radialGradient", "script", "namedview"):
            return
        m = Matrix(matrix)
        if el.get("transform"):
            try:
                m = Matrix(el.get("transform")) * m
            except Exception:
                self.doc.warn(el.sourceline, "VK802", transform=repr(el.get("transform")))
            self._check_matrix(el, m, f"the transform {_shown(el.get('transform'))} (with its groups')")
        style = dict(inherited)
        if el.get("class"):
            for c in el.get("class").split():
                style.update(self.doc.styles.get(c, {}))
        if el.get("fill"):
            style["fill"] = el.get("fill")
        if el.get("stroke"):
            style["stroke"] = el.get("stroke")
        own = _css(el.get("style"))
        style.update(own)
        # display is not inherited, but nothing under a hidden group is drawn
        hidden = hidden or own.get("display", el.get("display") or "").strip() == "none"
        if tag == "text":
            self._text(el, m, layer, hidden, style)
            return
        if tag in ("g", "svg", "a", "switch"):
            gid = el.get("id") or ""
            label = el.get(f"{{{INKSCAPE}}}label") or ""
            if depth == 1 or el.get(f"{{{INKSCAPE}}}groupmode") == "layer":
                layer = label or gid or layer
                if depth == 1 and layer not in self.doc.layers:
                    self.doc.layers.append(layer)
                if depth == 1:
                    self.doc.layer_names.setdefault(layer, set()).update(
                        n.strip().lower() for n in (label, gid) if n.strip())
            child_group = gid if gid and depth > 1 else group
            if gid and label:
                self.doc.group_labels[gid] = label
            for child in el:
                if isinstance(child.tag, str):
                    self.walk(child, m, layer, child_group, depth + 1, style, hidden)
            return
        if tag == "use":
            ref = (el.get(f"{{{XLINK}}}href") or el.get("href") or "").lstrip("#")
            target = self.by_id.get(ref)
            if target is None:
                self.doc.warn(el.sourceline, "VK803", id=ref)
                return
            self.uses += 1
            if self.uses > MAX_USES:
                self._refuse(el, "VK809", limit=MAX_USES)
            shift = Matrix(1, 0, 0, 1, _num(el.get('x')), _num(el.get('y')))
            self._check_matrix(el, shift * m, "the position (x, y)")
            before = len(self.doc.shapes)
            self.walk(target, shift * m, layer, group, depth + 1, style, hidden)
            for s in self.doc.shapes[before:]:   # the use's own id names what it draws
                s.id = el.get("id") or s.id
                s.classes = tuple((el.get("class") or "").split()) or s.classes
                s.used = ref
            return
        try:
            rings, closed = self._geometry(el, tag)
        except OutOfRange as exc:
            self._out_of_range(el, exc.what, exc.value)
        if rings is None:
            return
        self.points += sum(len(r) for r in rings)
        if self.points > MAX_POINTS:
            self._refuse(el, "VK811", what="the drawing's outlines", limit=MAX_POINTS)
        if len(self.doc.shapes) >= MAX_SHAPES:
            self._refuse(el, "VK804", limit=MAX_SHAPES)
        a, b, c, d, e, f = float(m.a), float(m.b), float(m.c), float(m.d), float(m.e), float(m.f)
        if (a, b, c, d, e, f) == (1.0, 0.0, 0.0, 1.0, 0.0, 0.0):
            pts = rings
        else:   # the affine map by hand: svgelements' Point per vertex is slow on big outlines
            pts = [[(a * x + c * y + e, b * x + d * y + f) for x, y in ring] for ring in rings]
        for ring in pts:
            bad = _in_range(ring)
            if bad is not None:
                self._out_of_range(el, "a point (transformed)", bad)
        self.doc.shapes.append(Shape(
            el.get("id") or "", tag, pts, closed, layer, el.get(f"{{{INKSCAPE}}}label") or "",
            tuple((el.get("class") or "").split()), style.get("fill", ""), group, hidden=hidden,
            line=el.sourceline, fill_opacity=_num(style.get("fill-opacity"), 1.0) * _num(own.get("opacity"), 1.0),
            stroke=style.get("stroke", "")))

    def _text(self, el, m: Matrix, layer: str, hidden: bool, style: Dict[str, str]) -> None:
        """A label's text and anchor: its first tspan's x/y, else its own."""
        words = _joined_text(el)
        if not words:
            return
        x, y = el.get("x"), el.get("y")
        for child in el:   # a tspan's own position is where the words are drawn
            if isinstance(child.tag, str) and child.get("x") is not None:
                x, y = child.get("x"), child.get("y", y)
                break
        px, py = m.point_in_matrix_space((_num(x), _num(y)))
        if _in_range([(float(px), float(py))]) is not None:
            self._out_of_range(el, "the position of the text (transformed)", (float(px), float(py)))
        size = _num(style.get("font-size") or el.get("font-size"), 0.0)
        for child in el:   # a tspan often carries the size
            if isinstance(child.tag, str) and not size:
                size = _num(_css(child.get("style")).get("font-size") or child.get("font-size"), 0.0)
        scale = abs(float(m.a) * float(m.d) - float(m.b) * float(m.c)) ** 0.5
        if not abs(size * scale) <= MAX_COORD:   # NaN too
            self._out_of_range(el, "the font size (transformed)", size * scale)
        self.doc.texts.append(Text(words, px, py, layer, el.get("id") or "", hidden, max(0.0, size * scale)))

    def _geometry(self, el, tag):
        try:
            if tag in ("polygon", "polyline"):
                ring = _points(el.get("points", ""))
                if len(ring) < 2:
                    self.doc.warn(el.sourceline, "VK805", tag=tag, id=el.get("id") or "")
                    return None, False
                return [ring], tag == "polygon"
            if tag == "rect":
                x, y = _num(el.get("x")), _num(el.get("y"))
                w, h = _num(el.get("width")), _num(el.get("height"))
                _finite([x, y, w, h], "a number of the rectangle")
                if w <= 0 or h <= 0:
                    return None, False
                return [[(x, y), (x + w, y), (x + w, y + h), (x, y + h)]], True
            if tag in ("circle", "ellipse"):
                cx, cy = _num(el.get("cx")), _num(el.get("cy"))
                rx = _num(el.get("r")) if tag == "circle" else _num(el.get("rx"))
                ry = _num(el.get("r")) if tag == "circle" else _num(el.get("ry"))
                _finite([cx, cy, rx, ry], "a number of the " + tag)
                if rx <= 0 or ry <= 0:
                    return None, False
                if max(abs(cx), abs(cy), rx, ry) > MAX_COORD * 1e6:   # rx * 2 * pi would overflow
                    raise OutOfRange("the size of the " + tag, max(rx, ry))
                n = max(12, min(96, int(2 * math.pi * max(rx, ry) / max(self.tolerance * 4, 1e-3))))
                return [[(cx + rx * math.cos(2 * math.pi * i / n), cy + ry * math.sin(2 * math.pi * i / n))
                         for i in range(n)]], True
            if tag == "path":
                d = el.get("d") or ""
                if not d.strip():
                    return None, False
                try:
                    rings, closed = _flatten_path(d, self.tolerance, MAX_POINTS - self.points)
                except TooManyPoints:
                    self._refuse(el, "VK811", what=f"the path {el.get('id') or ''} and the outlines before it",
                                 limit=MAX_POINTS)
                if not rings:
                    self.doc.warn(el.sourceline, "VK814", id=el.get("id") or "")
                    return None, False
                return rings, closed
        except (ValueError, IndexError, TypeError, AttributeError) as exc:  # svgelements on "d=\"H1\""
            self.doc.warn(el.sourceline, "VK806", tag=tag, id=el.get("id") or "", reason=exc)
        return None, False


def read_drawing_bytes(path: str) -> bytes:
    """The drawing's bytes: a regular file of at most MAX_BYTES, and for a
    gzipped drawing (.svgz) at most MAX_BYTES once decompressed (the limit
    counts what is read, not what the file claims)."""
    from ...files import read_limited
    raw = read_limited(path, MAX_BYTES, "VK800", what="drawing")
    if not raw:
        raise UnusableInput([Problem.of("VK800", path=path, reason="the file is empty").at(path)])
    if raw[:2] != b"\x1f\x8b":
        return raw
    inflate = zlib.decompressobj(16 + zlib.MAX_WBITS)
    try:
        out = inflate.decompress(raw, MAX_BYTES + 1)
    except zlib.error as exc:
        raise UnusableInput([Problem.of("VK800", path=path, reason=f"the gzipped drawing is damaged: {exc}").at(path)])
    if len(out) > MAX_BYTES or inflate.unconsumed_tail:
        raise UnusableInput([Problem.of("VK800", path=path, reason=f"over {MAX_BYTES} bytes once decompressed")
                             .at(path)])
    return out


_NUMBER = r"[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?"


def _view_box(root, path: str) -> Optional[List[float]]:
    """The viewBox's four numbers.  SVG allows no units there; ``px`` (the
    user unit itself) is read, any other unit refused: it has no user-unit size."""
    text = (root.get("viewBox") or "").strip()
    if not text:
        return None
    parts = [p for p in re.split(r"[\s,]+", text) if p]
    out = []
    for part in parts:
        m = re.fullmatch(f"({_NUMBER})(px)?", part)
        if not m:
            raise UnusableInput([Problem.of("VK812", text=repr(text)).at(path, root.sourceline)])
        out.append(float(m.group(1)))
    if any(not abs(v) <= MAX_COORD for v in out):
        raise UnusableInput([Problem.of("VK818", what="a number of the viewBox", value=_shown(text),
                                        limit=f"{MAX_COORD:,.0f}").at(path, root.sourceline)])
    if len(out) != 4 or out[2] <= 0 or out[3] <= 0:
        raise UnusableInput([Problem.of("VK812", text=repr(text)).at(path, root.sourceline)])
    return out


def _length(root, name: str, path: str) -> float:
    """The root's width or height in user units; 0 where a percentage leaves
    it to the page.  An unknown unit is refused."""
    text = (root.get(name) or "").strip()
    if not text or text.endswith("%"):
        return 0.0
    m = re.fullmatch(f"({_NUMBER})\\s*([a-z]*)", text.lower())
    if not m or m.group(2) not in UNITS or float(m.group(1)) < 0:
        raise UnusableInput([Problem.of("VK813", name=name, text=repr(text)).at(path, root.sourceline)])
    size = float(m.group(1)) * UNITS[m.group(2)]
    if not size <= MAX_COORD:
        raise UnusableInput([Problem.of("VK818", what=f"the drawing's {name}", value=_shown(text),
                                        limit=f"{MAX_COORD:,.0f}").at(path, root.sourceline)])
    return size


def read_svg(path: str, tolerance: float = 0.5) -> SvgDocument:
    """Read the shapes of a map's SVG.  Raises :class:`UnusableInput` when the
    file cannot be read as SVG; what it skips is in ``problems``."""
    raw = read_drawing_bytes(path)
    parser = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False, dtd_validation=False,
                             huge_tree=False, remove_comments=True, remove_pis=True)
    try:
        tree = etree.ElementTree(etree.fromstring(raw, parser, base_url=path))
    except etree.XMLSyntaxError as exc:
        line = exc.position[0] if getattr(exc, "position", None) else None
        raise UnusableInput([Problem.of("VK800", path=path, reason=f"not well-formed XML: {exc.msg}").at(path, line)])
    root = tree.getroot()
    if _local(root.tag) != "svg":
        raise UnusableInput([Problem.of("VK800", path=path, reason=f"the root element is <{_local(root.tag)}>, "
                                        "not <svg>").at(path, root.sourceline)])
    for el in root.iter():
        if isinstance(el, etree._Entity):
            raise UnusableInput([Problem.of("VK807", name=el.name).at(path, el.sourceline)])
    view = _view_box(root, path)
    width = view[2] if view else _length(root, "width", path)
    height = view[3] if view else _length(root, "height", path)
    doc = SvgDocument(path, width, height)
    for st in root.iter(f"{{{SVG}}}style"):
        doc.styles.update(_stylesheet(st.text or "", st.sourceline, doc.style_lines))
    for prov in root.iter(f"{{{JDIP}}}PROVINCE"):
        rec = {}
        for part, key in (("UNIT", "unit"), ("DISLODGED_UNIT", "dislodged"), ("SUPPLY_CENTER", "center")):
            el = prov.find(f"{{{JDIP}}}{part}")
            if el is not None:
                rec[key] = (_num(el.get("x")), _num(el.get("y")))
                if _in_range([rec[key]]) is not None:
                    raise UnusableInput([Problem.of("VK818", what=f"the jDip {part} of {prov.get('name', '')!r}",
                                                    value=_shown(rec[key]), limit=f"{MAX_COORD:,.0f}")
                                         .at(path, el.sourceline)])
        doc.jdip[prov.get("name", "").lower()] = rec
    start = Matrix()
    if view and len(view) == 4 and (view[0] or view[1]):
        start = Matrix(1, 0, 0, 1, -view[0], -view[1])
    _Walker(doc, root, tolerance).walk(root, start, "", "", 0, {}, False)
    if not doc.shapes:
        doc.warn(None, "VK808")
    return doc
