"""The tracing step other readers share: label image -> polygons with holes."""
import numpy as np

from variantkit.drawing.picture import trace


def test_a_ring_with_a_lake_and_an_island():
    labels = np.zeros((40, 60), dtype=np.int32)
    labels[5:35, 5:35] = 1          # a square...
    labels[15:25, 15:25] = 2        # ...with another region inside it (a hole of 1)
    labels[10:12, 45:50] = 1        # and an island apart
    shapes = trace(labels, tolerance=0.5)
    one, two = shapes[1], shapes[2]
    assert one.geom_type == "MultiPolygon" and len(one.geoms) == 2
    big = max(one.geoms, key=lambda g: g.area)
    assert len(big.interiors) == 1
    assert big.area == 30 * 30 - 10 * 10 and two.area == 100
    assert one.area == 900 - 100 + 10
    # neighbours share their border exactly: no overlap, no gap
    assert one.intersection(two).area == 0
    assert abs(big.interiors[0].length - two.exterior.length) < 1e-9


def test_simplified_outline_keeps_its_shape():
    yy, xx = np.mgrid[0:200, 0:200]
    labels = ((xx - 100) ** 2 + (yy - 100) ** 2 < 80 ** 2).astype(np.int32)
    exact = trace(labels, tolerance=0)[1]
    simple = trace(labels, tolerance=1.5)[1]
    assert len(simple.exterior.coords) < len(exact.exterior.coords) / 4
    assert abs(simple.area - np.pi * 80 ** 2) / (np.pi * 80 ** 2) < 0.01
    assert simple.is_valid


def test_only_the_asked_labels():
    labels = np.array([[1, 1, 2], [3, 3, 2]])
    assert set(trace(labels, ids=[2])) == {2}
    assert set(trace(labels)) == {1, 2, 3}
    assert trace(np.zeros((3, 3), dtype=int)) == {}
