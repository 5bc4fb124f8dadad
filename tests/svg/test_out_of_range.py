"""Numbers that overflow in a drawing (issue 21): transforms whose product is
infinite, 1e308 and 1e309 coordinates, a circle whose sampling would count to
infinity, a curve whose bulge is NaN.  Each is VK818 at its element's line in
``import svg``, ``check-art`` and ``attach-art`` (the editor's open is in
tests/editor/test_hostile_files.py), never a traceback; nothing is written."""
from __future__ import annotations

import shutil

import pytest

from variantkit.cli import main
from variantkit.drawing.svg import read_svg
from variantkit.problems import UnusableInput
from tests.conftest import MAPS

NS = ('xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
      'xmlns:jdipNS="http://jdip.sourceforge.org/jdipNS"')
SQUARE = '<path id="bur" d="M10 0 L20 0 L20 10 L10 10 Z" fill="#cc0"/>'
TRIANGLE = '<path id="par" d="M0 0 L10 0 L10 10 Z" fill="#cc0"/>'

# each body sits on line 2 of its drawing
BODIES = {
    "nested-scale": '<g transform="scale(1e200)"><g transform="scale(1e200)">' + TRIANGLE + '</g></g>',
    "far-point": '<path id="par" d="M0 0 L1e308 0 L1e308 1e308 Z"/>',
    "infinite-number": '<path id="par" d="M0 0 L1e309 0 L10 10 Z"/>',
    "relative-overflow": '<path id="par" d="M0 0 l1.5e308 0 l1.5e308 0 Z"/>',
    "matrix": '<path id="par" d="M0 0 L10 0 L10 10 Z" transform="matrix(1e308 0 0 1e308 1e308 1e308)"/>',
    "circle": '<circle id="par" cx="0" cy="0" r="1e308"/>',
    "rect": '<rect id="par" x="1e308" y="0" width="1e308" height="10"/>',
    "polygon": '<polygon id="par" points="0,0 1e400,0 10,10"/>',
    "text": '<text x="1e308" y="5">Paris</text>',
    "font-size": '<text x="0" y="0" font-size="1e308" transform="scale(1e10)">Paris</text>',
    "use": '<defs><path id="s" d="M0 0 L10 0 L10 10 Z"/></defs><use id="par" xlink:href="#s" x="1e308" y="1"/>',
    "curve": '<path id="par" transform="scale(1e-200)" d="M0 0 C 1e200 1e200 -1e200 1e200 1e200 1e200 Z"/>',
    "arc": '<path id="par" d="M0 0 A 1e308 1e308 0 0 1 1e308 0 Z"/>',
    "jdip-position": ('<jdipNS:DISPLAY><jdipNS:PROVINCE_DATA><jdipNS:PROVINCE name="par"><jdipNS:UNIT x="1e308" '
                      'y="0"/></jdipNS:PROVINCE></jdipNS:PROVINCE_DATA></jdipNS:DISPLAY>' + TRIANGLE),
}
ROOTS = {"viewbox": 'viewBox="0 0 1e309 1e309"', "width": 'width="1e400" height="100"',
         "far-viewbox": 'viewBox="-1e300 0 100 100"'}
KINDS = sorted(BODIES) + sorted(ROOTS)


def drawing(kind: str) -> str:
    root = ROOTS.get(kind, 'width="100" height="100"')
    return f'<svg {NS} {root}>\n{BODIES.get(kind, TRIANGLE)}\n{SQUARE}\n</svg>\n'


def write(tmp_path, kind: str):
    path = tmp_path / f"{kind}.svg"
    path.write_text(drawing(kind))
    return path


@pytest.mark.parametrize("kind", KINDS)
def test_the_reader_refuses_at_the_line(tmp_path, kind):
    path = write(tmp_path, kind)
    with pytest.raises(UnusableInput) as info:
        read_svg(str(path))
    problem, = info.value.problems
    assert problem.code == "VK818" and problem.file == str(path)
    assert problem.line == (1 if kind in ROOTS else 2)
    assert "finite" in problem.message and "np.float64" not in problem.message


def test_big_numbers_scaled_down_into_range_are_read(tmp_path):
    """A GIS export draws in metres and scales them down: only the points
    once transformed are held to the limit."""
    path = tmp_path / "gis.svg"
    path.write_text(f'<svg {NS} width="1000" height="1000">\n<g transform="scale(1e-4)">'
                    '<path id="par" d="M5e6 5e6 L6e6 5e6 C 7e6 5e6 7e6 6e6 6e6 6e6 Z"/></g>\n</svg>\n')
    shape, = read_svg(str(path)).shapes
    assert max(x for ring in shape.rings for x, _ in ring) == pytest.approx(675, abs=1)


@pytest.mark.parametrize("kind", KINDS)
def test_import_svg_is_a_located_error(tmp_path, capsys, kind):
    path = write(tmp_path, kind)
    out = tmp_path / "out"
    assert main(["import", "svg", str(path), "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert f"{path}:" in err and "VK818" in err and "Traceback" not in err and "internal error" not in err
    assert not out.exists()


@pytest.mark.parametrize("kind", ["nested-scale", "far-point", "circle", "curve", "arc", "viewbox"])
def test_check_art_and_attach_art_are_located_errors(tmp_path, capsys, kind):
    path = write(tmp_path, kind)
    folder = tmp_path / "standard"
    shutil.copytree(MAPS / "standard", folder)
    before = {p.name: p.read_bytes() for p in folder.iterdir()}
    assert main(["check-art", str(folder / "variant.yaml"), "--svg", str(path)]) == 2
    assert main(["attach-art", str(folder / "variant.yaml"), str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("VK818") == 2 and "Traceback" not in err and "internal error" not in err
    assert {p.name: p.read_bytes() for p in folder.iterdir()} == before


def test_a_picture_too_large_to_draw_is_a_located_error(tmp_path, capsys, qapp):
    """A drawing a million units a side (within VK818's range) rendered as
    PNG asked Qt for a terabyte image; the error named the temporary file.
    (``qapp``: the widgets' application, made first, as the editor tests need.)"""
    folder = tmp_path / "tutorial"
    shutil.copytree(MAPS / "tutorial", folder)
    art = folder / "map.svg"
    text = art.read_text()
    assert 'viewBox="0 0 620 420" width="620" height="420"' in text
    art.write_text(text.replace('viewBox="0 0 620 420" width="620" height="420"', 'viewBox="0 0 1000000 1000000"'))
    out = folder / "o.png"
    assert main(["render", str(folder / "variant.yaml"), "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert f"{out}: error VK502" in err and "pixels" in err and ".tmp" not in err
    assert sorted(p.name for p in folder.iterdir()) == ["map.svg", "variant.yaml"]


def test_the_balance_panel_draws_a_huge_picture_scaled_down(qapp):
    from variantkit_editor.balance_panel import MAX_SIDE, svg_pixmap
    pixmap = svg_pixmap(b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1000000 500000">'
                        b'<rect width="1000000" height="500000" fill="red"/></svg>')
    assert (pixmap.width(), pixmap.height()) == (MAX_SIDE, MAX_SIDE // 2)


def test_a_negative_font_size_is_no_size_not_a_refusal(tmp_path):
    path = tmp_path / "neg.svg"
    path.write_text(f'<svg {NS} width="100" height="100">\n<text x="5" y="5" font-size="-4">Paris</text>\n'
                    f'{TRIANGLE}\n</svg>\n')
    text, = read_svg(str(path)).texts
    assert text.size == 0.0
