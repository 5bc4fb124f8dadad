"""One home for the order words: what the parser reads as a keyword, the validator flags as a name."""
import re
from dataclasses import replace

import pytest

from variantkit.io import load
from variantkit.model import UnitType
from variantkit.rules.orders import Hold, Move
from variantkit.rules.parse import OrderParser
from variantkit.validate import check
from variantkit.vocabulary import ORDER_KEYWORDS, coast_name

from tests.conftest import MAPS, ROOT

STANDARD = load(str(MAPS / "standard")).variant
A, F = UnitType.ARMY, UnitType.FLEET


@pytest.mark.parametrize("text,want", [
    # the words the validator's old copy lacked, read as the parser reads them
    ("A Par m Bur", Move("", A, "par", "", "bur")),
    ("F Lon stand", Hold("", F, "lon")),
    ("F Lon stands", Hold("", F, "lon")),
])
def test_the_parser_reads_these_words_as_keywords(text, want):
    assert OrderParser(STANDARD).parse(text) == want


def test_a_convoy_by_is_a_keyword():
    order = OrderParser(STANDARD).parse("A Lon - Bel by convoy")
    assert isinstance(order, Move) and order.dest == "bel" and order.via_convoy


def test_every_order_word_as_a_province_name_is_flagged():
    words = sorted(ORDER_KEYWORDS)
    assert {"m", "stand", "stands", "by"} <= set(words)
    provinces = list(STANDARD.provinces)
    assert len(provinces) >= len(words)
    named = {p.id: w for p, w in zip(provinces, words)}
    variant = replace(STANDARD, provinces=tuple(
        replace(p, aliases=p.aliases + (named[p.id],)) if p.id in named else p for p in provinces))
    flagged = {p.message.split("'")[1] for p in check(variant) if p.code == "VK111"}
    assert flagged == set(words)


def test_coast_names():
    assert coast_name("nc") == "North Coast"
    assert coast_name("sw") == "Southwest Coast"
    assert coast_name("x1") == "X1"


def test_a_coast_reads_the_same_from_a_variant_and_from_a_subvariant_patch(tmp_path):
    # the same coast record, once in a full variant, once in a subvariant's changes
    coasts = "{nc: {name: North Coast, aliases: [stp(nc)], unit_pos: [10, 20]}, sc: {name: South Coast}}"
    base = (MAPS / "standard" / "variant.yaml").read_text(encoding="utf-8")
    (tmp_path / "variant.yaml").write_text(base.replace("$schema=../../schemas", "$schema=../schemas"),
                                           encoding="utf-8")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "variant.yaml").write_text(
        "format: 1\nid: sub\nname: Sub\nextends: ../variant.yaml\n"
        f"changes:\n  provinces:\n    stp: {{coasts: {coasts}}}\n", encoding="utf-8")
    sub = load(str(tmp_path / "sub" / "variant.yaml"))
    assert sub.report.ok, [str(p) for p in sub.report]
    stp = sub.variant.province("stp")
    nc = stp.coasts[0]
    assert (nc.id, nc.name, nc.aliases, nc.unit_pos) == ("nc", "North Coast", ("stp(nc)",), (10.0, 20.0))
    assert isinstance(nc.unit_pos[0], float)

    full = base.replace("coasts: {nc: {name: North Coast, aliases: [stp(nc), stpete/nc, stpete(nc), "
                        "st. petersburg/nc, stp (north coast)]}, sc: {name: South Coast, aliases: [stp(sc), "
                        "stpete/sc, stpete(sc), st. petersburg/sc, stp (south coast)]}}", f"coasts: {coasts}")
    assert full != base
    (tmp_path / "full").mkdir()
    (tmp_path / "full" / "variant.yaml").write_text(full, encoding="utf-8")
    assert load(str(tmp_path / "full" / "variant.yaml")).variant.province("stp").coasts == stp.coasts


def test_locations_are_split_one_way():
    # `spa/nc` is split by model.split_location only; a JSON pointer is no location
    idiom = re.compile(r'\.(split|partition|rsplit)\("/"')
    allowed = {"variantkit/model/variant.py", "variantkit/io/variant_file.py"}
    found = []
    for root in ("variantkit", "editor"):
        for path in sorted((ROOT / root).rglob("*.py")):
            rel = str(path.relative_to(ROOT))
            for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if idiom.search(line) and not (rel in allowed and ("partition" in line or "$defs" in line)):
                    found.append(f"{rel}:{n}: {line.strip()}")
    assert not found, "split locations with model.split_location:\n" + "\n".join(found)
