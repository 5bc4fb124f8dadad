"""Scoring a read webDiplomacy folder against its truth.json: the graph by
territory names, the outlines traced from its picture."""
import json
import time
from pathlib import Path

from shapely.geometry import Point

from variantkit.formats.webdiplomacy_read import outlines, read
from variantkit.graph import Graph
from variantkit.model import UnitType


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


def truth_graph(truth):
    locs = truth["locations"]
    name = {k: r["name"] for k, r in locs.items()}
    return {r["name"]: (frozenset(name[m] for m in r["army_moves"]), frozenset(name[m] for m in r["fleet_moves"]))
            for r in locs.values()}


def outline_score(v, folder: Path):
    """(territories whose outline holds their point and overlaps no other's, of all territories)."""
    picture = (folder / "map.png").read_bytes() if (folder / "map.png").exists() else \
        (folder / "resources" / "map.png").read_bytes()
    _, shapes = outlines(v, picture)
    good = 0
    ids = [p.id for p in v.provinces]
    from shapely.strtree import STRtree
    geoms = [shapes[i] for i in ids if i in shapes]
    gid = [i for i in ids if i in shapes]
    tree = STRtree(geoms)
    for p in v.provinces:
        shape = shapes.get(p.id)
        if shape is None or not shape.contains(Point(p.unit_pos)):
            continue
        overlap = sum(shape.intersection(geoms[j]).area for j in tree.query(shape) if gid[j] != p.id)
        if overlap <= 0.01 * shape.area:
            good += 1
    return good, len(ids)


def score(folder: Path):
    t0 = time.perf_counter()
    v, problems = read(str(folder))
    seconds = time.perf_counter() - t0
    truth = json.loads((folder / "truth.json").read_text())
    return v, problems, seconds, truth_graph(truth), (our_graph(v) if v is not None else None)
