"""Diplicity's variant JSON and map, read as the host reads them: every map
of the corpus equal to its own data, ids from the data, located refusals,
and our exports read back with only the documented losses."""
import json
from dataclasses import replace

import pytest

from variantkit.formats import formats
from variantkit.graph import Graph
from variantkit.io import load
from variantkit.problems import UnusableInput
from variantkit.review.diff import diff_variants

from tests.conftest import MAPS

CORPUS = ["classical", "hundred"]


def own_data(doc):
    """The .dvar's board, read here independently: moves per unit type, the
    fleet links to a two-coast parent left out (fleets go to its coasts)."""
    split = {c["parentProvince"] for c in doc["namedCoasts"]}
    moves = set()
    for rec in doc["provinces"] + doc["namedCoasts"]:
        for a in rec["adjacencies"]:
            for unit in ("army", "fleet"):
                if a["pass"] in (unit, "both"):
                    if unit == "fleet" and (rec["id"] in split or a["to"] in split):
                        continue
                    moves.add((unit, rec["id"], a["to"]))
    terrain = {p["id"]: ("coast" if p["id"] in split else {"sea": "water", "coastal": "coast"}.get(p["type"], "land"))
               for p in doc["provinces"]}
    homes = {(p["homeNation"], p["id"]) for p in doc["provinces"] if p.get("homeNation")}
    units = {(u["nation"], u["type"][0], u["location"]) for u in doc["initialState"]["units"]}
    owners = {(s["nation"], s["province"]) for s in doc["initialState"]["supplyCenters"]}
    centres = {p["id"] for p in doc["provinces"] if p["supplyCenter"]}
    return moves, terrain, homes, units, owners, centres


def ours(v):
    g = Graph(v)
    moves = set()
    for e in v.edges:
        for unit in ("army", "fleet"):
            if getattr(e.units, unit):
                moves |= {(unit, e.a, e.b), (unit, e.b, e.a)}
    terrain = {p.id: p.terrain.value for p in v.provinces}
    homes = {(w.id, h) for w in v.powers for h in w.homes}
    units = {(w.id, u.type.value, u.location) for w in v.powers for u in w.units}
    owners = {(w.id, c) for w in v.powers for c in w.starting_centers}
    assert g is not None
    return moves, terrain, homes, units, owners, set(v.centers)


@pytest.mark.parametrize("name", CORPUS)
def test_corpus_maps_read_equal_to_their_own_data(name, reference):
    folder = reference / "corpus" / "diplicity" / name
    doc = json.loads((folder / f"{name}.dvar").read_text())
    # read from the map's name: the id is the data's, never "classical.d"
    v, problems = formats()["diplicity"].read(str(folder / f"{name}.d.svg"))
    assert v.id == doc["id"] == name and v.name == doc["name"]
    assert ours(v) == own_data(doc)
    assert {w.id: w.colour for w in v.powers} == {n["id"]: n["color"] for n in doc["nations"]}
    assert v.victory == doc["victoryConditions"][0]["supplyCenters"]
    assert bool(v.rules.options.get("build_any")) == ("allow-builds-in-non-home-centers"
                                                      in doc.get("adjudicationModifiers", []))
    # every unit position from the map's own layer
    assert all(p.unit_pos for p in v.provinces) and all(c.unit_pos for p in v.provinces for c in p.coasts)
    assert v.art and v.art.endswith(f"{name}.d.svg")
    # what it cannot hold is said: hundred's five-year cycle
    said = " ".join(p.message for p in problems)
    assert ("phase cycle" in said) == (name == "hundred")


def test_imported_map_validates_and_its_drawing_agrees(reference, tmp_path):
    from variantkit.cli import main
    from variantkit.drawing.art import compare, infer_svg
    src = reference / "corpus" / "diplicity" / "classical" / "classical.d.svg"
    assert main(["import", "diplicity", str(src), "-o", str(tmp_path / "c")]) == 0
    loaded = load(str(tmp_path / "c"))
    assert not [p for p in loaded.report.problems if p.severity == "error"]
    assert loaded.variant.id == "classical" and loaded.variant.art == "classical.d.svg"
    _, inference = infer_svg(str(tmp_path / "c" / "classical.d.svg"))
    result = compare(inference, loaded.variant)
    assert result.precision == {"army": 1.0, "fleet": 1.0} and result.recall == {"army": 1.0, "fleet": 1.0}


def test_bad_files_are_refused_with_their_lines(tmp_path):
    bad = tmp_path / "b.dvar"
    bad.write_text('{\n "id": "x",\n "name": 3\n')
    with pytest.raises(UnusableInput) as err:
        formats()["diplicity"].read(str(bad))
    assert err.value.problems[0].line == 4 and err.value.problems[0].code == "VK780"
    v = load(str(MAPS / "standard")).variant
    formats()["diplicity"].write(v, str(tmp_path / "s.dvar"))
    text = (tmp_path / "s.dvar").read_text()
    text = text.replace('"to": "bur"', '"to": "nowhere"', 1).replace('"type": "sea"', '"type": "lake"', 1)
    (tmp_path / "s.dvar").write_text(text)
    with pytest.raises(UnusableInput) as err:
        formats()["diplicity"].read(str(tmp_path / "s.dvar"))
    found = {p.message.split(":")[0]: p.line for p in err.value.problems}
    assert len(err.value.problems) >= 3     # every problem at once: the bad link, its other end, the bad type
    lines = text.splitlines()
    assert all(p.line and p.file.endswith("s.dvar") for p in err.value.problems), found
    lake = [p for p in err.value.problems if "lake" in p.message][0]
    assert '"type": "lake"' in lines[lake.line - 1] or '"id"' in "\n".join(lines[lake.line - 2:lake.line + 2])


def test_a_name_with_a_control_character_is_refused_on_its_line(tmp_path):
    v = load(str(MAPS / "standard")).variant
    formats()["diplicity"].write(v, str(tmp_path / "s.dvar"))
    text = (tmp_path / "s.dvar").read_text().replace('"name": "Paris"', '"name": "Pa\\u001bris"')
    (tmp_path / "s.dvar").write_text(text)
    with pytest.raises(UnusableInput) as err:
        formats()["diplicity"].read(str(tmp_path / "s.dvar"))
    [p] = [p for p in err.value.problems if "U+001B" in p.message]
    assert p.line and '"id": "par"' in text.splitlines()[p.line - 1]


# what the round trip may change, each a documented loss (docs/formats/diplicity.md)
PROVINCE_FIELDS = {"aliases", "unit_pos", "label_pos", "offboard", "passable_in", "port", "inside"}
POWER_FIELDS = {"adjective", "letter"}


def _documented(line, base):
    what, change, detail = line["what"], line["change"], line["detail"]
    if what == "province" and change == "changed":
        field = detail.split()[0]
        if field == "coasts":    # coast names, aliases and positions; the coasts themselves equal
            return True
        return field in PROVINCE_FIELDS
    if what == "province" and change == "removed":
        return base.province(line["id"]).terrain.value == "impassable"          # VK731
    if what.endswith("edge"):
        ends = line["id"].replace("->", "-").split(" - ")
        if any(base.province(e.split("/")[0]).terrain.value == "impassable" for e in ends):
            return True                                                          # VK731
        return change == "changed" and detail.endswith("-> plain")              # VK733/VK734/VK705
    if what == "power" and change == "changed":
        return detail.split()[0] in POWER_FIELDS
    if what == "rule":
        return line["id"] == "draw_after_static_falls"                           # VK708
    if what == "rule option":
        return line["id"] != "build_any"                                         # VK774
    return False


@pytest.mark.parametrize("name", ["standard", "youngstown", "youngstown/no-omsk-fleets", "loeb9", "tutorial"])
def test_round_trip_loses_only_what_is_documented(name, tmp_path):
    base = load(str(MAPS / name)).variant
    formats()["diplicity"].write(base, str(tmp_path / "r.dvar"))
    back, _ = formats()["diplicity"].read(str(tmp_path / "r.dvar"))
    lines = diff_variants(base, back)
    assert all(_documented(line, base) for line in lines), [line for line in lines if not _documented(line, base)]
    # the graph per unit type, the powers, homes, owners and units are all kept
    def powers(v):
        return {(w.id, frozenset(w.homes), frozenset(w.units), frozenset(w.starting_centers)) for w in v.powers}
    assert powers(base) == powers(back)
    if name == "tutorial":
        assert back.province("wst").unit_pos is not None


def test_build_any_round_trips(tmp_path):
    v = load(str(MAPS / "standard")).variant
    v = replace(v, rules=replace(v.rules, options={"build_any": True}))
    formats()["diplicity"].write(v, str(tmp_path / "b.dvar"))
    back, _ = formats()["diplicity"].read(str(tmp_path / "b.dvar"))
    assert back.rules.options == {"build_any": True}


def test_round_trip_through_the_commands(tmp_path, capsys):
    """export, import and `variantkit diff --json` as a user runs them: the
    tutorial comes back with only the documented losses."""
    from variantkit.cli import main
    assert main(["export", "diplicity", str(MAPS / "tutorial"), "-o", str(tmp_path / "t.dvar")]) == 0
    assert main(["import", "diplicity", str(tmp_path / "t.dvar"), "-o", str(tmp_path / "back")]) == 0
    assert (tmp_path / "back" / "t.d.svg").is_file()          # the map came along as the art
    capsys.readouterr()
    assert main(["diff", str(MAPS / "tutorial"), str(tmp_path / "back"), "--json"]) == 0
    lines = json.loads(capsys.readouterr().out)
    base = load(str(MAPS / "tutorial")).variant
    assert lines and all(_documented(line, base) for line in lines), [
        line for line in lines if not _documented(line, base)]
