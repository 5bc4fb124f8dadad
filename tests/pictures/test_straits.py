"""Straits: two lands facing each other across water a few pixels wide are
linked for armies (and fleets when both are coasts), a proposal in doubt.
Asserted against the sites' graphs: Denmark and Sweden across the Sound
(Classic1880), Corsica and Sardinia, Naples and Sicily (ClassicSevenIslands)."""

import pytest

from tests.pictures.corpus import read_folder, vdip_folder


@pytest.mark.parametrize("name, pairs", [
    ("Classic1880", [("DENMARK", "SWEDEN")]),
    ("ClassicSevenIslands", [("CORSICA", "SARDINIA"), ("NAPLES", "SICILY")]),
])
def test_lands_across_a_strait(name, pairs):
    folder = vdip_folder(name)
    r = read_folder(folder)
    for pair in pairs:
        assert pair in r.truth["army"] and pair in r.truth["fleet"]
        assert pair in r.moves["army"] and pair in r.moves["fleet"], pair
        ids = {r.mine[pair[0]], r.mine[pair[1]]}
        edge = next(e for e in r.pm.inference.edges if {e.edge.a, e.edge.b} == ids)
        assert edge.confidence < 1.0 and "strait" in edge.reason
