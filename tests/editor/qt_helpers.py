"""Qt test helpers in one place: synthetic mouse events on the map scene,
waiting for the validation that runs off the UI thread, and the CLI
adjudicator to check a played position against."""
import io
import json
import os
import subprocess
import sys
from pathlib import Path

from PySide6.QtCore import QPointF, Qt
from PySide6.QtWidgets import QGraphicsSceneMouseEvent
from PySide6.QtCore import QEvent


def mouse(scene, kind: str, x: float, y: float, button=Qt.MouseButton.LeftButton):
    types = {"press": QEvent.Type.GraphicsSceneMousePress, "move": QEvent.Type.GraphicsSceneMouseMove,
             "release": QEvent.Type.GraphicsSceneMouseRelease}
    event = QGraphicsSceneMouseEvent(types[kind])
    event.setScenePos(QPointF(x, y))
    event.setButton(button)
    event.setButtons(button if kind != "release" else Qt.MouseButton.NoButton)
    handler = {"press": scene.mousePressEvent, "move": scene.mouseMoveEvent,
               "release": scene.mouseReleaseEvent}[kind]
    handler(event)


def click(scene, x, y):
    mouse(scene, "press", x, y)
    mouse(scene, "release", x, y)


def drag(scene, start, end, steps=5):
    mouse(scene, "press", *start)
    for i in range(1, steps + 1):
        mouse(scene, "move", start[0] + (end[0] - start[0]) * i / steps, start[1] + (end[1] - start[1]) * i / steps)
    mouse(scene, "release", *end)


def play_clicks(window, mode, *pids, unit="A"):
    """Play mode: the order kind and unit type picked, then each space clicked on the map."""
    window.play.mode.setCurrentText(mode)
    window.play.unit_type.setCurrentText(unit)
    for pid in pids:
        c = window.scene.centre_of(pid)
        click(window.scene, c.x(), c.y())


def draw_polygon(scene, points):
    for x, y in points:
        click(scene, x, y)
    click(scene, *points[0])


def wait_for_validation(qtbot, window):
    """Run the check now and wait until its result is on screen."""
    panel = window.validation
    panel.run_now()
    qtbot.waitUntil(lambda: panel.shown == panel.generation, timeout=10_000)
    return panel.problems


def cli_adjudicate(monkeypatch, capsys, rec, variant="youngstown"):
    """What `variantkit adjudicate` answers for a position and orders."""
    from variantkit.cli import main
    from tests.conftest import MAPS
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(rec)))
    assert main(["adjudicate", "--variant", str(MAPS / variant)]) == 0
    return json.loads(capsys.readouterr().out)


class Answers:
    """Answers the modal dialogs an action opens, through their widgets: a
    file dialog gets the next queued path typed in (or is cancelled), a
    message box gets the button with the queued text (or its default).
    Runs on a timer while the dialog's own event loop runs."""

    def __init__(self, qtbot):
        from PySide6.QtCore import QTimer
        self.files, self.buttons, self.colours, self.seen = [], [], [], []
        self.timer = QTimer()
        self.timer.setInterval(20)
        self.timer.timeout.connect(self._answer)
        self.timer.start()

    def _answer(self):
        from PySide6.QtWidgets import QApplication, QColorDialog, QFileDialog, QLineEdit, QMessageBox
        w = QApplication.activeModalWidget()
        if w is None or not w.isVisible():
            return
        self.seen.append(type(w).__name__ + ": " + w.windowTitle())
        if isinstance(w, QFileDialog):
            if self.files:
                name = w.findChild(QLineEdit, "fileNameEdit")   # the dialog's file name field
                name.setText(self.files.pop(0))
                w.accept()
            else:
                w.reject()
        elif isinstance(w, QColorDialog):
            if self.colours:   # typed into the picker's HTML field, as a user would
                html = [e for e in w.findChildren(QLineEdit) if e.text().startswith("#")][0]
                from PySide6.QtTest import QTest
                html.selectAll()
                QTest.keyClicks(html, self.colours.pop(0))
                QTest.keyClick(html, Qt.Key.Key_Return)   # Return in a dialog: OK
            else:
                w.reject()
        elif isinstance(w, QMessageBox):
            want = self.buttons.pop(0) if self.buttons else None
            for b in w.buttons():
                if want is None or b.text().replace("&", "") == want:
                    b.click()
                    return
        else:
            w.reject()

    def stop(self):
        self.timer.stop()


KILLED = r"""
import os, signal, sys
os.environ["QT_QPA_PLATFORM"] = "offscreen"
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication
from variantkit_editor.mainwindow import MainWindow
from variantkit_editor import commands as C
app = QApplication([])
w = MainWindow(ask=False, autosave_ms=300)
w.show()
w.open_path(sys.argv[1])
if sys.argv[2].startswith("name:"):
    _, pid, value = sys.argv[2].split(":")
    w.doc.undo.push(C.SetProvinceField(w.doc, pid, "name", value))
    x = y = 0
elif sys.argv[2].startswith("rename"):
    _, old, new = sys.argv[2].split(":")
    w.select_province(old)
    w.properties.id_edit.setText(new)
    w.properties.id_edit.editingFinished.emit()
    x = y = 0
else:
    w.select_province("ber")
    w.properties.name_edit.setText("Berlin-Cölln")
    w.properties.name_edit.editingFinished.emit()
    x, y = w.doc.outlines["ber"][0][1]
    w.use_tool("vertex")
    from tests.editor.qt_helpers import drag
    drag(w.scene, (x, y), (x + 7, y + 3))
print(x, y, flush=True)
QTimer.singleShot(1500, lambda: os.kill(os.getpid(), signal.SIGKILL))
app.exec()
"""


def killed_editor(tmp_path, path, what="shape"):
    """Run an editor in another process on ``path``, make one edit (``shape``:
    rename Berlin and drag a vertex; ``rename:old:new``; ``name:pid:value``),
    let the autosave run, then SIGKILL it; the point dragged from, if any."""
    env = dict(os.environ, XDG_DATA_HOME=str(tmp_path / "data"), XDG_CONFIG_HOME=str(tmp_path / "config"),
               # this checkout first, then where the caller points (an editor tried out of tree)
               PYTHONPATH=os.pathsep.join([str(Path(__file__).resolve().parents[2])]
                                          + [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]))
    run = subprocess.run([sys.executable, "-c", KILLED, str(path), what], env=env, timeout=120,
                         capture_output=True, text=True)
    assert run.returncode == -9, run.stderr
    x, y = map(float, run.stdout.split())
    return x, y
