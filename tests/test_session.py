"""The library's session without Qt: open, edit through variantkit.edit, save
with the drawing and as a subvariant's changes, one all-or-nothing write,
the reload check, autosave and recovery.  What is written is judged by the
loader and the SVG reader, and against the designer's own drawing."""
from __future__ import annotations

import errno
import os
import shutil

import pytest

from tests.conftest import MAPS
from variantkit import edit, files
from variantkit.drawing.art import infer_svg
from variantkit.io import load
from variantkit.model import Power
from variantkit.session import FIELDS, ChangedOnDisk, SaveRefused, Session
from variantkit.session.autosave import read_autosave, recover, write_autosave


def _tree(folder) -> dict:
    return {os.path.relpath(os.path.join(d, n), folder): open(os.path.join(d, n), "rb").read()
            for d, _, names in os.walk(folder) for n in names}


@pytest.fixture
def subvariant(tmp_path):
    shutil.copytree(MAPS / "youngstown", tmp_path / "youngstown")
    return tmp_path / "youngstown" / "no-omsk-fleets" / "variant.yaml"


def test_every_field_is_declared_in_init():
    assert set(vars(Session())) == set(FIELDS)


def test_a_rename_is_saved_into_a_copy_of_the_designers_drawing(youngstown_with_drawing, tmp_path, reference):
    s = Session()
    s.open_variant(str(youngstown_with_drawing))
    assert s.art_file == str(youngstown_with_drawing / "youngstown.svg") and "mos" in s.outlines and not s.modified
    s.rename("mos", "msk")
    s.edit(edit.set_province, "ber", name="Berlin-Cölln")
    assert s.modified and "msk" in s.outlines and s.art_ids == {"msk": "mos"}
    out = tmp_path / "saved" / "variant.yaml"
    assert s.save(str(out)) == str(out)
    assert sorted(os.listdir(out.parent)) == ["variant.yaml", "youngstown.svg"]   # no map.svg made up
    original = (reference / "jdip" / "youngstown.svg").read_bytes()
    saved = (out.parent / "youngstown.svg").read_bytes()
    assert saved != original
    assert saved.replace(b'"_msk"', b'"_mos"').replace(b'"msk"', b'"mos"') == original
    v = load(str(out)).variant
    assert v.art == "youngstown.svg" and v.province("msk") and v.province("ber").name == "Berlin-Cölln"
    _, inference = infer_svg(str(out.parent / "youngstown.svg"))
    assert "msk" in inference.regions and "mos" not in inference.regions
    assert not s.modified and s.path == str(out)
    assert _tree(youngstown_with_drawing)["youngstown.svg"] == original                 # the opened folder is untouched


def test_renames_made_at_once_swap_codes_in_the_outlines_and_the_drawing(youngstown_with_drawing, tmp_path):
    s = Session()
    s.open_variant(str(youngstown_with_drawing))
    mos, war = s.outlines["mos"], s.outlines["war"]
    s.rename_many({"mos": "war", "war": "mos", "ber": "brl"})
    assert s.outlines["war"] == mos and s.outlines["mos"] == war and "ber" not in s.outlines
    assert s.art_ids == {"war": "mos", "mos": "war", "brl": "ber"}
    assert s.variant.province("war").name == "Moscow" and s.variant.province("mos").name == "Warsaw"
    out = tmp_path / "saved" / "variant.yaml"
    s.save(str(out))
    _, inference = infer_svg(str(out.parent / "youngstown.svg"))
    assert {"war", "mos", "brl"} <= set(inference.regions) and "ber" not in inference.regions
    # the saved drawing's shapes are under the swapped codes: Moscow's shape is now war's
    assert inference.regions["war"].geom.bounds == pytest.approx(_bounds(mos), abs=0.5)
    s.rename_many({"war": "mos", "mos": "war"})  # swapped back: the drawing's own ids again
    assert s.art_ids == {"brl": "ber"} and s.outlines["mos"] == mos


def _bounds(rings):
    xs, ys = [x for r in rings for x, _ in r], [y for r in rings for _, y in r]
    return (min(xs), min(ys), max(xs), max(ys))


def test_a_subvariant_is_saved_as_its_changes(subvariant):
    s = Session()
    s.open_variant(str(subvariant))
    assert s.base is not None
    s.edit(edit.set_province, "ber", name="Berlin-Cölln")
    s.save()
    text = subvariant.read_text()
    assert "extends: ../variant.yaml" in text and "ber: {name: Berlin-Cölln}" in text
    assert "oms: {terrain: land}" in text and "provinces:\n  ber:" not in text
    v = load(str(subvariant)).variant
    assert v.province("ber").name == "Berlin-Cölln" and v.province("oms").terrain.value == "land"
    assert load(str(subvariant.parent.parent)).variant.province("ber").name == "Berlin"


def test_the_reload_check_refuses_what_would_read_back_otherwise(subvariant):
    before = _tree(subvariant.parent.parent)
    s = Session()
    s.open_variant(str(subvariant))
    s.edit(edit.set_power, Power("zzz", "Zed"))   # a subvariant's changes cannot add a power
    with pytest.raises(SaveRefused) as exc:
        s.save()
    assert "would read back differently: power zzz" in exc.value.problems[0].message
    assert _tree(subvariant.parent.parent) == before and s.modified
    # away from its base it is written whole, and reads back as edited
    away = subvariant.parent.parent.parent / "far" / "away" / "variant.yaml"
    s.save(str(away))
    assert load(str(away)).variant.power("zzz") and "extends" not in away.read_text()


def test_a_failure_half_way_leaves_the_old_files(youngstown_with_drawing, monkeypatch):
    before = _tree(youngstown_with_drawing)
    s = Session()
    s.open_variant(str(youngstown_with_drawing))
    s.rename("mos", "msk")   # the save writes the drawing and the variant
    real = os.replace

    def full_disk(src, dst):
        if str(dst).endswith("variant.yaml"):
            raise OSError(errno.ENOSPC, "No space left on device", str(dst))
        return real(src, dst)
    monkeypatch.setattr(files.os, "replace", full_disk)
    with pytest.raises(files.WriteFailed):
        s.save()
    monkeypatch.undo()
    assert _tree(youngstown_with_drawing) == before            # the drawing put back, no temporary file left
    assert s.modified and s.art_ids == {"msk": "mos"}
    s.save()                                 # and the next save writes both
    assert b'"msk"' in (youngstown_with_drawing / "youngstown.svg").read_bytes() \
        and load(str(youngstown_with_drawing)).variant.province("msk")


def test_a_file_changed_on_disk_is_not_written_over(subvariant):
    s = Session()
    s.open_variant(str(subvariant))
    s.edit(edit.set_province, "ber", name="Berlin-Cölln")
    other = subvariant.read_text().replace("Youngstown without", "Youngstown, without")
    subvariant.write_text(other + "\n")
    with pytest.raises(ChangedOnDisk):
        s.save()
    assert subvariant.read_text() == other + "\n"
    s.save(overwrite=True)
    assert "ber: {name: Berlin-Cölln}" in subvariant.read_text()


def test_autosave_and_recover_keep_the_rename_for_the_designers_drawing(youngstown_with_drawing, tmp_path):
    s = Session()
    s.open_variant(str(youngstown_with_drawing))
    s.rename("mos", "msk")
    folder = tmp_path / "recovery" / "one"
    folder.mkdir(parents=True)
    write_autosave(s, str(folder))
    assert sorted(os.listdir(folder)) == ["drawing.svg", "meta.json", "variant.yaml"]
    again = Session()
    meta = recover(again, read_autosave(str(folder)), lambda p: p)
    assert not meta["path_dropped"] and again.modified
    assert again.path == str(youngstown_with_drawing / "variant.yaml") \
        and again.art_file == str(youngstown_with_drawing / "youngstown.svg")
    assert again.art_ids == {"msk": "mos"} and "msk" in again.outlines and again.variant.province("msk")
    again.save()
    assert sorted(os.listdir(youngstown_with_drawing)) == ["variant.yaml", "youngstown.svg"]
    assert b'"msk"' in (youngstown_with_drawing / "youngstown.svg").read_bytes()


def test_a_recovery_failing_part_way_puts_every_field_back(youngstown_with_drawing, tmp_path, monkeypatch):
    s = Session()
    s.open_variant(str(youngstown_with_drawing))
    s.rename("mos", "msk")
    folder = tmp_path / "rec"
    folder.mkdir()
    write_autosave(s, str(folder))
    other = Session()
    other.open_variant(str(MAPS / "standard"))
    before = other.fields()

    def broken(art):
        raise OSError(errno.EIO, "Input/output error", art)
    monkeypatch.setattr(other, "outlines_from_art", broken)
    with pytest.raises(OSError):
        recover(other, read_autosave(str(folder)), lambda p: p)
    assert other.fields() == before


def test_a_held_autosave_is_not_offered_and_a_released_one_is(youngstown_with_drawing, tmp_path):
    from variantkit.session.autosave import Autosave, left_behind
    root = tmp_path / "recovery"
    root.mkdir()
    s = Session()
    s.open_variant(str(youngstown_with_drawing))
    mine = Autosave(s, lambda: str(root))
    mine.write()
    assert mine.folder is None                      # nothing unsaved: nothing autosaved
    s.rename("mos", "msk")
    mine.write()
    assert mine.folder is not None and left_behind(str(root)) == []   # held while this session lives
    mine.release()                                  # the program died
    assert left_behind(str(root)) == [mine.folder]
    again = Session()
    theirs = Autosave(again, lambda: str(root))
    meta = theirs.restore(mine.folder)
    assert meta["path"] == str(youngstown_with_drawing / "variant.yaml") and again.path == meta["path"]
    assert again.variant.province("msk") and left_behind(str(root)) == []
    again.save()
    theirs.clear()
    assert os.listdir(root) == [] and load(str(youngstown_with_drawing)).variant.province("msk")
