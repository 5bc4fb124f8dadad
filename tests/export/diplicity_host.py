"""Diplicity's own code, run beside the project (../shared/hosts/diplicity):
its upload checks, its adjudicator, its legal orders.  The runner needs
jsonschema, PyYAML and lxml, which the project's own environment has: the
runner is given this interpreter (its ``$PYTHON``), so no venv of its own is
needed on a clean machine.  Missing, it skips, and under CI=true a skip fails."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any, Dict, Optional

import pytest

from tests.conftest import ROOT

HOST = Path(os.environ.get("VARIANTKIT_HOSTS", ROOT.parent / "shared" / "hosts")) / "diplicity"


def host() -> Path:
    if not (HOST / "check").is_file():
        pytest.skip(f"Diplicity's runner is not at {HOST}; set VARIANTKIT_HOSTS")
    return HOST


def run(tool: str, *args: str, stdin: Optional[str] = None) -> Dict[str, Any]:
    """The runner's JSON, with its exit code as ``_rc``."""
    r = subprocess.run([str(host() / tool), *args], capture_output=True, text=True, timeout=300, input=stdin,
                       env=dict(os.environ, PYTHON=sys.executable))
    assert r.returncode in (0, 1), (tool, r.returncode, r.stderr[-2000:])
    out = json.loads(r.stdout)
    out["_rc"] = r.returncode
    return out


def check(dvar: Path, dsvg: Path) -> Dict[str, Any]:
    return run("check", str(dvar), str(dsvg))
