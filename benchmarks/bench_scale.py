"""Speed at every size: generated drawings of 200, 1,000 and 3,000
Voronoi-shaped provinces (``generate.voronoi_drawing``), each step's time
and its time per province.

The library's path: import (``variantkit import svg``: read, infer, write),
load (the written variant read back), validate (every check), render (the
board made from the drawing, then the start drawn on it, as ``variantkit
render`` does).  The editor's path, offscreen,
through the window: open the drawing, a vertex drag step (the move merged
into the drag's command, the event loop painting what changed; and, apart, a
repaint of the whole view as a pan or zoom does), a click that selects a
province, Accept all (every proposed edge), undo of it and redo (five of
each, the medians), the
autosave timer's write (the session's first, then one after a vertex drag),
save.

    .venv/bin/python benchmarks/bench_scale.py [SIZES...]      # default 200 1000 3000
    .venv/bin/python benchmarks/bench_scale.py --editor-only 1000

Medians of the process's CPU time (the machine is shared by many: CPU time
leaves out the waits for a core that wall-clock time would count; on a quiet
machine the two agree within a few per cent); compare the per-province
columns across sizes of the same run.
"""
from __future__ import annotations

import contextlib
import io
import os
import statistics
import sys
import tempfile
import time

ROOT = os.path.join(os.path.dirname(__file__), "..")
sys.path.insert(0, ROOT)
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from generate import voronoi_drawing  # noqa: E402

SIZES = (200, 1000, 3000)


def clock(fn, repeat=1):
    runs = []
    for _ in range(repeat):
        t0 = time.process_time()
        fn()
        runs.append(time.process_time() - t0)
    return statistics.median(runs)


def library(svg: str, tmp: str) -> dict:
    from variantkit.board.render import render_svg
    from variantkit.drawing.art import board_for
    from variantkit.io.variant_file import art_path
    from variantkit.cli import main as cli
    from variantkit.io import load
    from variantkit.validate import check
    out = {}
    folder = os.path.join(tmp, "imported")
    with contextlib.redirect_stderr(io.StringIO()), contextlib.redirect_stdout(io.StringIO()):
        out["import"] = clock(lambda: cli(["import", "svg", svg, "-o", folder, "--force"]))
    path = os.path.join(folder, "variant.yaml")
    out["load"] = clock(lambda: load(path), 3)
    loaded = load(path)
    out["validate"] = clock(lambda: check(loaded.variant, loaded.source), 3)
    # as `variantkit render` draws a variant with a drawing: the board from the art, then the picture
    out["render"] = clock(lambda: render_svg(loaded.variant, None, board_for(loaded.variant, art_path(loaded))), 3)
    return out


def Paints():
    from PySide6.QtCore import QEvent, QObject

    class Counter(QObject):
        count = 0

        def eventFilter(self, watched, event):
            if event.type() == QEvent.Type.Paint:
                self.count += 1
            return False
    return Counter()


def editor(svg: str, tmp: str, n: int) -> dict:
    from PySide6.QtCore import QPoint, Qt
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication

    from variantkit_editor.commands import MoveVertex
    from variantkit_editor.mainwindow import MainWindow
    app = QApplication.instance() or QApplication([])
    w = MainWindow(ask=False)
    w.resize(1200, 900)
    w.show()
    app.processEvents()
    out = {}
    t0 = time.process_time()
    w.open_path(svg)
    app.processEvents()
    w.view.viewport().repaint()
    out["open"] = time.process_time() - t0
    # a vertex drag: each mouse step merges into the drag's one command; the event
    # loop then paints what changed (each step is checked to have painted)
    pid = sorted(w.doc.outlines)[n // 2]
    x, y = w.doc.outlines[pid][0][1]
    w.view.centerOn(x, y)  # the province dragged is in sight
    app.processEvents()
    paints = Paints()
    w.view.viewport().installEventFilter(paints)
    steps, full = [], []
    for i in range(20):
        painted = paints.count
        t0 = time.process_time()
        w.doc.undo.push(MoveVertex(w.doc, pid, 0, 1, (x + (i + 1) * 0.5, y)))
        for _ in range(10):  # the scene's change, then the view's update, then its paint
            app.processEvents()
            if paints.count > painted:
                break
        steps.append(time.process_time() - t0)
        assert paints.count > painted, "the drag step painted nothing"
        t0 = time.process_time()
        w.view.viewport().repaint()
        full.append(time.process_time() - t0)
    out["drag step"] = statistics.median(steps)
    out["full repaint"] = statistics.median(full)
    # a click on a province selects it (the view zoomed in on it, as a designer works)
    target = sorted(w.doc.outlines)[n // 3]
    centre = w.scene.centre_of(target)
    w.view.centerOn(centre)
    app.processEvents()
    clicks = []
    for _ in range(5):
        w.scene.clearSelection()
        app.processEvents()
        at = w.view.mapFromScene(centre)
        t0 = time.process_time()
        QTest.mouseClick(w.view.viewport(), Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
                         QPoint(at.x(), at.y()))
        app.processEvents()
        w.view.viewport().repaint()
        clicks.append(time.process_time() - t0)
    out["select"] = statistics.median(clicks)
    t0 = time.process_time()
    w.proposals.accept_all.click()
    app.processEvents()
    w.view.viewport().repaint()
    out["accept all"] = time.process_time() - t0
    undos, redos = [], []
    for _ in range(5):  # undo of Accept all and its redo, five times each: the medians
        t0 = time.process_time()
        w.doc.undo.undo()
        app.processEvents()
        w.view.viewport().repaint()
        undos.append(time.process_time() - t0)
        t0 = time.process_time()
        w.doc.undo.redo()
        app.processEvents()
        w.view.viewport().repaint()
        redos.append(time.process_time() - t0)
    out["undo"] = statistics.median(undos)
    out["redo"] = statistics.median(redos)
    # what the autosave timer does: the session's first (every province and link
    # written), then one after an edit (only what changed is made again)
    from variantkit.io import variant_file
    for kept in (variant_file._province_lines, variant_file._edge_line, variant_file._scalar,
                 variant_file._flow_scalar):
        kept.cache_clear()  # as in a new process: the import above wrote the same provinces
    t0 = time.process_time()
    w.autosave.timeout.emit()
    out["autosave, first"] = time.process_time() - t0
    nexts = []
    for i in range(5):
        w.doc.undo.push(MoveVertex(w.doc, pid, 0, 1, (x, y + 0.5 * (i + 1))))
        app.processEvents()
        t0 = time.process_time()
        w.autosave.timeout.emit()
        nexts.append(time.process_time() - t0)
    out["autosave, next"] = statistics.median(nexts)
    path = os.path.join(tmp, "saved", "variant.yaml")
    t0 = time.process_time()
    w.save_as(path)
    app.processEvents()
    out["save"] = time.process_time() - t0
    w.doc.undo.setClean()
    w.close()
    app.processEvents()
    return out


def table(title: str, rows: dict, sizes) -> None:
    steps = list(next(iter(rows.values())))
    print(f"\n{title}: ms, and (us per province)")
    print("  step" + " " * 12 + "".join(f"{n:>22,}" for n in sizes) + "   growth")
    for step in steps:
        cells, per = "", []
        for n in sizes:
            t = rows[n][step]
            per.append(t / n * 1e6)
            cells += f"{t * 1000:12.1f} ({per[-1]:7.1f})"
        print(f"  {step:<15} {cells}   {max(per) / min(per):5.2f}x")


def main() -> None:
    args = sys.argv[1:]
    editor_only = "--editor-only" in args
    sizes = tuple(int(a) for a in args if a.isdigit()) or SIZES
    lib, ed = {}, {}
    with tempfile.TemporaryDirectory() as tmp:
        for n in sizes:
            here = os.path.join(tmp, str(n))
            os.makedirs(here)
            svg = os.path.join(here, f"voronoi{n}.svg")
            with open(svg, "w") as f:
                f.write(voronoi_drawing(n))
            if not editor_only:
                lib[n] = library(svg, here)
            ed[n] = editor(svg, here, n)
            print(f"{n}: " + ", ".join(f"{k} {v * 1000:.1f} ms" for k, v in {**lib.get(n, {}), **ed[n]}.items()),
                  flush=True)
    if lib:
        table("the library", lib, sizes)
    table("the editor", ed, sizes)
    print("  (growth: the largest time per province over the smallest; flat is 1x)")


if __name__ == "__main__":
    main()
