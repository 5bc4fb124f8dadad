"""Schematic boards that look like the map: places where they are in the
world, off-board boxes at the edge their links face."""
import pytest

from variantkit.board.geography import GAZETTEER, place_provinces
from variantkit.io import load
from variantkit.board.schematic import schematic_board


def board_of(name):
    v = load(f"maps/{name}").variant
    return v, schematic_board(v)


@pytest.mark.parametrize("name", ["standard", "youngstown", "loeb9"])
def test_west_is_left_and_north_is_up(name):
    v, board = board_of(name)
    x = {pid: board.points[pid][0] for pid in board.points if "/" not in pid}
    y = {pid: board.points[pid][1] for pid in board.points if "/" not in pid}
    # pairs anyone can check on a school atlas
    assert x["bre"] < x["par"] < x["mun"] < x["vie"] < x["mos"]
    assert x["lon"] < x["ber"] < x["war"]
    if name == "loeb9":  # Norway and Denmark are Oslo and Copenhagen there
        y["nwy"], y["den"] = y["osl"], y["cop"]
    assert y["nwy"] < y["den"] < y["kie"] < y["mun"] < y["ven"] < y["rom"] < y["nap"]
    assert y["stp"] < y["mos"] < y["sev"]
    assert x["mao"] < x["wes"] < x["tys"] < x["ion"] < x["aeg"] < x["bla"]


def test_loeb9_has_spain_on_the_left_and_turkey_on_the_right():
    _, board = board_of("loeb9")
    x = {pid: xy[0] for pid, xy in board.points.items()}
    assert max(x["lis"], x["mad"], x["cor"]) < min(x["ank"], x["con"], x["smy"])
    # Loeb9's Siberia is the one beyond the Urals, not Youngstown's Far East
    assert x["mos"] < x["sib"] < x["mos"] + 300


def test_youngstown_spans_the_world_and_its_boxes_sit_at_their_edges():
    _, board = board_of("youngstown")
    x = {pid: xy[0] for pid, xy in board.points.items()}
    y = {pid: xy[1] for pid, xy in board.points.items()}
    assert x["lon"] < x["del"] < x["pek"] < x["tok"]
    assert y["oms"] < y["del"] < y["mad"] < y["cey"]
    real = [pid for pid in x if not pid.startswith("ob") and "/" not in pid]
    left, right = min(x[p] for p in real), max(x[p] for p in real)
    bottom = max(y[p] for p in real)
    # the Atlantic boxes (linked to the North and Mid Atlantic) on the west edge,
    # the Pacific ones (North and South Pacific) on the east, Africa's below it
    assert x["oba"] < left and x["obb"] < left
    assert x["obl"] > right and x["obk"] > right
    assert y["obf"] > bottom and y["obh"] > bottom


def test_seas_are_where_the_seas_are():
    v, board = board_of("standard")
    x = {pid: xy[0] for pid, xy in board.points.items()}
    y = {pid: xy[1] for pid, xy in board.points.items()}
    assert x["nao"] < x["cly"] and x["mao"] < x["spa"]          # the Atlantic to the west
    assert y["bar"] < y["stp"] and y["nwg"] < y["nwy"]          # the Arctic seas to the north
    assert x["bla"] > x["rum"] and y["bla"] < y["ank"]          # the Black Sea between them
    assert y["nth"] < y["hol"] and x["nth"] > x["edi"]


def test_a_name_shared_by_two_places_takes_the_one_near_its_neighbours():
    assert len(GAZETTEER["siberia"]) == 2
    adjacency = {"s": {"m", "k"}, "m": {"s"}, "k": {"s"}}
    west = place_provinces({"s": ("Siberia", ()), "m": ("Moscow", ()), "k": ("Kazakz", ())}, adjacency)
    east = place_provinces({"s": ("Siberia", ()), "m": ("Manchuria", ()), "k": ("Vladivostok", ())},
                           adjacency)
    assert west["s"][1] < 80 < east["s"][1]


def test_a_pinned_position_is_kept():
    from dataclasses import replace
    v = load("maps/standard").variant
    pinned = replace(v, provinces=tuple(replace(p, unit_pos=(10.0 * i, 5.0 * (i % 7)))
                                        for i, p in enumerate(v.provinces)))
    board = schematic_board(pinned)
    xs = [board.points[p.id][0] for p in pinned.provinces]
    assert xs == sorted(xs)  # the pins' order, not the world's
