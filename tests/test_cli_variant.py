"""variantkit info and diff on small variants."""
import json
from pathlib import Path

from variantkit.cli import main

DATA = Path(__file__).parent / "data" / "valid"


def run(capsys, *args):
    code = main([str(a) for a in args])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_diff_of_a_subvariant_shows_exactly_its_changes(capsys):
    code, out, _ = run(capsys, "diff", "--json", DATA / "features.yaml", DATA / "features-sub.yaml")
    assert code == 0
    lines = {(c["change"], c["what"], c["id"], c["detail"]) for c in json.loads(out)}
    assert lines == {
        ("changed", "province", "port", "terrain coast -> land"),
        ("removed", "fleet edge", "hub - port", ""),
        ("removed", "fleet edge", "port - sea", ""),
        ("removed", "unit", "north F port", ""),
        ("added", "unit", "north A port", ""),
        ("changed", "rule option", "hibernate", "True -> False"),
    }


def test_diff_of_a_variant_with_itself_is_empty(capsys):
    code, out, _ = run(capsys, "diff", DATA / "features.yaml", DATA / "features.yaml")
    assert (code, out) == (0, "")


def test_info_json_is_the_derived_graph(capsys):
    code, out, _ = run(capsys, "info", "--json", DATA / "features.yaml")
    graph = json.loads(out)
    assert code == 0
    assert graph["locations"]["cape/ec"]["fleet_moves"] == ["cut", "sea"]
    assert graph["locations"]["cape"]["fleet_may_stand"] is False
    assert graph["locations"]["hub"]["army_moves"] == ["cape", "isl", "port"]
    assert graph["straits"] == [["hub", "isl"]]
    assert graph["modifiers"] == [["hub", "isl", -1]]
    assert graph["victory"] == 3 and len(graph["supply_centers"]) == 5
    assert graph["powers"]["south"]["units"] == ["F cape/wc", "A col"]
    # the frozen sea is passable in spring only: info shows the first season by default
    assert graph["season"] == "spring" and graph["locations"]["fro"]["fleet_moves"] == ["sea"]


def test_info_in_a_season_where_a_space_is_shut(capsys):
    _, out, _ = run(capsys, "info", "--json", "--season", "fall", DATA / "features.yaml")
    graph = json.loads(out)
    assert graph["locations"]["fro"]["fleet_moves"] == []
    assert "fro" not in graph["locations"]["sea"]["fleet_moves"]


def test_info_of_a_province_by_any_name(capsys):
    code, out, _ = run(capsys, "info", DATA / "features.yaml", "CAPE WEST")
    assert code == 0
    assert "fleet cape/wc -> col wes" in out
    code, out, _ = run(capsys, "info", DATA / "features.yaml", "the cape")
    assert "army cape -> col hub port" in out and "fleet cape/ec -> cut sea" in out


def test_info_unknown_province(capsys):
    code, _, err = run(capsys, "info", DATA / "features.yaml", "atlantis")
    assert code == 1 and "atlantis" in err


def test_info_summary(capsys):
    code, out, _ = run(capsys, "info", DATA / "features.yaml")
    assert code == 0
    assert "11 provinces, 13 locations, 5 supply centres, victory at 3" in out
    assert "N North" in out


def test_commands_on_an_invalid_variant_exit_2_with_problems(capsys):
    broken = Path(__file__).parent / "data" / "broken" / "letter_twice.yaml"
    code, out, err = run(capsys, "info", broken)
    assert code == 2 and "VK170" in err and "Traceback" not in err


def test_diff_shows_a_changed_move_modifier(tmp_path, capsys):
    """A strait turned into a +1 border is a changed edge in the diff."""
    text = (DATA / "features.yaml").read_text()
    assert "{a: hub, b: isl, units: army, strait: true}" in text
    (tmp_path / "v.yaml").write_text(text.replace("{a: hub, b: isl, units: army, strait: true}",
                                                  "{a: hub, b: isl, units: army, modifier: 1}"))
    code, out, _ = run(capsys, "diff", "--json", DATA / "features.yaml", tmp_path / "v.yaml")
    assert code == 0
    lines = {(c["change"], c["what"], c["id"], c["detail"]) for c in json.loads(out)}
    assert lines == {("changed", "army edge", "hub - isl", "strait -> modifier +1")}
