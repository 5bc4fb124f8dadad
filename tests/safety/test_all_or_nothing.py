"""Writers of several files, all or nothing (issue 21): a full disk, a
file-size limit, a failed rename or a signal part way through a set leaves
the old set as it was; messages name the target, never the temporary file,
and say what was replaced; SIGINT and SIGTERM end with one line; of two
writers without --force only one succeeds; writes into a variant's folder
never land outside it."""
from __future__ import annotations

import os
import signal
import subprocess
import sys

import pytest

from tests.conftest import ROOT
from variantkit import files
from variantkit.cli import main
from variantkit.files import all_or_nothing, atomic_write, check_target, shown_path
from variantkit.problems import UnusableInput
from tests.safety.workspace import make_workspace

TUTORIAL = str(ROOT / "maps" / "tutorial")


def snapshot(folder) -> dict:
    out = {}
    for base, _, names in os.walk(folder):
        for n in names:
            p = os.path.join(base, n)
            out[os.path.relpath(p, folder)] = open(p, "rb").read()
    return out


def old_export(tmp_path):
    """An earlier webDiplomacy export to be replaced, every file marked old."""
    out = tmp_path / "w"
    assert main(["export", "webdiplomacy", TUTORIAL, "-o", str(out)]) == 0
    for base, _, names in os.walk(out):
        for n in names:
            with open(os.path.join(base, n), "a") as fh:
                fh.write("// the old set\n")
    return out, snapshot(out)


def test_a_full_disk_on_the_second_file_leaves_the_old_set(tmp_path, monkeypatch, capsys):
    out, before = old_export(tmp_path)
    calls = []
    real_fsync = os.fsync

    def full_on_second(fd):
        calls.append(fd)
        if len(calls) == 2:
            raise OSError(28, "No space left on device")
        real_fsync(fd)
    monkeypatch.setattr(os, "fsync", full_on_second)
    capsys.readouterr()
    assert main(["export", "webdiplomacy", TUTORIAL, "-o", str(out), "--force"]) == 2
    err = capsys.readouterr().err
    assert snapshot(out) == before
    assert "VK009" in err and "No space left on device" in err and "nothing was written" in err
    assert ".~" not in err and str(out) in err  # the target is named, not the temporary file
    assert not [n for b, _, ns in os.walk(tmp_path) for n in ns if n.startswith(".~")]


def test_a_failed_rename_puts_back_the_files_already_swapped(tmp_path, monkeypatch):
    (tmp_path / "a.txt").write_text("old a\n")
    (tmp_path / "b.txt").write_text("old b\n")
    real_replace = os.replace

    def second_fails(src, dst):  # a.txt is swapped in, then b.txt's rename fails
        if str(dst).endswith("b.txt"):
            raise OSError(5, "Input/output error", dst)
        return real_replace(src, dst)
    monkeypatch.setattr(os, "replace", second_fails)
    with pytest.raises(OSError) as exc:
        with all_or_nothing():
            atomic_write(str(tmp_path / "a.txt"), "new a\n")
            atomic_write(str(tmp_path / "b.txt"), "new b\n")
    assert isinstance(exc.value, UnusableInput) and exc.value.problems[0].code == "VK009"
    assert (tmp_path / "a.txt").read_text() == "old a\n" and (tmp_path / "b.txt").read_text() == "old b\n"
    assert sorted(os.listdir(tmp_path)) == ["a.txt", "b.txt"]


def test_new_folders_made_by_a_failed_set_are_removed(tmp_path, monkeypatch):
    def full(fd):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(OSError):
        with all_or_nothing():
            atomic_write(str(tmp_path / "out" / "install.php"), "x")
            atomic_write(str(tmp_path / "out" / "classes" / "a.php"), "y")
    assert os.listdir(tmp_path) == []


def test_the_closing_line_says_what_was_replaced(tmp_path, capsys):
    out, _ = old_export(tmp_path)
    capsys.readouterr()
    assert main(["export", "webdiplomacy", TUTORIAL, "-o", str(out), "--force"]) == 0
    err = capsys.readouterr().err
    n = len(snapshot(out))
    assert f"replaced {n} file(s)" in err and "install.php" in err and "adjudicatorPreGame.php" in err


FSIZE = r"""
import resource, sys
from variantkit.cli import main
resource.setrlimit(resource.RLIMIT_FSIZE, (300, 300))
sys.exit(main(sys.argv[1:]))
"""


def run(code, *args, **kw):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.Popen([sys.executable, "-c", code, *args], env=env, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, **kw)


def test_a_file_size_limit_leaves_the_old_set(tmp_path):
    out, before = old_export(tmp_path)
    proc = run(FSIZE, "export", "webdiplomacy", TUTORIAL, "-o", str(out), "--force")
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 2, err
    assert "over the file-size limit" in err and "Traceback" not in err and ".~" not in err
    assert snapshot(out) == before


# The export stops between the first file written and the second: a signal arrives there.
SIGNALLED = r"""
import os, sys, time
import variantkit.files as f
from variantkit.cli import main
real = f._fill
count = []
def slow(fd, raw, old):
    count.append(1)
    real(fd, raw, old)
    if len(count) == 1:
        print("first written", flush=True)
        time.sleep(30)
f._fill = slow
sys.exit(main(sys.argv[1:]))
"""


@pytest.mark.parametrize("sig, code, said", [(signal.SIGINT, 130, "interrupted (Ctrl+C)"),
                                             (signal.SIGTERM, 143, "SIGTERM")])
def test_a_signal_mid_set_ends_with_one_line_and_the_old_set(tmp_path, sig, code, said):
    out, before = old_export(tmp_path)
    proc = run(SIGNALLED, "export", "webdiplomacy", TUTORIAL, "-o", str(out), "--force")
    try:
        assert proc.stdout.readline().strip() == "first written"
        proc.send_signal(sig)
        _, err = proc.communicate(timeout=30)
    finally:
        proc.kill()
        proc.wait()
    assert proc.returncode == code
    assert "Traceback" not in err and said in err and "nothing was written" in err
    assert len([line for line in err.splitlines() if "variantkit:" in line]) == 1
    assert snapshot(out) == before
    assert not [n for b, _, ns in os.walk(tmp_path) for n in ns if n.startswith(".~")]


def test_two_writers_without_force_cannot_both_succeed(tmp_path):
    target = tmp_path / "game.json"
    check_target(str(target), False)  # this writer checked: nothing there
    try:
        target.write_text("another writer's game\n")  # ... then another writer came first
        with pytest.raises(UnusableInput) as exc:
            atomic_write(str(target), "mine\n")
    finally:
        files.reset_session()
    assert exc.value.problems[0].code == "VK034" and "appeared" in exc.value.problems[0].message
    assert target.read_text() == "another writer's game\n"
    assert os.listdir(tmp_path) == ["game.json"]


def test_two_folder_writers_without_force_cannot_both_succeed(tmp_path):
    out = tmp_path / "w"
    check_target(str(out), False)
    try:
        assert main(["export", "webdiplomacy", TUTORIAL, "-o", str(out)]) == 0  # the other writer
        check_target(str(out / "x"), False)  # main forgot its own; ours is checked again
        files.write_state().fresh.add(os.path.realpath(out))
        before = snapshot(out)
        with pytest.raises(UnusableInput) as exc:
            with all_or_nothing():
                atomic_write(str(out / "install.php"), "mine")
                atomic_write(str(out / "classes" / "adjudicatorPreGame.php"), "mine")
    finally:
        files.reset_session()
    assert exc.value.problems[0].code == "VK034"
    assert snapshot(out) == before


def test_play_save_refused_before_playing(tmp_path, capsys):
    ws = make_workspace(tmp_path)
    script = tmp_path / "orders.txt"
    script.write_text("S1901M\n")
    (tmp_path / "taken.json").write_text("{}")
    rc = main(["play", str(ws / "v"), "--orders", str(script), "--save", str(tmp_path / "taken.json")])
    out = capsys.readouterr()
    assert rc == 2 and "VK030" in out.err and "==" not in out.out


def test_attach_art_never_writes_through_a_planted_symlink(tmp_path, capsys):
    ws = make_workspace(tmp_path)
    outside = tmp_path / "outside.svg"
    outside.write_text("precious\n")
    drawing = tmp_path / "new" / "planted.svg"
    drawing.parent.mkdir()
    drawing.write_text((ws / "v" / "map.svg").read_text())
    os.symlink(outside, ws / "v" / "planted.svg")
    rc = main(["attach-art", str(ws / "v"), str(drawing), "--force"])
    err = capsys.readouterr().err
    assert rc == 2 and "VK035" in err and "outside the variant's folder" in err
    assert outside.read_text() == "precious\n"


def test_a_long_path_is_cut_when_echoed(tmp_path, capsys):
    long = "x" * 100_000
    rc = main(["validate", str(tmp_path / long)])
    err = capsys.readouterr().err
    assert rc == 2 and len(err) < 2_000 and "[...]" in err
    assert len(shown_path(long)) <= 120


def test_an_interrupt_after_the_set_is_in_says_so(tmp_path, monkeypatch, capsys):
    """A Ctrl+C that lands after the swap says the files were all written."""
    out = tmp_path / "w"
    real_commit = files._commit

    def commit_then_ctrl_c(pending, commit):
        real_commit(pending, commit)
        raise KeyboardInterrupt
    monkeypatch.setattr(files, "_commit", commit_then_ctrl_c)
    assert main(["export", "webdiplomacy", TUTORIAL, "-o", str(out)]) == 130
    assert "were all written" in capsys.readouterr().err
    assert {"classes/adjudicatorPreGame.php", "install.php"} <= set(snapshot(out))
    assert not [n for b, _, ns in os.walk(tmp_path) for n in ns if n.startswith(".~")]
