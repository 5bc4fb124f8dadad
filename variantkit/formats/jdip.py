"""jDip: ``variants.xml`` plus the adjacency file it names; reader and writer.

jDip states adjacency per province and unit kind: ``mv`` for armies, ``xc``
for fleets of a single-coast province, ``nc``/``sc``/``ec``/``wc`` for a
coast; refs name provinces, with ``-xx`` for a coast.  Terrain is not stated:
a province armies and fleets both reach is a coast, one only fleets reach is
water, one only armies reach is land, one nothing reaches is impassable.
XML is read with lxml, entities unresolved and the network off.
"""
from __future__ import annotations

import os
import re
from collections import defaultdict
from dataclasses import replace
from typing import Dict, List, Optional, Set, Tuple

from lxml import etree

from ..files import atomic_write
from ..model import (Coast, Crossing, Edge, Power, Province, Rules, Terrain, Unit, UnitType,
                     Variant, split_location)
from ..problems import Problem, UnusableInput
from ..vocabulary import COMPASS_COASTS, coast_name
from .base import ExportReport, Format

COAST_KINDS = COMPASS_COASTS  # jDip names no other coast


MAX_BYTES = 20 * 1024 * 1024  # jDip's largest variants.xml and adjacency files are under 1 MB


def _parse(path: str, where: Optional[Tuple[str, Optional[int]]] = None):
    from ..files import read_limited
    raw = read_limited(path, MAX_BYTES, "VK720", what="jDip file", where=where)
    parser = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False,
                             huge_tree=False, remove_comments=True)
    try:
        return etree.fromstring(raw, parser, base_url=path)
    except etree.XMLSyntaxError as exc:
        line = exc.position[0] if getattr(exc, "position", None) else None
        raise UnusableInput([Problem.of("VK720", path=path, reason=f"not XML: {exc.msg}").at(path, line)])


def _move_modifiers(adj_root, ref, army, fleet, problems: List[Problem], adjacency: str
                    ) -> Dict[frozenset, int]:
    """jDip's borders with a ``baseMoveModifier``, as modifiers on the edges into
    the provinces that name them (from the border's ``from`` locations, or from
    every neighbour).  Our edges are two-way, so a modifier holds both ways;
    any other border restriction is reported, not represented."""
    by_id = {b.get("id"): b for b in adj_root.iter("BORDER")}
    out: Dict[frozenset, int] = {}
    into: Dict[Tuple[str, str], int] = {}  # (from, into) -> modifier, as jDip states it
    for b in by_id.values():
        if _seasonal_border(b):
            continue  # read by _seasons
        # unitTypes beside a modifier only names who crosses (our edges say that)
        rest = [k for k in ("orderTypes", "year", "season", "phase") if b.get(k)]
        if b.get("unitTypes") and not b.get("baseMoveModifier"):
            rest.insert(0, "unitTypes")
        if rest or not b.get("baseMoveModifier"):
            problems.append(Problem.of("VK723", border=repr(b.get("id")), description=b.get("description", ""),
                                       rest=f" ({', '.join(rest)})" if rest else "").at(adjacency))
    for prov in adj_root.iter("PROVINCE"):
        pid = prov.get("shortname", "").lower()
        for bid in (prov.get("borders") or "").split():
            b = by_id.get(bid)
            if b is None or not b.get("baseMoveModifier"):
                continue
            try:
                mod = int(b.get("baseMoveModifier"))
            except ValueError:
                problems.append(Problem.of("VK730", border=repr(bid), modifier=repr(b.get("baseMoveModifier")))
                                .at(adjacency))
                continue
            froms = {split_location(ref(r))[0] for r in (b.get("from") or "").replace(",", " ").split()}
            near = {n for n in army.get(pid, ())} | {split_location(r)[0] for loc, refs in fleet.items()
                                                     if split_location(loc)[0] == pid for r in refs}
            for other in sorted(froms or near):
                out[frozenset((pid, other))] = mod
                into[(other, pid)] = mod
    # a modifier jDip applies one way only becomes two-way here: say so
    for (src, dst), mod in sorted(into.items()):
        if into.get((dst, src)) != mod:
            problems.append(Problem.of("VK670", modifier=f"{mod:+d}", a=src, b=dst).at(adjacency))
    return out


_SEASONS = ("spring", "fall")


def _seasonal_border(b) -> bool:
    """A border that closes a space, or the moves into it from some places, in
    some seasons (and nothing else): a seasonal space or seasonal links."""
    seasons = (b.get("season") or "").lower().replace(",", " ").split()
    return (bool(seasons) and set(seasons) <= set(_SEASONS) and not b.get("baseMoveModifier")
            and not any(b.get(k) for k in ("orderTypes", "year", "phase"))
            and (b.get("unitTypes") or "").lower() in ("", "army", "fleet"))


def _seasons(adj_root, ref) -> Tuple[Dict[str, Tuple[str, ...]], Dict[Tuple[str, str], Tuple[Tuple[str, ...], str]]]:
    """The seasonal borders: spaces open only in some seasons (no ``from``),
    and links open only in some seasons: (province, from) -> (open seasons,
    the unit type closed, '' for both)."""
    by_id = {b.get("id"): b for b in adj_root.iter("BORDER")}
    spaces: Dict[str, Tuple[str, ...]] = {}
    links: Dict[Tuple[str, str], Tuple[Tuple[str, ...], str]] = {}
    for prov in adj_root.iter("PROVINCE"):
        pid = prov.get("shortname", "").lower()
        for bid in (prov.get("borders") or "").split():
            b = by_id.get(bid)
            if b is None or not _seasonal_border(b):
                continue
            closed = set((b.get("season") or "").lower().replace(",", " ").split())
            open_in = tuple(s for s in _SEASONS if s not in closed)
            froms = [split_location(ref(r))[0] for r in (b.get("from") or "").replace(",", " ").split()]
            if not froms:
                spaces[pid] = open_in
            for other in froms:
                links[(pid, other)] = (open_in, (b.get("unitTypes") or "").lower())
    return spaces, links


def read(path: str, variant_name: Optional[str] = None) -> Tuple[Optional[Variant], List[Problem]]:
    """Read a jDip variant: ``path`` is variants.xml or the folder holding it."""
    if os.path.isdir(path):
        path = os.path.join(path, "variants.xml")
    problems: List[Problem] = []
    root = _parse(path)
    variants = root.findall(".//VARIANT")
    if not variants:
        raise UnusableInput([Problem.of("VK721").at(path)])
    chosen = next((v for v in variants if variant_name is None
                   or v.get("name", "").lower() == variant_name.lower()), None)
    if chosen is None:
        raise UnusableInput([Problem.of("VK671", name=repr(variant_name),
                                        names=", ".join(v.get("name", "") for v in variants)).at(path)])
    map_el = chosen.find("MAP")
    uri = map_el.get("adjacencyURI") if map_el is not None else None
    if not uri:
        raise UnusableInput([Problem.of("VK672").at(path, chosen.sourceline)])
    from ..files import confined, reference_problem
    folder = os.path.dirname(os.path.abspath(path))
    adjacency = os.path.join(folder, uri[len("file:"):] if uri.startswith("file:") else uri)
    at = map_el.sourceline
    if "://" in uri or not confined(adjacency, [folder]):  # the adjacency file is beside variants.xml
        raise UnusableInput([reference_problem(uri, "adjacencyURI", [folder], path, at)])
    adj_root = _parse(adjacency, (path, at))

    # refs may name a province by one of its unique names ("win" for wio)
    alias_of: Dict[str, str] = {}
    for prov in adj_root.iter("PROVINCE"):
        pid = prov.get("shortname", "").lower()
        alias_of[pid] = pid
        for u in prov.iter("UNIQUENAME"):
            alias_of.setdefault(u.get("name", "").lower(), pid)

    def _ref(ref: str) -> str:
        prov, _, coast = ref.strip().lower().partition("-")
        prov = alias_of.get(prov, prov)
        return f"{prov}/{coast}" if coast else prov

    army: Dict[str, Set[str]] = defaultdict(set)
    declared_mv: Set[str] = set()
    fleet: Dict[str, Set[str]] = defaultdict(set)
    names: Dict[str, Tuple[str, List[str]]] = {}
    coasts: Dict[str, Set[str]] = defaultdict(set)
    order: List[str] = []
    for prov in adj_root.iter("PROVINCE"):
        pid = prov.get("shortname", "").lower()
        order.append(pid)
        names[pid] = (prov.get("fullname", pid), [u.get("name").lower() for u in prov.iter("UNIQUENAME")])
        for adj in prov.iter("ADJACENCY"):
            kind = adj.get("type", "mv")
            refs = [_ref(r) for r in adj.get("refs", "").split()]
            unknown = [r for r in refs if split_location(r)[0] not in alias_of]
            if unknown:
                problems.append(Problem.of("VK716", where=f"{pid} ({kind})", name=", ".join(unknown))
                                .at(adjacency, adj.sourceline))
                refs = [r for r in refs if r not in unknown]
            if kind != "mv":  # a fleet list naming the province itself says nothing
                refs = [r for r in refs if split_location(r)[0] != pid]
            if kind == "mv":
                declared_mv.add(pid)
                army[pid].update(split_location(r)[0] for r in refs if split_location(r)[0] != pid)
            elif kind == "xc":
                fleet[pid].update(refs)
            elif kind in COAST_KINDS:
                coasts[pid].add(kind)
                fleet[f"{pid}/{kind}"].update(refs)
            else:
                problems.append(Problem.of("VK722", province=pid, kind=repr(kind)).at(adjacency))
    modifiers = _move_modifiers(adj_root, _ref, army, fleet, problems, adjacency)
    season_spaces, season_links = _seasons(adj_root, _ref)
    ports = {prov.get("shortname", "").lower() for prov in adj_root.iter("PROVINCE")
             if (prov.get("isConvoyableCoast") or "").lower() == "true"}
    # a fleet reaching the main space of a multi-coast province means one of its coasts
    def fleet_target(src: str, ref: str) -> List[str]:
        prov, coast = split_location(ref)
        if coast or not coasts.get(prov):
            return [ref]
        back = [f"{prov}/{c}" for c in sorted(coasts[prov]) if src in fleet.get(f"{prov}/{c}", ())]
        return back or [ref]

    provinces = []
    for pid in order:
        full, aliases = names[pid]
        has_army = bool(army.get(pid)) or any(pid in s for s in army.values())
        has_fleet = bool(fleet.get(pid)) or bool(coasts.get(pid))
        # an island declares armies with no army move (its own code as the only ref)
        terrain = (Terrain.COAST if has_fleet and (has_army or pid in declared_mv)
                   else Terrain.LAND if has_army else Terrain.WATER if has_fleet
                   else Terrain.IMPASSABLE)
        provinces.append(Province(pid, full, terrain, tuple(a for a in aliases if a != pid),
                                  coasts=tuple(Coast(c, coast_name(c)) for c in sorted(coasts.get(pid, ()))),
                                  passable_in=season_spaces.get(pid, ()), port=pid in ports))
    edges: Dict[Tuple[str, str], Dict[str, bool]] = {}
    for src, dsts in army.items():
        for dst in dsts:
            first, second = sorted((src, dst))
            edges.setdefault((first, second), {"army": False, "fleet": False})["army"] = True
    for src, targets in fleet.items():
        for ref in targets:
            for dst in fleet_target(src, ref):
                first, second = sorted((src, dst))
                edges.setdefault((first, second), {"army": False, "fleet": False})["fleet"] = True
    def link_seasons(a: str, b: str, units: Crossing) -> Tuple[str, ...]:
        pa, pb = split_location(a)[0], split_location(b)[0]
        for key in ((pb, pa), (pa, pb)):
            if key in season_links:
                open_in, closed_to = season_links[key]
                if closed_to in ("", units.value):  # a border for the other unit type is not this link's
                    return open_in
        return ()

    edge_list = [Edge(a, b, Crossing.of(k["army"], k["fleet"]),
                      modifier=modifiers.get(frozenset((split_location(a)[0], split_location(b)[0])), 0),
                      seasons=link_seasons(a, b, Crossing.of(k["army"], k["fleet"])))
                 for (a, b), k in sorted(edges.items())]

    def power_key(name: str) -> str:
        return re.sub(r"[^a-z0-9_-]+", "-", name.lower()).strip("-")

    def province(el, attr: str = "province") -> Optional[str]:
        """A province named in variants.xml: its shortname or one of its unique names."""
        name = (el.get(attr) or "").lower()
        if name in alias_of:
            return alias_of[name]
        problems.append(Problem.of("VK673", tag=el.tag, name=repr(name)).at(path, el.sourceline))
        return None

    powers: Dict[str, Dict] = {}
    # a power's name or alternative name (as written, any case; then as its key) -> its id
    power_of: Dict[str, str] = {}

    def power_named(name: str) -> Optional[str]:
        return power_of.get(name.lower()) or power_of.get(power_key(name) or "\0")

    for number, p in enumerate(chosen.iter("POWER"), 1):
        pid = power_key(p.get("name", "")) or f"power{number}"   # '?>' and '<!--' have no letters to key
        while pid in powers:
            pid += "-2"
        powers[pid] = {"name": p.get("name"), "adjective": p.get("adjective", ""), "homes": [], "units": [],
                       "owns": []}
        for name in [p.get("name", "")] + re.split(r"[,;\s]+", p.get("altnames") or ""):
            if name:
                power_of.setdefault(name.lower(), pid)
                if power_key(name):
                    power_of.setdefault(power_key(name), pid)
        if (p.get("active") or "true").lower() == "false":
            problems.append(Problem.of("VK719", power=p.get("name")).at(path, p.sourceline))
    centres: Set[str] = set()
    for sc in chosen.iter("SUPPLYCENTER"):
        prov = province(sc)
        if prov is None:
            continue
        centres.add(prov)
        home = power_named(sc.get("homepower") or "") or power_key(sc.get("homepower") or "")
        owner = power_named(sc.get("owner") or "")
        if owner:
            powers[owner]["owns"].append(prov)
        if home in powers:
            powers[home]["homes"].append(prov)
        elif home and home != "none":
            problems.append(Problem.of("VK724", province=prov, power=repr(home)).at(path, sc.sourceline))
    for st in chosen.iter("INITIALSTATE"):
        pid = power_named(st.get("power", "")) or ""
        unit = st.get("unit", "army").lower()
        prov = province(st)
        if unit not in ("army", "fleet"):
            problems.append(Problem.of("VK717", what=f"a starting {unit} of {st.get('power')}")
                            .at(path, st.sourceline))
            continue
        if pid not in powers:
            problems.append(Problem.of("VK674", power=repr(st.get("power"))).at(path, st.sourceline))
            continue
        if prov is None:
            continue
        kind = UnitType.ARMY if unit == "army" else UnitType.FLEET
        loc = prov + (f"/{st.get('unitcoast').lower()}" if st.get("unitcoast") else "")
        powers[pid]["units"].append(Unit(kind, loc))
    options: Dict[str, bool] = {}
    for opt in chosen.iter("RULEOPTION"):
        name, value = opt.get("name", ""), opt.get("value", "")
        if (name, value) == ("OPTION_BUILDS", "VALUE_BUILDS_ANY_OWNED"):
            options["build_any"] = True
        elif (name, value) in (("OPTION_BUILDS", "VALUE_BUILDS_HOME_ONLY"), ("OPTION_WINGS", "VALUE_WINGS_DISABLED")):
            pass
        elif name == "OPTION_WINGS":
            problems.append(Problem.of("VK717", what="the variant has wing units (OPTION_WINGS)")
                            .at(path, opt.sourceline))
        else:
            problems.append(Problem.of("VK718", name=name, value=value).at(path, opt.sourceline))
    provinces = [replace(p, center=True) if p.id in centres else p for p in provinces]
    start = chosen.find("STARTINGTIME")
    phase = "S1901M"
    if start is not None:
        # "Spring, 1901, Movement"; modern's variants.xml leaves out the commas
        words = [x for x in re.split(r"[\s,]+", start.get("turn", "")) if x]
        season = {"spring": "S", "fall": "F", "autumn": "F", "winter": "W"}.get(
            words[0].lower() if words else "", "?")
        kind = words[2][:1].upper() if len(words) == 3 else ""
        if kind == "A" and season in ("F", "W"):  # jDip's "Fall, 1900, Adjustment" is the winter
            season = "W"
        if len(words) == 3 and words[1].lstrip("-").isdigit() and season in ("S", "F", "W") \
                and kind in ("M", "R", "A") and (season == "W") == (kind == "A"):
            phase = f"{season}{int(words[1])}{kind}"
        else:
            problems.append(Problem.of("VK729", turn=repr(start.get("turn"))).at(path, start.sourceline))
    win = chosen.find(".//WINNING_SUPPLY_CENTERS")
    static = chosen.find(".//YEARS_WITHOUT_SC_CAPTURE")
    length = chosen.find(".//GAME_LENGTH")
    if length is not None:
        problems.append(Problem.of("VK675", years=length.get("value")).at(path, length.sourceline))
    rules = Rules(victory=int(win.get("value")) if win is not None else None, start=phase,
                  draw_after_static_falls=int(static.get("value")) if static is not None else None,
                  options=options)
    # an id from the name ("Hundred3 v1 [H31]" -> hundred3-v1-h31); a letter
    # per power from its name where one is free (chaos has 34 powers: the rest go without)
    vid = re.sub(r"[^a-z0-9_]+", "-", chosen.get("name", "jdip").lower()).strip("-") or "jdip"
    letters: Dict[str, str] = {}
    for pid, p in powers.items():
        free = [c for c in p["name"].upper() if "A" <= c <= "Z" and c not in letters.values()]
        letters[pid] = free[0] if free else ""
    v = Variant(vid, chosen.get("name", ""),
                tuple(provinces), tuple(edge_list),
                tuple(Power(pid, p["name"], p["adjective"], letters[pid], "", tuple(p["homes"]),
                            tuple(p["units"]),
                            # owners jDip states: starting centres, where they are not the homes
                            tuple(p["owns"]) if any(sorted(q["owns"]) != sorted(q["homes"])
                                                    for q in powers.values()) else None)
                      for pid, p in powers.items()),
                rules, version=chosen.get("version", ""))
    drawing, said = _drawing(root, chosen, folder, path)
    problems += said
    if drawing is not None:
        v, said = _with_drawing(v, drawing)
        problems += said
    return v, problems


def _drawing(root, chosen, folder: str, path: str) -> Tuple[Optional[str], List[Problem]]:
    """The variant's default map drawing: its MAP_GRAPHIC names a
    MAP_DEFINITION whose URI is the SVG, beside variants.xml."""
    from ..files import confined
    # jDip's files name it through a MAP_DEFINITION by id; its other DTD puts it on a GRAPHIC
    graphics = chosen.find("MAP").findall("MAP_GRAPHIC") + chosen.find("MAP").findall("GRAPHIC")
    pick = next((g for g in graphics if g.get("default") == "true"), graphics[0] if graphics else None)
    if pick is None:
        return None, []
    ref = pick.get("ref", "")
    definition = next((d for d in root.iter("MAP_DEFINITION") if d.get("id") == ref), None) if ref else None
    uri = definition.get("URI", "") if definition is not None else pick.get("uri", "")
    at = (definition if definition is not None else pick).sourceline
    drawing = os.path.join(folder, uri[len("file:"):] if uri.startswith("file:") else uri)
    if not uri or "://" in uri or not confined(drawing, [folder]) or not os.path.isfile(drawing):
        return None, [Problem.of("VK746", uri=repr(uri or ref)).at(path, at)]
    return drawing, []


def _with_drawing(v: Variant, drawing: str) -> Tuple[Variant, List[Problem]]:
    """The drawing as the variant's art (an absolute path: the importer copies
    it beside the variant file), and the powers' colours from its style sheet
    (jDip keeps them there, not in variants.xml); a colour that is not CSS is
    VK819 at its rule's line, the power left without one."""
    from ..drawing.conventions.base import css_hex
    from ..drawing.conventions.jdip import power_colour_line, power_colours
    from ..drawing.svg.reader import read_svg
    try:
        doc = read_svg(drawing)
    except UnusableInput:
        return v, []  # (the drawing is checked again, and its problems said, where it is used)
    styles = power_colours(doc)
    powers, problems = [], []
    for p in v.powers:
        cls = p.id if p.id in styles else p.name.lower()
        colour = styles.get(cls)
        hexed = css_hex(colour) if colour else None
        if colour and hexed is None:
            problems.append(Problem.of("VK819", colour=repr(colour[:60]), what=f"the power {p.name}")
                            .at(drawing, power_colour_line(doc, cls)))
        powers.append(replace(p, colour=hexed) if hexed and not p.colour else p)
    return replace(v, art=os.path.abspath(drawing), powers=tuple(powers)), problems


JDIP_NS = "http://jdip.sourceforge.org/jdipNS"
SVG_NS = "http://www.w3.org/2000/svg"


def write_map_svg(v: Variant, path: str, board, names: Optional[Dict[str, str]] = None) -> None:
    """jDip's map (:func:`map_svg_text`) written at ``path``."""
    atomic_write(path, map_svg_text(v, board, names))


def map_svg_text(v: Variant, board, names: Optional[Dict[str, str]] = None) -> str:
    """jDip's map: ``MapLayer`` shapes ``_xxx``, ``MouseLayer`` hit areas ``xxx``
    and coasts ``xxx-nc``, the ``jdipNS:PROVINCE_DATA`` block of unit and
    supply-centre positions, and the powers' colours as jDip styles them (a
    class per power named as the power, and ``unit`` + that name)."""
    root = etree.Element(f"{{{SVG_NS}}}svg", nsmap={None: SVG_NS, "jdipNS": JDIP_NS})
    root.set("viewBox", f"0 0 {board.width:.0f} {board.height:.0f}")
    rules = []
    for pw in v.powers:
        cls = (names or {}).get(pw.id, pw.name).lower()
        if pw.colour and re.fullmatch(r"#[0-9a-fA-F]{3,8}", pw.colour) and re.fullmatch(r"[a-z][a-z0-9_-]*", cls):
            rules.append(f".{cls} {{fill:{pw.colour}}} .unit{cls} {{fill:{pw.colour}}}")
    if rules:
        etree.SubElement(root, f"{{{SVG_NS}}}style", type="text/css").text = "\n".join(rules)
    data = etree.SubElement(root, f"{{{JDIP_NS}}}PROVINCE_DATA")
    layer = etree.SubElement(root, f"{{{SVG_NS}}}g", id="MapLayer")
    mouse = etree.SubElement(root, f"{{{SVG_NS}}}g", id="MouseLayer")
    for p in v.provinces:
        rings = board.cells.get(p.id)
        if not rings:
            continue
        points = " ".join(f"{x:.1f},{y:.1f}" for x, y in rings[0])
        cls = {Terrain.WATER: "sea", Terrain.IMPASSABLE: "neutral"}.get(p.terrain, "nopower")
        etree.SubElement(layer, f"{{{SVG_NS}}}polygon", id=f"_{p.id}", points=points, **{"class": cls})
        etree.SubElement(mouse, f"{{{SVG_NS}}}polygon", id=p.id, points=points)
        for loc in (p.id,) + tuple(f"{p.id}/{c.id}" for c in p.coasts):
            x, y = board.points.get(loc, board.points.get(p.id, (0, 0)))
            el = etree.SubElement(data, f"{{{JDIP_NS}}}PROVINCE", name=loc.replace("/", "-"))
            etree.SubElement(el, f"{{{JDIP_NS}}}UNIT", x=f"{x:.0f}", y=f"{y:.0f}")
            dx, dy = p.dislodged_offset(split_location(loc)[1]) or (5.0, 5.0)  # else jDip's usual
            etree.SubElement(el, f"{{{JDIP_NS}}}DISLODGED_UNIT", x=f"{x + dx:.0f}", y=f"{y + dy:.0f}")
            if p.center and loc == p.id:
                lx, ly = board.labels.get(p.id, (x, y))
                etree.SubElement(el, f"{{{JDIP_NS}}}SUPPLY_CENTER", x=f"{lx:.0f}", y=f"{ly:.0f}")
    return etree.tostring(root, xml_declaration=True, encoding="utf-8", pretty_print=True).decode()


def _jdip_season(season: str) -> Optional[str]:
    return {"spring": "spring", "fall": "fall", "autumn": "fall", "summer": "summer",
            "winter": "winter"}.get(season.lower())


def _write_borders(v: Variant, root, report: ExportReport, kept: Set[str]) -> Dict[str, List[str]]:
    """jDip's BORDERs, each on the province it guards: a move modifier (no unit
    type: a unit type on a border is a ban on it in jDip), a seasonal space
    (closed in the seasons it is not passable in) and a seasonal link (closed,
    for the units that use it, to moves from its other end).  Returns
    province -> border ids."""
    specs: List[Tuple[str, Dict[str, str]]] = []  # (province guarded, attributes)
    into: Dict[Tuple[str, int], Set[str]] = defaultdict(set)
    crossings: Dict[frozenset, Set[Crossing]] = defaultdict(set)
    for e in v.edges:
        crossings[frozenset((split_location(e.a)[0], split_location(e.b)[0]))].add(e.units)
    for e in v.edges:
        a, b = split_location(e.a)[0], split_location(e.b)[0]
        if a not in kept or b not in kept:
            continue
        pairs = [(b, a)] if e.oneway else [(b, a), (a, b)]
        if e.modifier:
            for dst, src in pairs:
                into[(dst, e.modifier)].add(src)
            if e.units is not Crossing.BOTH and len(crossings[frozenset((a, b))]) > 1:
                report.lost("VK791", modifier=f"{e.modifier:+d}", a=e.a, b=e.b, units=e.units.value)
        if e.seasons:
            closed = [s for s in v.rules.seasons if s not in e.seasons]
            written = [_jdip_season(s) for s in closed]
            if not closed or None in written:
                report.seasonal_link(e, "jDip")
                continue
            for dst, src in pairs:
                attrs = {"description": f"closed from {src} in {', '.join(closed)}", "from": src,
                         "season": " ".join(str(w) for w in written)}
                if e.units is not Crossing.BOTH:
                    attrs["unitTypes"] = e.units.value
                specs.append((dst, attrs))
    for (dst, mod), srcs in sorted(into.items()):
        specs.append((dst, {"description": f"move modifier {mod:+d} into {dst}", "from": " ".join(sorted(srcs)),
                            "baseMoveModifier": str(mod)}))
    for p in v.provinces:
        if p.passable_in and p.id in kept:
            closed = [s for s in v.rules.seasons if s not in p.passable_in]
            written = [_jdip_season(s) for s in closed]
            if None in written or not closed:
                report.lost("VK726", province=p.id, seasons=closed)
                continue
            specs.append((p.id, {"description": f"{p.name} is closed in {', '.join(closed)}",
                                 "season": " ".join(str(w) for w in written)}))
    if not specs:
        return {}
    defs = etree.SubElement(root, "BORDER_DEFINITIONS")
    out: Dict[str, List[str]] = defaultdict(list)
    for dst, attrs in specs:
        bid = f"b_{dst}_{len(out[dst]) + 1}"
        etree.SubElement(defs, "BORDER", id=bid, **attrs)
        out[dst].append(bid)
    return out


def _number(version: str) -> Optional[str]:
    """jDip reads a variant's version as a decimal number."""
    return version if re.fullmatch(r"\d{1,6}(\.\d{1,6})?", version or "") else None


def _power_names(v: Variant, report: ExportReport) -> Dict[str, str]:
    """Each power's name as jDip orders and files name it: one word (jDip's
    order parser splits at whitespace), distinct from every other power's
    name and adjective."""
    out: Dict[str, str] = {}
    taken: Set[str] = set()
    for pw in v.powers:
        name = re.sub(r"\s+", "", pw.name) or pw.id
        if name != pw.name:
            report.lost("VK790", power=repr(pw.name), name=repr(name))
        if name.lower() in taken:
            name = pw.id
            report.lost("VK676", power=repr(pw.name), name=repr(name))
        out[pw.id] = name
        taken.update({name.lower(), (pw.adjective or name).lower()})
    return out


def _refuse_controls(v: Variant, report: ExportReport) -> None:
    """XML 1.0 cannot hold most control characters (lxml refuses them): say
    which string holds one, before anything is written."""
    strings = [("the variant's name", v.name), ("the description", v.description)]
    strings += [(f"{p.id}'s name", p.name) for p in v.provinces]
    strings += [(f"{p.id}'s alias {a!r}", a) for p in v.provinces for a in p.aliases]
    strings += [(f"{pw.id}'s name", pw.name) for pw in v.powers]
    strings += [(f"{pw.id}'s adjective", pw.adjective) for pw in v.powers]
    from ..text import bad_characters, describe, shown
    probe = etree.Element("probe")
    for where, value in strings:
        bad = bad_characters(value, multiline=where == "the description")
        try:
            probe.set("value", value)  # and what XML 1.0 itself cannot carry
        except ValueError:
            bad = bad or [(0, next(c for c in value if ord(c) < 32 or 0xD800 <= ord(c) < 0xE000))]
        if bad:
            report.refuse("VK792", where=where, character=describe(bad[0][1]), format="jDip", value=shown(value),
                          advice="XML 1.0 cannot carry control characters")


def write(v: Variant, path: str, art_file: Optional[str] = None) -> ExportReport:
    """Write ``variants.xml``, ``NAME_adjacency.xml`` and the map ``NAME.svg``
    (from the variant's art, else the schematic board) into the folder ``path``.
    Every attribute jDip's DTD would default is written out (jDip reads the
    files without their DTD)."""
    report = ExportReport(path)
    for e in v.edges:
        if e.oneway or e.powers:
            report.lost("VK725", a=e.a, b=e.b)
    for p in v.provinces:
        if p.coasts and any(c.id not in COAST_KINDS for c in p.coasts):
            report.refuse("VK727", province=p.id, coasts=", ".join(c.id for c in p.coasts))
        if any(c.aliases for c in p.coasts):
            report.lost("VK779", province=p.id)
        if p.offboard or p.inside:
            report.lost("VK778", province=p.id, where="an off-board box" if p.offboard else f"inside {p.inside}")
    named: Dict[str, str] = {}
    for p in v.provinces:
        for n in {p.id.lower(), p.name.lower()}:
            if named.setdefault(n, p.id) != p.id:
                report.refuse("VK747", name=repr(n), province=p.id, other=named[n])
    _refuse_controls(v, report)
    if not report.ok:
        return report
    # an impassable space is written as jDip writes Switzerland: a land space nothing reaches
    kept = {p.id for p in v.provinces}
    names = _power_names(v, report)
    from .jdip_names import safe_aliases
    aliases, dropped, unreadable = safe_aliases(
        [(p.id, p.name, p.aliases, [c.id for c in p.coasts]) for p in v.provinces if p.id in kept],
        partial_span=2 * len(v.powers))
    for prov, alias, why in sorted(set(dropped)):
        report.lost("VK793", alias=repr(alias), province=prov, why=why)
    for loc, why in unreadable:
        report.lost("VK794", location=repr(loc), why=why)
    adj_name = f"{v.id}_adjacency.xml"
    root = etree.Element("PROVINCES")
    borders = _write_borders(v, root, report, kept)
    # province -> adjacency kind ("mv", "xc" or a coast) -> the refs it reaches
    moves: Dict[str, Dict[str, Set[str]]] = defaultdict(lambda: defaultdict(set))
    for e in v.edges:
        for a, b in ([(e.a, e.b)] if e.oneway else [(e.a, e.b), (e.b, e.a)]):
            if split_location(a)[0] not in kept or split_location(b)[0] not in kept:
                continue
            if e.units.army:
                moves[a]["mv"].add(b)
            if e.units.fleet:
                prov, coast = split_location(a)
                moves[prov][coast or "xc"].add(b.replace("/", "-"))
    for p in v.provinces:
        if p.id not in kept:
            continue
        el = etree.SubElement(root, "PROVINCE", fullname=p.name, shortname=p.id,
                              isConvoyableCoast="true" if p.port else "false")
        if borders.get(p.id):
            el.set("borders", " ".join(borders[p.id]))
        for a in aliases[p.id]:
            etree.SubElement(el, "UNIQUENAME", name=a)
        kinds = moves.get(p.id, {})
        if p.terrain in (Terrain.LAND, Terrain.COAST, Terrain.IMPASSABLE) and not kinds.get("mv"):
            # an island: jDip knows a space armies may stand on by its own code among its army moves
            kinds = dict(kinds, mv={p.id})
        if not kinds:
            kinds = {"xc": {p.id}}
        for kind in ("mv", "xc") + COAST_KINDS:
            if kinds.get(kind):
                etree.SubElement(el, "ADJACENCY", type=kind, refs=" ".join(sorted(kinds[kind])))
    files = {adj_name: etree.tostring(root, pretty_print=True, xml_declaration=True, encoding="utf-8").decode()}
    vroot = etree.Element("VARIANTS")
    etree.SubElement(vroot, "DESCRIPTION").text = v.description or v.name or v.id
    # the drawing is named through a MAP_DEFINITION, which a MAP_GRAPHIC refers to by id
    etree.SubElement(vroot, "MAP_DEFINITION", id=f"{v.id}-map", title=v.name, URI=f"{v.id}.svg",
                     thumbURI=f"{v.id}.svg", preferredUnitStyle="modern")
    version = _number(v.version)
    if version is None:
        version = "1.0"
        if v.version:
            report.lost("VK795", version=repr(v.version))
    var = etree.SubElement(vroot, "VARIANT", name=v.name, version=version, default="false")
    etree.SubElement(var, "DESCRIPTION").text = v.description or v.name or v.id
    etree.SubElement(var, "MAP", adjacencyURI=adj_name)
    for option, value in sorted(v.rules.options.items()):
        if option != "build_any" and value not in (False, None, ""):
            report.lost("VK796", option=option, value=value)
    if v.rules.options.get("build_any"):
        opts = etree.SubElement(var, "RULEOPTIONS")
        etree.SubElement(opts, "RULEOPTION", name="OPTION_BUILDS", value="VALUE_BUILDS_ANY_OWNED")
    for pw in v.powers:
        etree.SubElement(var, "POWER", name=names[pw.id], active="true", adjective=pw.adjective or names[pw.id])
    season = dict(S="Spring", F="Fall", W="Winter")[v.rules.start[0]]
    kind = dict(M="Movement", R="Retreat", A="Adjustment")[v.rules.start[-1]]
    etree.SubElement(var, "STARTINGTIME", turn=f"{season}, {v.rules.start[1:-1]}, {kind}", allowBCYears="false")
    vc = etree.SubElement(var, "VICTORYCONDITIONS")
    etree.SubElement(vc, "WINNING_SUPPLY_CENTERS", value=str(v.victory))
    if v.rules.draw_after_static_falls:
        etree.SubElement(vc, "YEARS_WITHOUT_SC_CAPTURE", value=str(v.rules.draw_after_static_falls))
    home_of = {h: names[pw.id] for pw in v.powers for h in pw.homes}
    owner_of = {c: names[pw.id] for pw in v.powers for c in pw.starting_centers}
    for c in v.centers:
        etree.SubElement(var, "SUPPLYCENTER", province=c, homepower=home_of.get(c, "none"),
                         owner=owner_of.get(c, "none"))
    for pw in v.powers:
        for u in pw.units:
            prov, coast = split_location(u.location)
            attrs = dict(province=prov, power=names[pw.id], unit="army" if u.type is UnitType.ARMY else "fleet")
            if coast:
                attrs["unitcoast"] = coast
            etree.SubElement(var, "INITIALSTATE", **attrs)
    from ..drawing.art import board_for
    if not art_file:
        report.lost("VK728")
    files[f"{v.id}.svg"] = map_svg_text(v, board_for(v, art_file), names)
    etree.SubElement(var.find("MAP"), "MAP_GRAPHIC", ref=f"{v.id}-map", default="true")
    files["variants.xml"] = etree.tostring(vroot, pretty_print=True, xml_declaration=True, encoding="utf-8").decode()
    from .readback import jdip_reads
    jdip_reads(files, v, {p.id: aliases.get(p.id, []) for p in v.provinces}, path, report, read)
    if not report.ok:
        return report
    os.makedirs(path, exist_ok=True)
    for name, text in files.items():
        atomic_write(os.path.join(path, name), text)
    return report


FORMAT = Format("jdip", "jDip variants.xml + adjacency XML (a folder)", "", write, read, carries_art=True)
