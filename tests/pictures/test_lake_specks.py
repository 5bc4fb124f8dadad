"""A lake too small to be a region (a speck), drawn in the sea's blue and
outlined in olive inside a land (World's Japan): no sea region lies beside it, so
the land round it takes it (variantkit/drawing/picture_lakes.py).  Joined
to the largest sea within 30 pixels, as an islet joins its island, the sea
reached into the land and met the sea on its other side (World's Sea of
Japan and North West Pacific).  A speck of water cut off at the shore, a
sea just across its line, still joins a sea."""
from PIL import Image, ImageDraw

from variantkit.drawing.picture_map import read_picture
from variantkit.model import Terrain

SEA, LAND, OLIVE = (164, 194, 252), (30, 60, 220), (128, 128, 0)
BLACK = (0, 0, 0)


def _picture(path, lake_x):
    img = Image.new("RGB", (400, 300), SEA)
    d = ImageDraw.Draw(img)
    d.rectangle((150, 0, 230, 299), fill=LAND, outline=BLACK)   # a land between two seas
    d.rectangle((lake_x, 140, lake_x + 7, 147), fill=SEA, outline=OLIVE)   # a lake of 6 by 6, outlined
    img.save(path)


def _labels(pm, *points):
    return [int(pm.labels[y, x]) for x, y in points]


def test_a_lake_speck_inside_a_land_is_the_lands(tmp_path):
    path = tmp_path / "map.png"
    _picture(path, 200)
    pm = read_picture(str(path))
    lake, land, west, east = _labels(pm, (203, 143), (190, 60), (60, 150), (340, 150))
    assert lake == land, "the land round the lake takes it"
    assert lake not in (west, east)
    water = {r.id for r in pm.inference.regions.values() if r.terrain is Terrain.WATER}
    assert len(water) == 2


def test_a_speck_of_water_at_the_shore_joins_the_sea(tmp_path):
    path = tmp_path / "map.png"
    _picture(path, 223)   # its outline over the land's: the east sea just across it
    pm = read_picture(str(path))
    lake, land, east = _labels(pm, (226, 143), (190, 60), (340, 150))
    assert lake == east != land
