"""A province astride a narrow strait of the sea (Classic1880's
Constantinople on the Bosporus): its two shores, of one colour, facing each
other across at most 16 pixels of sea at 8 places or more, are one
territory; a land of another colour across the same strait stays apart.
A picture drawn here."""
import numpy as np
from PIL import Image

from variantkit.drawing.picture_map import read_picture

SEA, RED, GREEN = (150, 200, 240), (110, 0, 0), (90, 180, 90)


def _picture(path):
    a = np.zeros((240, 400, 3), dtype=np.uint8)
    a[:] = SEA
    for x0, x1, colour in ((40, 140, RED), (152, 240, RED), (252, 360, GREEN)):
        a[38:202, x0 - 2:x1 + 2] = 0           # each shore's coastline
        a[40:200, x0:x1] = colour              # three shores, 12 pixels of sea between
    Image.fromarray(a).save(path)


def test_a_province_astride_a_strait(tmp_path):
    path = tmp_path / "map.png"
    _picture(path)
    pm = read_picture(str(path))
    west, east, green = (int(pm.labels[120, x]) for x in (90, 200, 300))
    assert west == east, "the two shores of one colour are one territory"
    assert green != east
