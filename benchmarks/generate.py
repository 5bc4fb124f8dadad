"""Generated variants of any size, for scale benchmarks.

A grid of ``side x side`` provinces: a water border around a land-and-coast
interior, one power per 50 provinces with three home centres each.
"""
from __future__ import annotations

import math

from variantkit.model import Crossing, Edge, Power, Province, Rules, Terrain, Unit, UnitType, Variant


def grid_variant(n: int) -> Variant:
    side = max(3, int(math.ceil(math.sqrt(n))))
    cells = [(r, c) for r in range(side) for c in range(side)][:n]
    present = set(cells)

    def pid(r, c):
        return f"p{r}x{c}"

    def terrain(r, c):
        if r in (0, side - 1) or c in (0, side - 1):
            return Terrain.WATER
        near_water = any((rr in (0, side - 1) or cc in (0, side - 1))
                         for rr, cc in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)))
        return Terrain.COAST if near_water else Terrain.LAND

    provinces = [Province(pid(r, c), f"Province {r}-{c}", terrain(r, c),
                          center=(r * 7 + c) % 3 == 0 and terrain(r, c) is not Terrain.WATER)
                 for r, c in cells]
    kinds = {pid(r, c): terrain(r, c) for r, c in cells}
    edges = []
    for r, c in cells:
        for rr, cc in ((r + 1, c), (r, c + 1)):
            if (rr, cc) not in present:
                continue
            a, b = kinds[pid(r, c)], kinds[pid(rr, cc)]
            army = a.army_may_stand and b.army_may_stand
            fleet = a.fleet_may_stand and b.fleet_may_stand and (
                Terrain.WATER in (a, b) or (r in (1, side - 2) and rr in (1, side - 2))
                or (c in (1, side - 2) and cc in (1, side - 2)))
            if army or fleet:
                edges.append(Edge(pid(r, c), pid(rr, cc), Crossing.of(army, fleet)))
    centers = [p.id for p in provinces if p.center]
    powers = []
    for i in range(max(2, n // 50)):
        homes = tuple(centers[3 * i:3 * i + 3])
        if len(homes) < 3:
            break
        units = tuple(Unit(UnitType.ARMY, h) for h in homes)
        powers.append(Power(f"power{i}", f"Power {i}", f"Power-{i}ish", "", "", homes, units))
    return Variant(f"grid{n}", f"Grid of {n}", tuple(provinces), tuple(edges), tuple(powers),
                   Rules(victory=len(centers) // 2 + 1))
