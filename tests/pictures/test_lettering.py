"""Lettering drawn in the white of the border lines (jDip's 1900): the lines
are a one-pixel pen, the letters' strokes two pixels wide.  A name written
across a narrow province, its strokes touching the borders on both sides,
does not cut the province in two.  A picture drawn here."""
import numpy as np
from PIL import Image

from variantkit.drawing.picture_lettering import lettering
from variantkit.drawing.picture_map import read_picture

LAND, WHITE = (0, 128, 0), (255, 255, 255)


def _picture(path):
    a = np.zeros((240, 400, 3), dtype=np.uint8)
    a[:] = LAND
    a[:, 120] = WHITE                   # borders, one pixel wide
    a[:, 160] = WHITE
    a[:, 280] = WHITE
    a[100:120, 124:126] = WHITE         # a name, two pixels a stroke, across the narrow
    a[100:120, 134:136] = WHITE         # province, the H's bar meeting the left border
    a[109:111, 121:134] = WHITE
    a[100:120, 138:140] = WHITE         # the I, 2 pixels on, its foot meeting the right border
    a[118:120, 138:160] = WHITE
    a[100:116, 142:144] = WHITE         # and an l: "HIl"
    a[180:196, 200:202] = WHITE         # "LII" inside the wide province
    a[194:196, 200:210] = WHITE
    a[180:196, 213:215] = WHITE
    a[180:196, 218:220] = WHITE
    a[40, 121:160] = WHITE              # a one-pixel border across the narrow province stays one
    Image.fromarray(a).save(path)


def test_lettering_in_the_line_colour_does_not_cut_a_province(tmp_path):
    path = tmp_path / "map.png"
    _picture(path)
    pm = read_picture(str(path))
    top, bottom = int(pm.labels[80, 140]), int(pm.labels[160, 140])
    assert top and top == bottom        # the name's bar is not a border
    above = int(pm.labels[20, 140])
    assert above and above != top       # the thin border above it is
    left, wide, right = int(pm.labels[100, 60]), int(pm.labels[100, 220]), int(pm.labels[100, 340])
    assert len({left, top, above, wide, right}) == 5


def test_the_letters_are_found_not_the_lines():
    lines = np.zeros((100, 100), dtype=bool)
    index = np.zeros((100, 100), dtype=np.int32)
    lines[:, 30] = lines[:, 60] = lines[50, :] = True       # a one-pixel pen, its junctions
    lines[10:20, 40:42] = lines[18:20, 40:48] = True         # "LII" in two-pixel strokes
    lines[10:20, 50:52] = lines[10:20, 55:57] = True
    lines[80:90, 10:20] = True                                # an arrow's shaft alone: no name
    found = lettering(lines, index)
    assert found[10:20, 40:42].all() and found[18:20, 40:48].all() and found[10:20, 50:57].any()
    assert not found[80:90, 10:20].any()
    assert not found[:, 30].any() and not found[:, 60].any() and not found[50, :].any()
