"""What DPjudge's map reader (and the `diplomacy` package, which reads the
same files) takes a word to mean, so that the export writes only what they
read as we mean it.

Both readers upper-case a name and normalise it before looking it up: ``+``,
``-`` and ``,`` become spaces, ``.`` and ``:`` go, and each single word that
is an order keyword is replaced by its short form (``ARMY`` -> ``A``, ``THE``
and ``AND`` -> nothing).  So a province code that is a keyword, a place name
that is one, a power whose name normalises to nothing or to one or three
letters (an order word or a province code), and two names that normalise
alike are all refused by DPjudge.  A power's letter may not be ``M`` (DPjudge
keeps it for movement) or ``?``.  Measured with DPjudge's own Map.py
(tests/export/test_dpjudge_host.py).
"""
from __future__ import annotations

import re
from dataclasses import replace
from typing import Dict, List, Set

from ..model import Variant
from .base import ExportReport

# The order words of DPjudge's Map.py and of the `diplomacy` package (1.1.2):
# single words each replaces by a short form, or by nothing.
KEYWORDS = frozenset("""
    ARMY FLEET WING THE NC SC EC WC MOVE MOVES MOVING ATTACK ATTACKS ATTACKING
    RETREAT RETREATS RETREATING SUPPORT SUPPORTS SUPPORTING CONVOY CONVOYS CONVOYING
    HOLD HOLDS HOLDING BUILD BUILDS BUILDING DISBAND DISBANDS DISBANDING
    REMOVE REMOVES REMOVING WAIVE WAIVES WAIVING WAIVED KEEP KEEPS KEEPING
    PROXY PROXIES PROXYING IS WILL IN AT ON TO OF FROM WITH TSR VIA THROUGH OVER BY
    AND OR BOUNCE CUT VOID DISLODGED DESTROYED DESTROY DESTROYS DESTROYING
""".split())
# words that make a line a directive when they start it, read before a name
# line's '=' (DPjudge's Map.py and the package's map.py, in their order of
# tests); DIRECTIVE(S) when it ends the line
LINE_WORDS = frozenset("""
    END FROM IN TEXTONLY VICTORY USE USES MAP FLAGS FLOW NOTIFY BEGIN RULE RULES ROTATE NEWHOMES
""".split())
LAST_WORDS = frozenset({"DIRECTIVE", "DIRECTIVES"})
# the letters DPjudge refuses for a power
BAD_LETTERS = "M?"


def norm(phrase: str) -> str:
    """A name as DPjudge compares it (keywords dropped rather than shortened:
    a keyword alone is what matters here)."""
    text = phrase.upper().replace("/", " /").replace(" / ", "")
    for x in ".:":
        text = text.replace(x, "")
    for x in "-+,":
        text = text.replace(x, " ")
    for x in "|*?!~()[]=_^":
        text = text.replace(x, f" {x} ")
    return " ".join(w for w in text.split() if w not in KEYWORDS) if text.split() != [] else ""


def escaped(word: str) -> str:
    """A name or adjective as one DPjudge word: spaces become ``+``, which
    DPjudge reads back as spaces."""
    return "+".join(word.split())


def _code_ok(code: str) -> bool:
    up = code.upper()
    return bool(re.fullmatch(r"[A-Z0-9]+", up)) and up not in KEYWORDS | LINE_WORDS | LAST_WORDS


def _fresh_code(pid: str, name: str, taken: Set[str]) -> str:
    letters = re.sub(r"[^a-z0-9]", "", name.lower())
    tries = [letters[:n] for n in range(4, len(letters) + 1)] + [f"{re.sub(r'[^a-z0-9]', '', pid)}{i}"
                                                                  for i in range(1, 100)]
    return next(c for c in tries if c and _code_ok(c) and c not in taken and len(c) != 3)


def _power_word_ok(word: str) -> bool:
    normed = norm(word).replace(" ", "")
    return (bool(normed) and len(normed) not in (1, 3) and bool(re.fullmatch(r"[A-Z0-9]+", normed))
            and normed not in LINE_WORDS | LAST_WORDS)


def fit(v: Variant, report: ExportReport) -> Variant:
    """The variant as DPjudge can hold it: province codes and power words
    DPjudge reads as names (renamed, and said), letters DPjudge allows, and
    every string on one line (refused otherwise)."""
    from ..edit import rename
    from ..text import bad_characters, describe, shown
    for where, value in strings_of(v):
        bad = bad_characters(value)
        if bad:
            report.refuse("VK792", where=where, character=describe(bad[0][1]), format="DPjudge", value=shown(value),
                          advice="a DPjudge map is one directive a line")
        elif _breaks_in_latin1(value):
            # DPjudge reads its maps a byte a character: the byte 0x85 of a letter such as
            # U+105D72 or "Å" is then a line break, 0xA0 a space (a name line split in two)
            report.refuse("VK753", where=where, value=repr(value))
        elif "=" in value or "->" in value or value.lstrip().startswith("#"):
            report.refuse("VK784", where=where, value=repr(value))
        elif where.endswith("name") and value.upper().strip() in KEYWORDS:
            report.refuse("VK788", where=where, value=repr(value))
        elif _starts_a_directive(where, value):
            # "Use = abc" is read as USE (a file to read), "Map" as MAP: the names and the link lines lost
            report.refuse("VK749", where=where, value=repr(value))
    named: Dict[str, str] = {}   # a name or code as DPjudge compares it -> the province it names
    for p in v.provinces:
        for n in (p.id, p.name):
            key = norm(n)
            if key and named.setdefault(key, p.id) != p.id:
                report.refuse("VK687", province=p.id, name=repr(n), other=named[key], read=repr(key))
    if not report.ok:
        return v
    taken = {p.id for p in v.provinces}
    for p in list(v.provinces):
        if not _code_ok(p.id):
            new = _fresh_code(p.id, p.name, taken)
            taken.add(new)
            report.lost("VK797", province=p.id, code=new.upper(), word=p.id.upper())
            v = rename(v, p.id, new)
    names = {norm(n) for p in v.provinces for n in (p.name, p.id)}
    words: Set[str] = set()
    powers = []
    renamed: Dict[str, str] = {}
    for pw in v.powers:
        candidates = [pw.id, escaped(pw.adjective), escaped(pw.name), f"{pw.id}power"]
        pick = next((c for c in candidates if c and _power_word_ok(c) and norm(c) not in names
                     and norm(c) not in words), None)
        if pick is None:
            pick = next(f"{re.sub(r'[^a-z0-9]', '', pw.id)}power{i}" for i in range(1, 999)
                        if norm(f"{pw.id}power{i}") not in words)
        pick = re.sub(r"[^a-z0-9]", "", pick.lower())
        if pick != pw.id:
            if pick == re.sub(r"[^a-z0-9]", "", pw.id):
                report.lost("VK789", power=pw.id, word=pick.upper())
            else:
                report.lost("VK799", power=pw.id, word=pick.upper(), old=pw.id.upper())
            renamed[pw.id] = pick
        words.update({norm(pick), norm(pw.adjective or pw.name)})
        powers.append(replace(pw, id=pick))
    letters: Set[str] = set()
    fitted = []
    for pw in powers:
        letter = pw.letter.upper()
        if not letter or letter in BAD_LETTERS or letter in letters or not re.fullmatch(r"[A-Z0-9]", letter):
            free = [c for c in (pw.name + pw.adjective + "ABCDEFGHIJKLNOPQRSTUVWXYZ0123456789").upper()
                    if re.fullmatch(r"[A-Z0-9]", c) and c not in BAD_LETTERS and c not in letters]
            new = free[0] if free else ""
            if pw.letter and new != pw.letter.upper():
                report.lost("VK798", letter=pw.letter, power=pw.id, new=new or "none")
            letter = new
        letters.add(letter)
        fitted.append(replace(pw, letter=letter))
    edges = tuple(replace(e, powers=tuple(renamed.get(x, x) for x in e.powers)) if e.powers else e
                  for e in v.edges)
    return replace(v, powers=tuple(fitted), edges=edges)


def _breaks_in_latin1(value: str) -> bool:
    return any(b in (0x85, 0xA0) for b in value.encode("utf-8", "surrogatepass"))


def _starts_a_directive(where: str, value: str) -> bool:
    """A name begins its line ("Name = code aliases"); an alias may end it."""
    words = value.upper().split()
    if where.startswith(("the variant", "the power")):
        return False
    if where.endswith("'s name") and "/" not in where and not norm(value):
        return True  # "-" or "The": nothing left once DPjudge drops its order words and signs
    if not words:
        return False
    if where.endswith("'s name"):  # a coast's line begins with its province's name
        return "/" not in where and words[0] in LINE_WORDS
    return words[-1] in LAST_WORDS


def strings_of(v: Variant) -> List[tuple]:
    out = [("the variant's name", v.name)]
    out += [(f"{p.id}'s name", p.name) for p in v.provinces]
    out += [(f"{p.id}'s alias", a) for p in v.provinces for a in p.aliases]
    out += [(f"{p.id}/{c.id}'s name", c.name) for p in v.provinces for c in p.coasts]
    out += [(f"{p.id}/{c.id}'s alias", a) for p in v.provinces for c in p.coasts for a in c.aliases]
    out += [(f"the power {pw.id}'s name", pw.name) for pw in v.powers]
    out += [(f"the power {pw.id}'s adjective", pw.adjective) for pw in v.powers]
    return out
