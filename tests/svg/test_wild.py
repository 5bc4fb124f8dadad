"""Drawings in the wild (issue 23): the corpus's newer drawings, each scored
against the graph its own judge plays on: provinces found, names right, army
and fleet precision and recall, named coasts, and whether the imported
skeleton loads.

Goal: worst of the four >= 0.98 on each vector drawing and every skeleton
loading.  Where a drawing falls short, REACHED holds the figures it reaches
(asserted, so a regression fails) and docs/svg-corpus.md says why."""
import contextlib
import io

import pytest

from variantkit.cli import main
from variantkit.drawing.art import infer_svg
from variantkit.validate import load_checked

from tests.svg.corpus import CORPUS, RASTER, WILD, score, truth
from tests.svg.test_corpus import NOT_PLAYED, UNDRAWABLE

GOAL = 0.98
SLOW: set = set()   # eraofsolitude took 37 s when its decorations were provinces; now about 3 s

# found, named, army precision, army recall, fleet precision, fleet recall, coasts
REACHED = {
    "1900": (0.989, 0.967, 1.0, 1.0, 0.982, 0.994, 1.0),
    "1900_bitmap": (0.989, 0.0, 0.568, 1.0, 1.0, 0.0, 0.0),
    "aberration": (1.0, 0.0, 1.0, 1.0, 0.993, 1.0, 1.0),
    "ancient_med": (1.0, 0.0, 1.0, 0.982, 1.0, 0.981, 1.0),
    "threekingdoms": (1.0, 0.905, 1.0, 1.0, 1.0, 1.0, 1.0),
    "empiresandcoalitions": (1.0, 1.0, 1.0, 0.980, 1.0, 1.0, 1.0),
    "gatewaywest": (1.0, 0.944, 1.0, 1.0, 1.0, 1.0, 1.0),
    "unconstitutional": (1.0, 0.483, 1.0, 1.0, 0.985, 1.0, 1.0),
    "diplicity_classical": (1.0, 0.920, 1.0, 1.0, 1.0, 1.0, 1.0),
    "diplicity_hundred": (1.0, 0.951, 1.0, 0.984, 1.0, 0.985, 1.0),
    "dgm_modern": (1.0, 1.0, 1.0, 0.996, 1.0, 0.996, 1.0),
}


def figures(result):
    return (result.found, result.named, result.precision["army"], result.recall["army"],
            result.precision["fleet"], result.recall["fleet"], result.coasts)


@pytest.mark.parametrize("name", [pytest.param(n, marks=pytest.mark.slow) if n in SLOW else n for n in WILD])
def test_wild_drawing_against_its_judges_graph(reference, name):
    _, inference = infer_svg(str(reference / "corpus" / CORPUS[name][0]))
    # the links no drawing shows, listed by name with the reason in test_corpus.py
    result = score(inference, truth(reference, name), UNDRAWABLE.get(name, set()) | NOT_PLAYED.get(name, set()))
    got = figures(result)
    want = REACHED.get(name) or (GOAL,) * 7
    labels = ("found", "named", "army precision", "army recall", "fleet precision", "fleet recall", "coasts")
    for label, g, w in zip(labels, got, want):
        assert g >= min(w, GOAL) - 0.005, (label, g, sorted(result.extra)[:10], sorted(result.missing)[:10],
                                          list(result.wrong_names.items())[:5])
    if name not in RASTER and name not in REACHED:
        assert min(got[2:6]) >= GOAL


@pytest.mark.parametrize("name", [pytest.param(n, marks=pytest.mark.slow) if n in SLOW else n for n in WILD])
def test_wild_skeleton_loads(reference, tmp_path, name):
    """Every drawing's skeleton is a variant `variantkit validate` accepts."""
    out = tmp_path / "out"
    with contextlib.redirect_stderr(io.StringIO()):
        assert main(["import", "svg", str(reference / "corpus" / CORPUS[name][0]), "-o", str(out)]) == 0
    loaded = load_checked(str(out))
    assert loaded.report.errors == [], [str(p) for p in loaded.report.errors[:5]]
    assert len(loaded.variant.provinces) >= 0.9 * len(truth(reference, name).spaces())


@pytest.mark.parametrize("path, made", [("classical.d.svg", "classical"), ("eraofsolitude.b1.svg", "eraofsolitude-b1"),
                                        ("My Map_2.svg", "my-map-2"), ("...svg", "map")])
def test_variant_id_is_made_valid_from_the_file_name(path, made):
    from variantkit.formats.svg import variant_id_for
    assert variant_id_for(path) == made


DRAWN_AS_SEA = {"empiresandcoalitions": {"gib"}}
UNSURE = {"empiresandcoalitions": {"cop"}}


@pytest.mark.parametrize("name", ["europe1939", "empiresandcoalitions", "godip_hundred"])
def test_godip_terrain_is_what_is_visible_on_top(reference, name):
    """europe1939 paints a board-size land rectangle and the seas on top (it
    read with land and sea swapped: army 0%); empiresandcoalitions lays an
    impassable-stripes rectangle under a same-size land one (every province
    read impassable); hundred's sea is #d4d1ad, a step off the palette.  The
    art painted last at each point, by godip's palette, gives the seas the
    judge plays, no province impassable that the judge plays, none doubtful."""
    _, inf = infer_svg(str(reference / "corpus" / CORPUS[name][0]))
    graph = truth(reference, name)
    water = {r.id for r in inf.regions.values() if r.terrain.value == "water"}
    # Gibraltar is drawn as a rock inside the strait's water: the art shows it 93% sea
    assert water == (graph.water - graph.coasts) | DRAWN_AS_SEA.get(name, set())
    rock = {r.id for r in inf.regions.values() if r.terrain.value == "impassable"}
    assert not rock & graph.spaces() - graph.impassable
    # Copenhagen shows 52% sea around it: land, and flagged
    assert {r.id for r in inf.regions.values() if r.doubtful} == UNSURE.get(name, set())


def test_diplomacygm_owner_colours_are_never_terrain(reference):
    """modern: Britain's provinces are filled blue (#79afc6) and others grey
    (owners' colours); the Region Colors layer says land, Sea Adjacencies
    sea, so the seas are exactly the judge's (it read as the plain
    convention, colours as terrain, army precision 0.50)."""
    _, inf = infer_svg(str(reference / "corpus" / CORPUS["dgm_modern"][0]))
    graph = truth(reference, "dgm_modern")
    assert inf.convention == "diplomacygm"
    by_name = {r.name: r for r in inf.regions.values()}
    assert len(by_name) == len(inf.regions)
    assert by_name["London"].terrain.value == "coast" and by_name["Liverpool"].terrain.value == "coast"
    water = {graph.alias[n.lower()] for n, r in by_name.items() if r.terrain.value == "water"}
    assert water == graph.water


def test_diplomacygm_config_gives_coasts_and_links(reference):
    """eraofsolitude.b1: its two-coast provinces exist only in config.json
    (``coasts``) and Arak - Nightstream Sea is an added adjacency; the layers
    are ``Region Fills``, ``Sea Adjacencies``, ``Island Adjacencies``."""
    _, inf = infer_svg(str(reference / "corpus" / CORPUS["dgm_eraofsolitude"][0]))
    names = {r.name: rid for rid, r in inf.regions.items()}
    wf = names["Western Frostlands"]
    assert {f"{wf}/nc", f"{wf}/sc"} <= set(inf.coasts)
    reach = {e.edge.b if e.edge.a == f"{wf}/nc" else e.edge.a for e in inf.edges if f"{wf}/nc" in (e.edge.a, e.edge.b)}
    assert {inf.regions[r].name for r in reach} == {"Karanak", "Mevan Bay", "Kharbranth"}
    pair = tuple(sorted((names["Arak"], names["Nightstream Sea"])))
    assert any((e.edge.a, e.edge.b) == pair for e in inf.edges)


@pytest.mark.parametrize("svg, words", [
    ('<text><tspan x="1" y="5">Adr</tspan><tspan>iatic Sea</tspan></text>', "Adriatic Sea"),
    ('<text x="0" y="0"><tspan x="0" y="0">North</tspan><tspan x="0" y="20">Sea</tspan></text>', "North Sea"),
    ('<text y="9">B<tspan x="3">ay</tspan> o<tspan x="9">f</tspan> Biscay</text>', "Bay of Biscay"),
])
def test_label_pieces_join_as_drawn(svg, words):
    """Pieces on one line join as written (no space put where glyphs touch:
    "Adr iatic Sea" before); a piece on a new line is a new word."""
    from lxml import etree
    from variantkit.drawing.svg.reader import _joined_text
    assert _joined_text(etree.fromstring(svg)) == words


def test_two_line_names_join_and_other_labels_stay_apart(reference):
    """year1908 draws names over two texts and tags coasts ("sc") beside
    them; Diplicity's hundred puts Charlerois's label (size 12) just above
    Dauphine (16) inside Dauphine's shape.  Lines of one size stacked in one
    shape join; coast tags and other sizes do not."""
    _, inf = infer_svg(str(reference / "corpus" / CORPUS["year1908"][0]))
    assert score(inf, truth(reference, "year1908")).named == 1.0
    _, inf = infer_svg(str(reference / "corpus" / CORPUS["diplicity_hundred"][0]))
    assert inf.regions["dau"].name == "Dauphine"


def test_rivers_drawn_as_strips_carry_fleets(reference):
    """unconstitutional's four navigable rivers are thin strips painted over
    the land: the provinces along one that border each other are linked for
    fleets too (fleet recall was 0.76), flagged as doubtful."""
    _, inf = infer_svg(str(reference / "corpus" / CORPUS["unconstitutional"][0]))
    e = {(x.edge.a, x.edge.b): x for x in inf.edges}
    for pair in (("chi", "cho"), ("ill", "mis"), ("osa", "sal")):
        assert e[pair].edge.units.value == "both" and e[pair].doubtful


def test_short_river_pieces_are_rivers_too(reference):
    """unconstitutional's Hudson, Delaware, James and lower Mississippi are
    short strips (61-204 units long, 6-9 wide): a strip is one by its width
    beside the board and its length beside its width, not by its length
    alone (fleet recall was 0.908: twelve river links missed)."""
    _, inf = infer_svg(str(reference / "corpus" / CORPUS["unconstitutional"][0]))
    e = {(x.edge.a, x.edge.b): x for x in inf.edges}
    for pair in (("alb", "nyc"), ("cat", "nyc"), ("der", "phi"), ("ric", "wil"), ("cus", "mic"), ("tuk", "wef")):
        assert e[pair].edge.units.value == "both" and e[pair].doubtful


def test_crossings_drawn_over_rivers_are_links_and_strokes_through_land_are_not(reference):
    """gatewaywest draws its three river crossings (Boone - Cole, Clay -
    Jackson, St. Charles - St. Louis) as short dashed strokes from one bank
    to the other: each is an army link, and no fleet link (fleets sail the
    river).  Its water shading is a closed stroke whose long straight runs
    cross whole counties: no link (it gave Cape Girardeau - Gasconade,
    Carroll - Clay and Chariton - Monroe).  europe1939 draws Messina as a
    strip of land (a stroke in the land's colour): a link for fleets too."""
    _, inf = infer_svg(str(reference / "corpus" / CORPUS["gatewaywest"][0]))
    e = {(x.edge.a, x.edge.b): x for x in inf.edges}
    for pair in (("boo", "col"), ("cly", "jac"), ("stc", "stl")):
        assert e[pair].edge.units.value == "army" and e[pair].reason == "a line drawn between them"
    assert not {("cap", "gas"), ("car", "cly"), ("cha", "mro")} & set(e)
    # a strait drawn as a strip of land (a land-coloured stroke) joins the coasts: fleets pass too
    _, inf = infer_svg(str(reference / "corpus" / CORPUS["europe1939"][0]))
    e = {(x.edge.a, x.edge.b): x for x in inf.edges}
    assert e[("nap", "sic")].edge.units.value == "both" and e[("liv", "noi")].edge.units.value == "both"


def test_channels_drawn_along_a_border_join_the_seas_at_their_ends(reference):
    """threekingdoms draws the Yangtze as three pools (wes, cen, eay) joined
    by strips of sea painted over the border of two land provinces: the
    pools are linked for fleets (fleet recall was 0.971).  empiresandcoalitions'
    Bosporus, painted mostly inside Anatolia, joins no seas: the judge plays
    the Aegean and the Black Sea apart."""
    _, inf = infer_svg(str(reference / "corpus" / CORPUS["threekingdoms"][0]))
    e = {(x.edge.a, x.edge.b): x for x in inf.edges}
    for pair in (("cen", "eay"), ("cen", "wes")):
        assert e[pair].edge.units.value == "fleet" and e[pair].doubtful
    _, inf = infer_svg(str(reference / "corpus" / CORPUS["empiresandcoalitions"][0]))
    assert ("aeg", "bla") not in {(x.edge.a, x.edge.b) for x in inf.edges}


def test_diplomacygm_borders_are_its_configs_margin(reference):
    """DiplomacyGM links two provinces when their shapes come nearer than
    ``"svg config".border_margin_hint`` (0.3 on modern), at a corner too:
    Denmark - Sweden (0.5 apart) and Sinai - Saudi Arabia (0.8) are not
    linked, the Gulf of Lyon and the Tyrrhenian Sea, meeting at a point, are
    (the measured gap rule read them the other way: fleet recall 0.9799)."""
    _, inf = infer_svg(str(reference / "corpus" / CORPUS["dgm_modern"][0]))
    pairs = {frozenset((inf.regions[e.edge.a.split("/")[0]].name, inf.regions[e.edge.b.split("/")[0]].name))
             for e in inf.edges}
    assert frozenset(("Denmark", "Sweden")) not in pairs and frozenset(("Sinai", "Saudi Arabia")) not in pairs
    assert frozenset(("Gulf of Lyon", "Tyrrhenian Sea")) in pairs
    assert frozenset(("South Atlantic Ocean", "Strait of Gibraltar")) in pairs


def test_jdip_strokes_straits_rivers_islands_and_sea_corners(reference):
    """ancient_med (fleet recall was 0.916) draws what its judge plays:
    Messina and Bonifacio as dashed lines across the water (links for both
    units), the Nile as a blue stroke along the borders of Alexandria,
    Memphis, Thebes and Bayuda (fleet links, flagged), the Baleares as water
    around a small island (a sea space: fleets only; its army links to
    Saguntum and Tarraconensis were false), and seas meeting at a point
    (Ausonian - Libyan, Gulf of Tarentum - Messenian: open water)."""
    _, inf = infer_svg(str(reference / "corpus" / CORPUS["ancient_med"][0]))
    e = {(x.edge.a, x.edge.b): x for x in inf.edges}
    for pair in (("cor", "sad"), ("nea", "sic")):
        assert e[pair].edge.units.value == "both" and e[pair].reason == "a line drawn between them"
    for pair in (("ale", "mem"), ("mem", "the"), ("bay", "the")):
        assert e[pair].edge.units.value == "both" and e[pair].doubtful
    assert inf.regions["bal"].terrain.value == "water" and inf.regions["bal"].doubtful
    assert e[("bal", "sag")].edge.units.value == "fleet"
    for pair in (("aus", "lib"), ("got", "mes")):
        assert e[pair].edge.units.value == "fleet" and e[pair].doubtful


def test_paper_between_land_is_split_down_the_middle(reference):
    """jDip's 1900 draws its provinces 2-6 units apart on white paper, and
    pairs that meet where three or four come together were lost (army
    recall 0.902): the paper split down the middle (the Voronoi diagram of
    the outlines) gives each pair the stretch where their halves meet."""
    _, inf = infer_svg(str(reference / "corpus" / CORPUS["1900"][0]))
    e = {(x.edge.a, x.edge.b): x for x in inf.edges}
    for pair in (("als", "swi"), ("nap", "rom"), ("pie", "rom"), ("rum", "ser"), ("gal", "sil"), ("nwy", "stp")):
        assert e[pair].edge.units.army, pair


def test_a_part_drawn_twice_is_drawn_once(reference):
    """1900's Constantinople is a group holding its Asian shore twice: by
    the even-odd rule the two copies cancelled, leaving a hole where the
    shore is, and Constantinople - Konya (army and fleet) was lost."""
    from shapely.geometry import Point
    _, inf = infer_svg(str(reference / "corpus" / CORPUS["1900"][0]))
    assert inf.regions["con"].geom.contains(Point(580, 530))
    e = {(x.edge.a, x.edge.b): x for x in inf.edges}
    assert e[("con", "kon")].edge.units.value == "both"
    # across the paper between Belgium and the Channel, the paper split down the middle
    assert e[("bel", "eng")].edge.units.fleet


def test_names_drawn_as_outlines_are_read_from_their_groups(reference):
    """gatewaywest's names are text turned to outlines (no text left, names
    0%): each group of glyphs keeps the name as its id (``st_charles``), and
    the name names the shape its glyphs lie in, a river's curved along it."""
    _, inf = infer_svg(str(reference / "corpus" / CORPUS["gatewaywest"][0]))
    assert inf.regions["stc"].name == "St Charles" and inf.regions["cap"].name == "Cape Girardeau"
    assert inf.regions["smr"].name == "South Mississippi River"
    assert score(inf, truth(reference, "gatewaywest")).named >= 0.94
