"""Semantic checks of a variant: what the schema cannot say.

Each check appends Problems with a stable code (VK1xx) and a hint; all are
run, so a designer sees every problem of a file at once.  The checks read the
model and the derived graph only.
"""
from __future__ import annotations

from collections import defaultdict
from typing import Dict, List, Optional, Set, Tuple, Union

from ..graph import Graph
from ..model import Terrain, UnitType, Variant, split_location
from ..names import normalize
from ..vocabulary import DPJUDGE_KEYWORDS, HOST_KEYWORDS, ORDER_KEYWORDS
from ..problems import Problem
from .. import text
from ..io.yaml_source import SourceMap


class _Checker:
    def __init__(self, variant: Variant, source: Optional[SourceMap]):
        self.v = variant
        self.source = source
        self.sub = variant.extends is not None
        self.problems: List[Problem] = []
        self.provinces = {p.id: p for p in variant.provinces}
        self.locations: Set[str] = set()
        for p in variant.provinces:
            self.locations.update(p.location_ids)
        self.graph = Graph(variant)

    # -- reporting ----------------------------------------------------------
    def emit(self, path: Tuple, code: str, /, *, severity: Optional[str] = None, key: bool = False,
             **params: object) -> None:
        """The problem ``code`` in the registry's words (variantkit.codes), at ``path``."""
        self.problems.append(Problem.of(code, **params).at(*self._where(path, key), severity=severity))

    def _where(self, path: Tuple, key: bool) -> Tuple[str, Optional[int], Optional[int]]:
        file = self.source.file if self.source else ""
        line = col = None
        if self.source is not None:
            for candidate in self._paths(path):
                if candidate in self.source.marks or candidate in self.source.key_marks:
                    line, col = self.source.locate(candidate, key)
                    break
            else:
                line, col = self.source.locate(("changes",) if self.sub else path, key)
        return file, line, col

    def _paths(self, path: Tuple):
        if not self.sub:
            return [path]
        # a subvariant's file holds only its changes: point there when it can
        head, rest = path[0], path[1:]
        return [("changes", head) + rest, ("changes", "add_" + head) + rest,
                ("changes", head) + rest[:1]]

    # -- checks -------------------------------------------------------------
    def run(self) -> List[Problem]:
        self.check_provinces()
        self.check_edges()
        self.check_names()
        self.check_text()
        self.check_powers()
        self.check_rules()
        self.check_inside()
        self.check_reachable()
        return self.problems

    def check_provinces(self) -> None:
        seasons = set(self.v.rules.seasons)
        for p in self.v.provinces:
            path = ("provinces", p.id)
            if p.coasts and p.terrain is not Terrain.COAST:
                self.emit(path + ("coasts",), "VK190", province=p.id, terrain=p.terrain.value)
            if p.port and (p.terrain is not Terrain.COAST or p.coasts):
                self.emit(path + ("port",), "VK193", province=p.id,
                          terrain="a multi-coast province" if p.coasts else p.terrain.value)
            if len(p.coasts) == 1:
                self.emit(path + ("coasts",), "VK191", province=p.id, coast=repr(p.coasts[0].id))
            for s in p.passable_in:
                if s not in seasons:
                    self.emit(path + ("passable_in",), "VK160", province=p.id, season=repr(s),
                              seasons=", ".join(sorted(seasons)))
            if p.passable_in and p.terrain is Terrain.IMPASSABLE:
                self.emit(path + ("passable_in",), "VK161", province=p.id, seasons=", ".join(p.passable_in))
            if p.center and p.terrain in (Terrain.WATER, Terrain.IMPASSABLE):
                self.emit(path + ("center",), "VK192", province=p.id, terrain=p.terrain.value,
                          severity="warning" if p.terrain is Terrain.WATER else "error")

    def check_edges(self) -> None:
        seen: Dict[Tuple[str, str, str], int] = {}
        powers = {pw.id for pw in self.v.powers}
        for i, e in enumerate(self.v.edges):
            path = ("edges", i)
            bad = False
            for end in (e.a, e.b):
                if end not in self.locations:
                    prov, coast = split_location(end)
                    if coast and prov in self.provinces:
                        self.emit(path, "VK100", a=e.a, b=e.b, province=prov, coast=repr(coast))
                    else:
                        self.emit(path, "VK101", a=e.a, b=e.b, end=repr(end))
                    bad = True
            if bad:
                continue
            if split_location(e.a)[0] == split_location(e.b)[0]:
                self.emit(path, "VK106", a=e.a, b=e.b)
                continue
            for unit_ok, unit in ((e.units.army, "army"), (e.units.fleet, "fleet")):
                if not unit_ok:
                    continue
                k = (e.a, e.b, unit) if (e.oneway or e.a < e.b) else (e.b, e.a, unit)
                if k in seen:
                    self.emit(path, "VK102", units=unit, a=e.a, b=e.b, first=seen[k] + 1)
                else:
                    seen[k] = i
            if e.units.army:
                self._check_army_end(path, e, e.a)
                self._check_army_end(path, e, e.b)
            if e.units.fleet:
                self._check_fleet_end(path, e, e.a)
                self._check_fleet_end(path, e, e.b)
            for s in e.seasons:
                if s not in self.v.rules.seasons:
                    self.emit(path + ("seasons",), "VK164", a=e.a, b=e.b, season=repr(s),
                              seasons=", ".join(sorted(self.v.rules.seasons)))
            for pw in e.powers:
                if pw not in powers:
                    self.emit(path, "VK107", a=e.a, b=e.b, power=repr(pw), powers=", ".join(sorted(powers)))
            if e.strait and e.units.fleet:
                self.emit(path, "VK162", a=e.a, b=e.b)

    def _check_army_end(self, path, e, end: str) -> None:
        prov, coast = split_location(end)
        p = self.provinces[prov]
        if coast:
            self.emit(path, "VK105", a=e.a, b=e.b, end=end, province=prov)
        elif p.terrain is Terrain.IMPASSABLE:
            self._never_crossed(path, e, end)
        elif not p.terrain.army_may_stand:
            self.emit(path, "VK103", a=e.a, b=e.b, end=end, terrain=p.terrain.value)

    def _check_fleet_end(self, path, e, end: str) -> None:
        prov, coast = split_location(end)
        p = self.provinces[prov]
        if p.terrain is Terrain.IMPASSABLE:
            self._never_crossed(path, e, end)
        elif not p.terrain.fleet_may_stand:
            self.emit(path, "VK109", a=e.a, b=e.b, end=end, terrain=p.terrain.value)
        elif p.coasts and not coast:
            self.emit(path, "VK104", a=e.a, b=e.b, province=prov,
                      coasts=", ".join(f"{prov}/{c.id}" for c in p.coasts))

    def _never_crossed(self, path, e, end: str) -> None:
        self.emit(path, "VK108", a=e.a, b=e.b, end=end)

    def check_names(self) -> None:
        owner: Dict[str, Tuple[str, Tuple]] = {}
        power_words: Dict[str, str] = {}
        for pw in self.v.powers:
            for w in (pw.id, pw.name, pw.adjective):
                if w:
                    power_words[normalize(w)] = pw.id
        coasts = {normalize(f"{p.id}/{c.id}"): p.id for p in self.v.provinces for c in p.coasts}
        for p in self.v.provinces:
            names: List[Tuple[str, Tuple[Union[str, int], ...]]] = [
                (p.id, ("provinces", p.id)), (p.name, ("provinces", p.id, "name"))]
            names += [(a, ("provinces", p.id, "aliases", i)) for i, a in enumerate(p.aliases)]
            for c in p.coasts:
                names += [(a, ("provinces", p.id, "coasts", c.id, "aliases", i))
                          for i, a in enumerate(c.aliases)]
            for name, path in names:
                key = normalize(name)
                target = p.id
                coast_of = coasts.get(key.replace(" ", "").replace("(", "/").rstrip(")"))
                if coast_of is not None and coast_of != p.id and "aliases" in path:
                    self.emit(path, "VK116", name=repr(name), province=p.id, coast=key, other=coast_of)
                first = owner.get(key)
                if first is not None and first[0] != target:
                    self.emit(path, "VK110", name=repr(name), province=p.id, other=first[0])
                elif first is None:
                    owner[key] = (target, path)
                if key in ORDER_KEYWORDS:
                    self.emit(path, "VK111", name=repr(name), province=p.id)
                elif key in power_words:
                    self.emit(path, "VK112", name=repr(name), province=p.id, power=power_words[key])
                elif key in HOST_KEYWORDS and name != p.id:  # a code is the exporters' to rename
                    self.emit(path, "VK115", name=repr(name), province=p.id)
                elif key in DPJUDGE_KEYWORDS and name == p.id:
                    self.emit(path, "VK113", name=repr(name), province=p.id)

    def check_text(self) -> None:
        """The string rule (variantkit/text.py) on the model: a variant built by an
        importer or the editor never passed the schema, which states the same rule."""
        v = self.v
        strings: List[Tuple[str, Tuple, bool]] = [(v.name, ("name",), False), (v.version, ("version",), False),
                                                  (v.description, ("description",), True)]
        strings += [(a, ("authors", i), False) for i, a in enumerate(v.authors)]
        for p in v.provinces:
            strings.append((p.name, ("provinces", p.id, "name"), False))
            strings += [(a, ("provinces", p.id, "aliases", i), False) for i, a in enumerate(p.aliases)]
            for c in p.coasts:
                strings.append((c.name, ("provinces", p.id, "coasts", c.id, "name"), False))
                strings += [(a, ("provinces", p.id, "coasts", c.id, "aliases", i), False)
                            for i, a in enumerate(c.aliases)]
        for pw in v.powers:
            strings += [(pw.name, ("powers", pw.id, "name"), False),
                        (pw.adjective, ("powers", pw.id, "adjective"), False)]
        for value, path, multiline in strings:
            if not value:
                continue
            where = "/".join(str(x) for x in path)
            bad = text.first_bad(value, multiline)
            if bad:
                self.emit(path, "VK016", where=where, value=repr(text.shown(value, 60)), character=bad)
                continue
            for note in text.notes(value):
                self.emit(path, "VK114", where=where, value=repr(text.shown(value, 60)), note=note)

    def check_powers(self) -> None:
        homes_owner: Dict[str, str] = {}
        letters: Dict[str, str] = {}
        words: Dict[str, str] = {}
        occupied: Dict[str, str] = {}
        graph = self.graph
        for pw in self.v.powers:
            path = ("powers", pw.id)
            if pw.letter:
                if pw.letter in letters:
                    self.emit(path + ("letter",), "VK170", power=pw.id, other=letters[pw.letter],
                              letter=repr(pw.letter))
                letters[pw.letter] = pw.id
            for w in (pw.name, pw.adjective):
                key = normalize(w) if w else ""
                if key and words.get(key, pw.id) != pw.id:
                    self.emit(path, "VK171", power=pw.id, other=words[key], name=repr(w))
                elif key:
                    words[key] = pw.id
            for j, h in enumerate(pw.homes):
                hp = path + ("homes", j)
                prov = self.provinces.get(h)
                if prov is None:
                    self.emit(hp, "VK130", province=repr(h), power=pw.id)
                    continue
                if not prov.center:
                    self.emit(hp, "VK131", province=h, power=pw.id)
                if h in homes_owner and homes_owner[h] != pw.id:
                    self.emit(hp, "VK132", province=h, power=homes_owner[h], other=pw.id)
                homes_owner.setdefault(h, pw.id)
            for j, c in enumerate(pw.centers or ()):  # homes are checked above
                prov = self.provinces.get(c)
                if prov is None or not prov.center:
                    self.emit(path + ("centers", j), "VK133", province=repr(c), power=pw.id)
            for j, u in enumerate(pw.units):
                up = path + ("units", j)
                prov_id, _ = split_location(u.location)
                if u.location not in self.locations:
                    self.emit(up, "VK134", unit=u, power=pw.id)
                    continue
                if not graph.may_stand(u.type, u.location):
                    where = self.provinces[prov_id]
                    if u.type is UnitType.FLEET and where.coasts and "/" not in u.location:
                        self.emit(up, "VK138", unit=u, power=pw.id, province=prov_id,
                                  coasts=", ".join(graph.coasts[prov_id]))
                    else:
                        self.emit(up, "VK135", unit=u, power=pw.id, kind=u.type.word,
                                  place=where.terrain.value + (" (a coast location)" if "/" in u.location else ""))
                if prov_id in occupied:
                    self.emit(up, "VK136", province=prov_id, power=occupied[prov_id], other=pw.id)
                occupied[prov_id] = pw.id
                if prov_id not in pw.homes:
                    self.emit(up, "VK137", unit=u, power=pw.id)

    def check_rules(self) -> None:
        centers = len(self.v.centers)
        r = self.v.rules
        if r.victory is not None:
            if r.victory * 2 <= centers:
                self.emit(("rules", "victory"), "VK140", victory=r.victory, centers=centers, least=centers // 2 + 1)
            elif r.victory > centers:
                self.emit(("rules", "victory"), "VK141", victory=r.victory, centers=centers)
        if len(set(r.seasons)) != len(r.seasons):
            self.emit(("rules", "seasons"), "VK163")

    def check_inside(self) -> None:
        graph = self.graph
        for p in self.v.provinces:
            if p.inside is None:
                continue
            path = ("provinces", p.id, "inside")
            host = self.provinces.get(p.inside)
            if host is None:
                self.emit(path, "VK150", province=p.id, host=repr(p.inside))
                continue
            if p.terrain is not Terrain.WATER:
                self.emit(path, "VK151", province=p.id, host=host.id, terrain=p.terrain.value)
            if host.terrain not in (Terrain.LAND, Terrain.COAST):
                self.emit(path, "VK152", province=p.id, host=host.id, terrain=host.terrain.value)
            host_locs = set(host.location_ids)
            host_near = {split_location(n)[0] for loc in host_locs
                         for u in UnitType for n in graph.moves(u, loc)}
            for n in sorted(graph.moves(UnitType.FLEET, p.id)):
                prov = split_location(n)[0]
                if n not in host_locs and prov not in host_near:
                    self.emit(path, "VK153", province=p.id, host=host.id, other=n)

    def check_reachable(self) -> None:
        graph = self.graph
        adj: Dict[str, Set[str]] = defaultdict(set)
        for unit in UnitType:
            for src, dst in graph.all_moves(unit):
                a, b = split_location(src)[0], split_location(dst)[0]
                adj[a].add(b)
                adj[b].add(a)
        passable = [p.id for p in self.v.provinces if p.terrain is not Terrain.IMPASSABLE]
        if not passable:
            return
        # the map is the part holding the home centres (or the largest part);
        # whatever lies apart from it cannot be reached
        homes = {h for pw in self.v.powers for h in pw.homes}
        parts, placed = [], set()
        for pid in passable:
            if pid in placed:
                continue
            part, todo = {pid}, [pid]
            while todo:
                for n in adj[todo.pop()]:
                    if n not in part:
                        part.add(n)
                        todo.append(n)
            placed |= part
            parts.append(part)
        main = max(parts, key=lambda p: (len(p & homes), len(p)))
        for pid in passable:
            if pid not in main:
                self.emit(("provinces", pid), "VK120", province=pid, key=True)


def check(variant: Variant, source: Optional[SourceMap] = None) -> List[Problem]:
    """Every semantic problem of ``variant``; positions from ``source``."""
    return _Checker(variant, source).run()
