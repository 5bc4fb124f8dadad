"""Find a location by what people type: code, full name or alias, any case.

``spa/nc``, ``SPA NC``, ``spa(nc)``, ``Spain (north coast)`` and
``Spain/North Coast`` all name the same coast.  Renamed provinces keep their
old names as aliases (Loeb9's Copenhagen answers to ``den``).
"""
from __future__ import annotations

import re
from typing import Dict, List, Mapping, Optional, Tuple

from .model import Variant, split_location

_SPACES = re.compile(r"[\s_+]+")
_COAST_TAIL = re.compile(r"^(?P<prov>.+?)\s*(?:/|\(|\s)\s*(?P<coast>[a-z .]+?)\s*\)?$")
_MEMO_KEPT = 50_000  # texts remembered per index (a bound against unbounded input)
_COAST_WORDS = {"north": "n", "south": "s", "east": "e", "west": "w",
                "northeast": "ne", "northwest": "nw", "southeast": "se", "southwest": "sw"}


def normalize(text: str) -> str:
    text = _SPACES.sub(" ", text.strip().lower())
    text = text.replace(" / ", "/").replace(" (", "(").replace("( ", "(").replace(" )", ")")
    return text.rstrip(".")


def coast_key(text: str) -> str:
    """``north coast`` / ``n.c.`` / ``nc`` -> ``nc``."""
    t = normalize(text).replace(".", "").replace("-", " ")
    words = t.split()
    if words and words[-1] == "coast":
        words = words[:-1]
        return "".join(_COAST_WORDS.get(w, w) for w in words) + "c"
    return "".join(words)


class NameIndex:
    """Lookup of location ids by any of their names."""

    def __init__(self, variant: Variant):
        self._by_name: Dict[str, str] = {}
        self._coasts: Dict[str, Dict[str, str]] = {}
        self.ambiguous: Dict[str, List[str]] = {}
        self._memo: Dict[str, Optional[str]] = {}
        self.known: Mapping[str, Optional[str]] = self._memo  # text -> location id (or None) looked up
        for p in variant.provinces:
            for name in (p.id, p.name) + tuple(p.aliases):
                self._add(name, p.id)
            coasts: Dict[str, str] = {}
            for c in p.coasts:
                lid = f"{p.id}/{c.id}"
                coasts[c.id] = lid
                if c.name:
                    coasts[coast_key(c.name)] = lid
                for name in (lid,) + tuple(c.aliases):
                    self._add(name, lid)
            self._coasts[p.id] = coasts

    def _add(self, name: str, lid: str) -> None:
        key = normalize(name)
        have = self._by_name.get(key)
        if have is not None and have != lid:
            self.ambiguous.setdefault(key, [have]).append(lid)
            return
        self._by_name[key] = lid

    def location(self, text: str) -> Optional[str]:
        """The location id that ``text`` names, or None.  Answers are
        memoized by the text as given: order parsing asks about the same few
        hundred tokens over and over, and normalizing dominated its time."""
        memo = self._memo
        if text in memo:
            return memo[text]
        got = self._lookup(text)
        if len(memo) < _MEMO_KEPT:
            memo[text] = got
        return got

    def _lookup(self, text: str) -> Optional[str]:
        key = normalize(text)
        if key in self._by_name:
            return self._by_name[key]
        m = _COAST_TAIL.match(key)
        if m:
            prov = self._by_name.get(m.group("prov"))
            if prov is not None and "/" not in prov:
                lid = self._coasts.get(prov, {}).get(coast_key(m.group("coast")))
                if lid:
                    return lid
        return None

    def split(self, text: str) -> Tuple[Optional[str], Optional[str]]:
        """(province id, coast id or None) for ``text``."""
        lid = self.location(text)
        if lid is None:
            return None, None
        return split_location(lid)

    def names(self):
        """Every known name (normalized) and the location it names."""
        return dict(self._by_name)
