"""Every hostile or careless input of issue 10 as a case: the command, the
exit code and problem code it must give (located: file and line where the
input has lines), and the files it must leave as they were.

Each case runs on a fresh copy of a user's folder (tests/safety/workspace.py);
after the command every file there must have its old bytes and mode (a
refused write writes nothing, a rejected drawing is not left behind), and no
output may hold a traceback or the text of a file that is not the input.
Cases that crashed the interpreter or hung run in a child process with a
time limit.
"""
from __future__ import annotations

import contextlib
import gzip
import io
import json
import os
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, List, Optional, Tuple

import pytest

from variantkit.cli import main
from tests.conftest import MAPS
from tests.safety.workspace import GOOD_SVG, SECRET, located_codes, make_workspace, run_cli, snapshot

STANDARD = str(MAPS / "standard")


@dataclass
class Case:
    name: str
    setup: Callable[[Path], List[str]]  # builds what the case needs in the folder, returns argv
    exit: int
    code: Optional[str]                 # None: argparse's own usage error (no problem code)
    stdin: Optional[Callable[[Path], bytes]] = None
    stdin_path: Optional[str] = None
    isolated: bool = False              # in a child process: it used to crash or hang
    changed: Tuple[str, ...] = ()       # files the command may create (none may change)
    line: bool = True                   # the problem names a line (the input has lines)


def w(ws: Path, rel: str, text, mode: str = "w") -> str:
    path = ws / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return str(path)


def position(**extra) -> Callable[[Path], bytes]:
    rec = {"phase": "S1901M", "units": {"france": ["A par", "A mar", "F bre"], "germany": ["A mun"]},
           "centers": {"france": ["par", "mar", "bre"]}}
    rec.update(extra)
    return lambda ws: json.dumps(rec).encode()


def sub(ws: Path, extends: str) -> str:
    return w(ws, "v/other/variant.yaml",
             f"format: 1\nid: other\nname: Other\nextends: {extends}\nchanges: {{}}\n")


def bomb(ws: Path) -> str:
    lines = ["format: 1", "id: bomb", 'name: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    prev = "a"
    for c in "bcdefghi":
        lines.append(f"{c}: &{c} [{','.join(['*' + prev] * 9)}]")
        prev = c
    return w(ws, "bomb.yaml", "\n".join(lines) + "\n")


def fanout(ws: Path) -> str:
    w(ws, "maps/c.map", "LAND Cee\n")
    w(ws, "maps/b.map", "USE " + " ".join(["c"] * 15) + "\n")
    return w(ws, "maps/a.map", "USE " + " ".join(["b"] * 15) + "\n")


def jdip(ws: Path, uri: str) -> str:
    w(ws, "jd/variants.xml", f'<VARIANTS><VARIANT name="x"><MAP adjacencyURI="{uri}"/></VARIANT></VARIANTS>')
    return str(ws / "jd")


def fifo(ws: Path) -> str:
    os.mkfifo(ws / "fifo.yaml")
    return str(ws / "fifo.yaml")


def notes(ws: Path) -> str:
    """The user's notes.svg in the variant's folder, and a drawing of that name to attach."""
    w(ws, "v/notes.svg", "my notes")
    return w(ws, "elsewhere/notes.svg", GOOD_SVG)


def art_folder(ws: Path) -> str:
    (ws / "v2" / "pictures").mkdir(parents=True)
    return w(ws, "v2/variant.yaml", (ws / "v" / "variant.yaml").read_text().replace("art: map.svg", "art: pictures"))


def art_link(ws: Path) -> str:
    """art: map.svg, where map.svg is a symlink to a file outside the folder."""
    (ws / "v2").mkdir()
    (ws / "v2" / "map.svg").symlink_to(ws / "secret" / "passwd")
    return w(ws, "v2/variant.yaml", (ws / "v" / "variant.yaml").read_text())


def art_named_by_id(ws: Path) -> str:
    """A variant whose art is named as jDip's writer names its map (ID.svg): a
    jDip export into its folder would write two files, then meet the art."""
    w(ws, "v2/features.svg", GOOD_SVG)
    return w(ws, "v2/variant.yaml", (ws / "v" / "variant.yaml").read_text().replace("art: map.svg",
                                                                                 "art: features.svg"))


def game_file(ws: Path, rec) -> str:
    return w(ws, "game.json", json.dumps(rec))


CASES = [
    # -- data lost -----------------------------------------------------------------------------------
    Case("attach_art_named_variant_yaml",
         lambda ws: ["attach-art", str(ws / "v"), w(ws, "elsewhere/variant.yaml", GOOD_SVG)], 2, "VK031", line=False),
    Case("attach_art_broken_drawing_over_good_one",
         lambda ws: ["attach-art", str(ws / "v"), w(ws, "elsewhere/map.svg", "<svg"), "--force"], 2, "VK800",
         changed=("elsewhere/map.svg",)),
    Case("attach_art_good_drawing_over_good_one_unforced",
         lambda ws: ["attach-art", str(ws / "v"), w(ws, "elsewhere/map.svg", GOOD_SVG)], 2, "VK030",
         changed=("elsewhere/map.svg",), line=False),
    Case("attach_art_broken_drawing_not_left_behind",
         lambda ws: ["attach-art", str(ws / "v"), w(ws, "elsewhere/new.svg", "<svg><g>")], 2, "VK800"),
    Case("attach_art_other_file_of_that_name",
         lambda ws: ["attach-art", str(ws / "v"), notes(ws)], 2, "VK030", line=False),
    Case("import_over_existing_variant",
         lambda ws: ["import", "svg", str(ws / "good.svg"), "-o", str(ws / "v")], 2, "VK030", line=False),
    Case("import_into_a_folder_that_is_a_file",
         lambda ws: ["import", "svg", str(ws / "good.svg"), "-o", str(ws / "existing.map")], 2, "VK036",
         line=False),
    Case("export_over_its_own_variant_even_forced",
         lambda ws: ["export", "dpjudge", str(ws / "v"), "-o", str(ws / "v" / "variant.yaml"), "--force"],
         2, "VK031", line=False),
    Case("export_over_its_own_art_even_forced",
         lambda ws: ["export", "dpjudge", str(ws / "v"), "-o", str(ws / "v" / "map.svg"), "--force"],
         2, "VK031", line=False),
    Case("export_over_a_subvariants_base_even_forced",
         lambda ws: ["export", "dpjudge", str(ws / "v" / "sub"), "-o", str(ws / "v" / "variant.yaml"), "--force"],
         2, "VK031", line=False),
    Case("export_over_existing_file",
         lambda ws: ["export", "dpjudge", str(ws / "v"), "-o", str(ws / "existing.map")], 2, "VK030", line=False),
    Case("export_jdip_whose_drawing_would_land_on_the_art_writes_nothing",
         lambda ws: ["export", "jdip", art_named_by_id(ws), "-o", str(ws / "v2"), "--force"], 2, "VK031",
         changed=("v2/variant.yaml", "v2/features.svg"), line=False),
    Case("export_folder_format_into_the_variants_folder_forced",
         lambda ws: ["export", "webdiplomacy", str(ws / "v"), "-o", str(ws / "v"), "--force"],
         0, None, changed=("v/install.php", "v/classes/adjudicatorPreGame.php", "v/variant.php",
                           "v/classes/drawMap.php", "v/resources/map.png", "v/resources/smallmap.png")),
    Case("render_over_existing_file",
         lambda ws: ["render", str(ws / "v"), "-o", str(ws / "existing.svg")], 2, "VK030", line=False),
    Case("render_over_its_own_art_even_forced",
         lambda ws: ["render", str(ws / "v"), "-o", str(ws / "v" / "map.svg"), "--force"], 2, "VK031", line=False),
    Case("play_save_over_existing_file",
         lambda ws: ["play", STANDARD, "--orders", w(ws, "orders.txt", "S1901M\nfrance: A par - bur\n"),
                     "--save", str(ws / "existing.json")], 2, "VK030", line=False),
    Case("play_save_over_the_variant_named_by_its_folder_even_forced",
         lambda ws: ["play", str(ws / "v"), "--orders", w(ws, "orders.txt", "S1901M\nnorth: A hub H\n"),
                     "--save", str(ws / "v" / "variant.yaml"), "--force"], 2, "VK031", changed=("orders.txt",),
         line=False),
    Case("play_save_over_its_own_orders_even_forced",
         lambda ws: ["play", STANDARD, "--orders", w(ws, "orders.txt", "S1901M\nfrance: A par - bur\n"),
                     "--save", str(ws / "orders.txt"), "--force"], 2, "VK031", line=False),
    # -- trust ---------------------------------------------------------------------------------------
    Case("adjudicate_order_filed_under_another_power",
         lambda ws: ["adjudicate", "--variant", STANDARD], 2, "VK411",
         stdin=position(orders={"germany": ["France: A par - pic"]}), line=False),
    Case("adjudicate_order_for_another_powers_unit",
         lambda ws: ["adjudicate", "--variant", STANDARD], 2, "VK403",
         stdin=position(orders={"germany": ["A par - pic"]}), line=False),
    Case("play_order_filed_under_another_power",
         lambda ws: ["play", STANDARD, "--orders", w(ws, "orders.txt", "S1901M\ngermany: France: A par - pic\n")],
         2, "VK411", changed=("orders.txt",)),
    Case("dpjudge_use_outside_the_maps_folder",
         lambda ws: ["import", "dpjudge", w(ws, "maps/x.map", "USE ../secret/passwd\n"), "-o", str(ws / "out")],
         2, "VK022", changed=("maps/x.map",)),
    Case("dpjudge_use_etc_passwd",
         lambda ws: ["import", "dpjudge", w(ws, "maps/x.map", "USE ../../../../../../../../etc/passwd\n"),
                     "-o", str(ws / "out")], 2, "VK022", changed=("maps/x.map",)),
    Case("extends_a_file_outside",
         lambda ws: ["validate", sub(ws, "../../secret/passwd")], 1, "VK022", changed=("v/other/variant.yaml",)),
    Case("extends_etc_shadow",
         lambda ws: ["validate", sub(ws, "/etc/shadow")], 1, "VK022", changed=("v/other/variant.yaml",)),
    Case("art_outside_the_variants_folder",
         lambda ws: ["render", w(ws, "v2/variant.yaml", (ws / "v" / "variant.yaml").read_text().replace(
             "art: map.svg", "art: ../secret/passwd")), "-o", str(ws / "out.svg")], 2, "VK022",
         changed=("v2/variant.yaml",)),
    Case("art_through_a_symlink_that_leaves_the_folder",
         lambda ws: ["render", art_link(ws), "-o", str(ws / "out.svg")], 2, "VK022", changed=("v2/variant.yaml",)),
    Case("jdip_adjacency_uri_outside",
         lambda ws: ["import", "jdip", jdip(ws, "../secret/passwd"), "-o", str(ws / "out")], 2, "VK022",
         changed=("jd/variants.xml",)),
    Case("schema_error_with_a_huge_value",
         lambda ws: ["validate", w(ws, "huge.yaml", "format: 1\nid: huge\nname: [" + "x" * 200_000 + "]\n"
                                   "provinces: {}\nedges: []\npowers: {}\n")], 1, "VK013", changed=("huge.yaml",)),
    # -- exhaustion and crashes ----------------------------------------------------------------------
    Case("yaml_alias_bomb", lambda ws: ["validate", bomb(ws)], 2, "VK024", isolated=True, changed=("bomb.yaml",)),
    Case("yaml_80kb_of_brackets", lambda ws: ["validate", w(ws, "deep.yaml", "[" * 80_000)], 2, "VK006",
         isolated=True, changed=("deep.yaml",)),
    Case("yaml_alias_inside_itself", lambda ws: ["validate", w(ws, "loop.yaml", "a: &a [1, *a]\n")], 2, "VK023",
         changed=("loop.yaml",)),
    Case("yaml_nan_and_infinity",
         lambda ws: ["render", w(ws, "v2/variant.yaml", (ws / "v" / "variant.yaml").read_text().replace(
             "unit_pos: [10, 20]", "unit_pos: [.nan, .inf]").replace("art: map.svg\n", "")),
             "-o", str(ws / "out.svg")], 2, "VK019", changed=("v2/variant.yaml",)),
    Case("yaml_huge_number",
         lambda ws: ["render", w(ws, "v2/variant.yaml", (ws / "v" / "variant.yaml").read_text().replace(
             "unit_pos: [10, 20]", "unit_pos: [1" + "0" * 400 + ", 1]").replace("art: map.svg\n", "")),
             "-o", str(ws / "out.svg")], 2, "VK013", changed=("v2/variant.yaml",)),
    Case("svgz_gzip_bomb",
         lambda ws: ["import", "svg", w(ws, "bomb.svgz", gzip.compress(
             b'<svg xmlns="http://www.w3.org/2000/svg">' + b" " * (40 << 20) + b"</svg>", 1)),
             "-o", str(ws / "out")], 2, "VK800", changed=("bomb.svgz",), line=False),
    Case("jdip_file_over_its_limit",
         lambda ws: ["import", "jdip", w(ws, "jd/variants.xml", b"<VARIANTS>" + b" " * (21 << 20)),
                     "-o", str(ws / "out")], 2, "VK720", changed=("jd/variants.xml",), line=False),
    Case("dev_zero_as_the_variant", lambda ws: ["validate", "/dev/zero"], 2, "VK005", isolated=True, line=False),
    Case("dev_zero_as_extends",
         lambda ws: ["--trust", "/dev", "validate", sub(ws, "/dev/zero")], 1, "VK005", isolated=True,
         changed=("v/other/variant.yaml",), line=False),
    Case("dev_zero_as_use",
         lambda ws: ["--trust", "/dev", "import", "dpjudge", w(ws, "maps/x.map", "USE /dev/./zero\n"),
                     "-o", str(ws / "out")], 2, "VK005", isolated=True, changed=("maps/x.map",)),
    Case("dev_zero_as_jdip_adjacency",
         lambda ws: ["--trust", "/dev", "import", "jdip", jdip(ws, "/dev/zero"), "-o", str(ws / "out")], 2, "VK005",
         isolated=True, changed=("jd/variants.xml",)),
    Case("dev_zero_as_adjudicate_stdin", lambda ws: ["adjudicate", "--variant", STANDARD], 2, "VK400",
         stdin_path="/dev/zero", isolated=True, line=False),
    Case("fifo_as_the_variant", lambda ws: ["validate", fifo(ws)], 2, "VK005", isolated=True, line=False),
    Case("dpjudge_use_fan_out", lambda ws: ["import", "dpjudge", fanout(ws), "-o", str(ws / "out")], 2, "VK601",
         changed=("maps/a.map", "maps/b.map", "maps/c.map")),
    Case("order_line_of_200000_spaces",
         lambda ws: ["play", STANDARD, "--orders", w(ws, "orders.txt", "S1901M\nfrance: " + " " * 200_000 + "x\n")],
         2, "VK008", changed=("orders.txt",)),
    Case("adjudicate_order_of_200000_spaces", lambda ws: ["adjudicate", "--variant", STANDARD], 2, "VK008",
         stdin=position(orders={"france": [" " * 200_000 + "A par - bur"]}), line=False),
    Case("render_scale_nan", lambda ws: ["render", str(ws / "v"), "-o", str(ws / "o.png"), "--scale", "nan"],
         2, None),
    Case("check_art_gap_inf", lambda ws: ["check-art", str(ws / "v"), "--gap", "inf"], 2, None),
    Case("fuzz_years_huge", lambda ws: ["fuzz", STANDARD, "--years", "1" + "0" * 30], 2, None),
    Case("balance_games_huge", lambda ws: ["balance", str(ws / "v"), "--games", "1" + "0" * 30], 2, "VK557",
         line=False),
    Case("adjudicate_units_not_a_list", lambda ws: ["adjudicate", "--variant", STANDARD], 2, "VK401",
         stdin=position(units={"france": "A par"}), line=False),
    Case("adjudicate_orders_not_an_object", lambda ws: ["adjudicate", "--variant", STANDARD], 2, "VK401",
         stdin=position(orders=["A par - bur"]), line=False),
    Case("adjudicate_static_falls_text", lambda ws: ["adjudicate", "--variant", STANDARD], 2, "VK401",
         stdin=position(static_falls="many"), line=False),
    Case("adjudicate_number_of_5000_digits", lambda ws: ["adjudicate", "--variant", STANDARD], 2, "VK400",
         stdin=lambda ws: b'{"static_falls": ' + b"9" * 5000 + b"}", line=False),
    Case("adjudicate_not_utf8", lambda ws: ["adjudicate", "--variant", STANDARD], 2, "VK400",
         stdin=lambda ws: b'{"phase": "\xff"}', line=False),
    Case("game_file_wrong_types",
         lambda ws: ["render", STANDARD, "--game", game_file(ws, {"position": {"units": [1, 2]}, "history": 5}),
                     "-o", str(ws / "out.svg")], 2, "VK401", changed=("game.json",), line=False),
    Case("order_script_unreadable_bytes",
         lambda ws: ["play", STANDARD, "--orders", w(ws, "orders.txt", b"S1901M\nfrance: A par \xff- bur\n")],
         2, "VK402", changed=("orders.txt",)),
    Case("jdip_folder_without_map",
         lambda ws: ["import", "jdip", w(ws, "jd/variants.xml", '<VARIANTS><VARIANT name="x"/></VARIANTS>'),
                     "-o", str(ws / "out")], 2, "VK672", changed=("jd/variants.xml",)),
    Case("art_that_is_a_folder",
         lambda ws: ["render", art_folder(ws), "-o", str(ws / "out.svg")], 2, "VK005",
         changed=("v2/variant.yaml",)),
    # -- impossible positions ------------------------------------------------------------------------
    Case("army_at_sea", lambda ws: ["adjudicate", "--variant", STANDARD], 2, "VK404",
         stdin=position(units={"england": ["A nth"]}), line=False),
    Case("fleet_inland", lambda ws: ["adjudicate", "--variant", STANDARD], 2, "VK404",
         stdin=position(units={"germany": ["F mun"]}), line=False),
    Case("fleet_on_a_two_coast_province_without_its_coast", lambda ws: ["adjudicate", "--variant", STANDARD], 2,
         "VK404", stdin=position(units={"france": ["F spa"]}), line=False),
    Case("centre_that_does_not_exist", lambda ws: ["adjudicate", "--variant", STANDARD], 2, "VK405",
         stdin=position(centers={"france": ["par", "bur"]}), line=False),
    Case("centre_of_two_powers", lambda ws: ["adjudicate", "--variant", STANDARD], 2, "VK406",
         stdin=position(centers={"france": ["par"], "germany": ["par"]}), line=False),
]


def run_in_process(argv: List[str], stdin: Optional[bytes]) -> Tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    old = sys.stdin
    sys.stdin = io.TextIOWrapper(io.BytesIO(stdin or b""), encoding="utf-8")
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code = main(argv)
            except SystemExit as exc:  # argparse's usage errors
                code = exc.code
    finally:
        sys.stdin = old
    return code, out.getvalue(), err.getvalue()


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_case(case: Case, tmp_path):
    ws = make_workspace(tmp_path)
    argv = case.setup(ws)
    before = snapshot(ws)
    stdin = case.stdin(ws) if case.stdin else None
    if case.isolated:
        code, out, err = run_cli(argv, ws, stdin, case.stdin_path, timeout=60)
    else:
        code, out, err = run_in_process(argv, stdin)
    assert code == case.exit, err[-2000:]
    assert "Traceback" not in err + out
    assert SECRET not in err + out and "root:x:0" not in err + out  # no other file's contents
    assert len(err + out) < 5000, "a problem echoed a huge value"
    if case.code is not None:
        found = located_codes(out + err)  # validate prints its problems on stdout
        assert case.code in {c for _, _, c in found}, err[-2000:]
        for file, line, code_ in found:
            if code_ == case.code:
                assert file != "<input>", "the problem names no file"
                if case.line:
                    assert line is not None and int(line) >= 1, err
    elif case.exit:
        assert "error: argument" in err  # argparse names the argument
    after = snapshot(ws)
    allowed = set(case.changed)
    assert {k: v for k, v in before.items() if k not in allowed} == \
        {k: v for k, v in after.items() if k not in allowed}, "a file changed"
    assert set(after) - set(before) <= allowed, "a file was left behind"

