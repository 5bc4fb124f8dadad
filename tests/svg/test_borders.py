"""Borders measured locally, on hand-made drawings whose graphs are worked
out by hand: a strait of paper, a border drawn short of the coast in a big
drawing, an island in a narrow water ring, a coast meeting its sea at a
point, and what is flagged for the designer."""

from variantkit.drawing.art import infer_svg
from variantkit.model import Terrain

LAND, SEA = "#eedd99", "#99ccff"


def write(tmp_path, body, size=(400, 400)):
    path = tmp_path / "map.svg"
    path.write_text(f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {size[0]} {size[1]}">{body}</svg>')
    return str(path)


def edges(inf):
    return {(e.edge.a, e.edge.b, e.edge.units.value) for e in inf.edges}


def test_a_strait_of_paper_gives_armies_and_fleets_alike(tmp_path):
    """Denmark and Sweden 8 units apart in a 1,600-unit drawing (a strait
    left as paper, as jDip's standard map draws it) between a northern and a
    southern sea: one rule, so both an army and a fleet link; the two seas,
    800 units apart, do not border."""
    body = (f'<rect id="ska" fill="{SEA}" x="0" y="0" width="1600" height="400"/>'
            f'<rect id="bal" fill="{SEA}" x="0" y="1200" width="1600" height="400"/>'
            f'<rect id="den" fill="{LAND}" x="0" y="400" width="796" height="800"/>'
            f'<rect id="swe" fill="{LAND}" x="804" y="400" width="796" height="800"/>')
    _, inf = infer_svg(write(tmp_path, body, (1600, 1600)))
    assert edges(inf) == {("den", "swe", "both"), ("den", "ska", "fleet"), ("bal", "den", "fleet"),
                          ("ska", "swe", "fleet"), ("bal", "swe", "fleet")}
    strait = next(e for e in inf.edges if (e.edge.a, e.edge.b) == ("den", "swe"))
    assert "8.0-unit gap" in strait.reason


def test_border_drawn_short_of_the_coast_in_a_big_drawing(tmp_path):
    """A 7,300-unit drawing whose two coastal provinces leave a 4-unit gap
    between them that opens to 26 units where they reach the sea: the
    fleet still passes along the coast (their coasts on the sea meet across
    26 units of paper, well within the drawing's reach of 1%)."""
    a = "0,0 3598,0 3598,4974 3587,5000 0,5000"
    b = "3602,0 7300,0 7300,5000 3613,5000 3602,4974"
    body = (f'<polygon id="west" fill="{LAND}" points="{a}"/><polygon id="east" fill="{LAND}" points="{b}"/>'
            f'<rect id="sea" fill="{SEA}" x="0" y="5000" width="7300" height="2000"/>')
    _, inf = infer_svg(write(tmp_path, body, (7300, 7000)))
    assert edges(inf) == {("east", "west", "both"), ("sea", "west", "fleet"), ("east", "sea", "fleet")}
    along = next(e for e in inf.edges if (e.edge.a, e.edge.b) == ("east", "west"))
    assert "coasts meet on sea" in along.reason and not along.doubtful


def test_island_in_a_narrow_water_ring_reaches_its_sea(tmp_path):
    """The sea is drawn with a hole 4 units wider all round than the island
    in it: the island borders the sea (a coast with a fleet link), it is not
    an off-board box."""
    ring = "M 0 0 H 400 V 400 H 0 Z M 140 200 A 60 60 0 1 0 260 200 A 60 60 0 1 0 140 200 Z"
    body = (f'<path id="sea" fill="{SEA}" fill-rule="evenodd" d="{ring}"/>'
            f'<circle id="isl" fill="{LAND}" cx="200" cy="200" r="56"/>')
    _, inf = infer_svg(write(tmp_path, body))
    assert edges(inf) == {("isl", "sea", "fleet")}
    assert inf.regions["isl"].terrain is Terrain.COAST and not inf.regions["isl"].offboard


def test_a_coast_meeting_its_sea_at_a_point_is_kept_and_flagged(tmp_path):
    """Bulgaria's north coast is drawn as a diamond touching the northern sea
    only at its tip: the coast still reaches that sea, flagged doubtful; the
    south coast fronts the southern sea along its length, sure."""
    body = (f'<rect id="nsea" fill="{SEA}" x="0" y="0" width="400" height="100"/>'
            f'<rect id="ssea" fill="{SEA}" x="0" y="300" width="400" height="100"/>'
            f'<rect id="bul" fill="{LAND}" x="0" y="100" width="200" height="200"/>'
            f'<rect id="ser" fill="{LAND}" x="200" y="100" width="200" height="200"/>'
            '<polygon id="bul-nc" points="100,100 130,130 100,160 70,130"/>'
            '<rect id="bul-sc" x="0" y="200" width="200" height="100"/>')
    _, inf = infer_svg(write(tmp_path, body))
    by_pair = {(e.edge.a, e.edge.b): e for e in inf.edges}
    assert by_pair[("bul/nc", "nsea")].doubtful and "at a point" in by_pair[("bul/nc", "nsea")].reason
    assert not by_pair[("bul/sc", "ssea")].doubtful
    assert ("bul/nc", "ssea") not in by_pair and ("bul/sc", "nsea") not in by_pair


def test_paper_seen_through_a_narrow_gap_is_no_border(tmp_path):
    """An inland province wedged behind two coastal ones that leave a 5-unit
    gap between them, in a 3,000-unit drawing: the inland one sees the sea
    through that gap, 30 units off (within the drawing's reach), but does
    not border it; the two coastal ones border each other across their gap,
    by army and fleet."""
    body = (f'<rect id="sea" fill="{SEA}" x="0" y="2300" width="3000" height="700"/>'
            f'<polygon id="wst" fill="{LAND}" points="0,1000 1300,1000 1497,2270 1497,2300 0,2300"/>'
            f'<polygon id="est" fill="{LAND}" points="1700,1000 3000,1000 3000,2300 1502,2300 1502,2270"/>'
            f'<polygon id="inl" fill="{LAND}" points="1303,1000 1697,1000 1499.5,2270"/>'
            f'<rect id="top" fill="{LAND}" x="0" y="0" width="3000" height="997"/>')
    _, inf = infer_svg(write(tmp_path, body, (3000, 3000)))
    assert edges(inf) == {("est", "wst", "both"), ("sea", "wst", "fleet"), ("est", "sea", "fleet"),
                          ("inl", "wst", "army"), ("est", "inl", "army"), ("inl", "top", "army"),
                          ("top", "wst", "army"), ("est", "top", "army")}
    assert inf.regions["inl"].terrain is Terrain.LAND


def test_a_thin_province_between_two_others_is_not_bridged(tmp_path):
    """A river-thin province 3 units wide between two others: they are 3
    units apart, within any gap bridged, but the thin one lies on every line
    between them, so they do not border."""
    body = (f'<rect id="wst" fill="{LAND}" x="0" y="0" width="200" height="400"/>'
            f'<rect id="riv" fill="{LAND}" x="200" y="0" width="3" height="400"/>'
            f'<rect id="est" fill="{LAND}" x="203" y="0" width="197" height="400"/>')
    _, inf = infer_svg(write(tmp_path, body))
    assert edges(inf) == {("riv", "wst", "army"), ("est", "riv", "army")}


def test_paper_between_squares_is_split_down_the_middle():
    """Four squares 4 units apart on paper: side by side they share the
    paper's middle line (10 units long), corner to corner only a point; an
    outline past the point budget is not triangulated at all."""
    from shapely.geometry import box
    from variantkit.drawing.geometry.borders import paper_borders
    squares = [box(0, 0, 10, 10), box(14, 0, 24, 10), box(0, 14, 10, 24), box(14, 14, 24, 24)]
    got = paper_borders(squares, [5.0] * 4, 10.0, 1.5, [True] * 4)
    assert got[(0, 1)][0] > 8 and abs(got[(0, 1)][1] - 4) < 0.01
    assert got.get((0, 3), (0.0, 0.0))[0] < 1.5 and got.get((1, 2), (0.0, 0.0))[0] < 1.5
    assert paper_borders(squares, [5.0] * 4, 10.0, 1.5, [True] * 4, most=10) == {}
    # paper wider than what the squares bridge is no border
    assert (0, 1) not in paper_borders(squares, [3.0] * 4, 10.0, 1.5, [True] * 4)
