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
    def report(self, path: Tuple, code: str, message: str, hint: str,
               severity: str = "error", key: bool = False) -> None:
        file = self.source.file if self.source else ""
        line = col = None
        if self.source is not None:
            for candidate in self._paths(path):
                if candidate in self.source.marks or candidate in self.source.key_marks:
                    line, col = self.source.locate(candidate, key)
                    break
            else:
                line, col = self.source.locate(("changes",) if self.sub else path, key)
        self.problems.append(Problem(code, message, hint, file, line, col, severity))

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
                self.report(path + ("coasts",), "VK190",
                            f"{p.id} has named coasts but its terrain is {p.terrain.value}",
                            "named coasts belong to a province of terrain 'coast'")
            if p.port and (p.terrain is not Terrain.COAST or p.coasts):
                self.report(path + ("port",), "VK193",
                            f"{p.id} is a port but is {'a multi-coast province' if p.coasts else p.terrain.value}",
                            "a port is a coastal province with one coast (a sea convoys anyway)")
            if len(p.coasts) == 1:
                self.report(path + ("coasts",), "VK191",
                            f"{p.id} has a single named coast {p.coasts[0].id!r}",
                            "name coasts only where a province has two or more; "
                            "otherwise remove 'coasts'", "warning")
            for s in p.passable_in:
                if s not in seasons:
                    self.report(path + ("passable_in",), "VK160",
                                f"{p.id} is passable in {s!r}, which is not a season of the calendar",
                                f"use one of: {', '.join(sorted(seasons))}")
            if p.passable_in and p.terrain is Terrain.IMPASSABLE:
                self.report(path + ("passable_in",), "VK161",
                            f"{p.id} is impassable and yet passable in {', '.join(p.passable_in)}",
                            "give the terrain it has when passable (e.g. water) and keep 'passable_in'")
            if p.center and p.terrain in (Terrain.WATER, Terrain.IMPASSABLE):
                self.report(path + ("center",), "VK192",
                            f"{p.id} is a supply centre on {p.terrain.value} terrain",
                            "a supply centre is a land or coastal province",
                            "warning" if p.terrain is Terrain.WATER else "error")

    def check_edges(self) -> None:
        seen: Dict[Tuple[str, str, str], int] = {}
        powers = {pw.id for pw in self.v.powers}
        for i, e in enumerate(self.v.edges):
            path = ("edges", i)
            bad = False
            for end in (e.a, e.b):
                if end not in self.locations:
                    prov, coast = split_location(end)
                    hint = (f"{prov} has no coast {coast!r}" if coast and prov in self.provinces
                            else "use a province id or a named coast such as 'spa/nc'")
                    self.report(path, "VK101", f"edge {e.a} - {e.b}: no location {end!r}", hint)
                    bad = True
            if bad:
                continue
            if split_location(e.a)[0] == split_location(e.b)[0]:
                self.report(path, "VK106", f"edge {e.a} - {e.b} joins a province to itself",
                            "remove the edge")
                continue
            for unit_ok, unit in ((e.units.army, "army"), (e.units.fleet, "fleet")):
                if not unit_ok:
                    continue
                k = (e.a, e.b, unit) if (e.oneway or e.a < e.b) else (e.b, e.a, unit)
                if k in seen:
                    self.report(path, "VK102",
                                f"{unit} edge {e.a} - {e.b} is listed twice (first as edge {seen[k] + 1})",
                                "remove one of them")
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
                    self.report(path + ("seasons",), "VK164",
                                f"edge {e.a} - {e.b} is open in {s!r}, which is not a season of the calendar",
                                f"use one of: {', '.join(sorted(self.v.rules.seasons))}")
            for pw in e.powers:
                if pw not in powers:
                    self.report(path, "VK107", f"edge {e.a} - {e.b} is restricted to unknown power {pw!r}",
                                f"use one of: {', '.join(sorted(powers))}")
            if e.strait and e.units.fleet:
                self.report(path, "VK162",
                            f"edge {e.a} - {e.b} is a strait that fleets cross",
                            "a strait is a crossing of armies over water (Loeb9's Cordoba - North "
                            "Africa); set units: army", "warning")

    def _check_army_end(self, path, e, end: str) -> None:
        prov, coast = split_location(end)
        p = self.provinces[prov]
        if coast:
            self.report(path, "VK105", f"army edge {e.a} - {e.b} names the coast {end}",
                        f"armies move between provinces: use {prov}, and keep {end} for the fleet edge")
        elif p.terrain is Terrain.IMPASSABLE:
            self._never_crossed(path, e, end)
        elif not p.terrain.army_may_stand:
            self.report(path, "VK103",
                        f"army edge {e.a} - {e.b} enters {end}, which is {p.terrain.value}",
                        "armies enter land and coast only: make it a fleet edge or change the terrain")

    def _check_fleet_end(self, path, e, end: str) -> None:
        prov, coast = split_location(end)
        p = self.provinces[prov]
        if p.terrain is Terrain.IMPASSABLE:
            self._never_crossed(path, e, end)
        elif not p.terrain.fleet_may_stand:
            self.report(path, "VK103",
                        f"fleet edge {e.a} - {e.b} enters {end}, which is {p.terrain.value}",
                        "fleets enter water and coast only: make it an army edge or change the terrain")
        elif p.coasts and not coast:
            self.report(path, "VK104",
                        f"fleet edge {e.a} - {e.b} enters multi-coast {prov} without naming a coast",
                        f"name the coast: one of {', '.join(f'{prov}/{c.id}' for c in p.coasts)}")

    def _never_crossed(self, path, e, end: str) -> None:
        self.report(path, "VK108", f"edge {e.a} - {e.b} enters {end}, which is impassable",
                    "nothing ever crosses it: remove the edge, or give the space the terrain "
                    "it has when passable and a 'passable_in' list", "warning")

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
                    self.report(path, "VK116", f"the alias {name!r} of {p.id} is the coast "
                                f"{key} of another province ({coast_of})",
                                f"orders naming that coast would reach {p.id}: drop the alias")
                first = owner.get(key)
                if first is not None and first[0] != target:
                    self.report(path, "VK110",
                                f"the name {name!r} of {p.id} is also a name of {first[0]}",
                                "names, codes and aliases must be unique: rename or drop one")
                elif first is None:
                    owner[key] = (target, path)
                if key in ORDER_KEYWORDS:
                    self.report(path, "VK111",
                                f"the name {name!r} of {p.id} is an order keyword",
                                "orders could not tell it from the keyword: choose another name")
                elif key in power_words:
                    self.report(path, "VK112",
                                f"the name {name!r} of {p.id} is also a name of the power "
                                f"{power_words[key]}",
                                "variantkit reads it by context, but DPjudge's parser rejects it; "
                                "exporters to DPjudge drop such an alias", "warning")
                elif key in HOST_KEYWORDS and name != p.id:  # a code is the exporters' to rename
                    self.report(path, "VK115",
                                f"the name {name!r} of {p.id} is a word the diplomacy package and DPjudge "
                                "read as an order keyword",
                                "variantkit reads it, but the diplomacy package and DPjudge drop or misread "
                                "the word in orders (an export there would not load): choose another name",
                                "warning")
                elif key in DPJUDGE_KEYWORDS and name == p.id:
                    self.report(path, "VK113",
                                f"the code {name!r} of {p.id} is a word DPjudge's parser rejects",
                                "variantkit reads it, but DPjudge rejects it; an export to DPjudge "
                                "must rename it", "warning")

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
                self.report(path, "VK016", f"{where}: {text.shown(value, 60)!r} holds {bad}",
                            "a name, alias or path is one line of plain text: remove the character")
                continue
            for note in text.notes(value):
                self.report(path, "VK114", f"{where}: {text.shown(value, 60)!r} {note}",
                            "a player cannot tell it from the plain letters it looks like, and judges "
                            "compare the characters: write it in plain letters unless it is meant", "warning")

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
                    self.report(path + ("letter",), "VK170",
                                f"{pw.id} and {letters[pw.letter]} share the letter {pw.letter!r}",
                                "give each power its own letter (Youngstown's India signs as N)")
                letters[pw.letter] = pw.id
            for w in (pw.name, pw.adjective):
                key = normalize(w) if w else ""
                if key and words.get(key, pw.id) != pw.id:
                    self.report(path, "VK171", f"{pw.id} and {words[key]} share the name {w!r}",
                                "give each power its own name and adjective")
                elif key:
                    words[key] = pw.id
            for j, h in enumerate(pw.homes):
                hp = path + ("homes", j)
                prov = self.provinces.get(h)
                if prov is None:
                    self.report(hp, "VK130", f"home centre {h!r} of {pw.id} is not a province",
                                "name a province id")
                    continue
                if not prov.center:
                    self.report(hp, "VK131", f"home centre {h} of {pw.id} is not a supply centre",
                                f"set center: true on {h}, or remove it from the homes")
                if h in homes_owner and homes_owner[h] != pw.id:
                    self.report(hp, "VK132", f"{h} is a home centre of both {homes_owner[h]} and {pw.id}",
                                "a home centre belongs to one power")
                homes_owner.setdefault(h, pw.id)
            for j, c in enumerate(pw.centers or ()):  # homes are checked above
                prov = self.provinces.get(c)
                if prov is None or not prov.center:
                    self.report(path + ("centers", j), "VK133",
                                f"starting centre {c!r} of {pw.id} is not a supply centre",
                                "list supply centres only")
            for j, u in enumerate(pw.units):
                up = path + ("units", j)
                prov_id, _ = split_location(u.location)
                if u.location not in self.locations:
                    self.report(up, "VK134", f"unit {u} of {pw.id} stands on unknown location",
                                "use a province id or a coast such as 'stp/sc'")
                    continue
                if not graph.may_stand(u.type, u.location):
                    where = self.provinces[prov_id]
                    hint = ("name a coast: " + ", ".join(graph.coasts[prov_id])
                            if u.type is UnitType.FLEET and where.coasts and "/" not in u.location
                            else f"{u.type.word}s cannot stand on {where.terrain.value}"
                            + (" (a coast location)" if "/" in u.location else ""))
                    self.report(up, "VK135", f"unit {u} of {pw.id} cannot stand there", hint)
                if prov_id in occupied:
                    self.report(up, "VK136", f"{prov_id} holds two starting units "
                                f"({occupied[prov_id]} and {pw.id})", "one unit a province")
                occupied[prov_id] = pw.id
                if prov_id not in pw.homes:
                    self.report(up, "VK137", f"unit {u} of {pw.id} does not start on one of its "
                                "home centres", "place starting units on home centres, or add the "
                                "centre to the homes", "warning")

    def check_rules(self) -> None:
        centers = len(self.v.centers)
        r = self.v.rules
        if r.victory is not None:
            if r.victory * 2 <= centers:
                self.report(("rules", "victory"), "VK140",
                            f"victory at {r.victory} is not above half of the {centers} centres",
                            "two powers may reach it at once: the one with more centres wins, a tie "
                            f"wins for nobody; use at least {centers // 2 + 1} if that is not meant", "warning")
            elif r.victory > centers:
                self.report(("rules", "victory"), "VK141",
                            f"victory at {r.victory} needs more than the {centers} centres",
                            f"use at most {centers}")
        if len(set(r.seasons)) != len(r.seasons):
            self.report(("rules", "seasons"), "VK163", "a season is listed twice",
                        "list each season once")

    def check_inside(self) -> None:
        graph = self.graph
        for p in self.v.provinces:
            if p.inside is None:
                continue
            path = ("provinces", p.id, "inside")
            host = self.provinces.get(p.inside)
            if host is None:
                self.report(path, "VK150", f"{p.id} lies inside {p.inside!r}, which is not a province",
                            "name the land province it lies in (the Suez lies in egy)")
                continue
            if p.terrain is not Terrain.WATER:
                self.report(path, "VK151", f"{p.id} lies inside {host.id} but is {p.terrain.value}",
                            "a space inside a land province is water")
            if host.terrain not in (Terrain.LAND, Terrain.COAST):
                self.report(path, "VK152", f"{p.id} lies inside {host.id}, which is {host.terrain.value}",
                            "it must lie inside a land or coastal province")
            host_locs = set(host.location_ids)
            host_near = {split_location(n)[0] for loc in host_locs
                         for u in UnitType for n in graph.moves(u, loc)}
            for n in sorted(graph.moves(UnitType.FLEET, p.id)):
                prov = split_location(n)[0]
                if n not in host_locs and prov not in host_near:
                    self.report(path, "VK153",
                                f"{p.id} lies inside {host.id} but borders {n}, which does not touch {host.id}",
                                f"a space inside {host.id} borders only {host.id}'s coasts and the "
                                f"waters next to {host.id}")

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
                self.report(("provinces", pid), "VK120",
                            f"{pid} cannot be reached from the rest of the map",
                            "add an edge to it (an off-board box is linked by hand)", key=True)


def check(variant: Variant, source: Optional[SourceMap] = None) -> List[Problem]:
    """Every semantic problem of ``variant``; positions from ``source``."""
    return _Checker(variant, source).run()
