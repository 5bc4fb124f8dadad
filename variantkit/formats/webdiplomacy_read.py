"""A webDiplomacy / vDiplomacy variant folder read into a variant.

The graph comes from ``install.php`` and the countries from ``variant.php``,
both read statically (:mod:`webdiplomacy_php`: PHP is never run; what cannot
be read so is refused with its file and line).  The large map becomes the
variant's art: an SVG holding the picture, with each territory's outline
traced from it (the patch of its point's palette colour,
:mod:`variantkit.drawing.palette_regions`, traced by
:func:`variantkit.drawing.picture.trace`) as a path named by its id.
"""
from __future__ import annotations

import base64
import io
import os
import re
from dataclasses import replace
from typing import Dict, List, Optional, Tuple

from ..files import read_limited
from ..model import (Coast, Crossing, Edge, Power, Province, Rules, Terrain, Unit, UnitType, Variant,
                     split_location)
from ..problems import Problem, UnusableInput
from ..vocabulary import COAST_NAMES
from .php_static import PhpArray, StaticError, literal, tokens, Cursor
from .webdiplomacy_php import InstallData, read_install, read_variant_php

MAX_PHP = 4 << 20        # the largest install.php known (WWIV_V6) is 130 kB
MAX_PICTURE = 32 << 20
_COAST_CHILD = re.compile(r"^(.+) \((.+ Coast)\)$")
_TERRAIN = {"Sea": Terrain.WATER, "Land": Terrain.LAND, "Coast": Terrain.COAST}
_COAST_IDS = {name.lower(): cid for cid, name in COAST_NAMES.items()}


def _slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]", "", name.lower()) or "t"


def _unique(base: str, taken: set) -> str:
    out, n = base, 2
    while out in taken:
        out, n = f"{base}{n}", n + 1
    taken.add(out)
    return out


def _coast_id(label: str, taken: set) -> str:
    cid = _COAST_IDS.get(label.lower())
    if cid is None:
        words = re.findall(r"[A-Za-z0-9]+", label)
        cid = "".join(w[0].lower() for w in words) or "c"
    return _unique(cid, taken)


def _text(path: str) -> str:
    raw = read_limited(path, MAX_PHP, "VK765", what="PHP file")
    return raw.decode("utf-8", errors="replace").lstrip("\ufeff")


ART_NAME = "map.svg"  # what read_with_art's variant calls its art


def read(path: str) -> Tuple[Optional[Variant], List[Problem]]:
    """The variant without its art: graph, powers, units and colours (read_with_art traces the picture too)."""
    variant, problems, _ = read_with_art(path, trace=False)
    return variant, problems


def read_with_art(path: str, trace: bool = True) -> Tuple[Optional[Variant], List[Problem], Optional[bytes]]:
    """The variant and its art's bytes (an SVG: the map picture with each territory's outline traced),
    the variant's ``art`` naming it ART_NAME; nothing is written: the caller saves both."""
    try:
        return _read(path, trace)
    except UnusableInput as exc:
        return None, list(exc.problems), None


def _read(path: str, trace: bool) -> Tuple[Optional[Variant], List[Problem], Optional[bytes]]:
    folder = path if os.path.isdir(path) else os.path.dirname(path)
    install_path = os.path.join(folder, "install.php")
    variant_path = os.path.join(folder, "variant.php")
    problems: List[Problem] = []
    for p in (install_path, variant_path):
        if not os.path.isfile(p):
            problems.append(Problem.of("VK765", path=folder, reason=f"no {os.path.basename(p)}").at(p))
    if problems:
        return None, problems, None
    try:
        info = read_variant_php(_text(variant_path))
    except StaticError as e:
        raise UnusableInput([Problem.of("VK766", file="variant.php", reason=e.message,
                                        advice="write the class's properties as literals").at(variant_path, e.line)])
    countries_value = info.props.get("countries")
    if not isinstance(countries_value, PhpArray) or not all(isinstance(c, str) for c in countries_value.values()):
        raise UnusableInput([Problem.of("VK766", file="variant.php", reason="no literal $countries array in its class",
                                        advice="write public $countries = array('A', 'B', ...);")
                             .at(variant_path, info.lines.get("countries"))])
    countries = [str(c) for c in countries_value.values()]
    try:
        data = read_install(_text(install_path), countries)
    except StaticError as e:
        data = InstallData(problems=[(e.line, e.message)])
    if data.problems:
        raise UnusableInput([Problem.of("VK766", file="install.php", reason=message,
                                        advice="write the data as literals: new InstallTerritory(...), "
                                               "->addBorder(...), arrays of literals").at(install_path, line)
                             for line, message in data.problems])
    variant, problems = build(data, countries, info, folder, install_path)
    if variant is None:
        return None, problems, None
    units, unit_problems = _starting_units(folder, variant, countries)
    problems += unit_problems
    if units:
        variant = _with_units(variant, units)
    colours = _colours(folder)
    if colours:
        variant = _replace(variant, powers=tuple(_replace(pw, colour=colours.get(i + 1, pw.colour))
                                                 for i, pw in enumerate(variant.powers)))
    picture = _picture(folder)
    if picture is None:
        problems.append(Problem.of("VK768").at(folder))
        return variant, problems, None
    if not trace:
        return variant, problems, None
    art, art_problems = make_art(variant, data, picture)
    problems += art_problems
    if art is not None:
        variant = _replace(variant, art=ART_NAME)
    return variant, problems, art


def _replace(v, **kw):
    return replace(v, **kw)


def build(data: InstallData, countries: List[str], info, folder: str,
          install_path: str) -> Tuple[Optional[Variant], List[Problem]]:
    problems: List[Problem] = []
    taken: set = set()
    loc: Dict[str, str] = {}          # territory name -> location id
    provinces: Dict[str, dict] = {}   # province id -> fields
    order: List[str] = []
    # variants with one picture only (Colonial1885) give their points in the small map's columns
    small = bool(data.territories) and all(t.x == 0 and t.y == 0 for t in data.territories)
    for t in data.territories:
        if small:
            t = replace(t, x=t.sx, y=t.sy)
        m = _COAST_CHILD.match(t.name)
        if m and m.group(1) in loc and "/" not in loc[m.group(1)]:
            pid = loc[m.group(1)]
            rec = provinces[pid]
            given = data.codes.get(t.name, "")
            stated = split_location(given)[1] or ""
            cid = stated if re.fullmatch(rf"{re.escape(pid)}/[a-z0-9]+", given) \
                and stated not in rec["coast_ids"] else _coast_id(m.group(2), rec["coast_ids"])
            rec["coast_ids"].add(cid)
            rec["coasts"].append(Coast(cid, m.group(2), unit_pos=(t.x, t.y)))
            loc[t.name] = f"{pid}/{cid}"
            continue
        if m:
            problems.append(Problem.of("VK767", territory=t.name, parent=repr(m.group(1))).at(install_path, t.line))
            continue
        given = data.codes.get(t.name, "")
        pid = given if re.fullmatch(r"[a-z0-9][a-z0-9_-]*", given) and given not in taken else _slug(t.name)
        pid = _unique(pid, taken)
        loc[t.name] = pid
        provinces[pid] = {"name": t.name, "terrain": _TERRAIN[t.type], "center": t.supply == "Yes",
                          "pos": (t.x, t.y), "coasts": [], "coast_ids": set(), "country": t.country,
                          "line": t.line}
        order.append(pid)
        if t.country > len(countries) or t.country < 0:  # the site installs it; no country colours it
            problems.append(Problem.of("VK680", territory=t.name, country=t.country, count=len(countries))
                            .at(install_path, t.line))
    pairs: Dict[Tuple[str, str], List[bool]] = {}
    for to, frm, fleets, armies, line in data.borders:
        bad = [v for v in (fleets, armies) if v not in ("Yes", "No")]
        if bad:
            problems.append(Problem.of("VK677", territory=to, flag=repr(bad[0])).at(install_path, line))
            continue
        a, b = loc.get(frm), loc.get(to)
        if a is None or b is None:
            continue  # a coast refused above
        if split_location(a)[0] == split_location(b)[0]:
            continue  # a coast and its own province: no move
        if armies == "Yes":  # armies move between provinces, never onto a coast child
            pa, pb = sorted((split_location(a)[0], split_location(b)[0]))
            pairs.setdefault((pa, pb), [False, False])[0] = True
        if fleets == "Yes":
            fa, fb = sorted((a, b))
            pairs.setdefault((fa, fb), [False, False])[1] = True
    if any(p.severity == "error" for p in problems):
        return None, problems
    # a Land territory fleets may enter (by its borders) is a coast to us, as it is to the site's adjudicator
    afloat = {x for (a, b), (_, fleet) in pairs.items() if fleet for x in (a, b)}
    for pid in order:
        if provinces[pid]["terrain"] is Terrain.LAND and pid in afloat:
            provinces[pid]["terrain"] = Terrain.COAST
            problems.append(Problem.of("VK681", territory=provinces[pid]["name"])
                            .at(install_path, provinces[pid]["line"]))
    # a territory with no border at all (a marker, a box of counters), or in a group of territories
    # bordering only each other (ClassicEconomic's resources), is no space a unit on the map can reach
    lone = _apart(order, pairs, {pid for pid in order if provinces[pid]["country"] and provinces[pid]["center"]})
    pairs = {k: f for k, f in pairs.items() if not {split_location(x)[0] for x in k} & set(lone)}
    for pid in lone:
        provinces[pid]["terrain"] = Terrain.IMPASSABLE
        provinces[pid]["center"] = False
        provinces[pid]["coasts"] = []
    if lone:
        problems.append(Problem.of("VK682", count=len(lone), names=", ".join(provinces[p]["name"] for p in lone[:5])
                                   + (", ..." if len(lone) > 5 else "")).at(install_path))
    edges = tuple(Edge(a, b, Crossing.of(army, fleet)) for (a, b), (army, fleet) in sorted(pairs.items()))
    provs = []
    for pid in order:
        r = provinces[pid]
        terrain = r["terrain"]
        if r["coasts"] and terrain is Terrain.LAND:
            terrain = Terrain.COAST
        provs.append(Province(pid, r["name"], terrain, center=r["center"], coasts=tuple(r["coasts"]),
                              unit_pos=r["pos"]))
    powers = []
    ptaken: set = set()
    owned_not_home = 0
    for i, name in enumerate(countries):
        homes = tuple(pid for pid in order if provinces[pid]["country"] == i + 1 and provinces[pid]["center"])
        owned_not_home += sum(1 for pid in order if provinces[pid]["country"] == i + 1
                              and not provinces[pid]["center"])
        pw_id = _unique(re.sub(r"[^a-z]", "", name.lower()) or "power", ptaken)
        powers.append(Power(pw_id, name, homes=homes))
    if owned_not_home:
        problems.append(Problem.of("VK683", count=owned_not_home).at(install_path))
    props = info.props
    full = props.get("fullName")
    title: Optional[str] = full if isinstance(full, str) else None
    vid_src = str(props.get("name") if isinstance(props.get("name"), str)
                  else os.path.basename(os.path.abspath(folder)))
    vid = re.sub(r"[^a-z0-9]+", "-", str(vid_src).lower()).strip("-") or "webdiplomacy"
    victory = props.get("supplyCenterTarget")
    if info.target is not None:
        victory = info.target
    centres = sum(1 for p in provs if p.center)
    rules = Rules(victory=int(victory) if isinstance(victory, (int, float)) and victory > 0
                  else int(round(18.0 / 34.0 * centres)) or None)
    author = props.get("author")
    return Variant(vid, title or str(vid_src), tuple(provs), edges, tuple(powers), rules=rules,
                   description=str(props.get("description") or ""),
                   authors=(author,) if isinstance(author, str) and author else ()), problems


def _apart(order: List[str], pairs, homes: set) -> List[str]:
    """Provinces outside the part of the map that holds the home centres (else the largest part)."""
    adj: Dict[str, set] = {pid: set() for pid in order}
    for a, b in pairs:
        pa, pb = split_location(a)[0], split_location(b)[0]
        adj[pa].add(pb)
        adj[pb].add(pa)
    parts, seen = [], set()
    for pid in order:
        if pid in seen:
            continue
        part, todo = {pid}, [pid]
        while todo:
            for n in adj[todo.pop()] - part:
                part.add(n)
                todo.append(n)
        seen |= part
        parts.append(part)
    main = max(parts, key=lambda p: (len(p & homes), len(p)))
    return [pid for pid in order if pid not in main]


def _starting_units(folder: str, v: Variant, countries: List[str]):
    path = os.path.join(folder, "classes", "adjudicatorPreGame.php")
    if not os.path.isfile(path):
        return {}, [Problem.of("VK684").at(folder)]
    text = _text(path)
    try:
        cur = Cursor(tokens(text))
        value = None
        line = None
        while not cur.at("end"):
            if cur.at("var", "countryUnits") and cur.peek().value == "=":
                line = cur.tok.line
                cur.i += 2
                value = literal(cur)
                break
            cur.i += 1
    except StaticError as e:
        return {}, [Problem.of("VK766", file="adjudicatorPreGame.php", reason=e.message,
                               advice="write $countryUnits as a literal array").at(path, e.line)]
    if not isinstance(value, PhpArray):
        return {}, [Problem.of("VK685").at(path, line)]
    by_name = {p.name: p.id for p in v.provinces}
    by_name.update({f"{p.name} ({c.name})": f"{p.id}/{c.id}" for p in v.provinces for c in p.coasts})
    units: Dict[str, List[Unit]] = {}
    problems = []
    for country, listing in value:
        if country not in countries:
            problems.append(Problem.of("VK678", country=country).at(path, line))
            continue
        for terr, kind in (listing if isinstance(listing, PhpArray) else []):
            where = by_name.get(terr)
            if where is None or kind not in ("Army", "Fleet"):
                problems.append(Problem.of("VK679", territory=terr, kind=kind).at(path, line))
                continue
            units.setdefault(country, []).append(Unit(UnitType.ARMY if kind == "Army" else UnitType.FLEET, where))
    return units, problems


def _colours(folder: str) -> Dict[int, str]:
    """The countries' colours from classes/drawMap.php's literal $countryColors, where it has them."""
    path = os.path.join(folder, "classes", "drawMap.php")
    if not os.path.isfile(path):
        return {}
    try:
        cur = Cursor(tokens(_text(path)))
        while not cur.at("end"):
            if cur.at("var", "countryColors") and cur.peek().value == "=":
                cur.i += 2
                value = literal(cur)
                out = {}
                for k, rgb in (value if isinstance(value, PhpArray) else []):
                    vals = rgb.values() if isinstance(rgb, PhpArray) else []
                    if isinstance(k, int) and len(vals) == 3 and all(isinstance(c, int) and 0 <= c < 256
                                                                     for c in vals):
                        out[k] = "#%02x%02x%02x" % tuple(vals)
                return out
            cur.i += 1
    except StaticError:
        return {}
    return {}


def _with_units(v: Variant, units: Dict[str, List[Unit]]) -> Variant:
    powers = tuple(_replace(pw, units=tuple(units.get(pw.name, ()))) for pw in v.powers)
    return _replace(v, powers=powers)


def _picture(folder: str) -> Optional[bytes]:
    for rel in (os.path.join("resources", "map.png"), "map.png"):
        p = os.path.join(folder, rel)
        if os.path.isfile(p):
            return read_limited(p, MAX_PICTURE, "VK765", what="map picture")
    return None


def outlines(v: Variant, picture: bytes):
    """Each province's outline on the large map, traced from the picture: (size, {pid: polygon},
    the provinces of each patch several points share)."""
    import numpy as np
    import shapely
    from PIL import Image

    from ..drawing.palette_regions import colour_ids, dark_pixels, regions
    from ..drawing.picture import trace
    img = Image.open(io.BytesIO(picture))
    img.load()
    rgb = np.asarray(img.convert("RGB"))
    ids = colour_ids(np.asarray(img) if img.mode == "P" else rgb)
    provs = [p for p in v.provinces if p.unit_pos is not None]
    shared: List[List[int]] = []
    labels = regions(ids, dark_pixels(rgb), [p.unit_pos for p in provs], shared)  # type: ignore[misc]
    exact = trace(labels, tolerance=0)
    keys = sorted(exact)
    # simplified as one coverage: neighbours keep one shared border, so no two outlines overlap
    simple = shapely.coverage_simplify([exact[k] for k in keys], 1.0)
    shapes = {k: g for k, g in zip(keys, simple) if not g.is_empty}
    return img.size, {p.id: shapes[i + 1] for i, p in enumerate(provs) if i + 1 in shapes}, \
        [[provs[i].id for i in group] for group in shared]


def make_art(v: Variant, data: InstallData, picture: bytes) -> Tuple[Optional[bytes], List[Problem]]:
    """The art SVG's bytes: the picture, and a path per traced territory (the import saves them
    beside the variant)."""
    from xml.sax.saxutils import quoteattr
    try:
        (w, h), shapes, shared = outlines(v, picture)
    except Exception as exc:  # Pillow's own errors for a broken picture
        return None, [Problem.of("VK686", error=type(exc).__name__).at("map.png")]
    problems = []
    # land drawn as one patch (Alacavre's black lagoon holds two points): borders the picture does not draw
    # (seas in one colour are shared out too, as the site's fill would: not worth a warning)
    water = {p.id for p in v.provinces if p.terrain is Terrain.WATER}
    for group in shared:
        if not set(group) <= water:
            problems.append(Problem.of("VK844", count=len(group), ids=", ".join(group[:6]) +
                                       ("..." if len(group) > 6 else "")).at("map.png"))
    paths = []
    for p in v.provinces:
        shape = shapes.get(p.id)
        if shape is None:
            problems.append(Problem.of("VK769", territory=p.id, reason="no patch of its own around its point")
                            .at("map.png"))
            continue
        paths.append(f'<path id={quoteattr(p.id)} d="{_path_d(shape)}"/>')
    png = base64.b64encode(picture).decode("ascii")
    svg = (f'<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
           f'width="{w}" height="{h}" viewBox="0 0 {w} {h}">\n'
           f'<image x="0" y="0" width="{w}" height="{h}" xlink:href="data:image/png;base64,{png}"/>\n'
           f'<g id="provinces" fill="none" stroke="none">\n' + "\n".join(paths) + "\n</g>\n</svg>\n")
    return svg.encode("utf-8"), problems


def _path_d(shape) -> str:
    parts = []
    for poly in getattr(shape, "geoms", [shape]):
        for ring in [poly.exterior, *poly.interiors]:
            pts = list(ring.coords)[:-1]
            parts.append("M" + " L".join(f"{x:g},{y:g}" for x, y in pts) + " Z")
    return " ".join(parts)


def read_back(v: Variant, files: Dict[str, bytes], names: Dict[str, str], countries: List[str]) -> List[str]:
    """The exporter's check: its own install.php and variant.php read as the
    site's would be, against what it meant to write."""
    try:
        info = read_variant_php(files["variant.php"].decode("utf-8"))
        got = [str(c) for c in info.props["countries"].values()]
        data = read_install(files["install.php"].decode("utf-8"), got)
    except (StaticError, KeyError, AttributeError) as e:
        return [f"the written PHP does not read back: {getattr(e, 'message', e)}"]
    out = []
    if got != countries:
        out.append(f"countries read back as {got}")
    if info.props.get("fullName") != v.name:
        out.append("the variant's name does not read back intact")
    want = sorted(names.values())
    have = sorted(t.name for t in data.territories)
    if want != have:
        out.append(f"territories read back differ: {sorted(set(want) ^ set(have))[:5]}")
    return out
