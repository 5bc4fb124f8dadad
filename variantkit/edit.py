"""Edits of a variant, each a pure function ``Variant -> Variant``.

The editor's undo commands wrap these; scripts may call them directly.  An
edit keeps every reference whole: a province's id is renamed (or removed)
in edges, coasts, ``inside``, powers' homes, centres and units at once, so
no reference is left pointing at a space that no longer exists.  An edit
that cannot be done raises :class:`EditError` with a sentence for the user;
it never returns a half-changed variant.
"""
from __future__ import annotations

import re
from dataclasses import replace
from typing import Callable, Dict, Iterable, List, Mapping, Optional, Tuple

from .model import (Coast, Crossing, Edge, Point, Power, Province, Terrain, Unit, Variant,
                    split_location)
from .problems import Problem
from .vocabulary import coast_name

ID = re.compile(r"^[a-z0-9][a-z0-9_-]*$")


class EditError(ValueError):
    """An edit that cannot be made as asked; the message says why."""


# -- helpers -----------------------------------------------------------------

def _need(v: Variant, pid: str) -> Province:
    p = v.province(pid)
    if p is None:
        raise EditError(f"there is no province {pid!r}")
    return p


def _locations(v: Variant) -> set:
    out: set = set()
    for p in v.provinces:
        out.update(p.location_ids)
    return out


def _map_location(loc: str, fn: Callable[[str], str]) -> str:
    prov, coast = split_location(loc)
    new = fn(prov)
    return new if coast is None else f"{new}/{coast}"


def _map_powers(v: Variant, loc: Callable[[str], Optional[str]]) -> Tuple[Power, ...]:
    """Every place a power names, mapped; None drops it (duplicates drop too)."""
    def places(seq):
        return tuple(dict.fromkeys(x for x in (loc(s) for s in seq) if x is not None))
    out = []
    for pw in v.powers:
        units = tuple(Unit(u.type, m) for u in pw.units for m in (loc(u.location),) if m is not None)
        out.append(replace(pw, homes=places(pw.homes), units=units,
                           centers=None if pw.centers is None else places(pw.centers)))
    return tuple(out)


def joined_seasons(a: Tuple[str, ...], b: Tuple[str, ...]) -> Tuple[str, ...]:
    """The seasons of two crossings made one: open whenever either was (an
    empty list is every season, so it wins)."""
    return () if not a or not b else tuple(dict.fromkeys(a + b))


def merge_edges(edges: Iterable[Edge]) -> List[Edge]:
    """One edge a pair of ends; an edge from a space to itself goes. Edges
    between the same places are joined field by field, so that the order they
    come in never matters:

    - units: either's (an army edge and a fleet edge make one for both);
    - modifier: the lower (a strait stays a strait: the weaker crossing is kept
      for both unit types, as a judge's file that states it means it);
    - oneway: only if both are (else the crossing is open both ways, as one was);
      a two-way edge joined from two is written with its ends in order;
    - powers: either's (an unrestricted edge stays unrestricted);
    - seasons: open whenever either was, in calendar order."""
    out: Dict[Tuple[str, str], Edge] = {}
    for e in edges:
        if split_location(e.a)[0] == split_location(e.b)[0]:
            continue
        key = e.key
        have = out.get(key)
        out[key] = e if have is None else _joined(have, e)
    return list(out.values())


_CALENDAR = {"spring": 0, "summer": 1, "fall": 2, "autumn": 2, "winter": 3}


def _calendar_order(season: str) -> Tuple[int, str]:
    return _CALENDAR.get(season, len(_CALENDAR)), season


def _joined(x: Edge, y: Edge) -> Edge:
    oneway = x.oneway and y.oneway
    a, b = (x.a, x.b) if oneway else _ordered(x.a, x.b)
    powers = () if not x.powers or not y.powers else tuple(sorted(set(x.powers) | set(y.powers)))
    seasons = () if not x.seasons or not y.seasons else tuple(sorted(set(x.seasons) | set(y.seasons),
                                                                     key=_calendar_order))
    return Edge(a, b, Crossing.of(x.units.army or y.units.army, x.units.fleet or y.units.fleet),
                oneway=oneway, powers=powers, modifier=min(x.modifier, y.modifier), seasons=seasons)


def _ordered(a: str, b: str) -> Tuple[str, str]:
    return (a, b) if a <= b else (b, a)


def _point(p) -> Point:
    return (float(p[0]), float(p[1]))


def _check_new_id(v: Variant, new: str) -> None:
    if not ID.match(new or ""):
        raise EditError(f"{new!r} is not an id: use lowercase letters, digits, '-' and '_' (like 'spa')")
    if v.province(new) is not None:
        raise EditError(f"there is already a province {new!r}")


# -- provinces ---------------------------------------------------------------

def add_province(v: Variant, province: Province) -> Variant:
    _check_new_id(v, province.id)
    return replace(v, provinces=v.provinces + (province,))


def set_province(v: Variant, pid: str, **fields) -> Variant:
    """Change fields of a province other than its id (use :func:`rename`)."""
    p = _need(v, pid)
    if "id" in fields:
        raise EditError("a province's id is changed by renaming it")
    if "terrain" in fields:
        fields["terrain"] = Terrain(fields["terrain"])
    for key in ("aliases", "passable_in"):
        if key in fields:
            fields[key] = tuple(fields[key])
    new = replace(p, **fields)
    if new.coasts and new.terrain is not Terrain.COAST:
        raise EditError(f"{pid} has named coasts: it stays a coast until they are removed")
    return replace(v, provinces=tuple(new if q.id == pid else q for q in v.provinces))


def rename(v: Variant, old: str, new: str) -> Variant:
    """A province's id changed everywhere it is used: its edges and coasts,
    ``inside`` of the spaces within it, and every power's homes, centres and
    units.  The new id leaves the province's aliases if it was one; a coast's
    aliases written with the old id (``spa(nc)``, ``spa/nc``) take the new one."""
    _need(v, old)
    if new == old:
        return v
    _check_new_id(v, new)
    return _renamed(v, {old: new})


def rename_many(v: Variant, renames: Mapping[str, str]) -> Variant:
    """Several provinces renamed as one edit (see :func:`rename`), all at
    once: a code may take another's that is renamed away in the same edit
    (``a -> b, b -> a`` swaps them).  Refused whole, with the first reason,
    when a code is missing, a new one is not an id, or two provinces would
    end with one id."""
    renames = {old: new for old, new in renames.items() if old != new}
    for old, new in renames.items():
        _need(v, old)
        if not ID.match(new or ""):
            raise EditError(f"{new!r} is not an id: use lowercase letters, digits, '-' and '_' (like 'spa')")
    ends: Dict[str, str] = {}
    for p in v.provinces:
        end = renames.get(p.id, p.id)
        if end in ends:
            raise EditError(f"{ends[end]} and {p.id} would both be {end!r}")
        ends[end] = p.id
    return _renamed(v, renames) if renames else v


# "gob -> bot", "gob bot" (an id may hold '-': "ob-a -> oba" is ob-a's)
_RENAME = (re.compile(r"(\S+?)\s*(?:->|=>|\u2192)\s*(\S+)"), re.compile(r"([^\s>\u2192]+)\s+([^\s>\u2192]+)"))


def read_renames(text: str, v: Variant, source: str = "") -> Tuple[Dict[str, str], List[Problem]]:
    """The renames a designer writes in one go, ``gob -> bot, gol -> lyo``
    (or ``gob bot``; apart by commas, semicolons or lines), read against
    ``v``: (old id -> new id, in the order written) and the problems, each at
    its line and column of ``text`` (``source`` names where the text came
    from).  Codes are read in lower case, as ids are written.  Renames are
    read as one edit (:func:`rename_many`): a code may take one that is
    renamed away in the same text.  With any problem, apply none."""
    renames: Dict[str, str] = {}
    where: Dict[str, Tuple[int, int]] = {}
    problems: List[Problem] = []
    for number, line in enumerate(text.splitlines(), 1):
        start = 0
        for piece in re.split(r"([,;])", line):
            at = start
            start += len(piece)
            item = piece.strip()
            if not item or item in ",;":
                continue
            column = at + len(piece) - len(piece.lstrip()) + 1
            m = _RENAME[0].fullmatch(item) or _RENAME[1].fullmatch(item)
            old, new = (m.group(1).lower(), m.group(2).lower()) if m else ("", "")
            if m is None:
                problem: Optional[Problem] = Problem.of("VK904", value=repr(item))
            elif v.province(old) is None:
                problem = Problem.of("VK905", old=repr(old))
            elif not ID.match(new):
                problem = Problem.of("VK906", new=repr(new))
            elif old in renames:
                problem = Problem.of("VK908", old=old, first=f"line {where[old][0]}, column {where[old][1]}")
            else:
                problem = None
            if problem is not None:
                problems.append(problem.at(source, number, column))
            elif old != new:
                renames[old] = new
                where[old] = (number, column)
    ends: Dict[str, str] = {}
    for p in v.provinces:  # two provinces that would end with one id: said at the rename that makes it so
        end = renames.get(p.id, p.id)
        if end in ends:
            other, mine = ends[end], p.id
            culprit = max((q for q in (other, mine) if q in renames), key=lambda q: where[q])  # the later
            row, col = where[culprit]
            problems.append(Problem.of("VK907", new=end, a=min(other, mine), b=max(other, mine))
                            .at(source, row, col))
        else:
            ends[end] = p.id
    problems.sort(key=lambda x: (x.line or 0, x.column or 0))
    return renames, problems


def _renamed(v: Variant, renames: Mapping[str, str]) -> Variant:
    swap = lambda loc: renamed_location(loc, renames)  # noqa: E731
    provinces = []
    for q in v.provinces:
        new = renames.get(q.id)
        if new is not None:
            coasts = tuple(replace(c, aliases=tuple(dict.fromkeys(_alias_renamed(a, q.id, new) for a in c.aliases)))
                           for c in q.coasts)
            q = replace(q, id=new, aliases=tuple(a for a in q.aliases if a != new), coasts=coasts)
        if q.inside is not None and q.inside in renames:
            q = replace(q, inside=renames[q.inside])
        provinces.append(q)
    edges = tuple(replace(e, a=swap(e.a), b=swap(e.b)) for e in v.edges)
    return replace(v, provinces=tuple(provinces), edges=edges, powers=_map_powers(v, swap))


def _alias_renamed(alias: str, old: str, new: str) -> str:
    """``spa(nc)`` -> ``esp(nc)``; ``spain/nc`` and ``spanish coast`` stay."""
    m = re.match(re.escape(old) + r"(?=[/( ]|$)", alias, re.IGNORECASE)
    return new + alias[m.end():] if m else alias


def remove(v: Variant, pid: str) -> Variant:
    """A province gone with everything that names it: its edges, the homes,
    centres and units on it; spaces inside it are inside nothing."""
    _need(v, pid)
    gone = lambda loc: split_location(loc)[0] == pid  # noqa: E731
    provinces = tuple(replace(q, inside=None) if q.inside == pid else q
                      for q in v.provinces if q.id != pid)
    edges = tuple(e for e in v.edges if not gone(e.a) and not gone(e.b))
    return replace(v, provinces=provinces, edges=edges,
                   powers=_map_powers(v, lambda loc: None if gone(loc) else loc))


def _joined_terrain(a: Terrain, b: Terrain) -> Terrain:
    if a is b:
        return a
    if Terrain.IMPASSABLE in (a, b):
        return b if a is Terrain.IMPASSABLE else a
    return Terrain.COAST  # land and water, or either with a coast: a shore


def merge(v: Variant, keep: str, gone: str) -> Variant:
    """Two provinces become one: ``keep`` keeps its id, name and positions;
    ``gone``'s id and aliases become aliases of it; centres, edges, homes
    and units are joined; edges between the two disappear."""
    k, g = _need(v, keep), _need(v, gone)
    if keep == gone:
        raise EditError("pick two different provinces to merge")
    if k.coasts or g.coasts:
        raise EditError(f"{keep if k.coasts else gone} has named coasts: remove them before merging, "
                        "then set the coasts of the merged province")
    on = lambda pid: [u for pw in v.powers for u in pw.units if split_location(u.location)[0] == pid]  # noqa: E731
    if on(keep) and on(gone):
        raise EditError(f"both {keep} and {gone} hold a starting unit: remove one first")
    swap = lambda loc: keep if split_location(loc)[0] == gone else loc  # noqa: E731
    joined = replace(k, terrain=_joined_terrain(k.terrain, g.terrain), center=k.center or g.center,
                     aliases=tuple(dict.fromkeys(k.aliases + (g.id,) + g.aliases)),
                     passable_in=() if not k.passable_in or not g.passable_in
                     else tuple(dict.fromkeys(k.passable_in + g.passable_in)))
    provinces = tuple(joined if q.id == keep else replace(q, inside=keep) if q.inside == gone else q
                      for q in v.provinces if q.id != gone)
    edges = merge_edges(replace(e, a=swap(e.a), b=swap(e.b)) for e in v.edges)
    # units may now stand where the joined terrain lets them
    return replace(v, provinces=provinces, edges=tuple(edges), powers=_map_powers(v, swap))


def split(v: Variant, pid: str, new: Province, moved: Iterable[str] = (),
          shared: Iterable[str] = ()) -> Variant:
    """``pid`` is cut in two: ``new`` is the other part.  Its edges to the
    locations in ``moved`` go to ``new``; those in ``shared`` are copied to
    it; the two parts border each other for every unit type that may stand
    in both.  Centres, homes and units stay with ``pid``."""
    old = _need(v, pid)
    _check_new_id(v, new.id)
    moved, shared = set(moved), set(shared)
    if moved & shared:
        raise EditError(f"{', '.join(sorted(moved & shared))}: moved and shared at once")
    mine = lambda loc: split_location(loc)[0] == pid  # noqa: E731
    edges: List[Edge] = []
    for e in v.edges:
        if not (mine(e.a) or mine(e.b)):
            edges.append(e)
            continue
        other = e.b if mine(e.a) else e.a
        here = e.a if mine(e.a) else e.b
        if "/" in here:  # a named coast stays with the part that keeps the coasts
            edges.append(e)
            continue
        swap = lambda loc: new.id if loc == pid else loc  # noqa: E731
        if other in moved:
            edges.append(replace(e, a=swap(e.a), b=swap(e.b)))
        else:
            edges.append(e)
            if other in shared:
                edges.append(replace(e, a=swap(e.a), b=swap(e.b)))
    army = old.terrain.army_may_stand and new.terrain.army_may_stand
    fleet = old.terrain.fleet_may_stand and new.terrain.fleet_may_stand and not old.coasts and not new.coasts
    if army or fleet:
        edges.append(Edge(*_ordered(pid, new.id), Crossing.of(army, fleet)))
    return replace(v, provinces=v.provinces + (new,), edges=tuple(merge_edges(edges)))


def set_coasts(v: Variant, pid: str, coasts: Mapping[str, Iterable[str]]) -> Variant:
    """Name a province's coasts and what each reaches by sea
    (``{"nc": ["bar", "nwy"], "sc": ["bot"]}``): its fleet edges move onto
    the coasts, army edges stay on the province.  An empty mapping makes it
    a single-coast province again, with the coasts' fleet edges on itself;
    fleets on a coast that goes stand on the province."""
    old = _need(v, pid)
    coasts = {c: list(t) for c, t in coasts.items()}
    if len(coasts) == 1:
        raise EditError("a province with named coasts has at least two (one coast is just the province)")
    locations = _locations(v)
    for c, targets in coasts.items():
        if not re.match(r"^[a-z0-9]+$", c):
            raise EditError(f"{c!r} is not a coast id: use lowercase letters such as 'nc'")
        for t in targets:
            if t not in locations or split_location(t)[0] == pid:
                raise EditError(f"coast {pid}/{c} cannot reach {t!r}: not another location")
    mine = lambda loc: split_location(loc)[0] == pid  # noqa: E731
    fleet_edges = [e for e in v.edges if e.units.fleet and (mine(e.a) or mine(e.b))]
    others = {(e.b if mine(e.a) else e.a) for e in fleet_edges}
    edges: List[Edge] = []
    for e in v.edges:
        if e in fleet_edges:
            if e.units.army:  # the army half stays on the province
                edges.append(replace(e, units=Crossing.ARMY, a=split_location(e.a)[0] if mine(e.a) else e.a,
                                     b=split_location(e.b)[0] if mine(e.b) else e.b))
            continue
        edges.append(e)
    if coasts:
        for coast, targets in sorted(coasts.items()):
            for t in targets:
                edges.append(Edge(*_ordered(f"{pid}/{coast}", t), Crossing.FLEET))
        kept = {c.id: c for c in old.coasts}
        new_coasts = tuple(kept.get(c) or Coast(c, coast_name(c)) for c in sorted(coasts))
    else:
        for t in sorted(others):
            edges.append(Edge(*_ordered(pid, t), Crossing.FLEET))
        new_coasts = ()
    ids = {f"{pid}/{c.id}" for c in new_coasts}

    def place(loc: str) -> str:
        if mine(loc) and "/" in loc and loc not in ids:
            return pid  # its coast is gone: the fleet stands on the province
        return loc
    powers = _map_powers(v, place)
    province = replace(old, coasts=new_coasts, terrain=Terrain.COAST if new_coasts else old.terrain)
    return replace(v, provinces=tuple(province if p.id == pid else p for p in v.provinces),
                   edges=tuple(merge_edges(edges)), powers=powers)


def rename_coast(v: Variant, pid: str, old: str, new: str) -> Variant:
    """A named coast's id changed in place (``stp/wc`` -> ``stp/sc``): its
    edges, the units standing on it and its aliases follow; its unit spot is
    kept, and a usual name (West Coast) becomes the new id's (South Coast)."""
    p = _need(v, pid)
    c = p.coast(old)
    if c is None:
        raise EditError(f"{pid} has no coast {old!r}")
    if new == old:
        return v
    if not re.match(r"^[a-z0-9]+$", new):
        raise EditError(f"{new!r} is not a coast id: use lowercase letters such as 'sc'")
    if p.coast(new) is not None:
        raise EditError(f"{pid} already has a coast {new!r}")
    name = coast_name(new) if c.name in ("", coast_name(old)) else c.name
    aliases = tuple(a[:-len(old)] + new if a.lower().endswith(f"/{old}") else
                    a[:-len(old) - 1] + new + ")" if a.lower().endswith(f"({old})") else a for a in c.aliases)
    coasts = tuple(replace(c, id=new, name=name, aliases=aliases) if x.id == old else x for x in p.coasts)
    was, now = f"{pid}/{old}", f"{pid}/{new}"
    swap = lambda loc: now if loc == was else loc  # noqa: E731
    edges = tuple(replace(e, a=swap(e.a), b=swap(e.b)) for e in v.edges)
    return replace(v, provinces=tuple(replace(p, coasts=coasts) if q.id == pid else q for q in v.provinces),
                   edges=edges, powers=_map_powers(v, swap))


class OneCoast(EditError):
    """A province would be left with one named coast: the other side is
    still to be named (one coast is just the province)."""


def coasts_of(v: Variant, pid: str) -> Dict[str, List[str]]:
    """What each named coast of a province reaches by sea: id -> sorted locations."""
    p = _need(v, pid)
    out: Dict[str, List[str]] = {}
    for c in p.coasts:
        loc = f"{pid}/{c.id}"
        out[c.id] = sorted(e.b if e.a == loc else e.a for e in v.edges if e.units.fleet and loc in (e.a, e.b))
    return out


def with_coasts(v: Variant, pid: str, drawn: Mapping[str, Iterable[str]]) -> Variant:
    """Named coasts set to reach the waters given (added, or drawn again),
    the province's other coasts kept as they are: :func:`set_coasts` moves
    the fleet edges.  A water stays on every coast that reaches it (Spain's
    north and south coasts both reach the Mid-Atlantic).  Raises
    :class:`OneCoast` when the province would have a single named coast."""
    coasts = coasts_of(v, pid)
    for coast, waters in drawn.items():
        coasts[coast] = sorted(set(waters))
        if not coasts[coast]:
            raise EditError(f"{pid}/{coast} reaches no sea or coast: draw its line along the shore")
    if not drawn:
        raise EditError(f"no coast of {pid} drawn")
    if len(coasts) < 2:
        (coast, waters), = coasts.items()
        raise OneCoast(f"{pid}/{coast} reaches {', '.join(waters)}: "
                       f"now draw the other side of {pid} too (one coast is just the province)")
    return set_coasts(v, pid, coasts)


def set_position(v: Variant, location: str, unit_pos: Optional[Point] = None,
                 label_pos: Optional[Point] = None, dislodged_pos: Optional[Point] = None) -> Variant:
    """Where a unit (of a province or a named coast), a unit dislodged there
    and the label are drawn; None leaves a position as it is."""
    prov, coast = split_location(location)
    p = _need(v, prov)
    if coast is not None:
        c = p.coast(coast)
        if c is None:
            raise EditError(f"{prov} has no coast {coast!r}")
        if label_pos is not None:
            raise EditError("a coast has no label of its own: move the province's label")
        if unit_pos is not None:
            c = replace(c, unit_pos=_point(unit_pos))
        if dislodged_pos is not None:
            c = replace(c, dislodged_pos=_point(dislodged_pos))
        p = replace(p, coasts=tuple(c if x.id == coast else x for x in p.coasts))
    else:
        if unit_pos is not None:
            p = replace(p, unit_pos=_point(unit_pos))
        if label_pos is not None:
            p = replace(p, label_pos=_point(label_pos))
        if dislodged_pos is not None:
            p = replace(p, dislodged_pos=_point(dislodged_pos))
    return replace(v, provinces=tuple(p if q.id == prov else q for q in v.provinces))


def set_label(v: Variant, pid: str, text: Optional[str] = None, angle: Optional[float] = None) -> Variant:
    """The label the map writes for a province (an empty text: the default) and
    its turn in degrees clockwise, brought into (-180, 180]; None leaves either."""
    import math
    from .text import first_bad
    p = _need(v, pid)
    if text is not None:
        text = text.strip()
        if first_bad(text):
            raise EditError(f"the label of {pid} cannot hold {first_bad(text)}: one line of text")
        if len(text) > 80:
            raise EditError(f"the label of {pid} is {len(text)} characters long: write at most 80")
        p = replace(p, label=text)
    if angle is not None:
        if not math.isfinite(angle):
            raise EditError(f"the label's angle of {pid} must be a number of degrees, not {angle!r}")
        turned = round(-((-angle + 180.0) % 360.0 - 180.0), 1)  # -180 becomes 180
        p = replace(p, label_angle=0.0 if turned == 0 else turned)
    return replace(v, provinces=tuple(p if q.id == pid else q for q in v.provinces))


# -- edges -------------------------------------------------------------------

def _ends(v: Variant, a: str, b: str) -> None:
    locations = _locations(v)
    for end in (a, b):
        if end not in locations:
            raise EditError(f"there is no location {end!r} to link")
    if split_location(a)[0] == split_location(b)[0]:
        raise EditError(f"{a} and {b} are the same province")


def _same_ends(e: Edge, a: str, b: str) -> bool:
    return (e.a, e.b) == (a, b) or (not e.oneway and (e.b, e.a) == (a, b))


def _seasons(v: Variant, seasons: Iterable[str]) -> Tuple[str, ...]:
    """Seasons as the variant orders them; one it does not have is refused."""
    want = set(seasons)
    unknown = sorted(want - set(v.rules.seasons))
    if unknown:
        raise EditError(f"the variant has no season {', '.join(unknown)} "
                        f"(its seasons: {', '.join(v.rules.seasons)})")
    return tuple(s for s in v.rules.seasons if s in want)


def link(v: Variant, a: str, b: str, units: Crossing = Crossing.BOTH, strait: bool = False,
         oneway: bool = False, seasons: Iterable[str] = ()) -> Variant:
    """Add an edge, or widen an existing one to more unit types (marking it
    a strait or one-way if asked, and crossable only in ``seasons`` if given)."""
    _ends(v, a, b)
    units = Crossing(units)
    seasons = _seasons(v, seasons)
    edges = list(v.edges)
    for i, have in enumerate(edges):
        if _same_ends(have, a, b) or (oneway and not have.oneway and {have.a, have.b} == {a, b}):
            edges[i] = replace(have, a=a if oneway else have.a, b=b if oneway else have.b,
                               units=Crossing.of(have.units.army or units.army, have.units.fleet or units.fleet),
                               strait=have.strait or strait, oneway=have.oneway or oneway,
                               seasons=seasons or have.seasons)
            break
    else:
        edges.append(Edge(a, b, units, strait, oneway, seasons=seasons))
    return replace(v, edges=tuple(edges))


def set_edge(v: Variant, a: str, b: str, units: Crossing, strait: bool = False, oneway: bool = False,
             powers: Iterable[str] = (), seasons: Iterable[str] = (), modifier: int = 0) -> Variant:
    """The edge between ``a`` and ``b`` is exactly this (added if missing)."""
    _ends(v, a, b)
    # the seasons are kept as given: the validator names one the rules lack (VK1xx)
    new = Edge(a, b, Crossing(units), strait, oneway, tuple(powers), modifier, tuple(dict.fromkeys(seasons)))
    edges = [e for e in v.edges if {e.a, e.b} != {a, b}]
    return replace(v, edges=tuple(edges) + (new,))


def set_edge_seasons(v: Variant, a: str, b: str, seasons: Iterable[str]) -> Variant:
    """The edge between ``a`` and ``b`` may be crossed only in ``seasons``
    (empty: in every season); everything else about it stays."""
    seasons = _seasons(v, seasons)
    found = False
    edges = []
    for e in v.edges:
        if {e.a, e.b} == {a, b}:
            e, found = replace(e, seasons=seasons), True
        edges.append(e)
    if not found:
        raise EditError(f"{a} and {b} are not linked")
    return replace(v, edges=tuple(edges))


def unlink(v: Variant, a: str, b: str, units: Optional[Crossing] = None) -> Variant:
    """Take an edge away, or only some unit types of it (``units``): a
    both-ways edge unlinked for fleets stays an army edge."""
    found = [e for e in v.edges if {e.a, e.b} == {a, b}]
    if not found:
        raise EditError(f"{a} and {b} are not linked")
    edges = []
    for e in v.edges:
        if e in found and units is not None:
            units = Crossing(units)
            army, fleet = e.units.army and not units.army, e.units.fleet and not units.fleet
            if army or fleet:
                edges.append(replace(e, units=Crossing.of(army, fleet)))
            continue
        if e not in found:
            edges.append(e)
    return replace(v, edges=tuple(edges))


def accept(v: Variant, proposed: Iterable[Edge]) -> Variant:
    """Proposed edges joined to the variant; ones naming a location that is
    gone (renamed or removed since they were proposed) are left out."""
    locations = _locations(v)
    new = [e for e in proposed if e.a in locations and e.b in locations]
    return replace(v, edges=tuple(merge_edges(list(v.edges) + new)))


# -- powers and rules ----------------------------------------------------------

def set_power(v: Variant, power: Power) -> Variant:
    """Add a power, or replace the one with its id."""
    if not ID.match(power.id or ""):
        raise EditError(f"{power.id!r} is not an id: use lowercase letters, digits, '-' and '_'")
    powers = [power if p.id == power.id else p for p in v.powers]
    if not any(p.id == power.id for p in v.powers):
        powers.append(power)
    return replace(v, powers=tuple(powers))


def remove_power(v: Variant, pid: str) -> Variant:
    """A power gone with its homes and units; a link only it could cross goes
    too (nobody else may), and it leaves the lists of the others."""
    if v.power(pid) is None:
        raise EditError(f"there is no power {pid!r}")
    edges = tuple(replace(e, powers=tuple(p for p in e.powers if p != pid)) for e in v.edges
                  if e.powers != (pid,))
    return replace(v, powers=tuple(p for p in v.powers if p.id != pid), edges=edges)


def set_rules(v: Variant, **fields) -> Variant:
    return replace(v, rules=replace(v.rules, **fields))


def renamed_location(loc: str, renames: Mapping[str, str]) -> str:
    """A location under a series of renames (old id -> new id)."""
    return _map_location(loc, lambda prov: renames.get(prov, prov))
