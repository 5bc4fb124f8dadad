"""`extends` from a variant saved in the home's Downloads (issue 21): the
folder above a variant is searched for its base only when it is not the
user's home, a folder holding it, or the root; a base there is VK022 before
it is opened, so nothing of the home folder is read or echoed."""
from __future__ import annotations

from variantkit.io import load

SECRET = "format: 1\nid: secret\nname: 'my bank PIN is 1234'\nprovinces: nope\n"


def test_a_variant_in_downloads_does_not_read_the_home_folder(tmp_path, monkeypatch):
    home = tmp_path / "home"
    (home / "Downloads").mkdir(parents=True)
    monkeypatch.setenv("HOME", str(home))
    (home / "notes.yaml").write_text(SECRET)
    evil = home / "Downloads" / "evil.yaml"
    evil.write_text("format: 1\nid: evil\nname: Evil\nextends: ../notes.yaml\nchanges: {}\n")
    report = load(str(evil)).report
    (p,) = report.problems
    assert p.code == "VK022" and p.file == str(evil) and p.line == 4
    assert "1234" not in p.message + p.hint and "bank" not in p.message + p.hint


def test_a_variant_saved_in_the_home_itself_does_not_read_above_it(tmp_path, monkeypatch):
    home = tmp_path / "home"
    home.mkdir()
    monkeypatch.setenv("HOME", str(home))
    (home / "evil.yaml").write_text("format: 1\nid: evil\nname: Evil\nextends: ../notes.yaml\nchanges: {}\n")
    (tmp_path / "notes.yaml").write_text(SECRET)  # the folder holding the home: never read
    (p,) = load(str(home / "evil.yaml")).report.problems
    assert p.code == "VK022"


def test_a_family_folder_inside_the_home_still_works(tmp_path, monkeypatch, maps_dir):
    home = tmp_path / "home"
    family = home / "variants" / "family"
    (family / "sub").mkdir(parents=True)
    monkeypatch.setenv("HOME", str(home))
    (family / "variant.yaml").write_text((maps_dir / "standard" / "variant.yaml").read_text())
    (family / "sub" / "variant.yaml").write_text(
        "format: 1\nid: sub\nname: Sub\nextends: ../variant.yaml\nchanges:\n  rules: {victory: 20}\n")
    loaded = load(str(family / "sub" / "variant.yaml"))
    assert loaded.variant is not None and loaded.variant.rules.victory == 20
