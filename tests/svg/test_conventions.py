"""Conventions other than the corpus's: DiplomacyGM's labelled Inkscape
layers with the game's JSON config beside the drawing, Inkscape labels, and
plain ids, each detected and reported."""

from variantkit.art import infer_svg
from variantkit.cli import main
from variantkit.model import Terrain

LAND, SEA = "#eedd99", "#99ccff"


def test_diplomacygm_layers_and_config(reference):
    """DiplomacyGM's standard game: 87 labelled shapes (land, 22 seas, 8
    impassable islands and the like), centres from the SC Markers layer (34),
    codes and player colours from classic.config.json beside the drawing."""
    _, inf = infer_svg(str(reference / "formats" / "diplomacygm" / "classic.svg"))
    assert inf.convention == "diplomacygm"
    assert len(inf.regions) == 87
    terrains = [r.terrain for r in inf.regions.values()]
    assert terrains.count(Terrain.WATER) == 22 and terrains.count(Terrain.IMPASSABLE) == 8
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
