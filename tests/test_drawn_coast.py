"""A coast marked by drawing its line, without Qt: the waters a line runs
along and the side it names (hand-worked shapes), and the edit that gives a
province the coast (checked against the standard map's own coasts)."""
import pytest

from variantkit import edit
from variantkit.drawing.geometry.drawn_coast import coast_ids, onto_border, sides_by_direction, waters_along
from variantkit.io import load
from variantkit.validate import check
from tests.conftest import MAPS


def box(x0, y0, x1, y1):
    return [[(x0, y0), (x1, y0), (x1, y1), (x0, y1), (x0, y0)]]


# a square province with a sea to the north and south (2 units off, as drawings leave
# a gap), a coastal province to the west and land to the east
OUTLINES = {"p": box(0, 0, 100, 100), "n": box(0, -50, 100, -2), "s": box(0, 102, 100, 150),
            "w": box(-50, 0, -2, 100), "e": box(102, 0, 150, 100)}
SEASIDE = {"p", "n", "s", "w"}


def test_a_line_along_the_north_shore_reaches_the_sea_and_the_coast_at_its_end():
    line = [(0, 0), (50, 0), (100, 0)]
    # n runs along it (2 units off); w is 2 units from its west end; e is land; p is the province
    assert waters_along(line, OUTLINES, SEASIDE, "p") == ["n", "w"]
    # a line drawn 9 units inside the shore is 11 from n and 12 from w
    assert waters_along([(10, 9), (90, 9)], OUTLINES, SEASIDE, "p") == []
    assert waters_along([(10, 9), (90, 9)], OUTLINES, SEASIDE, "p", near=11.5) == ["n"]


def test_a_line_along_the_south_shore_stops_short_of_the_west_coast():
    # its west end is 12 units from w: only the south sea
    assert waters_along([(10, 100), (90, 100)], OUTLINES, SEASIDE, "p") == ["s"]


def test_a_hand_off_the_shore_is_moved_onto_it():
    assert onto_border([(30, 4), (60, -3), (50, 50)], OUTLINES["p"], reach=5) == [(30, 0), (60, 0), (50, 50)]


def test_the_side_is_seen_from_the_centroid():
    ring = OUTLINES["p"]
    assert sides_by_direction(ring, [(0, 0), (100, 0)])[0] == ("nc", 0.0)
    assert sides_by_direction(ring, [(100, 20), (100, 80)])[0] == ("ec", 0.0)
    assert coast_ids(ring, [[(10, 100), (90, 100)]], [["s"]], {}) == ["sc"]
    assert coast_ids(ring, [[(0, 10), (0, 90)]], [["w"]], {}) == ["wc"]
    # Bulgaria's shape of things: an east shore and a south one, each its own side
    assert coast_ids(ring, [[(100, 20), (100, 60)], [(50, 100), (70, 100)]], [["bla"], ["aeg"]], {}) == ["ec", "sc"]


def test_two_shores_on_one_side_are_told_apart_by_where_they_lie():
    # a wide province (centroid 200, 150) with two short shores on its west end: a
    # northern one (middle 20, 60) and one at the south-west corner (middle 10, 270);
    # both lie west of the centroid (27 and 32 degrees off west)
    ring = box(0, 0, 400, 300)
    north, south = [(0, 40), (40, 80)], [(0, 250), (20, 290)]
    assert [sides_by_direction(ring, line)[0][0] for line in (north, south)] == ["wc", "wc"]
    assert coast_ids(ring, [north, south], [["b"], ["g"]], {}) == ["nc", "sc"]
    assert coast_ids(ring, [south, north], [["g"], ["b"]], {}) == ["sc", "nc"]
    # two shores on the north side lying apart west to east
    assert coast_ids(ring, [[(300, 0), (340, 0)], [(60, 0), (100, 0)]], [["x"], ["y"]], {}) == ["ec", "wc"]
    # alone, a line takes its nearest side
    assert coast_ids(ring, [south], [["g"]], {}) == ["wc"]


def test_a_side_named_already_is_drawn_again_or_the_next_free_side_is_taken():
    ring = OUTLINES["p"]
    north = [(0, 0), (100, 0)]
    assert coast_ids(ring, [north], [["n"]], {"nc": ["n", "w"], "sc": ["s"]}) == ["nc"]   # shares n: drawn again
    # a second coast on the north side, reaching other waters: the next side by direction
    line = [(0, 0), (20, 0)]   # middle (10, 0): north, then west
    assert coast_ids(ring, [line], [["w"]], {"nc": ["n"]}) == ["wc"]
    assert coast_ids(ring, [line], [["w"]], {"nc": ["n"], "wc": ["x"], "ec": ["y"], "sc": ["z"]}) == ["c2"]


# -- the edit ------------------------------------------------------------------------

@pytest.fixture(scope="module")
def standard():
    return load(str(MAPS / "standard")).variant


def _touching(v, pid):
    return sorted((e.a, e.b, e.units.value) for e in v.edges if pid in (e.a.split("/")[0], e.b.split("/")[0]))


@pytest.mark.parametrize("pid,first,second", [("spa", "nc", "sc"), ("bul", "ec", "sc"), ("stp", "nc", "sc")])
def test_two_drawn_coasts_give_the_bundled_edges(standard, pid, first, second):
    bundled = edit.coasts_of(standard, pid)
    plain = edit.set_coasts(standard, pid, {})            # a province whose coasts are not named yet
    assert plain.province(pid).coasts == () and edit.coasts_of(plain, pid) == {}
    with pytest.raises(edit.OneCoast, match="draw the other side"):
        edit.with_coasts(plain, pid, {first: bundled[first]})
    v = edit.with_coasts(plain, pid, {first: bundled[first], second: bundled[second]})
    assert _touching(v, pid) == _touching(standard, pid)
    assert [c.id for c in v.province(pid).coasts] == sorted((first, second))
    # a fleet stood on the province while it had no named coasts: the check says to name one
    errors = [(p.code, p.message) for p in check(v) if p.severity == "error"]
    assert errors == ([("VK138", "unit F stp of russia stands on multi-coast stp without naming a coast")]
                      if pid == "stp" else [])


def test_a_coast_drawn_again_keeps_the_other(standard):
    # Spain's north coast drawn short of Portugal: the south coast is untouched
    v = edit.with_coasts(standard, "spa", {"nc": ["gas", "mao"]})
    assert edit.coasts_of(v, "spa") == {"nc": ["gas", "mao"], "sc": ["lyo", "mao", "mar", "por", "wes"]}
    # Portugal keeps its army edge to Spain; the fleet edge to the north coast went
    assert [e.units.value for e in v.edges if {e.a, e.b} == {"por", "spa"}] == ["army"]
    assert not [e for e in v.edges if {e.a, e.b} == {"por", "spa/nc"}]
    with pytest.raises(edit.EditError, match="reaches no sea"):
        edit.with_coasts(standard, "spa", {"nc": []})
