"""An island drawn as a disc inside a circle a few pixels out (WWIV's
Bermuda: a red disc, a white supply-centre dot, a thin ring of sea round
it): the ring is what holds the island, one territory with it, and that
territory is the island's, land on the sea, not water because the ring is
the larger part (variantkit/drawing/picture_map.py, the rings step)."""
from PIL import Image, ImageDraw

from variantkit.drawing.picture_map import read_picture
from variantkit.model import Terrain

SEA, RED, GREEN = (164, 194, 252), (200, 95, 95), (90, 180, 90)
BLACK, WHITE = (0, 0, 0), (255, 255, 255)


def test_an_island_in_a_thin_ring_of_sea_is_land(tmp_path):
    img = Image.new("RGB", (600, 400), SEA)
    d = ImageDraw.Draw(img)
    d.rectangle((0, 330, 599, 399), fill=GREEN)          # a mainland, two seas above it
    d.line((0, 329, 599, 329), fill=BLACK)
    d.line((300, 0, 300, 136), fill=BLACK)               # the line between them ends on the circle
    d.line((300, 184, 300, 329), fill=BLACK)
    d.ellipse((276, 136, 324, 184), outline=BLACK)       # the circle, radius 24
    d.ellipse((289, 149, 311, 171), fill=RED, outline=BLACK)   # the island: a ring of sea 12 pixels wide
    d.ellipse((297, 157, 303, 163), fill=WHITE, outline=BLACK)  # its centre's dot
    path = tmp_path / "map.png"
    img.save(path)
    pm = read_picture(str(path))

    def region(x, y):
        lab = int(pm.labels[y, x])
        for r in pm.inference.regions.values():
            rx, ry = r.label_pos
            if int(pm.labels[int(ry), int(rx)]) == lab:
                return r

    island, ring, west, east = region(292, 160), region(281, 160), region(100, 100), region(500, 100)
    assert island.id == ring.id, "the ring and the island it holds are one territory"
    assert island.terrain is Terrain.COAST, "the island's: land on the sea"
    assert west.terrain is Terrain.WATER and east.terrain is Terrain.WATER
    units = {frozenset((e.edge.a, e.edge.b)): e.edge.units for e in pm.inference.edges}
    for sea in (west, east):
        assert units[frozenset((island.id, sea.id))].fleet
        assert not units[frozenset((island.id, sea.id))].army
