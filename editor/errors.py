"""What the editor does with a failure it did not expect: the traceback into the
log (variantkit.logs), and a dialog that says what failed and where the log is,
instead of a window that vanishes or an exception printed to a terminal nobody
watches. Worker threads' failures are logged by the panels that show them."""
from __future__ import annotations

import logging
import sys
import threading
from typing import Optional

from PySide6.QtWidgets import QApplication, QMessageBox

log = logging.getLogger("variantkit_editor")


def install(log_path: Optional[str], ask: bool) -> None:
    """Catch what escapes a slot or an event handler (Qt calls ``sys.excepthook``)
    and what escapes a Python thread."""
    def show(exc_type, exc, tb) -> None:
        log.critical("unexpected %s", exc_type.__name__, exc_info=(exc_type, exc, tb))
        if not ask or QApplication.instance() is None:
            print(f"variantkit-editor: internal error: {exc_type.__name__}: {exc}"
                  + (f" (the traceback is in {log_path})" if log_path else ""), file=sys.stderr)
            return
        box = QMessageBox(QMessageBox.Icon.Critical, "Something went wrong",
                          f"{exc_type.__name__}: {exc}")
        box.setInformativeText("Your work is kept in the autosave; save it under a new name to be sure. "
                               + (f"The details are in {log_path}; please report them." if log_path else ""))
        box.exec()

    sys.excepthook = show
    threading.excepthook = lambda args: show(args.exc_type, args.exc_value, args.exc_traceback)
