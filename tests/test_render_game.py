"""Pictures of a played phase, and art attached to a variant."""
import shutil

from lxml import etree

from variantkit.cli import main
from variantkit.io import load

from tests.conftest import MAPS

NS = {"s": "http://www.w3.org/2000/svg"}
ORDERS = ("S1901M\nFrance: A par - bur\nFrance: A mar S A par - bur\nGermany: A mun - bur\n"
          "England: F lon - nth\nItaly: A ven - xyz\n")


def played(tmp_path, variant="standard"):
    script = tmp_path / "orders.txt"
    script.write_text(ORDERS)
    game = tmp_path / "game.json"
    assert main(["play", str(MAPS / variant), "--orders", str(script), "--save", str(game)]) == 0
    return game


def test_render_a_phase_with_orders_and_results(tmp_path, capsys):
    game = played(tmp_path)
    out = tmp_path / "s1901.svg"
    assert main(["render", str(MAPS / "standard"), "--game", str(game), "--phase", "S1901M", "-o", str(out)]) == 0
    root = etree.parse(str(out)).getroot()
    titles = {t.text for t in root.iter("{http://www.w3.org/2000/svg}title")}
    assert "A par: move (succeeds)" in titles
    assert "A mun: move (fails: bounced at bur)" in titles
    assert "A mar: support (succeeds)" in titles
    red = [ln for ln in root.findall(".//s:g[@id='orders']/s:line", NS) if ln.get("stroke") == "#c0271e"]
    assert len(red) == 1
    legend = " ".join(t.text or "" for t in root.findall(".//s:g[@id='legend']/s:text", NS))
    assert "Phase S1901M" in legend


def test_render_the_current_position_and_a_missing_phase(tmp_path, capsys):
    game = played(tmp_path)
    assert main(["render", str(MAPS / "standard"), "--game", str(game), "-o", str(tmp_path / "now.svg")]) == 0
    root = etree.parse(str(tmp_path / "now.svg")).getroot()
    units = {u.get("data-unit") for u in root.findall(".//s:g[@id='units']/s:g", NS)}
    assert "A bur" in units and "F nth" in units
    assert main(["render", str(MAPS / "standard"), "--game", str(game), "--phase", "F1950M",
                 "-o", str(tmp_path / "x.svg")]) == 2
    assert "VK410" in capsys.readouterr().err


def test_attach_art_then_render_on_it(tmp_path, reference, capsys):
    """The standard game on the attached MILA art (made here, never committed)."""
    folder = tmp_path / "standard"
    folder.mkdir()
    shutil.copy(MAPS / "standard" / "variant.yaml", folder / "variant.yaml")
    assert main(["attach-art", str(folder), str(reference / "mila" / "standard.svg")]) == 0
    v = load(str(folder)).variant
    assert v.art == "standard.svg" and (folder / "standard.svg").exists()
    assert all(p.unit_pos is not None for p in v.provinces)
    assert main(["validate", str(folder)]) == 0
    game = played(tmp_path)
    png = tmp_path / "standard.png"
    assert main(["render", str(folder), "--game", str(game), "--phase", "S1901M", "-o", str(png)]) == 0
    assert png.read_bytes()[:4] == b"\x89PNG"


def test_youngstown_on_the_jdip_art(tmp_path, reference):
    folder = tmp_path / "youngstown"
    folder.mkdir()
    shutil.copy(MAPS / "youngstown" / "variant.yaml", folder / "variant.yaml")
    assert main(["attach-art", str(folder), str(reference / "jdip" / "youngstown.svg")]) == 0
    out = tmp_path / "y.svg"
    assert main(["render", str(folder), "-o", str(out)]) == 0
    root = etree.parse(str(out)).getroot()
    drawn = {p.get("id") for p in root.findall(".//s:g[@id='provinces']/s:path", NS)}
    assert len(drawn) >= 182
