"""Read orders as players type them.

``A Par-Bur``, ``A PAR - BUR``, ``F Lon Holds``, ``A Par S A Mar-Bur``,
``F Bla C A Ank-Sev``, ``A Bel-Hol via convoy``, ``A Tok -> NPa -> ObL -> Ire``,
``Build A Kie``, ``Remove F Nap``, ``Waive``, and the ``diplomacy`` package's
``A PAR - BUR VIA``, ``A PAR R BUR``, ``A PAR B``, ``F BRE D``.  Locations by
code, full name or alias, in any case; coasts as ``spa/nc``, ``spa(nc)``,
``SPA NC`` or ``Spain (north coast)``; an optional power prefix by name,
adjective or letter (``India:``, ``N:``).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Dict, Final, List, Mapping, Optional

from ..model import UnitType, Variant
from ..names import NameIndex, normalize
from ..vocabulary import (BUILD, BY, CONVOY, DISBAND, HOLD, MOVE, REMOVE, RETREAT, SUPPORT,
                          UNIT_WORDS, VIA)
from .orders import (Build, Convoy, Disband, Hold, Move, Order, Remove, Retreat, Support,
                     Waive, new_convoy, new_hold, new_move, new_plain, new_retreat,
                     new_support)

# words after which a location name cannot go on (names that are order words
# are flagged by validation, VK111): one token before one of these names a
# location alone, with no search for a longer name
_STOPS: Final = frozenset(HOLD | MOVE | SUPPORT | CONVOY | RETREAT | DISBAND | BUILD | REMOVE | VIA
                   | set(UNIT_WORDS) | BY)
_READ_KEPT: Final = 100_000  # orders remembered per parser (a bound against unbounded input)
# what the quick reader reads, as Final names: compiled (mypyc), a C static, where a name
# imported from a Python module is looked up in this module's dict at each use
_UNIT_WORDS: Final = UNIT_WORDS
_HOLD: Final = HOLD
_MOVE: Final = MOVE
_SUPPORT: Final = SUPPORT
_CONVOY: Final = CONVOY
_DISBAND: Final = DISBAND
_BUILD: Final = BUILD
_REMOVE: Final = REMOVE
_RETREAT: Final = RETREAT
_new_hold: Final = new_hold
_new_move: Final = new_move
_new_support: Final = new_support
_new_convoy: Final = new_convoy
_new_plain: Final = new_plain
_new_retreat: Final = new_retreat


class OrderError(ValueError):
    """An order that cannot be read, with the reason in words."""


@dataclass
class _Cursor:
    tokens: List[str]
    i: int = 0

    def peek(self) -> Optional[str]:
        return self.tokens[self.i] if self.i < len(self.tokens) else None

    def take(self) -> str:
        tok = self.tokens[self.i]
        self.i += 1
        return tok

    def done(self) -> bool:
        return self.i >= len(self.tokens)


class OrderParser:
    def __init__(self, variant: Variant, names: Optional[NameIndex] = None):
        self.variant = variant
        self.names = names or NameIndex(variant)
        # power -> text -> the order read: a game reads a power's orders together, so
        # finds the power's memo once (no (text, power) pair made and hashed per text)
        self._read: Dict[Optional[str], Dict[str, Order]] = {}
        self.known: Mapping[Optional[str], Mapping[str, Order]] = self._read
        self._kept = 0  # orders remembered, across powers
        self.powers: Dict[str, str] = {}
        for p in variant.powers:
            for word in (p.id, p.name, p.adjective, p.letter):
                if word:
                    self.powers[normalize(word)] = p.id
        # words of more than one token that name a location ("north sea", "mid-atlantic ocean")
        self._max_words = max([len(n.split()) for n in self.names.names()] + [1])
        self._hyphenated = {w for n in self.names.names() for w in n.split() if "-" in w}

    def power(self, text: str) -> Optional[str]:
        return self.powers.get(normalize(text))

    # -- tokens -------------------------------------------------------------
    def _tokens(self, text: str) -> List[str]:
        text = text.replace("->", " - ").replace("=>", " - ").replace("\u2013", " - ")
        out: List[str] = []
        for raw in text.lower().replace(",", " ").split():
            if "-" in raw and raw != "-" and self.names.location(raw) is None \
                    and raw not in self._hyphenated:
                parts = raw.split("-")
                for j, part in enumerate(parts):
                    if j:
                        out.append("-")
                    if part:
                        out.append(part)
            else:
                out.append(raw)
        return out

    def _location(self, cur: _Cursor) -> Optional[str]:
        """The longest run of tokens from here that names a location."""
        toks, i = cur.tokens, cur.i
        if i < len(toks) and (i + 1 == len(toks) or toks[i + 1] in _STOPS):
            # the common case, "par" before "-" or at the end: one lookup
            lid = self.names.location(toks[i])
            if lid is not None:
                cur.i += 1
                return lid
        best = None
        for n in range(min(self._max_words + 2, len(cur.tokens) - cur.i), 0, -1):
            words = cur.tokens[cur.i:cur.i + n]
            if any(w in ("-",) for w in words):
                continue
            lid = self.names.location(" ".join(words))
            if lid is not None:
                best = (lid, n)
                break
        if best is None:
            return None
        cur.i += best[1]
        # a trailing coast written apart: "spa nc", "spa (nc)"
        nxt = cur.peek()
        if nxt is not None and "/" not in best[0]:
            lid = self.names.location(f"{best[0]}/{nxt.strip('()')}")
            if lid is not None and lid != best[0]:
                cur.i += 1
                return lid
        return best[0]

    def _need_location(self, cur: _Cursor, what: str) -> str:
        tok = cur.peek()
        if tok is None:
            raise OrderError(f"the order ends where {what} should be")
        lid = self._location(cur)
        if lid is None:
            raise OrderError(f"no province or coast is called {tok!r}")
        return lid

    def _unit(self, cur: _Cursor) -> Optional[UnitType]:
        tok = cur.peek()
        if tok in UNIT_WORDS:
            # "a" may also start a location name: only a unit if a location follows
            save = cur.i
            cur.take()
            if self._location(_Cursor(cur.tokens, cur.i)) is not None:
                return UNIT_WORDS[tok]
            cur.i = save
        return None

    # -- orders -------------------------------------------------------------
    def parse(self, text: str, power: Optional[str] = None) -> Order:
        """One order; raises :class:`OrderError` with the reason.  Orders read
        are remembered (they are immutable): a judge reads the same texts
        phase after phase."""
        mine = self._read.get(power)
        if mine is not None:
            got = mine.get(text)
            if got is not None:
                return got
        got = self._parse(text, power)
        if self._kept < _READ_KEPT:
            if mine is None:
                mine = self._read[power] = {}
            mine[text] = got
            self._kept += 1
        return got

    def _parse(self, text: str, power: Optional[str]) -> Order:
        original = text.strip()
        # partition, not a regex: a regex with two overlapping runs of spaces
        # took quadratic time on a long line without a colon
        head, colon, rest = original.partition(":")
        if colon and head.strip() and self.power(head.strip()) is not None:
            power = self.power(head.strip())
            text = rest.strip()
        else:
            text = original
        if not text:  # stripped in both branches above
            raise OrderError("the order is empty")
        quick = self._quick(text, power or "", original)
        if quick is not None:
            return quick
        return self._full(text, power, original)

    def _full(self, text: str, power: Optional[str], original: str) -> Order:
        """Any order the parser reads, token by token."""
        cur = _Cursor(self._tokens(text))
        first = cur.peek()
        if first in ("waive", "waives"):
            return Waive(power or "", None, "", original)
        if first in BUILD or first in REMOVE or first in DISBAND:
            cur.take()
            unit = self._unit(cur)
            loc = self._need_location(cur, "the location")
            self._end(cur)
            cls = Build if first in BUILD else (Remove if first in REMOVE else Disband)
            return cls(power or "", unit, loc, original)
        unit = self._unit(cur)
        loc = self._need_location(cur, "the unit's location")
        word = cur.peek()
        if word is None or word in HOLD:
            if word is not None:
                cur.take()
            self._end(cur)
            return Hold(power or "", unit, loc, original)
        cur.take()
        if word in MOVE:
            path = [self._need_location(cur, "the destination")]
            while cur.peek() in MOVE:
                cur.take()
                path.append(self._need_location(cur, "the next space of the route"))
            via = self._via(cur)
            self._end(cur)
            dest, route = path[-1], tuple(path[:-1])
            return Move(power or "", unit, loc, original, dest, via or bool(route), route)
        if word in SUPPORT:
            tunit = self._unit(cur)
            target = self._need_location(cur, "the supported unit")
            supported_dest: Optional[str] = None  # a support to hold names none
            if cur.peek() in MOVE:
                cur.take()
                supported_dest = self._need_location(cur, "the supported move's destination")
            elif cur.peek() in HOLD:
                cur.take()
            self._end(cur)
            return Support(power or "", unit, loc, original, target, supported_dest, tunit)
        if word in CONVOY:
            if self._unit(cur) is UnitType.FLEET:
                raise OrderError("only armies are convoyed: 'F bla C A ank - sev'")
            frm = self._need_location(cur, "the convoyed army")
            if cur.peek() not in MOVE:
                raise OrderError("a convoy names the army's move: 'F nth C A lon - nwy'")
            cur.take()
            to = self._need_location(cur, "the convoyed army's destination")
            self._end(cur)
            return Convoy(power or "", unit, loc, original, frm, to)
        if word in RETREAT:
            if cur.peek() in MOVE:
                cur.take()
            dest = self._need_location(cur, "the retreat's destination")
            self._end(cur)
            return Retreat(power or "", unit, loc, original, dest)
        if word in DISBAND:
            self._end(cur)
            return Disband(power or "", unit, loc, original)
        if word in BUILD:
            self._end(cur)
            return Build(power or "", unit, loc, original)
        if word in REMOVE:
            self._end(cur)
            return Remove(power or "", unit, loc, original)
        raise OrderError(f"cannot read {word!r} after {loc}: expected -, H, S, C, R, D or B")

    def _quick(self, text: str, power: str, original: str) -> Optional[Order]:
        """The orders of the common shapes (``A par - bur``, ``F bla C A ank -
        sev``...), every location one token, read at once; None sends the text
        to the full reader, which reads these the same way, only slower."""
        if "->" in text or "=>" in text or "\u2013" in text or "," in text \
                or text.count("-") != text.count(" - "):  # a hyphen not between spaces
            return None
        t = text.lower().split()
        n = len(t)
        if n < 2 or t[0] not in _UNIT_WORDS:
            return None
        # the name index's memo asked first (a dict subscript, not a call); a name
        # it has not seen, or knows names nothing, goes through the lookup
        known, loc = self.names.known, self.names.location
        here = known.get(t[1]) or loc(t[1])
        if here is None:
            return None
        unit = _UNIT_WORDS[t[0]]
        if n == 2:
            return _new_hold(power, unit, here, original)
        word = t[2]
        if n == 3:
            if word in _HOLD:
                return _new_hold(power, unit, here, original)
            if word in _DISBAND:
                return _new_plain(Disband, power, unit, here, original)
            if word in _BUILD:
                return _new_plain(Build, power, unit, here, original)
            if word in _REMOVE:
                return _new_plain(Remove, power, unit, here, original)
            return None
        if word in _MOVE:
            dest = known.get(t[3]) or loc(t[3])
            if dest is None:
                return None
            if n == 4:
                return _new_move(power, unit, here, original, dest)
            tail = t[4:]
            if tail in (["via"], ["via", "convoy"], ["via", "c"], ["by", "convoy"], ["by", "c"]):
                return _new_move(power, unit, here, original, dest, True)
            return None
        if word in _SUPPORT and n >= 5 and t[3] in _UNIT_WORDS:
            target = known.get(t[4]) or loc(t[4])
            if target is None:
                return None
            if n == 5 or (n == 6 and t[5] in _HOLD):
                return _new_support(power, unit, here, original, target, None, _UNIT_WORDS[t[3]])
            if n == 7 and t[5] in _MOVE:
                to = known.get(t[6]) or loc(t[6])
                if to is not None:
                    return _new_support(power, unit, here, original, target, to, _UNIT_WORDS[t[3]])
            return None
        if word in _CONVOY and n == 7 and _UNIT_WORDS.get(t[3]) is UnitType.ARMY and t[5] in _MOVE:
            frm, to = (known.get(t[4]) or loc(t[4])), (known.get(t[6]) or loc(t[6]))
            if frm is not None and to is not None:
                return _new_convoy(power, unit, here, original, frm, to)
            return None
        if word in _RETREAT and n == 4:
            dest = known.get(t[3]) or loc(t[3])
            if dest is not None:
                return _new_retreat(power, unit, here, original, dest)
        return None

    def _via(self, cur: _Cursor) -> bool:
        """``via``, ``via convoy``, ``via c`` or ``by convoy`` (``by`` alone says nothing)."""
        if cur.peek() in VIA:
            cur.take()
            if cur.peek() in ("convoy", "c"):
                cur.take()
            return True
        if cur.peek() == "by":
            if cur.i + 1 >= len(cur.tokens) or cur.tokens[cur.i + 1] not in ("convoy", "c"):
                raise OrderError("'by' says how the army goes: write 'by convoy'")
            cur.i += 2
            return True
        return False

    def _end(self, cur: _Cursor) -> None:
        if not cur.done():
            raise OrderError(f"cannot read {' '.join(cur.tokens[cur.i:])!r} at the end of the order")
