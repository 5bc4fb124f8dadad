"""Fixtures of the editor tests: a main window with its settings and recovery
file in the test's own folder, and one already test-playing Youngstown."""
import pytest

pytest.importorskip("PySide6")

from variantkit_editor.mainwindow import MainWindow  # noqa: E402
from tests.conftest import MAPS  # noqa: E402


@pytest.fixture
def window(qtbot, tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    w = MainWindow(ask=False)
    qtbot.addWidget(w)
    w.show()
    return w


@pytest.fixture
def playing(window):
    window.open_path(str(MAPS / "youngstown"))
    window.use_tool("play")
    return window
