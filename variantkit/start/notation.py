"""A power as a designer types it from the rules: its start in the notation
game masters write (``A par, A mar, F bre``: each unit's province a home; a
bare code a home left empty), and the adjective and letter its name suggests."""
from __future__ import annotations

from typing import Collection, Tuple

from ..model import Unit, split_location

# adjectives that no rule of thumb gives (the rest: Austria -> Austrian, Spain -> Spanish)
ADJECTIVES = {"england": "English", "france": "French", "germany": "German", "italy": "Italian",
              "turkey": "Turkish", "spain": "Spanish", "norway": "Norwegian", "holland": "Dutch",
              "netherlands": "Dutch", "china": "Chinese", "japan": "Japanese", "poland": "Polish",
              "sweden": "Swedish", "denmark": "Danish", "finland": "Finnish", "portugal": "Portuguese",
              "greece": "Greek", "switzerland": "Swiss", "britain": "British", "scotland": "Scottish",
              "ireland": "Irish", "wales": "Welsh", "burma": "Burmese", "siam": "Siamese", "egypt": "Egyptian",
              "persia": "Persian", "iraq": "Iraqi", "israel": "Israeli", "peru": "Peruvian", "byzantium":
              "Byzantine", "venice": "Venetian", "milan": "Milanese", "florence": "Florentine", "naples":
              "Neapolitan", "genoa": "Genoese", "carthage": "Carthaginian", "rome": "Roman",
              "hungary": "Hungarian", "mongolia": "Mongolian", "korea": "Korean", "vietnam": "Vietnamese",
              "canada": "Canadian", "mexico": "Mexican", "brazil": "Brazilian", "arabia": "Arabian"}


def adjective_of(name: str) -> str:
    """The adjective a power's name suggests; a guess where no table says."""
    key = name.strip().lower()
    if not key:
        return ""
    if key in ADJECTIVES:
        return ADJECTIVES[key]
    if key.endswith("ia"):
        return name.strip() + "n"
    if key.endswith(("a", "e", "o")):
        return name.strip()[:-1] + "an"
    if key.endswith("y"):
        return name.strip()[:-1] + "ian"
    return name.strip() + "an"  # Tibet -> Tibetan, Mali -> Malian


def free_letter(name: str, taken: Collection[str]) -> str:
    """The first letter of the name no other power has, else its next ones, else any."""
    used = {t.upper() for t in taken}
    for ch in name.upper() + "ABCDEFGHIJKLMNOPQRSTUVWXYZ":
        if ch.isalpha() and ch not in used:
            return ch
    return ""


def parse_start(text: str) -> Tuple[Tuple[str, ...], Tuple[Unit, ...]]:
    """``"A par, A mar, F bre, stp"`` -> (homes, units): each unit's province
    is a home, a bare code is a home that starts empty.  Commas, semicolons
    or new lines separate.  Raises ValueError on a part that is neither."""
    homes, units = [], []
    for part in text.replace(";", ",").replace("\n", ",").split(","):
        words = part.split()
        if not words:
            continue
        if len(words) == 1:
            homes.append(words[0].lower())
            continue
        unit = Unit.parse(" ".join(words))
        units.append(unit)
        homes.append(split_location(unit.location)[0])
    return tuple(dict.fromkeys(homes)), tuple(units)


def start_text(homes: Collection[str], units: Collection[Unit]) -> str:
    """The start written back: the units, then the homes with no unit."""
    held = {split_location(u.location)[0] for u in units}
    return ", ".join([str(u) for u in units] + [h for h in homes if h not in held])
