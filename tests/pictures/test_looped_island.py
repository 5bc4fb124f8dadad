"""A loop of lines drawn round one island out to the coasts nearby
(GobbleEarth's Cuba, its loop's ends on Florida and Hispaniola): the
compartment inside meets the island along its shore and the mainland only
where the loop's lines end, so it is the island's waters, one territory
with it (variantkit/drawing/picture_islands.py, ``looped``).  The same loop
cut off by a long stretch of the mainland's coast is a sea of its own."""
from PIL import Image, ImageDraw

from tests.pictures.reading import region_at
from variantkit.drawing.picture_map import read_picture
from variantkit.model import Terrain

SEA, GREEN, OLIVE = (150, 200, 240), (90, 180, 90), (130, 130, 30)


def _picture(path, foot):
    img = Image.new("RGB", (800, 400), SEA)
    d = ImageDraw.Draw(img)
    d.rectangle((0, 330, 799, 399), fill=GREEN)        # a mainland along the bottom
    d.line((0, 329, 799, 329), fill=(0, 0, 0), width=2)
    d.line((600, 330, 600, 399), fill=(0, 0, 0), width=2)   # in two territories
    d.line((100, 0, 100, 329), fill=(0, 0, 0), width=2)     # two seas outside the loop
    # the loop: from a short foot on the coast up round the island
    d.line([(400 - foot, 329), (220, 170), (400, 40), (580, 170), (400 + foot, 329)],
           fill=(0, 0, 0), width=2)
    # a ragged island inside, no disc
    d.polygon([(300, 150), (420, 120), (500, 170), (450, 190), (380, 175), (320, 190)], fill=OLIVE,
              outline=(0, 0, 0))
    img.save(path)


def test_a_loop_round_an_island_is_its_waters(tmp_path):
    path = tmp_path / "map.png"
    _picture(path, foot=4)
    pm = read_picture(str(path))
    island, inside, sea, land = (region_at(pm, x, y) for x, y in ((400, 155), (400, 260), (700, 100), (300, 370)))
    assert island.id == inside.id, "the loop's compartment is the island's waters"
    assert island.terrain is Terrain.COAST
    assert sea.terrain is Terrain.WATER
    units = {frozenset((e.edge.a, e.edge.b)): e.edge.units for e in pm.inference.edges}
    assert units[frozenset((island.id, sea.id))].fleet
    assert frozenset((island.id, land.id)) in units
    assert not units[frozenset((island.id, land.id))].army, "a coastline's island: fleets only across its waters"


def test_a_loop_along_the_coast_is_a_sea(tmp_path):
    path = tmp_path / "map.png"
    _picture(path, foot=90)
    pm = read_picture(str(path))
    island, inside = (region_at(pm, x, y) for x, y in ((400, 155), (400, 260)))
    assert island.id != inside.id, "a compartment running along the mainland's coast is a sea"
    assert inside.terrain is Terrain.WATER
