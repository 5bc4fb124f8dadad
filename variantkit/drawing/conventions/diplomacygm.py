"""DiplomacyGM's drawings (Inkscape).  Each role is a top-level layer found
by its label, any case, among DiplomacyGM's own aliases, or by the id the
config names under ``"svg config"`` (``"land_layer": "layer1"``).  Only the
children of the land, sea-border and island-border layers are provinces,
each named by its ``inkscape:label``: the layer gives the terrain (land,
sea, an island), never the fill, which is the owner's colour; a fill equal
to the config's ``impassable`` marks an impassable space.  Cosmetic layers
(``Seas``, borders, shading) are art.  The config beside the drawing
(``config.toml`` else ``config.json``, else ``*config.json``) gives codes
(``abbreviations``), the players' colours, the named coasts, the
adjacency overrides (``overrides.provinces.NAME``) and the margin within
which two shapes border (``"svg config".border_margin_hint``)."""
from __future__ import annotations

import glob
import json
import os
import re
from typing import Dict, List, Optional, Tuple

from ...files import read_text
from ...problems import UnusableInput
from ..geometry.shapes import DrawnShape
from ..svg.reader import SvgDocument
from .base import Reading, middle, rgb

# DiplomacyGM's LAYER_DICTIONARY: role -> (config key, labels)
ROLES: Dict[str, Tuple[str, ...]] = {
    "land_layer": ("Region Colors", "Region Fills", "Provinces"),
    "sea_borders": ("Sea Adjacencies", "Sea Provinces"),
    "island_borders": ("Island Adjacencies", "Hybrid Adjacencies"),
    "supply_center_icons": ("Supply Centers", "SC Markers", "SC markers"),
    "army": ("Army Locations",),
    "fleet": ("Fleet Locations",),
    "province_names": ("Titles", "Region Names", "Labels", "Province Names"),
}
OLD_SEAS, OLD_ROCK = "Seas", "Impassables"     # the older layout: seas and rock as their own layers
MAX_CONFIG = 4 << 20  # bytes of a config.json read beside a drawing
_COAST = re.compile(r"^(.*?)\s*\((nc|sc|ec|wc)\)$", re.I)


def _config(doc: SvgDocument) -> Optional[dict]:
    """The config DiplomacyGM reads for this drawing: config.json beside it,
    else a ``*config.json`` whose ``file`` names the drawing (a config.toml,
    which DiplomacyGM prefers, is not read yet)."""
    folder = os.path.dirname(os.path.abspath(doc.path))
    candidates = [os.path.join(folder, "config.json")]
    candidates += sorted(glob.glob(os.path.join(folder, "*config.json")))
    for path in candidates:
        if not os.path.isfile(path):
            continue
        try:
            data = json.loads(read_text(path, MAX_CONFIG, what="DiplomacyGM config"))
        except (UnusableInput, ValueError):  # not a config this drawing can use: the layers are guessed
            continue
        if isinstance(data, dict) and os.path.basename(str(data.get("file") or doc.path)) == \
                os.path.basename(doc.path):
            return data
    return None


def _layer(doc: SvgDocument, role: str, config: Optional[dict]) -> Optional[str]:
    svg = (config or {}).get("svg config") or {}
    given = svg.get(role) if isinstance(svg, dict) else None
    if isinstance(given, str) and doc.layer(given):
        return doc.layer(given)
    return doc.layer(*ROLES[role])


def matches(doc: SvgDocument) -> bool:
    config = _config(doc)
    land = _layer(doc, "land_layer", config)
    return land is not None and (_layer(doc, "sea_borders", config) is not None or doc.layer(OLD_SEAS) is not None
                                 or config is not None)


def _codes(names: List[str], config: Optional[dict]) -> Dict[str, str]:
    """A short code per full name: the config's abbreviation where it has
    one, else the first three letters, made unique."""
    given: Dict[str, str] = {}
    for code, name in ((config or {}).get("abbreviations") or {}).items():
        made = re.sub(r"[^a-z0-9]", "", str(code).lower())
        if made:
            given.setdefault(str(name).lower(), made)
    out, used = {}, set(given.values())
    for name in sorted(names):
        code = given.get(name.lower())
        if code is None:
            letters = re.sub(r"[^a-z0-9]", "", name.lower()) or "p"
            code = letters[:3]
            i = 3
            while code in used:
                i += 1
                code = letters[:3] + str(i) if i > len(letters) else letters[:2] + letters[i - 1]
        used.add(code)
        out[name] = code
    return out


def _name(doc: SvgDocument, s) -> str:
    """A province's name: its own label, else its group's (a province drawn in parts)."""
    return (s.label or doc.group_labels.get(s.group, "") or "").strip()


def read(doc: SvgDocument) -> Reading:
    config = _config(doc)
    svg = (config or {}).get("svg config") or {}
    rock_fill = rgb(str(svg.get("impassable") or "")) if isinstance(svg, dict) else None
    land, sea, island = (_layer(doc, r, config) for r in ("land_layer", "sea_borders", "island_borders"))
    old_sea = doc.layer(OLD_SEAS) if sea is None else None
    rock_layer = doc.layer(OLD_ROCK)
    kinds = {la: k for la, k in ((land, "land"), (island, "land"), (sea, "water"), (old_sea, "water"),
                                 (rock_layer, "rock")) if la}
    named = [s for s in doc.shapes if s.layer in kinds and _name(doc, s)]
    codes = _codes(sorted({_name(doc, s) for s in named}), config)
    reading = Reading("diplomacygm", [])
    # DiplomacyGM's own rule: two provinces border when nearer than the margin
    margin = svg.get("border_margin_hint") if isinstance(svg, dict) else None
    if isinstance(margin, (int, float)) and not isinstance(margin, bool) and 0 < margin < 1e3:
        reading.margin = float(margin)
    shapes: Dict[str, DrawnShape] = {}
    for s in named:
        name = _name(doc, s)
        code = codes[name]
        if code in shapes:
            shapes[code].rings.extend(s.rings)
            continue
        kind = kinds[s.layer]
        shapes[code] = DrawnShape(code, list(s.rings), water=kind == "water",
                                  impassable=kind == "rock" or (kind == "land" and rock_fill is not None
                                                                and rgb(s.fill) == rock_fill))
        reading.names[code] = name
    reading.shapes = list(shapes.values())
    by_name = {name.lower(): code for name, code in codes.items()}
    centres, armies, fleets = (_layer(doc, r, config) for r in ("supply_center_icons", "army", "fleet"))
    for s in doc.shapes:
        if s.layer not in (centres, armies, fleets) or s.layer is None:
            continue
        label = _name(doc, s)
        m = _COAST.match(label)
        prov = by_name.get((m.group(1) if m else label).lower())
        if prov is None:
            continue
        if s.layer == centres:
            reading.centres.add(prov)
        else:
            loc = f"{prov}/{m.group(2).lower()}" if m else prov
            reading.unit_pos.setdefault(loc, middle(s.rings))
    for player, data in ((config or {}).get("players") or {}).items():
        if isinstance(data, dict) and data.get("color"):
            reading.colours[player.lower()] = "#" + str(data["color"]).lstrip("#")
    _overrides(config, by_name, reading)
    return reading


def _overrides(config: Optional[dict], by_name: Dict[str, str], reading: Reading) -> None:
    """The config's adjacency overrides and named coasts, by province name."""
    provinces = (((config or {}).get("overrides") or {}).get("provinces") or {})
    if not isinstance(provinces, dict):
        return

    def code(name) -> Optional[str]:
        return by_name.get(str(name).lower())

    for name, over in provinces.items():
        here = code(name)
        if here is None or not isinstance(over, dict):
            continue
        for key, into in (("adjacencies", reading.links_added), ("remove_adjacencies", reading.links_removed)):
            for other in over.get(key) or []:
                there = code(other)
                if there:
                    into.append((here, there))
        for coast, reach in (over.get("coasts") or {}).items():
            if isinstance(reach, list):
                reading.coasts_stated[f"{here}/{str(coast).lower()}"] = [c for c in map(code, reach) if c]
