"""Conventions other than the corpus's: DiplomacyGM's labelled Inkscape
layers with the game's JSON config beside the drawing, Inkscape labels, and
plain ids, each detected and reported."""

from variantkit.drawing.art import infer_svg
from variantkit.cli import main
from variantkit.model import Terrain

LAND, SEA = "#eedd99", "#99ccff"


def test_diplomacygm_layers_and_config(reference):
    """DiplomacyGM's standard game: 84 labelled shapes (land, 19 seas from
    Sea Adjacencies, 8 impassable islands and Switzerland), centres from the SC
    Markers layer (34), codes and player colours from classic.config.json
    beside the drawing.  The cosmetic ``Seas`` layer is art: its Caspian,
    Denmark Water and Constantinople Water were once read as three seas."""
    _, inf = infer_svg(str(reference / "formats" / "diplomacygm" / "classic.svg"))
    assert inf.convention == "diplomacygm"
    assert len(inf.regions) == 84
    assert not {r.name for r in inf.regions.values()} & {"Caspian Sea", "Denmark Water", "Constantinople Water"}
    terrains = [r.terrain for r in inf.regions.values()]
    # Switzerland is a Region Colors shape filled with the config's impassable colour
    assert terrains.count(Terrain.WATER) == 19 and terrains.count(Terrain.IMPASSABLE) == 9
    assert inf.regions["swi"].terrain is Terrain.IMPASSABLE
    assert sum(r.center for r in inf.regions.values()) == 34
    # the config's abbreviations give the codes, its players the colours
    assert inf.regions["nao"].name == "North Atlantic Ocean" and inf.regions["gol"].name == "Gulf of Lyon"
    assert inf.colours["england"] == "#7b68ee" and len(inf.colours) == 7
    assert inf.regions["par"].center and inf.regions["par"].unit_pos is not None
    e = {(x.edge.a, x.edge.b, x.edge.units.value) for x in inf.edges}
    assert ("bur", "par", "army") in e and ("eng", "lon", "fleet") in e and ("bre", "pic", "both") in e


def test_inkscape_labels_name_provinces_and_the_summary_says_so(tmp_path, capsys):
    body = (f'<path inkscape:label="nor" id="path1" fill="{LAND}" d="M0 0 H200 V200 H0 Z"/>'
            f'<path inkscape:label="sea" id="path2" fill="{SEA}" d="M200 0 H400 V200 H200 Z"/>'
            '<text x="60" y="100">Northland</text>')
    path = tmp_path / "ink.svg"
    path.write_text('<svg xmlns="http://www.w3.org/2000/svg" '
                    'xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" viewBox="0 0 400 200">'
                    + body + "</svg>")
    assert main(["import", "svg", str(path), "-o", str(tmp_path / "out")]) == 0
    err = capsys.readouterr().err
    assert "convention: inkscape" in err and "1 names" in err
    text = (tmp_path / "out" / "variant.yaml").read_text()
    assert "name: Northland" in text


def test_plain_ids(tmp_path):
    path = tmp_path / "plain.svg"
    path.write_text(f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 200">'
                    f'<rect id="a" fill="{LAND}" x="0" y="0" width="200" height="200"/>'
                    f'<rect id="b" fill="{LAND}" x="200" y="0" width="200" height="200"/></svg>')
    _, inf = infer_svg(str(path))
    assert inf.convention == "plain" and {(e.edge.a, e.edge.b) for e in inf.edges} == {("a", "b")}


def test_jdip_water_class_and_coast_highlight_strips(tmp_path):
    """A jDip drawing whose seas are styled by a `.water` class with a fill
    too pale to read as blue, and whose MapLayer draws a highlight strip
    `_bul-ec` along a named coast: the seas are water, the strip is the
    coast bul/ec (there is no MouseLayer coast), not a province."""
    svg = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 400">'
           '<style>.water {fill:#f4f4ff} .land {fill:#eedd99}</style>'
           '<g id="MapLayer">'
           '<rect id="_bla" class="water" x="0" y="0" width="400" height="100"/>'
           '<rect id="_aeg" class="water" x="0" y="300" width="400" height="100"/>'
           '<rect id="_bul" class="land" x="0" y="100" width="200" height="200"/>'
           '<rect id="_ser" class="land" x="200" y="100" width="200" height="200"/>'
           '<polyline id="_bul-ec" points="0,100 200,100 200,130 0,130 0,100"/>'
           '<polyline id="_bul-sc" points="0,270 200,270 200,300 0,300 0,270"/>'
           '</g><g id="MouseLayer"/></svg>')
    path = tmp_path / "jdip.svg"
    path.write_text(svg)
    _, inf = infer_svg(str(path))
    assert inf.convention == "jdip"
    assert set(inf.regions) == {"bla", "aeg", "bul", "ser"} and set(inf.coasts) == {"bul/ec", "bul/sc"}
    assert inf.regions["bla"].terrain is Terrain.WATER and inf.regions["aeg"].terrain is Terrain.WATER
    e = {(x.edge.a, x.edge.b, x.edge.units.value) for x in inf.edges}
    assert {("bla", "bul/ec", "fleet"), ("aeg", "bul/sc", "fleet"), ("bul", "ser", "army")} <= e


def test_centre_markers_in_their_own_layer_mark_centres(tmp_path):
    """A plain drawing with a `Supply centres` layer of dots: each dot marks
    the province it lies in as a centre, and no dot becomes a province."""
    path = tmp_path / "sc.svg"
    path.write_text(f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 200">'
                    f'<g id="land"><rect id="a" fill="{LAND}" x="0" y="0" width="200" height="200"/>'
                    f'<rect id="b" fill="{LAND}" x="200" y="0" width="200" height="200"/></g>'
                    '<g id="Supply centres"><circle id="dot1" cx="300" cy="100" r="5"/></g></svg>')
    _, inf = infer_svg(str(path))
    assert set(inf.regions) == {"a", "b"}
    assert inf.regions["b"].center and not inf.regions["a"].center
