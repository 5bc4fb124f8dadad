"""Hostile and limit drawings: each is refused with a located error (no
traceback), or read as the SVG specification says."""

import pytest

from variantkit.cli import main
from variantkit.problems import UnusableInput
from variantkit.drawing.svg import read_svg

NS = 'xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"'


def fan_out(levels: int = 6, width: int = 10) -> str:
    """``levels`` of groups, each using the one below ``width`` times: a
    couple of KB asking for width**levels rectangles."""
    parts = [f'<svg {NS} viewBox="0 0 100 100"><defs>\n<g id="l0"><rect x="0" y="0" width="1" height="1"/></g>\n']
    for lvl in range(1, levels + 1):
        uses = "".join(f'<use xlink:href="#l{lvl - 1}" x="{i}"/>' for i in range(width))
        parts.append(f'<g id="l{lvl}">{uses}</g>\n')
    parts.append(f'</defs>\n<use id="top" xlink:href="#l{levels}"/>\n</svg>')
    return "".join(parts)


def test_nested_use_fan_out_is_refused_with_its_line(tmp_path):
    path = tmp_path / "fan.svg"
    path.write_text(fan_out())
    assert path.stat().st_size < 2500
    with pytest.raises(UnusableInput) as info:
        read_svg(str(path))
    problem = info.value.problems[0]
    assert problem.code == "VK809" and "<use>" in problem.message
    # the reference that went over the budget is inside the defs (lines 2-8)
    assert problem.file == str(path) and 2 <= problem.line <= 9


def test_a_modest_use_fan_out_is_read_whole(tmp_path):
    """Three levels of ten: 1,000 squares, 111 expansions, within the limits."""
    path = tmp_path / "fan3.svg"
    path.write_text(fan_out(3))
    doc = read_svg(str(path))
    assert len(doc.shapes) == 1000


def test_fan_out_on_the_command_line_is_a_located_error_not_a_traceback(tmp_path, capsys):
    path = tmp_path / "fan.svg"
    path.write_text(fan_out())
    assert main(["import", "svg", str(path), "-o", str(tmp_path / "out")]) == 2
    err = capsys.readouterr().err
    assert f"{path}:" in err and "VK809" in err and "Traceback" not in err


@pytest.mark.parametrize("view,width", [("0 0 100px 100px", 100.0), ("0,0,250,80", 250.0)])
def test_view_box_in_user_units_is_read(tmp_path, view, width):
    path = tmp_path / "v.svg"
    path.write_text(f'<svg {NS} viewBox="{view}"><rect id="a" width="5" height="5"/></svg>')
    assert read_svg(str(path)).width == width


@pytest.mark.parametrize("view", ["0 0 100mm 100mm", "0 0 100", "0 0 -5 10", "zero zero 1 1"])
def test_view_box_that_has_no_user_unit_size_is_refused(tmp_path, view):
    path = tmp_path / "v.svg"
    path.write_text(f'<?xml version="1.0"?>\n<svg {NS} viewBox="{view}"><rect id="a" width="5" height="5"/></svg>')
    with pytest.raises(UnusableInput) as info:
        read_svg(str(path))
    assert info.value.problems[0].code == "VK812" and info.value.problems[0].line == 2


@pytest.mark.parametrize("size,expected", [
    ('width="10cm" height="1in"', (10 * 96 / 2.54, 96.0)),   # CSS: 96 px to the inch
    ('width="300pt" height="12pc"', (400.0, 192.0)),
    ('width="640" height="480px"', (640.0, 480.0)),
    ('width="100%" height="100%"', (0.0, 0.0)),               # the page decides: no size of its own
])
def test_width_and_height_units_convert_to_user_units(tmp_path, size, expected):
    path = tmp_path / "s.svg"
    path.write_text(f'<svg {NS} {size}><rect id="a" width="5" height="5"/></svg>')
    doc = read_svg(str(path))
    assert (doc.width, doc.height) == pytest.approx(expected)


def test_unknown_unit_is_refused_on_the_command_line(tmp_path, capsys):
    path = tmp_path / "s.svg"
    path.write_text(f'<svg {NS} width="10furlongs" height="5"><rect id="a" width="5" height="5"/></svg>')
    assert main(["import", "svg", str(path), "-o", str(tmp_path / "out")]) == 2
    err = capsys.readouterr().err
    assert f"{path}:1:" in err and "VK813" in err and "Traceback" not in err


def test_curves_that_flatten_to_millions_of_points_are_refused(tmp_path):
    """30,000 deep curves in a 0.8 MB path (each sampled to about 60 points
    at the reader's tolerance) would make 1.8 million points, where godip's
    classical map has 70,000: refused at the path's line, not read."""
    curves = " c 0,1000 1000,1000 1000,0" * 30_000
    path = tmp_path / "curvy.svg"
    path.write_text(f'<svg {NS} viewBox="0 0 100 100">\n<path id="p" d="M 0 0{curves} z"/>\n</svg>')
    with pytest.raises(UnusableInput) as info:
        read_svg(str(path))
    problem = info.value.problems[0]
    assert problem.code == "VK811" and "points" in problem.message and problem.line == 2


def test_a_drawing_no_convention_reads_is_refused_not_an_empty_skeleton(tmp_path, capsys):
    """A jDip-looking drawing (a MapLayer) whose shapes name no province: the
    import warns that no convention reads it and refuses, writing nothing
    (it once wrote an empty skeleton that validated)."""
    from variantkit.cli import main
    path = tmp_path / "stamps.svg"
    path.write_text('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">'
                    '<g id="MapLayer"><rect x="0" y="0" width="10" height="10" fill="none" stroke="black"/></g>'
                    '</svg>')
    assert main(["import", "svg", str(path), "-o", str(tmp_path / "out")]) == 1
    err = capsys.readouterr().err
    assert "VK832" in err and "VK833" in err and "nothing written" in err
    assert not (tmp_path / "out").exists()
