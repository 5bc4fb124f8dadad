"""The trust boundaries let through what is legitimate: a folder the user
names, orders for a power's own units (and supports of others' units)."""
from __future__ import annotations

import io
import json

from variantkit.cli import main
from tests.conftest import MAPS
from tests.safety.workspace import make_workspace

STANDARD = str(MAPS / "standard")


def elsewhere_sub(ws):
    """A subvariant whose base is two folders away (outside its own folders)."""
    path = ws / "a" / "b" / "c" / "variant.yaml"
    path.parent.mkdir(parents=True)
    path.write_text("format: 1\nid: far\nname: Far\nextends: ../../../v/variant.yaml\nchanges: {}\n")
    return str(path)


def test_a_base_outside_is_refused_then_read_when_its_folder_is_trusted(tmp_path, capsys, monkeypatch):
    ws = make_workspace(tmp_path)
    sub = elsewhere_sub(ws)
    assert main(["validate", sub]) == 1
    assert "VK022" in capsys.readouterr().out
    assert main(["--trust", str(ws / "v"), "validate", sub]) == 0
    capsys.readouterr()
    monkeypatch.setenv("VARIANTKIT_TRUST", str(ws / "v"))
    assert main(["validate", sub]) == 0
    monkeypatch.delenv("VARIANTKIT_TRUST")
    assert main(["validate", sub]) == 1  # --trust lasted one run


def test_a_subvariant_in_a_folder_below_its_base_needs_no_trust(tmp_path, capsys):
    ws = make_workspace(tmp_path)
    assert main(["validate", str(ws / "v" / "sub")]) == 0


def adjudicate(monkeypatch, capsys, rec):
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(rec)))
    code = main(["adjudicate", "--variant", STANDARD])
    out = capsys.readouterr()
    return code, (json.loads(out.out) if out.out else None), out.err


def test_own_orders_with_or_without_prefix_and_support_of_another_powers_unit(monkeypatch, capsys):
    rec = {"phase": "S1901M", "units": {"france": ["A par", "A mar"], "germany": ["A mun"]},
           "centers": {},
           "orders": {"france": ["France: A par - bur", "A mar S A par - bur"],
                      "germany": ["A mun S A par - bur"]}}
    code, out, err = adjudicate(monkeypatch, capsys, rec)
    assert code == 0, err
    assert "A bur" in out["units"]["france"]


def test_a_retreat_of_another_powers_dislodged_unit_is_refused(monkeypatch, capsys):
    rec = {"phase": "S1901R", "units": {"germany": ["A mar"]}, "centers": {},
           "dislodged": {"france": [{"unit": "A mar", "attacker_from": "gas"}]},
           "orders": {"germany": ["A mar - spa"]}}
    code, out, err = adjudicate(monkeypatch, capsys, rec)
    assert code == 2 and "VK403" in err and "orders.germany[0]" in err
    rec["orders"] = {"france": ["A mar - spa"]}
    code, out, err = adjudicate(monkeypatch, capsys, rec)
    assert code == 0 and "A spa" in out["units"]["france"]


def test_play_names_the_line_of_the_order(tmp_path, capsys):
    script = tmp_path / "orders.txt"
    script.write_text("S1901M\nfrance: A par - bur\ngermany: A par - pic\n")
    assert main(["play", STANDARD, "--orders", str(script)]) == 2
    assert f"{script}:3: error VK403: A par - pic: germany orders france's unit A par" in capsys.readouterr().err


def test_play_reads_a_power_by_letter_or_adjective(tmp_path, capsys):
    """Filing under "F:" or "French:" is France: its own units move, no VK403."""
    script = tmp_path / "orders.txt"
    script.write_text("S1901M\nF: A par - bur\nFrench: A mar - spa\n")
    assert main(["play", STANDARD, "--orders", str(script)]) == 0
    out = capsys.readouterr().out
    assert "A par - bur: succeeds" in out and "A mar - spa: succeeds" in out
