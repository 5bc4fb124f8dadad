"""What a judge's own file (jDip's variants.xml, a DPjudge .map, a variant
file) says that a drawing does not: the drawing rarely carries codes, names,
powers and units, cannot show an off-board box's links or a river, and
leaves impassable spaces out; the judge's file has them.  Each thing is an
:class:`Offer`, matched to the drawing's spaces by code or alias; where the
judge contradicts what the drawing shows, the offer says so.  A name the
designer has already typed is kept."""
from __future__ import annotations

import os
from dataclasses import dataclass, replace
from typing import Callable, Dict, Iterable, List, Mapping, Optional, Tuple

from .model import Coast, Edge, Province, Terrain, Variant, split_location


def judge_formats() -> List:
    """The formats whose reader gives a judge's variant (every reader in the
    registry but the drawing's own): a judge's file is read by these."""
    from .formats import formats
    return [f for f in formats().values() if f.reads and f.name != "svg"]


def judge_file_patterns() -> List[str]:
    """The file name patterns of a judge's file, for a file dialog."""
    exts = {f.extension for f in judge_formats() if f.extension}
    return sorted({"*.xml", "*.yaml"} | {f"*{e}" for e in exts})


def read_judge_file(path: str) -> Tuple[Optional[Variant], List]:
    """The variant a judge's file describes: jDip's variants.xml (or its
    folder), a variant file, or any file a format of the registry reads by
    its extension (a DPjudge or njudge .map: the first reader that makes a
    variant of it); and the problems of reading it."""
    from .formats import jdip
    lower = path.lower()
    if os.path.isdir(path) or lower.endswith(".xml"):
        return jdip.read(path)
    if lower.endswith((".yaml", ".yml")):
        from .io import load
        loaded = load(path)
        return loaded.variant, loaded.report.problems
    # a .map is DPjudge's or njudge's: the first reader that reads it without an error wins
    tried: List[Tuple[Optional[Variant], List]] = []
    for f in judge_formats():
        if f.extension and lower.endswith(f.extension.lower()) and f.read is not None:
            from .problems import UnusableInput
            try:
                got, said = f.read(path)
            except UnusableInput as exc:
                got, said = None, list(exc.problems)
            if got is not None and not any(getattr(p, "severity", "") == "error" for p in said):
                return got, said
            tried.append((got, list(said)))
    if tried:
        return next((t for t in tried if t[0] is not None), tried[0])
    from .io import load
    loaded = load(path)
    return loaded.variant, loaded.report.problems


def name_changes(v: Variant, source: Variant) -> Dict[str, Dict[str, object]]:
    """For each province of ``v`` the source knows (matched as every offer
    is, by code or alias): the source's full name where it differs (a
    DPjudge rename, ``DEN -> Copenhagen``, says the judge's name is the
    name), and the source's aliases ``v`` lacks (all of them, as importing
    the file gives them: one that names a power too is VK112's to say)."""
    out: Dict[str, Dict[str, object]] = {}
    for qid, pid in _matches(v, source).items():
        p, known = _province(v, pid), _province(source, qid)
        fields: Dict[str, object] = {}
        if known.name and known.name != p.name:
            fields["name"] = known.name
        extra = tuple(a for a in (known.aliases + ((known.id,) if known.id != p.id else ()))
                      if a not in p.aliases and a != p.id)
        if extra:
            fields["aliases"] = p.aliases + extra
        if fields:
            out[p.id] = fields
    return out


def _typed_name(p: Province, known: Province) -> bool:
    """Whether ``p``'s name is one a designer gave (not a code in capitals or none)."""
    codes = {p.id, known.id} | {a.lower() for a in known.aliases + p.aliases}
    return not (p.name == "" or (p.name == p.name.upper() and p.name.lower() in codes))


def terrain_changes(v: Variant, source: Variant) -> Dict[str, Terrain]:
    """Where the judge's terrain differs from the drawing's guess (a fill
    reads as water or land; the judge's moves say what the space is).  A
    province with named coasts keeps them, so it is left alone unless the
    judge calls it a coast too."""
    match = _matches(v, source)
    out: Dict[str, Terrain] = {}
    for q in source.provinces:
        mine = match.get(q.id)
        p = v.province(mine) if mine else None
        if p is None or p.terrain is q.terrain or (p.coasts and q.terrain is not Terrain.COAST):
            continue
        out[p.id] = q.terrain
    return out


# the fields of a space beside its terrain that a judge's file states (Loeb9's
# ``IN SPRING: WATER ARC`` with ``SHUT ARC``, DPjudge's PORT): compared one by one
SPACE_FIELDS = ("passable_in", "port")


# -- everything the judge's file says that the drawing does not ------------------

KINDS = ("ids", "spaces", "terrain", "coasts", "links", "names", "centres", "powers", "rules")
KIND_TITLES = {"ids": "codes", "spaces": "spaces the drawing lacks", "terrain": "terrains",
               "coasts": "coasts", "links": "links", "names": "names and aliases",
               "centres": "supply centres", "powers": "powers, homes and units", "rules": "rules"}


@dataclass(frozen=True)
class Offer:
    """One thing the judge's file says that the variant does not, ready to take.
    ``disagrees`` marks where the judge contradicts what the drawing shows (a
    link the drawing has otherwise, coasts reaching other waters): those the
    designer should look at; the rest (codes, names, a box's links, which no
    drawing can show) only fill in."""
    kind: str
    subject: str
    why: str
    disagrees: bool
    change: Callable[[Variant], Variant]
    rename: Optional[Tuple[str, str]] = None  # (old id, new id) of a code taken: what else follows it


def offers(v: Variant, source: Variant, kinds: Iterable[str] = KINDS) -> List[Offer]:
    """What taking ``source`` would change in ``v``, kind by kind.  Each kind
    is worked out on ``v`` as it is: take them in the order of KINDS (as
    :func:`take` does) since a later kind reads the codes an earlier one set."""
    makers = {"ids": _id_offers, "spaces": _space_offers, "terrain": _terrain_offers,
              "coasts": _coast_offers, "links": _link_offers, "names": _name_offers,
              "centres": _centre_offers, "powers": _power_offers, "rules": _rule_offers}
    out: List[Offer] = []
    for kind in kinds:
        out.extend(makers[kind](v, source))
    return out


def take(v: Variant, source: Variant, kinds: Iterable[str] = KINDS) -> Tuple[Variant, List[Offer]]:
    """``v`` with everything of the chosen kinds taken from ``source``, in
    order; and the offers taken."""
    taken: List[Offer] = []
    for kind in KINDS:
        if kind not in kinds:
            continue
        for o in offers(v, source, (kind,)):
            v = o.change(v)
            taken.append(o)
    return v, taken


def _matches(v: Variant, source: Variant) -> Dict[str, str]:
    """The source's province ids -> ``v``'s province ids, by id first, then
    by an id or alias of one being an id or alias of the other."""
    mine: Dict[str, str] = {}
    for p in v.provinces:
        mine.setdefault(p.id.lower(), p.id)
    for p in v.provinces:
        for a in p.aliases:
            mine.setdefault(a.lower(), p.id)
    out: Dict[str, str] = {}
    used = set()
    for q in source.provinces:  # the same id wins over an alias
        if q.id.lower() in mine and mine[q.id.lower()] == q.id:
            out[q.id] = q.id
            used.add(q.id)
    for q in source.provinces:
        if q.id in out:
            continue
        for key in (q.id,) + tuple(q.aliases):
            pid = mine.get(key.lower())
            if pid is not None and pid not in used:
                out[q.id] = pid
                used.add(pid)
                break
    return out


def _location_in(loc: str, match: Mapping[str, str]) -> Optional[str]:
    pid, coast = split_location(loc)
    mine = match.get(pid)
    if mine is None:
        return None
    return f"{mine}/{coast}" if coast else mine


def _id_offers(v: Variant, source: Variant) -> List[Offer]:
    from . import edit
    match = _matches(v, source)
    ids = {p.id for p in v.provinces}
    out = []
    for q in source.provinces:
        mine = match.get(q.id)
        if mine is None or mine == q.id or q.id in ids:
            continue
        out.append(Offer("ids", f"{mine} -> {q.id}", f"the judge codes {mine} as {q.id}", False,
                         _then(edit.rename, mine, q.id), (mine, q.id)))
    return out


def _space_offers(v: Variant, source: Variant) -> List[Offer]:
    """Spaces the judge has and the drawing leaves out (an impassable area
    drawn as plain background): added without a shape, the designer may draw one."""
    from . import edit
    match = _matches(v, source)
    out = []
    for q in source.provinces:
        if q.id in match:
            continue
        new = replace(q, coasts=tuple(replace(c, unit_pos=None) for c in q.coasts),
                      unit_pos=None, label_pos=None, inside=None)
        out.append(Offer("spaces", q.id, f"{q.name or q.id} ({q.terrain.value}) is not in the drawing",
                         q.terrain is not Terrain.IMPASSABLE,
                         _then(edit.add_province, new)))
    return out


def _terrain_offers(v: Variant, source: Variant) -> List[Offer]:
    from . import edit
    out = []
    changes = terrain_changes(v, source)
    for pid, t in changes.items():
        p = _province(v, pid)
        # a box's fill says nothing of its terrain: only a board space's disagrees
        out.append(Offer("terrain", pid, f"the judge's {pid} is {t.value}, the drawing's {p.terrain.value}",
                         not p.offboard, _then(edit.set_province, pid, terrain=t)))
    for qid, pid in _matches(v, source).items():
        p, q = _province(v, pid), _province(source, qid)
        fields = {k: getattr(q, k) for k in SPACE_FIELDS if getattr(q, k) != getattr(p, k)}
        if fields:  # no drawing shows when a space is open, or a port: these only fill in
            out.append(Offer("terrain", pid, "; ".join(_space_field_said(k, val) for k, val in fields.items()),
                             False, _then(edit.set_province, pid, **fields)))
    return out


def _space_field_said(key: str, value) -> str:
    if key == "passable_in":
        return "open in " + ", ".join(value) + " only" if value else "open in every season"
    return "a port (its fleet convoys as at sea)" if value else "not a port"


def _then(fn: Callable[..., Variant], *args, **kwargs) -> Callable[[Variant], Variant]:
    """The edit ``fn(variant, *args, **kwargs)`` waiting for its variant."""
    return lambda v: fn(v, *args, **kwargs)


def _province(v: Variant, pid: str) -> Province:
    p = v.province(pid)
    if p is None:
        raise KeyError(pid)
    return p


def _fleet_reach(v: Variant, loc: str) -> frozenset:
    return frozenset(split_location(e.b if e.a == loc else e.a)[0] for e in v.edges
                     if e.units.fleet and loc in (e.a, e.b))


def _coast_offers(v: Variant, source: Variant) -> List[Offer]:
    """Named coasts as the judge names them.  The drawing's coasts are
    matched to the judge's by the waters each reaches (so each keeps where
    its fleet is drawn); a coast reaching other waters than the judge's
    disagrees with the drawing."""
    match = _matches(v, source)
    out = []
    for q in source.provinces:
        mine = match.get(q.id)
        p = v.province(mine) if mine else None
        if p is None or not (q.coasts or p.coasts):
            continue
        want = {c.id: frozenset(t for t in (_location_in(x, match) for x in _fleet_targets(source, f"{q.id}/{c.id}"))
                                if t is not None) for c in q.coasts}
        if {c.id for c in q.coasts} == {c.id for c in p.coasts}:
            continue  # named alike: any other water a coast reaches is a link to take or leave
        have = {c.id: _fleet_reach(v, f"{p.id}/{c.id}") for c in p.coasts}
        want_reach = {c: frozenset(split_location(t)[0] for t in ts) for c, ts in want.items()}
        # each judge coast takes the drawn coast sharing most of its waters (for its place on the map)
        placed: Dict[str, Coast] = {}
        free = dict(have)
        for cid, reach in sorted(want_reach.items(), key=lambda kv: -len(kv[1])):
            best = max(free, key=lambda d: (len(free[d] & reach), d == cid), default=None)
            if best is not None and free[best] & reach:
                placed[cid] = next(c for c in p.coasts if c.id == best)
                del free[best]
        same_waters = sorted(have.values(), key=sorted) == sorted(want_reach.values(), key=sorted)
        named = ", ".join(f"{c}" + (f" (drawn {placed[c].id})" if c in placed and placed[c].id != c else "")
                          for c in sorted(want)) or "none"
        why = (f"the judge names {p.id}'s coasts {named}" if same_waters
               else f"the judge's coasts of {p.id} reach other waters: {named}")
        coasts = tuple(replace(qc, unit_pos=placed[qc.id].unit_pos if qc.id in placed else None,
                               aliases=tuple(_alias_renamed_to(a, q.id, p.id) for a in qc.aliases))
                       for qc in q.coasts)
        out.append(Offer("coasts", p.id, why, not same_waters,
                         _then(_set_judge_coasts, p.id, coasts, want)))
    return out


def _fleet_targets(v: Variant, loc: str) -> List[str]:
    return [e.b if e.a == loc else e.a for e in v.edges if e.units.fleet and loc in (e.a, e.b)]


def _alias_renamed_to(alias: str, old: str, new: str) -> str:
    return new + alias[len(old):] if alias.lower().startswith(old.lower() + "(") or \
        alias.lower().startswith(old.lower() + "/") else alias


def _set_judge_coasts(v: Variant, pid: str, coasts: Tuple[Coast, ...], targets: Mapping[str, frozenset]) -> Variant:
    """The province's coasts become ``coasts`` reaching ``targets``; a target
    that is a coast not named yet (two coasts facing each other, Egypt's and
    Jordan's) falls back to its province, and is put right when that
    province's own coasts are taken (set_coasts rebuilds all of its fleet edges)."""
    from . import edit
    locations = {p.id for p in v.provinces} | {f"{p.id}/{c.id}" for p in v.provinces for c in p.coasts}
    reach = {c: sorted(t if t in locations else split_location(t)[0] for t in ts
                       if (t if t in locations else split_location(t)[0]) in locations)
             for c, ts in targets.items()}
    v = edit.set_coasts(v, pid, reach if len(reach) >= 2 else {})
    if len(coasts) >= 2:
        p = replace(_province(v, pid), coasts=coasts)
        v = replace(v, provinces=tuple(p if q.id == pid else q for q in v.provinces))
    return v


def _link_offers(v: Variant, source: Variant) -> List[Offer]:
    """The judge's links ``v`` lacks or has otherwise, and ``v``'s links
    between spaces the judge knows that the judge lacks.  A link touching an
    off-board box only fills in (a box is drawn apart from everything); any
    other disagrees with what the drawing shows."""
    from . import edit
    match = _matches(v, source)
    locations = {p.id for p in v.provinces} | {f"{p.id}/{c.id}" for p in v.provinces for c in p.coasts}
    boxes = {p.id for p in v.provinces if p.offboard}
    have = {frozenset((e.a, e.b)): e for e in v.edges}
    judged = set()
    out = []
    for e in source.edges:
        a, b = _location_in(e.a, match), _location_in(e.b, match)
        if a is None or b is None or a not in locations or b not in locations:
            continue
        pair = frozenset((a, b))
        if pair in judged:
            continue
        judged.add(pair)
        now = have.get(pair)
        goal = replace(e, a=a, b=b)
        if now is not None and (now.units, now.strait, now.oneway, now.modifier, now.powers, now.seasons) == \
                (e.units, e.strait, e.oneway, e.modifier, e.powers, e.seasons) and \
                (not e.oneway or (now.a, now.b) == (a, b)):
            continue
        box = bool({split_location(a)[0], split_location(b)[0]} & boxes)
        why = (f"the judge links them by {e.units.value}" + (", a strait" if e.strait else "")
               + (f", the drawing by {now.units.value}" + (", a strait" if now.strait else "") if now else
                  ", the drawing does not"))
        out.append(Offer("links", f"{a} - {b}", why, not box,
                         _then(_set_edge_exactly, goal)))
    theirs = {v_id: q_id for q_id, v_id in match.items()}
    judge_locations = {p.id for p in source.provinces} | {f"{p.id}/{c.id}" for p in source.provinces for c in p.coasts}
    for pair, e in have.items():
        ends = {split_location(x)[0] for x in pair}
        # only where the judge has both ends as v has them (coasts not yet named as the judge's wait for it)
        known = all(_location_in(x, theirs) in judge_locations for x in pair)
        if pair not in judged and known:
            out.append(Offer("links", f"{e.a} - {e.b}", "the judge does not link them", not (ends & boxes),
                             _then(edit.unlink, e.a, e.b)))
    return out


def _set_edge_exactly(v: Variant, e: Edge) -> Variant:
    """The pair's edge becomes ``e`` (units, strait, one-way, powers, modifier)."""
    from . import edit
    edit.set_edge(v, e.a, e.b, e.units)  # (checks both ends are there)
    edges = [x for x in v.edges if {x.a, x.b} != {e.a, e.b}]
    return replace(v, edges=tuple(edges) + (e,))


def _name_offers(v: Variant, source: Variant) -> List[Offer]:
    """Names and aliases; where the variant has a name of its own (read off
    the drawing's labels or typed) the why says both, so a designer keeping
    theirs takes the rest picked.  Not flagged: a label's words are a guess."""
    from . import edit
    match = {pid: qid for qid, pid in _matches(v, source).items()}
    out = []
    for pid, fields in name_changes(v, source).items():
        p = _province(v, pid)
        typed = "name" in fields and _typed_name(p, _province(source, match[pid]))
        why = ", ".join(f"{k} {val}" if k != "aliases" else "aliases " + ", ".join(val)  # type: ignore[arg-type]
                        for k, val in fields.items())
        out.append(Offer("names", pid, (f"the judge calls it {fields['name']}, the variant {p.name}; " if typed
                                        else "") + why, False, _then(edit.set_province, pid, **fields)))
    return out


def _centre_offers(v: Variant, source: Variant) -> List[Offer]:
    from . import edit
    match = _matches(v, source)
    out = []
    for q in source.provinces:
        mine = match.get(q.id)
        p = v.province(mine) if mine else None
        if p is not None and p.center != q.center:
            out.append(Offer("centres", p.id, "a supply centre" if q.center else "not a supply centre", False,
                             _then(edit.set_province, p.id, center=q.center)))
    return out


def _power_offers(v: Variant, source: Variant) -> List[Offer]:
    """The judge's powers with their names, homes and starting units (a
    location the variant lacks is left out); a colour the variant has is kept."""
    from . import edit
    match = _matches(v, source)
    locations = {p.id for p in v.provinces} | {f"{p.id}/{c.id}" for p in v.provinces for c in p.coasts}
    out = []
    for q in source.powers:
        now = v.power(q.id)
        homes = tuple(h for h in (match.get(x) for x in q.homes) if h is not None)
        units = tuple(replace(u, location=loc) for u in q.units
                      for loc in [_location_in(u.location, match)] if loc in locations)
        centers = None if q.centers is None else tuple(c for c in (match.get(x) for x in q.centers) if c)
        goal = replace(q, homes=homes, units=units, centers=centers,
                       colour=(now.colour if now is not None and now.colour else q.colour))
        if now == goal:
            continue
        what = "a new power" if now is None else "its " + ", ".join(
            k for k in ("name", "adjective", "letter", "homes", "units", "centers")
            if getattr(now, k) != getattr(goal, k))
        out.append(Offer("powers", q.id, what, False, _then(edit.set_power, goal)))
    theirs = {q.id for q in source.powers}
    for p in v.powers:  # (a drawing's style sheet may colour a power of another variant)
        if p.id not in theirs:
            out.append(Offer("powers", p.id, "the judge has no such power: removed", False,
                             _then(edit.remove_power, p.id)))
    return out


RULES = ("start", "seasons", "victory", "draw_after_static_falls")


def _rule_offers(v: Variant, source: Variant) -> List[Offer]:
    """The calendar and the ends of the game as the judge has them (where it
    says: a judge's file without a victory count leaves the variant's)."""
    from . import edit
    out = []
    for key in RULES:
        theirs, mine = getattr(source.rules, key), getattr(v.rules, key)
        if theirs is not None and theirs != mine:
            out.append(Offer("rules", key, f"{_said(mine)} -> {_said(theirs)}", False,
                             _then(edit.set_rules, **{key: theirs})))
    for name, value in sorted(source.rules.options.items()):  # BUILD_ANY and the like
        if v.rules.options.get(name) != value:
            out.append(Offer("rules", name, f"{_said(v.rules.options.get(name))} -> {_said(value)}", False,
                             _then(_set_option, name, value)))
    return out


def _set_option(v: Variant, name: str, value) -> Variant:
    from . import edit
    return edit.set_rules(v, options={**v.rules.options, name: value})


def _said(value) -> str:
    return ", ".join(value) if isinstance(value, tuple) else "none" if value is None else str(value)
