"""The hosts' own loaders on our exports: how to run them, the variants they
are run on, and the comparison of each host's reading with ours.

The runners live in ../shared/hosts (other projects' code, called, never
copied).  A runner that cannot start is a failure, never a skip: a test that
needs a host must have run it.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
from functools import lru_cache
from pathlib import Path
from typing import Dict, List, Set, Tuple

import pytest

from variantkit.graph import Graph
from variantkit.io import load
from variantkit.model import Terrain, UnitType, Variant, split_location

from tests.conftest import MAPS, reference_dir

HOSTS = Path(os.environ.get("VARIANTKIT_HOSTS", reference_dir().parent / "hosts"))

OURS = ["standard", "youngstown", "youngstown/no-omsk-fleets", "loeb9", "tutorial"]
# variants imported from the corpus (jDip's own files, read by our jDip reader)
CORPUS = [("1900", "1900"), ("aberration", "Aberration V"), ("ancient_med", "Ancient Mediterranean"),
          ("asia", "Asia"), ("chaos", "Chaos"), ("hundred", "Hundred3 v1 [H31]"), ("milan", "Milan"),
          ("milan", "Crowded Milan"), ("modern", "Modern"), ("modern", "Modern Shift"),
          ("stdVariants", "1898"), ("stdVariants", "Standard (5 Players)")]
ALL = OURS + [f"corpus:{folder}:{name}" for folder, name in CORPUS]


@lru_cache(maxsize=None)
def variant(key: str) -> Variant:
    """One of ALL: a bundled map, or a corpus variant as our jDip reader imports it."""
    if not key.startswith("corpus:"):
        return load(str(MAPS / key)).variant
    from variantkit.formats.jdip import read
    _, folder, name = key.split(":", 2)
    v, problems = read(str(reference_dir() / "corpus" / "jdip" / folder), name)
    assert v is not None and not [p for p in problems if p.severity == "error"], (key, problems)
    return v


def run(runner: str, *args: str, timeout: int = 300) -> Tuple[int, dict, str]:
    """Run a host runner; its exit code, its JSON and its stderr.  A runner
    that is missing or cannot start fails the test."""
    exe = HOSTS / runner
    if not exe.exists():
        pytest.fail(f"the host runner {exe} is missing: the hosts must be at {HOSTS} (VARIANTKIT_HOSTS)")
    if runner.startswith("jdip/") and not (os.environ.get("JAVA") or shutil.which("java")):
        pytest.fail("no Java runtime: scripts/setup installs default-jre-headless")
    proc = subprocess.run([str(exe), *args], capture_output=True, text=True, timeout=timeout)
    if proc.returncode == 2 or not proc.stdout.strip():
        pytest.fail(f"{runner} could not start (exit {proc.returncode}): {proc.stderr[-2000:]}")
    return proc.returncode, json.loads(proc.stdout), proc.stderr


# -- jDip ---------------------------------------------------------------------

def _jloc(loc: str, unit: UnitType, v: Variant) -> str:
    prov, coast = split_location(loc)
    if unit is UnitType.ARMY:
        return f"{prov}:mv"
    return f"{prov}:{coast or 'xc'}"


def jdip_differences(v: Variant, got: dict, names: Dict[str, str], aliases: Dict[str, List[str]]) -> List[str]:
    """Where jDip's reading (the load runner's variant) differs from ours.
    ``names``: power id -> the name written; ``aliases``: the aliases written."""
    out: List[str] = []
    power_of = {names[pw.id]: pw for pw in v.powers}
    if [p["name"] for p in got["powers"]] != [names[pw.id] for pw in v.powers]:
        out.append(f"powers: {[p['name'] for p in got['powers']]}")
    for p in got["powers"]:
        pw = power_of.get(p["name"])
        if pw is not None and p["adjective"] != (pw.adjective or names[pw.id]):
            out.append(f"adjective of {p['name']}: {p['adjective']!r}")
    if got["victory"]["centres"] != v.victory:
        out.append(f"victory {got['victory']['centres']} != {v.victory}")
    if (got["victory"]["years_without_sc_change"] or None) != v.rules.draw_after_static_falls:
        out.append(f"draw rule {got['victory']['years_without_sc_change']}")
    build_any = ["OPTION_BUILDS", "VALUE_BUILDS_ANY_OWNED"] in got["rules"]
    if build_any != bool(v.rules.options.get("build_any")):
        out.append(f"build-any {build_any}")
    theirs = {p["short"]: p for p in got["provinces"]}
    if set(theirs) != {p.id for p in v.provinces}:
        out.append(f"provinces: {sorted(set(theirs) ^ {p.id for p in v.provinces})}")
        return out
    home = {h: names[pw.id] for pw in v.powers for h in pw.homes}
    owner = {c: names[pw.id] for pw in v.powers for c in pw.starting_centers}
    for p in v.provinces:
        t = theirs[p.id]
        terrain = (Terrain.COAST if t["land"] and t["coastal"] else Terrain.WATER if t["sea"]
                   else Terrain.LAND if t["adj"].get("mv", []) != [f"{p.id}:mv"] else Terrain.IMPASSABLE)
        if terrain is not p.terrain and not (p.terrain is Terrain.COAST and terrain is Terrain.LAND
                                             and not Graph(v).fleet_locations(p.id)):
            out.append(f"{p.id}: {terrain.value} != {p.terrain.value}")
        checks = [("full", p.name), ("sc", p.center), ("home", home.get(p.id)), ("owner", owner.get(p.id)),
                  ("convoyable_coast", p.port), ("multicoastal", bool(p.coasts)),
                  ("shorts", [p.id] + aliases.get(p.id, []))]
        for key, want in checks:
            if t[key] != want:
                out.append(f"{p.id} {key}: {t[key]!r} != {want!r}")
    # the graph per coast (every season open), then what each season closes
    mine: Set[Tuple[str, str]] = set()
    g = Graph(v)
    for unit in UnitType:
        mine |= {(_jloc(a, unit, v), _jloc(b, unit, v)) for a, b in g.all_moves(unit)}
    jdip = {(f"{p['short']}:{kind}", ref) for p in got["provinces"] for kind, refs in p["adj"].items()
            for ref in refs if ref.split(":")[0] != p["short"]}
    if jdip != mine:
        out.append(f"adjacency: jDip only {sorted(jdip - mine)[:6]}, ours only {sorted(mine - jdip)[:6]}")
    for season in ("spring", "fall"):
        gs = Graph(v, season)
        closed_space = {p.id for p in v.provinces if p.passable_in and season not in p.passable_in}
        shut = set()
        for unit in UnitType:
            for a, b in g.all_moves(unit):
                if split_location(b)[0] in closed_space or gs.closed(unit, a, b):
                    shut.add((_jloc(a, unit, v), _jloc(b, unit, v)))
        blocked = {(a, b) for a, b, _, _, seasons in got["transit_blocked"] if season in seasons}
        if blocked != shut:
            out.append(f"closed in {season}: jDip only {sorted(blocked - shut)[:6]}, ours only "
                       f"{sorted(shut - blocked)[:6]}")
    mods = {(a, b, n) for a, b, n in got["mods"]}
    ours_mods = set()
    for e in v.edges:
        if e.modifier:
            a, b = split_location(e.a)[0], split_location(e.b)[0]
            ours_mods |= {(a, b, e.modifier)} | (set() if e.oneway else {(b, a, e.modifier)})
    if mods != ours_mods:
        out.append(f"move modifiers: {sorted(mods ^ ours_mods)}")
    units = {(u["power"], u["type"], u["prov"] + (f"/{u['coast']}" if u["coast"] not in ("mv", "xc") else ""))
             for u in got["units"]}
    want = {(names[pw.id], u.type.value, u.location) for pw in v.powers for u in pw.units}
    if units != want:
        out.append(f"units: {sorted(units ^ want)}")
    return out


# -- DPjudge ------------------------------------------------------------------

def dpjudge_differences(v: Variant, got: dict) -> List[str]:
    """Where DPjudge's reading (the read runner's JSON) differs from ``v``, the
    variant as the export fitted it for DPjudge (variantkit.formats.dpjudge_words.fit)."""
    out: List[str] = []
    g = Graph(v)
    want_locs = {lid.upper() for lid in g.locations}
    if set(got["locations"]) != want_locs:
        out.append(f"locations: {sorted(set(got['locations']) ^ want_locs)[:8]}")
        return out
    for lid, info in g.locations.items():
        t = got["locations"][lid.upper()]
        for unit, key, stand in ((UnitType.ARMY, "army", info.army_may_stand),
                                 (UnitType.FLEET, "fleet", info.fleet_may_stand)):
            if t[f"{key}_may_stand"] != stand:
                out.append(f"{lid}: {key} may stand {t[f'{key}_may_stand']}")
            mine = {m.upper() for m in g.moves(unit, lid)}
            if set(t[key]) != mine:
                out.append(f"{lid} {key}: DPjudge only {sorted(set(t[key]) - mine)}, ours only "
                           f"{sorted(mine - set(t[key]))}")
    if sorted(got["supply_centres"]) != sorted(c.upper() for c in v.centers):
        out.append("centres")
    if got["game_victory"] != [v.victory]:
        out.append(f"victory {got['game_victory']} != {v.victory}")
    powers = {pw.id.upper(): pw for pw in v.powers}
    if set(got["powers"]) != set(powers):
        out.append(f"powers: {sorted(set(got['powers']) ^ set(powers))}")
        return out
    for key, pw in powers.items():
        t = got["powers"][key]
        checks = [("abbrev", pw.letter or None), ("homes", sorted(h.upper() for h in pw.homes)),
                  ("units", sorted(f"{u.type.value} {u.location.upper()}" for u in pw.units)),
                  ("centres", sorted(c.upper() for c in pw.starting_centers))]
        for name, want in checks:
            have = sorted(t[name]) if isinstance(t[name], list) else t[name]
            if have != want:
                out.append(f"{key} {name}: {have} != {want}")
        adjective = " ".join(t["adjective"].replace("+", " ").split())
        if pw.adjective and adjective not in (pw.adjective.upper(), key):
            out.append(f"{key} adjective {t['adjective']!r} != {pw.adjective!r}")
    return out
