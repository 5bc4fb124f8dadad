"""The one rule for strings (variantkit/text.py): in the schema, on the model, and in what is printed."""
import dataclasses
import json
import re

import pytest

from variantkit import text
from variantkit.cli import main
from variantkit.io import load
from variantkit.validate import check

from pathlib import Path

MAPS = Path(__file__).resolve().parents[2] / "maps"

STANDARD = MAPS / "standard" / "variant.yaml"


def _with(tmp_path, old: str, new: str):
    source = STANDARD.read_text(encoding="utf-8")
    assert old in source
    path = tmp_path / "variant.yaml"
    path.write_text(source.replace(old, new, 1), encoding="utf-8")
    return path


def _codes(capsys, path):
    rc = main(["validate", "--json", str(path)])
    return rc, json.loads(capsys.readouterr().out)


@pytest.mark.parametrize("old, new, code", [
    ("id: standard", 'id: "standard\\n"', "VK013"),            # a final newline: patterns end at the true end
    ("letter: E", 'letter: "E\\n"', "VK013"),
    ("colour: '#c8403a'", 'colour: "#c8403a\\n"', "VK013"),
    ("units: [A bud", 'units: ["A bud\\n"', "VK013"),
    ("name: Standard", 'name: "Standard\\nRULE BUILD_ANY"', "VK016"),
    ("name: Standard", 'name: "Standard?>\\u0000"', "VK016"),
    ("name: Standard", 'name: "Stan\\u202Edard"', "VK016"),   # a bidirectional override reorders what is read
    ("name: Standard", 'name: "Stan\\u2028dard"', "VK016"),   # a line separator
])
def test_the_schema_refuses_what_would_end_a_line_elsewhere(tmp_path, capsys, old, new, code):
    rc, problems = _codes(capsys, _with(tmp_path, old, new))
    assert rc == 1
    found = [p for p in problems if p["code"] == code]
    assert found and all(p["line"] for p in found), problems
    if code == "VK016":
        assert "U+" in found[0]["message"]  # the character is named, so the user can find it


def _description(tmp_path, value: str):
    source = STANDARD.read_text(encoding="utf-8")
    start = source.index("\ndescription: ") + 1
    end = re.search(r"\n(?=\S)", source[start:]).start() + start  # the next top-level key
    path = tmp_path / "variant.yaml"
    path.write_text(source[:start] + f"description: {value}" + source[end:], encoding="utf-8")
    return path


def test_a_description_may_hold_line_breaks_but_no_escapes(tmp_path, capsys):
    rc, problems = _codes(capsys, _description(tmp_path, '"two\\n\\tlines"'))
    assert (rc, problems) == (0, [])
    rc, problems = _codes(capsys, _description(tmp_path, '"x\\e[2J"'))
    assert rc == 1 and [p["code"] for p in problems] == ["VK016"]


def test_the_model_is_checked_too():
    """A variant built by an importer or the editor never met the schema."""
    v = load(str(STANDARD)).variant
    par = v.province("par")
    bad = dataclasses.replace(par, name="Paris\nVIE BUR", aliases=("paris\x1b[31m",))
    v2 = dataclasses.replace(v, provinces=tuple(bad if p.id == "par" else p for p in v.provinces))
    codes = [p.code for p in check(v2)]
    assert codes.count("VK016") == 2


def test_look_alikes_are_noted_not_refused(tmp_path, capsys):
    rc, problems = _codes(capsys, _with(tmp_path, "name: Standard", "name: \"St\u0430ndard\""))  # Cyrillic a
    assert rc == 0 and [p["code"] for p in problems] == ["VK114"]
    assert text.notes("\uff21ustria") and text.notes("Aus\u200btria") and not text.notes("Côte d'Ivoire")


def test_printed_text_never_obeys_a_control_character(tmp_path, capsys):
    path = _with(tmp_path, "name: Standard", 'name: "Standard\\e]0;owned\\a\\e[2J"')
    rc = main(["validate", str(path)])
    out, err = capsys.readouterr()
    assert rc == 1
    assert "\x1b" not in out + err and "\x07" not in out + err
    assert "\\x1b" in out


def test_shown_cuts_and_escapes():
    assert text.shown("a\nb\x1b") == "a\\nb\\x1b"
    assert text.shown("x" * 500, 10).endswith("(500 characters)")
    assert text.describe("\n") == "U+000A LINE FEED"
