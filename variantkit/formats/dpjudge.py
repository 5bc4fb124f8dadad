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

TERRAINS = {"LAND": Terrain.LAND, "WATER": Terrain.WATER, "COAST": Terrain.COAST,
            "PORT": Terrain.COAST, "SHUT": Terrain.IMPASSABLE}
KEYWORDS = {"USE", "USES", "MAP", "AMEND", "DROP", "UNOWNED", "NEUTRAL", "VICTORY", "BEGIN",
            "RULE", "RULES", "FLAGS", "IN", "FROM", "FLOW", "DIRECTIVE", "UNITS"} | set(TERRAINS)
SEASONS = {"SPRING": "spring", "SUMMER": "summer", "FALL": "fall", "AUTUMN": "fall",
           "WINTER": "winter"}
MAX_BYTES = 5 * 1024 * 1024
MAX_READS = 200                # files read, counting a file each time it is USEd
MAX_TOTAL_BYTES = 4 * MAX_BYTES  # bytes read over all the files: USE fan-out multiplies reads
MAX_LINE = 10_000              # characters in a line; real lines are under 200
_TOKEN = re.compile(r"^(?P<oneway>:)?(?:(?P<powers>[A-Z]+):)?(?P<loc>[A-Za-z0-9]+(?:/[A-Za-z]+)?)"
                    r"(?P<cond>\([A-Za-z0-9,]*\))?(?P<mods>[~*]*)$")


@dataclass
class Origin:
    file: str
    line: int


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
class _Power:
    name: str
    adjective: str = ""
    letter: str = ""
    homes: List[str] = field(default_factory=list)
    units: List[Tuple[str, str]] = field(default_factory=list)  # ("A", "STP/NC")
    origin: Optional[Origin] = None


@dataclass
class DpjudgeResult:
    variant: Optional[Variant]
    problems: List[Problem]


class _Reader:
    def __init__(self) -> None:
        self.names: Dict[str, Tuple[str, List[str], Origin]] = {}
        self.locs: Dict[str, _Loc] = {}
        self.powers: Dict[str, _Power] = {}
        self.unowned: List[str] = []
        self.victory: Optional[int] = None
        self.begin: Optional[str] = None
        self.rules: Dict[str, bool] = {}
        self.seasonal: Dict[str, Tuple[str, str, Origin]] = {}  # code -> (season, kind, origin)
        self.renames: List[Tuple[str, str, str, List[str], Origin]] = []
        self.problems: List[Problem] = []
        self.reading: List[str] = []
        self.power: Optional[_Power] = None
        self.map_name: Optional[str] = None

    # -- reporting ----------------------------------------------------------
    def warn(self, origin: Origin, code: str, message: str, hint: str) -> None:
        self.problems.append(Problem(code, message, hint, origin.file, origin.line, None, "warning"))

    def error(self, origin: Origin, code: str, message: str, hint: str) -> None:
        self.problems.append(Problem(code, message, hint, origin.file, origin.line, None, "error"))

    # -- files --------------------------------------------------------------
    def read(self, path: str, origin: Optional[Origin] = None) -> None:
        from ..files import confined, read_limited, reference_problem
        real = os.path.realpath(path)
        if real in self.reading:
            self.error(origin or Origin(path, 0), "VK602", f"{os.path.basename(path)} includes itself",
                       "remove the USE line that makes the cycle")
            return
        if origin is None:
            self.root = os.path.dirname(os.path.abspath(path))  # USEd files stay in the map's folder
            self.reads, self.bytes_read = 0, 0
        elif not confined(path, [self.root]):
            raise UnusableInput([reference_problem(os.path.relpath(path, self.root), "USEd file", [self.root],
                                                   origin.file, origin.line)])
        self.reads += 1
        if self.reads > MAX_READS:
            raise UnusableInput([Problem("VK601", f"the map USEs over {MAX_READS} files (counting repeats)",
                                         "USE each file once", origin.file if origin else path,
                                         origin.line if origin else None)])
        blame = Problem("VK601", "", "", origin.file, origin.line) if origin else None
        try:
            raw = read_limited(path, MAX_BYTES, "VK601", "map file",
                               "a DPjudge map is a few kB: is this the right file?", blame)
        except UnusableInput as exc:
            if origin is None or exc.problems[0].code != "VK601" or os.path.exists(path):
                raise
            self.problems.extend(exc.problems)  # a USEd file that is missing: reported, reading goes on
            return
        self.bytes_read += len(raw)
        if self.bytes_read > MAX_TOTAL_BYTES:
            raise UnusableInput([Problem("VK601", f"the map and the files it USEs are over {MAX_TOTAL_BYTES} bytes",
                                         "USE each file once", origin.file if origin else path,
                                         origin.line if origin else None)])
        if b"\x00" in raw:
            raise UnusableInput([Problem("VK601", "the file is binary, not a DPjudge map",
                                         "give the .map text file", path)])
        text = raw.decode("utf-8", errors="replace")
        self.reading.append(real)
        try:
            for number, line in enumerate(text.splitlines(), 1):
                if len(line) > MAX_LINE:
                    raise UnusableInput([Problem("VK008", f"the line is {len(line)} characters long, "
                                                 f"over the limit of {MAX_LINE}", "one entry a line", path, number)])
                self.line(line, Origin(path, number), os.path.dirname(path))
        finally:
            self.reading.pop()

    def line(self, raw: str, origin: Origin, folder: str) -> None:
        text = raw.strip()
        if not text or text.startswith("#"):
            return
        words = text.split()
        head = words[0]
        upper = head.upper()
        if "->" in text:
            return self.rename_line(text, origin)
        if "=" in text and upper not in KEYWORDS:
            return self.name_line(text, origin)
        if upper in ("USE", "USES", "MAP"):
            for name in words[1:]:
                if upper == "MAP" and self.map_name is None:
                    self.map_name = name
                self.read(os.path.join(folder, name if "." in name else name + ".map"), origin)
            return
        if upper == "IN":
            return self.in_line(text, origin)
        if upper in TERRAINS or upper == "AMEND":
            return self.terrain_line(words, origin)
        if upper == "DROP":
            for code in words[1:]:
                self.drop(code.upper(), origin)
            return
        if upper in ("UNOWNED", "NEUTRAL"):
            self.power = None
            self.unowned.extend(w.upper() for w in words[1:])
            return
        if upper == "VICTORY":
            try:
                self.victory = int(words[1])
            except (IndexError, ValueError):
                self.error(origin, "VK603", f"VICTORY needs a number of centres, not {text!r}",
                           "write e.g. VICTORY 18")
            return
        if upper == "BEGIN":
            return self.begin_line(words, origin)
        if upper in ("RULE", "RULES"):
            for rule in words[1:]:
                off = rule.startswith("!")
                self.rules[rule.lstrip("!").lower()] = not off
            return
        if upper in ("FLAGS", "FROM", "FLOW", "DIRECTIVE"):
            self.warn(origin, "VK610", f"{upper} is not represented: {text!r}",
                      "these are judge settings; set the equivalent rule options by hand if needed")
            return
        if upper in ("A", "F") and len(words) == 2:
            return self.unit_line(upper, words[1].upper(), origin)
        if upper == "UNITS":
            if self.power is not None:
                self.power.units.clear()
            return
        if re.fullmatch(r"[A-Za-z][A-Za-z_]*", head):
            return self.power_line(text, origin)
        self.error(origin, "VK604", f"cannot read the line {text!r}",
                   "see docs/formats/dpjudge.md for the directives variantkit reads")

    # -- directives ---------------------------------------------------------
    def name_line(self, text: str, origin: Origin) -> None:
        full, _, rest = text.partition("=")
        tokens = rest.split()
        if not tokens or not full.strip():
            self.error(origin, "VK605", f"the name line {text!r} lacks a full name or a code",
                       "write 'Full Name = abc alias...'")
            return
        code = tokens[0].lower()
        aliases = [t.replace("+", " ").lower() for t in tokens[1:]]
        self.names[code] = (" ".join(full.split()), aliases, origin)

    def rename_line(self, text: str, origin: Origin) -> None:
        left, _, right = text.partition("->")
        old = left.split()[0].upper() if left.split() else ""
        full, _, rest = right.partition("=")
        tokens = rest.split()
        if not old or not tokens:
            self.error(origin, "VK606", f"cannot read the rename {text!r}",
                       "write 'OLD -> New Name = new aliases...'")
            return
        self.renames.append((old, tokens[0].upper(), " ".join(full.split()),
                             [t.replace("+", " ").lower() for t in tokens[1:]], origin))

    def in_line(self, text: str, origin: Origin) -> None:
        m = re.match(r"^IN\s+([A-Za-z]+)\s*:\s*(\w+)\s+(\S+)\s*$", text, re.I)
        if not m or m.group(1).upper() not in SEASONS or m.group(2).upper() not in TERRAINS:
            self.warn(origin, "VK611", f"the seasonal directive {text!r} is not represented",
                      "variantkit reads 'IN SEASON: TERRAIN CODE'; set passable_in by hand")
            return
        self.seasonal[m.group(3).upper()] = (SEASONS[m.group(1).upper()], m.group(2).upper(), origin)

    def terrain_line(self, words: List[str], origin: Origin) -> None:
        kind = words[0].upper()
        if len(words) < 2:
            self.error(origin, "VK607", f"{kind} names no location", f"write '{kind} CODE ABUTS ...'")
            return
        written = words[1]
        code = written.upper()
        rest = words[2:]
        if rest and rest[0].upper() == "ABUTS":
            rest = rest[1:]
        elif rest:
            self.error(origin, "VK607", f"expected ABUTS after {written}, found {rest[0]!r}",
                       f"write '{kind} {written} ABUTS ...'")
            return
        abuts = [a for a in (self.token(t, origin) for t in rest) if a is not None]
        if kind == "AMEND":
            loc = self.locs.get(code)
            if loc is None:
                self.error(origin, "VK608", f"AMEND {written}: no such location yet",
                           "define the location with LAND/WATER/COAST before amending it")
                return
            for a in abuts:
                if a.loc.startswith("-"):
                    gone = a.loc[1:]
                    loc.abuts = [b for b in loc.abuts if b.loc != gone]
                else:
                    loc.abuts = [b for b in loc.abuts if b.loc != a.loc] + [a]
            return
        multi = written.islower() and "/" not in written
        self.locs[code] = _Loc(code, kind, multi, abuts, origin)

    def token(self, text: str, origin: Origin) -> Optional[_Abut]:
        removing = text.startswith("-")
        m = _TOKEN.match(text[1:] if removing else text)
        if not m:
            self.error(origin, "VK609", f"cannot read the neighbour {text!r}",
                       "a neighbour is a code such as MAO, spa, Tys or BUL/EC, optionally with ~ or *")
            return None
        loc = m.group("loc")
        base = loc.split("/")[0]
        case = "lower" if base.islower() else ("title" if base[0].isupper() and base[1:].islower()
                                                 and len(base) > 1 else "upper")
        return _Abut(("-" if removing else "") + loc.upper(), case, "~" in m.group("mods"),
                     "*" in m.group("mods"), bool(m.group("oneway")), m.group("powers") or "",
                     m.group("cond") or "", origin)

    def drop(self, code: str, origin: Origin) -> None:
        gone = {c for c in self.locs if c == code or c.startswith(code + "/")}
        if not gone:
            self.warn(origin, "VK612", f"DROP {code}: no such location", "check the code")
        for c in gone:
            del self.locs[c]
        for loc in self.locs.values():
            loc.abuts = [a for a in loc.abuts if a.loc.split("/")[0] != code]
        self.unowned = [c for c in self.unowned if c != code]
        for p in self.powers.values():
            p.homes = [h for h in p.homes if h != code]
            p.units = [u for u in p.units if u[1].split("/")[0] != code]
        self.names.pop(code.lower(), None)
        for key in [k for k in self.names if k.startswith(code.lower() + "/")]:
            del self.names[key]

    def begin_line(self, words: List[str], origin: Origin) -> None:
        try:
            season = {"SPRING": "S", "FALL": "F", "AUTUMN": "F", "WINTER": "W"}[words[1].upper()]
            year = int(words[2])
            kind = {"MOVEMENT": "M", "RETREATS": "R", "ADJUSTMENTS": "A"}[words[3].upper()]
            self.begin = f"{season}{year}{kind}"
        except (IndexError, KeyError, ValueError):
            self.error(origin, "VK603", f"cannot read {' '.join(words)!r}",
                       "write e.g. BEGIN SPRING 1901 MOVEMENT")

    def power_line(self, text: str, origin: Origin) -> None:
        m = re.match(r"^([A-Za-z][A-Za-z_]*)\s*(?:\(([^)]*)\))?\s*(.*)$", text)
        name = m.group(1).upper()
        power = self.powers.get(name)
        if power is None:
            power = self.powers[name] = _Power(name, origin=origin)
        if m.group(2) is not None:
            adjective, _, letter = m.group(2).partition(":")
            power.adjective = adjective.strip()
            power.letter = letter.strip().upper()
        centres = m.group(3).split()
        if centres:
            homes = []
            for c in centres:
                if c[0] in "-+@":
                    self.warn(origin, "VK613", f"the centre prefix in {c!r} is not represented",
                              "edit the power's homes by hand")
                    c = c[1:]
                homes.append(c.upper())
            power.homes = homes
            taken = set(homes)
            self.unowned = [c for c in self.unowned if c not in taken]
            for other in self.powers.values():
                if other is not power:
                    other.homes = [h for h in other.homes if h not in taken]
        self.power = power

    def unit_line(self, kind: str, loc: str, origin: Origin) -> None:
        if self.power is None:
            self.error(origin, "VK614", f"the unit {kind} {loc} belongs to no power",
                       "put unit lines after their power's line")
            return
        province = loc.split("/")[0]
        for p in self.powers.values():  # a unit line replaces whatever stood in the province
            p.units = [u for u in p.units if u[1].split("/")[0] != province]
        self.power.units.append((kind, loc))

    # -- renames ------------------------------------------------------------
    def apply_renames(self) -> None:
        for old, new, full, aliases, origin in self.renames:
            if old not in self.locs and not any(c.startswith(old + "/") for c in self.locs):
                self.warn(origin, "VK615", f"rename of {old}: no such location", "check the code")
                continue

            def swap(code: str) -> str:
                head, slash, coast = code.partition("/")
                return new + slash + coast if head == old else code

            self.locs = {swap(c): loc for c, loc in self.locs.items()}
            for loc in self.locs.values():
                loc.code = swap(loc.code)
                for a in loc.abuts:
                    a.loc = swap(a.loc)
            self.unowned = [swap(c) for c in self.unowned]
            for p in self.powers.values():
                p.homes = [swap(h) for h in p.homes]
                p.units = [(k, swap(u)) for k, u in p.units]
            if old in self.seasonal:
                self.seasonal[new] = self.seasonal.pop(old)
            _, old_aliases, _ = self.names.pop(old.lower(), ("", [], origin))
            keep = [a for a in aliases if a != new.lower()]
            for a in [old.lower()] + old_aliases:
                if a not in keep:
                    keep.append(a)
            self.names[new.lower()] = (full, keep, origin)


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
        for code, (season, kind, origin) in r.seasonal.items():
            if code not in r.locs:
                r.warn(origin, "VK616", f"IN {season.upper()}: no location {code}", "check the code")

    def effective(self, loc: _Loc) -> _Loc:
        s = self.r.seasonal.get(loc.code)
        if s and loc.kind == "SHUT" and s[1] != "SHUT":
            return _Loc(loc.code, s[1], loc.multi_main, loc.abuts, loc.origin)
        return loc

    def moves(self):
        army: Dict[Tuple[str, str], _Abut] = {}
        fleet: Dict[Tuple[str, str], _Abut] = {}
        locs = {c: self.effective(l) for c, l in self.r.locs.items()}
        for code, loc in locs.items():
            for a in loc.abuts:
                target = locs.get(a.loc)
                province = locs.get(a.loc.split("/")[0])
                if target is None and province is None:
                    self.r.error(a.origin, "VK617", f"{code} abuts {a.loc}, which is not a location",
                                 "define it, or fix the code")
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
        letters = {p.letter or p.name[0]: p.name.lower() for p in self.r.powers.values()}
        out: Dict[Tuple[str, str, bool], Dict[str, object]] = {}
        for unit, moves in (("army", army), ("fleet", fleet)):
            for (src, dst), abut in moves.items():
                back = moves.get((dst, src))
                oneway = back is None
                if oneway and not abut.oneway:
                    self.r.warn(abut.origin, "VK618",
                                f"{src} -> {dst} is a {unit} move with no way back; kept as one-way",
                                f"add {src} to {dst}'s line if the link is meant both ways")
                if not oneway and src > dst:
                    continue
                key = (src.lower(), dst.lower(), oneway)
                rec = out.setdefault(key, {"army": False, "fleet": False, "strait": False,
                                           "powers": set()})
                rec[unit] = True
                for a in (abut, back):
                    if a is None:
                        continue
                    rec["strait"] = rec["strait"] or a.strait
                    if a.half:
                        self.r.warn(a.origin, "VK619", f"the half-strength link {src} - {dst} is "
                                    "kept as an ordinary link", "the model has no half-strength moves")
                    if a.cond:
                        self.r.warn(a.origin, "VK620", f"the centre condition {a.cond} on {src} - {dst} "
                                    "is not represented", "the model restricts links by power only")
                    if a.powers:
                        rec["powers"] |= {letters.get(ch, ch.lower()) for ch in a.powers}
        edges = []
        for (a, b, oneway), rec in sorted(out.items()):
            edges.append(Edge(a, b, Crossing.of(rec["army"], rec["fleet"]), bool(rec["strait"]),
                              oneway, tuple(sorted(rec["powers"]))))
        return edges

    def provinces(self) -> List[Province]:
        r = self.r
        centres = {h for p in r.powers.values() for h in p.homes} | set(r.unowned)
        out = []
        for code, loc in sorted(r.locs.items()):
            if "/" in code:
                continue
            full, aliases, _ = r.names.get(code.lower(), (None, [], None))
            if full is None:
                r.warn(loc.origin, "VK621", f"{code} has no name line", "add 'Full Name = code ...'")
                full = code
            terrain = TERRAINS[loc.kind]
            passable: Tuple[str, ...] = ()
            s = r.seasonal.get(code)
            if s:
                season, kind, origin = s
                if loc.kind == "SHUT" and kind != "SHUT":
                    terrain, passable = TERRAINS[kind], (season,)
                elif kind == "SHUT":
                    r.warn(origin, "VK611", f"{code} shut in {season} is not represented",
                           "give passable_in the seasons it is open")
            if loc.kind == "PORT":
                r.warn(loc.origin, "VK622", f"{code} is a PORT: read as a coast whose fleets cannot convoy",
                       "the model has no convoying coasts yet")
            coasts = []
            for c in sorted(k for k in r.locs if k.startswith(code + "/")):
                cid = c.split("/")[1].lower()
                cname, caliases, _ = r.names.get(c.lower(), ("", [], None))
                m = re.search(r"\(([^)]*)\)", cname)
                coasts.append(Coast(cid, _title(m.group(1)) if m else cname,
                                    tuple(self.aliases(caliases, c.lower()))))
            if loc.multi_main and not coasts:
                r.warn(loc.origin, "VK623", f"{code} is written in lower case but has no coast lines",
                       "a lower-case province line marks a multi-coast province")
            out.append(Province(code.lower(), full, terrain, tuple(self.aliases(aliases, code.lower())),
                                code in centres, tuple(coasts), passable_in=passable))
        return out

    def aliases(self, aliases: List[str], own: str) -> List[str]:
        out = []
        for a in aliases:
            if a.endswith("?"):
                plain = a[:-1]
                if plain in self.r.names or plain.upper() in self.r.locs:
                    origin = self.r.names[own][2] if own in self.r.names else Origin("", 0)
                    self.r.warn(origin, "VK624", f"the ambiguous alias {a!r} of {own} is also a code; dropped",
                                "DPjudge marks it with '?' and asks which is meant; variantkit needs "
                                "unique names")
                    continue
                a = plain
            if a != own and a not in out:
                out.append(a)
        return out

    def powers(self) -> List[Power]:
        out = []
        for p in self.r.powers.values():
            out.append(Power(
                p.name.lower(), _title(p.name), _title(p.adjective), p.letter or p.name[0].upper(), "",
                tuple(h.lower() for h in p.homes),
                tuple(Unit(UnitType(k), loc.lower()) for k, loc in p.units)))
        return out


def read_dpjudge(path: str, variant_id: Optional[str] = None) -> DpjudgeResult:
    """Read a DPjudge map (and the files it USEs).

    Raises :class:`UnusableInput` when the file itself cannot be read.
    """
    reader = _Reader()
    reader.read(path)
    reader.apply_renames()
    builder = _Builder(reader)
    provinces = builder.provinces()
    edges = builder.edges()
    powers = builder.powers()
    vid = variant_id or os.path.splitext(os.path.basename(path))[0].lower()
    rules = Rules(victory=reader.victory, start=reader.begin or Rules.start,
                  options=dict(sorted(reader.rules.items())))
    variant = Variant(vid, _title(vid), tuple(provinces), tuple(edges), tuple(powers), rules)
    return DpjudgeResult(variant, reader.problems)


# --- the writer ---

WRITE_KIND = {Terrain.LAND: "LAND", Terrain.COAST: "COAST", Terrain.WATER: "WATER",
        Terrain.IMPASSABLE: "SHUT"}
WRITE_SEASON = {"spring": "SPRING", "fall": "FALL", "winter": "WINTER", "summer": "SUMMER"}


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
    provinces = {p.id: p for p in v.provinces}
    letters = {p.id: p.letter or p.name[0].upper() for p in v.powers}
    power_words = {normalize(w) for p in v.powers for w in (p.id, p.name, p.adjective) if w}
    lines: List[str] = [f"# {v.name}: written by variantkit from {v.id}", ""]

    # names
    for p in v.provinces:
        aliases = []
        for a in p.aliases:
            if normalize(a) in power_words:
                report.lost("VK701", f"the alias {a!r} of {p.id} is a power's name: DPjudge rejects it, left out")
                continue
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
            report.lost("VK709", f"the move modifier {e.modifier:+d} of {e.a} - {e.b} is written as "
                                 + ("a strait (-1)" if e.strait else "an ordinary link")
                                 + ": DPjudge knows only straits")
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
    seasonal = []
    for p in sorted(v.provinces, key=lambda p: p.id):
        kind = WRITE_KIND[p.terrain]
        if p.passable_in:
            if len(p.passable_in) != 1:
                report.refuse("VK702", f"{p.id} is passable in {', '.join(p.passable_in)}",
                              "DPjudge's IN directive opens a shut space for one season only")
                continue
            seasonal.append(f"IN {WRITE_SEASON.get(p.passable_in[0], p.passable_in[0].upper())}: {kind} {p.id.upper()}")
            kind = "SHUT"
        for c in p.coasts:
            lid = f"{p.id}/{c.id}"
            lines.append(f"{kind:<6} {lid.upper():<8} ABUTS {' '.join(_merge(abuts[lid]))}".rstrip())
        code = p.id.lower() if p.coasts else p.id.upper()
        toks = _merge(abuts[p.id])
        lines.append(f"{kind:<6} {code:<8}" + (f" ABUTS {' '.join(toks)}" if toks else ""))
        if p.offboard:
            report.lost("VK703", f"{p.id} is an off-board box: DPjudge has no such mark, written as an ordinary space")
        if p.inside:
            report.lost("VK704", f"{p.id} lies inside {p.inside}: DPjudge has no such mark, written as an ordinary space")
    lines.extend([""] + seasonal + ([""] if seasonal else []))

    # powers and units
    homes: Set[str] = set()
    for pw in v.powers:
        letter = f":{pw.letter}" if pw.letter else ""
        lines.append(f"{pw.id.upper()} ({(pw.adjective or pw.name).upper()}{letter}) "
                     + " ".join(h.upper() for h in pw.homes))
        homes.update(pw.homes)
        for u in pw.units:
            lines.append(f"{u.type.value} {u.location.upper()}")
        if pw.centers is not None and set(pw.centers) != set(pw.homes):
            report.lost("VK705", f"{pw.id} starts with centres other than its homes: DPjudge gives each power its homes")
        if pw.colour:
            report.lost("VK706", f"the colour of {pw.id} is not part of a DPjudge map")
        lines.append("")
    unowned = [c for c in v.centers if c not in homes]
    if unowned:
        lines.append("UNOWNED " + " ".join(c.upper() for c in sorted(unowned)))
    if v.rules.victory is not None:
        lines.append(f"VICTORY {v.rules.victory}")
    phase = v.rules.start
    lines.append(f"BEGIN {dict(S='SPRING', F='FALL', W='WINTER')[phase[0]]} {phase[1:5]} "
                 f"{dict(M='MOVEMENT', R='RETREATS', A='ADJUSTMENTS')[phase[5]]}")
    for opt, value in sorted(v.rules.options.items()):
        if opt == "hibernate":
            lines.append("RULE HIBERNATE" if value else "RULE !HIBERNATE")
        else:
            report.lost("VK707", f"the rule option {opt}={value!r} has no DPjudge equivalent")
    if v.rules.draw_after_static_falls:
        report.lost("VK708", "the draw rule is a game setting in DPjudge, not part of the map")
    return "\n".join(lines) + "\n"


def write(v: Variant, path: str) -> ExportReport:
    report = ExportReport(path)
    text = dpjudge_text(v, report)
    if report.ok:
        atomic_write(path, text)
    return report


def read(path: str):
    res = read_dpjudge(path)
    return res.variant, res.problems


FORMAT = Format("dpjudge", "DPjudge .map (one file)", ".map", write, read)
