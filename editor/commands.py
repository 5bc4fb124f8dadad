"""Every change to the document is one of these undo commands.

A command holds the document's state before and after (the variant is
frozen, so a snapshot costs little) and swaps between them; it never touches
view items.  A whole vertex drag merges into one command.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Dict, List, Optional, Tuple

from PySide6.QtGui import QUndoCommand

from variantkit.model import Coast, Crossing, Edge, Power, Province, Terrain, Unit, Variant

from .document import Document, Ring


class _Change(QUndoCommand):
    kind = "variant"

    def __init__(self, doc: Document, text: str):
        super().__init__(text)
        self.doc = doc
        self.before = doc.snapshot()
        self.after = None

    def build(self, variant: Variant, outlines) -> None:
        """Subclasses compute the state after the change once, here."""
        raise NotImplementedError

    def redo(self) -> None:
        if self.after is None:
            variant, outlines = self.doc.snapshot()
            self.build(variant, outlines)
        self.doc.restore(self.after, self.kind)

    def undo(self) -> None:
        self.doc.restore(self.before, self.kind)

    def _done(self, variant: Variant, outlines) -> None:
        self.after = (variant, outlines)


def _provinces(v: Variant, pid: str, fn) -> Tuple[Province, ...]:
    return tuple(fn(p) if p.id == pid else p for p in v.provinces)


class SetProvinceField(_Change):
    """Change one field of a province (name, aliases, terrain, centre, ...)."""

    def __init__(self, doc: Document, pid: str, field: str, value: Any):
        super().__init__(doc, f"Set {field} of {pid}")
        self.pid, self.field, self.value = pid, field, value

    def build(self, v, outlines):
        value = self.value
        if self.field == "terrain":
            value = Terrain(value)
        self._done(replace(v, provinces=_provinces(v, self.pid, lambda p: replace(p, **{self.field: value}))),
                   outlines)


class RenameProvince(_Change):
    """Change a province's id everywhere it is used (edges, homes, units, outlines)."""

    def __init__(self, doc: Document, old: str, new: str):
        super().__init__(doc, f"Rename {old} to {new}")
        self.old, self.new = old, new

    def build(self, v, outlines):
        def swap(loc: str) -> str:
            prov, slash, coast = loc.partition("/")
            return self.new + slash + coast if prov == self.old else loc
        provinces = _provinces(v, self.old, lambda p: replace(p, id=self.new))
        provinces = tuple(replace(p, inside=self.new) if p.inside == self.old else p for p in provinces)
        edges = tuple(replace(e, a=swap(e.a), b=swap(e.b)) for e in v.edges)
        powers = tuple(replace(pw, homes=tuple(swap(h) for h in pw.homes),
                               units=tuple(Unit(u.type, swap(u.location)) for u in pw.units))
                       for pw in v.powers)
        outlines = dict(outlines)
        if self.old in outlines:
            outlines[self.new] = outlines.pop(self.old)
        self._done(replace(v, provinces=provinces, edges=edges, powers=powers), outlines)


class AddProvince(_Change):
    kind = "outlines"

    def __init__(self, doc: Document, province: Province, rings: Optional[List[Ring]] = None):
        super().__init__(doc, f"Add {province.id}")
        self.province, self.rings = province, rings or []

    def build(self, v, outlines):
        outlines = dict(outlines)
        if self.rings:
            outlines[self.province.id] = [list(r) for r in self.rings]
        self._done(replace(v, provinces=v.provinces + (self.province,)), outlines)


class RemoveProvince(_Change):
    kind = "outlines"

    def __init__(self, doc: Document, pid: str):
        super().__init__(doc, f"Remove {pid}")
        self.pid = pid

    def build(self, v, outlines):
        gone = lambda loc: loc.split("/")[0] == self.pid  # noqa: E731
        outlines = {k: r for k, r in outlines.items() if k != self.pid}
        self._done(replace(
            v, provinces=tuple(p for p in v.provinces if p.id != self.pid),
            edges=tuple(e for e in v.edges if not gone(e.a) and not gone(e.b)),
            powers=tuple(replace(pw, homes=tuple(h for h in pw.homes if h != self.pid),
                                 units=tuple(u for u in pw.units if not gone(u.location)))
                         for pw in v.powers)), outlines)


class AddCoast(_Change):
    def __init__(self, doc: Document, pid: str, coast: str, name: str = ""):
        super().__init__(doc, f"Add coast {pid}/{coast}")
        self.pid, self.coast, self.name = pid, coast, name

    def build(self, v, outlines):
        self._done(replace(v, provinces=_provinces(
            v, self.pid, lambda p: replace(p, terrain=Terrain.COAST,
                                           coasts=p.coasts + (Coast(self.coast, self.name),)))), outlines)


class LinkSpaces(_Change):
    """Add an edge, or widen one to more unit types."""

    def __init__(self, doc: Document, edge: Edge):
        super().__init__(doc, f"Link {edge.a} - {edge.b}")
        self.edge = edge

    def build(self, v, outlines):
        e = self.edge
        edges = list(v.edges)
        for i, have in enumerate(edges):
            if {have.a, have.b} == {e.a, e.b}:
                edges[i] = replace(have, units=Crossing.of(have.units.army or e.units.army,
                                                           have.units.fleet or e.units.fleet),
                                   strait=have.strait or e.strait)
                break
        else:
            edges.append(e)
        self._done(replace(v, edges=tuple(edges)), outlines)


class UnlinkSpaces(_Change):
    def __init__(self, doc: Document, a: str, b: str):
        super().__init__(doc, f"Unlink {a} - {b}")
        self.a, self.b = a, b

    def build(self, v, outlines):
        self._done(replace(v, edges=tuple(e for e in v.edges if {e.a, e.b} != {self.a, self.b})), outlines)


class MoveVertex(_Change):
    """Move one vertex of an outline; a whole drag merges into one step."""
    kind = "outlines"
    ID = 1001

    def __init__(self, doc: Document, pid: str, ring: int, index: int, pos: Tuple[float, float]):
        super().__init__(doc, f"Move a vertex of {pid}")
        self.pid, self.ring, self.index, self.pos = pid, ring, index, pos
        self.kind = f"outline:{pid}"  # only this province's shape needs redrawing

    def id(self) -> int:
        return self.ID

    def build(self, v, outlines):
        outlines = {k: [list(r) for r in rings] for k, rings in outlines.items()}
        ring = outlines[self.pid][self.ring]
        closed = len(ring) > 2 and tuple(ring[0]) == tuple(ring[-1])
        ring[self.index] = tuple(self.pos)
        if closed and self.index in (0, len(ring) - 1):  # the closing point is the first one
            ring[0] = ring[-1] = tuple(self.pos)
        self._done(v, outlines)

    def mergeWith(self, other) -> bool:
        if not isinstance(other, MoveVertex) or (other.pid, other.ring, other.index) != \
                (self.pid, self.ring, self.index):
            return False
        self.pos = other.pos
        self.after = other.after
        return True


class SetPower(_Change):
    """Add a power, or change one (homes, units, name, letter, colour)."""

    def __init__(self, doc: Document, power: Power):
        super().__init__(doc, f"Set power {power.id}")
        self.power = power

    def build(self, v, outlines):
        powers = [self.power if p.id == self.power.id else p for p in v.powers]
        if not any(p.id == self.power.id for p in v.powers):
            powers.append(self.power)
        self._done(replace(v, powers=tuple(powers)), outlines)


class SetRules(_Change):
    def __init__(self, doc: Document, **fields):
        super().__init__(doc, "Set rules")
        self.fields = fields

    def build(self, v, outlines):
        self._done(replace(v, rules=replace(v.rules, **self.fields)), outlines)


class AcceptProposals(_Change):
    """Accept proposed edges (one, or all at once) as one undo step."""

    def __init__(self, doc: Document, edges: List[Edge]):
        super().__init__(doc, f"Accept {len(edges)} proposed edge(s)")
        self.edges = edges

    def build(self, v, outlines):
        have = {(e.a, e.b) for e in v.edges}
        new = tuple(e for e in self.edges if (e.a, e.b) not in have)
        self._done(replace(v, edges=v.edges + new), outlines)


class MergeProvinces(_Change):
    """Two provinces become one: the first keeps its id; shapes, centres,
    links, homes and units are joined."""
    kind = "outlines"

    def __init__(self, doc: Document, keep: str, gone: str):
        super().__init__(doc, f"Merge {gone} into {keep}")
        self.keep, self.gone = keep, gone

    def build(self, v, outlines):
        from shapely.geometry import Polygon
        from shapely.ops import unary_union

        def swap(loc: str) -> str:
            prov, slash, coast = loc.partition("/")
            return self.keep if prov == self.gone else loc

        parts = [Polygon(r) for pid in (self.keep, self.gone) for r in outlines.get(pid, []) if len(r) > 2]
        outlines = {k: r for k, r in outlines.items() if k != self.gone}
        if parts:
            merged = unary_union([p.buffer(0.5) for p in parts]).buffer(-0.5)
            outlines[self.keep] = [[(round(x, 2), round(y, 2)) for x, y in part.exterior.coords]
                                   for part in getattr(merged, "geoms", [merged])]
        gone = v.province(self.gone)
        provinces = tuple(replace(p, center=p.center or gone.center,
                                  aliases=p.aliases + (gone.id,) + gone.aliases) if p.id == self.keep else p
                          for p in v.provinces if p.id != self.gone)
        edges, seen = [], set()
        for e in v.edges:
            a, b = swap(e.a), swap(e.b)
            if a.split("/")[0] == b.split("/")[0]:
                continue  # the link between the two is inside the merged province now
            key = (min(a, b), max(a, b), e.units.value)
            if key in seen:
                continue
            seen.add(key)
            edges.append(replace(e, a=a, b=b))
        powers = tuple(replace(pw, homes=tuple(dict.fromkeys(swap(h) for h in pw.homes)),
                               units=tuple(Unit(u.type, swap(u.location)) for u in pw.units))
                       for pw in v.powers)
        self._done(replace(v, provinces=provinces, edges=tuple(edges), powers=powers), outlines)


class SplitProvince(_Change):
    """Cut a province along a drawn line: the part on one side keeps the id,
    the other becomes a new province bordering it; links are proposed again
    by the drawing, so the new province starts with the old one's neighbours
    that its shape still touches."""
    kind = "outlines"

    def __init__(self, doc: Document, pid: str, line: List[Tuple[float, float]], new_id: str):
        super().__init__(doc, f"Split {pid}")
        self.pid, self.line, self.new_id = pid, line, new_id

    def build(self, v, outlines):
        from shapely.geometry import LineString, Polygon
        from shapely.ops import split, unary_union
        shape = unary_union([Polygon(r) for r in outlines.get(self.pid, []) if len(r) > 2])
        pieces = sorted(split(shape, LineString(self.line)).geoms, key=lambda g: -g.area)
        if len(pieces) < 2:
            self._done(v, outlines)  # the line does not cross the province: nothing to split
            return
        keep, rest = pieces[0], unary_union(pieces[1:])
        ring = lambda g: [[(round(x, 2), round(y, 2)) for x, y in p.exterior.coords]  # noqa: E731
                          for p in getattr(g, "geoms", [g])]
        outlines = dict(outlines)
        outlines[self.pid], outlines[self.new_id] = ring(keep), ring(rest)
        old = v.province(self.pid)
        centre = rest.representative_point()
        new = Province(self.new_id, self.new_id.upper(), old.terrain, unit_pos=(round(centre.x, 1), round(centre.y, 1)),
                       label_pos=(round(centre.x, 1), round(centre.y, 1)))
        from variantkit.model import Crossing
        army = old.terrain.army_may_stand
        fleet = old.terrain.fleet_may_stand and not old.coasts
        edges = v.edges + ((Edge(*sorted((self.pid, self.new_id)), Crossing.of(army, fleet)),)
                           if army or fleet else ())
        self._done(replace(v, provinces=v.provinces + (new,), edges=edges), outlines)


class SetCoasts(_Change):
    """Name a province's coasts and the waters and shores each reaches: its
    fleet links move onto the coasts (``{"nc": ["bar", "nwy"], "sc": ["bot"]}``);
    an empty mapping makes it a single-coast province again."""

    def __init__(self, doc: Document, pid: str, coasts: Dict[str, List[str]]):
        super().__init__(doc, f"Set the coasts of {pid}")
        self.pid, self.coasts = pid, coasts

    def build(self, v, outlines):
        old = v.province(self.pid)
        names = {"nc": "North Coast", "sc": "South Coast", "ec": "East Coast", "wc": "West Coast"}
        mine = lambda loc: loc.split("/")[0] == self.pid  # noqa: E731
        fleet_edges = [e for e in v.edges if e.units.fleet and (mine(e.a) or mine(e.b))]
        others = {(e.b if mine(e.a) else e.a) for e in fleet_edges}
        edges = []
        for e in v.edges:
            if e in fleet_edges:
                if e.units.army:  # the army half stays on the province
                    edges.append(replace(e, units=Crossing.ARMY, a=e.a.split("/")[0] if mine(e.a) else e.a,
                                         b=e.b.split("/")[0] if mine(e.b) else e.b))
                continue
            edges.append(e)
        if self.coasts:
            for coast, targets in sorted(self.coasts.items()):
                for t in targets:
                    if t in others or v.province(t.split("/")[0]) is not None:
                        edges.append(Edge(*sorted((f"{self.pid}/{coast}", t)), Crossing.FLEET))
            coasts = tuple(Coast(c, names.get(c, c.upper())) for c in sorted(self.coasts))
        else:
            for t in sorted(others):
                edges.append(Edge(*sorted((self.pid, t)), Crossing.FLEET))
            coasts = ()
        powers = tuple(replace(pw, units=tuple(
            Unit(u.type, self.pid) if u.location.split("/")[0] == self.pid and not self.coasts else u
            for u in pw.units)) for pw in v.powers)
        province = replace(old, coasts=coasts, terrain=Terrain.COAST if self.coasts else old.terrain)
        self._done(replace(v, provinces=tuple(province if p.id == self.pid else p for p in v.provinces),
                           edges=tuple(_merge_edges(edges)), powers=powers), outlines)


def _merge_edges(edges):
    """One edge a pair: an army and a fleet edge between the same places join."""
    out: Dict[Tuple[str, str], Edge] = {}
    for e in edges:
        key = (e.a, e.b) if e.a <= e.b or e.oneway else (e.b, e.a)
        if key in out:
            have = out[key]
            out[key] = replace(have, units=Crossing.of(have.units.army or e.units.army,
                                                       have.units.fleet or e.units.fleet))
        else:
            out[key] = e
    return list(out.values())
