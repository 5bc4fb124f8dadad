"""The off-board boxes' links taken from a judge's adjacency: the pure rule
on a small hand-made pair of variants (no Qt), worked out by hand."""
from variantkit.model import Coast, Crossing, Edge, Province, Terrain, Variant
from variantkit.from_judge import box_links


def _v(provinces, edges):
    return Variant("t", "T", tuple(provinces), tuple(edges), ())


def test_only_links_touching_a_box_that_the_drawing_lacks_are_offered():
    # the drawing: two boxes (x, y) apart from everything, a sea, a coast with two coasts
    drawn = _v([Province("x", "X", Terrain.WATER, offboard=True), Province("y", "Y", Terrain.LAND, offboard=True),
                Province("sea", "SEA", Terrain.WATER),
                Province("spa", "SPA", Terrain.COAST, coasts=(Coast("nc"), Coast("sc"))),
                Province("gob", "GOB", Terrain.WATER)],
               [Edge("sea", "spa/nc", Crossing.FLEET)])
    # the judge's file: its own code for one box (bx, known to the drawing as x by alias),
    # and links among boxes, from a box to a coast, one already drawn, one without a box,
    # and one to a space the drawing lacks
    judge = _v([Province("bx", "Box X", Terrain.WATER, aliases=("x",)), Province("y", "Box Y", Terrain.LAND),
                Province("sea", "Sea", Terrain.WATER), Province("gob", "Gulf", Terrain.WATER),
                Province("spa", "Spain", Terrain.COAST, coasts=(Coast("nc"), Coast("sc"))),
                Province("far", "Far", Terrain.LAND)],
               [Edge("bx", "y", Crossing.ARMY), Edge("bx", "spa/sc", Crossing.FLEET),
                Edge("sea", "spa/nc", Crossing.FLEET), Edge("sea", "gob", Crossing.FLEET),
                Edge("y", "far", Crossing.ARMY), Edge("y", "x", Crossing.BOTH)])
    got = [(e.a, e.b, e.units) for e in box_links(drawn, judge)]
    # bx-y and y-x are the same pair once bx is x: offered once, as the judge first says it
    assert got == [("x", "y", Crossing.ARMY), ("x", "spa/sc", Crossing.FLEET)]


def test_nothing_offered_when_the_boxes_are_linked_already():
    drawn = _v([Province("x", "X", Terrain.WATER, offboard=True), Province("sea", "SEA", Terrain.WATER)],
               [Edge("sea", "x", Crossing.FLEET)])
    judge = _v([Province("x", "X", Terrain.WATER), Province("sea", "SEA", Terrain.WATER)],
               [Edge("x", "sea", Crossing.FLEET)])
    assert box_links(drawn, judge) == []


def test_terrain_from_the_judge_where_the_fill_guessed_otherwise():
    from variantkit.from_judge import terrain_changes
    drawn = _v([Province("phi", "PHI", Terrain.WATER), Province("oms", "OMS", Terrain.LAND),
                Province("par", "PAR", Terrain.LAND),
                Province("spa", "SPA", Terrain.COAST, coasts=(Coast("nc"), Coast("sc")))], [])
    judge = _v([Province("philippines", "Philippines", Terrain.COAST, aliases=("phi",)),
                Province("oms", "Omsk", Terrain.COAST), Province("par", "Paris", Terrain.LAND),
                Province("spa", "Spain", Terrain.LAND)], [])
    # Paris agrees; Spain keeps its named coasts, so stays a coast
    assert terrain_changes(drawn, judge) == {"phi": Terrain.COAST, "oms": Terrain.COAST}


def test_a_box_link_guessed_with_other_units_is_offered_as_the_judge_has_it():
    drawn = _v([Province("x", "X", Terrain.COAST, offboard=True), Province("mor", "MOR", Terrain.COAST),
                Province("a", "A", Terrain.LAND), Province("b", "B", Terrain.COAST)],
               [Edge("mor", "x", Crossing.ARMY), Edge("a", "b", Crossing.ARMY)])
    judge = _v([Province("x", "X", Terrain.COAST), Province("mor", "MOR", Terrain.COAST),
                Province("a", "A", Terrain.COAST), Province("b", "B", Terrain.COAST)],
               [Edge("x", "mor", Crossing.BOTH), Edge("a", "b", Crossing.BOTH)])
    # a-b touches no box: the drawing shows it, the designer judges it
    assert [(e.a, e.b, e.units) for e in box_links(drawn, judge)] == [("x", "mor", Crossing.BOTH)]
