"""Qt test helpers in one place: synthetic mouse events on the map scene,
waiting for the validation that runs off the UI thread, and the CLI
adjudicator to check a played position against."""
import io
import json
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
