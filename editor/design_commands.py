"""Undo commands of the designer's path: edges edited in place, many
provinces at once, positions dragged on the map, rule options.

Each wraps a pure change of the frozen variant (computed once, in
``build``) and swaps states like every other command; none touches a view.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Dict, Iterable, List, Mapping, Optional, Tuple

from variantkit.model import Edge, Point, Terrain, Variant

from .commands import _Change
from .document import Document

EdgeKey = Tuple[str, str]


def replace_edges(v: Variant, remove: Iterable[EdgeKey], add: Iterable[Edge]) -> Variant:
    """The variant with the edges keyed in ``remove`` taken out and ``add`` put in
    (an edge added where one with its key stands replaces it)."""
    add = list(add)
    gone = set(remove) | {e.key for e in add}
    return replace(v, edges=tuple(e for e in v.edges if e.key not in gone) + tuple(add))


def set_province_fields(v: Variant, changes: Mapping[str, Mapping[str, object]]) -> Variant:
    """Several fields of several provinces at once; terrain given as text is read."""
    def apply(p):
        fields = dict(changes.get(p.id, {}))
        if "terrain" in fields and not isinstance(fields["terrain"], Terrain):
            fields["terrain"] = Terrain(fields["terrain"])
        return replace(p, **fields) if fields else p
    return replace(v, provinces=tuple(apply(p) for p in v.provinces))


def set_position(v: Variant, location: str, field: str, pos: Optional[Point]) -> Variant:
    """A province's ``unit_pos`` or ``label_pos``, or a coast's ``unit_pos`` (``spa/nc``)."""
    pid, _, cid = location.partition("/")
    pos = None if pos is None else (round(pos[0], 1), round(pos[1], 1))

    def apply(p):
        if p.id != pid:
            return p
        if cid:
            return replace(p, coasts=tuple(replace(c, unit_pos=pos) if c.id == cid else c for c in p.coasts))
        return replace(p, **{field: pos})
    return replace(v, provinces=tuple(apply(p) for p in v.provinces))


class ReplaceEdges(_Change):
    """Delete edges, change their unit types or kind (strait, one-way): one step."""

    def __init__(self, doc: Document, remove: List[EdgeKey], add: List[Edge], text: str):
        super().__init__(doc, text)
        self.remove, self.add = list(remove), list(add)

    def build(self, v, outlines):
        self._done(replace_edges(v, self.remove, self.add), outlines)


class SetProvinces(_Change):
    """Fields of many provinces (a multi-row edit in the table) as one undo step."""

    def __init__(self, doc: Document, changes: Dict[str, Dict[str, object]], text: str = ""):
        n = len(changes)
        super().__init__(doc, text or (f"Edit {n} provinces" if n > 1 else f"Edit {next(iter(changes), '')}"))
        self.changes = changes

    def build(self, v, outlines):
        self._done(set_province_fields(v, self.changes), outlines)


class SetPosition(_Change):
    """Where a unit or label is drawn; a whole drag merges into one step."""
    ID = 1101

    def __init__(self, doc: Document, location: str, field: str, pos: Point, drag: int = 0):
        super().__init__(doc, f"Move the {field.replace('_pos', '')} of {location}")
        self.location, self.field, self.pos = location, field, pos
        self.drag = drag  # steps of one drag merge; a later drag is a step of its own

    def id(self) -> int:
        return self.ID

    def build(self, v, outlines):
        self._done(set_position(v, self.location, self.field, self.pos), outlines)

    def mergeWith(self, other) -> bool:
        if not isinstance(other, SetPosition) or (other.location, other.field, other.drag) != \
                (self.location, self.field, self.drag):
            return False
        self.pos, self.after = other.pos, other.after
        return True
