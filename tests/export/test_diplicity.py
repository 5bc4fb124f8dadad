"""Diplicity .dvar: valid against the host's own schema and its upload rules."""
import json
from dataclasses import replace

import jsonschema
import pytest
import yaml

from variantkit.formats import formats
from variantkit.io import load

from tests.conftest import MAPS


@pytest.mark.parametrize("name", ["standard", "youngstown", "youngstown/no-omsk-fleets", "loeb9"])
def test_export_passes_the_host_schema_and_rules(name, tmp_path, reference):
    v = load(str(MAPS / name)).variant
    out = tmp_path / "v.dvar"
    report = formats()["diplicity"].write(v, str(out))
    assert report.ok, [str(p) for p in report.problems]
    doc = json.loads(out.read_text())
    schema = yaml.safe_load((reference / "formats" / "diplicity" / "variant.schema.yaml").read_text())
    jsonschema.Draft202012Validator(schema).validate(doc)
    sides = {(r["id"], a["to"]): a["pass"] for r in doc["provinces"] + doc["namedCoasts"] for a in r["adjacencies"]}
    assert all(sides.get((b, a)) == kind for (a, b), kind in sides.items())
    impassable = {p.id for p in v.provinces if p.terrain.value == "impassable"}
    assert {p["id"] for p in doc["provinces"]} == {p.id for p in v.provinces} - impassable
    assert len([p for p in doc["provinces"] if p["supplyCenter"]]) == len(v.centers)
    assert all(a["pass"] == "fleet" for c in doc["namedCoasts"] for a in c["adjacencies"])
    assert doc["victoryConditions"] == [{"type": "supply-center-majority", "supplyCenters": v.victory}]
    assert {p.code for p in report.problems} >= ({"VK731"} if impassable else set())


def test_refuses_what_the_host_would_reject(tmp_path):
    v = load(str(MAPS / "standard")).variant
    long = replace(v.provinces[0], id="averyverylongid")
    bad = replace(v, provinces=(long,) + v.provinces[1:],
                  edges=(replace(v.edges[0], oneway=True),) + v.edges[1:])
    report = formats()["diplicity"].write(bad, str(tmp_path / "v.dvar"))
    assert not report.ok and not (tmp_path / "v.dvar").exists()
    assert {"VK732", "VK737"} <= {p.code for p in report.problems}


def test_layered_map_svg(tmp_path, reference):
    from lxml import etree
    from variantkit.cli import main
    out = tmp_path / "standard.dvar"
    assert main(["export", "diplicity", str(MAPS / "standard"), "-o", str(out),
                 "--art", str(reference / "mila" / "standard.svg")]) == 0
    root = etree.parse(str(tmp_path / "standard.d.svg")).getroot()
    ns = "{http://www.w3.org/2000/svg}"
    groups = [g.get("id") for g in root if g.tag == ns + "g"]
    assert groups == ["background", "provinces", "named-coasts", "unit-positions", "province-names",
                      "borders", "foreground"]
    assert [g.get("style") for g in root][:3] == ["display:none"] * 3
    doc = json.loads(out.read_text())
    provinces = {p.get("id") for p in root.find(f"{ns}g[@id='provinces']")}
    assert provinces == {p["id"] for p in doc["provinces"]}
    coasts = {p.get("id") for p in root.find(f"{ns}g[@id='named-coasts']")}
    assert coasts == {c["id"] for c in doc["namedCoasts"]} == {"bul/ec", "bul/sc", "spa/nc", "spa/sc",
                                                                "stp/nc", "stp/sc"}
    circles = root.find(f"{ns}g[@id='unit-positions']")
    assert {c.get("id") for c in circles} == provinces | coasts and {c.get("r") for c in circles} == {"10"}
    # on the MILA art, Paris's unit stands inside Paris's drawn shape
    from shapely.geometry import Point
    from variantkit.drawing.art import infer_svg
    _, inf = infer_svg(str(reference / "mila" / "standard.svg"))
    par = [c for c in circles if c.get("id") == "par"][0]
    assert inf.regions["par"].geom.contains(Point(float(par.get("cx")), float(par.get("cy"))))
