"""An edge open in some seasons only has no counterpart in any writer's format:
each says so (VK705, naming the link, in the written file's report) and writes
the link open in every season, never drops it silently."""
import pytest

from variantkit import edit
from variantkit.formats import formats
from variantkit.io import load

from tests.conftest import MAPS

WRITERS = sorted(name for name, f in formats().items() if f.writes and name != "svg")
LOSING = [n for n in WRITERS if n != "jdip"]  # jDip holds a seasonal link: a BORDER closed in the other seasons


@pytest.fixture(scope="module")
def spring_only():
    return edit.set_edge_seasons(load(str(MAPS / "standard")).variant, "nwy", "stp/nc", ["spring"])


def test_every_writer_is_covered():
    assert {"dpjudge", "diplomacy", "jdip", "diplicity", "webdiplomacy"} <= set(WRITERS)


@pytest.mark.parametrize("name", LOSING)
def test_the_seasonal_link_is_reported_as_lost(name, spring_only, tmp_path):
    fmt = formats()[name]
    out = tmp_path / ("out" + fmt.extension)
    report = fmt.export(spring_only, str(out))
    assert report.ok
    lost = [p for p in report.problems if p.code == "VK705"]
    assert [(p.severity, p.file) for p in lost] == [("warning", str(out))]
    assert "nwy - stp/nc is open in spring only" in lost[0].message
    # the plain map loses nothing of the kind
    plain = fmt.export(edit.set_edge_seasons(spring_only, "nwy", "stp/nc", []), str(tmp_path / ("p" + fmt.extension)))
    assert not [p for p in plain.problems if p.code == "VK705"]


@pytest.mark.parametrize("name", [n for n in LOSING if formats()[n].reads])
def test_the_link_reads_back_open_in_every_season(name, spring_only, tmp_path):
    fmt = formats()[name]
    out = tmp_path / ("out" + fmt.extension)
    assert fmt.export(spring_only, str(out)).ok
    back, problems = fmt.read(str(out))
    assert back is not None and not [p for p in problems if p.severity == "error"]
    (e,) = [e for e in back.edges if {e.a, e.b} == {"nwy", "stp/nc"}]
    assert e.seasons == () and e.units.fleet


def test_jdip_holds_the_seasonal_link(spring_only, tmp_path):
    """jDip's BORDER on stp, from nwy, for fleets, closed in the fall: written
    without loss and read back as the same link (the army link nwy - stp stays open)."""
    fmt = formats()["jdip"]
    report = fmt.export(spring_only, str(tmp_path))
    assert report.ok and not [p for p in report.problems if p.code == "VK705"]
    back, problems = fmt.read(str(tmp_path))
    assert not [p for p in problems if p.severity == "error"]
    (e,) = [e for e in back.edges if {e.a, e.b} == {"nwy", "stp/nc"}]
    assert e.seasons == ("spring",) and e.units.fleet
    (army,) = [e for e in back.edges if {e.a, e.b} == {"nwy", "stp"}]
    assert army.seasons == ()
