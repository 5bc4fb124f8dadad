"""DPjudge ``.map``: the reader and the writer.

DPjudge's format is a list of directives read in order (see
``docs/formats/dpjudge.md``): names and aliases, terrain lines whose letter
case carries meaning, AMEND/DROP edits, powers with their units, seasonal
``IN SPRING:`` directives and renames.  The reader first collects the
directives into plain records (following USE/MAP includes), then resolves
the moves each unit type may make exactly as DPjudge does, and builds
symmetric edges from them.  Whatever the model cannot hold is reported as a
warning with the file and line, never dropped silently.

The writer puts adjacency per location in DPjudge's letter case: upper case
for a link both unit types may use, lower case for armies only, Title case
for fleets only; ``~`` marks a strait, ``:`` a one-way link, ``EI:`` the
powers that may use it.  Seasonal spaces become ``SHUT`` plus ``IN SEASON:``.
"""
from __future__ import annotations

import os
import re
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Dict, List, Optional, Set, Tuple

from ..model import (Coast, Crossing, Edge, Power, Province, Rules, Terrain, Unit, UnitType,
                     Variant, split_location)
from ..files import atomic_write
from ..names import normalize
from ..problems import Problem, UnusableInput
from .base import ExportReport, Format
from .link_limits import LinkBudget
from .dpjudge_calendar import MODEL_SEASON, Calendar
from .dpjudge_powers import Origin, PowerDirectives, PowerRecord, display_name, power_id
from .dpjudge_rules import WRITTEN, option_for

TERRAINS = {"LAND": Terrain.LAND, "WATER": Terrain.WATER, "COAST": Terrain.COAST,
            "PORT": Terrain.COAST, "SHUT": Terrain.IMPASSABLE}
# judge and display settings that say nothing about the board or the rules of play
SETTINGS = {"TEXTONLY", "FLAGS", "FLAG", "NOTIFY", "ROTATE"}
# directives whose meaning the model cannot hold: reported by name, never guessed at
UNSUPPORTED = {"NEWHOMES": "the years in which homes are chosen anew",
               "RESERVES": "reserve units", "MILITIA": "home-defence units",
               "CONTROL": "a dummy's controller", "LEAGUE": "leagues", "TEAM": "teams",
               "TEAMS": "teams"}
MAX_BYTES = 5 * 1024 * 1024
MAX_READS = 200                # files read, counting a file each time it is USEd
MAX_TOTAL_BYTES = 4 * MAX_BYTES  # bytes read over all the files: USE fan-out multiplies reads
MAX_LINE = 10_000              # characters in a line; real lines are under 200
_TOKEN = re.compile(r"^(?P<pre>[~*]*)(?P<oneway>:)?(?:(?P<powers>[A-Z]+):)?"
                    r"(?P<loc>[A-Za-z0-9]+(?:/[A-Za-z]+)?)"
                    r"(?P<cond>\([A-Za-z0-9,]*\))?(?P<mods>[~*]*)$")


@dataclass
class _Abut:
    loc: str        # upper-case code, coast included ("SPA/NC")
    case: str       # "upper", "lower" (army only) or "title" (fleet only)
    strait: bool
    half: bool
    oneway: bool
    powers: str     # letters of the powers that may use the link
    cond: str
    origin: Origin


@dataclass
class _Loc:
    code: str               # upper case, "SPA" or "SPA/NC"
    kind: str               # LAND WATER COAST PORT SHUT
    multi_main: bool        # written in lower case: fleets cannot stand on it
    abuts: List[_Abut]
    origin: Origin


@dataclass
class _Link:
    """What the abut lines between two locations add up to."""
    army: bool = False
    fleet: bool = False
    strait: bool = False
    powers: Set[str] = field(default_factory=set)


@dataclass
class DpjudgeResult:
    variant: Optional[Variant]
    problems: List[Problem]


class _Reader(PowerDirectives):
    def __init__(self) -> None:
        self.names: Dict[str, Tuple[str, List[str], Origin]] = {}
        self.locs: Dict[str, _Loc] = {}
        self.powers: Dict[str, PowerRecord] = {}
        self.unowned: List[str] = []
        self.inhabits: Set[str] = set()
        self.victory: Optional[int] = None
        self.begin: Optional[Tuple[List[str], Origin]] = None
        self.calendar = Calendar()
        self.flow_origin: Optional[Origin] = None
        self.rules: Dict[str, bool] = {}
        # IN directives: (season word, terrain, code, origin), resolved once the calendar is known
        self.seasonal_lines: List[Tuple[str, str, str, Origin]] = []
        self.seasonal: Dict[str, Tuple[str, str, Origin]] = {}  # code -> (season, kind, origin)
        self.problems: List[Problem] = []
        self.reading: List[str] = []
        self.power: Optional[PowerRecord] = None
        self.map_name: Optional[str] = None
        self.block: Optional[Tuple[str, Origin]] = None     # DIRECTIVES block: (variant, origin)
        self.dynamic: Optional[Tuple[str, Origin]] = None   # IN/FROM block: (phase, origin)
        self.budget = LinkBudget()  # the work of a line grows with the links read before it

    # -- reporting ----------------------------------------------------------
    def warn(self, origin: Origin, code: str, /, **params: object) -> None:
        """What the map says that a variant here cannot hold: the problem ``code``
        in the registry's words (Problem.of), at the line that says it."""
        self.problems.append(Problem.of(code, **params).at(origin.file, origin.line))

    def error(self, origin: Origin, code: str, /, **params: object) -> None:
        """What the map says that cannot be read, in the registry's words, at its line."""
        self.problems.append(Problem.of(code, **params).at(origin.file, origin.line))

    # -- files --------------------------------------------------------------
    def read(self, path: str, origin: Optional[Origin] = None, raw: Optional[bytes] = None) -> None:
        """Read the map ``path`` (and what it USEs); ``raw``: its bytes, not yet on disk (an export's)."""
        from ..files import confined, read_limited, reference_problem
        real = os.path.realpath(path)
        if real in self.reading:
            self.error(origin or Origin(path, 0), "VK602", file=os.path.basename(path))
            return
        if origin is None:
            self.root = os.path.dirname(os.path.abspath(path))  # USEd files stay in the map's folder
            self.reads, self.bytes_read = 0, 0
        elif not confined(path, [self.root]):
            raise UnusableInput([reference_problem(os.path.relpath(path, self.root), "USEd file", [self.root],
                                                   origin.file, origin.line)])
        self.reads += 1
        if self.reads > MAX_READS:
            raise UnusableInput([Problem.of("VK601", path=path, reason=f"the map USEs over {MAX_READS} files "
                                            "(counting repeats)")
                                 .at(origin.file if origin else path, origin.line if origin else None)])
        blame = (origin.file, origin.line) if origin else None
        try:
            if raw is None:
                raw = read_limited(path, MAX_BYTES, "VK601", what="map file", where=blame)
        except UnusableInput as exc:
            if origin is None or exc.problems[0].code != "VK601" or os.path.exists(path):
                raise
            self.problems.extend(exc.problems)  # a USEd file that is missing: reported, reading goes on
            return
        self.bytes_read += len(raw)
        if self.bytes_read > MAX_TOTAL_BYTES:
            raise UnusableInput([Problem.of("VK601", path=path, reason=f"the map and the files it USEs are over "
                                            f"{MAX_TOTAL_BYTES} bytes")
                                 .at(origin.file if origin else path, origin.line if origin else None)])
        if b"\x00" in raw:
            raise UnusableInput([Problem.of("VK601", path=path, reason="the file is binary, not a DPjudge map")
                                 .at(path)])
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:  # DPjudge itself reads its maps as Latin-1
            text = raw.decode("latin-1")
        self.reading.append(real)
        try:
            for number, line in enumerate(text.splitlines(), 1):
                if len(line) > MAX_LINE:
                    raise UnusableInput([Problem.of("VK008", line="the line", length=len(line), limit=MAX_LINE)
                                         .at(path, number)])
                self.line(line, Origin(path, number), os.path.dirname(path))
        finally:
            self.reading.pop()

    def line(self, raw: str, origin: Origin, folder: str) -> None:
        """One line, tried in DPjudge's own order of directives."""
        words = raw.split()
        if not words or words[0].startswith("#"):
            return
        text = " ".join(words)
        upper = words[0].upper()
        if words[-1].upper() in ("DIRECTIVE", "DIRECTIVES"):
            return self.directives_line(words, origin)
        if self.block is not None:
            return self.block_line(words, origin)
        if upper in ("IN", "FROM") and len(words) > 1:
            return self.in_line(words, origin)
        if self.dynamic is not None:
            return self.dynamic_line(self.dynamic[0], words, origin)
        if upper in SETTINGS:
            return self.warn(origin, "VK610", directive=upper)
        if upper == "VICTORY":
            try:
                self.victory = int(words[1])
            except (IndexError, ValueError):
                self.error(origin, "VK641", text=repr(text))
            if len(words) > 2:
                self.warn(origin, "VK642", text=text)
            return
        if upper in ("USE", "USES", "MAP"):
            for name in words[1:]:
                if upper == "MAP" and self.map_name is None:
                    self.map_name = name
                self.read(os.path.join(folder, name if "." in name else name + ".map"), origin)
            return
        if upper in ("FLOW", "REFLOW"):
            return self.flow_line(words, origin)
        if upper == "BEGIN":
            self.begin = (words[1:], origin)
            return
        if upper in ("RULE", "RULES"):
            return self.rule_line(words[1:], origin)
        if upper in UNSUPPORTED:
            return self.warn(origin, "VK643", directive=upper, what=UNSUPPORTED[upper])
        if "=" in text:
            return self.name_line(text, origin)
        if upper in ("OWNS", "CENTERS"):
            return self.owns_line(words, origin)
        if upper in ("INHABITS", "HOME", "HOMES"):
            return self.homes_line(words, origin)
        if upper == "UNITS":
            return self.units_line(origin)
        if upper in ("A", "F"):
            return self.unit_line(words, origin)
        if upper in ("DUMMY", "DUMMIES"):
            return self.dummy_line(words, origin)
        if upper == "DROP":
            for code in words[1:]:
                self.drop(code.upper(), origin)
            return
        if upper in TERRAINS or upper == "AMEND":
            return self.terrain_line(words, origin)
        if upper == "UNPLAYED":
            return self.unplayed_line(words, origin)
        return self.power_line(words, origin)

    # -- blocks ---------------------------------------------------------------
    def directives_line(self, words: List[str], origin: Origin) -> None:
        """``DIRECTIVES`` ... ``END DIRECTIVES``: rules for every game on the map;
        ``NAME DIRECTIVES``: rules for games of DPjudge's variant NAME only."""
        if len(words) > 2:
            return self.error(origin, "VK644", text=repr(" ".join(words)))
        if len(words) == 1:
            self.block = ("ALL", origin)
        elif words[0].upper() == "END":
            self.block = None
        else:
            self.block = (words[0].upper(), origin)

    def block_line(self, words: List[str], origin: Origin) -> None:
        variant = self.block[0] if self.block else "ALL"
        if words[0].upper() in ("RULE", "RULES") and variant == "ALL":
            return self.rule_line(words[1:], origin)
        if variant == "ALL":
            self.warn(origin, "VK645", directive=" ".join(words))
        else:
            self.warn(origin, "VK632", directive=" ".join(words), variant=variant)

    def in_line(self, words: List[str], origin: Origin) -> None:
        """``IN PHASE: directive``, or a block ``IN PHASE`` ... ``IN START``;
        ``FROM S1905M`` likewise."""
        upper = words[0].upper()
        head, colon, rest = " ".join(words[1:]).partition(":")
        phase = head.strip().upper()
        if upper == "IN" and phase == "START":
            self.dynamic = None
            return
        if upper == "FROM":
            self.dynamic = None if colon else ("FROM " + phase, origin)
            if colon:
                self.dynamic_line("FROM " + phase, rest.split(), origin)
            return
        if not colon:
            self.dynamic = (phase, origin)
            return
        self.dynamic = None
        self.dynamic_line(phase, rest.split(), origin)

    def dynamic_line(self, phase: str, words: List[str], origin: Origin) -> None:
        """A directive that holds in one phase only: a terrain line for a season
        becomes a seasonal space; anything else is reported."""
        kind = words[0].upper() if words else ""
        if not phase.startswith("FROM ") and len(phase.split()) == 1 and kind in TERRAINS \
                and len(words) == 2:
            self.seasonal_lines.append((phase, kind, words[1].upper(), origin))
            return
        self.warn(origin, "VK611", text=repr(" ".join(words)), phase=phase.lower())

    # -- game settings ------------------------------------------------------
    def flow_line(self, words: List[str], origin: Origin) -> None:
        if words[0].upper() == "REFLOW" or len(words) == 1:
            self.calendar.reset()
            self.flow_origin = None
            if len(words) == 1 or words[0].upper() == "REFLOW":
                return
        self.flow_origin = self.flow_origin or origin
        self.calendar.flow(words[1:])

    def rule_line(self, rules: List[str], origin: Origin) -> None:
        for rule in rules:
            off = rule.startswith("!")
            name = rule.lstrip("!").upper()
            option = option_for(name)
            if option is None:
                self.warn(origin, "VK631", name=name)
                continue
            self.rules[option] = not off

    # -- directives ---------------------------------------------------------
    def name_line(self, text: str, origin: Origin) -> None:
        full, _, rest = text.partition("=")
        tokens = rest.split()
        old = None
        if "->" in full:
            parts = [p.strip() for p in full.split("->")]
            if len(parts) != 2 or not parts[0]:
                self.error(origin, "VK606", text=repr(text))
                return
            old, full = parts[0].upper(), parts[1]
        if not tokens or not full.strip():
            self.error(origin, "VK605", text=repr(text))
            return
        code = tokens[0].lower()
        if old is not None and not self.rename(old, code.upper(), origin):
            return
        aliases = [t.replace("+", " ").lower() for t in tokens[1:]]
        self.names[code] = (" ".join(full.split()), aliases, origin)

    def rename(self, old: str, new: str, origin: Origin) -> bool:
        """``OLD -> name = new``: the location (and its coasts) takes the new code
        at once, so later lines name it by the new code; its old names go."""
        if old.lower() not in self.names and old not in self.locs:
            self.error(origin, "VK615", code=old)
            return False
        self.budget.rename(origin.file, origin.line)
        self.names.pop(old.lower(), None)
        if old == new:
            return True

        def swap(code: str) -> str:  # the location itself, and a province's coasts with it
            if code == old:
                return new
            head, coast = split_location(code)
            return f"{new}/{coast}" if head == old and coast is not None and "/" not in old else code

        self.locs = {swap(c): loc for c, loc in self.locs.items()}
        for loc in self.locs.values():
            loc.code = swap(loc.code)
            for a in loc.abuts:
                a.loc = swap(a.loc)
        self.unowned = [swap(c) for c in self.unowned]
        for p in self.powers.values():
            p.homes = [swap(h) for h in p.homes]
            p.units = [(k, swap(u), o) for k, u, o in p.units]
            if p.centers is not None:
                p.centers = [swap(c) for c in p.centers]
        if "/" not in old:
            for key in [k for k in self.names if k.startswith(old.lower() + "/")]:
                self.names[swap(key.upper()).lower()] = self.names.pop(key)
        return True

    def terrain_line(self, words: List[str], origin: Origin) -> None:
        kind = words[0].upper()
        if len(words) < 2:
            self.error(origin, "VK646", kind=kind)
            return
        written = words[1]
        code = written.upper()
        rest = words[2:]
        if rest and rest[0].upper() == "ABUTS":
            rest = rest[1:]
        elif rest:
            self.error(origin, "VK607", location=written, found=repr(rest[0]), kind=kind)
            return
        multi = written.islower() and "/" not in written
        loc = self.locs.get(code)
        if loc is not None and loc.multi_main and not multi and "/" not in code:
            # a multi-coast province written again in upper case loses its coasts
            for c in [c for c in self.locs if c.startswith(code + "/")]:
                self.drop(c, origin, decoast=True)
        if kind == "AMEND":
            if loc is None:
                self.error(origin, "VK608", location=written)
                return
            loc.multi_main = multi
        elif loc is None:
            self.budget.place(origin.file, origin.line)
            loc = self.locs[code] = _Loc(code, kind, multi, [], origin)
        else:
            # a location written again: its terrain changes; its links only if ABUTS is written
            loc.kind, loc.multi_main, loc.origin = kind, multi, origin
            if len(words) > 2:
                loc.abuts = []
        for t in rest:
            if t.startswith("-"):
                self.budget.neighbours(1, len(loc.abuts), origin.file, origin.line)
                gone = t[1:].upper()
                loc.abuts = [b for b in loc.abuts if not b.loc.startswith(gone)]
                continue
            a = self.token(t, origin)
            if a is None:
                continue
            if split_location(a.loc)[0] == split_location(code)[0]:
                self.warn(origin, "VK625", location=written, text=t)
                continue
            loc.abuts = [b for b in loc.abuts if b.loc != a.loc] + [a]
            self.budget.neighbours(1, len(loc.abuts), origin.file, origin.line)

    def token(self, text: str, origin: Origin) -> Optional[_Abut]:
        m = _TOKEN.match(text)
        if not m:
            self.error(origin, "VK609", text=repr(text))
            return None
        loc = m.group("loc")
        base = split_location(loc)[0]
        case = "lower" if base.islower() else ("title" if base[0].isupper() and base[1:].islower()
                                                 and len(base) > 1 else "upper")
        mods = m.group("pre") + m.group("mods")
        return _Abut(loc.upper(), case, "~" in mods, "*" in mods, bool(m.group("oneway")),
                     m.group("powers") or "", m.group("cond") or "", origin)

    def drop(self, code: str, origin: Origin, decoast: bool = False) -> None:
        """DPjudge's DROP: every location whose code begins with ``code``."""
        self.budget.rename(origin.file, origin.line)
        gone = {c for c in self.locs if c.startswith(code)}
        if not gone:
            self.warn(origin, "VK612", code=code)
        for c in gone:
            del self.locs[c]
        for loc in self.locs.values():
            kept = [a for a in loc.abuts if not a.loc.startswith(code)]
            if decoast and len(kept) != len(loc.abuts):
                # DPjudge links the coast's neighbours to the province, in upper case
                prov = split_location(code)[0]
                same = [a for a in kept if a.loc == prov]
                if same:
                    same[0].case = "upper"
                else:
                    first = next(a for a in loc.abuts if a.loc.startswith(code))
                    kept.append(_Abut(prov, "upper", first.strait, first.half, first.oneway,
                                      first.powers, first.cond, first.origin))
            loc.abuts = kept
        self.unowned = [c for c in self.unowned if c != code]
        for p in self.powers.values():
            p.homes = [h for h in p.homes if h != code]
            p.units = [u for u in p.units if split_location(u[1])[0] != code[:3]]
        for key in [k for k in self.names if k.upper().startswith(code)]:
            del self.names[key]

    # -- after the last line ----------------------------------------------------
    def finish(self, path: str) -> Optional[str]:
        """Resolve what needs the whole file: the calendar, the BEGIN phase, the
        seasonal spaces; the start phase is returned."""
        for what, (_, origin) in (("a DIRECTIVES block", self.block or ("", None)),
                                  ("an IN block", self.dynamic or ("", None))):
            if origin is not None:
                self.warn(origin, "VK633", block=what)
        problem = self.calendar.complete()
        if problem:
            where = self.flow_origin or Origin(path, 1)
            self.problems.append(problem.at(where.file, where.line))
        start = None
        if self.begin is not None:
            words, origin = self.begin
            start, problem = self.calendar.begin(words)
            if problem:
                self.problems.append(problem.at(origin.file, origin.line))
        for season, kind, code, origin in self.seasonal_lines:
            letter = self.calendar.letter(season)
            if letter is None:
                self.warn(origin, "VK647", season=season, seasons=", ".join(self.calendar.season_names()))
                continue
            self.seasonal[code] = (MODEL_SEASON[letter], kind, origin)
        for home in self.unowned:
            if home not in self.locs:
                self.error(Origin(path, 1), "VK649", centre=home)
        if not self.locs:
            self.error(Origin(path, 1), "VK626")
        if len(self.powers) < 2:
            self.error(Origin(path, 1), "VK627", count=len(self.powers))
        for p in self.powers.values():
            for kind, loc, origin in p.units:
                if loc not in self.locs:
                    self.error(origin, "VK629", unit=f"{kind} {loc}", power=p.key)
            for home in p.homes + (p.centers or []):
                if home not in self.locs:
                    self.error(p.origin or Origin(path, 1), "VK648", centre=home, power=p.key)
            if not (p.homes or p.units or p.centers is not None or p.adjective):
                self.error(p.origin or Origin(path, 1), "VK634", power=p.key)
            if p.dummy:
                self.warn(p.origin or Origin(path, 1), "VK628", power=p.key)
        return start

# ---------------------------------------------------------------------------
# resolution: DPjudge's moves, then symmetric edges

def _army_ok(loc: _Loc) -> bool:
    return loc.kind in ("LAND", "COAST", "PORT") and "/" not in loc.code


def _fleet_ok(loc: _Loc) -> bool:
    return loc.kind in ("WATER", "COAST", "PORT") and not loc.multi_main


def _title(word: str) -> str:
    return " ".join(w.capitalize() for w in word.replace("_", " ").split())


class _Builder:
    def __init__(self, r: _Reader):
        self.r = r
        # a seasonal space is entered in its season: resolve moves as if open then
        self.kinds = {c: loc.kind for c, loc in r.locs.items()}
        for code, (season, _, origin) in r.seasonal.items():
            if code not in r.locs:
                r.warn(origin, "VK616", season=season.upper(), code=code)

    def effective(self, loc: _Loc) -> _Loc:
        s = self.r.seasonal.get(loc.code)
        if s and loc.kind == "SHUT" and s[1] != "SHUT":
            return _Loc(loc.code, s[1], loc.multi_main, loc.abuts, loc.origin)
        return loc

    def moves(self):
        army: Dict[Tuple[str, str], _Abut] = {}
        fleet: Dict[Tuple[str, str], _Abut] = {}
        locs = {c: self.effective(loc) for c, loc in self.r.locs.items()}
        for code, loc in locs.items():
            for a in loc.abuts:
                target = locs.get(a.loc)
                province = locs.get(split_location(a.loc)[0])
                if target is None and province is None:
                    self.r.error(a.origin, "VK617", code=code, other=a.loc)
                    continue
                # armies: from a province to a province, never by a Titlecase (fleet-only) link
                if a.case != "title" and _army_ok(loc) and province is not None and _army_ok(province):
                    army[(code, province.code)] = a
                # fleets: between fleet locations, never by a lowercase (army-only) link
                if a.case != "lower" and _fleet_ok(loc) and target is not None and _fleet_ok(target):
                    fleet[(code, target.code)] = a
        return army, fleet

    def edges(self) -> List[Edge]:
        army, fleet = self.moves()
        letters = {p.letter or p.key[0]: power_id(p.key) for p in self.r.powers.values()}
        out: Dict[Tuple[str, str, bool], _Link] = {}
        for unit, moves in (("army", army), ("fleet", fleet)):
            for (src, dst), abut in moves.items():
                back = moves.get((dst, src))
                oneway = back is None
                if oneway and not abut.oneway:
                    self.r.warn(abut.origin, "VK618", a=src, b=dst, units=unit)
                if not oneway and src > dst:
                    continue
                key = (src.lower(), dst.lower(), oneway)
                rec = out.setdefault(key, _Link())
                if unit == "army":
                    rec.army = True
                else:
                    rec.fleet = True
                for a in (abut, back):
                    if a is None:
                        continue
                    rec.strait = rec.strait or a.strait
                    if a.half:
                        self.r.warn(a.origin, "VK619", a=src, b=dst)
                    if a.cond:
                        self.r.warn(a.origin, "VK620", condition=a.cond, a=src, b=dst)
                    if a.powers:
                        rec.powers |= {letters.get(ch, ch.lower()) for ch in a.powers}
        edges = []
        for (a, b, oneway), rec in sorted(out.items()):
            edges.append(Edge(a, b, Crossing.of(rec.army, rec.fleet), rec.strait,
                              oneway, tuple(sorted(rec.powers))))
        return edges

    def provinces(self) -> List[Province]:
        r = self.r
        centres = {h for p in r.powers.values() for h in p.homes + (p.centers or [])} | set(r.unowned)
        out = []
        for code, loc in sorted(r.locs.items()):
            if "/" in code:
                continue
            full, aliases, _ = r.names.get(code.lower(), (None, [], None))
            if full is None:
                r.warn(loc.origin, "VK621", code=code)
                full = code
            terrain = TERRAINS[loc.kind]
            passable: Tuple[str, ...] = ()
            s = r.seasonal.get(code)
            if s:
                season, kind, origin = s
                if loc.kind == "SHUT" and kind != "SHUT":
                    terrain, passable = TERRAINS[kind], (season,)
                elif kind == "SHUT":
                    r.warn(origin, "VK650", code=code, season=season)
            if loc.kind == "PORT" and (loc.multi_main or any(k.startswith(code + "/") for k in r.locs)):
                r.warn(loc.origin, "VK622", code=code)
            coasts = []
            for c in sorted(k for k in r.locs if k.startswith(code + "/")):
                cid = (split_location(c)[1] or "").lower()
                cname, caliases, _ = r.names.get(c.lower(), ("", [], None))
                m = re.search(r"\(([^)]*)\)", cname)
                coasts.append(Coast(cid, _title(m.group(1)) if m else cname,
                                    tuple(self.aliases(caliases, c.lower()))))
            if loc.multi_main and not coasts:
                r.warn(loc.origin, "VK623", code=code)
            out.append(Province(code.lower(), full, terrain, tuple(self.aliases(aliases, code.lower())),
                                code in centres, tuple(coasts), passable_in=passable,
                                port=loc.kind == "PORT" and not coasts and not loc.multi_main))
        return out

    def aliases(self, aliases: List[str], own: str) -> List[str]:
        out = []
        for a in aliases:
            if a.endswith("?"):
                plain = a[:-1]
                if plain in self.r.names or plain.upper() in self.r.locs:
                    origin = self.r.names[own][2] if own in self.r.names else Origin("", 0)
                    self.r.warn(origin, "VK624", alias=repr(a), code=own)
                    continue
                a = plain
            if a != own and a not in out:
                out.append(a)
        return out

    def powers(self) -> List[Power]:
        out = []
        for p in self.r.powers.values():
            centers = None
            if p.centers is not None and sorted(p.centers) != sorted(p.homes):
                centers = tuple(c.lower() for c in p.centers)
            out.append(Power(
                power_id(p.key), display_name(p.name), display_name(p.adjective) if p.adjective else "",
                p.letter or p.key[0].upper(), "",
                tuple(h.lower() for h in p.homes),
                tuple(Unit(UnitType(k), loc.lower()) for k, loc, _ in p.units), centers))
        return out


def read_dpjudge(path: str, variant_id: Optional[str] = None, raw: Optional[bytes] = None) -> DpjudgeResult:
    """Read a DPjudge map (and the files it USEs); ``raw``: the map's bytes,
    read as if they were at ``path`` (an export reading itself back).

    Raises :class:`UnusableInput` when the file itself cannot be read.
    """
    reader = _Reader()
    reader.read(path, raw=raw)
    start = reader.finish(path)
    builder = _Builder(reader)
    provinces = builder.provinces()
    edges = builder.edges()
    powers = builder.powers()
    vid = variant_id or re.sub(r"[^a-z0-9_-]", "-", os.path.splitext(os.path.basename(path))[0].lower())
    rules = Rules(victory=reader.victory, start=start or Rules.start,
                  options=dict(sorted(reader.rules.items())))
    variant = Variant(vid, _title(vid), tuple(provinces), tuple(edges), tuple(powers), rules)
    return DpjudgeResult(variant, reader.problems)


# --- the writer ---

WRITE_KIND = {Terrain.LAND: "LAND", Terrain.COAST: "COAST", Terrain.WATER: "WATER",
        Terrain.IMPASSABLE: "SHUT"}


def _alias(a: str) -> str:
    return a.replace(" ", "+")


def _token(loc: str, case: str, e: Edge, powers: Dict[str, str]) -> str:
    prov, coast = split_location(loc)
    if case == "upper":
        text = prov.upper()
    elif case == "lower":
        text = prov.lower()
    else:
        text = prov.capitalize()
    if coast:
        text += "/" + coast.upper()
    if e.strait:
        text += "~"
    if e.powers:
        text = "".join(powers.get(p, "?") for p in e.powers) + ":" + text
    return text


def _merge(tokens: List[str]) -> List[str]:
    """One token a neighbour: an army-only and a fleet-only link to the same
    space are one link for both (upper case)."""
    seen: Dict[str, Set[str]] = defaultdict(set)
    for t in tokens:
        seen[t.upper()].add(t)
    return sorted(next(iter(forms)) if len(forms) == 1 else up for up, forms in seen.items())


def dpjudge_text(v: Variant, report: ExportReport) -> str:
    from .dpjudge_words import escaped, fit, norm
    v = fit(v, report)
    if not report.ok:
        return ""
    provinces = {p.id: p for p in v.provinces}
    place_names = {norm(n) for p in v.provinces for n in (p.name, p.id)}
    letters = {p.id: p.letter or p.name[0].upper() for p in v.powers}
    power_words = {normalize(w) for p in v.powers for w in (p.id, p.name, p.adjective) if w}
    lines: List[str] = [f"# {v.name}: written by variantkit from {v.id}", ""]

    # names
    place_of = {norm(n): p.id for p in v.provinces for n in (p.name, p.id)}
    for p in v.provinces:
        aliases = []
        for a in p.aliases:
            if normalize(a) in power_words:
                report.lost("VK701", alias=repr(a), province=p.id)
                continue
            if not norm(a) or place_of.get(norm(a), p.id) != p.id:
                report.lost("VK748", alias=repr(a), province=p.id,
                            other=place_of[norm(a)] if norm(a) else "order words only")
                continue
            place_of.setdefault(norm(a), p.id)
            aliases.append(_alias(a))
        lines.append(f"{p.name} = {' '.join([p.id] + aliases)}")
        for c in p.coasts:
            cname = f"{p.name} ({c.name.lower() or c.id})"
            lines.append(f"{cname} = {' '.join([f'{p.id}/{c.id}'] + [_alias(a) for a in c.aliases])}")
    lines.append("")

    # adjacency, per location, in DPjudge's letter case
    abuts: Dict[str, List[str]] = defaultdict(list)
    crossings: Set[Tuple[str, str, str]] = set()
    for e in v.edges:
        if e.modifier not in (0, -1):
            report.lost("VK709", modifier=f"{e.modifier:+d}", a=e.a, b=e.b,
                        written="a strait (-1)" if e.strait else "an ordinary link")
        if e.seasons:
            report.seasonal_link(e, "a DPjudge map (its IN directives are written for spaces)")
        for a, b in ([(e.a, e.b)] if e.oneway else [(e.a, e.b), (e.b, e.a)]):
            for unit, ok in (("army", e.units.army), ("fleet", e.units.fleet)):
                if ok:
                    crossings.add((a, b, unit))
    for e in v.edges:
        for a, b in ([(e.a, e.b)] if e.oneway else [(e.a, e.b), (e.b, e.a)]):
            mark = ":" if e.oneway else ""
            both = e.units.army and e.units.fleet and "/" not in a + b
            if e.units.army:
                # upper case carries the fleet link too where both use the same spaces
                abuts[a].append(mark + _token(b, "upper" if both else "lower", e, letters))
            if e.units.fleet and not both:
                water = Terrain.WATER in (provinces[split_location(a)[0]].terrain,
                                          provinces[split_location(b)[0]].terrain)
                # from a coast's own line armies never start; elsewhere a fleet-only
                # link between two coastal spaces is written in Title case
                case = "upper" if "/" in a or water or (
                    split_location(a)[0], split_location(b)[0], "army") in crossings else "title"
                abuts[a].append(mark + _token(b, case, e, letters))
    # a multi-coast province's own line also names what its coasts touch (DPjudge and the
    # `diplomacy` package check each link from both ends); fleets never stand on it
    for p in v.provinces:
        for c in p.coasts:
            for (a, b, unit) in crossings:
                if a != f"{p.id}/{c.id}" or unit != "fleet":
                    continue
                pb = split_location(b)[0]
                water = provinces[pb].terrain is Terrain.WATER
                case = "upper" if water or (p.id, pb, "army") in crossings else "title"
                abuts[p.id].append(pb.upper() if case == "upper" else pb.capitalize())
    for p in sorted(v.provinces, key=lambda p: p.id):
        kind = "PORT" if p.port else WRITE_KIND[p.terrain]
        if p.passable_in:
            # DPjudge's Map.py refuses its own IN directive ("BAD FROM DIRECTIVE", on its own
            # loeb9.map too): a seasonal space is written open in every season
            report.lost("VK783", province=p.id, seasons=", ".join(p.passable_in))
        for c in p.coasts:
            lid = f"{p.id}/{c.id}"
            lines.append(f"{kind:<6} {lid.upper():<8} ABUTS {' '.join(_merge(abuts[lid]))}".rstrip())
        code = p.id.lower() if p.coasts else p.id.upper()
        toks = _merge(abuts[p.id])
        lines.append(f"{kind:<6} {code:<8}" + (f" ABUTS {' '.join(toks)}" if toks else ""))
        if p.offboard:
            report.lost("VK703", province=p.id)
        if p.inside:
            report.lost("VK704", province=p.id, host=p.inside)
    lines.append("")

    # powers and units
    homes: Set[str] = set()
    for pw in v.powers:
        letter = f":{pw.letter}" if pw.letter else ""
        own = escaped(re.sub(r"[():]", "", pw.adjective or pw.name)) or pw.id
        if pw.adjective and re.search(r"[():]", pw.adjective):  # the power line's own marks: left out, and said
            report.lost("VK689", adjective=repr(pw.adjective), power=pw.id, word=own.upper())
        if norm(own) in place_names:  # DPjudge would take the adjective for the place
            report.lost("VK660", adjective=repr(pw.adjective), power=pw.id, word=pw.id.upper())
            own = pw.id
        lines.append(f"{pw.id.upper()} ({own.upper()}{letter}) "
                     + " ".join(h.upper() for h in pw.homes))
        homes.update(pw.homes)
        for u in pw.units:
            lines.append(f"{u.type.value} {u.location.upper()}")
        if pw.centers is not None and set(pw.centers) != set(pw.homes):
            lines.append(("OWNS " + " ".join(c.upper() for c in pw.centers)).rstrip())
        if pw.colour:
            report.lost("VK706", power=pw.id)
        lines.append("")
    unowned = [c for c in v.centers if c not in homes]
    if unowned:
        lines.append("UNOWNED " + " ".join(c.upper() for c in sorted(unowned)))
    if v.rules.victory is not None:
        lines.append(f"VICTORY {v.rules.victory}")
    phase = v.rules.start
    year = int(phase[1:-1])
    if year < 1:
        report.refuse("VK710", year=year)
    lines.append(f"BEGIN {dict(S='SPRING', F='FALL', W='WINTER')[phase[0]]} {year} "
                 f"{dict(M='MOVEMENT', R='RETREATS', A='ADJUSTMENTS')[phase[-1]]}")
    for opt, value in sorted(v.rules.options.items()):
        if opt in WRITTEN and isinstance(value, bool):
            lines.append(f"RULE {'' if value else '!'}{WRITTEN[opt]}")
        else:
            report.lost("VK707", option=opt, value=repr(value))
    if v.rules.draw_after_static_falls:
        report.lost("VK708")
    return "\n".join(lines) + "\n"


def write(v: Variant, path: str) -> ExportReport:
    report = ExportReport(path)
    text = dpjudge_text(v, report)
    if report.ok:
        # DPjudge reads its maps in Latin-1 (Map.py in Python 2, a byte a letter): UTF-8 made
        # 'Münster' 'MÃ¼NSTER' there.  Written in Latin-1; a letter it lacks is refused.
        from .dpjudge_words import strings_of
        from ..text import describe, shown
        for where, value in strings_of(v):
            beyond = next((c for c in value if ord(c) > 0xFF), None)
            if beyond is not None:
                report.refuse("VK688", where=where, character=describe(beyond), value=shown(value))
    if report.ok:
        from .readback import dpjudge_reads
        dpjudge_reads(text, v, path, report, read_dpjudge, encoding="latin-1")
    if report.ok:
        atomic_write(path, text.encode("latin-1"))
    return report


def read(path: str):
    res = read_dpjudge(path)
    return res.variant, res.problems


FORMAT = Format("dpjudge", "DPjudge .map (one file)", ".map", write, read)
