"""The boxes of a counter or a legend (rectangles in a row, on one
background) are set apart from the map, as the site links them to nothing:
asserted against truth.json, where such territories have no move at all."""

import pytest

from tests.pictures.corpus import read_folder, vdip_folder


@pytest.mark.parametrize("name", ["Maharajah", "War2020", "Zeus5", "Habelya"])
def test_counters_are_apart(name):
    folder = vdip_folder(name)
    r = read_folder(folder)
    linked = {c for ms in r.truth.values() for m in ms for c in m}
    unlinked = {c for c in r.mine if c not in linked}
    assert len(unlinked) >= 4     # each of these maps draws a counter of four boxes or more
    apart = {c for c in r.mine if r.terrain(c) == "impassable"}
    assert apart == unlinked
    assert all(r.pm.inference.regions[r.mine[c]].doubtful for c in apart)
    assert any(p.code == "VK845" for p in r.pm.inference.problems)
