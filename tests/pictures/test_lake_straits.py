"""No strait across a lake: lands facing each other across a narrow
channel of the open sea are proposed linked (a strait), but lands facing
each other across as narrow a lake, water no sea reaches (World's Caspian,
WWIV_V6's Great Lakes), are not: a lake is no passage between two seas.
A picture drawn here."""
import numpy as np
from PIL import Image

from variantkit.drawing.picture_map import read_picture

SEA = (150, 200, 240)
COLOURS = {1: (200, 80, 80), 2: (90, 180, 90), 3: (220, 200, 90), 4: (200, 120, 220),
           5: (120, 140, 60), 6: (230, 150, 60)}


def _picture(path):
    lab = np.zeros((260, 420), dtype=np.int32)            # 0: the sea
    lab[20:110, 30:205] = 1                               # two lands across a channel of the sea,
    lab[20:110, 213:390] = 2                              # open at both ends: a strait
    lab[140:240, 30:209] = 3                              # two lands across a lake...
    lab[140:240, 209:390] = 4
    lab[140:166, 150:270] = 5                             # ...kept apart above and below it
    lab[214:240, 150:270] = 6
    lab[166:214, 170:250] = 0                             # the lake, enclosed...
    lab[182:198, 170:205] = 3                             # ...and two points in it, 8 pixels apart
    lab[182:198, 213:250] = 4
    a = np.zeros(lab.shape + (3,), dtype=np.uint8)
    a[:] = SEA
    for k, colour in COLOURS.items():
        a[lab == k] = colour
    edge = np.zeros(lab.shape, dtype=bool)                # a black line wherever two regions meet
    edge[:, 1:] |= lab[:, 1:] != lab[:, :-1]
    edge[1:, :] |= lab[1:, :] != lab[:-1, :]
    a[edge] = 0
    Image.fromarray(a).save(path)


def _linked(pm, y0x0, y1x1):
    a, b = (int(pm.labels[y, x]) for y, x in (y0x0, y1x1))
    ids = {}
    for r in pm.inference.regions.values():
        x, y = r.label_pos
        ids[r.id] = int(pm.labels[int(y), int(x)])
    ra = next(rid for rid, lab in ids.items() if lab == a)
    rb = next(rid for rid, lab in ids.items() if lab == b)
    return [e for e in pm.inference.edges if {e.edge.a, e.edge.b} == {ra, rb}]


def test_no_strait_across_a_lake(tmp_path):
    path = tmp_path / "map.png"
    _picture(path)
    pm = read_picture(str(path))
    lake = int(pm.labels[170, 209])
    assert any(r.terrain.value == "water" and int(pm.labels[int(r.label_pos[1]), int(r.label_pos[0])]) == lake
               for r in pm.inference.regions.values()), "the lake is read as water"
    sea = _linked(pm, (60, 100), (60, 300))
    assert sea and "strait" in sea[0].reason and sea[0].edge.units.army
    assert not _linked(pm, (190, 100), (190, 300)), "no strait across the lake"


def test_a_strait_across_a_gulf_a_mark_closes(tmp_path):
    """A gulf whose mouth a dark mark closes (BalkanWarsVI's arrow across
    the Gulf of Corinth) is within a strait's reach of the open sea: the
    lands facing each other across it are still proposed linked."""
    lab = np.zeros((260, 420), dtype=np.int32)
    lab[60:240, 30:209] = 3
    lab[60:240, 209:390] = 4
    lab[166:240, 150:270] = 6                             # the lands meet below the gulf only
    lab[60:166, 170:250] = 0                              # the gulf, open on the sea above...
    lab[120:136, 170:205] = 3                             # ...with two points in it, 8 pixels apart
    lab[120:136, 213:250] = 4
    a = np.zeros(lab.shape + (3,), dtype=np.uint8)
    a[:] = SEA
    for k, colour in COLOURS.items():
        a[lab == k] = colour
    edge = np.zeros(lab.shape, dtype=bool)
    edge[:, 1:] |= lab[:, 1:] != lab[:, :-1]
    edge[1:, :] |= lab[1:, :] != lab[:-1, :]
    a[edge] = 0
    a[58:65, 166:254] = 0                                 # a dark mark across the gulf's mouth
    path = tmp_path / "map.png"
    Image.fromarray(a).save(path)
    pm = read_picture(str(path))
    across = _linked(pm, (128, 100), (128, 300))
    assert across and "strait" in across[0].reason
