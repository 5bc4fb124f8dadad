"""Every DATC case, v3.0 (JSON) and v2.4 (jDip text), through one runner.

A case passes, or is listed once in KNOWN with the rule choice that makes
our answer differ, the DATC section that allows it, and our answer, which
the case asserts (it runs like any other: nothing is marked to fail).

The v3.0 cases run again under each alternative rule option (DATC 4's
choices that variantkit offers): OPTION_DIFFERENCES lists every case whose
answer the option changes, with its answer under the option; every other
case must give the same answer as without the option.
"""

import pytest

from variantkit.rules.outcomes import Code

from tests.conftest import reference_dir
from tests.rules.datc import play, v24_cases, v3_cases

# name -> (why our answer differs, our answer: order text -> verdict, and/or
# "civil_disorder" -> the units we remove)
KNOWN = {
    # Older rulebooks than the one variantkit follows (DATC v3.0 prefers the 2000/2023 rules).
    "t6g02_kidnapping_an_army (1971 rules)": (
        "1971 rules (DATC 4.A.2): a foreign convoy may kidnap an army; we follow the 2000 rules, "
        "so the army and the fleet bounce",
        {"A nwy -> swe": "fails", "F swe -> nwy": "fails"}),
    "t6g07_swapping_with_illegal_intent (1971 rules)": (
        "1971 rules (DATC 4.A.2); under the 2000/2023 rules, which we follow, the swap fails",
        {"F nwy -> swe": "fails", "A swe -> nwy": "fails"}),
    "t6j11_distance_to_owned_supply_center (1971 rules)": (
        "1971 civil disorder rule (DATC 4.D.8); we count distance to owned centres as in 2023, "
        "which removes the army in Tuscany",
        {"civil_disorder": [("italy", "A tus")]}),
    # Where the JSON's own library chose differently from DATC v3.0's preference.
    "t6b02_moving_with_unspecified_coast_when_coast_is_not_necessary": (
        "DATC 4.B.1/6.B.2 prefers inferring the only reachable coast; the JSON fails the move",
        {"F gas -> spa": "succeeds"}),
    "t6b10_unit_ordered_with_wrong_coast": (
        "DATC 6.B.10 prefers ignoring the wrong coast of the ordered unit; the JSON fails it",
        {"F spa(nc) -> lyo": "succeeds"}),
    "t6b12_army_movement_with_coastal_specification": (
        "DATC 6.B.12 prefers ignoring a coast given to an army; the JSON fails the move",
        {"A gas -> spa(nc)": "succeeds"}),
    "t6b15_supporting_foreign_unit_with_unspecified_coast": (
        "marked 'ignore' in the JSON (region-level precision); a support without a coast "
        "supports a move to either coast (DATC 6.B.15), so the two fleets bounce",
        {"F mao -> spa(nc)": "fails"}),
    "t6g19_swapping_with_intent_of_unnecessary_convoy (2023 rules)": (
        "marked 'ignore' in the JSON; the French own fleet is on a route, so intent makes the "
        "move a convoy and the armies swap (DATC 4.A.3, 2000 rules)",
        {"A mar -> spa": "succeeds", "A spa -> mar": "succeeds"}),
    "t6h01_no_supports_during_retreat": (
        "marked 'ignore' in the JSON: the case's support order cannot be written in its format, "
        "so the two retreats to Albania meet and both fail",
        {"F gre -> alb": "fails"}),
    # Choices where our answer differs and the DATC allows it.
    "t6a05_move_to_own_sector_with_convoy": (
        "the position agrees (the German fleet takes Yorkshire); the JSON calls the void support "
        "of an illegal move 'succeeds', we call it 'fails' (DATC 6.A.5: the support is void)",
        {"A lvp supports A yor -> yor": "fails"}),
    "t6g11_a_convoy_to_an_adjacent_place_with_a_paradox": (
        "convoy intent makes the army's move a convoy and Szykman's rule settles the paradox "
        "(DATC 4.A.3 with 4.A.2 Szykman); DATC v3.0 prefers the land route here, so the fleet "
        "takes Skagerrak and the army stays",
        {"F nth -> ska": "succeeds", "A swe -> nwy": "fails"}),
    "t6j09_civil_disorder_must_be_counted_from_both_coasts_second_scenario (2023 rules)": (
        "2023 civil disorder distance for fleets (DATC 4.D.8): we count a fleet's distance "
        "through any space, which ranks the army in Albania farther than the fleet",
        {"civil_disorder": [("russia", "A alb")]}),
}

# the rule options DATC 4 leaves open that variantkit offers, as set on a variant
OPTIONS = {
    "convoy_fallback": {"convoy_fallback": True},
    "classic civil disorder": {"civil_disorder": "classic"},
}

# option -> case -> (why the option changes the answer, the answer under it,
# as in KNOWN; an empty answer is DATC's own)
OPTION_DIFFERENCES = {
    "convoy_fallback": {
        "t6g08_explicit_convoy_that_isnt_there": (
            "DATC 4.A.3's older choice: an army ordered via convoy to an adjacent province "
            "that no fleet convoys moves over land, so it takes Holland",
            {"A bel -> hol via Convoy": "succeeds"}),
    },
    "classic civil disorder": {
        "t6j02_removing_the_same_unit_twice": (
            "home centres and a fleet's own moves (DATC 4.D.8, classic): the army in the Ruhr "
            "is farther from Paris than the fleet in the Gulf of Lyon",
            {"civil_disorder": [("france", "A ruh")]}),
        "t6j03_civil_disorder_two_armies_with_different_distance (2023 rules)": (
            "classic distance to home centres: the army in Livonia is removed",
            {"civil_disorder": [("russia", "A lvn")]}),
        "t6j06_civil_disorder_two_fleets_with_equal_distance (2023 rules)": (
            "classic distance, a fleet by its own moves: the fleet in the North Sea is removed",
            {"civil_disorder": [("russia", "F nth")]}),
        "t6j10_civil_disorder_counting_convoying_distance (2023 rules)": (
            "classic distance to home centres: the army in Albania is removed",
            {"civil_disorder": [("italy", "A alb")]}),
        "t6j11_distance_to_owned_supply_center (1971 rules)": (
            "the 1971 case asks for the classic rule: DATC's own answer",
            {}),
        "t6j11_distance_to_owned_supply_center (2023 rules)": (
            "classic distance to home centres, not owned ones: the army in Warsaw is removed",
            {"civil_disorder": [("italy", "A war")]}),
    },
}

REF = reference_dir() / "datc"
V3 = v3_cases(REF / "datc_v3.0.json") if (REF / "datc_v3.0.json").exists() else []
V24 = v24_cases(REF / "datc_v2.4_06.txt") if (REF / "datc_v2.4_06.txt").exists() else []
# the number of cases in each file: a file that goes missing or reads short fails loudly
# (in CI) instead of collapsing to pytest's quiet "empty parameter set"
V3_COUNT, V24_COUNT = 171, 167


def cases(found, count):
    """The cases to run; where the file is missing, one that fails in CI (the
    ``reference`` fixture) and is skipped with its reason elsewhere."""
    if found:
        return pytest.mark.parametrize("case", found, ids=[c.name for c in found])
    return pytest.mark.parametrize("case", [pytest.param(None, id=f"reference data missing ({count} cases)")])


def test_every_case_file_reads_whole(reference):
    assert (len(V3), len(V24)) == (V3_COUNT, V24_COUNT)


def answer_of(case, options=None):
    """Our verdict on each order DATC judges, the units removed in civil
    disorder, and the units after."""
    outcomes, game = play(case, options)
    by_text = {}
    for o in outcomes:
        by_text.setdefault(o.text, o)
    verdicts = {}
    for i in case.expect:
        text = case.orders[i][1]
        verdicts[text] = "succeeds" if by_text[text].outcome == "succeeds" else "fails"
    removed = sorted((o.power, o.text.replace("Remove ", "")) for o in outcomes if o.code is Code.CIVIL_DISORDER)
    units = sorted((u.power, str(u)) for u in game.state.units.values())
    return verdicts, removed, units


def check(case, got, answer):
    """DATC's expectation, with our documented answer where it differs."""
    verdicts, removed, _units = got
    for i, want in case.expect.items():
        text = case.orders[i][1]
        want = answer.get(text, want)
        assert verdicts[text] == want, f"{text}: {verdicts[text]}, expected {want}"
    if case.civil_disorder is not None or "civil_disorder" in answer:
        assert removed == sorted(answer.get("civil_disorder", case.civil_disorder or []))


@cases(V3, V3_COUNT)
def test_datc_v3(case, reference):
    answer = KNOWN.get(case.name, ("", {}))[1]
    check(case, answer_of(case), answer)


def test_known_answers_differ_from_datc(reference):
    """Each KNOWN answer is a real difference from DATC's expectation."""
    for case in V3:
        if case.name in KNOWN:
            answer = KNOWN[case.name][1]
            datc = {case.orders[i][1]: v for i, v in case.expect.items()}
            assert any(datc.get(k) != v for k, v in answer.items() if k != "civil_disorder") or \
                sorted(answer.get("civil_disorder", [])) != sorted(case.civil_disorder or []), case.name
    assert len(KNOWN) == 12


@pytest.mark.parametrize("option", OPTIONS)
@cases(V3, V3_COUNT)
def test_datc_v3_under_option(case, option, reference):
    listed = OPTION_DIFFERENCES[option]
    if case.name in listed:
        answer = listed[case.name][1]
    else:
        answer = KNOWN.get(case.name, ("", {}))[1]
    check(case, answer_of(case, OPTIONS[option]), answer)


@pytest.mark.parametrize("option", OPTIONS)
def test_option_differences_are_all_listed(option, reference):
    """The cases whose answer (verdicts, removals, units after) the option
    changes are exactly those listed for it."""
    changed = {c.name for c in V3 if answer_of(c) != answer_of(c, OPTIONS[option])}
    assert changed == set(OPTION_DIFFERENCES[option])


@cases(V24, V24_COUNT)
def test_datc_v24(case, reference):
    outcomes, game = play(case)
    units = sorted((u.power, str(u)) for u in game.state.units.values())
    assert units == sorted(case.poststate)
    if case.post_dislodged is not None:
        dislodged = sorted((d.unit.power, str(d.unit)) for d in game.state.dislodged.values())
        assert dislodged == sorted(case.post_dislodged)
