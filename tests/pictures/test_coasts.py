"""A coast drawn apart from its province (webDiplomacy's maps cut a
two-coast province's coasts off by a line, in the province's colour) is
part of its province: Bulgaria's south coast on USofA's map, so Bulgaria
borders Greece as the site has it."""
import json
import os


from tests.pictures.corpus import read_folder, vdip_folder


def test_bulgarias_south_coast_is_bulgaria():
    folder = vdip_folder("USofA")
    r = read_folder(folder)
    for pair in (("BULGARIA", "GREECE"), ("ALBANIA", "GREECE")):
        assert pair in r.truth["army"] and pair in r.moves["army"], pair
    truth = json.load(open(os.path.join(folder, "truth.json")))["locations"]
    x, y = truth["BULGARIA/SC"]["large"]
    bx, by = truth["BULGARIA"]["large"]
    assert r.pm.labels[int(y), int(x)] == r.pm.labels[int(by), int(bx)]
