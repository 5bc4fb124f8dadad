"""variantkit.files beyond tests/test_files.py: the owner kept, a failed
save's temp removed, another live writer's temp left alone; reads refuse
what is not a regular file and stop at their limit whatever the file claims;
--force replaces an output, keeping its mode."""
from __future__ import annotations

import os
import stat
import subprocess
import sys
import time

import pytest

from variantkit.cli import main
from variantkit.files import atomic_write, read_limited
from variantkit.problems import UnusableInput
from tests.safety.workspace import make_workspace


def temps(folder) -> list:
    return [n for n in os.listdir(folder) if n.startswith(".~")]


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


def test_a_running_writers_temp_is_not_touched(tmp_path):
    """Another live process's temporary file (a save under way) stays."""
    sleeper = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        busy = tmp_path / f".~other.yaml.{sleeper.pid}.abc123.tmp"
        dead = tmp_path / ".~other.yaml.999999999.abc123.tmp"  # no such process
        dead.write_text("half")
        busy.write_text("half")
        atomic_write(str(tmp_path / "variant.yaml"), "x\n")
        assert busy.exists() and not dead.exists()
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


def test_all_or_nothing_writes_every_file_or_none(tmp_path):
    from variantkit.files import all_or_nothing, protecting
    (tmp_path / "input.yaml").write_text("the input\n")
    with pytest.raises(UnusableInput) as exc:
        with protecting([str(tmp_path / "input.yaml")]), all_or_nothing():
            atomic_write(str(tmp_path / "a.xml"), "first\n")
            atomic_write(str(tmp_path / "input.yaml"), "third\n")  # refused: the first is not written either
    assert exc.value.problems[0].code == "VK031"
    assert sorted(os.listdir(tmp_path)) == ["input.yaml"]
    with all_or_nothing():
        atomic_write(str(tmp_path / "a.xml"), "first\n")
        atomic_write(str(tmp_path / "b.xml"), b"second\n")
        assert not (tmp_path / "a.xml").exists()  # held back until the block ends
    assert (tmp_path / "a.xml").read_text() == "first\n" and (tmp_path / "b.xml").read_bytes() == b"second\n"
