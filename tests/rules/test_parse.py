"""Orders as players type them, and what the parser says when it cannot read one."""
import pytest

from variantkit.io import load
from variantkit.model import UnitType
from variantkit.rules.orders import Build, Convoy, Disband, Hold, Move, Remove, Retreat, Support, Waive
from variantkit.rules.parse import OrderError, OrderParser

from tests.conftest import MAPS

STANDARD = load(str(MAPS / "standard")).variant
YOUNGSTOWN = load(str(MAPS / "youngstown")).variant
A, F = UnitType.ARMY, UnitType.FLEET


@pytest.fixture(scope="module")
def std():
    return OrderParser(STANDARD)


@pytest.mark.parametrize("text,want", [
    ("A Par-Bur", Move("", A, "par", "", "bur")),
    ("A PAR - BUR", Move("", A, "par", "", "bur")),
    ("A Par->Bur", Move("", A, "par", "", "bur")),
    ("Par-Bur", Move("", None, "par", "", "bur")),
    ("A Paris - Burgundy", Move("", A, "par", "", "bur")),
    ("F Lon Holds", Hold("", F, "lon")),
    ("F Lon H", Hold("", F, "lon")),
    ("F London", Hold("", F, "lon")),
    ("A Par S A Mar-Bur", Support("", A, "par", "", "mar", "bur", A)),
    ("A Par Supports A Mar - Bur", Support("", A, "par", "", "mar", "bur", A)),
    ("A Mun S A Ber", Support("", A, "mun", "", "ber", None, A)),
    ("F Bla C A Ank-Sev", Convoy("", F, "bla", "", "ank", "sev")),
    ("A Bel-Hol via convoy", Move("", A, "bel", "", "hol", True)),
    ("A Bel-Hol by convoy", Move("", A, "bel", "", "hol", True)),
    ("A PAR - BUR VIA", Move("", A, "par", "", "bur", True)),
    ("F Mid-Atlantic Ocean - Spain (north coast)", Move("", F, "mao", "", "spa/nc")),
    ("F mao - spa/nc", Move("", F, "mao", "", "spa/nc")),
    ("F MAO - SPA NC", Move("", F, "mao", "", "spa/nc")),
    ("F mao-spa(nc)", Move("", F, "mao", "", "spa/nc")),
    ("F stp/sc - bot", Move("", F, "stp/sc", "", "bot")),
    ("A PAR R BUR", Retreat("", A, "par", "", "bur")),
    ("F BRE D", Disband("", F, "bre")),
    ("A PAR B", Build("", A, "par")),
    ("Build A Kie", Build("", A, "kie")),
    ("Remove F Nap", Remove("", F, "nap")),
    ("WAIVE", Waive("", None, "")),
    ("England: F lon - nth", Move("england", F, "lon", "", "nth")),
    ("English: F lon - nth", Move("england", F, "lon", "", "nth")),
    ("E: F lon - nth", Move("england", F, "lon", "", "nth")),
])
def test_notations(std, text, want):
    got = std.parse(text)
    assert got == want


def test_convoy_route_through_off_board_boxes():
    got = OrderParser(YOUNGSTOWN).parse("A Tok -> NPa -> ObL -> ObA -> NAt -> Ire")
    assert got == Move("", A, "tok", "", "ire", True, ("npo", "obl", "oba", "nao"))


def test_power_letter_n_is_india():
    got = OrderParser(YOUNGSTOWN).parse("N: A del - afg")
    assert got.power == "india"


@pytest.mark.parametrize("text,reason", [
    ("A Par - Atlantis", "no province or coast is called 'atlantis'"),
    ("A Par jumps Bur", "cannot read 'jumps' after par"),
    ("", "the order is empty"),
    ("F Bla C A Ank", "a convoy names the army's move"),
    ("A Par - Bur please", "cannot read 'please' at the end"),
    # a fleet is never convoyed: not read as the convoy of an army
    ("F Bla C F Ank-Sev", "only armies are convoyed"),
    ("F Bla C Fleet Ank - Sev", "only armies are convoyed"),
    # a trailing 'by' is not 'via convoy'
    ("A Bel - Hol by", "write 'by convoy'"),
    ("A Bel - Hol by sea", "write 'by convoy'"),
])
def test_unreadable_orders_say_why(std, text, reason):
    with pytest.raises(OrderError) as info:
        std.parse(text)
    assert reason in str(info.value)


def test_phases_order_in_game_time():
    from variantkit.rules.orders import Phase
    texts = ["S1902M", "W1901A", "F1901R", "F1901M", "S1901R", "S1901M", "F1900M"]
    assert [str(p) for p in sorted(Phase.parse(t) for t in texts)] == \
        ["F1900M", "S1901M", "S1901R", "F1901M", "F1901R", "W1901A", "S1902M"]
    assert Phase.parse("S1901M") < Phase.parse("F1901M")
    assert not Phase.parse("F1901M") < Phase.parse("S1901M")
    assert Phase.parse("W1901A") >= Phase.parse("F1901R")
    assert max(Phase.parse("F1901M"), Phase.parse("S1901M")) == Phase.parse("F1901M")


@pytest.mark.parametrize("name", ["standard", "youngstown", "loeb9"])
def test_quick_reader_agrees_with_the_full_reader(name):
    """The quick path reads the common shapes at once; on every order of random
    games, in our notation and the diplomacy package's, it gives what the full
    reader gives, or leaves the text to it."""
    import random
    from variantkit.rules.fuzz import random_orders
    from variantkit.rules.game import Game
    from variantkit.rules.orders import describe
    from tests.peers.diplomacy_peer import order_text
    v = load(str(MAPS / name)).variant
    parser = OrderParser(v)
    game, rng = Game.new(v), random.Random(3)
    quick = 0
    texts = ["A par - bur by convoy", "A par - bur via c", "F bla C F ank - sev", "A par S par",
             "F spa nc - mao", "A Par S A Mar-Bur", "Build A par", "A par B", "F bre D", "WAIVE"]
    while game.state.phase.year < 1906 and not game.over:
        orders = random_orders(game, rng)
        kind = str(game.state.phase)[-1]
        texts += [describe(o) for o in orders] + [order_text(o, kind) for o in orders]
        game.process(orders)
    for text in texts:
        got = parser._quick(text, "", text)
        try:
            full = parser._full(text, "", text)
        except OrderError:
            full = None
        if got is not None:
            quick += 1
            assert got == full and type(got) is type(full), text
    assert quick > len(texts) // 2
