"""Diplicity: our .dvar and .d.svg pass the host's own upload checks
(../shared/hosts/diplicity/check, its code run unchanged), with its layer
rules, on the variant's drawing where it has one; rules it holds are written."""
import json
from dataclasses import replace

import pytest
from lxml import etree

from variantkit.formats import formats
from variantkit.io import load

from tests.conftest import MAPS
from tests.export.diplicity_host import check, run

NS = "{http://www.w3.org/2000/svg}"
BUNDLED = ["standard", "youngstown", "youngstown/no-omsk-fleets", "loeb9", "tutorial"]


def export(v, out, art=None):
    report = formats()["diplicity"].export(v, str(out), art_file=art)
    assert report.ok, [str(p) for p in report.problems]
    return report, json.loads(out.read_text()), out.with_suffix("").with_suffix(".d.svg")


@pytest.mark.parametrize("name", BUNDLED)
def test_the_host_accepts_our_bundled_exports(name, tmp_path):
    loaded = load(str(MAPS / name))
    from variantkit.io import art_path
    art = art_path(loaded)
    report, doc, svg = export(loaded.variant, tmp_path / "v.dvar", art)
    verdict = check(tmp_path / "v.dvar", svg)
    assert verdict["_rc"] == 0 and verdict["ok"] and not verdict["errors"], verdict["errors"]
    assert "game_start" in verdict["stages_run"]
    codes = {p.code for p in report.problems}
    # the map is the variant's drawing where it has one, the schematic board said otherwise
    assert ("VK745" in codes) == (art is None)
    root = etree.parse(str(svg)).getroot()
    layers = {g.get("id"): g for g in root if g.tag == NS + "g"}
    assert [g.get("id") for g in root if g.tag == NS + "g"] == ["background", "provinces", "named-coasts",
                                                                 "unit-positions", "province-names", "borders",
                                                                 "foreground"]
    # the host's rule: data layers hidden, the art shown
    assert {k for k, g in layers.items() if "display:none" in (g.get("style") or "")} >= {
        "provinces", "named-coasts", "unit-positions"}
    assert "display:none" not in (layers["background"].get("style") or "")
    coasts = {c["id"] for c in doc["namedCoasts"]}
    assert {p.get("id") for p in layers["named-coasts"]} == coasts


def test_the_tutorial_map_is_its_own_drawing(tmp_path):
    """The tutorial's art is the background; its shapes are the click areas,
    Midland's two coasts are the drawing's coast shapes, ids stay unique."""
    loaded = load(str(MAPS / "tutorial"))
    _, doc, svg = export(loaded.variant, tmp_path / "t.dvar", str(MAPS / "tutorial" / "map.svg"))
    root = etree.parse(str(svg)).getroot()
    art = root.find(f"{NS}g[@id='background']/{NS}g[@id='art']")
    assert art is not None and art.find(f".//{NS}rect[@id='art-wst']") is not None
    # the drawing's own ids are prefixed: the host's lookups by id find its data layers only
    assert all(e.get("id").startswith("art") for e in art.iter() if e.get("id"))
    wst = root.find(f"{NS}g[@id='provinces']/{NS}path[@id='wst']")
    # Westmark's drawn rectangle is x 0-150, y 80-260
    xs = [float(t.split(",")[0].lstrip("ML")) for t in wst.get("d").split() if "," in t]
    assert min(xs) == pytest.approx(0, abs=1) and max(xs) == pytest.approx(150, abs=1)
    nc = root.find(f"{NS}g[@id='named-coasts']/{NS}path[@id='mid/nc']")
    assert "a8,8" not in nc.get("d")      # the drawing's coast shape, not a disc
    circles = {c.get("id"): (float(c.get("cx")), float(c.get("cy")))
               for c in root.find(f"{NS}g[@id='unit-positions']")}
    assert circles["mid/nc"][1] < 170 < circles["mid/sc"][1]


def test_build_any_is_the_host_modifier_and_plays(tmp_path):
    """build_any is written as allow-builds-in-non-home-centers, and the host's
    engine then offers a build in a captured centre."""
    v = load(str(MAPS / "standard")).variant
    v = replace(v, rules=replace(v.rules, options={**v.rules.options, "build_any": True}))
    report, doc, svg = export(v, tmp_path / "b.dvar")
    assert doc["adjudicationModifiers"] == ["allow-builds-in-non-home-centers"]
    assert check(tmp_path / "b.dvar", svg)["ok"]
    state = {"phase": {"season": "Fall", "year": 1901, "type": "Adjustment"},
             "units": [{"nation": "england", "type": "Army", "location": "bel", "dislodged": False,
                        "dislodgedFrom": None}],
             "supplyCenters": [{"nation": "england", "province": p} for p in ("lon", "lvp", "edi", "nwy")],
             "orders": []}
    state_file = tmp_path / "state.json"
    state_file.write_text(json.dumps(state))
    opts = run("options", str(tmp_path / "b.dvar"), str(state_file))
    builds = {o["source"] for o in opts["options"] if o["orderType"] == "Build"}
    assert "nwy" in builds and "lon" in builds
    plain, _, _ = export(load(str(MAPS / "standard")).variant, tmp_path / "p.dvar")
    opts = run("options", str(tmp_path / "p.dvar"), str(state_file))
    assert "nwy" not in {o["source"] for o in opts["options"] if o["orderType"] == "Build"}


def test_rules_the_host_cannot_hold_are_reported(tmp_path):
    v = load(str(MAPS / "standard")).variant
    v = replace(v, rules=replace(v.rules, options={"convoy_fallback": True, "civil_disorder": "classic"}))
    report, doc, _ = export(v, tmp_path / "r.dvar")
    said = " ".join(p.message for p in report.problems if p.code in ("VK774", "VK662"))
    # the host plays the classic civil disorder rule: only another rule is a loss
    assert "convoy_fallback" in said and "civil disorder" not in said and "adjudicationModifiers" not in doc
    v = replace(v, rules=replace(v.rules, options={}))
    report, _, _ = export(v, tmp_path / "d.dvar")
    assert any("civil disorder" in p.message for p in report.problems if p.code == "VK662")


def test_the_schema_is_found_without_configuration(tmp_path, monkeypatch, reference):
    """Beside the output, the host's schema is used with no setting; nowhere,
    its rules built in are checked instead (VK740 says so)."""
    from variantkit.formats import diplicity
    monkeypatch.delenv("VARIANTKIT_REFERENCE", raising=False)
    monkeypatch.delenv("VARIANTKIT_DIPLICITY_SCHEMA", raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.chdir(tmp_path)
    v = load(str(MAPS / "standard")).variant
    report, _, _ = export(v, tmp_path / "a.dvar")
    assert "VK740" in {p.code for p in report.problems}
    (tmp_path / "beside").mkdir()
    (tmp_path / "beside" / "variant.schema.yaml").write_bytes(
        (reference / "formats" / "diplicity" / "variant.schema.yaml").read_bytes())
    beside = tmp_path / "beside"
    assert diplicity.schema_path(str(beside / "b.dvar")) == str(beside / "variant.schema.yaml")
    report, _, _ = export(v, tmp_path / "beside" / "b.dvar")
    assert "VK740" not in {p.code for p in report.problems}


def test_refuses_what_the_host_would_reject(tmp_path):
    v = load(str(MAPS / "standard")).variant
    long = replace(v.provinces[0], id="averyverylongid")
    bad = replace(v, provinces=(long,) + v.provinces[1:],
                  edges=(replace(v.edges[0], oneway=True),) + v.edges[1:])
    report = formats()["diplicity"].write(bad, str(tmp_path / "v.dvar"))
    assert not report.ok and not (tmp_path / "v.dvar").exists() and not (tmp_path / "v.d.svg").exists()
    assert {"VK732", "VK737"} <= {p.code for p in report.problems}
    named = replace(v, provinces=(replace(v.provinces[0], name="Bad\x01name"),) + v.provinces[1:])
    report = formats()["diplicity"].write(named, str(tmp_path / "n.dvar"))
    assert not report.ok and "VK770" in {p.code for p in report.problems}
    assert not (tmp_path / "n.dvar").exists()
    # a bidirectional override would show another name in the host's apps: named and refused
    bidi = replace(v, powers=(replace(v.powers[0], name="Aus\u202etria"),) + v.powers[1:])
    report = formats()["diplicity"].write(bidi, str(tmp_path / "d.dvar"))
    assert any(p.code == "VK770" and "U+202E" in p.message for p in report.problems)


def test_units_stand_where_the_drawings_markers_put_them(tmp_path, reference):
    """godip's classical read from its map.go (no positions) and exported on
    godip's drawing: each unit circle is the drawing's own marker (parCenter,
    and the coasts' markers)."""
    from variantkit.drawing.art import infer_svg
    folder = reference / "corpus" / "godip" / "classical"
    v, _ = formats()["godip"].read(str(folder / "map.go"))
    _, _, svg = export(v, tmp_path / "c.dvar", str(folder / "classicalmap.svg"))
    _, inference = infer_svg(str(folder / "classicalmap.svg"))
    root = etree.parse(str(svg)).getroot()
    circles = {c.get("id"): (float(c.get("cx")), float(c.get("cy")))
               for c in root.find(f"{NS}g[@id='unit-positions']")}
    markers = {rid: r.unit_pos for rid, r in inference.regions.items() if r.unit_pos}
    markers.update(inference.coast_pos)
    assert len(markers) == len(circles) == 81
    for loc, (x, y) in circles.items():
        assert (x, y) == pytest.approx(markers[loc], abs=0.1), loc
