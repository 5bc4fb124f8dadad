"""DiplomacyGM's drawings (Inkscape): layers labelled ``Region Colors``
(land, one shape per province labelled with its full name), ``Seas``,
``Impassables``, ``SC Markers`` (groups labelled with the province),
``Army Locations`` and ``Fleet Locations`` (where units stand, a coast as
``Spain (nc)``), and ``Titles`` (labels).  The game's JSON config beside the
drawing (``*.config.json``) gives short codes (``abbreviations``) and the
players' colours."""
from __future__ import annotations

import glob
import json
import os
import re
from typing import Dict, List, Optional

from ..geometry.shapes import DrawnShape
from ..svg.reader import SvgDocument
from .base import Reading, middle

LAND, SEAS, ROCK, CENTRES = "Region Colors", "Seas", "Impassables", "SC Markers"
ARMIES, FLEETS = "Army Locations", "Fleet Locations"
_COAST = re.compile(r"^(.*?)\s*\((nc|sc|ec|wc)\)$", re.I)


def matches(doc: SvgDocument) -> bool:
    return LAND in doc.layers and SEAS in doc.layers


def _config(doc: SvgDocument) -> Optional[dict]:
    folder = os.path.dirname(os.path.abspath(doc.path))
    for path in sorted(glob.glob(os.path.join(folder, "*config.json"))):
        try:
            with open(path, encoding="utf-8") as fh:
                data = json.load(fh)
        except (OSError, ValueError):
            continue
        if isinstance(data, dict) and data.get("file") in (None, os.path.basename(doc.path)):
            return data
    return None


def _codes(names: List[str], config: Optional[dict]) -> Dict[str, str]:
    """A short code per full name: the config's abbreviation where it has
    one, else the first three letters, made unique."""
    given: Dict[str, str] = {}
    for code, name in ((config or {}).get("abbreviations") or {}).items():
        given.setdefault(name.lower(), code.lower())
    out, used = {}, set(given.values())
    for name in sorted(names):
        code = given.get(name.lower())
        if code is None:
            letters = re.sub(r"[^a-z]", "", name.lower()) or "p"
            code = letters[:3]
            i = 3
            while code in used:
                i += 1
                code = letters[:3] + str(i) if i > len(letters) else letters[:2] + letters[i - 1]
        used.add(code)
        out[name] = code
    return out


def read(doc: SvgDocument) -> Reading:
    config = _config(doc)
    named = [s for s in doc.shapes if s.layer in (LAND, SEAS, ROCK) and s.label]
    codes = _codes(sorted({s.label for s in named}), config)
    reading = Reading("diplomacygm", [])
    shapes: Dict[str, DrawnShape] = {}
    for s in named:
        code = codes[s.label]
        if code in shapes:
            shapes[code].rings.extend(s.rings)
            continue
        shapes[code] = DrawnShape(code, list(s.rings), water=s.layer == SEAS, impassable=s.layer == ROCK)
        reading.names[code] = s.label
    reading.shapes = list(shapes.values())
    by_name = {name.lower(): code for name, code in codes.items()}
    for s in doc.shapes:
        label = _group_label(doc, s)
        if not label:
            continue
        m = _COAST.match(label)
        prov = by_name.get((m.group(1) if m else label).lower())
        if prov is None:
            continue
        if s.layer == CENTRES:
            reading.centres.add(prov)
        elif s.layer in (ARMIES, FLEETS):
            loc = f"{prov}/{m.group(2).lower()}" if m else prov
            reading.unit_pos.setdefault(loc, middle(s.rings))
    for player, data in ((config or {}).get("players") or {}).items():
        if isinstance(data, dict) and data.get("color"):
            reading.colours[player.lower()] = "#" + str(data["color"]).lstrip("#")
    return reading


def _group_label(doc: SvgDocument, s) -> str:
    """Markers and unit places are groups labelled with the province."""
    return doc.group_labels.get(s.group, "") if s.group else ""
