"""Terrain from what the drawing says and what lies around each region:
land that borders water is a coast, a region touching nothing is an
off-board box, water within a land province's outline lies inside it."""
from __future__ import annotations

from typing import Dict, Set

from ...model import Terrain


def classify(regions: Dict, neighbours: Dict[str, Set[str]], gaps: Dict[str, float],
             coast_parents: Set[str]) -> None:
    for r in regions.values():
        if not neighbours[r.id]:
            r.offboard = True
            r.reason += "; touches nothing: an off-board box, to be linked by hand"
        elif r.terrain is Terrain.LAND and any(regions[n].terrain is Terrain.WATER for n in neighbours[r.id]):
            r.terrain = Terrain.COAST
            r.reason = "land that borders water"
    for r in regions.values():
        if r.terrain is not Terrain.WATER or r.offboard:
            continue
        for n in neighbours[r.id]:
            host = regions[n]
            if host.terrain in (Terrain.LAND, Terrain.COAST) and \
                    host.geom.convex_hull.buffer(gaps[n]).contains(r.geom) and r.geom.area < host.geom.area:
                r.inside = host.id
                r.reason += f"; lies inside {host.id}"
    for parent in coast_parents:
        if parent in regions and regions[parent].terrain is Terrain.LAND:
            regions[parent].terrain = Terrain.COAST
