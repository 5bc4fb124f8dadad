"""What the screenshot scripts share: the checkout on the import path, Qt
offscreen unless a screen is asked for, where the pictures go, and waiting
until the window has drawn what its checks found."""
from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "benchmarks"))
import checkout  # noqa: E402  (this checkout's variantkit and editor, as the benchmarks take them)

ROOT = checkout.ROOT
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
OUT = os.path.join(ROOT, "docs", "images")


def settle(app, window) -> None:
    """The Problems panel's checks run and their results drawn."""
    from PySide6.QtCore import QThreadPool
    window.validation.run_now()
    QThreadPool.globalInstance().waitForDone(120_000)
    for _ in range(5):
        app.processEvents()
