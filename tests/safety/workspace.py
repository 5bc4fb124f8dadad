"""A user's folder to attack: a variant with its drawing, a subvariant, a
secret beside them, and helpers to run the command line and read its problems."""
from __future__ import annotations

import hashlib
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Dict, List, Optional, Tuple

from tests.conftest import ROOT

FEATURES = ROOT / "tests" / "data" / "valid" / "features.yaml"
SECRET = "root:x:0:0:SECRET-LINE-THAT-MUST-NOT-BE-ECHOED"

GOOD_SVG = """<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100" viewBox="0 0 200 100">
<path id="hub" d="M0 0 H100 V100 H0 Z" fill="#cfc"/>
<path id="sea" d="M100 0 H200 V100 H100 Z" fill="#ccf"/>
</svg>
"""

# file:line[:col]: error VKnnn: message
LOCATED = re.compile(r"^(?P<file>\S.*?)(?::(?P<line>\d+))?(?::\d+)?: error (?P<code>VK\d{3}): ", re.M)


def make_workspace(root: Path) -> Path:
    """ws/v: a variant with art map.svg; ws/v/sub: its subvariant; ws/secret: a
    file no variant may read; ws/existing.*: files a careless -o would replace."""
    v = root / "v"
    (v / "sub").mkdir(parents=True)
    text = FEATURES.read_text(encoding="utf-8").replace(
        "description: A small", "art: map.svg\ndescription: A small")
    (v / "variant.yaml").write_text(text, encoding="utf-8")
    (v / "map.svg").write_text(GOOD_SVG, encoding="utf-8")
    (v / "sub" / "variant.yaml").write_text(
        "format: 1\nid: sub\nname: Sub\nextends: ../variant.yaml\nchanges:\n  rules: {victory: 4}\n",
        encoding="utf-8")
    (root / "secret").mkdir()
    (root / "secret" / "passwd").write_text(SECRET + "\n", encoding="utf-8")
    for name in ("existing.map", "existing.svg", "existing.json"):
        (root / name).write_text("a user's file\n", encoding="utf-8")
    (root / "good.svg").write_text(GOOD_SVG, encoding="utf-8")
    return root


def snapshot(root: Path) -> Dict[str, Tuple[str, int]]:
    """Every file under ``root``: its hash and mode (symlinks not followed)."""
    out = {}
    for dirpath, _, files in os.walk(root):
        for name in files:
            path = Path(dirpath) / name
            if path.is_fifo() or path.is_symlink():
                continue
            st = path.stat()
            out[str(path.relative_to(root))] = (hashlib.sha256(path.read_bytes()).hexdigest(), st.st_mode)
    return out


def run_cli(argv: List[str], cwd: Path, stdin: Optional[bytes] = None, stdin_path: Optional[str] = None,
            timeout: float = 60, env: Optional[dict] = None) -> Tuple[int, str, str]:
    """``variantkit ARGV`` in a fresh interpreter: a crash or hang fails the
    test instead of taking pytest down with it."""
    full_env = dict(os.environ, **(env or {}))
    full_env.pop("VARIANTKIT_TRUST", None)
    cmd = [sys.executable, "-m", "variantkit", *argv]
    if stdin_path is not None:
        with open(stdin_path, "rb") as fh:
            run = subprocess.run(cmd, cwd=cwd, stdin=fh, capture_output=True, timeout=timeout, env=full_env)
    else:
        run = subprocess.run(cmd, cwd=cwd, input=stdin if stdin is not None else b"", capture_output=True,
                             timeout=timeout, env=full_env)
    return run.returncode, run.stdout.decode("utf-8", "replace"), run.stderr.decode("utf-8", "replace")


def located_codes(err: str) -> List[Tuple[str, Optional[str], str]]:
    """(file, line, code) of every error printed."""
    return [(m["file"], m["line"], m["code"]) for m in LOCATED.finditer(err)]
