"""``variantkit-editor [FILE]``: FILE a variant (file or folder) or a drawing.

Without a screen (``--headless``, or no display at all) it does the same
work without a window: opens the file, checks it, and saves a picture of
what the window would show.
"""
from __future__ import annotations

import argparse
import os
import sys


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="variantkit-editor", description=__doc__.splitlines()[0])
    parser.add_argument("file", nargs="?", help="a variant file or folder, or an SVG drawing")
    parser.add_argument("--headless", action="store_true",
                        help="no window: open, check and save a screenshot (--screenshot)")
    parser.add_argument("--screenshot", metavar="PNG", help="where the headless run saves the picture")
    args = parser.parse_args(argv)
    headless = args.headless or (sys.platform.startswith("linux") and not os.environ.get("DISPLAY")
                                 and not os.environ.get("WAYLAND_DISPLAY")
                                 and os.environ.get("QT_QPA_PLATFORM") != "xcb")
    if headless:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication
    from variantkit import logs
    from variantkit.problems import UnusableInput
    from . import errors
    from .mainwindow import MainWindow
    errors.install(logs.configure("editor"), ask=not headless)
    app = QApplication.instance() or QApplication(sys.argv[:1])
    app.setApplicationName("variantkit")
    window = MainWindow(ask=not headless)
    try:
        # a headless run reports the file asked for; autosaved work waits for a window
        recovered = not headless and window.offer_recovery(args.file)
        for folder, why in window.skipped_recovery:
            print(f"{folder}: autosave skipped: {why}", file=sys.stderr)
        if not recovered and args.file:
            window.open_path(args.file)
    except UnusableInput as exc:
        for p in exc.problems:
            print(p, file=sys.stderr)
        return 2
    if headless:
        window.show()
        app.processEvents()
        window.fit()
        window.validation.run_now()
        from PySide6.QtCore import QThreadPool
        QThreadPool.globalInstance().waitForDone(10_000)
        app.processEvents()
        problems = window.validation.problems
        from dataclasses import replace
        for p in problems:  # checked in memory: placed in the file it was opened from
            print(replace(p, file=p.file or window.doc.path or args.file))
        shot = args.screenshot or "editor.png"
        from variantkit.files import atomic_write
        from .raster import png_bytes
        atomic_write(shot, png_bytes(window.grab()))
        v = window.doc.variant
        print(f"{v.name}: {len(v.provinces)} provinces, {len(v.edges)} edges, {len(v.powers)} powers; "
              f"{len(problems)} problem(s); picture in {shot}")
        window.doc.undo.setClean()
        window.close()
        return 0
    window.show()
    return app.exec()


if __name__ == "__main__":
    sys.exit(main())
