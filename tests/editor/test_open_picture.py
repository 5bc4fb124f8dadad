"""File > Open of a map that is a picture: the traced regions and the
proposed edges, as for a drawing; saved, it loads with the picture as art."""
import os
import shutil

import pytest

pytest.importorskip("PySide6")

from variantkit.io import load  # noqa: E402
from variantkit.model import Terrain  # noqa: E402
from tests.editor.test_files_and_menus import action, answers  # noqa: E402,F401
from tests.conftest import ROOT  # noqa: E402


@pytest.mark.slow  # about 20 s on the busy machine: the picture read and the scene
def test_file_open_of_a_vdiplomacy_picture(window, qtbot, answers, reference, tmp_path):  # noqa: F811
    picture = tmp_path / "map.png"
    shutil.copy(reference / "corpus" / "raster" / "vdiplomacy" / "Classic" / "map.png", picture)
    answers.files.append(str(picture))
    action(window, "File/Open...").trigger()
    qtbot.waitUntil(lambda: len(window.doc.variant.provinces) > 50, timeout=30000)
    doc = window.doc
    terrains = {p.terrain for p in doc.variant.provinces}
    assert {Terrain.WATER, Terrain.COAST, Terrain.LAND} <= terrains
    assert len(doc.proposals) > 150 and doc.variant.edges == ()        # proposals, to accept or reject
    assert len(window.scene.items_by_id) == len(doc.variant.provinces)  # every region on the map
    # the outlines are traced shapes with their vertices, editable as any drawing's
    assert all(len(doc.outlines[p.id][0]) >= 4 for p in doc.variant.provinces)
    window.resize(1300, 900)
    window.fit()
    qtbot.wait(50)
    shot = window.grab()
    # the docs' picture is drawn again only when asked: a test run leaves the tree as it found it
    docs = os.environ.get("VARIANTKIT_DOC_SHOTS") == "1"
    out = ROOT / "docs" / "images" / "editor-picture.png" if docs else tmp_path / "editor-picture.png"
    assert shot.save(str(out))
    assert shot.width() > 600
    # saved, it loads; the art is the outlines' SVG over the picture, copied beside it
    saved = tmp_path / "saved" / "variant.yaml"
    saved.parent.mkdir()
    answers.files.append(str(saved))
    action(window, "File/Save as...").trigger()
    v = load(str(saved)).variant
    assert v is not None and len(v.provinces) == len(doc.variant.provinces)
    assert (saved.parent / v.art).is_file() and (saved.parent / "map.png").is_file()
    assert 'href="map.png"' in (saved.parent / v.art).read_text()
