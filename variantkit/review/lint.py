"""Map lint: what is legal but probably not what the designer meant, or what
another judge would read differently.  Every finding is a warning (VK55x).

Rules that need the drawing (four provinces at a point, borders the drawing
shows but the graph lacks) run only when shapes are given: province id ->
shapely geometry, from the variant's art (:func:`shapes_from_art`).
"""
from __future__ import annotations

import itertools
import logging
import tempfile
from typing import Any, Dict, List, Mapping, Optional, Set, Tuple

from ..graph import Graph
from ..model import Terrain, UnitType, Variant, split_location
from ..problems import Problem
from .reach import Reach, province_neighbours

log = logging.getLogger(__name__)

Shapes = Mapping[str, Any]  # province id -> shapely geometry
# export findings about how the export was run, not about the map
_ABOUT_THE_RUN = {"VK728", "VK740", "VK745"}


# every code the lint emits: warnings about the design, never about validity
CODES = frozenset({"VK550", "VK551", "VK552", "VK553", "VK554", "VK555", "VK556", "VK558",
                   "VK559"})


class _Lint:
    def __init__(self, variant: Variant, source=None):
        self.v = variant
        self.source = source
        self.graph = Graph(variant)
        self.adj = province_neighbours(self.graph)
        self.out: List[Problem] = []

    def place(self, message: str) -> Tuple:
        """The province or power a finding names first (its line in the file),
        the rules for a rule, else the top of the file."""
        powers = {pw.id for pw in self.v.powers}
        for word in message.replace(",", " ").replace(":", " ").split():
            pid = split_location(word.strip("'\"()."))[0]
            if pid in self.adj:
                return ("provinces", pid)
            if pid in powers:
                return ("powers", pid)
        return ("rules",) if "rule" in message.lower() else ()

    def warn(self, path: Tuple, code: str, /, **params: object) -> None:
        """The finding ``code`` in the registry's words (Problem.of), placed at ``path`` in the file."""
        problem = Problem.of(code, **params)
        if self.source is not None:
            line, col = self.source.locate(path)
            problem = problem.at(self.source.file, line, col)
        self.out.append(problem)

    # -- rules that need the drawing ------------------------------------------
    def corners(self, shapes: Shapes, tolerance: float) -> None:
        """VK550: four or more provinces meet at one point of the drawing."""
        from shapely import STRtree
        from shapely.geometry import Point
        ids = sorted(shapes)
        tree = STRtree([shapes[i] for i in ids])
        seen: Set[frozenset] = set()
        for pid in ids:
            geom = shapes[pid]
            for part in getattr(geom, "geoms", [geom]):
                for x, y in part.exterior.coords:
                    spot = Point(x, y).buffer(tolerance)
                    near = frozenset(ids[i] for i in tree.query(spot, predicate="intersects"))
                    if len(near) < 4 or near in seen:
                        continue
                    seen.add(near)
                    names = sorted(near)
                    unlinked = [f"{a}-{b}" for a, b in itertools.combinations(names, 2)
                                if b not in self.adj.get(a, ())]
                    self.warn(("provinces", names[0]), "VK550", provinces=", ".join(names), x=f"{x:.0f}",
                              y=f"{y:.0f}", unlinked=f" (not linked: {', '.join(unlinked)})" if unlinked else "")

    def drawn_triangles(self, shapes: Shapes, tolerance: float) -> None:
        """VK551: linked neighbours with no common neighbour, though the
        drawing shows a third province touching both."""
        touching: Dict[str, Set[str]] = {pid: set() for pid in shapes}
        from shapely import STRtree
        ids = sorted(shapes)
        tree = STRtree([shapes[i] for i in ids])
        for pid in ids:
            for i in tree.query(shapes[pid].buffer(tolerance), predicate="intersects"):
                if ids[i] != pid:
                    touching[pid].add(ids[i])
        for a in sorted(self.adj):
            for b in sorted(self.adj[a]):
                if b <= a or self.adj[a] & self.adj[b]:
                    continue
                third = sorted((touching.get(a, set()) & touching.get(b, set())) - {a, b})
                if third:
                    self.warn(("provinces", a), "VK551", a=a, b=b, third=", ".join(third), first=third[0])

    def shores(self, shapes: Shapes, tolerance: float) -> None:
        """VK558: a coast touches a sea in the drawing with no fleet link."""
        for p in self.v.provinces:
            if p.terrain is not Terrain.COAST or p.id not in shapes:
                continue
            reached = self._seas_reached(p.id)
            for w in self.v.provinces:
                if w.terrain is not Terrain.WATER or w.id not in shapes or w.id in reached:
                    continue
                if w.inside == p.id or p.id in (w.inside or ""):
                    continue
                if shapes[p.id].buffer(tolerance).intersection(shapes[w.id]).length > 6 * tolerance:
                    self.warn(("provinces", p.id), "VK558", province=p.id, sea=w.id)

    # -- rules on the graph ----------------------------------------------------
    def _seas_reached(self, pid: str) -> Set[str]:
        seas = set()
        for loc in self.graph.fleet_locations(pid):
            seas |= {split_location(n)[0] for n in self.graph.moves(UnitType.FLEET, loc)
                     if self.graph.provinces[split_location(n)[0]].terrain is Terrain.WATER}
        return seas

    def landlocked_coasts(self) -> None:
        """VK552: a coastal province (or one of its coasts) from which no fleet reaches any sea."""
        water = {p.id for p in self.v.provinces if p.terrain is Terrain.WATER}
        if not water:
            return
        for p in self.v.provinces:
            if p.terrain is not Terrain.COAST:
                continue
            for loc in self.graph.fleet_locations(p.id):
                seas = {split_location(n)[0] for n in self.graph.moves(UnitType.FLEET, loc)} & water
                if not seas:
                    self.warn(("provinces", p.id), "VK552", location=loc)

    def unreached_centres(self) -> None:
        """VK553: a neutral centre no starting unit can reach in the first year."""
        if not any(pw.units for pw in self.v.powers):
            return
        owned = {c for pw in self.v.powers for c in pw.starting_centers}
        reached = set().union(*Reach(self.v).first_year().values())
        for c in self.v.centers:
            if c not in owned and c not in reached:
                self.warn(("provinces", c), "VK553", province=c)

    def adjacent_homes(self) -> None:
        """VK554: home centres of two powers side by side."""
        home_of = {h: pw.id for pw in self.v.powers for h in pw.homes}
        pairs = {tuple(sorted((h, n))) for h in home_of for n in self.adj.get(h, ())
                 if n in home_of and home_of[h] != home_of[n]}
        for a, b in sorted(pairs):
            self.warn(("powers", home_of[a], "homes"), "VK554", a=a, power=home_of[a], b=b, other=home_of[b])

    def one_way(self) -> None:
        """VK555: a link that runs one way only."""
        for i, e in enumerate(self.v.edges):
            if e.oneway:
                self.warn(("edges", i), "VK555", a=e.a, b=e.b, units=e.units.value)

    def portability(self) -> None:
        """VK556: what each judge's or host's importer would read differently."""
        from ..formats import formats
        from ..validate import check
        for p in check(self.v, self.source):  # names other judges read as something else
            if p.code in ("VK112", "VK113"):  # both name what DPjudge's parser rejects
                self.out.append(Problem.of("VK556", format="dpjudge", message=p.message, code=p.code, hint=p.hint)
                                .at(p.file, p.line, p.column))
        for name, fmt in sorted(formats().items()):
            if not fmt.writes:
                continue
            with tempfile.TemporaryDirectory() as tmp:
                try:
                    report = fmt.export(self.v, f"{tmp}/out{fmt.extension}")
                except Exception as exc:  # a writer that fails is itself a finding; its traceback is logged
                    log.exception("the %s export of %s failed", name, self.v.id)
                    self.warn((), "VK559", format=name, error=f"{type(exc).__name__}: {exc}")
                    continue
            by_code: Dict[str, List[Problem]] = {}
            for p in report.problems:
                if p.code not in _ABOUT_THE_RUN:
                    by_code.setdefault(p.code, []).append(p)
            for code, found in by_code.items():
                more = f" (and {len(found) - 1} more like it)" if len(found) > 1 else ""
                self.warn(self.place(found[0].message), "VK556", format=name, message=found[0].message + more,
                          code=code, hint=found[0].hint)


def lint(variant: Variant, source=None, shapes: Optional[Shapes] = None,
         portability: bool = True) -> List[Problem]:
    """Every lint warning of ``variant``; ``source`` (a SourceMap) places them
    in its file, ``shapes`` adds the rules that look at the drawing."""
    run = _Lint(variant, source)
    if shapes:
        from ..drawing.geometry.borders import find_borders
        # the paper hand drawing leaves between neighbours, measured as the importer does
        # (each region's own widest bridged gap); the lint looks as far as the median one
        gaps = sorted(find_borders(list(shapes.values()), 1.5).gaps)
        tolerance = max(1.5, gaps[len(gaps) // 2]) if gaps else 1.5
        run.corners(shapes, tolerance)
        run.drawn_triangles(shapes, tolerance)
        run.shores(shapes, tolerance)
    run.landlocked_coasts()
    run.unreached_centres()
    run.adjacent_homes()
    run.one_way()
    if portability:
        run.portability()
    return run.out


def shapes_from_art(variant: Variant, art_file: str) -> Dict[str, Any]:
    """Province id -> its shape in the drawing (names matched through aliases)."""
    from ..drawing.art import infer_svg
    from ..names import NameIndex
    _, inference = infer_svg(art_file)
    names = NameIndex(variant)
    out = {}
    for rid, region in inference.regions.items():
        pid = names.location(rid)
        if pid and "/" not in pid:
            out[pid] = region.geom
    return out
