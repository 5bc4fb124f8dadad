"""Where a dislodged unit is drawn (issue 25, what Diplicity's Variant Creator
has): read from jDip's drawing, placed on the map with the positions tool, kept
in the variant file, and used by render and by jDip's export."""
import re

import pytest

pytest.importorskip("PySide6")

from PySide6.QtGui import QAction  # noqa: E402
from PySide6.QtWidgets import QFileDialog  # noqa: E402

from tests.conftest import MAPS  # noqa: E402
from tests.editor.qt_helpers import drag  # noqa: E402


def _menu(window, text):
    [act] = [a for a in window.findChildren(QAction) if a.text().replace("&", "") == text]
    act.trigger()


def test_a_dislodged_units_spot_placed_on_the_map_is_saved_rendered_and_exported(window, tmp_path, monkeypatch):
    from variantkit.board.render import Position, render_svg
    from variantkit.formats.jdip import write_map_svg
    from variantkit.board.schematic import schematic_board
    from variantkit.io import load
    window.open_path(str(MAPS / "standard"))
    doc = window.doc
    _menu(window, "Move unit and label positions")
    unit = window.scene.centre_of("par")
    ux, uy = unit.x(), unit.y()
    # the dashed handle stands where render draws a dislodged unit by default: down and right of the unit
    handles = {(loc, field): at for loc, field, at in window.tools["positions"].handles(window.scene)}
    assert handles[("par", "dislodged_pos")] == (ux + 12, uy + 10)
    drag(window.scene, (ux + 12, uy + 10), (ux - 20, uy - 16))
    par = doc.variant.province("par")
    assert par.dislodged_pos == (round(ux - 20, 1), round(uy - 16, 1))
    assert par.unit_pos == (ux, uy)  # the unit stays where it was
    assert doc.undo.undoText() == "Move the dislodged unit of par"
    # a coast's own: St Petersburg's south coast
    sc = window.scene.centre_of("stp/sc")
    drag(window.scene, (sc.x() + 12, sc.y() + 10), (sc.x() + 30, sc.y()))
    assert doc.variant.province("stp").coast("sc").dislodged_pos == (round(sc.x() + 30, 1), round(sc.y(), 1))
    # File > Save as, then loaded as any user loads it
    saved = tmp_path / "std" / "variant.yaml"
    saved.parent.mkdir()
    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(lambda *a, **k: (str(saved), "")))
    _menu(window, "Save as...")
    assert saved.exists(), window.statusBar().currentMessage()
    assert "dislodged_pos" in saved.read_text()
    back = load(str(saved)).variant
    assert back.province("par").dislodged_pos == par.dislodged_pos
    assert back.province("stp").coast("sc").dislodged_pos == doc.variant.province("stp").coast("sc").dislodged_pos
    # render draws a unit dislodged from Paris there (offset from the unit's spot, on whatever board)
    board = schematic_board(back)
    bx, by = board.points["par"]
    svg = render_svg(back, Position("F1901R", {}, {}, {"france": ["A par"]}), board).decode()
    [unit_svg] = re.findall(r'data-unit="A par"[^>]*>\s*<circle cx="([\d.-]+)" cy="([\d.-]+)"', svg)
    assert (float(unit_svg[0]), float(unit_svg[1])) == pytest.approx((bx - 20, by - 16), abs=0.15)
    # jDip's drawing carries it as DISLODGED_UNIT, the same offset from UNIT
    out = tmp_path / "std.svg"
    write_map_svg(back, str(out), board)
    text = out.read_text()
    m = re.search(r'PROVINCE name="par"><jdipNS:UNIT x="(\d+)" y="(\d+)"/><jdipNS:DISLODGED_UNIT x="(\d+)" '
                  r'y="(\d+)"', re.sub(r">\s+<", "><", text))
    assert m, text[:500]
    x, y, dx, dy = map(int, m.groups())
    assert abs((dx - x) - (-20)) <= 1 and abs((dy - y) - (-16)) <= 1


def test_jdips_drawing_gives_each_dislodged_units_spot(reference):
    from variantkit.drawing.art import infer_svg, skeleton
    doc, inference = infer_svg(str(reference / "jdip" / "youngstown.svg"))
    v = skeleton(doc, inference, "youngstown", "youngstown.svg")
    # <jdipNS:PROVINCE name="nwy"><jdipNS:UNIT x="160" y="99"/><jdipNS:DISLODGED_UNIT x="165" y="104"/>
    assert (v.province("nwy").unit_pos, v.province("nwy").dislodged_pos) == ((160.0, 99.0), (165.0, 104.0))
    assert v.province("stp").coast("sc").dislodged_pos == (319.0, 123.0)
