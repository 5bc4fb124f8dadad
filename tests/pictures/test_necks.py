"""A land narrowing to 2 pixels between two border lines (Habelya's Bram,
GobbleEarth's Marseilles and Korea) is cut there by the lines thickened
by a pixel; its far piece is the same territory, and meets its neighbours
(variantkit/drawing/picture_necks.py).  A border of two lands of one
colour drawn with a gap of 2 pixels still parts them, as does a pinch in
a colour painting other lands too (a power's).  Pictures drawn here."""
import numpy as np
from PIL import Image, ImageDraw

from tests.pictures.reading import region_at
from variantkit.drawing.picture_map import read_picture

SEA, GREEN, RED, YELLOW, PURPLE = (153, 217, 234), (60, 170, 60), (200, 40, 40), (230, 210, 60), (120, 60, 160)


def _necked(path, length):
    """Green on the left, a neck 2 pixels wide and ``length`` long between
    red above and yellow below, then a green lobe, which alone meets purple."""
    a = np.zeros((300, 260 + length, 3), dtype=np.uint8)
    a[:] = SEA
    right = 100 + length
    a[40:260, 20:240 + length] = 0                 # the land, lines 2 pixels wide
    a[42:258, 22:98] = GREEN
    a[42:147, 100:right] = RED
    a[149:151, 98:right + 2] = GREEN              # the neck: 2 rows between two lines
    a[153:258, 100:right] = YELLOW
    a[42:258, right + 2:right + 60] = GREEN        # the lobe
    a[42:258, right + 62:238 + length] = PURPLE
    Image.fromarray(a).save(path)


def _check_necked(path, length):
    _necked(path, length)
    pm = read_picture(str(path))
    green, lobe, purple = (region_at(pm, x, 100) for x in (50, 100 + length + 30, 100 + length + 90))
    assert green.id == lobe.id, "the lobe past the neck is the green land's"
    edges = {frozenset((e.edge.a, e.edge.b)) for e in pm.inference.edges}
    assert frozenset((green.id, purple.id)) in edges


def _pinched(path, elsewhere=False):
    """Red's border dips and yellow's rises to 2 pixels of each other across
    green (Bram's neck); ``elsewhere``: green paints a land apart too."""
    img = Image.new("RGB", (420, 380 if elsewhere else 300), SEA)
    d = ImageDraw.Draw(img)
    d.rectangle((20, 40, 399, 259), fill=(0, 0, 0))
    d.rectangle((22, 42, 397, 257), fill=GREEN)
    d.polygon([(22, 42), (317, 42), (317, 100), (200, 148), (22, 100)], fill=RED, outline=(0, 0, 0))
    d.line([(22, 100), (200, 148), (317, 100)], fill=(0, 0, 0), width=2)
    d.polygon([(22, 257), (317, 257), (317, 200), (200, 152), (22, 200)], fill=YELLOW, outline=(0, 0, 0))
    d.line([(22, 200), (200, 152), (317, 200)], fill=(0, 0, 0), width=2)
    d.rectangle((317, 42, 319, 257), fill=(0, 0, 0))
    d.rectangle((320, 42, 397, 257), fill=PURPLE)
    if elsewhere:
        d.rectangle((20, 290, 200, 370), fill=GREEN, outline=(0, 0, 0), width=2)
    img.save(path)
    return read_picture(str(path))


def test_a_pinch_between_two_borders_is_no_border(tmp_path):
    pm = _pinched(tmp_path / "map.png")
    green, lobe, purple = region_at(pm, 60, 150), region_at(pm, 290, 150), region_at(pm, 360, 150)
    assert green.id == lobe.id, "the green past the pinch is the same land"
    edges = {frozenset((e.edge.a, e.edge.b)) for e in pm.inference.edges}
    assert frozenset((green.id, purple.id)) in edges


def test_a_long_neck_is_no_border(tmp_path):
    _check_necked(tmp_path / "map.png", 60)


def test_a_gap_in_a_border_still_parts_two_lands(tmp_path):
    path = tmp_path / "map.png"
    a = np.zeros((300, 400, 3), dtype=np.uint8)
    a[:] = SEA
    a[40:260, 20:380] = 0
    a[42:258, 22:198] = GREEN
    a[42:258, 200:378] = GREEN
    a[149:151, 198:200] = GREEN    # the border between the two greens broken for 2 pixels
    Image.fromarray(a).save(path)
    pm = read_picture(str(path))
    assert region_at(pm, 100, 100).id != region_at(pm, 300, 100).id


def test_a_colour_painting_other_lands_tells_no_territory(tmp_path):
    """Green paints a land apart too (a power's colour, jDip's 1900 Italy):
    its pieces at the pinch may be two provinces, and stay apart."""
    pm = _pinched(tmp_path / "map.png", elsewhere=True)
    assert region_at(pm, 60, 150).id != region_at(pm, 290, 150).id
