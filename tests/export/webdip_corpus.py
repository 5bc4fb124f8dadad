"""Scoring an imported webDiplomacy folder against its truth.json: the graph
by territory names, the outlines as written in the imported art."""
import json
import re
from pathlib import Path

from lxml import etree
from shapely.geometry import Point, Polygon
from shapely.strtree import STRtree

from variantkit.graph import Graph
from variantkit.model import UnitType

CORPUS = "corpus/raster/vdiplomacy"


def location_names(v):
    names = {}
    for p in v.provinces:
        names[p.id] = p.name
        for c in p.coasts:
            names[f"{p.id}/{c.id}"] = f"{p.name} ({c.name})"
    return names


def our_graph(v):
    g = Graph(v)
    names = location_names(v)
    return {names[loc]: (frozenset(names[m] for m in g.moves(UnitType.ARMY, loc)),
                         frozenset(names[m] for m in g.moves(UnitType.FLEET, loc))) for loc in names}


def truth_graph(folder: Path):
    locs = json.loads((folder / "truth.json").read_text())["locations"]
    name = {k: r["name"] for k, r in locs.items()}
    return {r["name"]: (frozenset(name[m] for m in r["army_moves"]), frozenset(name[m] for m in r["fleet_moves"]))
            for r in locs.values()}


def art_outlines(svg: Path):
    """Province id -> its outline, from the paths of the imported art (even-odd rings)."""
    tree = etree.parse(str(svg), etree.XMLParser(resolve_entities=False, no_network=True, huge_tree=True))
    out = {}
    for path in tree.iter("{http://www.w3.org/2000/svg}path"):
        shape = None
        for ring in re.findall(r"M([^MZ]+)Z", path.get("d")):
            pts = [tuple(map(float, xy.split(","))) for xy in re.findall(r"-?[\d.]+,-?[\d.]+", ring)]
            poly = Polygon(pts).buffer(0)
            shape = poly if shape is None else shape.symmetric_difference(poly)
        out[path.get("id")] = shape
    return out


def outline_score(v, shapes):
    """Territories whose outline holds their point and overlaps no other's, of all territories."""
    ids = [i for i in shapes if shapes[i] is not None]
    tree = STRtree([shapes[i] for i in ids])
    good = 0
    for p in v.provinces:
        shape = shapes.get(p.id)
        if shape is None or not shape.contains(Point(p.unit_pos)):
            continue
        overlap = sum(shape.intersection(shapes[ids[j]]).area for j in tree.query(shape) if ids[j] != p.id)
        if overlap <= 0.01 * shape.area:
            good += 1
    return good, len(v.provinces)
