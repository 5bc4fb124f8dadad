"""The variant's text with each province's and edge's lines kept per value
(issue 26: the editor's autosave and save write the same variant again and
again) is the text made from the whole record, before and after edits."""
from variantkit import edit
from variantkit.io import load
from variantkit.io.records import canonical, variant_to_record
from variantkit.io.variant_file import _text, dumps
from variantkit.model import Crossing
from tests.conftest import MAPS


def _whole(v, ref=""):
    return _text(variant_to_record(v), ref)


def test_every_bundled_map_reads_the_same_with_lines_kept():
    maps = sorted(MAPS.glob("**/variant.yaml"))
    assert len(maps) >= 4
    for path in maps:
        v = load(str(path)).variant
        for ref in ("", "../../schemas/variant.schema.json"):
            assert dumps(v, ref) == _whole(v, ref), path
            assert dumps(v, ref) == dumps(v, ref)  # a second time, from what was kept


def test_edits_after_a_write_are_written():
    v = load(str(MAPS / "standard")).variant
    assert dumps(v) == _whole(v)
    edited = edit.set_province(v, "par", name="Lutetia")
    edited = edit.unlink(edited, "bur", "par")
    edited = edit.link(edited, "bre", "mar", Crossing.ARMY)
    text = dumps(edited)
    assert text == _whole(edited) and text != dumps(v)
    assert "Lutetia" in text and "Lutetia" not in dumps(v)
    back = load("edited.yaml", text=text).variant
    assert back == canonical(edited)
