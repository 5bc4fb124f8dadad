"""webDiplomacy tables and njudge maps."""
import re
import textwrap

from variantkit.cli import main
from variantkit.formats import formats
from variantkit.formats.njudge import read
from variantkit.graph import Graph
from variantkit.io import load
from variantkit.model import UnitType

from tests.conftest import MAPS


def test_webdiplomacy_tables(tmp_path):
    v = load(str(MAPS / "standard")).variant
    report = formats()["webdiplomacy"].write(v, str(tmp_path))
    assert report.ok
    php = (tmp_path / "install.php").read_text()
    territories = re.findall(r"new InstallTerritory\('((?:[^'\\]|\\.)*)', '(Sea|Land|Coast)', '(Yes|No)', (\d+)",
                             php)
    borders = re.findall(r"\$Territories\['((?:[^'\\]|\\.)*)'\]->addBorder\(InstallTerritory::\$Territories\["
                         r"'((?:[^'\\]|\\.)*)'\], '(Yes|No)', '(Yes|No)'\)", php)
    coasts = sum(len(p.coasts) for p in v.provinces)
    assert len(territories) == len(v.provinces) - 1 + coasts  # Switzerland is no territory
    assert "Spain (North Coast)" in [t[0] for t in territories]
    names = [t[0] for t in territories]
    assert names.index("Spain (North Coast)") == names.index("Spain") + 1
    assert len([t for t in territories if t[2] == "Yes"]) == 34
    assert len(borders) == len(v.edges)
    # a border both types cross is written once with both flags
    assert ("Brest", "Gascony", "Yes", "Yes") in borders or ("Gascony", "Brest", "Yes", "Yes") in borders
    units = (tmp_path / "classes" / "adjudicatorPreGame.php").read_text()
    assert "'Russia' => array(" in units and "'St Petersburg (South Coast)' => 'Fleet'" in units
    assert {p.code for p in report.problems} == {"VK751"}  # every territory has its point on the drawn map


NJUDGE = """\
Paris, F par paris
Brest, F bre
Picardy, l pic
Belgium, x bel
English Channel, w eng ech
Spain, x spa
Mid-Atlantic, w mao mid
-1
par-mv: bre pic
bre-mv: par pic
bre-xc: eng mao pic
pic-mv: par bre bel
pic-xc: eng bre bel
bel-mv: pic
bel-xc: eng pic
eng-xc: bre pic bel mao
mao-xc: bre eng spa-nc
spa-nc: mao
-1
"""


def test_njudge_reader(tmp_path, capsys):
    path = tmp_path / "mini.map"
    path.write_text(textwrap.dedent(NJUDGE))
    v, problems = read(str(path))
    assert {p.code for p in problems} == {"VK764"}
    g = Graph(v)
    assert v.province("eng").terrain.value == "water" and v.province("pic").terrain.value == "coast"
    assert v.province("par").terrain.value == "land" and "paris" in v.province("par").aliases
    assert sorted(g.moves(UnitType.FLEET, "mao")) == ["bre", "eng", "spa/nc"]
    assert [(c.id, c.name) for c in v.province("spa").coasts] == [("nc", "North Coast")]  # named as jDip's are
    assert sorted(v.centers) == ["bel", "bre", "par", "spa"]
    assert v.power("f").homes == ("par", "bre")
    assert main(["import", "njudge", str(path), "-o", str(tmp_path / "out")]) == 0


def test_njudge_bad_lines(tmp_path):
    path = tmp_path / "bad.map"
    path.write_text("Paris, F\nBrest, F bre\n-1\nbre xc eng\n-1\n")
    v, problems = read(str(path))
    assert {(p.code, p.line) for p in problems} >= {("VK761", 1), ("VK762", 4)}


def test_njudge_link_to_an_unknown_territory_is_refused(tmp_path):
    from variantkit.formats.njudge import read as read_njudge
    path = tmp_path / "odd name [v2].map"
    path.write_text("Paris, l par\nBrest, x bre\n-1\npar-mv: bre zzz par\nbre-mv: par\n-1\n")
    v, problems = read_njudge(str(path))
    assert [(p.code, p.line, p.severity) for p in problems if p.code == "VK763"] == [("VK763", 4, "error")]
    assert v.id == "odd-name-v2" and [(e.a, e.b) for e in v.edges] == [("bre", "par")]
