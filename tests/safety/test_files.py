"""variantkit.files: saves keep mode, owner and symlinks; a killed save
leaves nothing behind that a later save does not clean; reads refuse what is
not a regular file and stop at their limit whatever the file claims."""
from __future__ import annotations

import os
import signal
import stat
import subprocess
import sys
import time

import pytest

from variantkit.cli import main
from variantkit.files import TMP_MARK, atomic_write, read_limited
from variantkit.problems import UnusableInput
from tests.safety.workspace import make_workspace


def temps(folder) -> list:
    return [n for n in os.listdir(folder) if TMP_MARK in n]


def test_a_save_keeps_the_files_mode(tmp_path):
    path = tmp_path / "variant.yaml"
    path.write_text("old\n")
    os.chmod(path, 0o640)
    atomic_write(str(path), "new\n")
    assert path.read_text() == "new\n"
    assert stat.S_IMODE(path.stat().st_mode) == 0o640


def test_a_new_file_gets_the_umask_mode_not_0600(tmp_path):
    old = os.umask(0o022)
    try:
        atomic_write(str(tmp_path / "new.yaml"), "x\n")
    finally:
        os.umask(old)
    assert stat.S_IMODE((tmp_path / "new.yaml").stat().st_mode) == 0o644


def test_a_save_writes_through_a_symlink(tmp_path):
    real = tmp_path / "store" / "variant.yaml"
    real.parent.mkdir()
    real.write_text("old\n")
    link = tmp_path / "variant.yaml"
    link.symlink_to(real)
    atomic_write(str(link), "new\n")
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert real.read_text() == "new\n"


@pytest.mark.skipif(os.geteuid() != 0, reason="only root may give a file to another owner")
def test_a_save_keeps_the_files_owner(tmp_path):
    path = tmp_path / "variant.yaml"
    path.write_text("old\n")
    os.chown(path, 1234, 5678)
    atomic_write(str(path), "new\n")
    assert (path.stat().st_uid, path.stat().st_gid) == (1234, 5678)


def test_a_failed_save_leaves_no_temporary_file(tmp_path, monkeypatch):
    path = tmp_path / "variant.yaml"
    path.write_text("old\n")

    def full_disk(fd):
        raise OSError(28, "No space left on device")
    monkeypatch.setattr(os, "fsync", full_disk)
    with pytest.raises(OSError):
        atomic_write(str(path), "new\n")
    assert path.read_text() == "old\n"
    assert temps(tmp_path) == []


def test_a_killed_save_leaves_the_old_file_and_the_next_save_cleans_its_temp(tmp_path):
    """A child process is killed (SIGKILL) in the middle of writing: the old
    file is whole, its temporary file is there, and the next save removes it."""
    path = tmp_path / "variant.yaml"
    path.write_text("old\n")
    child = subprocess.Popen([sys.executable, "-c", (
        "import os, sys, time\n"
        "from variantkit import files\n"
        "def stall(fd):\n"
        "    print('writing', flush=True); time.sleep(60)\n"
        "os.fsync = stall\n"
        f"files.atomic_write({str(path)!r}, 'new ' * 100000)\n")], stdout=subprocess.PIPE)
    assert child.stdout.readline().strip() == b"writing"
    child.send_signal(signal.SIGKILL)
    child.wait()
    assert path.read_text() == "old\n"
    left = temps(tmp_path)
    assert len(left) == 1 and left[0].startswith(".variant.yaml" + TMP_MARK + str(child.pid))
    atomic_write(str(path), "newer\n")
    assert path.read_text() == "newer\n"
    assert temps(tmp_path) == []


def test_a_running_writers_temp_is_not_touched(tmp_path):
    """Another live process's temporary file (a save under way) stays."""
    sleeper = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        busy = tmp_path / f".other.yaml{TMP_MARK}{sleeper.pid}-abc"
        busy.write_text("half")
        atomic_write(str(tmp_path / "variant.yaml"), "x\n")
        assert busy.exists()
    finally:
        sleeper.kill()
        sleeper.wait()


def test_reads_refuse_devices_and_fifos_without_waiting(tmp_path):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    started = time.monotonic()
    for path in ("/dev/zero", str(fifo), str(tmp_path)):
        with pytest.raises(UnusableInput) as exc:
            read_limited(path, 100)
        assert exc.value.problems[0].code == "VK005"
    assert time.monotonic() - started < 5


def test_reads_stop_at_their_limit(tmp_path):
    path = tmp_path / "big"
    path.write_bytes(b"x" * 101)
    assert read_limited(str(path), 101) == b"x" * 101
    with pytest.raises(UnusableInput) as exc:
        read_limited(str(path), 100)
    assert exc.value.problems[0].code == "VK001"


def test_force_replaces_an_existing_output_but_keeps_its_mode(tmp_path, capsys):
    ws = make_workspace(tmp_path)
    target = ws / "existing.svg"
    os.chmod(target, 0o604)
    assert main(["render", str(ws / "v"), "-o", str(target)]) == 2
    assert target.read_text() == "a user's file\n"
    assert main(["render", str(ws / "v"), "-o", str(target), "--force"]) == 0
    assert target.read_text().startswith("<?xml") or "<svg" in target.read_text()
    assert stat.S_IMODE(target.stat().st_mode) == 0o604


def test_an_empty_file_or_folder_is_no_loss(tmp_path, capsys):
    ws = make_workspace(tmp_path)
    (ws / "empty.svg").write_text("")
    (ws / "emptydir").mkdir()
    assert main(["render", str(ws / "v"), "-o", str(ws / "empty.svg")]) == 0
    assert main(["import", "svg", str(ws / "good.svg"), "-o", str(ws / "emptydir")]) == 0
    assert (ws / "emptydir" / "variant.yaml").exists() and (ws / "emptydir" / "good.svg").exists()


def test_attach_art_with_force_replaces_the_drawing_after_checking_it(tmp_path, capsys):
    ws = make_workspace(tmp_path)
    new = ws / "elsewhere" / "map.svg"
    new.parent.mkdir()
    new.write_text((ws / "good.svg").read_text().replace("#cfc", "#fcc"))
    assert main(["attach-art", str(ws / "v"), str(new), "--force"]) == 0
    assert "#fcc" in (ws / "v" / "map.svg").read_text()
    assert "art: map.svg" in (ws / "v" / "variant.yaml").read_text()
