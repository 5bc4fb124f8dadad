"""The start list of a rules text read against a drawing that names its
provinces by code only (issue 25): DipWiki's Youngstown page against jDip's
Youngstown art gives the ten powers, their homes and units as the judges
play them, and refuses what it cannot tell rather than guess."""
from variantkit.drawing.art import infer_svg, skeleton
from variantkit.start.rules_text import apply_start_list, read_start_list

from tests.conftest import ROOT


def _youngstown_drawn(reference):
    doc, inference = infer_svg(str(reference / "jdip" / "youngstown.svg"))
    return skeleton(doc, inference, "youngstown", "youngstown.svg")


def _listed(reference) -> str:
    lines = (reference.parent / "seeds" / "003_84a15bc2299fe8f2.txt").read_text(encoding="utf-8").splitlines()
    first = max(n for n, line in enumerate(lines) if line.strip() == "Austria-Hungary")
    last = max(n for n, line in enumerate(lines) if line.strip() == "A Omsk")
    return "\n".join(lines[first:last + 1])


def test_dipwikis_start_read_against_jdips_drawing_gives_the_judges_start(reference):
    from variantkit.io import load
    v = _youngstown_drawn(reference)
    read = read_start_list(_listed(reference), v)
    assert read.problems == []
    made = apply_start_list(v, read)
    target = load(str(ROOT / "maps" / "youngstown" / "variant.yaml")).variant
    # jDip spells two of the homes otherwise than DPjudge (Liverpool liv, Mogadishu mag)
    jdip = {"lvp": "liv", "mog": "mag"}
    for power in target.powers:
        mine = made.power(power.id)
        assert {str(u) for u in mine.units} == {str(u).replace(u.location[:3], jdip.get(u.location[:3], u.location[:3]))
                                               for u in power.units}, power.id
        assert mine.letter == power.letter, power.id  # India signs N: Italy keeps the standard game's I
    assert made.province("stp").name == "St. Petersburg" and made.province("tri").name == "Trieste"


def test_a_place_read_by_its_letters_never_takes_one_another_line_names(reference):
    v = _youngstown_drawn(reference)
    from variantkit import edit
    v = edit.rename(v, "mag", "mog")  # as DPjudge spells Mogadishu: Magudisco's letters fit no code then
    read = read_start_list("India\nF Madras\nItaly\nF Magudisco\nEngland\nF Liverpool\n", v)
    assert read.problems == ["line 4: 'Magudisco' matches no province where it may start: write its code ('F code')"]
    assert [str(u) for u in read.powers[0][1]] == ["F mad"]  # not Magudisco's (m-a-d in order)
    assert read.guesses == []  # jDip's liv is Liverpool's first letters: no guess
    v = edit.rename(v, "liv", "lvp")
    assert read_start_list("England\nF Liverpool\n", v).guesses == ["line 2: Liverpool read as lvp"]
