"""Every map the `diplomacy` package bundles (its reduced DPjudge format),
read by variantkit and by the package itself: where the package reads a map
without errors, the two readings agree on the graph (every army and fleet
move), the powers, their homes and units, the centres, the start and the
victory count.  The package is the independent truth here: its parser is a
descendant of DPjudge's own.
"""
import glob
import os

import pytest

from variantkit.formats.dpjudge import read_dpjudge
from variantkit.formats.dpjudge_powers import power_id
from variantkit.graph import Graph
from variantkit.model import UnitType
from variantkit.io import save
from variantkit.validate import load_checked

diplomacy = pytest.importorskip("diplomacy", reason="the `diplomacy` package is a test extra (peers)")
from diplomacy.engine.map import Map  # noqa: E402

MAPS = sorted(glob.glob(os.path.join(os.path.dirname(diplomacy.__file__), "maps", "*.map")))
PHASE = {"SPRING": "S", "FALL": "F", "WINTER": "W", "MOVEMENT": "M", "RETREATS": "R", "ADJUSTMENTS": "A"}
# RULE words of these maps that variantkit honours, as the options they become
HONOURED = {"BUILD_ANY": "build_any"}


def package_reading(path):
    m = Map(path, use_cache=False)  # no convoy-path cache: the reading only
    locs = [loc.upper() for loc in m.locs]
    moves = {}
    for unit in "AF":
        for a in locs:
            moves[(unit, a)] = {b for b in locs if m.abuts(unit, a, "-", b)}
    return m, locs, moves


def test_the_package_bundles_maps():
    assert len(MAPS) >= 10


@pytest.mark.slow
@pytest.mark.parametrize("path", MAPS, ids=[os.path.basename(p)[:-4] for p in MAPS])
def test_map_reads_as_the_package_reads_it(path, tmp_path):
    m, locs, moves = package_reading(path)
    res = read_dpjudge(path)
    errors = [p for p in res.problems if p.severity == "error"]
    assert not m.error, f"the package refuses {path}: {m.error}"
    assert errors == [], "\n".join(map(str, errors))
    v = res.variant
    save(v, str(tmp_path / "variant.yaml"))  # what `variantkit import` writes must load
    loaded = load_checked(str(tmp_path))
    assert loaded.report.ok, "\n".join(map(str, loaded.report.errors))

    # the graph, move by move, from every location
    g = Graph(v)
    ours_locs = {p.id.upper() for p in v.provinces} | {
        f"{p.id}/{c.id}".upper() for p in v.provinces for c in p.coasts}
    assert ours_locs == set(locs)
    for (unit, a), theirs in moves.items():
        kind = UnitType.ARMY if unit == "A" else UnitType.FLEET
        ours = {x.upper() for x in g.moves(kind, a.lower())}
        assert ours == theirs, f"{unit} {a}: ours {sorted(ours - theirs)} theirs {sorted(theirs - ours)}"

    # powers, homes, units, centres, start, victory, the rules
    assert {p.id for p in v.powers} == {power_id(p) for p in m.powers}
    for p in m.powers:
        mine = v.power(power_id(p))
        assert sorted(h.upper() for h in mine.homes) == sorted(m.homes[p]), p
        assert sorted(f"{u.type.value} {u.location.upper()}" for u in mine.units) == \
            sorted(m.units.get(p, [])), p
        assert sorted(c.upper() for c in mine.starting_centers) == sorted(m.centers[p]), p
    assert sorted(c.upper() for c in v.centers) == sorted(m.scs)
    season, year, kind = m.phase.split()
    assert v.rules.start == f"{PHASE[season]}{year}{PHASE[kind]}"
    assert v.rules.victory == (m.victory[0] if m.victory else None)
    honoured = {HONOURED[r]: True for r in m.rules if r in HONOURED}
    assert dict(v.rules.options) == honoured
    reported = {p.message.split()[1] for p in res.problems if p.code == "VK631"}
    assert reported == {r for r in m.rules if r not in HONOURED}
