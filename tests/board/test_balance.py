"""The balance report on hand-made maps whose figures are worked out by hand."""
import random

from tests.board.handmade import variant
from variantkit.review.balance import balance
from variantkit.rules.fuzz import random_orders
from variantkit.rules.game import Game

# a1 - a2 - g - k - b1 - b2          A holds a1, a2; B holds b1, b2
#               |         |          neutral centres: k, x, y, z
#               x - - y - z
LINE = dict(provinces=["a1:l*", "a2:l*", "g:l", "k:l*", "b1:l*", "b2:l*", "x:l*", "y:l*", "z:l*"],
            edges=["a1-a2", "a2-g", "g-k", "k-b1", "b1-b2", "k-x", "x-y", "b2-z", "z-y"],
            powers=[("a", ["a1", "a2"], ["A a1", "A a2"]), ("b", ["b1", "b2"], ["A b1", "A b2"])])


def rows(report):
    return {p.power: p for p in report.powers}


def test_neutral_centres_within_one_and_two_moves():
    r = rows(balance(variant(**LINE)))
    # A: a2 -> g in one move, g -> k in the second
    assert r["a"].within_one == () and r["a"].within_two == ("k",)
    # B: b1 -> k and b2 -> z in one; then k -> x and z -> y
    assert r["b"].within_one == ("k", "z") and r["b"].within_two == ("k", "x", "y", "z")
    assert r["a"].homes == ("a1", "a2")


def test_centres_contested_in_the_first_year_and_with_whom():
    r = rows(balance(variant(**LINE)))
    assert r["a"].contested == {"k": ("b",)}
    assert r["b"].contested == {"k": ("a",)}


def test_chokepoints_cut_a_power_off_from_the_rest():
    r = rows(balance(variant(**LINE)))
    # losing g or k leaves A's two homes alone with no other centre; B has a ring
    assert r["a"].chokepoints == ("g", "k")
    assert r["b"].chokepoints == ()


def test_a_convoy_counts_as_reach():
    # the army in a can only get to z by sea: the fleet in w carries it in Spring
    v = variant(["a:c*", "f:c*", "w:w", "z:c*"], ["a-w", "w-z", "f-w"],
                [("north", ["a", "f"], ["A a", "F w"])])
    r = rows(balance(v))
    assert r["north"].within_one == ("z",)


def test_spread_of_centres_where_nothing_can_change_hands():
    # two islands, no neutral centre: every game ends as it began
    v = variant(["a1:l*", "a2:l*", "b1:l*", "b2:l*"], ["a1-a2", "b1-b2"],
                [("a", ["a1", "a2"], ["A a1", "A a2"]), ("b", ["b1", "b2"], ["A b1", "A b2"])])
    report = balance(v, games=4, years=3, seed=5)
    for p in report.powers:
        assert p.spread.counts == (2, 2, 2, 2)
        assert (p.spread.low, p.spread.median, p.spread.high, p.spread.wins, p.spread.out) == (2, 2, 2, 0, 0)
    assert "min 2, median 2, mean 2.0, max 2" in report.text()


def test_spread_is_the_games_the_seed_plays_and_reproducible():
    v = variant(**LINE)
    seen = []
    report = balance(v, games=6, years=4, seed=11, progress=lambda done, total: seen.append((done, total)))
    assert seen == [(n, 6) for n in range(1, 7)]
    # the same games played here by hand, game n with Random(seed + n)
    expected = {"a": [], "b": []}
    for n in range(6):
        rng = random.Random(11 + n)
        game = Game.new(v)
        while not game.over and game.state.phase.year < 1901 + 4:
            game.process(random_orders(game, rng))
        for pid in expected:
            expected[pid].append(len(game.state.centres_of(pid)))
    assert {p.power: list(p.spread.counts) for p in report.powers} == expected
    assert balance(v, games=6, years=4, seed=11).to_json() == report.to_json()


def test_the_standard_openings_every_player_knows():
    from variantkit.io import load
    r = rows(balance(load("maps/standard").variant))
    # Kiel reaches Denmark and Holland in one move; Munich and Berlin reach none
    assert r["germany"].within_one == ("den", "hol")
    # England's fleets need two moves (via the North Sea) for any centre
    assert r["england"].within_one == () and r["england"].within_two == ("bel", "den", "hol", "nwy")
    # Russia alone reaches Sweden with Germany (F stp/sc-bot-swe, F kie-den-swe) ...
    assert r["russia"].contested["swe"] == ("germany",)
    # ... and Bulgaria is the Balkan centre three powers can reach in 1901
    assert r["turkey"].contested["bul"] == ("austria", "russia")
    assert all(p.chokepoints == () for p in r.values())
