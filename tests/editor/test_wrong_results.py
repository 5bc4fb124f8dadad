"""The three wrong results of the designer's path (issue 25), each driven
through the widgets: Take all from a judge's file leaving fields out while
saying there is nothing more; naming a province's coasts bringing back the
fleet proposals they replace; Test-play judging a map that has changed."""
import re

import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import Qt  # noqa: E402

from tests.conftest import MAPS  # noqa: E402
from tests.editor.qt_helpers import click  # noqa: E402
from tests.editor.test_designer import _read_judge_file  # noqa: E402


def _loeb9_art(tmp_path, coasts=True):
    """Loeb9 as jDip draws it: the drawing jDip's export writes, its four
    renamed cities under their old codes (den, nwy, por, swe) as jDip has them
    (and without its coasts' unit spots, for a drawing that names none)."""
    from variantkit.formats import jdip
    from variantkit.io import load
    jdip.write(load(str(MAPS / "loeb9")).variant, str(tmp_path / "jdip"))
    text = (tmp_path / "jdip" / "loeb9.svg").read_text()
    for new, old in (("cop", "den"), ("osl", "nwy"), ("lis", "por"), ("sto", "swe")):
        text = re.sub(rf'"(_?){new}"', rf'"\g<1>{old}"', text)
    if not coasts:
        text = re.sub(r'\s*<jdipNS:PROVINCE name="[a-z]+-[a-z]c">.*?</jdipNS:PROVINCE>', "", text, flags=re.S)
    art = tmp_path / "loeb9.svg"
    art.write_text(text)
    return art


def test_take_all_compares_seasons_and_renames_and_says_nothing_more_only_when_so(window, qtbot, tmp_path,
                                                                                 reference):
    window.open_path(str(_loeb9_art(tmp_path)))
    qtbot.mouseClick(window.proposals.accept_all, Qt.MouseButton.LeftButton)
    # the designer names Denmark as the drawing shows it
    window.use_tool("select")
    at = window.scene.centre_of("den")
    click(window.scene, at.x(), at.y())
    assert window.properties.pid == "den"
    window.properties.name_edit.setText("Denmark")
    qtbot.keyClick(window.properties.name_edit, Qt.Key.Key_Return)
    assert window.doc.variant.province("den").name == "Denmark"
    panel = _read_judge_file(window, qtbot, reference / "dpjudge" / "loeb9.map")
    whys = {(panel.items[k][1].kind, panel.items[k][1].subject): panel.items[k][1].why
            for k in panel.items if not isinstance(panel.items[k][1], str)}
    assert whys[("terrain", "arc")] == "open in spring only"
    assert "the judge calls it Copenhagen, the variant Denmark" in whys[("names", "den")]
    qtbot.mouseClick(panel.take_all, Qt.MouseButton.LeftButton)
    v = window.doc.variant
    assert v.province("arc").passable_in == ("spring",)  # the Arctic shut in Fall
    assert [v.province(c).name for c in ("cop", "osl", "lis", "sto")] == ["Copenhagen", "Oslo", "Lisbon",
                                                                          "Stockholm"]
    # what the panel says is so: the variant now says what the file says, field by field
    from variantkit.io import load
    target = load(str(MAPS / "loeb9")).variant
    for p in target.provinces:
        mine = v.province(p.id)
        assert (mine.name, mine.aliases, mine.terrain, mine.center, mine.passable_in, mine.port) == \
            (p.name, p.aliases, p.terrain, p.center, p.passable_in, p.port), p.id
    # the first line says so; the lines under it are what reading the file said (DPjudge's FLAGS left out)
    assert panel.note.text().splitlines()[0] == "loeb9.map: the variant already says all it says"
    # and undone, the panel offers the seasons again
    window.doc.undo.undo()
    assert "to take" in panel.note.text()


def test_coasts_settle_the_fleet_proposals_they_replace(window, qtbot, tmp_path):
    from tests.editor.qt_helpers import wait_for_validation
    window.open_path(str(_loeb9_art(tmp_path, coasts=False)))
    assert window.doc.variant.province("stp").coasts == ()
    qtbot.mouseClick(window.proposals.accept_all, Qt.MouseButton.LeftButton)
    assert window.proposals.summary.text() == "no proposals pending"
    window.use_tool("select")
    at = window.scene.centre_of("stp")
    click(window.scene, at.x(), at.y())
    window.properties.coasts.setText("nc: bar; sc: fin")
    qtbot.keyClick(window.properties.coasts, Qt.Key.Key_Return)
    assert [c.id for c in window.doc.variant.province("stp").coasts] == ["nc", "sc"]
    # the fleet proposals into stp are the coasts' now: nothing comes back to accept
    assert window.proposals.summary.text() == "no proposals pending"
    wait_for_validation(qtbot, window)
    texts = [window.validation.list.item(i).text() for i in range(window.validation.list.count())]
    assert not any("accept them in Proposals" in t for t in texts), texts
    edges = len(window.doc.variant.edges)
    qtbot.mouseClick(window.proposals.accept_all, Qt.MouseButton.LeftButton)
    assert len(window.doc.variant.edges) == edges
    from variantkit.validate import check
    assert not [p for p in check(window.doc.variant) if p.code == "VK104"]
    # a drawing with coasts the designer gives otherwise: the drawing's fleet proposal
    # to nc from Finland is settled by the sc given; Siberia's to nc, which no coast reaches, waits
    window.open_path(str(_loeb9_art(tmp_path)))
    qtbot.mouseClick(window.proposals.accept_all, Qt.MouseButton.LeftButton)
    window.select_province("stp")
    window.properties.coasts.setText("nc: bar; sc: fin")
    qtbot.keyClick(window.properties.coasts, Qt.Key.Key_Return)
    assert [(p.edge.a, p.edge.b) for p in window.proposals.pending()] == [("sib", "stp/nc")]


def _button(widget, text):
    from PySide6.QtWidgets import QPushButton
    return next(b for b in widget.findChildren(QPushButton) if b.text() == text)


def test_test_play_follows_the_variant_as_it_stands(window, qtbot):
    from tests.editor.test_designer import _action, _midpoint
    window.open_path(str(MAPS / "standard"))
    _action(window, "Play (test the variant)").trigger()
    assert window.play.game is not None
    _action(window, "Select").trigger()
    click(window.scene, *_midpoint(window, ("bur", "par")))
    _action(window, "Delete province or edge").trigger()
    assert all({e.a, e.b} != {"bur", "par"} for e in window.doc.variant.edges)
    _action(window, "Play (test the variant)").trigger()
    play = window.play
    play.entry.setText("A par - bur")
    qtbot.keyClick(play.entry, Qt.Key.Key_Return)
    qtbot.mouseClick(_button(play, "Adjudicate"), Qt.MouseButton.LeftButton)
    # judged on the map as it is: there is no edge to cross any more
    assert "par" in play.game.state.units and "bur" not in play.game.state.units
    assert play.stale.isHidden()
    # later in the game an edit that keeps the position is followed; one that takes a unit's
    # space away is said, and the game restarts on request
    _action(window, "Select").trigger()
    window.doc.undo.undo()
    assert play.game.variant is window.doc.variant and play.stale.isHidden()
    play.entry.setText("A par - bur")
    qtbot.keyClick(play.entry, Qt.Key.Key_Return)
    qtbot.mouseClick(_button(play, "Adjudicate"), Qt.MouseButton.LeftButton)
    assert play.game.state.units["bur"].power == "france"
    window.select_province("bur")
    _action(window, "Delete province or edge").trigger()
    assert window.doc.variant.province("bur") is None
    assert play.stale.isVisible() and "judges the map as it was" in play.stale.text()
    qtbot.mouseClick(play.restart, Qt.MouseButton.LeftButton)
    assert play.stale.isHidden() and play.game.variant is window.doc.variant
    assert not play.game.history


def test_coasts_jdips_drawing_names_only_by_their_unit_spots_are_proposed(window, qtbot, tmp_path, reference):
    """A jDip drawing whose PROVINCE_DATA names stp-nc, stp-sc, bul-ec, bul-sc
    (each with its unit spot) and draws no shape for them: opened, St
    Petersburg and Bulgaria have their coasts where the spots are, and the
    proposals are those of the drawing that draws the coasts."""
    full = reference / "corpus" / "jdip" / "stdVariants" / "simple_std.svg"
    bare = tmp_path / "simple_std.svg"
    bare.write_text(re.sub(r'\s*<path id="[a-z]+-(nc|sc|ec|wc)"[^>]*>', "", full.read_text()))
    assert 'id="stp-nc"' not in bare.read_text() and 'name="stp-nc"' in bare.read_text()
    window.open_path(str(full))
    drawn = sorted((p.edge.a, p.edge.b, p.edge.units.value) for p in window.doc.proposals)
    window.open_path(str(bare))
    v = window.doc.variant
    assert [(c.id, c.unit_pos) for c in v.province("stp").coasts] == [("nc", (289.0, 30.0)), ("sc", (370.0, 120.0))]
    assert [c.id for c in v.province("bul").coasts] == ["ec", "sc"]
    assert sorted((p.edge.a, p.edge.b, p.edge.units.value) for p in window.doc.proposals) == drawn
    qtbot.mouseClick(window.proposals.accept_all, Qt.MouseButton.LeftButton)
    assert ("bar", "stp/nc") in {(e.a, e.b) for e in window.doc.variant.edges}


def _lines(window):
    return [window.validation.list.item(i).text() for i in range(window.validation.list.count())]


def test_what_is_left_replaces_the_complete_heading_and_leads_where_each_step_is_done(window, qtbot, tmp_path):
    """A drawing with its proposals accepted and no powers is no game: the
    Problems panel says what is left, each step clickable; the notes of
    opening the drawing are listed there too."""
    from tests.editor.qt_helpers import wait_for_validation
    window.open_path(str(_loeb9_art(tmp_path)))
    wait_for_validation(qtbot, window)
    assert _lines(window)[0].startswith("What is left") and "proposed edge(s)" in _lines(window)[1]
    qtbot.mouseClick(window.proposals.accept_all, Qt.MouseButton.LeftButton)
    wait_for_validation(qtbot, window)
    lines = _lines(window)
    assert not any("complete" in t for t in lines), lines
    assert "  ☐ no powers yet: name them" in lines
    # a click on the step raises the panel where it is done
    window.docks["Proposals"].raise_()
    row = lines.index("  ☐ no powers yet: name them")
    item = window.validation.list.item(row)
    list_ = window.validation.list
    list_.scrollToItem(item)
    qtbot.mouseClick(list_.viewport(), Qt.MouseButton.LeftButton, pos=list_.visualItemRect(item).center())
    assert not window.docks["Powers"].visibleRegion().isEmpty()
    # a power with no homes is the next step; its start typed, it is done
    qtbot.mouseClick(window.powers.new_button, Qt.MouseButton.LeftButton)
    qtbot.keyClicks(window.powers.fields["name"], "Norway")
    qtbot.mouseClick(window.powers.apply_button, Qt.MouseButton.LeftButton)
    wait_for_validation(qtbot, window)
    assert "  ☐ norway has no home centres" in _lines(window)
    window.powers.fields["start"].setText("A nwy, F den, A swe")
    qtbot.keyClick(window.powers.fields["start"], Qt.Key.Key_Return)
    wait_for_validation(qtbot, window)
    assert not any("norway has" in t for t in _lines(window))
    assert "  ☐ one power only: a game needs two or more" in _lines(window)


def test_the_notes_of_opening_a_drawing_are_listed_in_problems(window, qtbot, reference):
    """jDip's Youngstown: four outlines repaired; the status bar counts them, Problems lists them."""
    from tests.editor.qt_helpers import wait_for_validation
    window.open_path(str(reference / "jdip" / "youngstown.svg"))
    assert "4 note(s)" in window.statusBar().currentMessage()
    wait_for_validation(qtbot, window)
    lines = _lines(window)
    at = lines.index("4 note(s) from opening the file")
    assert lines[at + 1].startswith("note VK821: egy: the outline crosses itself; repaired")
    window.open_path(str(MAPS / "standard"))
    wait_for_validation(qtbot, window)
    assert not any("from opening the file" in t for t in _lines(window))


def test_the_judge_panel_reads_every_format_the_importers_read(window, qtbot, tmp_path):
    """The dialog's filter comes from the formats registry; an njudge .map (not
    DPjudge's, though the extension is the same) is read by the reader that reads it."""
    import textwrap
    from tests.export.test_webdip_njudge import NJUDGE
    from variantkit.formats import formats
    path = tmp_path / "mini.map"
    path.write_text(textwrap.dedent(NJUDGE))
    window.open_path(str(MAPS / "standard"))
    panel = window.judge
    readers = {f.extension for f in formats().values() if f.reads and f.name != "svg" and f.extension}
    assert all(f"*{e}" in panel.dialog.nameFilters()[0] for e in readers)
    panel = _read_judge_file(window, qtbot, path)
    assert panel.note.text().startswith("mini.map: ") and "to take" in panel.note.text()
    spaces = {panel.items[k][1].subject for k in panel.items
              if not isinstance(panel.items[k][1], str) and panel.items[k][1].kind == "powers"}
    assert spaces == {"f"} | {p.id for p in window.doc.variant.powers}  # njudge's one power, not garbage
