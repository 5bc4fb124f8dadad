"""A drawing with off-board boxes gives a skeleton: no drawing shows a box's links, so
the boxes wait for the designer (validate names them) instead of the import refusing."""
import json

from variantkit.cli import main

from tests.conftest import MAPS


def test_the_tutorials_drawing_is_imported_with_its_boxes_to_link(tmp_path, capsys):
    out = tmp_path / "drawn"
    assert main(["import", "svg", str(MAPS / "tutorial" / "map.svg"), "-o", str(out)]) == 0
    assert (out / "variant.yaml").is_file()
    capsys.readouterr()
    assert main(["validate", "--json", str(out)]) == 1
    errors = [p for p in json.loads(capsys.readouterr().out) if p["severity"] == "error"]
    assert {p["code"] for p in errors} == {"VK120"} and len(errors) == 2  # oba and obb, to link by hand
