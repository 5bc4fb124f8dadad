"""Map lint, one hand-made map per rule, each with the answer worked out by hand."""
from shapely.geometry import box

from tests.board.handmade import variant
from variantkit.review.lint import lint


def codes(found):
    return sorted(p.code for p in found)


def test_four_provinces_at_a_point_of_the_drawing():
    # a 2x2 grid: a b / c d, the four meet at (1, 1); only the sides are linked
    v = variant(["a:l", "b:l", "c:l", "d:l"], ["a-b", "a-c", "b-d", "c-d"])
    shapes = {"a": box(0, 0, 10, 10), "b": box(10, 0, 20, 10), "c": box(0, 10, 10, 20),
              "d": box(10, 10, 20, 20)}
    found = [p for p in lint(v, shapes=shapes, portability=False) if p.code == "VK550"]
    assert len(found) == 1
    assert "a, b, c, d meet at one point (10, 10)" in found[0].message
    assert "not linked: a-d, b-c" in found[0].hint


def test_a_row_of_provinces_has_no_four_corner():
    v = variant(["a:l", "b:l", "c:l", "d:l"], ["a-b", "b-c", "c-d"])
    shapes = {k: box(10 * i, 0, 10 * i + 10, 10) for i, k in enumerate("abcd")}
    assert codes(lint(v, shapes=shapes, portability=False)) == []


def test_linked_neighbours_with_no_common_neighbour_though_the_drawing_shows_one():
    # a and b side by side, c under both; c is linked to b only, so neither
    # a-b nor b-c has a common neighbour, and the drawing shows the third for each
    v = variant(["a:l", "b:l", "c:l"], ["a-b", "b-c"])
    shapes = {"a": box(0, 0, 10, 10), "b": box(10, 0, 20, 10), "c": box(0, 10, 20, 20)}
    found = [p for p in lint(v, shapes=shapes, portability=False) if p.code == "VK551"]
    assert [p.message for p in found] == [
        "a and b are linked but share no neighbour, while the drawing shows c touching both",
        "b and c are linked but share no neighbour, while the drawing shows a touching both"]
    # linking c to a as the drawing shows silences it
    v = variant(["a:l", "b:l", "c:l"], ["a-b", "b-c", "a-c"])
    assert codes(lint(v, shapes=shapes, portability=False)) == []


def test_a_coast_the_drawing_shows_on_a_sea_without_a_fleet_link():
    v = variant(["p:c", "q:c", "s:w"], ["p-q", "q-s"])
    shapes = {"p": box(0, 0, 10, 10), "q": box(10, 0, 20, 10), "s": box(0, 10, 20, 20)}
    found = [p for p in lint(v, shapes=shapes, portability=False) if p.code in ("VK552", "VK558")]
    # p fronts the sea in the drawing, and no fleet of p reaches any sea at all
    assert [(p.code, p.message) for p in found] == [
        ("VK558", "p borders s in the drawing but no fleet may sail between them"),
        ("VK552", "p is coastal but no fleet there can sail to any sea")]


def test_a_coast_with_no_fleet_link_to_any_sea_without_a_drawing():
    v = variant(["p:c", "q:c", "r:c", "s:w"], ["p-q:army", "q-r", "r-s"])
    found = lint(v, portability=False)
    # q reaches r by fleet but no sea; p has no fleet link at all; r sails to s
    assert sorted(p.message for p in found) == [
        "p is coastal but no fleet there can sail to any sea",
        "q is coastal but no fleet there can sail to any sea"]


def test_a_neutral_centre_out_of_reach_in_the_first_year():
    # h - n1 - n2* - n3*: the army in h reaches n2 in two moves, never n3
    v = variant(["h:l*", "n1:l", "n2:l*", "n3:l*"], ["h-n1", "n1-n2", "n2-n3"],
                [("north", ["h"], ["A h"])])
    found = lint(v, portability=False)
    assert [(p.code, p.message) for p in found] == [
        ("VK553", "no unit can reach the neutral centre n3 in the first year")]


def test_a_convoy_brings_a_far_centre_within_reach():
    # by land z is four moves from the army in a; a fleet in w1 can be in w2
    # by Fall and carry the army a -> w1 -> w2 -> z
    provinces = ["a:c*", "x1:l", "x2:l", "x3:l", "z:c*", "w1:w", "w2:w", "f:c*"]
    edges = ["a-x1", "x1-x2", "x2-x3", "x3-z", "a-w1", "w1-w2", "w2-z", "f-w1"]
    with_fleet = variant(provinces, edges, [("north", ["a", "f"], ["A a", "F w1"])])
    assert codes(lint(with_fleet, portability=False)) == []
    without = variant(provinces, edges, [("north", ["a", "f"], ["A a", "A f"])])
    assert [p.message for p in lint(without, portability=False)] == [
        "no unit can reach the neutral centre z in the first year"]


def test_home_centres_of_two_powers_side_by_side():
    v = variant(["a:l*", "b:l*", "c:l", "d:l*"], ["a-b", "b-c", "c-d"],
                [("north", ["a"], ["A a"]), ("south", ["b"], ["A b"]), ("east", ["d"], ["A d"])])
    found = [p for p in lint(v, portability=False) if p.code == "VK554"]
    assert [p.message for p in found] == [
        "a (north) and b (south) are home centres of two powers side by side"]


def test_one_way_links():
    v = variant(["a:l", "b:l", "c:l"], ["a>b", "b-c", "c-a"])
    assert [(p.code, p.message) for p in lint(v, portability=False)] == [
        ("VK555", "a -> b runs one way only (army)")]


def test_what_other_judges_read_differently():
    # DPjudge's parser reads the code 'and' as a keyword
    v = variant(["and:l*", "b:l*"], ["and-b"], [("north", ["and"], ["A and"]),
                                               ("south", ["b"], ["A b"])])
    found = [p for p in lint(v) if p.code == "VK556"]
    assert any("(VK113)" in p.message and "'and'" in p.message for p in found)
    assert all(p.severity == "warning" for p in found)


def test_lint_places_its_findings_in_the_file(tmp_path):
    from variantkit.io import load
    loaded = load("maps/youngstown")
    found = lint(loaded.variant, loaded.source, portability=False)
    omsk = [p for p in found if p.code == "VK552"]
    # Omsk's fleets reach only Siberia's coast: no sea (the subvariant's reason to exist)
    assert [p.message for p in omsk] == ["oms is coastal but no fleet there can sail to any sea"]
    assert omsk[0].file.endswith("variant.yaml") and omsk[0].line is not None



def test_portability_findings_are_placed_on_the_line_they_are_about():
    from variantkit.io import load
    loaded = load("maps/tutorial")
    found = {p.message: p for p in lint(loaded.variant, loaded.source) if p.code == "VK556"}
    text = open(loaded.source.file).read().splitlines()
    # the strait is found under the province it names first: the Isle's entry
    strait = found["webdiplomacy: the link isl - wst (move modifier -1) is an ordinary border (VK755)"]
    assert text[strait.line - 2].strip() == "isl:"
    # a power's colour on the power's line, a rule on the rules
    colour = found["dpjudge: the colour of west is not part of a DPjudge map (and 1 more like it) (VK706)"]
    assert text[colour.line - 1].strip().startswith("west:")
    rule = found["dpjudge: the draw rule is a game setting in DPjudge, not part of the map (VK708)"]
    assert text[rule.line - 2].strip() == "rules:"


def test_the_reference_drawings_pass_and_a_missing_fleet_link_shows(reference):
    from dataclasses import replace

    from variantkit.io import load
    from variantkit.review.lint import shapes_from_art
    standard = load("maps/standard").variant
    shapes = shapes_from_art(standard, str(reference / "mila" / "standard.svg"))
    drawn = {"VK550", "VK551", "VK552", "VK558"}
    assert [p for p in lint(standard, shapes=shapes, portability=False) if p.code in drawn] == []
    # Brest without its fleet link to the Channel: the MILA drawing still shows the shore
    cut = replace(standard, edges=tuple(e for e in standard.edges if {e.a, e.b} != {"bre", "eng"}))
    found = [p.message for p in lint(cut, shapes=shapes, portability=False) if p.code in drawn]
    assert found == ["bre borders eng in the drawing but no fleet may sail between them"]
