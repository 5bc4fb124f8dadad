"""The package list in pyproject.toml names every package folder, so the wheel holds them all."""
import tomllib
from pathlib import Path

from setuptools import find_packages

ROOT = Path(__file__).resolve().parents[1]


def test_every_package_folder_is_listed():
    conf = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    listed = set(conf["packages"])
    found = {p for p in find_packages(str(ROOT), include=["variantkit*"])}
    found |= {"variantkit_editor" + p[len("editor"):] for p in find_packages(str(ROOT), include=["editor*"])}
    found.add("variantkit.schemas")
    assert found == listed
    assert conf["package-dir"]["variantkit_editor"] == "editor"


def test_the_schema_is_package_data():
    from importlib import resources
    assert resources.files("variantkit.schemas").joinpath("variant.schema.json").is_file()
