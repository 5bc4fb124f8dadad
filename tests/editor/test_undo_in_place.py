"""Undo and redo update the map's items in place (issue 26): the links an
undone Accept all took are hidden and come back as the same items on redo;
the map, the edges list and the proposals list say exactly what the
document holds after each step, and a link back on the map is clicked as
before."""
import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import Qt  # noqa: E402
from PySide6.QtGui import QAction  # noqa: E402

from variantkit_editor.scene import EdgeItem  # noqa: E402
from PySide6.QtCore import QPointF  # noqa: E402
from PySide6.QtTest import QTest  # noqa: E402


def _action(window, text):
    """A menu entry by its text (Undo and Redo name the step they take)."""
    for act in window.findChildren(QAction):
        shown = act.text().replace("&", "")
        if shown == text or (text in ("Undo", "Redo") and shown.startswith(text) and act.isEnabled()):
            return act
    raise AssertionError(f"no menu entry {text!r}")


def click(window, x, y):
    """A click on the view where the map's point (x, y) is."""
    window.view.centerOn(x, y)
    QTest.mouseClick(window.view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                     window.view.mapFromScene(QPointF(x, y)))


def _alone(window, item):
    (ax, ay), (bx, by) = _ends(item)
    over = window.scene.items(QPointF((ax + bx) / 2, (ay + by) / 2))
    return [type(i).__name__ for i in over] == ["EdgeItem", "ProvinceItem"]


def _listed(window):
    """The proposals' rows under their headings, as the list shows them."""
    tree = window.proposals.tree
    rows = [tree.topLevelItem(i).child(j) for i in range(tree.topLevelItemCount())
            for j in range(tree.topLevelItem(i).childCount())]
    return {r.text(0).removeprefix("⚠ ") for r in rows}


def _shown_links(window):
    """Link items a user sees: key -> item."""
    return {i.key: i for i in window.scene.items() if isinstance(i, EdgeItem) and i.isVisible()}


def _ends(item):
    path = item.path()
    return (path.elementAt(0).x, path.elementAt(0).y), (path.elementAt(1).x, path.elementAt(1).y)


def _as_document_says(window):
    doc, scene = window.doc, window.scene
    keys = {e.key for e in doc.variant.edges}
    shown = _shown_links(window)
    assert set(shown) == keys == set(scene.edge_items)
    for e in doc.variant.edges:  # each drawn between its spaces, as the document has them now
        a, b = scene.centre_of(e.a), scene.centre_of(e.b)
        assert _ends(shown[e.key]) == ((a.x(), a.y()), (b.x(), b.y()))
        assert shown[e.key].edge == e
    model = window.edges.table.model()
    assert model.rowCount() == len(keys)
    listed = {(model.index(r, 0).data(), model.index(r, 1).data()) for r in range(model.rowCount())}
    assert listed == {(e.a, e.b) for e in doc.variant.edges}
    return shown


def test_undo_and_redo_of_accept_all_update_the_links_in_place(window, qtbot, reference):
    window.open_path(str(reference / "jdip" / "youngstown.svg"))
    window.view.zoom(3)  # a designer picking links works zoomed in
    pending = window.proposals.summary.text()
    assert pending.endswith("pending") or "pending," in pending
    qtbot.mouseClick(window.proposals.accept_all, Qt.MouseButton.LeftButton)
    accepted = _as_document_says(window)
    assert len(accepted) > 400 and window.proposals.summary.text() == "no proposals pending"

    # a link whose middle no other link, label or unit crosses, picked before the undo
    key, item = [(k, i) for k, i in sorted(accepted.items()) if _alone(window, i)][0]
    (ax, ay), (bx, by) = _ends(item)
    _action(window, "Undo").trigger()
    assert window.doc.variant.edges == ()
    assert _as_document_says(window) == {}
    assert window.proposals.summary.text() == pending  # the proposals are back, as they were
    assert _listed(window) == {f"{p.edge.a} - {p.edge.b}" for p in window.proposals.pending()} != set()
    # a hidden link is not there to click: a click at its middle picks no link
    click(window, (ax + bx) / 2, (ay + by) / 2)
    assert not [i for i in window.scene.selectedItems() if isinstance(i, EdgeItem)]

    _action(window, "Redo").trigger()
    again = _as_document_says(window)
    assert all(again[k] is accepted[k] for k in accepted)  # the same items, shown again
    assert window.proposals.summary.text() == "no proposals pending" and _listed(window) == set()
    click(window, (ax + bx) / 2, (ay + by) / 2)
    picked = [i.key for i in window.scene.selectedItems() if isinstance(i, EdgeItem)]
    assert picked == [key] and window.edges.selected_keys() == [key]  # and the list follows

    # a link deleted while picked, then undone: back on the map, and picked again by a click
    _action(window, "Delete province or edge").trigger()
    assert key not in _as_document_says(window)
    _action(window, "Undo").trigger()
    assert key in _as_document_says(window)
    window.scene.clearSelection()
    click(window, (ax + bx) / 2, (ay + by) / 2)
    assert [i.key for i in window.scene.selectedItems() if isinstance(i, EdgeItem)] == [key]

    # a change of the provinces redraws everything: nothing hidden is kept from before
    for _ in range(window.doc.undo.index()):
        _action(window, "Undo").trigger()
    pid = window.doc.variant.provinces[0].id
    window.properties.show_province(pid)
    from variantkit_editor import commands as C
    window.doc.undo.push(C.SetProvinceField(window.doc, pid, "name", "Somewhere Else"))
    assert window.scene._hidden == {}
    assert not [i for i in window.scene.items() if isinstance(i, EdgeItem) and not i.isVisible()]
    assert not window.doc.undo.canRedo()
    _as_document_says(window)
    window.doc.undo.setClean()


def test_a_large_documents_objects_are_kept_out_of_the_collectors_scans(window, monkeypatch):
    """Opening a large map freezes what it loaded (a full collection first);
    the next open gives it back to the collector; a small map freezes nothing."""
    import gc
    from tests.conftest import MAPS
    from variantkit_editor import heap
    monkeypatch.setattr(heap, "LARGE", 100)  # Youngstown's 184 provinces count as large here
    gc.unfreeze()
    try:
        window.open_path(str(MAPS / "youngstown"))
        frozen = gc.get_freeze_count()
        assert frozen > 0 and gc.is_tracked(window.doc.variant.provinces)
        window.open_path(str(MAPS / "standard"))  # 76 provinces: small, nothing frozen
        assert gc.get_freeze_count() == 0 and gc.isenabled()
    finally:
        gc.unfreeze()
