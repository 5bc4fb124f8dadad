"""Colours in a jDip drawing's style sheet (issue 21): jDip keeps each
power's colour there, and the importer read it with svgelements, which
raised on ``rgb(1.5,0,0)`` (a traceback in the import and the editor's judge
panel) and read any other malformed colour as black.  Now a colour that is
not CSS is VK819 at its rule's line and the power is left without one; the
judge panel's case is in tests/editor/test_hostile_files.py."""
from __future__ import annotations

import pytest
import yaml

from variantkit.cli import main
from variantkit.drawing.conventions.base import css_hex
from tests.conftest import MAPS

MALFORMED = ["rgb(1.5,0,0)", "rgb(1e400,0,0)", "rgb(300,0,0)", "rgb(-5,0,0)", "rgb(99999999999999999999,0,0)",
             "rgba(1,2,3,nan)", "rgb(", "rgb()", "#12", "#ggg", "#1234567", "hsl(x)", "hsl(1e400,0%,0%)",
             "notacolour", "transparent", "currentColor", "url(#pattern)", "x" * 5000, "red;fill:blue", "\u0440ed"]
GOOD = {"#abc": "#aabbcc", "#ABCDEF": "#abcdef", "#abcd": "#aabbcc", "#11223344": "#112233", "red": "#ff0000",
        "RebeccaPurple": "#663399", "rgb(10%,0%,100%)": "#1a00ff", "rgb( 1 , 2 , 3 )": "#010203",
        "rgba(1,2,3,0.5)": "#010203", "hsla(120,100%,50%,30%)": "#00ff00", "hsl(120,100%,50%)": "#00ff00",
        " #abc ": "#aabbcc"}


@pytest.mark.parametrize("text", MALFORMED)
def test_a_malformed_colour_is_none(text):
    assert css_hex(text) is None


@pytest.mark.parametrize("text,hexed", sorted(GOOD.items()))
def test_css_colours_read(text, hexed):
    assert css_hex(text) == hexed


@pytest.fixture(scope="module")
def jdip_folder(tmp_path_factory):
    out = tmp_path_factory.mktemp("jdip") / "standard"
    assert main(["export", "jdip", str(MAPS / "standard" / "variant.yaml"), "-o", str(out)]) == 0
    return out


@pytest.mark.parametrize("colour", ["rgb(1.5,0,0)", "rgb(1e400,0,0)", "rgb(300,0,0)", "#12", "notacolour",
                                    "hsl(1e400,0%,0%)"])
def test_jdip_import_says_where_and_leaves_the_colour_out(jdip_folder, tmp_path, capsys, colour):
    import shutil
    folder = tmp_path / "jd"
    shutil.copytree(jdip_folder, folder)
    svg = folder / "standard.svg"
    text = svg.read_text()
    assert ".austria {fill:#c8403a}" in text
    svg.write_text(text.replace(".austria {fill:#c8403a}", "/* a comment\n over two lines */\n"
                                ".austria {fill:" + colour + "}"))
    line = svg.read_text().splitlines().index(next(s for s in svg.read_text().splitlines()
                                                   if s.startswith(".austria"))) + 1
    out = tmp_path / "out"
    assert main(["import", "jdip", str(folder), "-o", str(out)]) == 0
    err = capsys.readouterr().err
    assert f"{svg}:{line}: warning VK819" in err and repr(colour) in err and "Traceback" not in err
    powers = yaml.safe_load((out / "variant.yaml").read_text())["powers"]
    assert "colour" not in powers["austria"]
    assert powers["england"]["colour"] == "#2e4fa0"   # the others as written
