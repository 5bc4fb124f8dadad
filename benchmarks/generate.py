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


def voronoi_drawing(n: int, seed: int = 1) -> str:
    """A plain SVG drawing of ``n`` Voronoi-shaped provinces (about a fifth of
    them sea, along the edges and in a few inland seas), each a polygon with
    an id and a terrain fill, as a designer's sketch would be: what the
    importer and the editor open."""
    import random

    from shapely.geometry import MultiPoint, box
    from shapely.ops import voronoi_diagram

    rng = random.Random(seed)
    side = 40.0 * math.sqrt(n)  # about 40 units a province across
    points = MultiPoint([(rng.uniform(0, side), rng.uniform(0, side)) for _ in range(n)])
    frame = box(0, 0, side, side)
    cells = [c.intersection(frame) for c in voronoi_diagram(points, envelope=frame).geoms]
    lakes = [(rng.uniform(0, side), rng.uniform(0, side)) for _ in range(max(1, n // 150))]
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {side:.0f} {side:.0f}" '
           f'width="{side:.0f}" height="{side:.0f}">']
    for i, cell in enumerate(sorted(cells, key=lambda c: (round(c.centroid.y), c.centroid.x))):
        x, y = cell.centroid.x, cell.centroid.y
        edge = min(x, y, side - x, side - y) < 45
        lake = any(math.hypot(x - lx, y - ly) < 55 for lx, ly in lakes)
        fill = "#99ccff" if edge or lake else "#eedd99"
        ring = " ".join(f"{px:.1f},{py:.1f}" for px, py in list(cell.exterior.coords)[:-1])
        out.append(f'<polygon id="p{i:04d}" fill="{fill}" stroke="#333" points="{ring}"/>')
    out.append("</svg>")
    return "\n".join(out)
