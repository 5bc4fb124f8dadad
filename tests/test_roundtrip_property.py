"""Property: saving and loading any variant gives it back, and the text is stable."""
import string

import pytest

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from variantkit.io import canonical, dumps, load
from variantkit.files import atomic_write
from variantkit.text import bad_characters
from variantkit.model import (Coast, Crossing, Edge, Power, Province, Rules, Terrain, Unit,
                              UnitType, Variant)

ids = st.text(string.ascii_lowercase + string.digits, min_size=1, max_size=6).filter(
    lambda s: s[0].isalnum())
# names that YAML likes to misread: yes/no/null, numbers, colons, quotes, unicode
tricky = st.one_of(
    st.sampled_from(["yes", "No", "null", "~", "1901", "0x1F", "1e3", "a: b", "- x", "'q'",
                     '"dq"', "#hash", "Côte d'Ivoire", " lead", "trail ", "[x]", "{y}", "@", "%"]),
    # any text the string rule allows (variantkit/text.py: no control characters or line breaks)
    st.text(st.characters(exclude_categories=("Cc", "Cs", "Zl", "Zp"),
                          exclude_characters="".join(map(chr, [*range(0x202A, 0x202F), *range(0x2066, 0x206A)]))),
            min_size=1, max_size=20).filter(lambda s: not bad_characters(s) and s.strip() == s and s),
)
points = st.tuples(st.integers(-5000, 5000), st.integers(-5000, 5000)).map(
    lambda t: (float(t[0]), float(t[1])))


@st.composite
def variants(draw):
    pids = draw(st.lists(ids, min_size=2, max_size=12, unique=True))
    provinces = []
    for pid in pids:
        terrain = draw(st.sampled_from(list(Terrain)))
        coasts = ()
        if terrain is Terrain.COAST and draw(st.booleans()):
            cids = draw(st.lists(st.sampled_from(["nc", "sc", "ec", "wc"]), min_size=2,
                                 max_size=3, unique=True))
            coasts = tuple(Coast(c, draw(tricky), tuple(draw(st.lists(tricky, max_size=2))),
                                 draw(st.none() | points)) for c in cids)
        provinces.append(Province(
            pid, draw(tricky), terrain, tuple(draw(st.lists(tricky, max_size=3))),
            draw(st.booleans()), coasts, draw(st.booleans()),
            draw(st.none() | st.sampled_from(pids)),
            tuple(draw(st.lists(st.sampled_from(["spring", "fall"]), max_size=2, unique=True))),
            draw(st.none() | points), draw(st.none() | points)))
    locs = [lid for p in provinces for lid in p.location_ids]
    # an edge open in some seasons only (any order: the file keeps it as given)
    seasons = st.lists(st.sampled_from(["spring", "fall", "summer"]), max_size=3, unique=True)
    edges = tuple(Edge(draw(st.sampled_from(locs)), draw(st.sampled_from(locs)),
                       draw(st.sampled_from(list(Crossing))), draw(st.booleans()),
                       draw(st.booleans()), tuple(draw(st.lists(ids, max_size=2))),
                       draw(st.integers(-3, 2)), tuple(draw(seasons)))
                  for _ in range(draw(st.integers(0, 15))))
    powers = tuple(
        Power(pw, draw(tricky), draw(tricky), draw(st.sampled_from(["", "A", "N", "Z"])),
              draw(st.sampled_from(["", "#a0b1c2"])), tuple(draw(st.lists(st.sampled_from(pids), max_size=3))),
              tuple(Unit(draw(st.sampled_from(list(UnitType))), draw(st.sampled_from(locs)))
                    for _ in range(draw(st.integers(0, 3)))),
              draw(st.none() | st.lists(st.sampled_from(pids), max_size=3).map(tuple)))
        for pw in draw(st.lists(ids, min_size=1, max_size=4, unique=True)))
    options = draw(st.dictionaries(ids, st.one_of(st.booleans(), st.integers(-9, 9), tricky), max_size=3))
    rules = Rules(draw(st.none() | st.integers(1, 40)), draw(st.none() | st.integers(1, 5)),
                  draw(st.sampled_from(["S1901M", "F1950M"])), ("spring", "fall"), options)
    return Variant(draw(ids), draw(tricky), tuple(provinces), edges, powers, rules,
                   draw(st.sampled_from(["", "1", "2.0"])), tuple(draw(st.lists(tricky, max_size=2))),
                   draw(st.sampled_from(["", "A line.\nAnother: line."])), draw(st.none() | st.just("map.svg")))


@pytest.mark.slow  # 150 variants saved and loaded: 25 s
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(variants())
def test_save_load_round_trip(tmp_path, v):
    path = tmp_path / "variant.yaml"
    text = dumps(v)
    atomic_write(str(path), text)
    loaded = load(str(path))
    assert loaded.report.problems == []
    assert loaded.variant == canonical(v)
    assert dumps(loaded.variant) == text
