"""Undo commands of the designer's path: edges edited in place (several at
once), many provinces at once, positions dragged on the map, and any
composition of library edits as one step.

Each wraps edits of :mod:`variantkit.edit` like every other command (the
after-state computed when made; an edit the library refuses makes an
obsolete command and the document says why); none touches a view.
"""
from __future__ import annotations

from typing import Callable, Dict, List, Optional, Tuple

from variantkit import edit
from variantkit.model import Edge, Point, Variant

from .commands import StateCommand, with_variant, renamed_state
from .document import Document

EdgeKey = Tuple[str, str]


def _edge_with_key(v: Variant, key: EdgeKey) -> Edge:
    for e in v.edges:
        if e.key == key:
            return e
    raise edit.EditError(f"there is no edge {key[0]} - {key[1]}")


class ReplaceEdges(StateCommand):
    """Delete edges, or make each exactly as given (unit types, strait,
    one-way, seasons): one step however many."""

    def __init__(self, doc: Document, remove: List[EdgeKey], add: List[Edge], text: str):
        super().__init__(doc, text)
        self.remove, self.add = list(remove), list(add)
        self._make()

    def build(self, s):
        v = s.variant
        for key in self.remove:
            e = _edge_with_key(v, key)
            v = edit.unlink(v, e.a, e.b)
        for e in self.add:
            v = edit.set_edge(v, e.a, e.b, e.units, e.strait, e.oneway, e.powers, e.seasons, e.modifier)
        return with_variant(s, v)


class SetProvinces(StateCommand):
    """Fields of many provinces (a multi-row edit in the table) as one step."""

    def __init__(self, doc: Document, changes: Dict[str, Dict[str, object]], text: str = ""):
        n = len(changes)
        super().__init__(doc, text or (f"Edit {n} provinces" if n > 1 else f"Edit {next(iter(changes), '')}"))
        self.changes = changes
        self._make()

    def build(self, s):
        v = s.variant
        for pid, fields in self.changes.items():
            v = edit.set_province(v, pid, **fields)
        return with_variant(s, v)


class EditVariant(StateCommand):
    """Library edits composed into one step (a function from variant to variant)."""

    def __init__(self, doc: Document, change: Callable[[Variant], Variant], text: str):
        super().__init__(doc, text)
        self.change = change
        self._make()

    def build(self, s):
        return with_variant(s, self.change(s.variant))


class DragPosition(StateCommand):
    """Where a unit (of a province or a coast) or a label is drawn, dragged on
    the map; the steps of one drag merge into one undo step."""
    ID = 1101

    def __init__(self, doc: Document, location: str, field: str, pos: Point, drag: int = 0,
                 pin: Optional[Point] = None):
        what = {"dislodged_pos": "dislodged unit"}.get(field, field.replace("_pos", ""))
        super().__init__(doc, f"Move the {what} of {location}")
        self.location, self.field = location, field
        self.pos = (round(pos[0], 1), round(pos[1], 1))
        self.drag = drag  # a later drag of the same thing is a step of its own
        # the unit's spot as shown, kept with a dislodged unit's where the variant has none:
        # the file keeps the two together, as an offset holds on any board
        self.pin = pin
        self._make()

    def id(self) -> int:
        return self.ID

    def build(self, s):
        fields = {self.field: self.pos}
        if self.pin is not None:
            fields["unit_pos"] = self.pin
        return with_variant(s, edit.set_position(s.variant, self.location, **fields))

    def mergeWith(self, other) -> bool:
        if not isinstance(other, DragPosition) or other.after is None or \
                (other.location, other.field, other.drag) != (self.location, self.field, self.drag):
            return False
        self.pos, self.after = other.pos, other.after
        return True


class TakeFromJudge(StateCommand):
    """What a judge's file offers, taken as one step; its new codes rename the
    drawing's provinces as a rename in the table does (outlines, the
    drawing's own ids and pending proposals follow)."""

    def __init__(self, doc: Document, change: Callable[[Variant], Variant], renames: Dict[str, str], text: str,
                 settles_links: bool = False):
        super().__init__(doc, text)
        self.change = change
        self.renames = dict(renames)
        self.settles_links = settles_links
        self._make()

    def build(self, s):
        before = {p.id for p in s.variant.powers}
        s = renamed_state(s, self.renames)._replace(variant=self.change(s.variant))
        gone = before - {p.id for p in s.variant.powers}  # the judge has no such power: not offered again
        s = s._replace(dismissed_powers=s.dismissed_powers | gone)
        if self.settles_links:  # the judge has decided every link: a proposal it left out is rejected
            have = {(e.a, e.b) for e in s.variant.edges}
            s = s._replace(rejected=s.rejected | frozenset((p.edge.a, p.edge.b) for p in s.proposals
                                                           if (p.edge.a, p.edge.b) not in have))
        return s


class RejectProposals(StateCommand):
    """Proposed edges put aside (they leave the list and the map), as one
    step: Undo brings them back.  The rejections are part of the document's
    state, so they are saved with the autosave and restored with it."""

    def __init__(self, doc: Document, pairs: List[EdgeKey]):
        names = ", ".join(f"{a} - {b}" for a, b in pairs[:3])
        if len(pairs) > 3:
            names += f" and {len(pairs) - 3} more"
        super().__init__(doc, f"Reject {names}")
        self.pairs = list(pairs)
        self._make()

    def build(self, s):
        return s._replace(rejected=s.rejected | frozenset(self.pairs))


class DrawCoast(StateCommand):
    """Named coasts drawn on the map, each reaching the waters along its line
    (a line that waited for the other side of its province comes with it)."""

    def __init__(self, doc: Document, pid: str, drawn: Dict[str, List[str]]):
        said = "; ".join(f"{pid}/{c}: {' '.join(sorted(w))}" for c, w in sorted(drawn.items()))
        super().__init__(doc, f"Draw {said}")
        self.pid, self.drawn = pid, {c: sorted(w) for c, w in drawn.items()}
        self._make()

    def build(self, s):
        return with_variant(s, edit.with_coasts(s.variant, self.pid, self.drawn))
