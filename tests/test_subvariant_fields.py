"""A subvariant written as its changes states every field of the model that
changed: the field list is computed from the model (a list written by hand
beside it forgot `port`)."""
from dataclasses import fields, replace

import pytest

from variantkit.io import load
from variantkit.io.subvariant import apply_changes, changes_between
from variantkit.io.yaml_source import SourceMap
from variantkit.model import Province

from tests.conftest import MAPS


@pytest.mark.parametrize("change", [
    {"port": True}, {"offboard": True}, {"passable_in": ("spring",)}, {"aliases": ("lutetia",)},
    {"center": False}, {"name": "Lutèce"}, {"unit_pos": (1.0, 2.0)}])
def test_every_changed_province_field_survives_the_changes(change):
    base = load(str(MAPS / "standard")).variant
    edited = replace(base, provinces=tuple(replace(p, **change) if p.id == "par" else p for p in base.provinces))
    changes = changes_between(base, edited)
    again, problems = apply_changes(base, changes, SourceMap("sub.yaml"))
    assert problems == []
    assert again.province("par") == edited.province("par")


def test_the_field_list_is_the_models():
    from variantkit.io import subvariant
    assert set(subvariant._PROVINCE_KEYS) == {f.name for f in fields(Province)} - {"id"}
