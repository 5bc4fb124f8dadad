"""The whole designer's path, end to end: benchmarks/bench_designer.py drives
the real widgets from jDip's Youngstown drawing (File > Open, the proposals,
the judge's file, the powers, the rules, File > Save as) and exits 0 only
when `variantkit diff` against maps/youngstown shows nothing left.  Run as a
user runs it, in a process of its own; its counts are checked, never its time."""
import os
import re
import subprocess
import sys

import pytest

pytest.importorskip("PySide6")

from tests.conftest import ROOT  # noqa: E402


@pytest.mark.parametrize("judge,most", [("dpjudge", 5), ("jdip", 12)])
def test_the_designers_path_ends_with_the_bundled_youngstown(reference, tmp_path, judge, most):
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", XDG_DATA_HOME=str(tmp_path / "data"),
               XDG_CONFIG_HOME=str(tmp_path / "config"))
    out = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "bench_designer.py"), str(reference),
                          "--judge", judge], capture_output=True, text=True, env=env, timeout=600)
    assert out.returncode == 0, out.stdout + out.stderr
    m = re.search(r"(\d+) clicks, (\d+) typed fields .* (\d+) manual graph corrections", out.stdout)
    assert m, out.stdout
    assert int(m.group(3)) <= most
    assert "0 compared" in out.stdout
