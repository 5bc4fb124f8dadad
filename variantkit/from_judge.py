"""Full names and aliases from a judge's own data (jDip's variants.xml, a
DPjudge .map, a variant file): the drawing rarely carries them, the judge
that drew it usually has them.  Read once, shown as a proposal, taken in
one undo step; a name the designer has already typed is kept."""
from __future__ import annotations

import os
from dataclasses import replace
from typing import Dict, List, Optional, Tuple

from .model import Edge, Province, Terrain, Variant, split_location


def read_names_source(path: str) -> Tuple[Optional[Variant], List]:
    """The variant a judge's file describes (its names are what we want)."""
    from .formats import jdip, dpjudge
    if os.path.isdir(path) or path.lower().endswith(".xml"):
        return jdip.read(path)
    if path.lower().endswith(".map"):
        return dpjudge.read(path)
    from .io import load
    loaded = load(path)
    return loaded.variant, loaded.report.problems


def name_changes(v: Variant, source: Variant) -> Dict[str, Dict[str, object]]:
    """For each province of ``v`` the source knows (by id, or one's id among
    the other's aliases): its full name where ``v`` still has a placeholder
    (the id in capitals), and the source's aliases ``v`` lacks."""
    by_key: Dict[str, Province] = {}
    for q in source.provinces:
        for key in (q.id,) + tuple(q.aliases):
            by_key.setdefault(key.lower(), q)
    out: Dict[str, Dict[str, object]] = {}
    for p in v.provinces:
        known: Optional[Province] = by_key.get(p.id) or next(
            (by_key[a.lower()] for a in p.aliases if a.lower() in by_key), None)
        if known is None:
            continue
        fields: Dict[str, object] = {}
        if p.name in ("", p.id.upper()) and known.name and known.name != p.name:
            fields["name"] = known.name
        extra = tuple(a for a in (known.aliases + ((known.id,) if known.id != p.id else ()))
                      if a not in p.aliases and a != p.id)
        if extra:
            fields["aliases"] = p.aliases + extra
        if fields:
            out[p.id] = fields
    return out


def box_links(v: Variant, source: Variant) -> List[Edge]:
    """The source's edges that touch an off-board box of ``v`` and that ``v``
    lacks: a box is drawn apart from everything, so the drawing cannot show
    its links, but the judge's adjacency lists them.  A link ``v`` has with
    other unit types than the judge's is offered as the judge has it.  Ends are matched to
    ``v`` by id or alias (as names are); an edge whose ends ``v`` does not
    have is left out."""
    ids = _ids_in(v, source)
    locations = {p.id for p in v.provinces} | {f"{p.id}/{c.id}" for p in v.provinces for c in p.coasts}
    boxes = {p.id for p in v.provinces if p.offboard}
    have = {frozenset((e.a, e.b)): e.units for e in v.edges}
    offered: set = set()   # a pair once, as the judge first says it
    out: List[Edge] = []
    for e in source.edges:
        found = []
        for loc in (e.a, e.b):
            pid, coast = split_location(loc)
            mine = ids.get(pid.lower())
            found.append(None if mine is None else f"{mine}/{coast}" if coast else mine)
        ends = [end for end in found if end is not None and end in locations]
        if len(ends) != 2:
            continue
        pair = frozenset(ends)
        if not {split_location(end)[0] for end in ends} & boxes or have.get(pair) is e.units or pair in offered:
            continue
        offered.add(pair)
        out.append(replace(e, a=ends[0], b=ends[1]))
    return out


def _ids_in(v: Variant, source: Variant) -> Dict[str, str]:
    """The source's province ids (lower case) -> ``v``'s, matched by id or alias."""
    ids: Dict[str, str] = {}
    for p in v.provinces:
        for key in (p.id,) + tuple(p.aliases):
            ids.setdefault(key.lower(), p.id)
    for q in source.provinces:  # the source's aliases may name what v calls by id
        for key in (q.id,) + tuple(q.aliases):
            if key.lower() in ids:
                ids.setdefault(q.id.lower(), ids[key.lower()])
                break
    return ids


def terrain_changes(v: Variant, source: Variant) -> Dict[str, Terrain]:
    """Where the judge's terrain differs from the drawing's guess (a fill
    reads as water or land; the judge's moves say what the space is).  A
    province with named coasts keeps them, so it is left alone unless the
    judge calls it a coast too."""
    ids = _ids_in(v, source)
    out: Dict[str, Terrain] = {}
    for q in source.provinces:
        mine = ids.get(q.id.lower())
        p = v.province(mine) if mine else None
        if p is None or p.terrain is q.terrain or (p.coasts and q.terrain is not Terrain.COAST):
            continue
        out[p.id] = q.terrain
    return out
