"""How jDip's order parser finds a province by name, so that the export can
leave out the aliases jDip would misread.

jDip (1.6) looks a typed location up case-insensitively: an exact name
first; else, for inputs of three or more characters, a unique prefix among
the first *k* names of its list (a quirk of jDip: *k* is the number of power
names and adjectives); else the nearest names by edit distance, taken only
when one province is nearest and the distance is at most half the input's
length.  Its names are, per province in file order, the full name, the short
name and the unique names.  Before that, the order text is rewritten: a name
with a space or a hyphen is replaced by its short name wherever it occurs
(longest first, anywhere in the text), ``/xx``, ``-xx`` and ``\\xx`` are read
as coasts and anything in parentheses as a coast.  Written from jDip's
behaviour as documented in its source comments and measured with its own
loader and DATC runner (tests/export/test_jdip_host.py).
"""
from __future__ import annotations

import re
from typing import Dict, List, Optional, Sequence, Set, Tuple

# a coast written after a separator, as jDip's coast reader takes it
_COAST_LIKE = re.compile(r"[-\\/][0-9a-z]\.?[0-9a-z]\.?\b")


def distance(a: str, b: str) -> int:
    """The edit distance (insertions, deletions, substitutions)."""
    prev = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        cur = [i]
        for j, cb in enumerate(b, 1):
            cur.append(min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca != cb)))
        prev = cur
    return prev[-1]


def lookup(text: str, names: Sequence[Tuple[str, str]], partial_span: int) -> Tuple[Optional[str], Set[str]]:
    """The province jDip takes ``text`` for (None when it cannot tell), and the
    provinces that tied for it.  ``names``: (lower-case name, province) in
    jDip's order."""
    text = text.lower().strip()
    exact = {p for n, p in names if n == text}
    if exact:
        return next(iter(exact)), exact
    if len(text) < 3:
        return None, set()
    prefixed = {p for n, p in names[:partial_span] if n.startswith(text)}
    if len(prefixed) == 1:
        return next(iter(prefixed)), prefixed
    best, ties = None, set()
    for n, p in names:
        d = distance(text, n)
        if best is None or d < best:
            best, ties = d, {p}
        elif d == best:
            ties.add(p)
    if best is not None and best <= len(text) // 2 and len(ties) == 1:
        return next(iter(ties)), ties
    return None, ties


def static_flaw(alias: str) -> str:
    """Why jDip's order text would break the alias before any look-up ('' if it would not)."""
    if "(" in alias or ")" in alias:
        return "jDip reads anything in parentheses as a coast"
    if _COAST_LIKE.search(alias):
        return "jDip reads '/xx', '-xx' or '\\xx' as a coast"
    if any(c in alias for c in ",;:\t\n\r"):
        return "jDip splits names at , ; and :"
    return ""


def safe_aliases(provinces: Sequence[Tuple[str, str, Sequence[str], Sequence[str]]], partial_span: int
                 ) -> Tuple[Dict[str, List[str]], List[Tuple[str, str, str]], List[Tuple[str, str]]]:
    """Choose the aliases jDip can hold.  ``provinces``: (short name, full name,
    aliases, coast ids) in file order.  Returns the kept aliases per province,
    the left-out ones as (province, alias, why), and the locations jDip cannot
    read even without aliases as (location, why)."""
    dropped: List[Tuple[str, str, str]] = []
    fixed: Dict[str, str] = {}  # lower-case short and full names -> province
    for short, full, _, _ in provinces:
        fixed.setdefault(short.lower(), short)
        fixed.setdefault(full.lower(), short)
    kept: Dict[str, List[str]] = {}
    seen: Dict[str, str] = dict(fixed)
    for short, _, aliases, _ in provinces:
        kept[short] = []
        for a in aliases:
            low = a.lower().strip()
            why = static_flaw(low)
            if not why and low in seen and seen[low] != short:
                why = f"it is also a name of {seen[low]}"
            if not why and low in seen:
                continue  # the same name twice: jDip would refuse the duplicate
            if not why and (" " in low or "-" in low):
                other = next((n for n, p in seen.items() if p != short and low in n), None)
                if other:
                    why = f"jDip replaces it inside {other!r} (a name of {seen[other]})"
            if why:
                dropped.append((short, a, why))
                continue
            kept[short].append(low)
            seen[low] = short
    # every location as a player types it: short name, short/coast, full name
    unreadable: List[Tuple[str, str]] = []
    while True:
        names: List[Tuple[str, str]] = []
        for short, full, _, _ in provinces:
            names += [(full.lower(), short), (short.lower(), short)] + [(a, short) for a in kept[short]]
        culprits: Set[Tuple[str, str]] = set()
        for short, full, _, coasts in provinces:
            for text in [short, full] + [f"{short}/{c}" for c in coasts]:
                got, ties = lookup(text, names, partial_span)
                if got == short:
                    continue
                rivals = [(p, a) for p in ties - {short} for a in kept.get(p, ())
                          if distance(text.lower(), a) == min(distance(text.lower(), n) for n, q in names
                                                              if q == p)]
                if rivals:
                    culprits.update(rivals)
                elif (text, "") not in [(u, "") for u, _ in unreadable]:
                    unreadable.append((text, "jDip takes it for " + (", ".join(sorted(ties)) or "nothing")))
                for p, a in rivals:
                    dropped.append((p, a, f"jDip's parser could not tell {text!r} from it"))
        if not culprits:
            return kept, dropped, unreadable
        for p, a in culprits:
            kept[p] = [x for x in kept[p] if x != a]
