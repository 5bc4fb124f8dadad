"""The library's edits, without Qt: each checked against the standard map's
known geography (hand-read from the board), the semantic checks, and a
reference check written here independently of the edits."""
import pytest

from variantkit import edit
from variantkit.graph import Graph
from variantkit.io import load
from variantkit.io.variant_file import dumps, load as load_file
from variantkit.model import Crossing, Edge, Province, Terrain, Unit, UnitType
from variantkit.validate import check
from tests.conftest import MAPS


@pytest.fixture(scope="module")
def standard():
    return load(str(MAPS / "standard")).variant


def dangling(v):
    """Every reference that names no location (computed without the edits' helpers)."""
    provinces = {p.id for p in v.provinces}
    locations = set(provinces) | {f"{p.id}/{c.id}" for p in v.provinces for c in p.coasts}
    out = []
    out += [f"edge {e.a}-{e.b}" for e in v.edges if e.a not in locations or e.b not in locations]
    out += [f"inside {p.id}" for p in v.provinces if p.inside is not None and p.inside not in provinces]
    for pw in v.powers:
        out += [f"home {h}" for h in pw.homes if h not in provinces]
        out += [f"centre {c}" for c in (pw.centers or ()) if c not in provinces]
        out += [f"unit {u}" for u in pw.units if u.location not in locations]
    return out


def errors(v):
    return sorted((p.code, p.message) for p in check(v) if p.severity == "error")


def neighbours(v, loc):
    return {e.b if e.a == loc else e.a for e in v.edges if loc in (e.a, e.b)}


def reloads(v, tmp_path):
    path = tmp_path / "variant.yaml"
    path.write_text(dumps(v))
    loaded = load_file(str(path))
    assert loaded.report.ok, [str(p) for p in loaded.report.errors]
    return loaded.variant


def test_rename_reaches_every_reference(standard, tmp_path):
    v = edit.rename(standard, "spa", "esp")
    assert standard.province("spa") and v.province("spa") is None
    assert not dangling(v) and errors(v) == []
    # Spain's borders, read off the board, carried over to the new id
    assert neighbours(v, "esp") == {"gas", "mar", "por"}
    assert neighbours(v, "esp/nc") == {"gas", "mao", "por"}
    assert neighbours(v, "esp/sc") == {"lyo", "mao", "mar", "por", "wes"}
    # the coasts' aliases written with the code follow it; those with the name stay
    nc = v.province("esp").coast("nc")
    assert "esp(nc)" in nc.aliases and "esp (north coast)" in nc.aliases and "spain/nc" in nc.aliases
    assert not [a for a in nc.aliases if a.startswith("spa(") or a.startswith("spa ")]
    # France's units and homes name Paris: renamed there too
    v2 = edit.rename(v, "par", "lut")
    france = v2.power("france")
    assert france.homes == ("bre", "mar", "lut")
    assert Unit(UnitType.ARMY, "lut") in france.units
    assert reloads(v2, tmp_path).province("lut").name == "Paris"
    # renaming back gives the board we started from
    assert edit.rename(edit.rename(v2, "lut", "par"), "esp", "spa") == standard


def test_rename_reaches_centres_and_inside(standard):
    v = edit.set_power(standard, edit.replace(standard.power("italy"), centers=("nap", "rom", "ven", "tun")))
    v = edit.add_province(v, Province("lak", "Lake", Terrain.WATER, inside="tun"))
    v = edit.rename(v, "tun", "tns")
    assert v.power("italy").centers == ("nap", "rom", "ven", "tns")
    assert v.province("lak").inside == "tns"
    assert not dangling(v)


def test_rename_refuses_a_taken_or_bad_id(standard):
    with pytest.raises(edit.EditError, match="already"):
        edit.rename(standard, "par", "bur")
    with pytest.raises(edit.EditError, match="not an id"):
        edit.rename(standard, "par", "Paris!")
    with pytest.raises(edit.EditError, match="no province"):
        edit.rename(standard, "xyz", "abc")


def test_rename_many_is_the_renames_one_after_another(standard):
    v = edit.rename_many(standard, {"spa": "esp", "par": "lut", "tun": "tns"})
    assert v == edit.rename(edit.rename(edit.rename(standard, "spa", "esp"), "par", "lut"), "tun", "tns")
    assert edit.rename_many(standard, {"par": "par"}) is standard


def test_rename_many_swaps_codes_at_once(standard):
    v = edit.rename_many(standard, {"par": "bur", "bur": "par"})
    assert not dangling(v) and errors(v) == []
    assert v.province("bur").name == "Paris" and v.province("par").name == "Burgundy"
    assert v.power("france").homes == ("bre", "mar", "bur")
    assert neighbours(v, "bur") == neighbours(standard, "par") - {"bur"} | {"par"}


def test_rename_many_refuses_the_whole_list_with_the_reason(standard):
    with pytest.raises(edit.EditError, match="would both be 'bur'"):
        edit.rename_many(standard, {"spa": "esp", "par": "bur"})
    with pytest.raises(edit.EditError, match="would both be 'x'"):
        edit.rename_many(standard, {"par": "x", "mar": "x"})
    with pytest.raises(edit.EditError, match="not an id"):
        edit.rename_many(standard, {"par": "Paris!"})
    with pytest.raises(edit.EditError, match="no province"):
        edit.rename_many(standard, {"xyz": "abc"})


def test_read_renames_takes_arrows_pairs_commas_and_lines(standard):
    renames, problems = edit.read_renames("SPA -> esp, par lut;\n\n  tun->tns ,mar mar\n", standard)
    assert problems == [] and renames == {"spa": "esp", "par": "lut", "tun": "tns"}
    assert list(renames) == ["spa", "par", "tun"]  # in the order written
    assert edit.read_renames("ob-a -> oba", edit.rename(standard, "mar", "ob-a"))[0] == {"ob-a": "oba"}
    assert edit.read_renames("par bur, bur par", standard) == ({"par": "bur", "bur": "par"}, [])
    assert [p.code for p in edit.read_renames("par ->, -> lut, par lut x", standard)[1]] == ["VK904"] * 3


def test_read_renames_says_each_problem_at_its_line_and_column(standard):
    text = "spa esp, xyz -> abc\npar -> Paris!, mar\nspa sp2\nbre bur\ngas x, pic x"
    _, problems = edit.read_renames(text, standard, "the Rename field")
    got = [(p.code, p.line, p.column, p.severity) for p in problems]
    assert got == [("VK905", 1, 10, "error"), ("VK906", 2, 1, "error"), ("VK904", 2, 16, "error"),
                   ("VK908", 3, 1, "error"), ("VK907", 4, 1, "error"), ("VK907", 5, 8, "error")]
    said = [str(p) for p in problems]
    assert said[0].startswith("the Rename field:1:10: error VK905: there is no province 'xyz'")
    assert "'paris!' is not an id" in said[1] and "'mar' is not a rename" in said[2]
    assert "spa is renamed twice (first at line 1, column 1)" in said[3]
    assert "bur would be the code of two provinces, bre and bur" in said[4]
    assert "x would be the code of two provinces, gas and pic" in said[5]


def test_remove_leaves_nothing_pointing_at_it(standard):
    v = edit.add_province(standard, Province("lak", "Lake", Terrain.WATER, inside="par"))
    v = edit.set_power(v, edit.replace(v.power("france"), centers=("bre", "mar", "par")))
    v = edit.remove(v, "par")
    assert not dangling(v)
    assert v.province("lak").inside is None
    france = v.power("france")
    assert france.homes == ("bre", "mar") and france.centers == ("bre", "mar")
    assert [str(u) for u in france.units] == ["F bre", "A mar"]
    # Paris's four neighbours lost exactly that border
    for n in ("bre", "bur", "gas", "pic"):
        assert "par" not in neighbours(v, n)
    assert len(v.edges) == len(standard.edges) - 4


def test_remove_power_takes_its_homes_units_and_the_links_only_it_may_cross(standard):
    v = edit.set_edge(standard, "lon", "wal", Crossing.ARMY, powers=("england",))
    v = edit.set_edge(v, "bre", "par", Crossing.ARMY, powers=("england", "france"))
    v = edit.remove_power(v, "england")
    assert [p.id for p in v.powers] == [p.id for p in standard.powers if p.id != "england"]
    assert not any({e.a, e.b} == {"lon", "wal"} for e in v.edges)      # nobody else may cross it
    assert [e.powers for e in v.edges if {e.a, e.b} == {"bre", "par"}] == [("france",)]
    assert errors(v) == [] and not dangling(v)
    with pytest.raises(edit.EditError):
        edit.remove_power(v, "england")


def test_merge_joins_borders_centres_and_homes(standard, tmp_path):
    v = edit.merge(standard, "bur", "par")
    assert v.province("par") is None and not dangling(v)
    bur = v.province("bur")
    assert bur.center and "par" in bur.aliases          # Paris was a centre, Burgundy not
    # Burgundy's borders and Paris's, without the one between them
    assert neighbours(v, "bur") == {"bel", "gas", "mar", "mun", "pic", "ruh", "bre"}
    assert v.power("france").homes == ("bre", "mar", "bur")
    assert Unit(UnitType.ARMY, "bur") in v.power("france").units
    assert errors(v) == []
    assert reloads(v, tmp_path).province("bur").center


def test_merge_refuses_two_units_and_coasts(standard):
    with pytest.raises(edit.EditError, match="starting unit"):
        edit.merge(standard, "par", "mar")
    with pytest.raises(edit.EditError, match="coasts"):
        edit.merge(standard, "spa", "por")


def test_split_moves_the_borders_asked_for(standard):
    west = Province("wmo", "West Moscow", Terrain.LAND)
    v = edit.split(standard, "mos", west, moved=["lvn", "war"], shared=["ukr"])
    assert not dangling(v) and errors(v) == []
    assert neighbours(v, "wmo") == {"lvn", "war", "ukr", "mos"}
    assert neighbours(v, "mos") == {"stp", "sev", "ukr", "wmo"}
    assert v.power("russia").homes == standard.power("russia").homes


def test_set_coasts_moves_fleet_borders_onto_coasts(standard, tmp_path):
    # Denmark with two coasts, as in some variants: the east reaches the Baltic and Sweden
    v = edit.set_coasts(standard, "den", {"ec": ["bal", "swe"], "wc": ["nth", "ska", "hel", "kie"]})
    assert not dangling(v) and errors(v) == []
    assert neighbours(v, "den/ec") == {"bal", "swe"}
    assert neighbours(v, "den/wc") == {"nth", "ska", "hel", "kie"}
    # armies still cross to Sweden and Kiel from the province itself
    g = Graph(v)
    assert ("swe" in g.moves(UnitType.ARMY, "den")) and ("kie" in g.moves(UnitType.ARMY, "den"))
    assert "nth" not in g.moves(UnitType.FLEET, "den/ec")
    reloads(v, tmp_path)
    # and back to one coast: the fleet borders are those of the standard board
    back = edit.set_coasts(v, "den", {})
    assert not back.province("den").coasts
    assert neighbours(back, "den") == neighbours(standard, "den")
    # a fleet on a coast that goes stands on the province
    spain = edit.set_power(standard, edit.replace(standard.power("france"),
                                                  units=(Unit(UnitType.FLEET, "spa/sc"),)))
    one = edit.set_coasts(spain, "spa", {})
    assert str(one.power("france").units[0]) == "F spa" and not dangling(one)


def test_link_unlink_with_unit_types_and_kinds(standard):
    v = edit.unlink(standard, "bre", "pic", Crossing.FLEET)   # a both-ways coast edge keeps its army half
    (e,) = [x for x in v.edges if {x.a, x.b} == {"bre", "pic"}]
    assert e.units is Crossing.ARMY
    v = edit.link(v, "bre", "pic", Crossing.FLEET, strait=True)
    (e,) = [x for x in v.edges if {x.a, x.b} == {"bre", "pic"}]
    assert e.units is Crossing.BOTH and e.strait
    v = edit.unlink(v, "bre", "pic")
    assert not [x for x in v.edges if {x.a, x.b} == {"bre", "pic"}]
    v = edit.link(v, "bre", "pic", Crossing.ARMY, oneway=True)
    g = Graph(v)
    assert ("pic" in g.moves(UnitType.ARMY, "bre")) and "bre" not in g.moves(UnitType.ARMY, "pic")
    with pytest.raises(edit.EditError, match="no location"):
        edit.link(standard, "bre", "atl")
    with pytest.raises(edit.EditError, match="not linked"):
        edit.unlink(standard, "bre", "mos")
    v = edit.set_edge(standard, "bre", "pic", Crossing.ARMY)
    assert [x.units for x in v.edges if {x.a, x.b} == {"bre", "pic"}] == [Crossing.ARMY]


def test_accept_leaves_out_proposals_to_gone_spaces(standard):
    v = edit.rename(standard, "par", "lut")
    proposed = [Edge("lon", "par", Crossing.ARMY), Edge("lon", "lut", Crossing.ARMY)]
    v = edit.accept(v, proposed)
    assert not dangling(v)
    assert "lut" in neighbours(v, "lon") and "par" not in neighbours(v, "lon")


def test_set_position_of_a_province_and_a_coast(standard, tmp_path):
    v = edit.set_position(standard, "spa/nc", unit_pos=(10.5, 20))
    v = edit.set_position(v, "spa", unit_pos=(1, 2), label_pos=(3, 4))
    again = reloads(v, tmp_path)
    spa = again.province("spa")
    assert spa.coast("nc").unit_pos == (10.5, 20) and spa.unit_pos == (1, 2) and spa.label_pos == (3, 4)
    with pytest.raises(edit.EditError, match="no coast"):
        edit.set_position(standard, "spa/ec", unit_pos=(0, 0))


def test_edits_leave_the_input_untouched(standard):
    before = dumps(standard)
    edit.remove(edit.merge(edit.rename(standard, "par", "lut"), "bur", "lut"), "mos")
    assert dumps(standard) == before


# -- a subvariant's edits become its changes -------------------------------------

def _same_board(a, b):
    from variantkit.io.records import canonical
    strip = lambda v: canonical(edit.replace(v, extends=None, changes=None))  # noqa: E731
    return strip(a) == strip(b)


def test_changes_between_restates_every_kind_of_edit():
    from variantkit.io.subvariant import apply_changes, changes_between
    from variantkit.io.yaml_source import SourceMap
    base = load(str(MAPS / "standard")).variant
    v = edit.rename(base, "par", "lut")                       # a province gone, one added
    v = edit.set_province(v, "bur", name="Bourgogne", center=True)
    v = edit.unlink(v, "bre", "pic", Crossing.FLEET)          # narrowed
    v = edit.link(v, "lon", "bel", Crossing.FLEET, strait=True)
    v = edit.set_power(v, edit.replace(v.power("italy"), colour="#00aa00"))
    v = edit.set_rules(v, victory=19)
    v = edit.set_position(v, "spa/nc", unit_pos=(5, 6))
    changes = changes_between(base, v)
    assert changes.provinces["par"] is None and [p.id for p in changes.add_provinces] == ["lut"]
    assert changes.provinces["bur"] == {"name": "Bourgogne", "center": True}
    assert [(e.a, e.b, e.units.value) for e in changes.remove_edges] == [("bre", "pic", "fleet")]
    assert changes.powers == {"italy": {"colour": "#00aa00"},   # and France's Paris, renamed
                              "france": {"homes": ["bre", "mar", "lut"], "units": ["F bre", "A mar", "A lut"]}}
    assert changes.rules == {"victory": 19}
    applied, problems = apply_changes(base, changes, SourceMap("x"))
    assert problems == [] and _same_board(applied, v)


# -- any sequence of edits keeps the references whole ----------------------------

from hypothesis import HealthCheck, given, settings, strategies as st  # noqa: E402

REFERENCE_CODES = {"VK101", "VK130", "VK133", "VK134", "VK150"}  # a name that names nothing

STEPS = st.lists(st.tuples(st.sampled_from(["rename", "remove", "merge", "link", "unlink", "coasts", "split",
                                            "seasons"]),
                           st.integers(0, 10_000), st.integers(0, 10_000)), min_size=1, max_size=8)


def _apply(v, kind, i, j):
    ps = sorted(p.id for p in v.provinces)
    a, b = ps[i % len(ps)], ps[j % len(ps)]
    if kind == "rename":
        return edit.rename(v, a, f"n{i % 97}")
    if kind == "remove":
        return edit.remove(v, a)
    if kind == "merge":
        return edit.merge(v, a, b)
    if kind == "link":
        return edit.link(v, a, b, Crossing.ARMY)
    if kind == "unlink":
        e = v.edges[i % len(v.edges)]
        return edit.unlink(v, e.a, e.b, Crossing.FLEET if j % 2 else None)
    if kind == "coasts":
        return edit.set_coasts(v, a, {})
    if kind == "seasons":   # an edge open in one season, or in every season again
        e = v.edges[i % len(v.edges)]
        return edit.set_edge_seasons(v, e.a, e.b, [v.rules.seasons[j % 2]] if j % 3 else [])
    return edit.split(v, a, Province(f"s{j % 97}", "Split", v.province(a).terrain),
                      moved=sorted(neighbours(v, a))[:1])


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(steps=STEPS)
def test_any_sequence_of_edits_keeps_references_whole_and_reloads(standard, tmp_path, steps):
    v = standard
    for kind, i, j in steps:
        try:
            v = _apply(v, kind, i, j)
        except edit.EditError:
            continue   # refused as a whole: v is as it was
        assert not dangling(v), (kind, dangling(v))
    assert not {p.code for p in check(v)} & (REFERENCE_CODES | {"VK164"})   # and every season is the calendar's
    from variantkit.io.records import canonical
    assert reloads(v, tmp_path) == canonical(v)      # what was edited is what a save keeps


def test_merge_edges_does_not_depend_on_the_order_of_its_input():
    """A one-way army strait and a two-way fleet edge between the same places, in
    either order, give one edge: both units, two-way, the strait kept, seasons and
    powers joined by their rule."""
    from itertools import permutations

    from variantkit.edit import merge_edges
    from variantkit.model import Crossing, Edge
    edges = [Edge("cor", "naf", Crossing.ARMY, oneway=True, modifier=-1, powers=("spain",), seasons=("fall",)),
             Edge("naf", "cor", Crossing.FLEET, seasons=("fall",), powers=("spain",)),
             Edge("cor", "naf", Crossing.ARMY, seasons=("spring",), powers=("italy",))]
    results = {tuple(merge_edges(list(order))) for order in permutations(edges)}
    assert len(results) == 1
    (merged,), = results
    assert merged == Edge("cor", "naf", Crossing.BOTH, modifier=-1, seasons=("spring", "fall"),
                          powers=("italy", "spain"))
