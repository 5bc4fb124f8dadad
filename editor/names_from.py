"""Full names and aliases from a judge's own data (jDip's variants.xml, a
DPjudge .map, a variant file): the drawing rarely carries them, the judge
that drew it usually has them.  Read once, shown as a proposal, taken in
one undo step; a name the designer has already typed is kept."""
from __future__ import annotations

import os
from typing import Dict, List, Optional, Tuple

from variantkit.model import Variant


def read_names_source(path: str) -> Tuple[Optional[Variant], List]:
    """The variant a judge's file describes (its names are what we want)."""
    from variantkit.formats import formats
    if os.path.isdir(path) or path.lower().endswith(".xml"):
        return formats()["jdip"].read(path)
    if path.lower().endswith(".map"):
        return formats()["dpjudge"].read(path)
    from variantkit.io import load
    loaded = load(path)
    return loaded.variant, loaded.report.problems


def name_changes(v: Variant, source: Variant) -> Dict[str, Dict[str, object]]:
    """For each province of ``v`` the source knows (by id, or one's id among
    the other's aliases): its full name where ``v`` still has a placeholder
    (the id in capitals), and the source's aliases ``v`` lacks."""
    by_key: Dict[str, object] = {}
    for q in source.provinces:
        for key in (q.id,) + tuple(q.aliases):
            by_key.setdefault(key.lower(), q)
    out: Dict[str, Dict[str, object]] = {}
    for p in v.provinces:
        q = by_key.get(p.id) or next((by_key[a.lower()] for a in p.aliases if a.lower() in by_key), None)
        if q is None:
            continue
        fields: Dict[str, object] = {}
        if p.name in ("", p.id.upper()) and q.name and q.name != p.name:
            fields["name"] = q.name
        extra = tuple(a for a in (q.aliases + ((q.id,) if q.id != p.id else ()))
                      if a not in p.aliases and a != p.id)
        if extra:
            fields["aliases"] = p.aliases + extra
        if fields:
            out[p.id] = fields
    return out
