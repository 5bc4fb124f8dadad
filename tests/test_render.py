"""Schematic boards and SVG pictures of a position."""
from pathlib import Path

from lxml import etree

from variantkit.io import load
from variantkit.board.render import OrderMark, Position, render_svg
from variantkit.board.schematic import schematic_board

NS = {"s": "http://www.w3.org/2000/svg"}
FEATURES = Path(__file__).parent / "data" / "valid" / "features.yaml"


def features():
    return load(str(FEATURES)).variant


def test_schematic_board_gives_every_province_a_cell_inside_the_board():
    v = features()
    board = schematic_board(v, 1000, 700)
    assert set(board.cells) == {p.id for p in v.provinces}
    for rings in board.cells.values():
        for ring in rings:
            assert all(-0.01 <= x <= 1000.01 and -0.01 <= y <= 700.01 for x, y in ring)
    # coasts get their own unit points, towards the waters each coast reaches
    assert {"cape/ec", "cape/wc"} <= set(board.points)
    assert board.points["cape/ec"] != board.points["cape/wc"]


def test_schematic_board_is_deterministic():
    assert schematic_board(features(), seed=3) == schematic_board(features(), seed=3)


def test_picture_shows_units_centres_orders_and_legend():
    v = features()
    pos = Position.start(v)
    pos.orders = [OrderMark("north", "move", "A hub", "cape", outcome="fails", reason="bounce"),
                  OrderMark("north", "support", "F port", target="hub", target_to="cape",
                            outcome="succeeds"),
                  OrderMark("south", "hold", "A col", outcome="succeeds")]
    root = etree.fromstring(render_svg(v, pos))
    assert len(root.findall(".//s:g[@id='provinces']/s:path", NS)) == len(v.provinces)
    units = root.findall(".//s:g[@id='units']/s:g", NS)
    assert sorted(u.get("data-unit") for u in units) == ["A col", "A hub", "F cape/wc", "F port"]
    assert len(root.findall(".//s:g[@id='centres']/s:circle", NS)) == 5
    lines = root.findall(".//s:g[@id='orders']/s:line", NS)
    failed = [ln for ln in lines if ln.get("stroke") == "#c0271e"]
    assert len(failed) == 1 and failed[0].get("marker-end") == "url(#arrow-fails)"
    titles = [t.text for t in root.iter("{http://www.w3.org/2000/svg}title")]
    assert "A hub: move (fails: bounce)" in titles
    legend = " ".join(t.text or "" for t in root.findall(".//s:g[@id='legend']/s:text", NS))
    assert "North: 2 centres, 2 units" in legend and "Phase S1901M" in legend


def test_impassable_is_hatched_and_boxes_dashed():
    root = etree.fromstring(render_svg(features()))
    mtn = root.find(".//s:path[@id='province-mtn']", NS)
    box = root.find(".//s:path[@id='province-box']", NS)
    assert mtn.get("fill") == "url(#hatch)" and box.get("stroke-dasharray")


def test_render_command_writes_svg_and_png(tmp_path):
    from variantkit.cli import main
    svg, png = tmp_path / "map.svg", tmp_path / "map.png"
    assert main(["render", str(FEATURES), "-o", str(svg)]) == 0
    assert etree.parse(str(svg)).getroot().tag == "{http://www.w3.org/2000/svg}svg"
    assert main(["render", str(FEATURES), "-o", str(png), "--scale", "0.5"]) == 0
    data = png.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    width = int.from_bytes(data[16:20], "big")
    assert width == round(etree.parse(str(svg)).getroot().get("width") and
                          float(etree.parse(str(svg)).getroot().get("width")) * 0.5)
