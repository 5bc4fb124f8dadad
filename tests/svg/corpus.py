"""The drawing corpus (../shared/reference/corpus) and the graphs its judges
play on: read each judge's own graph file here, independently of the
project's importers, and score an inferred graph against it.

A move is ``(unit, a, b)`` with ``a < b``; a named coast is ``prov/xc``.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Dict, Set, Tuple

from lxml import etree

# name: (drawing, graph file, kind)
CORPUS = {
    "egdipmap": ("jdip/stdVariants/egdipmap.svg", "jdip/stdVariants/std_adjacency.xml", "jdip"),
    "simple_std": ("jdip/stdVariants/simple_std.svg", "jdip/stdVariants/std_adjacency.xml", "jdip"),
    "topo": ("jdip/stdVariants/topo.svg", "jdip/stdVariants/std_adjacency.xml", "jdip"),
    "bitmap_std": ("jdip/stdVariants/bitmap_std.svg", "jdip/stdVariants/std_adjacency.xml", "jdip"),
    "chaos": ("jdip/chaos/chaos.svg", "jdip/chaos/chaos_adjacency.xml", "jdip"),
    "modern": ("jdip/modern/modern.svg", "jdip/modern/modern_adjacency.xml", "jdip"),
    "milan": ("jdip/milan/milan.svg", "jdip/milan/milan_adjacency.xml", "jdip"),
    "hundred": ("jdip/hundred/h31_h32_map.svg", "jdip/hundred/h31_h32_adjacency.xml", "jdip"),
    "asia": ("jdip/asia/asia.svg", "jdip/asia/asia_adjacency.xml", "jdip"),
    "godip_classical": ("godip/classical/classicalmap.svg", "godip/classical/map.go", "godip"),
    "godip_hundred": ("godip/hundred/hundredmap.svg", "godip/hundred/hundred.go", "godip"),
    "godip_pure": ("godip/pure/puremap.svg", "godip/pure/pure.go", "godip"),
    "1900": ("jdip/1900/1900_dipmap.svg", "jdip/1900/1900_adjacency.xml", "jdip"),
    "1900_bitmap": ("jdip/1900/1900_bitmap.svg", "jdip/1900/1900_adjacency.xml", "jdip"),
    "aberration": ("jdip/aberration/aberrationv.svg", "jdip/aberration/aberrationv_adjacency.xml", "jdip"),
    "ancient_med": ("jdip/ancient_med/ancientmed.svg", "jdip/ancient_med/ancientmed_adjacency.xml", "jdip"),
    "europe1939": ("godip/europe1939/europe1939map.svg", "godip/europe1939/europe1939.go", "godip"),
    "empiresandcoalitions": ("godip/empiresandcoalitions/empiresandcoalitionsmap.svg",
                             "godip/empiresandcoalitions/empiresandcoalitions.go", "godip"),
    "gatewaywest": ("godip/gatewaywest/gatewaywestmap.svg", "godip/gatewaywest/gatewaywest.go", "godip"),
    "unconstitutional": ("godip/unconstitutional/unconstitutionalmap.svg",
                         "godip/unconstitutional/unconstitutional.go", "godip"),
    "threekingdoms": ("godip/threekingdoms/threekingdomsmap.svg", "godip/threekingdoms/threekingdoms.go", "godip"),
    "year1908": ("godip/year1908/year1908map.svg", "godip/year1908/year1908.go", "godip"),
    "diplicity_classical": ("diplicity/classical/classical.d.svg", "diplicity/classical/classical.dvar", "dvar"),
    "diplicity_hundred": ("diplicity/hundred/hundred.d.svg", "diplicity/hundred/hundred.dvar", "dvar"),
    "dgm_modern": ("dgm/modern/modern.svg", "dgm/modern/truth.json", "dgm"),
    "dgm_eraofsolitude": ("dgm/eraofsolitude.b1/eraofsolitude.b1.svg", "dgm/eraofsolitude.b1/truth.json", "dgm"),
}
# the drawings added for issue 23 (scored in test_wild.py)
WILD = ["1900", "1900_bitmap", "aberration", "ancient_med", "europe1939", "empiresandcoalitions",
        "gatewaywest", "unconstitutional", "threekingdoms", "year1908", "diplicity_classical",
        "diplicity_hundred", "dgm_modern", "dgm_eraofsolitude"]
# drawings that are pictures under unfilled hit areas (another issue reads their pixels)
RASTER = {"bitmap_std", "1900_bitmap"}


@dataclass
class Graph:
    moves: Set[Tuple[str, str, str]] = field(default_factory=set)
    impassable: Set[str] = field(default_factory=set)
    coasts: Set[str] = field(default_factory=set)          # prov/xc
    water: Set[str] = field(default_factory=set)
    alias: Dict[str, str] = field(default_factory=dict)    # other names -> the graph's
    centres: Set[str] = field(default_factory=set)
    names: Dict[str, str] = field(default_factory=dict)    # province -> full name, where the graph says

    def spaces(self) -> Set[str]:
        """Every province the graph plays on (impassable ones included)."""
        out = {loc.split("/")[0] for m in self.moves for loc in m[1:]}
        return out | {w.split("/")[0] for w in self.water} | self.impassable

    def name(self, loc: str) -> str:
        prov, _, coast = loc.partition("/")
        prov = self.alias.get(prov, prov)
        return f"{prov}/{coast}" if coast else prov

    def coast_waters(self) -> Dict[str, frozenset]:
        """Each named coast by the waters its fleet reaches."""
        out: Dict[str, Set[str]] = {c: set() for c in self.coasts}
        for unit, a, b in self.moves:
            if unit != "fleet":
                continue
            for x, y in ((a, b), (b, a)):
                if x in out and y in self.water:
                    out[x].add(y)
        return {c: frozenset(w) for c, w in out.items()}


def _pair(unit: str, a: str, b: str) -> Tuple[str, str, str]:
    a, b = sorted((a, b))
    return (unit, a, b)


def read_jdip(path: Path) -> Graph:
    """jDip's adjacency XML: ``mv`` army moves, ``xc`` a single coast's fleet
    moves, ``nc``/``sc``/... a named coast's; a province referring only to
    itself is impassable.  Aliases (UNIQUENAME) resolve to the shortname."""
    root = etree.parse(str(path), etree.XMLParser(resolve_entities=False, no_network=True,
                                                  load_dtd=False)).getroot()
    alias: Dict[str, str] = {}
    names: Dict[str, str] = {}
    for prov in root.iter("PROVINCE"):
        short = prov.get("shortname").lower()
        alias[short] = short
        names[short] = prov.get("fullname") or ""
        for u in prov.iter("UNIQUENAME"):
            alias[u.get("name").lower()] = short

    def loc(ref: str) -> str:
        ref = ref.lower()
        if "-" in ref:
            p, c = ref.split("-", 1)
            return f"{alias.get(p, p)}/{c}"
        return alias.get(ref, ref)

    g = Graph(alias=alias, names=names)
    fleet_spaces: Set[str] = set()
    army_spaces: Set[str] = set()
    for prov in root.iter("PROVINCE"):
        short = prov.get("shortname").lower()
        refs_all = []
        for adj in prov.iter("ADJACENCY"):
            kind = adj.get("type")
            refs = [loc(r) for r in (adj.get("refs") or "").split()]
            refs_all += refs
            for r in refs:
                if kind == "mv":
                    g.moves.add(_pair("army", short, r))
                    army_spaces.add(short)
                else:
                    here = short if kind == "xc" else f"{short}/{kind}"
                    if kind != "xc":
                        g.coasts.add(here)
                    g.moves.add(_pair("fleet", here, r))
                    fleet_spaces.add(short)
        if refs_all and set(refs_all) <= {short}:
            g.impassable.add(short)
    g.moves = {m for m in g.moves if m[1] != m[2]
               and m[1].split("/")[0] not in g.impassable and m[2].split("/")[0] not in g.impassable}
    g.water = fleet_spaces - army_spaces - g.impassable
    return g


_PROV = re.compile(r'Prov\("([^"]+)"\)((?:\.\w+\([^()]*\))*)')
_CONN = re.compile(r'\.Conn\("([^"]+)",\s*godip\.(Land|Sea|Coast\.\.\.)\)')


def read_godip(path: Path) -> Graph:
    """godip's Go graph: ``Conn(y, godip.Land)`` army, ``Sea`` fleet,
    ``Coast...`` both; ``Flag(godip.Sea)`` a sea.  godip's fleet moves to the
    bare name of a two-coast province no drawing can show: left out."""
    text = path.read_text()
    g = Graph()
    for m in _PROV.finditer(text):
        here, calls = m.group(1), m.group(2)
        if "/" in here:
            g.coasts.add(here)
        if "Flag(godip.Sea)" in calls:
            g.water.add(here)
        for other, kind in _CONN.findall(calls):
            if kind in ("Land", "Coast..."):
                g.moves.add(_pair("army", here, other))
            if kind in ("Sea", "Coast..."):
                g.moves.add(_pair("fleet", here, other))
    split = {c.split("/")[0] for c in g.coasts}
    g.moves = {m for m in g.moves if not (m[0] == "fleet" and (m[1] in split or m[2] in split))}
    long = re.search(r"provinceLongNames = map\[godip\.Province\]string\{(.*?)\n\}", text, re.S)
    if long:
        g.names = {k: v for k, v in re.findall(r'"([^"/]+)":\s*"([^"]*)"', long.group(1))}
    return g


def read_dvar(path: Path) -> Graph:
    """Diplicity's current variant data: ``provinces[]`` with ``type`` and
    ``adjacencies`` (``pass`` army, fleet or both), ``namedCoasts[]`` with
    their own fleet moves.  The host's fleet moves to the parent of a
    two-coast province beside its coast's are left out, as for godip."""
    import json
    data = json.loads(path.read_text())
    g = Graph()
    for p in data["provinces"]:
        if p.get("type") == "sea":
            g.water.add(p["id"])
        if p.get("supplyCenter"):
            g.centres.add(p["id"])
        g.names[p["id"]] = p.get("name") or ""
    for item in list(data["provinces"]) + list(data.get("namedCoasts") or []):
        here = item["id"]
        if "/" in here:
            g.coasts.add(here)
        for adj in item.get("adjacencies") or []:
            if adj["pass"] in ("army", "both"):
                g.moves.add(_pair("army", here, adj["to"]))
            if adj["pass"] in ("fleet", "both"):
                g.moves.add(_pair("fleet", here, adj["to"]))
    split = {c.split("/")[0] for c in g.coasts}
    g.moves = {m for m in g.moves if not (m[0] == "fleet" and (m[1] in split or m[2] in split))}
    return g


def squeeze(name: str) -> str:
    return re.sub(r"[^a-z0-9]", "", name.lower())


def read_locations(path: Path) -> Graph:
    """A truth in the shape of ../derived (DiplomacyGM's, made by its own
    parser): ``locations`` with type, army and fleet moves and aliases; a
    ``SHUT`` space is impassable.  Aliases (the name, the config's
    abbreviations) resolve to the location's code."""
    import json
    data = json.loads(path.read_text())
    g = Graph()
    for code, loc in data["locations"].items():
        prov = code.split("/")[0]
        for a in list(loc.get("aliases") or []) + [loc.get("name") or ""]:
            if a and "/" not in code:
                g.alias.setdefault(a.lower(), code)
                g.alias.setdefault(squeeze(a), code)
        if "/" in code:
            g.coasts.add(code)
        else:
            g.names[code] = loc.get("name") or ""
        kind = (loc.get("type") or "").upper()
        if kind == "WATER":
            g.water.add(code)
        elif kind == "SHUT":
            g.impassable.add(prov)
        for other in loc.get("army_moves") or []:
            g.moves.add(_pair("army", code, other))
        for other in loc.get("fleet_moves") or []:
            g.moves.add(_pair("fleet", code, other))
    g.moves = {m for m in g.moves if m[1] != m[2]}
    return g


def jdip_centres(variants: Path, adjacency: str) -> Set[str]:
    """The centres of the first variant in variants.xml played on that adjacency file."""
    root = etree.parse(str(variants), etree.XMLParser(resolve_entities=False, no_network=True,
                                                      load_dtd=False)).getroot()
    for v in root.iter("VARIANT"):
        m = v.find("MAP")
        if m is not None and m.get("adjacencyURI") == adjacency:
            return {sc.get("province").lower() for sc in v.iter("SUPPLYCENTER")}
    return set()


def truth(reference: Path, name: str) -> Graph:
    _, graph, kind = CORPUS[name]
    path = reference / "corpus" / graph
    if kind == "jdip":
        g = read_jdip(path)
        g.centres = {g.alias.get(c, c) for c in jdip_centres(path.parent / "variants.xml", path.name)}
        return g
    if kind == "dvar":
        return read_dvar(path)
    if kind == "dgm":
        return read_locations(path)
    g = read_godip(path)
    g.centres = set(re.findall(r'Prov\("([^"/]+)"\)[^\n]*\.SC\(', path.read_text()))
    return g


@dataclass
class Score:
    precision: Dict[str, float]
    recall: Dict[str, float]
    coasts: float                      # named coasts matched by the waters they reach
    extra: Set[Tuple[str, str, str]]   # inferred, not in the graph
    missing: Set[Tuple[str, str, str]]  # in the graph, not inferred
    coast_misses: Set[str]
    found: float = 1.0                 # the graph's provinces the drawing gives, by code, alias or name
    named: float = 1.0                 # of those the graph names, the share named as the graph does
    wrong_names: Dict[str, Tuple[str, str]] = field(default_factory=dict)


def inferred_graph(inference) -> Graph:
    g = Graph()
    for e in inference.edges:
        for unit in ("army", "fleet"):
            if getattr(e.edge.units, unit):
                g.moves.add(_pair(unit, e.edge.a, e.edge.b))
    g.coasts = set(inference.coasts)
    g.water = {r.id for r in inference.regions.values() if r.terrain.value == "water"}
    return g


def score(inference, graph: Graph, undrawable=frozenset()) -> Score:
    """Precision and recall of army and fleet moves; links no drawing can
    show (``undrawable``) are left out of the truth, and moves touching an
    impassable space out of both sides."""
    got = inferred_graph(inference)
    # a drawn id the graph does not know is matched by the region's drawn name
    # (DiplomacyGM's codes are names squeezed; the drawing's may be abbreviations)
    spaces = graph.spaces()
    by_name = {}
    for r in inference.regions.values():
        if graph.name(r.id) not in spaces and r.name:
            hit = graph.alias.get(r.name.lower()) or graph.alias.get(squeeze(r.name))
            if hit:
                by_name[r.id] = hit

    def ours(loc: str) -> str:
        prov, _, coast = loc.partition("/")
        prov = by_name.get(prov) or graph.name(prov)
        return f"{prov}/{coast}" if coast else prov

    got.moves = {_pair(u, ours(a), ours(b)) for u, a, b in got.moves}
    got.coasts = {ours(c) for c in got.coasts}
    mine_ids = {ours(r): r for r in inference.regions}
    found = len(spaces & set(mine_ids)) / len(spaces) if spaces else 1.0
    wrong = {}
    judged = [p for p in spaces & set(mine_ids) if graph.names.get(p)]
    for p in judged:
        drawn = inference.regions[mine_ids[p]].name
        if squeeze(drawn) != squeeze(graph.names[p]):
            wrong[p] = (drawn, graph.names[p])
    named = 1 - len(wrong) / len(judged) if judged else 1.0
    # a drawn coast the graph names otherwise (jDip's art says sc, its graph ec)
    # is matched by elimination within its province
    rename: Dict[str, str] = {}
    for prov in {c.split("/")[0] for c in got.coasts}:
        mine = {c for c in got.coasts if c.startswith(prov + "/")}
        theirs = {c for c in graph.coasts if c.startswith(prov + "/")}
        if len(mine - theirs) == 1 and len(theirs - mine) == 1:
            rename[(mine - theirs).pop()] = (theirs - mine).pop()
    got.moves = {_pair(u, rename.get(a, a), rename.get(b, b)) for u, a, b in got.moves}
    got.coasts = {rename.get(c, c) for c in got.coasts}

    def keep(m):
        return m[1].split("/")[0] not in graph.impassable and m[2].split("/")[0] not in graph.impassable

    want = {m for m in graph.moves if keep(m)} - set(undrawable)
    have = {m for m in got.moves if keep(m)} - set(undrawable)
    precision, recall = {}, {}
    for unit in ("army", "fleet"):
        h = {m for m in have if m[0] == unit}
        w = {m for m in want if m[0] == unit}
        precision[unit] = len(h & w) / len(h) if h else 1.0
        recall[unit] = len(h & w) / len(w) if w else 1.0
    theirs, mine = graph.coast_waters(), {}
    for c in got.coasts:
        mine[c] = frozenset(b if a == c else a for u, a, b in have
                            if u == "fleet" and c in (a, b) and (b if a == c else a) in graph.water)
    misses = {c for c, w in theirs.items() if mine.get(c) != w}
    coasts = 1 - len(misses) / len(theirs) if theirs else 1.0
    return Score(precision, recall, coasts, have - want, want - have, misses, found, named, wrong)
