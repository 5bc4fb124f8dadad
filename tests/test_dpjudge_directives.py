"""The DPjudge directive corpus: one small map per directive and per misreading
the issue found (tests/data/dpjudge/), each USEing the same small board
(base.map: France with PAR BRE, England with LON, Spain neutral).  Each case
asserts what DPjudge's own reading gives, worked out by hand from the meaning
of the directive, or the located error; every map that imports also loads
back from the file `variantkit import` writes."""
import json
from pathlib import Path

import pytest

from variantkit.cli import main
from variantkit.formats.dpjudge import read_dpjudge
from variantkit.graph import Graph
from variantkit.model import Terrain, UnitType
from variantkit.rules.game import Game
from variantkit.validate import load_checked

CORPUS = Path(__file__).parent / "data" / "dpjudge"


def read(name):
    res = read_dpjudge(str(CORPUS / f"{name}.map"))
    return res.variant, res.problems


def errors(problems):
    return [(p.code, p.line) for p in problems if p.severity == "error"]


def warnings(problems):
    return [(p.code, p.line) for p in problems if p.severity == "warning"]


def homes(v, power):
    return sorted(v.power(power).homes)


def imported(tmp_path, name):
    """`variantkit import dpjudge` and the variant it wrote, loaded and checked."""
    out = tmp_path / name
    assert main(["import", "dpjudge", str(CORPUS / f"{name}.map"), "-o", str(out)]) == 0
    loaded = load_checked(str(out))
    assert loaded.report.ok, [str(p) for p in loaded.report.errors]
    return loaded.variant


def test_base_board():
    v, problems = read("base")
    assert problems == []
    assert homes(v, "france") == ["bre", "par"] and homes(v, "england") == ["lon"]
    assert sorted(v.centers) == ["bre", "lon", "par", "spa"]


# -- powers and their homes ---------------------------------------------------

def test_a_power_line_adds_homes():
    v, problems = read("homes_add")  # ENGLAND WAL, England defined with LON in base
    assert homes(v, "england") == ["lon", "wal"] and problems == []
    assert [str(u) for u in v.power("england").units] == ["F lon"]


def test_a_minus_takes_a_home_away_and_it_stays_a_neutral_centre():
    v, _ = read("homes_remove")  # FRANCE -BRE
    assert homes(v, "france") == ["par"]
    assert "bre" in v.centers and v.province("bre").center


def test_home_prefixes_the_model_cannot_hold_are_reported():
    v, problems = read("homes_prefixes")  # FRANCE *PIC +BUR ~GAS @WAL
    assert homes(v, "france") == ["bre", "gas", "par", "wal"]  # hidden and alternative kept
    assert "pic" not in v.centers and "bur" not in v.centers  # partisan and factory sites
    # partisan and factory sites left out (VK653), hidden and alternative homes kept plain (VK654)
    assert warnings(problems) == [("VK653", 2)] * 2 + [("VK654", 2)] * 2


def test_homes_replaces():
    v, _ = read("homes_replace")
    assert homes(v, "france") == ["gas", "par"]
    assert "bre" not in v.centers  # no longer anybody's home nor listed as neutral


def test_inhabits_replaces_once_then_adds_and_a_later_power_line_replaces():
    v, _ = read("inhabits")  # INHABITS GAS; INHABITS PIC; FRANCE BUR
    assert homes(v, "france") == ["bur"]


def test_owns_and_centers_give_the_starting_centres():
    # the first OWNS line of a power gives its starting centres (later ones add): France
    # starts with Spain alone, its homes unowned; CENTERS replaces
    v, _ = read("owns")
    assert v.power("france").starting_centers == ("spa",) and homes(v, "france") == ["bre", "par"]
    assert v.power("england").starting_centers == ("wal",)
    assert homes(v, "england") == ["lon"]


def test_owns_round_trips_through_the_exporter(tmp_path):
    v = imported(tmp_path, "owns")
    assert main(["export", "dpjudge", str(tmp_path / "owns"), "-o", str(tmp_path / "back.map")]) == 0
    back = read_dpjudge(str(tmp_path / "back.map")).variant
    for p in v.powers:
        assert sorted(back.power(p.id).starting_centers) == sorted(p.starting_centers)


def test_unplayed_removes_a_power():
    v, problems = read("unplayed")
    assert sorted(p.id for p in v.powers) == ["france", "germany"]
    assert "lon" not in v.centers and errors(problems) == []


def test_unplayed_all_except():
    v, _ = read("unplayed_all_except")
    assert sorted(p.id for p in v.powers) == ["france", "germany"]


def test_unplayed_names_an_unknown_power():
    _, problems = read("unplayed_unknown")
    assert ("VK637", 2) in errors(problems)


def test_a_dummy_power_is_kept_and_reported():
    v, problems = read("dummy")
    assert {p.id for p in v.powers} == {"france", "england"}
    assert any(p.code == "VK628" and "ENGLAND" in p.message for p in problems)


def test_power_names_are_normalised_as_dpjudge_does(tmp_path):
    v = imported(tmp_path, "power_names")
    ids = {p.id: p for p in v.powers}
    assert set(ids) == {"france", "england", "stpetersburg", "newyork", "india", "bc"}
    assert ids["stpetersburg"].name == "St Petersburg" and ids["stpetersburg"].letter == "R"
    assert ids["newyork"].homes == ("bur",) and ids["india"].homes == ("gas",)


def test_a_power_is_renamed():
    v, problems = read("power_rename")
    assert sorted(p.id for p in v.powers) == ["england", "gaul"]
    gaul = v.power("gaul")
    assert gaul.homes == ("par", "bre") and gaul.letter == "G" and gaul.adjective == "Gaulish"
    assert [str(u) for u in gaul.units] == ["A par", "F bre"]


def test_renaming_an_unknown_power():
    _, problems = read("power_rename_unknown")
    assert ("VK652", 2) in errors(problems)


# -- names, renames, terrain ------------------------------------------------------

def test_a_name_line_beginning_with_a_terrain_word(tmp_path):
    v = imported(tmp_path, "name_with_terrain_word")
    assert v.province("lol").name == "Land of Lakes" and v.province("lol").aliases == ("lakes",)
    assert "lol" in Graph(v).moves(UnitType.ARMY, "bur")


def test_a_rename_takes_effect_at_once(tmp_path):
    v = imported(tmp_path, "rename_then_amend")
    g = Graph(v)
    assert v.province("par") is None and v.province("lut").aliases == ("lutece",)
    assert "pic" not in g.moves(UnitType.ARMY, "lut") and "lut" not in g.moves(UnitType.ARMY, "pic")
    assert "bur" in g.moves(UnitType.ARMY, "lut")
    assert [str(u) for u in v.power("france").units] == ["F bre", "A lut"]
    assert homes(v, "france") == ["bre", "lut"]


def test_the_old_code_is_gone_after_a_rename():
    _, problems = read("rename_unit_old_code")
    assert ("VK629", 4) in errors(problems)


def test_a_terrain_line_without_abuts_keeps_the_links(tmp_path):
    v = imported(tmp_path, "land_without_abuts")  # LAND SWI: was SHUT
    assert v.province("swi").terrain is Terrain.LAND
    assert "swi" in Graph(v).moves(UnitType.ARMY, "bur")


def test_a_space_is_not_its_own_neighbour(tmp_path):
    v = imported(tmp_path, "self_neighbour")
    assert not [e for e in v.edges if e.a == e.b]
    _, problems = read("self_neighbour")
    assert warnings(problems) == [("VK625", 2)]


def test_a_leading_star_is_read_like_a_trailing_one():
    v, problems = read("leading_star")
    assert errors(problems) == [] and ("VK619", 2) in warnings(problems)
    assert "bur" in Graph(v).moves(UnitType.ARMY, "pic")


def test_drop_removes_every_location_the_code_begins():
    v, problems = read("drop_prefix")
    assert v.province("spa") is None and "spa" not in v.centers
    assert not [e for e in v.edges if "spa" in (e.a.split("/")[0], e.b.split("/")[0])]


def test_a_multi_coast_province_written_in_upper_case_loses_its_coasts():
    v, problems = read("decoast")
    g = Graph(v)
    assert v.province("spa").coasts == () and errors(problems) == []
    assert "spa" in g.moves(UnitType.FLEET, "gas") and "spa" in g.moves(UnitType.FLEET, "mao")
    assert g.may_stand(UnitType.FLEET, "spa")


def test_amend_minus_removes_every_link_the_code_begins():
    v, problems = read("amend_remove_prefix")  # AMEND GAS ABUTS -SPA: spa and SPA/NC
    g = Graph(v)
    assert not {"spa", "spa/nc"} & (set(g.moves(UnitType.FLEET, "gas")) | set(g.moves(UnitType.ARMY, "gas")))
    assert errors(problems) == []


# -- settings, rules, blocks ----------------------------------------------------

def test_judge_settings_are_reported_never_read_as_powers():
    v, problems = read("judge_settings")
    assert {p.id for p in v.powers} == {"france", "england"}
    assert homes(v, "france") == ["bre", "par"]
    # judge settings (VK610), and NEWHOMES, a directive the model has no place for (VK643)
    assert warnings(problems) == [("VK610", n) for n in (3, 4, 5, 6)] + [("VK643", 7)]


def test_rules_honoured_or_reported_by_name():
    v, problems = read("rules")  # RULE BUILD_ANY MOBILIZE; RULES CD_DUMMIES !HIBERNATE
    assert dict(v.rules.options) == {"build_any": True, "hibernate": False}
    reported = {p.message.split()[1]: p.line for p in problems if p.code == "VK631"}
    assert reported == {"MOBILIZE": 2, "CD_DUMMIES": 3}


def test_directives_blocks():
    v, problems = read("directives_block")
    assert dict(v.rules.options) == {"build_any": True}  # the BLIND game's HIBERNATE is not applied
    assert warnings(problems) == [("VK632", 6)]


def test_a_directives_block_not_closed_is_read_to_the_end_and_said():
    v, problems = read("directives_unclosed")
    assert dict(v.rules.options) == {"build_any": True}
    assert warnings(problems) == [("VK633", 3)]


def test_victory_with_counts_for_fewer_players():
    v, problems = read("victory_counts")
    assert v.rules.victory == 4 and warnings(problems) == [("VK642", 2)]


# -- the calendar -------------------------------------------------------------------

@pytest.mark.parametrize("name,start", [
    ("flow_dutch", "F1901M"), ("flow_french", "W1900A"), ("flow_german", "S1901M"),
    ("begin_year_one", "S1M"), ("begin_anno_domini", "S1425M"), ("begin_before_christ", "S-500M")])
def test_season_words_years_and_eras(tmp_path, name, start):
    v = imported(tmp_path, name)
    assert v.rules.start == start


def test_a_game_before_christ_counts_years_up():
    v, _ = read("begin_before_christ")
    game = Game.new(v)
    for _ in range(2):
        orders, bad = game.parse({})
        game.process(orders, bad)
    assert str(game.state.phase) in ("W-500A", "S-499M")


def test_a_year_variantkit_cannot_play_is_refused():
    _, problems = read("flow_refused")
    assert ("VK630", 2) in errors(problems)


def test_a_season_word_the_year_does_not_have():
    _, problems = read("begin_unknown_season")
    assert ("VK603", 2) in errors(problems)


def test_an_in_block_opens_a_shut_space_for_its_season(tmp_path):
    v = imported(tmp_path, "in_block")
    assert v.province("lak").passable_in == ("spring",)
    assert "lak" in Graph(v, "spring").moves(UnitType.FLEET, "eng")
    assert "lak" not in Graph(v, "fall").moves(UnitType.FLEET, "eng")


def test_a_from_directive_is_reported():
    v, problems = read("from_phase")
    assert v.province("swi").terrain is Terrain.IMPASSABLE
    assert warnings(problems) == [("VK611", 2)]


# -- refusals -------------------------------------------------------------------------

def test_an_empty_map_is_refused(tmp_path):
    _, problems = read("empty")
    assert {"VK626", "VK627"} <= {c for c, _ in errors(problems)}
    out = tmp_path / "out"
    assert main(["import", "dpjudge", str(CORPUS / "empty.map"), "-o", str(out)]) == 1
    assert not (out / "variant.yaml").exists()


def test_a_unit_on_no_location_is_refused():
    _, problems = read("unit_on_no_location")
    assert ("VK629", 3) in errors(problems)


def test_every_case_is_asserted():
    names = {p.stem for p in CORPUS.glob("*.map")}
    source = Path(__file__).read_text()
    assert {n for n in names if f'"{n}"' not in source} == set()



# -- ports ------------------------------------------------------------------------------

@pytest.mark.parametrize("port", [True, False])
def test_a_fleet_in_a_port_convoys(tmp_path, port):
    # Alpha and Beta touch only their seas, joined by the Canal: A alp reaches bet only by
    # the convoy North Sea - Canal - South Sea, which needs the Canal's fleet to convoy
    v = imported(tmp_path, "port")
    assert v.province("can").port and v.province("can").terrain is Terrain.COAST
    if not port:
        v = v.with_(provinces=tuple(p if p.id != "can" else p.__class__(**{**p.__dict__, "port": False})
                                    for p in v.provinces))
    game = Game.new(v)
    orders, bad = game.parse({"north": ["A alp - bet", "F nor C A alp - bet", "F can C A alp - bet"],
                              "south": ["F sou C A alp - bet"]})
    outcomes = {o.text: o.outcome for o in game.process(orders, bad)}
    where = {str(u) for u in game.state.units.values() if u.power == "north"}
    if port:
        assert outcomes["A alp - bet"] == "succeeds" and "A bet" in where
    else:
        assert outcomes["A alp - bet"] != "succeeds" and "A alp" in where
        assert outcomes["F can C A alp - bet"] == "illegal"


def test_a_port_is_written_back_as_a_port(tmp_path):
    imported(tmp_path, "port")
    assert main(["export", "dpjudge", str(tmp_path / "port"), "-o", str(tmp_path / "back.map")]) == 0
    assert "PORT   CAN" in (tmp_path / "back.map").read_text()
    assert read_dpjudge(str(tmp_path / "back.map")).variant.province("can").port


def test_a_coast_is_renamed_on_its_own():
    v, problems = read("rename_coast")
    assert [c.id for c in v.province("spa").coasts] == ["no", "sc"] and errors(problems) == []
    assert v.province("spa").coast("no").aliases == ("spain north",)
    assert "spa/no" in Graph(v).moves(UnitType.FLEET, "gas")


def test_an_unknown_word_alone_is_refused_not_made_a_power():
    _, problems = read("unknown_word")
    assert ("VK634", 2) in errors(problems)


def test_a_year_of_one_season_every_five_years_is_refused_once():
    # one movement season a turn, years stepping by five, adjustments every ten years
    _, problems = read("flow_years_by_five")
    assert errors(problems) == [("VK630", 3)]


def test_what_would_not_load_is_refused_and_nothing_is_written(tmp_path, capsys):
    # DPjudge lets two powers share a home (ENGLAND BRE, Brest being France's); the
    # variant format does not (VK132): the import checks what it would write and refuses
    v, problems = read("shared_home")
    assert errors(problems) == [] and "bre" in v.power("england").homes
    out = tmp_path / "out"
    assert main(["import", "dpjudge", "--json", str(CORPUS / "shared_home.map"), "-o", str(out)]) == 1
    printed = json.loads(capsys.readouterr().out)
    assert [p["code"] for p in printed if p["severity"] == "error"] == ["VK132"]
    assert printed[-1]["file"] == f"{CORPUS / 'shared_home.map'} (as imported)"
    assert printed[-1]["message"] == "bre is a home centre of both france and england"
    assert not out.exists()
