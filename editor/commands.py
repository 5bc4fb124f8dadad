"""Every change to the document is one of these undo commands.

A command wraps an edit of :mod:`variantkit.edit` (the library owns what an
edit means); it holds the document's state before and after (the variant is
frozen, so a snapshot costs little) and swaps between them; it never touches
view items.  The after-state is computed when the command is made: an edit
the library refuses makes an obsolete command (the stack drops it on push)
and the document says why (``refused``).  A whole vertex drag merges into
one command.
"""
from __future__ import annotations

from typing import Any, Dict, List, Optional, Tuple

from PySide6.QtGui import QUndoCommand

from variantkit import edit
from variantkit.edit import EditError
from variantkit.model import Edge, Power, Province, Variant, split_location
from variantkit.session import renamed_state, retargeted as _retarget

from .document import Document, Ring, State


class StateCommand(QUndoCommand):
    kind = "variant"
    edits_shapes = False  # the outlines change shape (a rename or removal does not)

    def __init__(self, doc: Document, text: str):
        super().__init__(text)
        self.doc = doc
        self.before: State = doc.snapshot()
        self.after: Optional[State] = None
        self.renames: Dict[str, str] = {}
        self.error: Optional[str] = None

    def _make(self) -> None:
        """Subclasses call this at the end of __init__: the after-state, now."""
        try:
            self.after = self.build(self.before)
            if self.edits_shapes:
                self.after = self.after._replace(shapes_edited=True)
        except EditError as exc:
            self.error = str(exc)
            self.setObsolete(True)
            self.doc.refused.emit(f"{self.text()}: {exc}")

    def build(self, state: State) -> State:
        raise NotImplementedError

    def redo(self) -> None:
        if self.after is not None:
            self.doc.restore(self.after, self.kind, self.renames)

    def undo(self) -> None:
        if self.after is not None:
            self.doc.restore(self.before, self.kind, {new: old for old, new in self.renames.items()})


def with_variant(state: State, v: Variant) -> State:
    return state._replace(variant=v)


class SetProvinceField(StateCommand):
    """Change one field of a province (name, aliases, terrain, centre, ...)."""

    def __init__(self, doc: Document, pid: str, field: str, value: Any):
        super().__init__(doc, f"Set {field} of {pid}")
        self.pid, self.field, self.value = pid, field, value
        self._make()

    def build(self, s):
        return with_variant(s, edit.set_province(s.variant, self.pid, **{self.field: self.value}))


class RenameProvince(StateCommand):
    """Change a province's id everywhere it is used (edges, powers, inside,
    proposals, outlines); the drawing keeps a mapping to its own id."""

    def __init__(self, doc: Document, old: str, new: str):
        super().__init__(doc, f"Rename {old} to {new}")
        self.old, self.new = old, new
        self.renames = {old: new}
        self._make()

    def build(self, s):
        return renamed_state(s, self.renames)._replace(variant=edit.rename(s.variant, self.old, self.new))


class RenameProvinces(StateCommand):
    """Several provinces' ids changed at once, as one undo step
    (:func:`variantkit.edit.rename_many`: ``a -> b, b -> a`` swaps them)."""

    def __init__(self, doc: Document, renames: Dict[str, str]):
        pairs = ", ".join(f"{old} -> {new}" for old, new in renames.items())
        super().__init__(doc, f"Rename {pairs}" if len(renames) < 4 else f"Rename {len(renames)} codes")
        self.renames = dict(renames)
        self._make()

    def build(self, s):
        return renamed_state(s, self.renames)._replace(variant=edit.rename_many(s.variant, self.renames))


class AddProvince(StateCommand):
    kind = "outlines"
    edits_shapes = True

    def __init__(self, doc: Document, province: Province, rings: Optional[List[Ring]] = None):
        super().__init__(doc, f"Add {province.id}")
        self.province, self.rings = province, rings or []
        self._make()

    def build(self, s):
        outlines = dict(s.outlines)
        if self.rings:
            outlines[self.province.id] = [list(r) for r in self.rings]
        return s._replace(variant=edit.add_province(s.variant, self.province), outlines=outlines)


class RemoveProvince(StateCommand):
    kind = "outlines"

    def __init__(self, doc: Document, pid: str):
        super().__init__(doc, f"Remove {pid}")
        self.pid = pid
        self._make()

    def build(self, s):
        v = edit.remove(s.variant, self.pid)
        outlines = {k: r for k, r in s.outlines.items() if k != self.pid}
        s = _retarget(s, lambda loc: None if split_location(loc)[0] == self.pid else loc)
        return s._replace(variant=v, outlines=outlines)


class AddCoast(StateCommand):
    """A named coast with no sea of its own yet (its waters are picked later)."""

    def __init__(self, doc: Document, pid: str, coast: str, name: str = ""):
        super().__init__(doc, f"Add coast {pid}/{coast}")
        self.pid, self.coast, self.name = pid, coast, name
        self._make()

    def build(self, s):
        from variantkit.model import Coast, Terrain
        p = s.variant.province(self.pid)
        if p is None:
            raise EditError(f"there is no province {self.pid!r}")
        if p.coast(self.coast):
            raise EditError(f"{self.pid} already has a coast {self.coast!r}")
        return with_variant(s, edit.set_province(s.variant, self.pid, terrain=Terrain.COAST,
                                             coasts=p.coasts + (Coast(self.coast, self.name),)))


class LinkSpaces(StateCommand):
    """Add an edge, or widen one to more unit types (strait, one-way, seasons kept)."""

    def __init__(self, doc: Document, edge: Edge):
        super().__init__(doc, f"Link {edge.a} - {edge.b}")
        self.edge = edge
        self._make()

    def build(self, s):
        e = self.edge
        return with_variant(s, edit.link(s.variant, e.a, e.b, e.units, e.strait, e.oneway, e.seasons))


class UnlinkSpaces(StateCommand):
    """Take an edge away, or only some of its unit types."""

    def __init__(self, doc: Document, a: str, b: str, units=None):
        super().__init__(doc, f"Unlink {a} - {b}")
        self.a, self.b, self.units = a, b, units
        self._make()

    def build(self, s):
        return with_variant(s, edit.unlink(s.variant, self.a, self.b, self.units))


class MoveVertex(StateCommand):
    """Move one vertex of an outline; a whole drag merges into one step."""
    kind = "outlines"
    edits_shapes = True
    ID = 1001

    def __init__(self, doc: Document, pid: str, ring: int, index: int, pos: Tuple[float, float]):
        super().__init__(doc, f"Move a vertex of {pid}")
        self.pid, self.ring, self.index, self.pos = pid, ring, index, pos
        self.kind = f"outline:{pid}"  # only this province's shape needs redrawing
        self._make()

    def id(self) -> int:
        return self.ID

    def build(self, s):
        # the other provinces' rings are shared with the state before (rings are
        # never changed in place: a command replaces what it changes)
        outlines = dict(s.outlines)
        if self.pid not in outlines or not 0 <= self.ring < len(outlines[self.pid]):
            raise EditError(f"{self.pid} has no such outline")
        rings = outlines[self.pid] = [list(r) for r in outlines[self.pid]]
        ring = rings[self.ring]
        closed = len(ring) > 2 and tuple(ring[0]) == tuple(ring[-1])
        ring[self.index] = tuple(self.pos)
        if closed and self.index in (0, len(ring) - 1):  # the closing point is the first one
            ring[0] = ring[-1] = tuple(self.pos)
        return s._replace(outlines=outlines)

    def mergeWith(self, other) -> bool:
        if not isinstance(other, MoveVertex) or (other.pid, other.ring, other.index) != \
                (self.pid, self.ring, self.index) or other.after is None:
            return False
        self.pos = other.pos
        self.after = other.after
        return True


class SetPower(StateCommand):
    """Add a power, or change one (homes, units, name, letter, colour)."""

    def __init__(self, doc: Document, power: Power):
        super().__init__(doc, f"Set power {power.id}")
        self.power = power
        self._make()

    def build(self, s):
        return with_variant(s, edit.set_power(s.variant, self.power))


class RemovePower(StateCommand):
    def __init__(self, doc: Document, pid: str):
        super().__init__(doc, f"Remove power {pid}")
        self.pid = pid
        self._make()

    def build(self, s):
        return with_variant(s, edit.remove_power(s.variant, self.pid))._replace(
            dismissed_powers=s.dismissed_powers | {self.pid})  # the drawing's colours stop offering it


class SetRules(StateCommand):
    def __init__(self, doc: Document, **fields):
        super().__init__(doc, "Set rules")
        self.fields = fields
        self._make()

    def build(self, s):
        return with_variant(s, edit.set_rules(s.variant, **self.fields))


class AcceptProposals(StateCommand):
    """Accept proposed edges (one, or all at once) as one undo step; those
    naming a space that is gone are left out."""

    def __init__(self, doc: Document, edges: List[Edge]):
        super().__init__(doc, f"Accept {len(edges)} proposed edge(s)")
        self.edges = edges
        self._make()

    def build(self, s):
        return with_variant(s, edit.accept(s.variant, self.edges))


class MergeProvinces(StateCommand):
    """Two provinces become one: the first keeps its id; shapes, centres,
    links, homes and units are joined."""
    kind = "outlines"
    edits_shapes = True

    def __init__(self, doc: Document, keep: str, gone: str):
        super().__init__(doc, f"Merge {gone} into {keep}")
        self.keep, self.gone = keep, gone
        self._make()

    def build(self, s):
        from shapely.geometry import Polygon
        from shapely.ops import unary_union
        v = edit.merge(s.variant, self.keep, self.gone)
        outlines = dict(s.outlines)
        parts = [Polygon(r) for pid in (self.keep, self.gone) for r in outlines.get(pid, []) if len(r) > 2]
        outlines.pop(self.gone, None)
        if parts:
            merged = unary_union([p.buffer(0.5) for p in parts]).buffer(-0.5)
            outlines[self.keep] = [[(round(x, 2), round(y, 2)) for x, y in part.exterior.coords]
                                   for part in getattr(merged, "geoms", [merged])]
        s = _retarget(s, lambda loc: self.keep if split_location(loc)[0] == self.gone else loc)
        return s._replace(variant=v, outlines=outlines)


class SplitProvince(StateCommand):
    """Cut a province along a drawn line: the larger part keeps the id, the
    other becomes a new province bordering it; the old province's neighbours
    go with the part whose shape touches theirs (both if both do)."""
    kind = "outlines"
    edits_shapes = True

    def __init__(self, doc: Document, pid: str, line: List[Tuple[float, float]], new_id: str):
        super().__init__(doc, f"Split {pid}")
        self.pid, self.line, self.new_id = pid, line, new_id
        self._make()

    def build(self, s):
        from shapely.geometry import LineString, Polygon
        from shapely.ops import split, unary_union
        shape = unary_union([Polygon(r).buffer(0) for r in s.outlines.get(self.pid, []) if len(r) > 2])
        pieces = sorted(split(shape, LineString(self.line)).geoms, key=lambda g: -g.area)
        if len(pieces) < 2:
            raise EditError(f"the line does not cut {self.pid} in two")
        keep, rest = pieces[0], unary_union(pieces[1:])
        ring = lambda g: [[(round(x, 2), round(y, 2)) for x, y in p.exterior.coords]  # noqa: E731
                          for p in getattr(g, "geoms", [g])]
        old = s.variant.province(self.pid)
        centre = rest.representative_point()
        at = (round(centre.x, 1), round(centre.y, 1))
        new = Province(self.new_id, self.new_id.upper(), old.terrain, unit_pos=at, label_pos=at)
        moved, shared = [], []
        near = 1.0  # drawing units: borders drawn a hair apart still touch
        for e in s.variant.edges:
            ends = {split_location(e.a)[0]: e.a, split_location(e.b)[0]: e.b}
            if self.pid not in ends:
                continue
            other = e.b if split_location(e.a)[0] == self.pid else e.a
            theirs = unary_union([Polygon(r).buffer(0) for r in s.outlines.get(split_location(other)[0], [])
                                  if len(r) > 2])
            if theirs.is_empty:
                continue
            to_new, to_old = theirs.distance(rest) < near, theirs.distance(keep) < near
            if to_new and to_old:
                shared.append(other)
            elif to_new:
                moved.append(other)
        v = edit.split(s.variant, self.pid, new, moved=moved, shared=shared)
        outlines = dict(s.outlines)
        outlines[self.pid], outlines[self.new_id] = ring(keep), ring(rest)
        return s._replace(variant=v, outlines=outlines)


class SetCoasts(StateCommand):
    """Name a province's coasts and the waters and shores each reaches: its
    fleet links move onto the coasts (``{"nc": ["bar", "nwy"], "sc": ["bot"]}``);
    an empty mapping makes it a single-coast province again."""

    def __init__(self, doc: Document, pid: str, coasts: Dict[str, List[str]]):
        super().__init__(doc, f"Set the coasts of {pid}")
        self.pid, self.coasts = pid, coasts
        self._make()

    def build(self, s):
        return with_variant(s, edit.set_coasts(s.variant, self.pid, self.coasts))
