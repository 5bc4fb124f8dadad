"""A loop of lines from a territory's coast round its islands (War2020's
Southeast Asia: Indochina and its islands in one colour, the loop out to
Australia's coast): the compartment it closes holds islands of the
coast's colour and runs along that coast, so the coast, its islands and
those waters are one territory (variantkit/drawing/picture_archipelagos.py).
Its land border is still crossed by armies.  The same compartment holding
islands of another colour, or none, is a sea of its own."""
from PIL import Image, ImageDraw

from tests.pictures.reading import region_at
from variantkit.drawing.picture_map import read_picture
from variantkit.model import Terrain

SEA, TEAL, GREEN, RED = (150, 200, 240), (60, 160, 150), (90, 180, 90), (200, 80, 60)
BLACK = (0, 0, 0)


def _picture(path, islands):
    img = Image.new("RGB", (800, 400), SEA)
    d = ImageDraw.Draw(img)
    d.rectangle((0, 330, 599, 399), fill=TEAL)      # the territory's mainland along the bottom
    d.rectangle((600, 330, 799, 399), fill=GREEN)   # its neighbour
    d.line((0, 329, 799, 329), fill=BLACK, width=2)
    d.line((600, 330, 600, 399), fill=BLACK, width=2)
    # the loop, from the mainland's coast round the islands to the neighbour's, just past the border;
    # its compartment under half the sea round it, and off the picture's edge
    d.line([(380, 329), (380, 190), (620, 190), (620, 329)], fill=BLACK, width=2)
    d.line((700, 0, 700, 329), fill=BLACK, width=2)   # two seas outside
    if islands:
        for poly in ([(400, 220), (460, 210), (480, 250), (440, 270), (410, 260)],
                     [(500, 230), (560, 220), (590, 280), (540, 300), (520, 270)]):
            d.polygon(poly, fill=islands, outline=BLACK)
    img.save(path)


def test_a_loop_round_a_territorys_islands_is_its_waters(tmp_path):
    path = tmp_path / "map.png"
    _picture(path, TEAL)
    pm = read_picture(str(path))
    main, isle1, isle2, inside, neighbour, sea = (
        region_at(pm, x, y) for x, y in ((300, 370), (440, 240), (550, 260), (500, 310), (700, 370), (50, 100)))
    assert main.id == isle1.id == isle2.id == inside.id, "the loop's waters and islands are the territory's"
    assert main.terrain is Terrain.COAST and sea.terrain is Terrain.WATER
    units = {frozenset((e.edge.a, e.edge.b)): e.edge.units for e in pm.inference.edges}
    assert units[frozenset((main.id, neighbour.id))].army, "its land border is still crossed by armies"
    assert units[frozenset((main.id, sea.id))].fleet


def test_islands_of_another_colour_leave_the_compartment_a_sea(tmp_path):
    for colour in (RED, None):
        path = tmp_path / "map.png"
        _picture(path, colour)
        pm = read_picture(str(path))
        main, inside = (region_at(pm, x, y) for x, y in ((300, 370), (500, 310)))
        assert main.id != inside.id
        assert inside.terrain is Terrain.WATER
