"""Links a drawing's files state outside its shapes (DiplomacyGM's config
overrides): links added or removed, and named coasts that exist only as the
list of what each coast's fleet reaches.  Applied after the shapes are read,
so the file's word wins over the geometry."""
from __future__ import annotations

from typing import Dict, List, Optional, Sequence, Tuple

from ...model import Crossing, Edge, Terrain, split_location
from .infer import EdgeProposal, Inference


def _units(inference: Inference, a: str, b: str) -> Optional[Crossing]:
    ta, tb = (inference.regions[split_location(x)[0]].terrain for x in (a, b))
    if Terrain.IMPASSABLE in (ta, tb):
        return None
    army = Terrain.WATER not in (ta, tb)
    fleet = Terrain.WATER in (ta, tb) or (ta is Terrain.COAST and tb is Terrain.COAST)
    return Crossing.of(army, fleet)


def apply_stated(inference: Inference, added: Sequence[Tuple[str, str]], removed: Sequence[Tuple[str, str]],
                 coasts: Dict[str, List[str]], rivers: Sequence[Tuple[str, str]] = ()) -> None:
    known = inference.regions
    _rivers(inference, rivers)
    gone = {tuple(sorted(p)) for p in removed if all(x in known for x in p)}
    edges = [e for e in inference.edges if (e.edge.a, e.edge.b) not in gone]
    have = {(e.edge.a, e.edge.b) for e in edges}
    for a, b in added:
        if a in known and b in known and a != b and tuple(sorted((a, b))) not in have:
            x, y = sorted((a, b))
            units = _units(inference, x, y)
            if units is not None:
                edges.append(EdgeProposal(Edge(x, y, units), "the config adds the link", 0.0, 1.0))
                have.add((x, y))
    split = {split_location(c)[0] for c in coasts if split_location(c)[0] in known}
    if split:
        # fleets reach a two-coast province through its coasts only
        kept = []
        for e in edges:
            if (e.edge.a in split or e.edge.b in split) and e.edge.units.fleet:
                if not e.edge.units.army:
                    continue
                e = EdgeProposal(Edge(e.edge.a, e.edge.b, Crossing.ARMY), e.reason, e.border, e.confidence)
            kept.append(e)
        edges = kept
        for cid, reach in sorted(coasts.items()):
            parent = split_location(cid)[0]
            if parent not in split:
                continue
            inference.coasts[cid] = known[parent].geom
            for other in reach:
                if other in known and other != parent:
                    x, y = sorted((cid, other))
                    edges.append(EdgeProposal(Edge(x, y, Crossing.FLEET), f"the config says {cid} reaches {other}",
                                              0.0, 1.0))
            if known[parent].terrain is Terrain.LAND:
                known[parent].terrain = Terrain.COAST
    inference.edges = edges


def _rivers(inference: Inference, rivers: Sequence[Tuple[str, str]]) -> None:
    """Provinces along one drawn river that border each other: their army
    link carries fleets too (flagged below the doubt line: a strip may be a
    road or a border drawn thick).  Two seas a drawn channel joins are
    linked for fleets, flagged the same."""
    pairs = {tuple(sorted(p)) for p in rivers}
    have = {(e.edge.a, e.edge.b) for e in inference.edges}
    for a, b in sorted(pairs - have):
        ra, rb = inference.regions.get(a), inference.regions.get(b)
        if ra is None or rb is None or Terrain.IMPASSABLE in (ra.terrain, rb.terrain):
            continue
        if ra.terrain is Terrain.WATER and rb.terrain is Terrain.WATER:
            inference.edges.append(EdgeProposal(Edge(a, b, Crossing.FLEET), "a channel drawn between them",
                                                0.0, 0.55))
    for k, e in enumerate(inference.edges):
        if (e.edge.a, e.edge.b) in pairs and e.edge.units is Crossing.ARMY:
            for x in (e.edge.a, e.edge.b):
                if inference.regions[x].terrain is Terrain.LAND:
                    inference.regions[x].terrain = Terrain.COAST
            inference.edges[k] = EdgeProposal(Edge(e.edge.a, e.edge.b, Crossing.BOTH),
                                              e.reason + "; a river drawn along both", e.border,
                                              min(e.confidence, 0.55))
