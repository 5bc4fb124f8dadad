"""Qt's rasterizer leaves a process in which a window can still be made: a PNG
rendered first (as tests/test_render.py does before the editor's tests) made a
QGuiApplication, and the first window after it aborted the whole process."""
import subprocess
import sys

SCRIPT = """
import os, sys, tempfile
os.environ["QT_QPA_PLATFORM"] = "offscreen"
from variantkit_editor.raster import svg_to_png
svg = b'<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="5" height="5"/></svg>'
path = os.path.join(tempfile.mkdtemp(), "x.png")
open(path, "wb").write(svg_to_png(svg))
from PySide6.QtWidgets import QWidget
w = QWidget()
print("window made", os.path.getsize(path) > 0)
"""


def test_a_window_can_be_made_after_a_png_is_rendered():
    run = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr[-2000:]
    assert run.stdout.strip() == "window made True"
