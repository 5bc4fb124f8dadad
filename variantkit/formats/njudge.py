"""njudge / Realpolitik ``.map`` (reader only): the back catalogue of old variants.

Territory lines ``Name, typecode abbr alias...`` end at a ``-1`` line (type
``w`` water, ``l`` land, ``x`` a neutral centre, a power's letter for its home
centres); adjacency lines ``abbr-mv: ...``, ``abbr-xc: ...``, ``abbr-nc: ...``
follow and end at ``-1``.  Terrain comes from the adjacency: a province with
fleet links is a coast unless typed water.
"""
from __future__ import annotations

import os
import re
from collections import defaultdict
from typing import Dict, List, Tuple

from ..model import Coast, Crossing, Edge, Power, Province, Rules, Terrain, Variant
from ..problems import Problem, UnusableInput
from ..vocabulary import COMPASS_COASTS, coast_name
from .base import Format
from .link_limits import LinkBudget


MAX_BYTES = 5 * 1024 * 1024
MAX_LINE = 10_000


def read(path: str):
    problems: List[Problem] = []
    from ..files import read_limited
    raw = read_limited(path, MAX_BYTES, "VK760", what="map file")
    lines = raw.decode("utf-8", errors="replace").splitlines()
    for number, line in enumerate(lines, 1):
        if len(line) > MAX_LINE:
            raise UnusableInput([Problem.of("VK008", line="the line", length=len(line), limit=MAX_LINE)
                                 .at(path, number)])
    territories: List[Tuple[str, str, str, List[str], int]] = []
    adjacency: Dict[str, Dict[str, List[str]]] = defaultdict(dict)
    lines_of: Dict[str, int] = {}
    section = 0
    budget = LinkBudget()
    for number, text in enumerate(lines, 1):
        line = text.strip()
        if not line or line.startswith("#"):
            continue
        if line == "-1":
            section += 1
            continue
        if section == 0:
            name, _, rest = line.partition(",")
            words = rest.split()
            if len(words) < 2:
                problems.append(Problem.of("VK761", line=repr(line)).at(path, number))
                continue
            budget.place(path, number)
            territories.append((name.strip(), words[0], words[1].lower(), [w.lower() for w in words[2:]], number))
        elif section == 1:
            m = re.match(r"^(\w+)-(\w+):\s*(.*)$", line)
            if not m:
                problems.append(Problem.of("VK762", line=repr(line)).at(path, number))
                continue
            refs = [r.lower().replace("/", "-") for r in m.group(3).split()]
            budget.neighbours(len(refs), len(refs), path, number)
            adjacency[m.group(1).lower()][m.group(2).lower()] = refs
            lines_of[m.group(1).lower()] = number
    if not territories:
        raise UnusableInput([Problem.of("VK669").at(path)])
    known = {t[2] for t in territories}
    powers: Dict[str, List[str]] = defaultdict(list)
    provinces: List[Province] = []
    edges: Dict[Tuple[str, str], Dict[str, bool]] = {}
    for name, code, abbr, aliases, number in territories:
        kinds = adjacency.get(abbr, {})
        coasts = sorted(k for k in kinds if k in COMPASS_COASTS)
        fleet = bool(kinds.get("xc")) or bool(coasts)
        terrain = Terrain.WATER if code.lower() == "w" else (Terrain.COAST if fleet else Terrain.LAND)
        centre = code.lower() != "w" and code.lower() != "l"
        if centre and code.lower() != "x":
            powers[code.upper()].append(abbr)
        provinces.append(Province(abbr, name, terrain, tuple(aliases), centre,
                                  tuple(Coast(c, coast_name(c)) for c in coasts)))
        for kind, refs in kinds.items():
            src = abbr if kind in ("mv", "xc") else f"{abbr}/{kind}"
            for ref in refs:
                prov, _, coast = ref.partition("-")
                if prov not in known:  # a dropped link would be a misread: refused
                    problems.append(Problem.of("VK763", province=abbr, other=repr(prov))
                                    .at(path, lines_of.get(abbr, number)))
                    continue
                if prov == abbr:  # a space named as its own neighbour says nothing
                    continue
                dst = f"{prov}/{coast}" if coast else prov
                first, second = sorted((src, dst))
                rec = edges.setdefault((first, second), {"army": False, "fleet": False})
                rec["army" if kind == "mv" else "fleet"] = True
    edge_list = [Edge(a, b, Crossing.of(r["army"], r["fleet"])) for (a, b), r in sorted(edges.items())]
    vid = re.sub(r"[^a-z0-9_]+", "-", os.path.splitext(os.path.basename(path))[0].lower()).strip("-") or "njudge"
    problems.append(Problem.of("VK764").at(path))
    variant = Variant(vid, vid.capitalize(), tuple(provinces), tuple(edge_list),
                      tuple(Power(letter.lower(), f"Power {letter}", "", letter, "", tuple(h))
                            for letter, h in sorted(powers.items())), Rules())
    return variant, problems


FORMAT = Format("njudge", "njudge / Realpolitik .map (the back catalogue)", ".map", read=read)
