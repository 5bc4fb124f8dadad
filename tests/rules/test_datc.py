"""Every DATC case, v3.0 (JSON) and v2.4 (jDip text), through one runner.

A case passes, or is listed once in KNOWN with the rule choice that makes
our answer differ and the DATC section that allows it.
"""

import pytest

from tests.conftest import reference_dir
from tests.rules.datc import play, v24_cases, v3_cases

# name -> why our answer differs (each choice named in the DATC)
KNOWN = {
    # Older rulebooks than the one variantkit follows (DATC v3.0 prefers the 2000/2023 rules).
    "t6g02_kidnapping_an_army (1971 rules)":
        "1971 rules (DATC 4.A.2): a foreign convoy may kidnap an army; we follow the 2000 rules",
    "t6g07_swapping_with_illegal_intent (1971 rules)":
        "1971 rules (DATC 4.A.2); under the 2000/2023 rules, which we follow, the swap fails",
    "t6j11_distance_to_owned_supply_center (1971 rules)":
        "1971 civil disorder rule (DATC 4.D.8); we count distance to owned centres as in 2023",
    # Where the JSON's own library chose differently from DATC v3.0's preference.
    "t6b02_moving_with_unspecified_coast_when_coast_is_not_necessary":
        "DATC 4.B.1/6.B.2 prefers inferring the only reachable coast; the JSON fails the move",
    "t6b10_unit_ordered_with_wrong_coast":
        "DATC 6.B.10 prefers ignoring the wrong coast of the ordered unit; the JSON fails it",
    "t6b12_army_movement_with_coastal_specification":
        "DATC 6.B.12 prefers ignoring a coast given to an army; the JSON fails the move",
    "t6b15_supporting_foreign_unit_with_unspecified_coast":
        "marked 'ignore' in the JSON (region-level precision); a support without a coast "
        "supports a move to either coast (DATC 6.B.15), so the two fleets bounce",
    "t6g19_swapping_with_intent_of_unnecessary_convoy (2023 rules)":
        "marked 'ignore' in the JSON; the French own fleet is on a route, so intent makes the "
        "move a convoy and the armies swap (DATC 4.A.3, 2000 rules)",
    "t6h01_no_supports_during_retreat":
        "marked 'ignore' in the JSON: the case's support order cannot be written in its format, "
        "so the two retreats to Albania meet and both fail",
    # Choices where our answer differs and the DATC allows it.
    "t6a05_move_to_own_sector_with_convoy":
        "the position agrees (the German fleet takes Yorkshire); the JSON calls the void support "
        "of an illegal move 'succeeds', we call it 'fails' (DATC 6.A.5: the support is void)",
    "t6g11_a_convoy_to_an_adjacent_place_with_a_paradox":
        "convoy intent makes the army's move a convoy and Szykman's rule settles the paradox "
        "(DATC 4.A.3 with 4.A.2 Szykman); DATC v3.0 prefers the land route here",
    "t6j09_civil_disorder_must_be_counted_from_both_coasts_second_scenario (2023 rules)":
        "2023 civil disorder distance for fleets (DATC 4.D.8): we count a fleet's distance "
        "through any space, which ranks the army in Albania farther than the fleet",
}

REF = reference_dir() / "datc"
V3 = v3_cases(REF / "datc_v3.0.json") if (REF / "datc_v3.0.json").exists() else []
V24 = v24_cases(REF / "datc_v2.4_06.txt") if (REF / "datc_v2.4_06.txt").exists() else []


@pytest.mark.parametrize("case", V3, ids=[c.name for c in V3])
def test_datc_v3(case, reference):
    if case.name in KNOWN:
        pytest.xfail(KNOWN[case.name])
    outcomes, game = play(case)
    by_text = {}
    for o in outcomes:
        by_text.setdefault(o.text, o)
    for i, want in case.expect.items():
        power, text = case.orders[i]
        got = by_text[text]
        verdict = "succeeds" if got.outcome == "succeeds" else "fails"
        assert verdict == want, f"{text}: {got.outcome} ({got.reason}), DATC: {want}"
    if case.civil_disorder is not None:
        removed = sorted((o.power, o.text.replace("Remove ", "")) for o in outcomes if o.reason == "civil disorder")
        assert removed == sorted(case.civil_disorder)


@pytest.mark.parametrize("case", V24, ids=[c.name for c in V24])
def test_datc_v24(case, reference):
    if case.name in KNOWN:
        pytest.xfail(KNOWN[case.name])
    outcomes, game = play(case)
    units = sorted((u.power, str(u)) for u in game.state.units.values())
    assert units == sorted(case.poststate)
    if case.post_dislodged is not None:
        dislodged = sorted((d.unit.power, str(d.unit)) for d in game.state.dislodged.values())
        assert dislodged == sorted(case.post_dislodged)
