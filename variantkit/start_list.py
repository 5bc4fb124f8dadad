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
from typing import Dict, List, Optional, Tuple

from .model import Power, Province, Unit, UnitType, Variant
from .power_start import adjective_of, free_letter

_KIND = {"a": UnitType.ARMY, "army": UnitType.ARMY, "f": UnitType.FLEET, "fleet": UnitType.FLEET}
_UNIT = re.compile(r"^(a|f|army|fleet)\.?\s+(.+)$", re.IGNORECASE)
# a coast written after the place: "(SC)", "/sc", "south coast"
_COAST = re.compile(r"\s*(?:\((\w{2})\)|/(\w{2})|\b(north|south|east|west)\s+coast)\s*$", re.IGNORECASE)
_HEADING = re.compile(r"^[A-Za-z][A-Za-z .'-]{1,40}$")


@dataclass
class StartList:
    """What a start list says: powers in its order (name, units), the
    province names it gives, and the lines it could not read."""
    powers: List[Tuple[str, List[Unit]]] = field(default_factory=list)
    names: Dict[str, str] = field(default_factory=dict)
    problems: List[str] = field(default_factory=list)


def _letters(text: str) -> str:
    return re.sub(r"[^a-z]", "", text.lower())


def _is_subsequence(code: str, word: str) -> bool:
    it = iter(word)
    return all(ch in it for ch in code)


def _may_start(p: Province, kind: UnitType, centres_marked: bool) -> bool:
    if centres_marked and not p.center:
        return False
    return p.terrain.army_may_stand if kind is UnitType.ARMY else p.terrain.fleet_may_stand


def find_place(v: Variant, place: str, kind: UnitType) -> Tuple[Optional[str], str]:
    """(province id, '') or (None, why) for a place name as a rules text writes it."""
    key = _letters(place)
    if not key:
        return None, "no place named"
    centres_marked = any(p.center for p in v.provinces)
    fit = [p for p in v.provinces if _may_start(p, kind, centres_marked)]
    named = [p.id for p in fit if key in {_letters(p.name), p.id, *(_letters(a) for a in p.aliases)}]
    if len(named) == 1:
        return named[0], ""
    # the abbreviations a judge makes of a name: its first letters, else its letters in order
    for rule in (lambda c: key.startswith(c), lambda c: c[0] == key[0] and _is_subsequence(c, key)):
        found = [p.id for p in fit if rule(p.id)]
        if len(found) == 1:
            return found[0], ""
        if len(found) > 1:
            return None, f"could be any of {', '.join(sorted(found))}"
    return None, "matches no province where it may start"


def read_start_list(text: str, v: Variant) -> StartList:
    """The powers and units a start list gives (see the module's note)."""
    out = StartList()
    current: Optional[Tuple[str, List[Unit]]] = None
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip().strip("|").strip()
        if not line:
            continue
        m = _UNIT.match(line)
        if m is None:
            if not _HEADING.match(line):
                out.problems.append(f"line {number}: {line!r} is neither a power's name nor a unit "
                                    "such as 'A Vienna' or 'F stp/sc'")
                continue
            current = (line, [])
            out.powers.append(current)
            continue
        if current is None:
            out.problems.append(f"line {number}: {line!r} comes before any power's name: "
                                "start the list with the power's name on a line of its own")
            continue
        kind, place = _KIND[m.group(1).lower()], m.group(2).strip()
        coast = ""
        c = _COAST.search(place)
        if c is not None:
            coast = (c.group(1) or c.group(2) or (c.group(3)[0] + "c")).lower()
            place = place[:c.start()].strip()
        pid, why = find_place(v, place, kind)
        if pid is None:
            out.problems.append(f"line {number}: {place!r} {why}: write its code ('{m.group(1)} code')")
            continue
        province = v.province(pid)
        if coast and province is not None and coast not in {k.id for k in province.coasts}:
            out.problems.append(f"line {number}: {pid} has no coast {coast!r}; its coasts: "
                                f"{', '.join(k.id for k in province.coasts) or 'none'}")
            continue
        current[1].append(Unit(kind, f"{pid}/{coast}" if coast else pid))
        if province is not None and (not province.name or province.name.lower() == pid) \
                and _letters(place) != pid:
            out.names.setdefault(pid, place)
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
    from . import edit
    for pid, name in start.names.items():
        v = edit.set_province(v, pid, name=name)
    for name, units in start.powers:
        pid = power_id(name)
        old = v.power(pid)
        homes = tuple(dict.fromkeys(u.location.split("/")[0] for u in units))
        taken = [p.letter for p in v.powers if p.id != pid and p.letter]
        keep_name = old is not None and old.name and old.name.lower() != pid.replace("_", " ")
        power = Power(pid, old.name if old is not None and keep_name else name.strip(),
                      (old.adjective if old is not None else "") or adjective_of(name.split("-")[0]),
                      (old.letter if old is not None else "") or free_letter(name, taken),
                      old.colour if old is not None else "", homes, tuple(units),
                      old.centers if old is not None else None)
        v = edit.set_power(v, power)
    return v
