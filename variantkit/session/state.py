"""What one step of editing restores, and how it follows a province renamed
or gone: the outlines under their new ids, the drawing's own ids kept in a
mapping (the drawing is never regenerated), proposals and rejections following."""
from __future__ import annotations

from dataclasses import replace
from typing import Callable, Dict, List, Mapping, NamedTuple, Optional, Tuple

from .. import edit
from ..model import Variant, split_location

Ring = List[Tuple[float, float]]
Outlines = Dict[str, List[Ring]]


class State(NamedTuple):
    """Everything an undo step restores."""
    variant: Variant
    outlines: Outlines
    proposals: tuple = ()          # EdgeProposals of a drawing, renamed with the provinces
    rejected: frozenset = frozenset()
    art_ids: tuple = ()            # (province id, id the drawing gives it) after renames
    shapes_edited: bool = False    # shapes drawn or moved: saved beside the drawing, not in it
    dismissed_powers: frozenset = frozenset()  # the drawing's powers removed: not offered again


def retargeted(state: State, fn: Callable[[str], Optional[str]]) -> State:
    """Proposals and rejections follow a province renamed or gone (fn -> None)."""
    proposals = []
    for p in state.proposals:
        a, b = fn(p.edge.a), fn(p.edge.b)
        if a is not None and b is not None and split_location(a)[0] != split_location(b)[0]:
            proposals.append(p if (a, b) == (p.edge.a, p.edge.b) else replace(p, edge=replace(p.edge, a=a, b=b)))
    rejected = frozenset((fn(a), fn(b)) for a, b in state.rejected if fn(a) is not None and fn(b) is not None)
    return state._replace(proposals=tuple(proposals), rejected=rejected)


def renamed_state(state: State, renames: Mapping[str, str]) -> State:
    """What goes with a variant's renames (old id -> new id, all at once:
    ``a -> b, b -> a`` swaps), the variant itself aside: outlines, the
    drawing's ids, proposals and rejections."""
    renames = {old: new for old, new in renames.items() if old != new}
    outlines = {renames.get(pid, pid): rings for pid, rings in state.outlines.items()}
    drawn = dict(state.art_ids)
    art_ids = {pid: art for pid, art in drawn.items() if pid not in renames}
    for old, new in renames.items():
        art_ids[new] = drawn.get(old, old)
    art_ids = {pid: art for pid, art in art_ids.items() if pid != art}
    state = retargeted(state, lambda loc: edit.renamed_location(loc, renames))
    return state._replace(outlines=outlines, art_ids=tuple(sorted(art_ids.items())))
