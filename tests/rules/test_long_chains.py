"""Positions far longer than real games have: a chain of 400 moves is decided
(from its tail, so the resolver's recursion stays shallow), and a circle of 400
is refused with a located problem instead of a RecursionError's traceback (or, compiled, a
crashed C stack, at some tens of thousands: refused past 300 in both builds)."""
import io
import json

import pytest

from variantkit.cli import main


def _board(tmp_path, n: int, ring: bool):
    spaces = n if ring else n + 1
    lines = ["format: 1", "id: line", "name: Line", "powers:",
             "  a: {name: A, letter: A, homes: [p0], units: [A p0]}", "provinces:"]
    lines += [f"  p{i}: {{name: P{i}, terrain: land, center: {str(i == 0).lower()}}}" for i in range(spaces)]
    lines += ["edges:"] + [f"  - {{a: p{i}, b: p{(i + 1) % spaces}, units: army}}"
                          for i in range(spaces if ring else spaces - 1)]
    (tmp_path / "variant.yaml").write_text("\n".join(lines) + "\n")
    return {"phase": "S1901M", "units": {"a": [f"A p{i}" for i in range(n)]},
            "orders": {"a": [f"A p{i} - p{(i + 1) % spaces}" for i in range(n)]}}


def _adjudicate(tmp_path, monkeypatch, position):
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(position)))
    return main(["adjudicate", "--variant", str(tmp_path)])


def test_a_chain_of_400_moves_is_decided(tmp_path, monkeypatch, capsys):
    assert _adjudicate(tmp_path, monkeypatch, _board(tmp_path, 400, ring=False)) == 0
    out = json.loads(capsys.readouterr().out)
    assert sum(r["outcome"] == "succeeds" for r in out["results"]) == 400


@pytest.mark.parametrize("n, code", [(100, 0), (300, 0), (301, 2), (400, 2)])
def test_a_circle_is_decided_or_refused_cleanly(tmp_path, monkeypatch, capsys, n, code):
    assert _adjudicate(tmp_path, monkeypatch, _board(tmp_path, n, ring=True)) == code
    out, err = capsys.readouterr()
    assert "Traceback" not in err
    if code:
        assert "VK407" in err
