"""A failure of ours: one line on the terminal, the traceback in the log file."""
import pytest

from variantkit import logs
from variantkit.cli import main


def test_an_internal_error_is_one_line_and_the_traceback_is_logged(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("XDG_STATE_HOME", str(tmp_path))

    def broken(path):
        raise ZeroDivisionError("a bug")
    monkeypatch.setattr("variantkit.cli.variant.load_checked", broken)
    assert main(["validate", "maps/standard"]) == 3
    err = capsys.readouterr().err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1
    assert "internal error: ZeroDivisionError: a bug" in err
    log = (tmp_path / "variantkit" / "variantkit.log").read_text()
    logs.reset()
    assert "Traceback" in log and "ZeroDivisionError: a bug" in log


def test_version(capsys):
    with pytest.raises(SystemExit) as done:
        main(["--version"])
    assert done.value.code == 0 and capsys.readouterr().out.startswith("variantkit ")
