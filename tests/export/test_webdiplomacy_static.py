"""install.php and variant.php are read without running PHP: what cannot be
read so is refused with its file and line, and nothing in the files runs."""
import textwrap

from variantkit.cli import main
from variantkit.formats.webdiplomacy_read import read

VARIANT = """<?php
class TinyVariant extends WDVariant {
\tpublic $name = 'Tiny';
\tpublic $fullName = 'Tiny \\'one\\'';
\tpublic $countries = array('North', 'South');
\tpublic function initialize() { parent::initialize(); $this->supplyCenterTarget = 2; }
}
"""

INSTALL = """<?php
defined('IN_CODE') or die('This script can not be run by itself.');
require_once("variants/install.php");
InstallTerritory::$Territories = array();
$countries = $this->countries;
$rows = array(
\tarray('Northland', 'Coast', 'Yes', 'North', 10, 10, 5, 5),
\tarray('Southland', 'Land', 'Yes', 'South', 10, 50, 5, 25),
\tarray('Midland', 'Coast', 'No', 'Neutral', 30, 30, 15, 15),
\tarray('Midland (East Coast)', 'Coast', 'No', 'Neutral', 35, 30, 17, 15),
\tarray('Sea', 'Sea', 'No', 'Neutral', 60, 30, 30, 15),
);
foreach ($rows as $row) {
\tlist($name, $type, $supply, $country, $x, $y, $sx, $sy) = $row;
\tif ($country == 'Neutral') $countryID = 0;
\telse $countryID = $this->countryID($country);
\tnew InstallTerritory($name, $type, $supply, $countryID, $x, $y, $sx, $sy);
}
InstallTerritory::$Territories['Southland']->addBorder(InstallTerritory::$Territories['Northland'], 'No', 'Yes');
InstallTerritory::$Territories['Midland']->addBorder(InstallTerritory::$Territories['Northland'], 'No', 'Yes');
InstallTerritory::$Territories['Midland']->addBorder(InstallTerritory::$Territories['Southland'], 'No', 'Yes');
InstallTerritory::$Territories['Sea']->addBorder(InstallTerritory::$Territories['Northland'], 'Yes', 'No');
InstallTerritory::$Territories['Sea']->addBorder(InstallTerritory::$Territories['Midland (East Coast)'], 'Yes', 'No');
InstallTerritory::runSQL($this->mapID);
InstallCache::terrJSON($this->territoriesJSONFile(), $this->mapID);
?>
"""


def _folder(tmp_path, install=INSTALL, variant=VARIANT):
    (tmp_path / "install.php").write_text(install)
    (tmp_path / "variant.php").write_text(variant)
    return tmp_path


def test_loops_lists_and_country_lookups_are_read(tmp_path):
    v, problems = read(str(_folder(tmp_path)))
    assert v is not None and not [p for p in problems if p.severity == "error"]
    assert v.name == "Tiny 'one'" and v.rules.victory == 2
    assert [(pw.name, pw.homes) for pw in v.powers] == [("North", ("northland",)), ("South", ("southland",))]
    mid = v.province("midland")
    assert [(c.id, c.name) for c in mid.coasts] == [("ec", "East Coast")]
    assert {(e.a, e.b, e.units.value) for e in v.edges} == {
        ("northland", "southland", "army"), ("midland", "northland", "army"), ("midland", "southland", "army"),
        ("northland", "sea", "fleet"), ("midland/ec", "sea", "fleet")}
    assert main(["import", "webdiplomacy", str(tmp_path), "-o", str(tmp_path / "out")]) == 0


def test_code_is_refused_with_its_line_and_never_run(tmp_path):
    marker = tmp_path / "ran"
    hostile = INSTALL.replace("$countries = $this->countries;",
                              f"$countries = $this->countries;\nfile_put_contents('{marker}', 'x');")
    v, problems = read(str(_folder(tmp_path, hostile)))
    assert v is None and [(p.code, p.line) for p in problems] == [("VK766", 6)]
    assert problems[0].file.endswith("install.php") and "file_put_contents" in problems[0].message
    assert not marker.exists()


def test_what_only_running_php_knows_is_refused(tmp_path):
    cases = {
        'require_once("variants/Classic/install.php");': "includes",
        '$x = "Name $y";': "variable in it",
        "InstallTerritory::runSQL($this->mapID);\n$DB->sql_put('DELETE FROM wD_Borders');": "changed after",
    }
    for i, (line, words) in enumerate(cases.items()):
        folder = tmp_path / str(i)
        folder.mkdir()
        text = INSTALL.replace('require_once("variants/install.php");', line) if "require" in line else \
            INSTALL.replace("InstallTerritory::runSQL($this->mapID);", line) if "runSQL" in line else \
            INSTALL.replace("$countries = $this->countries;", line)
        v, problems = read(str(_folder(folder, text)))
        assert v is None and problems[0].code == "VK766" and words in problems[0].message, (line, problems)
        assert problems[0].line is not None


def test_missing_files_and_countries(tmp_path):
    v, problems = read(str(tmp_path))
    assert v is None and {p.code for p in problems} == {"VK765"} and len(problems) == 2
    v, problems = read(str(_folder(tmp_path, variant=textwrap.dedent("""<?php
        class XVariant extends WDVariant { public $name = 'X'; }
        """))))
    assert v is None and problems[0].code == "VK766" and "$countries" in problems[0].message
