"""Seasonal edges through the library's layers: the file, edits, subvariant
changes, the diff, the graph and the options a player is offered.

The map is the standard one with Norway - St Petersburg's north coast (a fleet
edge, read off the board) open in spring only."""
import pytest

from variantkit import edit
from variantkit.review.diff import diff_variants
from variantkit.graph import Graph, seasons_of
from variantkit.io import load
from variantkit.io.variant_file import dumps
from variantkit.model import Crossing, UnitType
from variantkit.rules.game import Game
from variantkit.rules.options import unit_options
from variantkit.rules.orders import Phase, describe
from variantkit.rules.state import UnitAt
from tests.conftest import MAPS


@pytest.fixture(scope="module")
def standard():
    return load(str(MAPS / "standard")).variant


@pytest.fixture(scope="module")
def spring_only(standard):
    return edit.set_edge_seasons(standard, "stp/nc", "nwy", ["spring"])


def _edge(v, a, b):
    (e,) = [e for e in v.edges if {e.a, e.b} == {a, b}]
    return e


def test_set_edge_seasons_changes_that_edge_alone(standard, spring_only):
    assert _edge(spring_only, "nwy", "stp/nc").seasons == ("spring",)
    assert _edge(spring_only, "nwy", "stp/nc").units is Crossing.FLEET
    changed = [e for e, f in zip(standard.edges, spring_only.edges) if e != f]
    assert [(e.a, e.b) for e in changed] == [("nwy", "stp/nc")]
    # seasons come in the calendar's order, and [] opens it again
    both = edit.set_edge_seasons(standard, "nwy", "stp/nc", ["fall", "spring"])
    assert _edge(both, "nwy", "stp/nc").seasons == ("spring", "fall")
    assert edit.set_edge_seasons(spring_only, "nwy", "stp/nc", []).edges == standard.edges
    with pytest.raises(edit.EditError, match="no season summer"):
        edit.set_edge_seasons(standard, "nwy", "stp/nc", ["summer"])
    with pytest.raises(edit.EditError, match="not linked"):
        edit.set_edge_seasons(standard, "nwy", "mos", ["spring"])


def test_link_set_edge_and_merges_keep_seasons(standard, spring_only):
    v = edit.unlink(standard, "bre", "pic")
    v = edit.link(v, "pic", "bre", Crossing.ARMY, seasons=["fall"])
    assert _edge(v, "bre", "pic").seasons == ("fall",)
    v = edit.link(v, "bre", "pic", Crossing.FLEET)          # widened: its seasons stay
    assert (_edge(v, "bre", "pic").units, _edge(v, "bre", "pic").seasons) == (Crossing.BOTH, ("fall",))
    v = edit.set_edge(standard, "bre", "pic", Crossing.ARMY, seasons=["spring"])
    assert _edge(v, "bre", "pic").seasons == ("spring",)
    # two crossings made one (a merge of provinces) are open whenever either was
    assert edit.merge_edges([edit.Edge("a", "b", Crossing.ARMY, seasons=("spring",)),
                             edit.Edge("b", "a", Crossing.FLEET, seasons=("fall",))])[0].seasons == \
        ("spring", "fall")
    assert edit.merge_edges([edit.Edge("a", "b", Crossing.ARMY, seasons=("spring",)),
                             edit.Edge("a", "b", Crossing.FLEET)])[0].seasons == ()
    # a rename carries the seasons with the edge
    renamed = edit.rename(spring_only, "nwy", "nor")
    assert _edge(renamed, "nor", "stp/nc").seasons == ("spring",)


def test_the_file_writes_seasons_and_reads_them_back(spring_only, tmp_path):
    text = dumps(spring_only)
    assert "- {a: nwy, b: stp/nc, units: fleet, seasons: [spring]}" in text
    (tmp_path / "variant.yaml").write_text(text)
    again = load(str(tmp_path))
    assert again.report.problems == []
    assert _edge(again.variant, "nwy", "stp/nc").seasons == ("spring",)
    assert dumps(again.variant) == text


def test_the_schema_refuses_an_empty_or_repeated_season_list(spring_only, tmp_path):
    for bad, code in (("seasons: []", "VK013"), ("seasons: [spring, spring]", "VK010")):
        text = dumps(spring_only).replace("seasons: [spring]", bad)
        (tmp_path / "variant.yaml").write_text(text)
        problems = load(str(tmp_path)).report.problems
        assert [p.code for p in problems] == [code], bad
        assert problems[0].line == text.splitlines().index(
            "  - {a: nwy, b: stp/nc, units: fleet, " + bad + "}") + 1


def test_a_subvariant_states_the_seasons_and_gets_them_back(standard, spring_only):
    from variantkit.io.subvariant import apply_changes, changes_between
    from variantkit.io.yaml_source import SourceMap
    changes = changes_between(standard, spring_only)
    assert [(e.a, e.b, e.seasons) for e in changes.add_edges] == [("nwy", "stp/nc", ("spring",))]
    assert [(e.a, e.b, e.seasons) for e in changes.remove_edges] == [("nwy", "stp/nc", ())]
    applied, problems = apply_changes(standard, changes, SourceMap("x"))
    assert problems == [] and set(applied.edges) == set(spring_only.edges)


def test_diff_shows_the_seasons(standard, spring_only):
    lines = diff_variants(standard, spring_only)
    assert lines == [{"change": "changed", "what": "fleet edge", "id": "nwy - stp/nc",
                      "detail": "plain -> in spring"}]


def test_the_graph_leaves_a_closed_edge_out(standard, spring_only):
    assert seasons_of(standard) == [None]
    assert seasons_of(spring_only) == ["spring", "fall"]
    spring, fall, any_season = (Graph(spring_only, s) for s in ("spring", "fall", None))
    assert "stp/nc" in spring.moves(UnitType.FLEET, "nwy") and "nwy" in spring.moves(UnitType.FLEET, "stp/nc")
    assert "stp/nc" not in fall.moves(UnitType.FLEET, "nwy") and "nwy" not in fall.moves(UnitType.FLEET, "stp/nc")
    assert fall.closed(UnitType.FLEET, "nwy", "stp/nc") is not None
    assert "stp/nc" in any_season.moves(UnitType.FLEET, "nwy")   # no season named: the whole map
    # everything else is the standard map's, in either season
    plain = Graph(standard)
    for unit in UnitType:
        assert set(fall.all_moves(unit)) == set(plain.all_moves(unit)) - (
            {("nwy", "stp/nc"), ("stp/nc", "nwy")} if unit is UnitType.FLEET else set())
        assert set(spring.all_moves(unit)) == set(plain.all_moves(unit))


def test_the_options_follow_the_season(spring_only):
    game = Game.new(spring_only)
    assert game.seasonal
    game.state.units = {"nwy": UnitAt("england", UnitType.FLEET, "nwy"),
                        "fin": UnitAt("england", UnitType.ARMY, "fin")}
    spring = {describe(o) for o in unit_options(game, "nwy")}
    assert {"F nwy - stp/nc", "F nwy S A fin - stp"} <= spring
    game.state.phase = Phase(1901, "F", "M")
    fall = {describe(o) for o in unit_options(game, "nwy")}
    assert not any("stp" in t for t in fall)
    assert fall >= {"F nwy H", "F nwy - bar", "F nwy S A fin - swe"}


def test_the_command_line_shows_the_seasonal_edge(standard, spring_only, tmp_path, capsys):
    import json
    from variantkit.cli import main
    for name, v in (("base", standard), ("seasonal", spring_only)):
        (tmp_path / name).mkdir()
        (tmp_path / name / "variant.yaml").write_text(dumps(v))
    assert main(["diff", str(tmp_path / "base"), str(tmp_path / "seasonal")]) == 0
    out = capsys.readouterr().out
    assert "nwy - stp/nc" in out and "plain -> in spring" in out
    for season, has in (("spring", True), ("fall", False)):
        assert main(["info", "--json", "--season", season, str(tmp_path / "seasonal")]) == 0
        moves = json.loads(capsys.readouterr().out)["locations"]["nwy"]["fleet_moves"]
        assert ("stp/nc" in moves) is has and "bar" in moves
