"""DPjudge's power directives, read as DPjudge reads them: a power line adds
home centres (it replaces them only after an ``INHABITS``/``HOMES`` line of
that power), ``-XXX`` takes a home away (it stays a centre, unowned), power
names are normalised (``St+Petersburg`` is the power ``STPETERSBURG``),
``OLD -> NEW`` renames a power, ``UNPLAYED`` removes powers, ``OWNS`` and
``CENTERS`` give starting centres, ``DUMMY`` marks powers nobody plays.

Prefixes the model cannot hold are reported: ``*`` (a partisan build site)
and ``+`` (a factory) are build sites that are not centres, so they are left
out; ``~`` (hidden) and ``@`` (alternative) homes are kept as plain homes.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Dict, List, Optional, Tuple

from ..model import split_location

# words DPjudge's normaliser drops from a power's name (its order keywords)
_DROPPED = {"THE", "IS", "WILL", "IN", "AT", "ON", "TO", "AND", "MOVE", "MOVES", "MOVING",
            "ATTACK", "ATTACKS", "ATTACKING"}


def norm_power(word: str) -> str:
    """DPjudge's key for a power: upper case, dots and colons dropped, ``- + ,``
    as spaces, keyword words dropped, then the spaces removed."""
    text = word.upper()
    for ch in ".:":
        text = text.replace(ch, "")
    for ch in "-+,":
        text = text.replace(ch, " ")
    return "".join(w for w in text.split() if w not in _DROPPED)


def power_id(key: str) -> str:
    """The model's id for DPjudge's power key (``_INDIA`` -> ``india``)."""
    return re.sub(r"[^a-z0-9_-]", "", key.lower()).strip("_-") or "power"


def display_name(word: str) -> str:
    text = re.sub(r"[+_\-]", " ", word).replace(".", ". ").split()
    return " ".join(w.capitalize() if not w.endswith(".") else w.upper() for w in text)


@dataclass
class Origin:
    file: str
    line: int


@dataclass
class PowerRecord:
    key: str                   # DPjudge's normalised name, e.g. "STPETERSBURG"
    name: str                  # as written, e.g. "St+Petersburg"
    adjective: str = ""
    letter: str = ""
    homes: List[str] = field(default_factory=list)
    units: List[Tuple[str, str, Origin]] = field(default_factory=list)  # ("A", "STP/NC", line)
    centers: Optional[List[str]] = None   # OWNS / CENTERS
    dummy: bool = False
    origin: Optional[Origin] = None


class PowerDirectives:
    """Mixed into the DPjudge reader: ``self.power`` is the power the lines
    below belong to (``None`` after ``UNOWNED``), ``self.powers`` every power
    by key, ``self.unowned`` the neutral centres, in reading order."""

    powers: Dict[str, PowerRecord]
    unowned: List[str]
    power: Optional[PowerRecord]
    inhabits: set
    # the reader's reporting: the problem ``code`` from the registry, its template's values
    def warn(self, origin: Origin, code: str, /, **params: object) -> None:
        raise NotImplementedError  # the reader's

    def error(self, origin: Origin, code: str, /, **params: object) -> None:
        raise NotImplementedError  # the reader's

    # -- power lines ---------------------------------------------------------
    def power_line(self, words: List[str], origin: Origin) -> None:
        """``[OLD ->] NAME [(ADJECTIVE[:L])] [home...]``, or ``UNOWNED home...``."""
        upword = words[0].upper()
        if upword in ("NEUTRAL", "CENTERS"):
            upword = "UNOWNED"
        if len(words) > 2 and words[1] == "->":
            old = norm_power(upword)
            words = words[2:]
            upword = "UNOWNED" if words[0].upper() in ("NEUTRAL", "CENTERS") else words[0].upper()
            if old == "UNOWNED" or upword == "UNOWNED":
                return self.error(origin, "VK651")
            if old not in self.powers:
                return self.error(origin, "VK652", power=old)
            self.rename_power(old, norm_power(upword), words[0])
        if upword == "UNOWNED":
            self.power = None
            self.add_homes(None, words[1:], False, origin)
            return
        key = norm_power(upword)
        if not key or not re.search(r"[A-Z0-9]", key):
            return self.error(origin, "VK604", text=repr(" ".join(words)))
        power = self.powers.get(key)
        if power is None:
            power = self.powers[key] = PowerRecord(key, words[0], origin=origin)
        rest = words[1:]
        if rest and rest[0].startswith("("):
            own = rest[0][1:-1] if rest[0].endswith(")") else rest[0][1:]
            adjective, colon, letter = own.partition(":")
            power.adjective = adjective or power.adjective or words[0]
            if colon:
                letter = letter[:1].upper()
                if not letter or letter in "M?":
                    self.error(origin, "VK635", letter=repr(letter))
                power.letter = letter
            rest = rest[1:]
        reinit = key in self.inhabits
        self.inhabits.discard(key)
        self.add_homes(power, rest, reinit, origin)
        self.power = power

    def rename_power(self, old: str, new: str, written: str) -> None:
        record = self.powers.pop(old)
        record.key, record.name, record.adjective, record.letter = new, written, "", ""
        self.powers[new] = record
        if old in self.inhabits:
            self.inhabits.discard(old)
            self.inhabits.add(new)

    def add_homes(self, power: Optional[PowerRecord], tokens: List[str], reinit: bool,
                  origin: Origin) -> None:
        """DPjudge's home list arithmetic; ``power`` None is the UNOWNED list."""
        homes = self.unowned if power is None else power.homes
        if reinit:
            homes.clear()
        for token in " ".join(tokens).upper().split():
            marks = ""
            while token and token[0] in "-*+~@":
                marks, token = marks + token[0], token[1:]
            if "(" in token and token.endswith(")"):
                self.warn(origin, "VK613", limits=token[token.index("("):], home=token[:token.index("(")])
                token = token[:token.index("(")]
            if not token:
                continue
            if token in homes:
                homes.remove(token)
                if power is not None and token not in self.unowned:
                    self.unowned.append(token)   # a home taken away stays a centre
            if "-" in marks:
                continue
            if "*" in marks or "+" in marks:
                what = "partisan site" if "*" in marks else "factory"
                self.warn(origin, "VK653", text=f"{marks}{token}", what=what)
                continue
            if "~" in marks or "@" in marks:
                what = "hidden" if "~" in marks else "alternative"
                self.warn(origin, "VK654", text=f"{marks}{token}", what=what)
            homes.append(token)

    # -- lines that belong to the power above ---------------------------------
    def _current(self, word: str, origin: Origin) -> Optional[PowerRecord]:
        if self.power is None:
            self.error(origin, "VK655", word=word)
        return self.power

    def homes_line(self, words: List[str], origin: Origin) -> None:
        """``INHABITS`` (the first replaces, later ones add) and ``HOME(S)`` (replaces)."""
        power = self._current(words[0].upper(), origin)
        if power is None:
            return
        upword = words[0].upper()
        reinit = upword != "INHABITS" or power.key not in self.inhabits
        self.inhabits.add(power.key)
        self.add_homes(power, words[1:], reinit, origin)

    def owns_line(self, words: List[str], origin: Origin) -> None:
        """``OWNS`` adds starting centres, ``CENTERS`` replaces them."""
        power = self._current(words[0].upper(), origin)
        if power is None:
            return
        listed = [w.upper() for w in words[1:]]
        if words[0].upper() == "CENTERS" or power.centers is None:
            power.centers = listed
        else:
            power.centers.extend(c for c in listed if c not in power.centers)

    def units_line(self, origin: Origin) -> None:
        power = self._current("UNITS", origin)
        if power is not None:
            power.units.clear()

    def unit_line(self, words: List[str], origin: Origin) -> None:
        if len(words) != 2:
            return self.error(origin, "VK656", text=repr(" ".join(words)))
        kind, loc = words[0].upper(), words[1].upper()
        if self.power is None:
            return self.error(origin, "VK614", unit=f"{kind} {loc}")
        province = split_location(loc)[0]
        for p in self.powers.values():  # a unit line replaces whatever stood in the province
            p.units = [u for u in p.units if split_location(u[1])[0] != province]
        self.power.units.append((kind, loc, origin))

    # -- powers as a group ----------------------------------------------------
    def _named(self, words: List[str], what: str, origin: Origin) -> Optional[List[str]]:
        """The powers a DUMMY/UNPLAYED line names: ``[ALL [EXCEPT] name...]``."""
        if words and words[0].upper() == "ALL":
            if len(words) == 1:
                return list(self.powers)
            if words[1].upper() != "EXCEPT" or len(words) == 2:
                self.error(origin, "VK636", what=what)
                return None
            keep = {norm_power(w) for w in words[2:]}
            return [k for k in self.powers if k not in keep]
        named = [k for k in (norm_power(w) for w in words) if k]
        unknown = [k for k in named if k not in self.powers]
        if unknown:
            self.error(origin, "VK637", what=what, powers=", ".join(unknown))
            return None
        return named

    def unplayed_line(self, words: List[str], origin: Origin) -> None:
        if len(words) == 1:
            power = self._current("UNPLAYED", origin)
            goners = [power.key] if power else []
        else:
            goners = self._named(words[1:], "UNPLAYED", origin) or []
        for key in goners:
            self.powers.pop(key, None)
            self.inhabits.discard(key)
        self.power = None

    def dummy_line(self, words: List[str], origin: Origin) -> None:
        if len(words) == 1:
            if words[0].upper() == "DUMMIES":
                return self.error(origin, "VK638")
            power = self._current("DUMMY", origin)
            if power is not None:
                power.dummy = True
            return
        self.power = None
        for key in self._named(words[1:], words[0].upper(), origin) or []:
            self.powers[key].dummy = True
