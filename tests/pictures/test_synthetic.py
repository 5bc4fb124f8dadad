"""A picture drawn here, every answer known: the sea's colour found, land
on it a coast, the line between two lands a border for armies and fleets,
a box of a legend set apart (VK845), a shape the picture links to nothing set
apart (VK842), and the import loads."""
import numpy as np
from PIL import Image

from variantkit.cli import main
from variantkit.drawing.picture_map import read_picture
from variantkit.io import load
from variantkit.model import Terrain


def _picture(path):
    a = np.zeros((240, 300, 3), dtype=np.uint8)
    a[:] = (150, 200, 240)                     # the sea, a colour of its own
    a[40:120, 40:140] = (220, 60, 60)           # two lands side by side...
    a[40:120, 140:240] = (90, 180, 90)
    a[40:120, 139:141] = 0                      # ...a black border line between them
    a[38:40, 38:242] = a[120:122, 38:242] = 0   # and a coastline round both
    a[38:122, 38:40] = a[38:122, 240:242] = 0
    a[160:240, :] = 20                          # a black panel (a legend's frame)
    a[185:215, 120:180] = (240, 240, 200)       # with a box in it (a legend's)
    a[175:195, 20:60] = (200, 160, 90)          # and a shape nothing links, not a box
    a[195:215, 20:40] = (200, 160, 90)
    a[60:64, 60:62] = (255, 255, 255)           # lettering specks inside the red land
    Image.fromarray(a).save(path)


def test_a_drawn_picture(tmp_path, capsys):
    path = tmp_path / "map.png"
    _picture(path)
    pm = read_picture(str(path))
    assert pm.sea_colour == (150, 200, 240)
    at = {(x, y): pm.labels[y, x] for x, y in ((90, 80), (190, 80), (20, 20), (150, 200))}
    rid = {int(r_lab): r.id for r in pm.inference.regions.values()
           for r_lab in [pm.labels[int(r.label_pos[1]), int(r.label_pos[0])]]}
    red, green, sea, box = (pm.inference.regions[rid[int(at[p])]] for p in ((90, 80), (190, 80), (20, 20), (150, 200)))
    assert red.terrain is green.terrain is Terrain.COAST and sea.terrain is Terrain.WATER
    assert box.terrain is Terrain.IMPASSABLE and box.doubtful
    edges = {tuple(sorted((e.edge.a, e.edge.b))): e.edge.units.value for e in pm.inference.edges}
    assert edges[tuple(sorted((red.id, green.id)))] == "both"
    assert edges[tuple(sorted((red.id, sea.id)))] == "fleet"
    assert int(at[(90, 80)]) == int(pm.labels[61, 60])       # the specks belong to their land
    assert any(p.code == "VK845" for p in pm.inference.problems)
    shape = pm.inference.regions[rid[int(pm.labels[185, 30])]]
    assert shape.terrain is Terrain.IMPASSABLE and shape.doubtful and "apart from the map" in shape.reason
    assert any(p.code == "VK842" for p in pm.inference.problems)
    out = tmp_path / "out"
    assert main(["import", "picture", str(path), "-o", str(out)]) == 0
    err = capsys.readouterr().err
    assert "VK842" in err and "VK845" in err
    v = load(str(out / "variant.yaml")).variant
    assert v is not None and v.art == "map.svg" and (out / "map.png").is_file()
    assert main(["validate", str(out)]) == 0
