"""The starting position as a rules text lists it, read into powers: a line
with a power's name, then its units by place name (``A Vienna``, ``Fleet
Kiel``, ``F St. Petersburg (SC)``), as rules pages and wikis print them.

Place names are matched to the variant's provinces by name or alias first;
a drawing often names its provinces by code only, so then by the
abbreviations judges make of a name (its first three letters, or its
letters in order): ``Liverpool`` is ``lvp``.  Only spaces where such a unit
may start are candidates (land for an army, a centre where centres are
marked).  A place that matches none or several is refused with its line, so
the designer writes the code there; nothing is applied until every line
reads.  Provinces the drawing left unnamed take the text's name."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Collection, Dict, List, Optional, Tuple

from ..model import Power, Province, Unit, UnitType, Variant, split_location
from .notation import adjective_of, free_letter

_KIND = {"a": UnitType.ARMY, "army": UnitType.ARMY, "f": UnitType.FLEET, "fleet": UnitType.FLEET}
_UNIT = re.compile(r"^(a|f|army|fleet)\.?\s+(.+)$", re.IGNORECASE)
# a coast written after the place: "(SC)", "/sc", "south coast"
_COAST = re.compile(r"\s*(?:\((\w{2})\)|/(\w{2})|\b(north|south|east|west)\s+coast)\s*$", re.IGNORECASE)
# the standard game's letters, claimed first by powers of those names (India then signs N, not I)
STANDARD_LETTERS = {"austria": "A", "england": "E", "france": "F", "germany": "G", "italy": "I",
                    "russia": "R", "turkey": "T"}
_HEADING = re.compile(r"^[A-Za-z][A-Za-z .'-]{1,40}$")


@dataclass
class StartList:
    """What a start list says: powers in its order (name, units), the
    province names it gives, and the lines it could not read."""
    powers: List[Tuple[str, List[Unit]]] = field(default_factory=list)
    names: Dict[str, str] = field(default_factory=dict)
    problems: List[str] = field(default_factory=list)
    # places read by their letters in order only (Liverpool as lvp): shown for the designer to check
    guesses: List[str] = field(default_factory=list)


def _letters(text: str) -> str:
    return re.sub(r"[^a-z]", "", text.lower())


def _is_subsequence(code: str, word: str) -> bool:
    it = iter(word)
    return all(ch in it for ch in code)


def _may_start(p: Province, kind: UnitType, centres_marked: bool) -> bool:
    if centres_marked and not p.center:
        return False
    return p.terrain.army_may_stand if kind is UnitType.ARMY else p.terrain.fleet_may_stand


def _candidates(v: Variant, kind: UnitType) -> List[Province]:
    centres_marked = any(p.center for p in v.provinces)
    return [p for p in v.provinces if _may_start(p, kind, centres_marked)]


def find_place(v: Variant, place: str, kind: UnitType, claimed: Collection[str] = (),
               loose: bool = True) -> Tuple[Optional[str], str]:
    """(province id, '') or (None, why) for a place name as a rules text writes it:
    by name, code or alias; else the one code the name begins with; else (loose)
    the one code whose letters the name has in order, among places no other line
    claims (Magudisco is not Madras's mad when Madras is listed)."""
    key = _letters(place)
    if not key:
        return None, "no place named"
    fit = _candidates(v, kind)
    named = [p.id for p in fit if key in {_letters(p.name), p.id, *(_letters(a) for a in p.aliases)}]
    if len(named) == 1:
        return named[0], ""
    rules = [lambda c: key.startswith(c)]
    if loose:
        rules.append(lambda c: c[0] == key[0] and _is_subsequence(c, key) and c not in claimed)
    for rule in rules:
        found = [p.id for p in fit if rule(p.id)]
        if len(found) == 1:
            return found[0], ""
        if len(found) > 1:
            return None, f"could be any of {', '.join(sorted(found))}"
    return None, "matches no province where it may start" if loose else ""


@dataclass
class _Line:
    number: int
    power: int
    kind: UnitType
    letter: str
    place: str
    coast: str
    pid: Optional[str] = None


def read_start_list(text: str, v: Variant) -> StartList:
    """The powers and units a start list gives (see the module's note)."""
    out = StartList()
    lines: List[_Line] = []
    for number, raw in enumerate(text.splitlines(), 1):
        said = raw.strip().strip("|").strip()
        if not said:
            continue
        m = _UNIT.match(said)
        if m is None:
            if not _HEADING.match(said):
                out.problems.append(f"line {number}: {said!r} is neither a power's name nor a unit "
                                    "such as 'A Vienna' or 'F stp/sc'")
                continue
            out.powers.append((said, []))
            continue
        if not out.powers:
            out.problems.append(f"line {number}: {said!r} comes before any power's name: "
                                "start the list with the power's name on a line of its own")
            continue
        place, coast = m.group(2).strip(), ""
        c = _COAST.search(place)
        if c is not None:
            coast = (c.group(1) or c.group(2) or (c.group(3)[0] + "c")).lower()
            place = place[:c.start()].strip()
        lines.append(_Line(number, len(out.powers) - 1, _KIND[m.group(1).lower()], m.group(1), place, coast))
    # names and first letters first: the looser reading only among the places left
    for line in lines:
        line.pid, _ = find_place(v, line.place, line.kind, loose=False)
    claimed = {line.pid for line in lines if line.pid}
    by_province: Dict[str, int] = {}
    for line in lines:
        why = ""
        if line.pid is None:
            line.pid, why = find_place(v, line.place, line.kind, claimed)
            if line.pid is not None:
                claimed.add(line.pid)
                out.guesses.append(f"line {line.number}: {line.place} read as {line.pid}")
        if line.pid is None:
            out.problems.append(f"line {line.number}: {line.place!r} {why}: write its code "
                                f"('{line.letter} code')")
            continue
        if line.pid in by_province:
            out.problems.append(f"line {line.number}: {line.place!r} is {line.pid}, which line "
                                f"{by_province[line.pid]} names too: write the code meant")
            continue
        by_province[line.pid] = line.number
        province = v.province(line.pid)
        if line.coast and province is not None and line.coast not in {k.id for k in province.coasts}:
            out.problems.append(f"line {line.number}: {line.pid} has no coast {line.coast!r}; its coasts: "
                                f"{', '.join(k.id for k in province.coasts) or 'none'}")
            continue
        out.powers[line.power][1].append(Unit(line.kind, f"{line.pid}/{line.coast}" if line.coast else line.pid))
        if province is not None and (not province.name or province.name.lower() == line.pid) \
                and _letters(line.place) != line.pid:
            out.names.setdefault(line.pid, line.place)
    return out


def power_id(name: str) -> str:
    """A power's id from its name as the text writes it: Austria-Hungary -> austria."""
    words = re.findall(r"[a-z]+", name.lower())
    return words[0] if words else ""


def apply_start_list(v: Variant, start: StartList) -> Variant:
    """The variant with each listed power's homes and units set (a power the
    variant lacks added, named, with the adjective and a free letter its name
    suggests) and the unnamed provinces named.  A power's colour, and a name,
    adjective and letter it already has, are kept."""
    from .. import edit
    for pid, name in start.names.items():
        v = edit.set_province(v, pid, name=name)
    listed = {power_id(name) for name, _ in start.powers}
    claimed = {pid: letter for pid, letter in STANDARD_LETTERS.items() if pid in listed}
    for name, units in start.powers:
        pid = power_id(name)
        old = v.power(pid)
        homes = tuple(dict.fromkeys(split_location(u.location)[0] for u in units))
        taken = [p.letter for p in v.powers if p.id != pid and p.letter]
        taken += [letter for other, letter in claimed.items() if other != pid]
        keep_name = old is not None and old.name and old.name.lower() != pid.replace("_", " ")
        power = Power(pid, old.name if old is not None and keep_name else name.strip(),
                      (old.adjective if old is not None else "") or adjective_of(name.split("-")[0]),
                      (old.letter if old is not None else "") or claimed.get(pid) or free_letter(name, taken),
                      old.colour if old is not None else "", homes, tuple(units),
                      old.centers if old is not None else None)
        v = edit.set_power(v, power)
    return v
