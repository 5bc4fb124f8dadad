"""Integrity (issue 21): duplicate keys refused in JSON as in YAML (a game
file, adjudicate's stdin); bad phase lines of a play script are errors, every
one at once, not skipped; an alias equal to another province's coast id and a
name the diplomacy package and DPjudge read as a keyword are found
(tests/data/broken/alias_is_a_coast.yaml, host_keyword_name.yaml)."""
from __future__ import annotations

import json

import pytest

from tests.conftest import MAPS
from tests.safety.test_corpus import run_in_process
from variantkit.io import load
from variantkit.io.game_file import load_game
from variantkit.problems import UnusableInput

STANDARD = str(MAPS / "standard")


def test_a_game_file_with_a_key_twice_is_refused(tmp_path):
    v = load(STANDARD).variant
    game = tmp_path / "game.json"
    # the second "france" would silently replace the first: France's units vanish
    game.write_text('{"position": {"phase": "S1901M", "units": {"france": ["A par"], "france": []}}, '
                    '"history": []}')
    with pytest.raises(UnusableInput) as exc:
        load_game(v, str(game))
    (p,) = exc.value.problems
    assert p.code == "VK400" and "'france' appears twice" in p.message and p.file == str(game)


def test_adjudicate_refuses_an_order_list_given_twice():
    text = ('{"phase": "S1901M", "units": {"france": ["A par"]}, "centers": {}, '
            '"orders": {"france": ["A par - bur"], "france": ["A par H"]}}')
    code, out, err = run_in_process(["adjudicate", "--variant", STANDARD], text.encode())
    assert code == 2 and "VK400" in err and "appears twice" in err and "Traceback" not in err


@pytest.mark.parametrize("line", ["S19O1M", "X1901M", "S1901Q", "spring"])
def test_a_bad_phase_line_is_an_error_not_skipped(tmp_path, line):
    script = tmp_path / "orders.txt"
    script.write_text(f"S1901M\nfrance: A par - bur\n{line}\nfrance: A bur - mun\nF1901Z\n")
    code, out, err = run_in_process(["play", STANDARD, "--orders", str(script)], None)
    assert code == 2 and "==" not in out and "Traceback" not in err
    assert f"{script}:3: error VK408" in err and f"{script}:5: error VK408" in err  # every bad line at once


def test_a_good_phase_the_game_passes_over_is_still_said(tmp_path):
    script = tmp_path / "orders.txt"
    script.write_text("S1901M\nfrance: A par - bur\nS1901R\nF1901M\nfrance: A bur - mun\n")
    code, out, err = run_in_process(["play", STANDARD, "--orders", str(script)], None)
    assert code == 0 and "S1901R: skipped" in err and "== F1901M" in out


def test_json_without_repeats_still_reads(tmp_path):
    from variantkit.io.game_file import loads_unique
    assert loads_unique(json.dumps({"a": {"b": [1, {"c": 2}]}})) == {"a": {"b": [1, {"c": 2}]}}
