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
}


@dataclass
class Graph:
    moves: Set[Tuple[str, str, str]] = field(default_factory=set)
    impassable: Set[str] = field(default_factory=set)
    coasts: Set[str] = field(default_factory=set)          # prov/xc
    water: Set[str] = field(default_factory=set)
    alias: Dict[str, str] = field(default_factory=dict)    # other names -> the graph's
    centres: Set[str] = field(default_factory=set)

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
    for prov in root.iter("PROVINCE"):
        short = prov.get("shortname").lower()
        alias[short] = short
        for u in prov.iter("UNIQUENAME"):
            alias[u.get("name").lower()] = short

    def loc(ref: str) -> str:
        ref = ref.lower()
        if "-" in ref:
            p, c = ref.split("-", 1)
            return f"{alias.get(p, p)}/{c}"
        return alias.get(ref, ref)

    g = Graph(alias=alias)
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
    got.moves = {_pair(u, graph.name(a), graph.name(b)) for u, a, b in got.moves}
    got.coasts = {graph.name(c) for c in got.coasts}
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
    return Score(precision, recall, coasts, have - want, want - have, misses)
