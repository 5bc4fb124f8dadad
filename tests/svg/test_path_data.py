"""Path data read without svgelements (arcs aside) gives the outline
svgelements gives: every command, absolute and relative, the smooth
curves' reflected controls, implicit repeats."""

import pytest
from shapely.geometry import LineString, Polygon
from svgelements import Path as SvgPath

from variantkit.drawing.svg.reader import _quick_path


def reference_rings(d, tolerance=0.05):
    """svgelements' reading, sampled finely."""
    rings, cur = [], []
    for seg in SvgPath(d):
        name = type(seg).__name__
        if name == "Move":
            if len(cur) > 1:
                rings.append(cur)
            cur = [(seg.end.x, seg.end.y)]
        elif name == "Close":
            if len(cur) > 1:
                rings.append(cur)
            cur = []
        else:
            cur += [(seg.point(k / 64).x, seg.point(k / 64).y) for k in range(1, 65)]
    if len(cur) > 1:
        rings.append(cur)
    return rings


@pytest.mark.parametrize("d", [
    "M 10 10 L 90 10 L 90 90 Z",
    "m10,10 80,0 0,80 -80,0 z",                       # relative, implicit lines after m
    "M10 10 H90 V90 h-80 v-80 Z",
    "M0 0 C 30 -40 70 -40 100 0 S 170 40 200 0 L 200 100 L 0 100 Z",
    "M0 0 c30-40 70-40 100 0 s70 40 100 0 l0 100 -200 0z",   # numbers run together
    "M0 0 Q 50 -60 100 0 T 200 0 V 100 H 0 Z",
    "M0 0 q50-60 100 0 t100 0 v100 h-200 z",
    "M0 0 L 100 0 L 100 100 Z M 20 20 L 50 20 L 50 50 Z",   # two subpaths
    "M1.5.5L10.25-3e1 20 20z",                        # decimals and exponents packed
])
def test_quick_reading_matches_svgelements(d):
    rings, closed = _quick_path(d, 0.05)
    want = reference_rings(d)
    assert closed == ("z" in d.lower())
    assert len(rings) == len(want)
    for got, ref in zip(rings, want):
        assert LineString(got).hausdorff_distance(LineString(ref)) < 0.1
        if len(got) > 2:
            assert Polygon(got).area == pytest.approx(Polygon(ref).area, rel=1e-3, abs=1e-6)


@pytest.mark.parametrize("d", ["M 0 0 L 10", "10 10 L 20 20", "M 0 0 C 1 2 3 4"])
def test_broken_path_data_raises_value_error(d):
    with pytest.raises(ValueError):
        _quick_path(d, 0.5)
