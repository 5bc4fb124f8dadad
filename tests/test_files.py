"""Saves that keep what the user gave a file: mode, symlink, no litter."""
import os
import stat
import subprocess
import sys

import pytest

from variantkit.files import atomic_write
from tests.conftest import ROOT

pytestmark = pytest.mark.skipif(sys.platform.startswith("win"), reason="POSIX modes and symlinks")


def test_mode_is_kept_and_new_files_follow_the_umask(tmp_path):
    path = tmp_path / "variant.yaml"
    path.write_text("old\n")
    os.chmod(path, 0o640)
    atomic_write(str(path), "new\n")
    assert path.read_text() == "new\n" and stat.S_IMODE(path.stat().st_mode) == 0o640
    fresh = tmp_path / "fresh.yaml"
    mask = os.umask(0o022)
    try:
        atomic_write(str(fresh), "x\n")
    finally:
        os.umask(mask)
    assert stat.S_IMODE(fresh.stat().st_mode) == 0o644   # not mkstemp's 0600


def test_a_symlink_stays_a_symlink(tmp_path):
    real = tmp_path / "maps" / "variant.yaml"
    real.parent.mkdir()
    real.write_text("old\n")
    link = tmp_path / "current.yaml"
    link.symlink_to(real)
    atomic_write(str(link), "new\n")
    assert link.is_symlink() and os.readlink(link) == str(real)
    assert real.read_text() == "new\n"
    assert sorted(os.listdir(real.parent)) == ["variant.yaml"]


def test_text_keeps_its_line_ends_and_bytes_are_written_as_given(tmp_path):
    path = tmp_path / "map.svg"
    atomic_write(str(path), "<svg>\r\n</svg>\r\n")
    assert path.read_bytes() == b"<svg>\r\n</svg>\r\n"
    atomic_write(str(path), b"\xff\xfe latin bytes \xe9")
    assert path.read_bytes() == b"\xff\xfe latin bytes \xe9"


KILLED_MID_SAVE = r"""
import os, sys, time
import variantkit.files as f
def stuck(src, dst):          # the rename never comes: the process is killed first
    print("written", flush=True)
    time.sleep(60)
f.os.replace = stuck
f.atomic_write(sys.argv[1], "half of a save\n")
"""


def test_a_killed_save_leaves_the_old_file_and_the_next_save_cleans_up(tmp_path):
    path = tmp_path / "variant.yaml"
    path.write_text("the old file\n")
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.Popen([sys.executable, "-c", KILLED_MID_SAVE, str(path)], env=env,
                            stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout.readline().strip() == "written"
    finally:
        proc.kill()
        proc.wait()
    left = [f for f in os.listdir(tmp_path) if f != "variant.yaml"]
    assert len(left) == 1 and left[0].startswith(".~variant.yaml.")   # what kill -9 leaves
    assert path.read_text() == "the old file\n"
    atomic_write(str(path), "the new file\n")
    assert os.listdir(tmp_path) == ["variant.yaml"] and path.read_text() == "the new file\n"


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() != 0, reason="only root may give a file away")
def test_the_owner_is_kept(tmp_path):
    path = tmp_path / "variant.yaml"
    path.write_text("old\n")
    os.chown(path, 12345, 12346)        # a file of another user, saved by root
    atomic_write(str(path), "new\n")
    st = path.stat()
    assert (st.st_uid, st.st_gid) == (12345, 12346) and path.read_text() == "new\n"


def test_every_read_and_write_goes_through_files_py():
    """No module but files.py opens, reads or writes a file itself (builtin open, Path.read_*/write_*,
    os.replace, mkstemp, shutil's copies): limits, atomic writes and the guards live in one place.
    Allowed: the autosave's lock files (os.open, held for a program's life, never written)."""
    import ast
    from pathlib import Path
    root = Path(__file__).resolve().parents[1]
    calls = {"open", "read_text", "read_bytes", "write_text", "write_bytes", "replace", "rename",
             "mkstemp", "copy", "copyfile", "copy2", "move"}
    found = []
    for path in sorted([*root.glob("variantkit/**/*.py"), *root.glob("editor/**/*.py")]):
        if path.name == "files.py" and path.parent.name == "variantkit":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            f = node.func
            if isinstance(f, ast.Name) and f.id == "open":
                found.append(f"{path.relative_to(root)}:{node.lineno}: open")
            elif isinstance(f, ast.Attribute) and f.attr in calls:
                owner = f.value.id if isinstance(f.value, ast.Name) else "..."
                if f.attr == "open" and owner == "os" and path.name == "autosave.py":
                    continue  # the lock files
                if owner in {"os", "shutil", "tempfile", "io"} or (
                        f.attr in {"read_text", "read_bytes", "write_text", "write_bytes"} and owner != "files"):
                    found.append(f"{path.relative_to(root)}:{node.lineno}: {owner}.{f.attr}")
    assert found == []
