"""mypy checks the editor, every module of it: no exempt list.

scripts/lint runs mypy on `variantkit` and `variantkit_editor` (editor/) with
the project's settings (pyproject.toml).  Modules once exempt through an
override with ``ignore_errors`` were fixed one by one until none was left; an
override that silences errors again fails here.
"""

from __future__ import annotations

import pathlib

try:
    import tomllib
except ImportError:  # Python 3.10
    import tomli as tomllib  # type: ignore[no-redef]

ROOT = pathlib.Path(__file__).resolve().parents[1]


def _mypy_config() -> dict:
    with open(ROOT / "pyproject.toml", "rb") as f:
        return tomllib.load(f)["tool"]["mypy"]


def exempt_modules() -> set[str]:
    exempt: set[str] = set()
    for override in _mypy_config().get("overrides", []):
        if override.get("ignore_errors"):
            modules = override["module"]
            exempt.update([modules] if isinstance(modules, str) else modules)
    return exempt


def test_mypy_checks_the_editor() -> None:
    assert "variantkit_editor" in _mypy_config()["packages"]


def test_mypy_reads_the_editor_of_this_checkout() -> None:
    # the link to editor/ lives in the checkout: worktrees may share one .venv, and a
    # link inside it would send every checkout's mypy to the same editor
    path = _mypy_config()["mypy_path"]
    assert not path.startswith(".venv"), path
    assert f"ln -sfn ../editor {path}/variantkit_editor" in (ROOT / "scripts" / "mypy").read_text()


def test_no_module_is_exempt() -> None:
    exempt = exempt_modules()
    assert not exempt, f"modules exempt from mypy's checks (fix them instead): {sorted(exempt)}"


def test_no_error_code_is_silenced() -> None:
    # an override turning a check off for the editor is an exemption by another name
    for override in _mypy_config().get("overrides", []):
        modules = override["module"]
        names = [modules] if isinstance(modules, str) else modules
        if any(m.startswith(("variantkit.", "variantkit_editor")) or m == "variantkit" for m in names):
            assert not override.get("disable_error_code"), override
