"""The diff drawn on the board: every change marked where it is."""
from dataclasses import replace

from lxml import etree

from tests.board.handmade import variant
from variantkit.board.diff_picture import diff_svg
from variantkit.io import load
from variantkit.model import Terrain, Unit

NS = {"s": "http://www.w3.org/2000/svg"}


def marks(svg, cls):
    return etree.fromstring(svg).findall(f".//s:g[@id='changes']/*[@class='{cls}']", NS)


def test_no_omsk_fleets_marks_omsk_and_its_two_fleet_links():
    base = load("maps/youngstown").variant
    other = load("maps/youngstown/no-omsk-fleets").variant
    svg = diff_svg(base, other)
    assert [m.get("data-province") for m in marks(svg, "province-changed")] == ["oms"]
    removed = sorted(m.get("data-edge") for m in marks(svg, "edge-removed"))
    assert removed == ["oms sib F", "oms stp/nc F"]
    assert marks(svg, "edge-added") == []
    legend = [t.text for t in etree.fromstring(svg).findall(".//s:g[@id='legend']/s:text", NS)]
    assert "3 change(s)" in legend
    assert "changed province oms: terrain coast -> land" in legend


def test_edges_homes_and_units_each_marked():
    base = variant(["a:c*", "b:c*", "c:c", "s:w"], ["a-b", "b-c", "a-s", "b-s"],
                   [("north", ["a"], ["A a"]), ("south", ["b"], ["F b"])])
    other = replace(base,
                    provinces=tuple(replace(p, terrain=Terrain.LAND) if p.id == "c" else p for p in base.provinces),
                    edges=base.edges[:1] + base.edges[2:] + (replace(base.edges[0], a="a", b="c"),),
                    powers=(replace(base.powers[0], homes=("a", "b")),
                            replace(base.powers[1], homes=(), units=(Unit.parse("A c"),))))
    svg = diff_svg(base, other)
    assert [m.get("data-province") for m in marks(svg, "province-changed")] == ["c"]
    assert [m.get("data-edge") for m in marks(svg, "edge-removed")] == ["b c A", "b c F"]
    assert [m.get("data-edge") for m in marks(svg, "edge-added")] == ["a c A", "a c F"]
    assert len(marks(svg, "home-added")) == 1 and len(marks(svg, "home-removed")) == 1
    assert len(marks(svg, "unit-added")) == 1 and len(marks(svg, "unit-removed")) == 1


def test_the_same_variant_shows_no_change():
    v = load("maps/standard").variant
    svg = diff_svg(v, v)
    assert etree.fromstring(svg).findall(".//s:g[@id='changes']/*", NS) == []
    legend = [t.text for t in etree.fromstring(svg).findall(".//s:g[@id='legend']/s:text", NS)]
    assert "no changes" in legend
