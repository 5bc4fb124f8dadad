"""The commands that write variants save through the library's session: the
variant and its drawing as one all-or-nothing write, checked by loading the
files as they will be before anything is written."""
from __future__ import annotations

import errno
import os

import pytest

from tests.safety.workspace import make_workspace, snapshot
from variantkit import files
from variantkit.cli.main import main
from variantkit.drawing.art import infer_svg
from variantkit.io import load

FAR = """<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100" viewBox="0 0 3000000 100">
<path id="hub" d="M2000000 0 H2000100 V100 H2000000 Z" fill="#cfc"/>
<path id="sea" d="M2000100 0 H2000200 V100 H2000100 Z" fill="#ccf"/>
</svg>
"""


def test_attach_art_refuses_positions_the_variant_cannot_hold(tmp_path, capsys):
    ws = make_workspace(tmp_path)
    far = ws / "far.svg"
    far.write_text(FAR)
    before = snapshot(ws / "v")
    assert main(["attach-art", str(ws / "v"), str(far)]) == 2  # the drawing is unusable input (VK818)
    err = capsys.readouterr().err
    assert "far.svg:1: error VK818" in err  # the drawing refused at its line, before any position is taken
    assert "Traceback" not in err
    assert snapshot(ws / "v") == before                     # no far.svg copied, the variant as it was
    assert load(str(ws / "v")).report.errors == []


def test_attach_art_writes_the_drawing_and_the_positions_it_gives(tmp_path):
    ws = make_workspace(tmp_path)
    new = ws / "elsewhere" / "drawn.svg"
    new.parent.mkdir()
    new.write_text((ws / "good.svg").read_text())
    assert main(["attach-art", str(ws / "v"), str(new)]) == 0
    v = load(str(ws / "v")).variant
    assert v.art == "drawn.svg" and (ws / "v" / "drawn.svg").read_bytes() == new.read_bytes()
    _, inference = infer_svg(str(new))
    hub = inference.regions["hub"].label_pos
    assert v.province("hub").label_pos == (round(hub[0], 1), round(hub[1], 1))


def _full_disk_for(name, real):
    """``real`` (os.replace or os.link), failing as a full disk for a target called ``name``."""
    def put(src, dst, *args, **kwargs):
        if os.path.basename(str(dst)) == name:
            raise OSError(errno.ENOSPC, "No space left on device", str(dst))
        return real(src, dst, *args, **kwargs)
    return put


def test_import_svg_with_a_full_disk_leaves_neither_file(tmp_path, monkeypatch, capsys):
    ws = make_workspace(tmp_path)
    out = ws / "imported"
    # a new file lands by a link (nothing may have appeared there), a replaced one by a rename
    monkeypatch.setattr(files.os, "replace", _full_disk_for("variant.yaml", os.replace))
    monkeypatch.setattr(files.os, "link", _full_disk_for("variant.yaml", os.link))
    assert main(["import", "svg", str(ws / "good.svg"), "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert "nothing was written" in err and "Traceback" not in err
    assert not out.exists()                                  # not the drawing, not even the folder


@pytest.mark.parametrize("force", [False, True])
def test_import_svg_writes_the_drawing_beside_the_variant_it_checked(tmp_path, force):
    ws = make_workspace(tmp_path)
    out = ws / "imported"
    args = ["import", "svg", str(ws / "good.svg"), "-o", str(out)] + (["--force"] if force else [])
    assert main(args) == 0
    assert sorted(os.listdir(out)) == ["good.svg", "variant.yaml"]
    assert (out / "good.svg").read_bytes() == (ws / "good.svg").read_bytes()
    loaded = load(str(out))
    assert loaded.variant.art == "good.svg" and {p.id for p in loaded.variant.provinces} == {"hub", "sea"}
