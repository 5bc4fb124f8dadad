"""A territory so small that the lines thickened by a pixel leave less than
a speck of it (WWIV's Belgium, GobbleEarth's Tuscany on world maps) is a
region still: measured between the lines as drawn it is half a speck or
more, and it lies between two land regions.  An islet of that size off a
coast, the sea round it, stays its mainland's.  A picture drawn here."""
import numpy as np
from PIL import Image

from variantkit.drawing.picture_map import read_picture

SEA, RED, GREEN, WHITE, YELLOW = (153, 217, 234), (200, 40, 40), (60, 170, 60), (250, 250, 250), (230, 210, 60)


def _picture(path):
    a = np.zeros((1200, 1600, 3), dtype=np.uint8)   # a speck is under 76 pixels here
    a[:] = SEA
    a[100:700, 100:800] = 0
    a[102:698, 102:448] = RED
    a[102:698, 452:798] = GREEN
    a[300:313, 448:465] = 0            # the small territory between the two lands, lines 2 pixels wide
    a[302:311, 452:463] = YELLOW        # 9 by 11 as drawn (99 pixels), 7 by 9 once the lines are thickened
    a[710:723, 300:317] = 0            # an islet as large, in red, off the red land's coast
    a[712:721, 302:315] = RED
    a[500:507, 200:207] = WHITE         # a mark inside the red land
    Image.fromarray(a).save(path)


def test_a_small_territory_between_lines_is_a_region(tmp_path):
    path = tmp_path / "map.png"
    _picture(path)
    pm = read_picture(str(path))
    small, red, green = int(pm.labels[306, 457]), int(pm.labels[400, 300]), int(pm.labels[400, 600])
    assert len({small, red, green}) == 3
    assert int(pm.labels[503, 203]) == red   # the mark is the red land's
    assert int(pm.labels[716, 308]) == red   # the islet too
