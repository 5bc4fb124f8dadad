"""A province a river runs through: its two banks, filled in one colour and
facing each other across the river alone, are one territory; two lands of
one colour parted by a border line stay two, as do lands of two colours
parted by a river (linked across it).  A picture drawn here."""
import numpy as np
from PIL import Image

from variantkit.drawing.picture_map import read_picture
from variantkit.model import Terrain

SEA, RED, GREEN = (150, 200, 240), (220, 60, 60), (90, 180, 90)


def _picture(path):
    a = np.zeros((240, 320, 3), dtype=np.uint8)
    a[:] = SEA
    a[38:202, 38:282] = 0                        # the coastline round the land
    a[40:200, 40:140] = RED                     # a red province...
    a[40:200, 89:96] = 0                        # ...a river through it: its outline
    a[40:200, 90:95] = SEA                      # and its water, in the sea's colour
    a[40:200, 141:210] = RED                    # another red province past a border line (x 140)
    a[40:200, 215:280] = GREEN                  # a green one past a second river
    a[40:200, 209:216] = 0
    a[40:200, 210:215] = SEA
    Image.fromarray(a).save(path)


def test_the_banks_of_a_river_through_a_province_are_one(tmp_path):
    path = tmp_path / "map.png"
    _picture(path)
    pm = read_picture(str(path))
    lab = {name: int(pm.labels[120, x]) for name, x in (("west", 60), ("east", 120), ("red", 175), ("green", 250))}
    assert lab["west"] == lab["east"], "the banks of the river through the red province are one territory"
    assert len({lab["east"], lab["red"], lab["green"]}) == 3, "a border line, and colours, still part territories"
    rid = {int(pm.labels[int(r.label_pos[1]), int(r.label_pos[0])]): r.id for r in pm.inference.regions.values()}
    assert pm.inference.regions[rid[lab["west"]]].terrain is Terrain.COAST
    edges = {tuple(sorted((e.edge.a, e.edge.b))) for e in pm.inference.edges if e.edge.units.army}
    assert tuple(sorted((rid[lab["west"]], rid[lab["red"]]))) in edges
    assert tuple(sorted((rid[lab["red"]], rid[lab["green"]]))) in edges


def test_a_colour_many_lands_share_tells_no_province(tmp_path):
    """Five lands of one neutral colour, the last two parted by a river: the
    colour is a shared fill, not a province's, so the river parts two."""
    a = np.zeros((200, 380, 3), dtype=np.uint8)
    a[:] = SEA
    a[38:162, 38:342] = 0
    beige = (226, 198, 158)
    for x0 in (40, 100, 160, 220):
        a[40:160, x0:x0 + 59] = beige              # four lands, a border line after each
    a[40:160, 279:286] = 0                          # the fourth and fifth parted by a river
    a[40:160, 280:285] = SEA
    a[40:160, 286:340] = beige
    path = tmp_path / "map.png"
    Image.fromarray(a).save(path)
    pm = read_picture(str(path))
    assert int(pm.labels[100, 250]) != int(pm.labels[100, 310])


def test_vikings_holmgard_is_one_astride_its_river():
    """Viking's Holmgard, cut in three by its rivers: one territory, linked
    as the site links it (to Gardarike, Vitebsk, Mordvin, Memel...)."""
    from tests.pictures.corpus import read_folder, vdip_folder
    r = read_folder(vdip_folder("Viking"))
    links = {("GARDARIKE", "HOLMGARD"), ("HOLMGARD", "VITEBSK"), ("HOLMGARD", "MORDVIN"), ("HOLMGARD", "MEMEL")}
    assert links <= r.truth["army"]
    assert links <= r.moves["army"], sorted(links - r.moves["army"])
