"""A palette picture is read by its entries, not only its colours:
WWIV_V6's map.png draws Eurasia and Africa black, the fill one palette
entry and the lines between its territories another of the same black.
Read so, each territory there is a region of its own, and the black land
is territory (a layer the site colours at play), not impassable."""


from tests.pictures.corpus import read_folder, vdip_folder


def test_wwiv_v6_black_layer():
    folder = vdip_folder("WWIV_V6")
    r = read_folder(folder)
    # Africa and Eurasia: Algiers, Kinshasa, Moscow, Beijing, Delhi... each found, in a region of its own
    for code in ("ALGIERSALG", "KINSHASAKIN", "MOSCOWMOS", "BEIJINGBEI", "DELHIDEL", "KABULKBL"):
        assert code in r.mine, code
        assert r.terrain(code) in ("land", "coast"), (code, r.terrain(code))
    assert r.found >= 0.9
    assert len(r.moves["army"] & r.truth["army"]) >= 0.9 * len(r.truth["army"])
