"""godip's Go variant definitions (reader only): Diplicity's older variants.

The ``.go`` file is read as text, never compiled or run.  What is read:

- the graph, ``Prov("x").Conn("y", godip.Land).Flag(godip.Coast...).SC(Nation)``:
  a ``Conn`` of ``Land`` is an army move, ``Sea`` a fleet move, ``Coast...``
  both; a ``Flag`` gives the space's terrain (``Archipelago...``, land a
  fleet convoys through, is a coast that convoys, our ``port``); ``SC`` a
  centre, a home centre of the nation it names (``godip.Neutral``: none);
  ``"x/nc"`` is a named coast.  godip also lists fleet moves to the bare
  name of a two-coast province; fleets there move by its coasts, so those
  are left out.  A move listed from one end only is a one-way link;
- the nations (``const X godip.Nation = "X"``, the ``Nations`` list, or
  ``classical.Nations``), the start phase, ``SetUnits`` and
  ``SetSupplyCenters``, ``SCCountWinner(n)``, the long names
  (``ProvinceLongNames`` or the map it names), ``CreatedBy``,
  ``Description``, ``NationColors``, and the build-anywhere parser
  (``build_any``).

What godip does in Go code (dominance rules, other seasons, its own phase
functions) is reported, not guessed.  A ``Prov`` chain that cannot be read
is a located error.
"""
from __future__ import annotations

import os
import re
from collections import defaultdict
from typing import Dict, List, Optional, Set, Tuple

from ..model import Coast, Crossing, Edge, Power, Province, Rules, Terrain, Unit, UnitType, Variant, split_location
from ..problems import Problem, UnusableInput
from .base import Format

MAX_BYTES = 2 * 1024 * 1024     # godip's largest variant file is under 100 kB
CLASSICAL = ("Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey")
_PROV = re.compile(r'\bProv\("([^"]*)"\)')
_CALL = re.compile(r'\.\s*(\w+)\(([^()]*)\)')
_CONN_ARGS = re.compile(r'^\s*"([^"]+)"\s*,\s*godip\.(Land|Sea|Coast\.\.\.|Archipelago\.\.\.)\s*$')
_FLAG_ARGS = re.compile(r'^\s*godip\.(Land|Sea|Coast\.\.\.|Archipelago\.\.\.)\s*$')
_CONST = re.compile(r'\b(\w+)\s+godip\.Nation\s*=\s*"([^"]+)"')
_CODE = re.compile(r"^[a-z0-9][a-z0-9_-]*(/[a-z0-9]+)?$")
FLAGS = {"Land": (True, False), "Sea": (False, True), "Coast...": (True, True), "Archipelago...": (True, True)}


def _line(text: str, at: int) -> int:
    return text.count("\n", 0, at) + 1


def _block(text: str, start: int) -> str:
    """The text of the brace block that opens at or after ``start``."""
    i = text.find("{", start)
    if i < 0:
        return ""
    depth = 0
    for j in range(i, len(text)):
        if text[j] == "{":
            depth += 1
        elif text[j] == "}":
            depth -= 1
            if depth == 0:
                return text[i + 1:j]
    return text[i + 1:]


def _strip_comments(text: str) -> str:
    """Line comments blanked out (lengths kept, so offsets keep their lines)."""
    return re.sub(r"//[^\n]*", lambda m: " " * len(m.group(0)), text)


def power_id(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-") or "power"


def read(path: str) -> Tuple[Optional[Variant], List[Problem]]:
    from ..files import read_text
    text = read_text(path, MAX_BYTES, "VK785", what="godip variant")
    code = _strip_comments(text)
    problems: List[Problem] = []

    def bad(at: Optional[int], code: str, /, **params: object) -> None:
        """The problem ``code`` (Problem.of) at the line of character ``at``."""
        problems.append(Problem.of(code, **params).at(path, _line(text, at) if at is not None else None))

    note = bad  # warnings: their codes are registered as such

    # -- nations ---------------------------------------------------------
    consts = {m.group(1): m.group(2) for m in _CONST.finditer(code)}
    names = {f"godip.{n}": n for n in CLASSICAL + ("Neutral",)}
    names.update(consts)
    listed: List[str] = []
    m = re.search(r"\bNations:\s*([\w.]+)", code)
    if m and m.group(1) == "classical.Nations":
        listed = list(CLASSICAL)
    else:
        lm = re.search(r"\bvar\s+Nations\s*=\s*\[\]godip\.Nation\s*", code)
        if lm:
            listed = [names.get(x.strip(), x.strip()) for x in _block(code, lm.end()).split(",") if x.strip()]

    def nation(token: str, at: int) -> Optional[str]:
        token = token.strip()
        if token in names:
            return names[token]
        bad(at, "VK850", nation=repr(token))
        return None

    # -- the graph -------------------------------------------------------
    moves: Dict[str, Set[Tuple[str, str]]] = {"army": set(), "fleet": set()}
    flags: Dict[str, Tuple[bool, bool, bool]] = {}
    centres: Dict[str, Optional[str]] = {}
    first: Dict[str, int] = {}
    provs = list(_PROV.finditer(code))
    if not provs:
        raise UnusableInput([Problem.of("VK785", path=path, reason="no Prov(...) graph in the file (give the .go "
                                        "file that builds the variant's graph: Prov(...).Conn(...))").at(path)])
    for i, pm in enumerate(provs):
        here = pm.group(1).lower()
        at = pm.start()
        if not _CODE.match(here):
            bad(at, "VK851", code=repr(here))
            continue
        first.setdefault(here, at)
        end = provs[i + 1].start() if i + 1 < len(provs) else len(code)
        chain = code[pm.end():end]
        done = re.search(r"\.\s*Done\(\)", chain)
        chain = chain[:done.start()] if done else chain
        rest = _CALL.sub("", chain).strip().rstrip(".").strip()
        if rest and not rest.startswith("//"):
            bad(pm.end(), "VK786", what=f"{here}: cannot read {rest[:40]!r} in its chain",
                advice="write Conn, Flag and SC calls only")
        for cm in _CALL.finditer(chain):
            call, args = cm.group(1), cm.group(2)
            where = pm.end() + cm.start()
            if call == "Conn":
                conn = _CONN_ARGS.match(args)
                if not conn:
                    bad(where, "VK786", what=f"{here}: cannot read Conn({args})",
                        advice='write Conn("code", godip.Land|Sea|Coast...)')
                    continue
                army, fleet = FLAGS[conn.group(2)]
                other = conn.group(1).lower()
                if army:
                    moves["army"].add((here, other))
                if fleet:
                    moves["fleet"].add((here, other))
            elif call == "Flag":
                f = _FLAG_ARGS.match(args)
                if not f:
                    bad(where, "VK786", what=f"{here}: cannot read Flag({args})",
                        advice="write Flag(godip.Land|Sea|Coast...)")
                    continue
                army, fleet = FLAGS[f.group(1)]
                old = flags.get(here, (False, False, False))
                flags[here] = (old[0] or army, old[1] or fleet, old[2] or f.group(1) == "Archipelago...")
            elif call == "SC":
                centres[here] = None if args.strip() == "godip.Neutral" else nation(args, where)
            else:
                bad(where, "VK786", what=f"{here}: the call {call}({args}) is not understood",
                    advice="write Conn, Flag and SC calls only")
    # -- provinces and coasts -------------------------------------------
    coasts_of: Dict[str, List[str]] = defaultdict(list)
    for loc in first:
        if "/" in loc:
            coasts_of[split_location(loc)[0]].append((split_location(loc)[1] or ""))
    long_names = _long_names(code)
    from ..text import first_bad
    for loc, name in long_names.items():
        if first_bad(name):
            bad(code.find(f'"{loc}"'), "VK852", location=loc, character=first_bad(name))
    provinces: List[Province] = []
    for loc, at in first.items():
        if "/" in loc:
            if split_location(loc)[0] not in first:
                bad(at, "VK853", location=loc)
            continue
        army, fleet, archipelago = flags.get(loc, (False, False, False))
        if loc not in flags:
            bad(at, "VK854", location=loc)
        coasts = tuple(Coast(c) for c in sorted(coasts_of.get(loc, ())))
        terrain = Terrain.COAST if coasts or (army and fleet) else (Terrain.WATER if fleet else Terrain.LAND)
        provinces.append(Province(loc, long_names.get(loc, loc.upper()), terrain, center=loc in centres,
                                  coasts=coasts, port=archipelago))
    known = set(first)
    split = set(coasts_of)
    edges: List[Edge] = []
    one_way = 0
    pairs: Dict[Tuple[str, str], Dict[str, Set[str]]] = defaultdict(lambda: defaultdict(set))
    for unit, found in moves.items():
        for a, b in found:
            if b not in known:
                bad(first.get(a), "VK855", a=a, b=b)
                continue
            if unit == "fleet" and (a in split or b in split):
                continue  # godip's extra fleet move to a two-coast province's bare name
            stand = flags.get(b, (True, True, False))
            if not stand[0 if unit == "army" else 1] and "/" not in b:
                # godip lets a unit move only where its type may stand
                note(first.get(a), "VK787", unit=unit, a=a, b=b)
                continue
            pairs[(min(a, b), max(a, b))][unit].add(a)
    for (a, b), units in sorted(pairs.items()):
        both = {u for u, ends in units.items() if len(ends) == 2 or a == b}
        if both:
            edges.append(Edge(a, b, Crossing.of("army" in both, "fleet" in both)))
        for u, ends in units.items():
            if u not in both:
                one_way += 1
                src = next(iter(ends))
                edges.append(Edge(src, b if src == a else a, Crossing.of(u == "army", u == "fleet"), oneway=True))
    if one_way:
        note(None, "VK858", count=one_way)
    # -- powers, start, rules ---------------------------------------------
    homes: Dict[str, List[str]] = defaultdict(list)
    for loc, owner in centres.items():
        if owner:
            homes[owner].append(loc)
    units, owned, start_at = _start(code, text, names, known, bad)
    if not listed:
        listed = sorted(set(homes) | set(units))
    if not units:
        note(None, "VK860")
    colours: Dict[str, str] = {}
    colour_map = re.search(r"\bNationColors:\s*map\[godip\.Nation\]string\s*", code)
    if colour_map:
        for who, colour in re.findall(r'([\w.]+)\s*:\s*"(#[0-9A-Fa-f]{6})"', _block(code, colour_map.end())):
            colours[names.get(who, who)] = colour.lower()
    powers = []
    for n in listed:
        mine = tuple(homes.get(n, ()))
        own = tuple(owned.get(n, mine)) if owned else mine
        powers.append(Power(power_id(n), n, colour=colours.get(n, ""), homes=mine, units=tuple(units.get(n, ())),
                            centers=None if sorted(own) == sorted(mine) else own))
    rules = _rules(code, start_at, note)
    if problems and any(p.severity == "error" for p in problems):
        raise UnusableInput(problems)
    vid = _variant_id(code, path)
    name_m = re.search(r'\bName:\s*"([^"]*)"', code)
    author = re.search(r'\bCreatedBy:\s*"([^"]*)"', code)
    desc = re.search(r'\bDescription:\s*"([^"]*)"', code)
    v = Variant(vid, name_m.group(1) if name_m else vid, tuple(sorted(provinces, key=lambda p: p.id)),
                tuple(edges), tuple(powers), rules,
                authors=(author.group(1),) if author and author.group(1) else (),
                description=desc.group(1) if desc else "")
    return v, problems


def _variant_id(code: str, path: str) -> str:
    """From the file's own data: its Go package (godip's variant folder),
    else its variant's name; godip's classical graph sits in a package
    named ``start``, under the folder ``classical``."""
    pkg = re.search(r"^\s*package\s+(\w+)", code, re.M)
    if pkg and pkg.group(1) != "start":
        return power_id(pkg.group(1))
    m = re.search(r'\bName:\s*"([^"]+)"', code)
    if m:
        return power_id(m.group(1))
    return power_id(os.path.basename(os.path.dirname(os.path.abspath(path))))


def _long_names(code: str) -> Dict[str, str]:
    m = re.search(r"\bProvinceLongNames:\s*", code)
    body = ""
    if m:
        ref = re.match(r"(\w+)", code[m.end():])
        if code[m.end():].startswith("map["):
            body = _block(code, m.end())
        elif ref:
            var = re.search(rf"\bvar\s+{ref.group(1)}\s*=\s*map\[godip\.Province\]string\s*", code)
            body = _block(code, var.end()) if var else ""
    return {k.lower(): v for k, v in re.findall(r'"([^"]+)"\s*:\s*"((?:[^"\\]|\\.)*)"', body)}


def _start(code: str, text: str, names: Dict[str, str], known: Set[str], bad):
    units: Dict[str, List[Unit]] = defaultdict(list)
    owned: Dict[str, List[str]] = defaultdict(list)
    m = re.search(r"\bSetUnits\(map\[godip\.Province\]godip\.Unit\s*", code)
    if m:
        for um in re.finditer(r'"([^"]+)"\s*:\s*(?:godip\.Unit)?\{\s*godip\.(Army|Fleet)\s*,\s*([\w.]+)\s*\}',
                              _block(code, m.end())):
            loc, kind, who = um.group(1).lower(), um.group(2), um.group(3)
            at = m.end() + um.start()
            if loc not in known or who not in names:
                bad(at, "VK856", unit=f"{kind} {loc}", nation=who)
                continue
            if who == "godip.Neutral":
                bad(at, "VK859", unit=kind.lower(), location=loc)
                continue
            units[names[who]].append(Unit(UnitType.ARMY if kind == "Army" else UnitType.FLEET, loc))
    s = re.search(r"\bSetSupplyCenters\(map\[godip\.Province\]godip\.Nation\s*", code)
    if s:
        for sm in re.finditer(r'"([^"]+)"\s*:\s*([\w.]+)', _block(code, s.end())):
            if sm.group(2) in names and sm.group(1).lower() in known:
                owned[names[sm.group(2)]].append(sm.group(1).lower())
            else:
                bad(s.end() + sm.start(), "VK857", centre=sm.group(1), nation=sm.group(2))
    start = re.search(r"\b(?:NewPhase|Phase)\((\d+),\s*([\w.]+),\s*godip\.(Movement|Retreat|Adjustment)\)", code)
    return units, owned, start


def _rules(code: str, start, note) -> Rules:
    solo = re.search(r"\bSCCountWinner\((\d+)\)", code)
    season, year, kind = "S", 1901, "M"
    if start:
        year = int(start.group(1))
        kind = start.group(3)[0]
        season = {"godip.Spring": "S", "godip.Fall": "F"}.get(start.group(2), "S")
        if start.group(2) not in ("godip.Spring", "godip.Fall"):
            note(start.start(), "VK861", season=start.group(2))
    seasons = re.search(r"\bSeasons:\s*([^\n,]+)", code)
    if seasons and seasons.group(1).strip() != "classical.Seasons":
        note(seasons.start(), "VK862", seasons=seasons.group(1).strip())
    if "ExtraDominanceRules" in code:
        note(code.index("ExtraDominanceRules"), "VK863")
    options = {}
    if "BuildAnywhere" in code:
        options["build_any"] = True
    victory = int(solo.group(1)) if solo else None
    return Rules(victory=victory, start=f"{season}{year}{kind}", options=options)


FORMAT = Format("godip", "godip's Go variant definition (.go), read as text: Diplicity's older variants", ".go",
                read=read)
