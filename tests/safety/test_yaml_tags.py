"""YAML merge keys and tags on mappings (issue 21): a '<<' merge key was
refused as "could not determine a constructor" (misleading), and a tag on
a mapping (!!python/object, !custom) was dropped without a word. Each is
now its own error at its line and column, all of them at once."""
from __future__ import annotations

from variantkit.io import load

TEXT = """format: 1
id: m
name: M
provinces:
  aaa: {<<: {name: Xx}, terrain: land}
  bbb: !!python/object {name: Bb, terrain: land}
  ccc: !custom {name: Cc, terrain: land}
  ddd: !!map {name: Dd, terrain: land}
edges: !list []
powers: {}
"""


def test_merge_keys_and_tags_each_located(tmp_path):
    path = tmp_path / "v.yaml"
    path.write_text(TEXT)
    problems = load(str(path)).report.problems
    found = sorted((p.code, p.line, p.column) for p in problems if p.code in ("VK026", "VK027"))
    assert found == [("VK026", 6, 8), ("VK026", 7, 8), ("VK026", 9, 8), ("VK027", 5, 9)]
    merge = next(p for p in problems if p.code == "VK027")
    assert "'<<' merge key" in merge.message and merge.file == str(path)
    assert not [p for p in problems if "constructor" in p.message]
    assert "'!custom'" in next(p.message for p in problems if p.line == 7 and p.code == "VK026")
