"""Start the editor on a real X server and look at the screen.

CI runs this under Xvfb (``scripts/desktop_check``): the editor is started as a
user starts it (``variantkit-editor maps/tutorial``, the xcb platform plugin,
only what ``scripts/setup`` installed), then a second process grabs the whole
screen from the X server (not a widget's own rendering) and checks that the
map is on it: the tutorial's sea blue and its powers' fills cover a real part
of the screen.  The screenshot is kept for a person to look at.

    python scripts/desktop_check.py SCREENSHOT.png
"""
from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


SEA = (0xa9, 0xcb, 0xe6)  # the tutorial's sea fill (maps/tutorial/map.svg)


def grab(path: str) -> "tuple[int, int, int, int]":
    """Grab the X screen; return (pixels looked at, map-coloured ones, the
    tutorial's sea among them, distinct colours)."""
    from PySide6.QtGui import QGuiApplication
    app = QGuiApplication.instance() or QGuiApplication(["desktop_check", "-platform", "xcb"])
    shot = app.primaryScreen().grabWindow(0)
    shot.save(path)
    img = shot.toImage()
    w, h = img.width(), img.height()
    coloured, sea, colours = 0, 0, set()
    for y in range(0, h, 4):
        for x in range(0, w, 4):
            c = img.pixelColor(x, y)
            colours.add(c.rgb())
            # saturated pixels: the map's seas and powers (the window chrome is grey)
            if c.saturation() > 60 and c.value() > 60:
                coloured += 1
            if max(abs(c.red() - SEA[0]), abs(c.green() - SEA[1]), abs(c.blue() - SEA[2])) <= 6:
                sea += 1
    return (w // 4) * (h // 4), coloured, sea, len(colours)


def main() -> int:
    shot = sys.argv[1] if len(sys.argv) > 1 else "desktop.png"
    if not os.environ.get("DISPLAY"):
        print("desktop_check: no DISPLAY (run it under Xvfb: scripts/desktop_check)", file=sys.stderr)
        return 2
    env = {k: v for k, v in os.environ.items() if k != "QT_QPA_PLATFORM"}  # a desktop, not offscreen
    editor = ROOT / ".venv" / "bin" / "variantkit-editor"
    proc = subprocess.Popen([str(editor), str(ROOT / "maps" / "tutorial")], env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        time.sleep(8)  # start-up, the map loaded and fitted
        if proc.poll() is not None:
            print("desktop_check: the editor exited at start:\n" + proc.stdout.read(), file=sys.stderr)
            return 1
        total, coloured, sea, colours = grab(shot)
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
    share, seas = coloured / total, sea / total
    print(f"desktop_check: screen in {shot}: {share:.0%} of it map-coloured, {seas:.0%} the map's sea, "
          f"{colours} colours")
    # the window's panels take much of the screen; the map's own sea must show
    if share < 0.08 or seas < 0.03 or colours < 20:
        print("desktop_check: the screen does not show the map", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
