"""The balance panel: `variantkit balance` in the editor.

The report is computed on a worker thread (the random games take seconds on
a large map) with a progress bar and a Cancel button; the per-power figures
go in a table and the report's picture below it.  The seed is a field of the
panel and is shown with the result, so a figure can be reproduced later
(``variantkit balance VARIANT --games N --years Y --seed S`` gives the same).
"""
from __future__ import annotations

import logging
import threading
from typing import List, Optional

from PySide6.QtCore import QByteArray, QObject, QRectF, QRunnable, QSize, Qt, QThreadPool, Signal
from PySide6.QtGui import QColor, QImage, QPainter, QPixmap
from PySide6.QtSvg import QSvgRenderer
from PySide6.QtWidgets import (QHBoxLayout, QLabel, QProgressBar, QPushButton, QSizePolicy, QSpinBox, QSplitter,
                               QTableWidget, QTableWidgetItem, QVBoxLayout, QWidget)

from variantkit.review.balance import BalanceReport, balance
from variantkit.board.balance_picture import balance_svg

from .document import Document

DEFAULT_GAMES = 40  # as `variantkit balance`
STALE = " The variant has been edited since: Run again for its figures."
COLUMNS = ("Power", "Homes", "Within 1", "Within 2", "Contested 1901", "Chokepoints",
           "Min", "Median", "Mean", "Max", "Won", "Out")


class Cancelled(Exception):
    """Raised from the progress callback: stops the games between two of them."""


class _Signals(QObject):
    progress = Signal(int, int, int)      # run, games done, games in all
    finished = Signal(int, object)        # run, BalanceReport
    failed = Signal(int, str)             # run, why (cancelled or an error)


class _BalanceJob(QRunnable):
    def __init__(self, run: int, variant, games: int, years: int, seed: int, signals: _Signals):
        super().__init__()
        self.run_id, self.variant, self.games, self.years, self.seed = run, variant, games, years, seed
        self.signals = signals
        self.stop = threading.Event()

    def _progress(self, done: int, total: int) -> None:
        if self.stop.is_set():
            raise Cancelled()
        self._emit(self.signals.progress, self.run_id, done, total)

    def run(self) -> None:
        try:
            report = balance(self.variant, self.games, self.years, self.seed, self._progress)
        except Cancelled:
            self._emit(self.signals.failed, self.run_id, "cancelled")
            return
        except Exception as exc:  # shown in the panel, never a crash of the editor; the traceback is logged
            logging.getLogger(__name__).exception("the balance report failed")
            self._emit(self.signals.failed, self.run_id, f"the report failed: {exc!r}")
            return
        self._emit(self.signals.finished, self.run_id, report)

    @staticmethod
    def _emit(signal, *args) -> None:
        try:
            signal.emit(*args)
        except RuntimeError:
            pass  # the window closed while the games ran: nobody to tell


MAX_SIDE = 4000  # the panel shows the picture scaled down: a drawing a million units wide is drawn at this


def svg_pixmap(svg: bytes) -> QPixmap:
    renderer = QSvgRenderer(QByteArray(svg))
    size = renderer.defaultSize()
    shrink = min(1.0, MAX_SIDE / max(1, size.width(), size.height()))
    size = QSize(max(1, round(size.width() * shrink)), max(1, round(size.height() * shrink)))
    image = QImage(size, QImage.Format.Format_ARGB32)
    image.fill(QColor("white"))
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    renderer.render(painter, QRectF(0, 0, size.width(), size.height()))
    painter.end()
    return QPixmap.fromImage(image)


class _Picture(QLabel):
    """The report's picture, scaled down to the room it has (never up)."""

    def __init__(self):
        super().__init__()
        self.original: Optional[QPixmap] = None
        self.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Ignored)

    def set_picture(self, pixmap: Optional[QPixmap]) -> None:
        self.original = pixmap
        self._fit()

    def resizeEvent(self, event):
        super().resizeEvent(event)
        self._fit()

    def _fit(self) -> None:
        if self.original is None:
            self.clear()
            return
        w, h = self.original.width(), self.original.height()
        k = min(1.0, self.width() / w, self.height() / h) if self.width() > 0 and self.height() > 0 else 1.0
        self.setPixmap(self.original.scaled(max(1, int(w * k)), max(1, int(h * k)),
                                            Qt.AspectRatioMode.KeepAspectRatio,
                                            Qt.TransformationMode.SmoothTransformation))


class BalancePanel(QWidget):
    """Games, years and seed; Run and Cancel; progress; the table and picture."""

    def __init__(self, doc: Document, parent=None):
        super().__init__(parent)
        self.doc = doc
        self.games = QSpinBox()
        self.games.setRange(0, 100_000)
        self.games.setValue(DEFAULT_GAMES)
        self.years = QSpinBox()
        self.years.setRange(1, 200)
        self.years.setValue(10)
        self.seed = QSpinBox()
        self.seed.setRange(0, 2_000_000_000)
        self.seed.setValue(1)
        self.seed.setToolTip("game n is played with seed + n: the same seed gives the same figures")
        self.run_button = QPushButton("&Run")
        self.cancel_button = QPushButton("&Cancel")
        self.cancel_button.setEnabled(False)
        self.progress = QProgressBar()
        self.progress.setFormat("%v/%m games")
        self.progress.setValue(0)
        buttons = QHBoxLayout()
        for text, box in (("Random &games", self.games), ("&Years per game", self.years), ("S&eed", self.seed)):
            label = QLabel(text)
            label.setBuddy(box)
            buttons.addWidget(label)
            buttons.addWidget(box)
        buttons.addWidget(self.run_button)
        buttons.addWidget(self.cancel_button)
        buttons.addWidget(self.progress, 1)
        self.summary = QLabel("Not run yet.")
        self.summary.setWordWrap(True)
        self.summary.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.table = QTableWidget(0, len(COLUMNS))
        self.table.setHorizontalHeaderLabels(COLUMNS)
        self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().setVisible(False)
        self.picture = _Picture()
        self.split = split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(self.table)
        split.addWidget(self.picture)
        layout = QVBoxLayout(self)
        layout.addLayout(buttons)
        layout.addWidget(self.summary)
        layout.addWidget(split, 1)
        self.signals = _Signals(self)
        self.signals.progress.connect(self._progress)
        self.signals.finished.connect(self._finished)
        self.signals.failed.connect(self._failed)
        self.run_button.clicked.connect(self.start)
        self.cancel_button.clicked.connect(self.cancel)
        self.run_id = 0
        self.job: Optional[_BalanceJob] = None
        self._jobs: List[_BalanceJob] = []  # Python keeps the runnables alive while they run
        self.report: Optional[BalanceReport] = None
        doc.changed.connect(self._stale)

    @property
    def running(self) -> bool:
        return self.job is not None

    def start(self) -> None:
        self.cancel()
        self.run_id += 1
        variant = self.doc.variant
        if not variant.powers:
            self.summary.setText("No powers: nothing to balance.")
            return
        self.job = _BalanceJob(self.run_id, variant, self.games.value(), self.years.value(),
                               self.seed.value(), self.signals)
        self.job.setAutoDelete(False)
        self._jobs = [j for j in self._jobs if j.run_id >= self.run_id - 4] + [self.job]
        self.progress.setRange(0, max(self.games.value(), 1))
        self.progress.setValue(0)
        self.run_button.setEnabled(False)
        self.cancel_button.setEnabled(True)
        self.summary.setText(f"Playing {self.games.value()} random games of {self.years.value()} years, "
                             f"seed {self.seed.value()}...")
        QThreadPool.globalInstance().start(self.job)

    def cancel(self) -> None:
        """Stop the running report (it stops before its next game)."""
        if self.job is not None:
            self.job.stop.set()
            self.run_id += 1  # whatever it still says is not shown
            self._idle()
            self.summary.setText("Cancelled.")

    def _idle(self) -> None:
        self.job = None
        self.run_button.setEnabled(True)
        self.cancel_button.setEnabled(False)

    def _stale(self, kind: str) -> None:
        if kind == "all":  # another file: its figures are not this one's
            self.cancel()
            self.report = None
            self.table.setRowCount(0)
            self.picture.set_picture(None)
            self.summary.setText("Not run yet.")
        elif self.report is not None and not self.summary.text().endswith(STALE):
            self.summary.setText(self.summary.text() + STALE)  # figures of the variant before the edit

    def _progress(self, run: int, done: int, total: int) -> None:
        if run == self.run_id:
            self.progress.setValue(done)

    def _failed(self, run: int, why: str) -> None:
        if run == self.run_id:
            self._idle()
            self.summary.setText(why)

    def _finished(self, run: int, report: BalanceReport) -> None:
        if run != self.run_id:
            return
        variant = self.job.variant if self.job is not None else self.doc.variant
        self._idle()
        self.progress.setValue(self.progress.maximum())
        self.report = report
        self.show_report(report, variant)

    def show_report(self, report: BalanceReport, variant) -> None:
        if report.games:
            self.summary.setText(f"{report.variant}: {len(report.neutral)} neutral centres; "
                                 f"{report.games} random games of {report.years} years, seed {report.seed} "
                                 f"(variantkit balance --games {report.games} --years {report.years} "
                                 f"--seed {report.seed} gives the same)")
        else:
            self.summary.setText(f"{report.variant}: {len(report.neutral)} neutral centres; no games played")
        self.table.setRowCount(len(report.powers))
        for row, p in enumerate(report.powers):
            contested = "; ".join(f"{c} with {', '.join(w)}" for c, w in sorted(p.contested.items()))
            cells = [p.name, " ".join(p.homes), " ".join(p.within_one), " ".join(p.within_two),
                     contested, " ".join(p.chokepoints)]
            s = p.spread
            cells += ["", "", "", "", "", ""] if s is None else [
                str(s.low), f"{s.median:g}", f"{s.mean:.2f}", str(s.high), str(s.wins), str(s.out)]
            for col, text in enumerate(cells):
                item = QTableWidgetItem(text)
                item.setData(Qt.ItemDataRole.UserRole, p.power)
                if col in (1, 2, 3, 5):  # a count, the names in the tooltip
                    item.setText(str(len(text.split())))
                    item.setToolTip(text or "none")
                elif col == 4:
                    item.setText(str(len(p.contested)))
                    item.setToolTip(text or "none")
                self.table.setItem(row, col, item)
        self.table.resizeColumnsToContents()
        self.table.resizeRowsToContents()
        # the table as wide as its columns, the picture the rest
        wide = self.table.horizontalHeader().length() + self.table.frameWidth() * 2 + 24
        self.split.setSizes([wide, max(self.split.width() - wide, 200)])
        self.picture.set_picture(svg_pixmap(balance_svg(report, variant)))
