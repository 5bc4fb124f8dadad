"""A palette picture is read by its entries, not only its colours:
WWIV_V6's map.png draws Eurasia and Africa black, the fill one palette
entry and the lines between its territories another of the same black.
Read so, each territory there is a region of its own, and the black land
is territory (a layer the site colours at play), not impassable."""
import os

import pytest

from tests.pictures.corpus import VDIP, read_folder


def test_wwiv_v6_black_layer():
    folder = os.path.join(VDIP, "WWIV_V6")
    if not os.path.isdir(folder):
        if os.environ.get("CI") == "true":
            pytest.fail(f"the corpus is missing at {folder}")
        pytest.skip("the corpus is not here")
    r = read_folder(folder)
    # Africa and Eurasia: Algiers, Kinshasa, Moscow, Beijing, Delhi... each found, in a region of its own
    for code in ("ALGIERSALG", "KINSHASAKIN", "MOSCOWMOS", "BEIJINGBEI", "DELHIDEL", "KABULKBL"):
        assert code in r.mine, code
        assert r.terrain(code) in ("land", "coast"), (code, r.terrain(code))
    assert r.found >= 0.9
    assert len(r.moves["army"] & r.truth["army"]) >= 0.9 * len(r.truth["army"])
