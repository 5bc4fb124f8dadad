"""The whole designer's path, end to end: benchmarks/bench_designer.py drives
the real widgets from a drawing (File > Open, the proposals, the judge's
file, the powers, the rules, File > Save as) and exits 0 only when
`variantkit diff` against the target (maps/youngstown; for jDip's corpus
drawings, their own judge's variant) shows nothing left.  Run as a
user runs it, in a process of its own; its counts are checked, never its time."""
import os
import re
import subprocess
import sys

import pytest

pytest.importorskip("PySide6")

from tests.conftest import ROOT  # noqa: E402


# (what the drawing is built into, with which judge's file; at most so many corrections; and
# "goal": the graph, powers, homes and units only, names and aliases left as the drawing gives them)
PATHS = [("youngstown", "dpjudge", 5, ""), ("youngstown", "jdip", 12, ""),
         # and by hand from the drawing alone: the Rename codes field, the table, Draw province,
         # the Coasts field, the link tool (its modes by key), the start pasted from the rules text
         pytest.param("youngstown", "none", 35, "", marks=pytest.mark.slow),  # about a minute
         ("youngstown", "none", 35, "goal"),
         # jDip's other drawings, each until it is its own judge's variant
         ("modern", "jdip", 1, ""), ("asia", "jdip", 2, ""), ("chaos", "jdip", 0, ""), ("milan", "jdip", 0, ""),
         ("hundred", "jdip", 3, ""),
         # other conventions with no judge's file, each until it is its own judge's (godip's .go,
         # Diplicity's .dvar) graph, powers, homes and units
         ("godip-europe1939", "none", 3, "goal"), ("godip-year1908", "none", 1, "goal"),
         ("diplicity-classical", "none", 0, "goal"), ("diplicity-hundred", "none", 1, "goal")]


@pytest.mark.parametrize("name,judge,most,goal", PATHS)
def test_the_designers_path_ends_with_nothing_left_to_diff(reference, tmp_path, name, judge, most, goal):
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", XDG_DATA_HOME=str(tmp_path / "data"),
               XDG_CONFIG_HOME=str(tmp_path / "config"))
    out = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "bench_designer.py"), str(reference),
                          "--map", name, "--judge", judge] + (["--goal"] if goal else []),
                         capture_output=True, text=True, env=env, timeout=600)
    assert out.returncode == 0, out.stdout + out.stderr
    m = re.search(r"(\d+) clicks, (\d+) typed fields .* (\d+) manual graph corrections", out.stdout)
    assert m, out.stdout
    assert int(m.group(3)) <= most
    assert "0 compared" in out.stdout
    if (name, judge, goal) == ("youngstown", "none", "goal"):  # issue 25's goal: 150 actions, 5 minutes
        minutes = float(re.search(r"keystroke-level model\): ([\d.]+) min", out.stdout).group(1))
        assert int(m.group(1)) + int(m.group(2)) <= 150 and minutes <= 5.0, out.stdout


def test_the_bench_measures_the_editor_of_its_own_checkout(tmp_path):
    """Another checkout's editor first on the path (as an environment made from
    another worktree gives it): the bench still imports the editor beside it."""
    other = tmp_path / "variantkit_editor"
    other.mkdir()
    (other / "__init__.py").write_text("raise ImportError('the other checkout')\n")
    code = ("import sys; sys.path.insert(0, sys.argv[1]); import checkout, variantkit, variantkit_editor; "
            "print(variantkit.__file__); print(variantkit_editor.__file__)")
    out = subprocess.run([sys.executable, "-c", code, str(ROOT / "benchmarks")], capture_output=True, text=True,
                         env=dict(os.environ, PYTHONPATH=str(tmp_path)), cwd=str(tmp_path), timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == [str(ROOT / "variantkit" / "__init__.py"), str(ROOT / "editor" / "__init__.py")]
