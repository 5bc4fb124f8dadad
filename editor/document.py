"""The editor's document: the variant being edited, the province outlines,
and the undo stack.  Only undo commands change it; views listen to
``changed`` and rebuild what it names.
"""
from __future__ import annotations

import os
from dataclasses import replace
from typing import Dict, List, Optional, Tuple

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoStack

from variantkit.io import load, save
from variantkit.files import atomic_write
from variantkit.io.variant_file import dumps, schema_ref_for
from variantkit.model import Rules, Variant
from variantkit.problems import UnusableInput

Ring = List[Tuple[float, float]]
Outlines = Dict[str, List[Ring]]


def empty_variant(vid: str = "untitled") -> Variant:
    return Variant(vid, vid.replace("-", " ").title(), (), (), (), Rules())


class Document(QObject):
    """The variant and its outlines; ``changed(kind)`` after every change.

    kind is "variant" (anything in the variant file), "outlines" (shapes) or
    "all" (a new file).
    """

    changed = Signal(str)
    modified_changed = Signal(bool)

    def __init__(self, parent=None):
        super().__init__(parent)
        self.variant: Variant = empty_variant()
        self.outlines: Outlines = {}
        self.art_width = 1200.0
        self.art_height = 800.0
        self.path: Optional[str] = None
        self.proposals: List = []       # edges a drawing implies, until accepted or rejected
        self.outlines_edited = False    # shapes drawn or moved here: saved as the variant's art
        self.rejected: set = set()
        self.undo = QUndoStack(self)
        self.undo.cleanChanged.connect(self._clean_changed)  # a method: dropped with the document

    def _clean_changed(self, clean: bool) -> None:
        self.modified_changed.emit(not clean)

    # -- state ----------------------------------------------------------------
    @property
    def modified(self) -> bool:
        return not self.undo.isClean()

    def snapshot(self) -> Tuple[Variant, Outlines]:
        return self.variant, {k: [list(r) for r in v] for k, v in self.outlines.items()}

    def restore(self, state: Tuple[Variant, Outlines], kind: str = "variant") -> None:
        """Only undo commands call this."""
        self.variant, outlines = state
        if outlines != self.outlines:
            self.outlines_edited = True
        self.outlines = {k: [list(r) for r in v] for k, v in outlines.items()}
        self.changed.emit(kind)

    # -- files ----------------------------------------------------------------
    def open_variant(self, path: str) -> List:
        """Load a variant; returns its load problems (schema errors stop the load)."""
        loaded = load(path)
        if loaded.variant is None:
            raise UnusableInput(loaded.report.errors)
        self.variant = loaded.variant
        self.path = loaded.path
        self.outlines = {}
        self.proposals, self.rejected = [], set()  # proposals belong to a drawing just opened
        self._outlines_from_art(loaded)
        self.outlines_edited = False
        self.undo.clear()
        self.changed.emit("all")
        return loaded.report.problems

    def _outlines_from_art(self, loaded) -> None:
        from variantkit.io import art_path
        art = art_path(loaded)
        if art and os.path.exists(art):
            from variantkit.art import infer_svg
            doc, inference = infer_svg(art)
            self.art_width, self.art_height = doc.width or 1200.0, doc.height or 800.0
            from variantkit.names import NameIndex
            names = NameIndex(self.variant)
            for rid, region in inference.regions.items():
                pid = names.location(rid) or rid
                self.outlines[pid] = _rings(region.geom)
            return
        from variantkit.schematic import schematic_board
        board = schematic_board(self.variant)
        self.art_width, self.art_height = board.width, board.height
        self.outlines = {pid: [list(r) for r in rings] for pid, rings in board.cells.items()}

    def open_svg(self, path: str) -> List:
        """Start a variant from a drawing: its shapes and the proposals."""
        from variantkit.art import infer_svg, skeleton
        doc, inference = infer_svg(path)
        vid = os.path.splitext(os.path.basename(path))[0].lower().replace(" ", "-") or "map"
        self.variant = replace(skeleton(doc, inference, vid, os.path.basename(path)), edges=())
        self.proposals, self.rejected = inference.edges, set()
        self.outlines = {rid: _rings(r.geom) for rid, r in inference.regions.items()}
        self.art_width, self.art_height = doc.width or 1200.0, doc.height or 800.0
        self.path = None
        self.source_art = path
        self.outlines_edited = False
        self.undo.clear()
        self.changed.emit("all")
        return inference.problems

    def save(self, path: Optional[str] = None) -> str:
        path = path or self.path
        if path is None:
            raise ValueError("no file name yet: use save as")
        if os.path.isdir(path):
            path = os.path.join(path, "variant.yaml")
        folder = os.path.dirname(os.path.abspath(path))
        os.makedirs(folder, exist_ok=True)
        if self.outlines_edited or (self.variant.art and not os.path.exists(os.path.join(folder, self.variant.art))):
            # what was drawn here is kept: the outlines become the variant's art
            # (a drawing the designer brought is never overwritten: ours is map.svg)
            art = "map.svg" if self.outlines_edited or getattr(self, "source_art", None) is None else \
                os.path.basename(self.source_art)
            if self.outlines_edited:
                from variantkit.svg.writer import outlines_svg
                atomic_write(os.path.join(folder, art), outlines_svg(
                    self.art_width, self.art_height, self.outlines,
                    {p.id: p.terrain.value for p in self.variant.provinces}))
            else:
                import shutil
                shutil.copyfile(self.source_art, os.path.join(folder, art))
            self.variant = replace(self.variant, art=art)
            self.outlines_edited = False
        save(self.variant, path)
        self.path = path
        self.undo.setClean()
        return path

    def write_recovery(self, path: str) -> None:
        atomic_write(path, dumps(self.variant, schema_ref_for(path)))


def _rings(geom) -> List[Ring]:
    """Outer rings and holes alike: the scene fills with the odd-even rule."""
    out = []
    for part in getattr(geom, "geoms", [geom]):
        if hasattr(part, "exterior"):
            for ring in [part.exterior] + list(part.interiors):
                out.append([(round(x, 2), round(y, 2)) for x, y in ring.coords])
    return out
