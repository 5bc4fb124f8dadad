"""The broken-file corpus: each file gives its coded problems, none a traceback.

Each file in tests/data/broken starts with ``# expect: CODE ...``: the exact
set of codes ``variantkit validate`` must report for it.
"""
import json
from pathlib import Path

import pytest

from variantkit.cli import main
from variantkit.io import load
from variantkit.io.yaml_source import MAX_BYTES
from variantkit.problems import UnusableInput
from variantkit.validate import check

DATA = Path(__file__).parent / "data"
BROKEN = sorted((DATA / "broken").glob("*.yaml"))


def validate_json(capsys, *paths):
    code = main(["validate", "--json", *map(str, paths)])
    return code, json.loads(capsys.readouterr().out)


def expected(path: Path):
    first = path.read_text(encoding="utf-8").splitlines()[0]
    assert first.startswith("# expect: "), f"{path.name} must start with '# expect: CODE'"
    return set(first[len("# expect: "):].split())


@pytest.mark.parametrize("path", BROKEN, ids=[p.stem for p in BROKEN])
def test_broken_file_reports_its_codes(path, capsys):
    code, problems = validate_json(capsys, path)
    assert {p["code"] for p in problems} == expected(path)
    errors = [p for p in problems if p["severity"] == "error"]
    unusable = any(p["code"] in ("VK001", "VK002", "VK006", "VK007", "VK018", "VK023", "VK024") for p in errors)
    assert code == (0 if not errors else (2 if unusable else 1))
    for p in problems:
        assert p["file"] == str(path)
        assert p["hint"], f"{p['code']} has no hint"
        if p["code"] not in ("VK001",):
            assert p["line"] is not None and p["line"] >= 1, p


def test_corpus_covers_every_check():
    """One broken file per code the checks can emit."""
    import re
    sources = "".join((Path(__file__).parents[1] / "variantkit" / rel).read_text()
                      for rel in ("validate/semantic.py", "io/variant_file.py",
                                  "io/subvariant.py", "io/yaml_source.py"))
    codes = set(re.findall(r'"(VK\d{3})"', sources)) - {"VK001", "VK010"}
    covered = set().union(*(expected(p) for p in BROKEN))
    assert codes - covered == set()


@pytest.mark.parametrize("name", ["features.yaml", "features-sub.yaml"])
def test_valid_files_are_clean(name, capsys):
    code, problems = validate_json(capsys, DATA / "valid" / name)
    assert (code, problems) == (0, [])


def test_errors_point_at_the_offending_line(capsys):
    path = DATA / "broken" / "edge_unknown_location.yaml"
    _, [problem] = validate_json(capsys, path)
    line = path.read_text().splitlines()[problem["line"] - 1]
    assert "sae" in line and problem["code"] == "VK101"


def test_every_problem_of_a_file_at_once(tmp_path, capsys):
    text = (DATA / "valid" / "features.yaml").read_text()
    text = text.replace("letter: S", "letter: N").replace("victory: 3", "victory: 2")
    text = text.replace("{a: isl, b: sea, units: fleet}", "{a: isl, b: sae, units: fleet}")
    bad = tmp_path / "many.yaml"
    bad.write_text(text.replace("../../../schemas", "../schemas"))
    code, problems = validate_json(capsys, bad)
    assert code == 1
    assert {"VK170", "VK140", "VK101"} <= {p["code"] for p in problems}


def test_binary_file(tmp_path, capsys):
    path = tmp_path / "variant.yaml"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00")
    code, problems = validate_json(capsys, path)
    assert code == 2 and [p["code"] for p in problems] == ["VK001"]
    assert "binary" in problems[0]["message"]


def test_file_over_the_size_limit(tmp_path, capsys):
    path = tmp_path / "variant.yaml"
    with open(path, "wb") as fh:
        fh.truncate(MAX_BYTES + 1)
    code, problems = validate_json(capsys, path)
    assert code == 2 and [p["code"] for p in problems] == ["VK001"]
    assert "over the limit" in problems[0]["message"]


def test_missing_file_and_folder(tmp_path, capsys):
    code, problems = validate_json(capsys, tmp_path / "nothing.yaml", tmp_path)
    assert code == 2 and [p["code"] for p in problems] == ["VK001", "VK001"]


def test_not_utf8(tmp_path, capsys):
    path = tmp_path / "variant.yaml"
    path.write_bytes("name: Caf\xe9\n".encode("latin-1"))
    code, problems = validate_json(capsys, path)
    assert code == 2 and "UTF-8" in problems[0]["message"]


def test_human_output_names_file_line_and_hint(capsys):
    path = DATA / "broken" / "letter_twice.yaml"
    assert main(["validate", str(path)]) == 1
    out = capsys.readouterr().out
    assert f"{path}:" in out and "error VK170" in out and "hint:" in out


def test_load_raises_unusable_for_unreadable_input(tmp_path):
    with pytest.raises(UnusableInput) as info:
        load(str(tmp_path / "absent.yaml"))
    assert info.value.problems[0].code == "VK001"


def test_check_without_source_positions():
    loaded = load(str(DATA / "valid" / "features.yaml"))
    assert check(loaded.variant) == []
