"""A label's text and turn, and a dislodged unit's spot, in the variant file
(issue 25): refused by the schema with the file, line and value when out of
range, and carried into Diplicity's drawing turned as set."""
import subprocess
import sys

from lxml import etree

from variantkit import edit
from variantkit.io import load
from tests.conftest import MAPS, ROOT

NS = "{http://www.w3.org/2000/svg}"


def _tutorial_with(tmp_path, extra: str):
    text = (MAPS / "tutorial" / "variant.yaml").read_text()
    lines = text.splitlines()
    at = next(i for i, line in enumerate(lines) if line.strip() == "cnl:")
    lines.insert(at + 1, extra)
    folder = tmp_path / "tut"
    folder.mkdir()
    (folder / "variant.yaml").write_text("\n".join(lines) + "\n")
    for other in (MAPS / "tutorial").iterdir():
        if other.name != "variant.yaml" and other.is_file():
            (folder / other.name).write_bytes(other.read_bytes())
    return folder, at + 2


def test_a_label_turned_beyond_half_a_turn_is_refused_with_its_line(tmp_path):
    folder, line = _tutorial_with(tmp_path, "    label_angle: 400")
    out = subprocess.run([sys.executable, "-m", "variantkit", "validate", str(folder)], capture_output=True,
                         text=True, cwd=ROOT)
    assert out.returncode == 1, out.stdout + out.stderr
    assert f"variant.yaml:{line}:" in out.stdout and "label_angle" in out.stdout and "400" in out.stdout
    assert "Traceback" not in out.stderr


def test_label_and_dislodged_spot_load_from_the_file(tmp_path):
    folder, _ = _tutorial_with(tmp_path, "    label: Canal of Kings\n    label_angle: -30\n"
                                         "    dislodged_pos: [380, 180]")
    cnl = load(str(folder)).variant.province("cnl")
    assert (cnl.label, cnl.label_angle, cnl.dislodged_pos) == ("Canal of Kings", -30.0, (380.0, 180.0))


def test_diplicitys_drawing_writes_the_label_turned(tmp_path):
    from variantkit.formats import formats
    v = edit.set_label(load(str(MAPS / "tutorial")).variant, "cnl", text="Canal of Kings", angle=45)
    report = formats()["diplicity"].export(v, str(tmp_path / "t.dvar"), art_file=str(MAPS / "tutorial" / "map.svg"))
    assert report.ok, [str(p) for p in report.problems]
    svg = tmp_path / "t.d.svg"
    names = etree.parse(str(svg)).getroot().find(f"{NS}g[@id='province-names']")
    [text] = [t for t in names if t.text == "Canal of Kings"]
    assert text.get("transform") == f"rotate(45 {text.get('x')} {text.get('y')})"
