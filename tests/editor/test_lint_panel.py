"""Map lint in the editor's problems panel, as warnings the designer clicks."""
import pytest

pytest.importorskip("PySide6")

from PySide6.QtCore import Qt  # noqa: E402

from tests.conftest import MAPS  # noqa: E402
from tests.editor.qt_helpers import wait_for_validation  # noqa: E402


def test_lint_warnings_show_in_the_problems_panel_and_select_their_province(window, qtbot):
    window.open_path(str(MAPS / "loeb9"))
    problems = wait_for_validation(qtbot, window)
    assert all(p.severity == "warning" for p in problems)
    texts = [window.validation.list.item(i).text() for i in range(window.validation.list.count())]
    assert "warning VK553: no unit can reach the neutral centre ire in the first year" in texts
    row = texts.index("warning VK553: no unit can reach the neutral centre ire in the first year")
    item = window.validation.list.item(row)
    assert "1902" in item.toolTip()
    rect = window.validation.list.visualItemRect(item)
    qtbot.mouseClick(window.validation.list.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert [getattr(i, "pid", None) for i in window.scene.selectedItems()] == ["ire"]

