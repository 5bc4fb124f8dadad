"""webDiplomacy variant folders: our export installed by the site's own
installer (../shared/hosts/webdiplomacy), read back by our reader, and a
hostile name run through it."""
import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from variantkit.cli import main
from variantkit.formats import formats
from variantkit.graph import Graph
from variantkit.io import load
from variantkit.model import UnitType
from variantkit.review.diff import diff_variants

from tests.conftest import MAPS, reference_dir

INSTALL = reference_dir().parent / "hosts" / "webdiplomacy" / "install"


def install(folder: Path, *extra: str) -> tuple:
    """The site's own installer on the folder: (exit code, its JSON)."""
    if not INSTALL.exists() or shutil.which("php") is None:
        pytest.skip(f"webDiplomacy's installer runner or php-cli is missing ({INSTALL})")
    run = subprocess.run([str(INSTALL), str(folder), *extra], capture_output=True, text=True, timeout=120)
    return run.returncode, json.loads(run.stdout)


def names_of(v):
    names = {}
    for p in v.provinces:
        names[p.id] = p.name
        for c in p.coasts:
            label = c.name if c.name.endswith(" Coast") else f"{c.name} Coast"
            names[f"{p.id}/{c.id}"] = f"{p.name} ({label})"
    return names


def our_moves(v):
    """Directed (from, to) name pairs per unit type, as the site's CoastalBorders hold them."""
    g = Graph(v)
    names = names_of(v)
    army, fleet = set(), set()
    for loc in names:
        if loc.split("/")[0] not in names or v.province(loc.split("/")[0]).terrain.value == "impassable":
            continue
        army |= {(names[loc], names[m]) for m in g.moves(UnitType.ARMY, loc) if m in names}
        fleet |= {(names[loc], names[m]) for m in g.moves(UnitType.FLEET, loc) if m in names}
    return army, fleet


def site_moves(out):
    army = {(a, b) for a, b, _, armies in out["coastal_borders"] if armies == "Yes"}
    fleet = {(a, b) for a, b, fleets, _ in out["coastal_borders"] if fleets == "Yes"}
    return army, fleet


@pytest.mark.parametrize("name", ["standard", "youngstown", "loeb9", "tutorial"])
def test_export_installs_as_ours(tmp_path, name):
    v = load(str(MAPS / name)).variant
    folder = tmp_path / "Out"
    assert main(["export", "webdiplomacy", str(MAPS / name), "-o", str(folder)]) == 0
    assert sorted(p.name for p in folder.rglob("*") if p.is_file()) == [
        "adjudicatorPreGame.php", "drawMap.php", "install.php", "map.png", "smallmap.png", "variant.php"]
    code, out = install(folder, "--strict-images")
    assert code == 0 and out["ok"], out["problems"]
    assert out["error"] is None and out["sql_unparsed"] == [] and out["stray_output"] in ("", None)
    assert out["images"]["problems"] == []
    assert out["variant"]["countries"] == [pw.name for pw in v.powers]  # the stated order: power order
    names = names_of(v)
    kept = {loc: n for loc, n in names.items() if v.province(loc.split("/")[0]).terrain.value != "impassable"}
    assert sorted(t["name"] for t in out["territories"]) == sorted(kept.values())
    assert out["counts"]["supply_centres"] == sum(1 for p in v.provinces if p.center)
    site_army, site_fleet = site_moves(out)
    army, fleet = our_moves(v)
    assert site_army == army and site_fleet == fleet
    # coasts as the site models them: children of their province, fleets only
    for t in out["territories"]:
        assert (t["coast"] == "Child") == (t["name"] in {n for loc, n in kept.items() if "/" in loc})
    units = sorted((u["country"], u["territory"], u["type"]) for u in out["starting_units"])
    assert units == sorted((pw.name, names[u.location], "Army" if u.type is UnitType.ARMY else "Fleet")
                           for pw in v.powers for u in pw.units)


@pytest.mark.parametrize("name", ["standard", "youngstown", "loeb9", "tutorial"])
def test_export_reads_back(tmp_path, name):
    """Export, then our reader: the graph, centres, powers, homes and units come back;
    what differs is the documented loss (ids made from names, positions of the drawn board)."""
    v = load(str(MAPS / name)).variant
    folder = tmp_path / "Out"
    assert formats()["webdiplomacy"].write(v, str(folder)).ok
    back, problems = formats()["webdiplomacy"].read(str(folder))
    assert back is not None and not [p for p in problems if p.severity == "error"]
    assert our_moves(back) == our_moves(v)
    assert [pw.name for pw in back.powers] == [pw.name for pw in v.powers]
    by_name = {p.name: p for p in back.provinces}
    assert sorted(p.name for p in back.provinces if p.center) == sorted(p.name for p in v.provinces if p.center)
    for pw, bpw in zip(v.powers, back.powers):
        assert sorted(v.province(h).name for h in pw.homes) == sorted(by_name[back.province(h).name].name
                                                                        for h in bpw.homes)
        assert len(pw.units) == len(bpw.units)
    assert main(["import", "webdiplomacy", str(folder), "-o", str(tmp_path / "back")]) == 0
    assert main(["validate", str(tmp_path / "back")]) == 0
    lines = diff_variants(v, load(str(tmp_path / "back")).variant)
    impassable = {p.id for p in v.provinces if p.terrain.value == "impassable"}
    left = [x for x in lines if not _documented_loss(x, impassable)]
    assert left == [], left


# What docs/formats/webdiplomacy.md lists as lost: the site has no aliases,
# adjectives or letters; positions are those of the drawn pictures; impassable
# spaces are no territories; the art is the exported picture.
LOSSES = ("unit_pos", "label_pos", "aliases", "adjective", "letter", "art",
          # and what the export reports it cannot hold (VK750, VK752, VK755)
          "passable_in", "strait -> plain", "offboard", "inside")


def _documented_loss(line, impassable) -> bool:
    detail = line.get("detail", "")
    if line["id"].split()[0].split("/")[0] in impassable or any(f"{i}" in line["id"].split("-") for i in impassable):
        return True
    if line["what"] == "rule option" or line["id"] == "draw_after_static_falls":
        return True
    if detail.startswith("coasts "):  # the same coasts, aliases and positions aside
        before, after = detail[len("coasts "):].split(" -> ")
        return re.findall(r"id: (\w+), name: ([^,]+)", before) == re.findall(r"id: (\w+), name: ([^,]+)", after)
    return any(detail.startswith(k) for k in LOSSES)


HOSTILE = "?><?php system('id'); ?> // */ \\ ' \" end \\"


def test_hostile_name_never_runs(tmp_path):
    """PHP in the description and author, quotes, backslashes, comment ends in the name: each arrives
    intact and nothing runs; a name with a line break or markup is refused (a name is one line, which
    the site prints unescaped), in the description it arrives intact."""
    v = load(str(MAPS / "standard")).variant
    from dataclasses import replace
    refused = formats()["webdiplomacy"].write(replace(v, name=HOSTILE + "\nsecond line"), str(tmp_path / "No"))
    assert not refused.ok and "VK770" in {p.code for p in refused.problems}
    assert not (tmp_path / "No").exists()
    # the site prints a name into its pages unescaped: markup in a name is refused too
    refused = formats()["webdiplomacy"].write(replace(v, name=HOSTILE), str(tmp_path / "No"))
    assert not refused.ok and "markup" in " ".join(p.message for p in refused.problems)
    name = HOSTILE.replace("<", "").replace(">", "")
    hostile = replace(v, name=name, description=HOSTILE + "\n?>\n<?php system('id');", authors=(HOSTILE,))
    folder = tmp_path / "Hostile"
    report = formats()["webdiplomacy"].write(hostile, str(folder))
    assert report.ok
    code, out = install(folder, "--strict-images")
    assert code == 0 and out["ok"], out["problems"]
    assert out["stray_output"] in ("", None)  # nothing printed: no code ran
    assert "uid=" not in json.dumps(out)
    assert out["variant"]["fullName"] == name and out["variant"]["description"] == hostile.description
    assert out["variant"]["author"] == HOSTILE
    # and our reader reads it back intact
    back, _ = formats()["webdiplomacy"].read(str(folder))
    assert back.name == name


def test_territory_name_with_a_quote_is_reported(tmp_path):
    v = load(str(MAPS / "standard")).variant
    from dataclasses import replace
    provs = tuple(replace(p, name="St Peter's Land") if p.id == "stp" else p for p in v.provinces)
    report = formats()["webdiplomacy"].write(replace(v, provinces=provs), str(tmp_path / "Q"))
    assert report.ok and "VK757" in {p.code for p in report.problems}
    code, out = install(tmp_path / "Q", "--strict-images")
    assert code == 0 and "St Peter\u2019s Land" in {t["name"] for t in out["territories"]}


def test_refused_export_writes_nothing(tmp_path):
    v = load(str(MAPS / "standard")).variant
    from dataclasses import replace
    provs = tuple(replace(p, name="Paris") if p.id == "bur" else p for p in v.provinces)
    report = formats()["webdiplomacy"].write(replace(v, provinces=provs), str(tmp_path / "Dup"))
    assert not report.ok and "VK758" in {p.code for p in report.problems}
    assert not (tmp_path / "Dup").exists()


def test_the_traced_art_is_bytes_the_import_saves_not_a_scratch_file(tmp_path, monkeypatch):
    """The reader returns the art it traces; nothing is written until the import saves it beside
    the variant (it wrote a scratch SVG in the temp folder, kept in a module-wide list until exit)."""
    import tempfile
    scratch = tmp_path / "scratch"
    scratch.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(scratch))
    v = load(str(MAPS / "tutorial")).variant
    folder = tmp_path / "Out"
    assert formats()["webdiplomacy"].write(v, str(folder)).ok
    back, problems, art = formats()["webdiplomacy"].read_with_art(str(folder))
    assert back is not None and back.art == "map.svg" and art is not None and art.startswith(b"<svg")
    assert formats()["webdiplomacy"].read(str(folder))[0].art is None  # the graph alone: nothing traced
    assert main(["import", "webdiplomacy", str(folder), "-o", str(tmp_path / "back")]) == 0
    assert (tmp_path / "back" / "map.svg").read_bytes() == art
    assert list(scratch.iterdir()) == []
