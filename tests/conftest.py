"""Shared fixtures: the repository's paths and the reference data.

The reference data lives beside the project in ``../shared/reference`` (or
where ``VARIANTKIT_REFERENCE`` points).  A test that needs it skips with the
reason where it is absent, and fails where ``CI=true`` is set.
"""
import importlib.abc
import importlib.util
import os
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
MAPS = ROOT / "maps"


class _EditorOfThisCheckout(importlib.abc.MetaPathFinder):
    """``variantkit_editor`` is editor/ of the checkout under test.  The
    editable install maps the name to the checkout it was made from: a
    worktree sharing that venv would otherwise test another checkout's editor
    (``variantkit`` itself comes from the working directory)."""

    def find_spec(self, name, path=None, target=None):
        if name != "variantkit_editor":
            return None
        return importlib.util.spec_from_file_location(name, ROOT / "editor" / "__init__.py",
                                                      submodule_search_locations=[str(ROOT / "editor")])


sys.meta_path.insert(0, _EditorOfThisCheckout())


def reference_dir() -> Path:
    return Path(os.environ.get("VARIANTKIT_REFERENCE", ROOT.parent / "shared" / "reference"))


# The library never looks beside the checkout; the tests tell it where the
# reference data is, as a user would (the Diplicity exporter checks against the
# host's schema found there).
os.environ.setdefault("VARIANTKIT_REFERENCE", str(reference_dir()))


@pytest.fixture(scope="session")
def reference() -> Path:
    path = reference_dir()
    if not path.is_dir():
        if os.environ.get("CI") == "true":
            pytest.fail(f"the reference data is missing at {path} (CI=true: it must be there)")
        pytest.skip(f"the reference data is not at {path}; set VARIANTKIT_REFERENCE")
    return path


@pytest.fixture
def youngstown_with_drawing(tmp_path, reference) -> Path:
    """A copy of Youngstown with jDip's drawing as its art (a designer's own file)."""
    import shutil
    folder = tmp_path / "yg"
    folder.mkdir()
    shutil.copy(reference / "jdip" / "youngstown.svg", folder / "youngstown.svg")
    text = (MAPS / "youngstown" / "variant.yaml").read_text()
    with_art = text.replace("\nid: youngstown\n", "\nid: youngstown\nart: youngstown.svg\n", 1)
    (folder / "variant.yaml").write_text(with_art)
    return folder


@pytest.fixture(scope="session")
def maps_dir() -> Path:
    return MAPS


def pytest_addoption(parser):
    group = parser.getgroup("fuzz", "tests/safety/test_fuzz.py")
    group.addoption("--fuzz-examples", type=int, default=0,
                    help="inputs per reader (default: a few dozen, a few seconds each)")
    group.addoption("--fuzz-figures", default="", metavar="FILE",
                    help="measure each input's peak memory; write the figures per reader to FILE")


# Under CI a skip is a failure: a broken Qt or peer install must not turn the
# editor's and the peers' tests into skips with CI green (importorskip, a
# missing reference or host runner all skip on a developer's machine).
_STRICT = os.environ.get("CI") == "true"


def _fail_skip(report, when: str) -> None:
    if _STRICT and report.skipped and not hasattr(report, "wasxfail"):
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
        report.outcome = "failed"
        report.longrepr = f"skipped under CI=true ({when}), which is a failure here: {reason}"


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    _fail_skip(outcome.get_result(), "test")


@pytest.hookimpl(hookwrapper=True)
def pytest_make_collect_report(collector):
    outcome = yield
    _fail_skip(outcome.get_result(), "collection")
