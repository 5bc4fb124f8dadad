"""The editor's document: the variant being edited, the province outlines,
the proposals of a drawing, and the undo stack.  Only undo commands change
it; views listen to ``changed`` and rebuild what it names.

Saving writes only what the editor can open again (the bytes about to be
written are loaded first), keeps the designer's drawing (renamed ids are
rewritten in a copy, nothing is regenerated) and writes a subvariant as its
changes.  Files are written by :func:`variantkit.io.variant_file.atomic_write`.
"""
from __future__ import annotations

import os
from dataclasses import replace
from typing import Dict, List, NamedTuple, Optional, Tuple, Union

from PySide6.QtCore import QObject, Signal
from PySide6.QtGui import QUndoStack

from variantkit.files import atomic_write
from variantkit.io import load
from variantkit.io.records import canonical
from variantkit.io.variant_file import dumps, schema_ref_for
from variantkit.model import Rules, Variant
from variantkit.problems import Problem, UnusableInput

Ring = List[Tuple[float, float]]
Outlines = Dict[str, List[Ring]]
EDITED_ART = "-edited.svg"   # the shapes drawn here, saved beside the designer's drawing
OURS = "<!-- province outlines saved by the variantkit editor -->"  # a file a save may replace


def _peek(path: str) -> Optional[bytes]:
    """The bytes of a drawing in a folder a save goes to, or None for what is
    not a regular file of a drawing's size: a FIFO or /dev/zero named like the
    drawing is never read without limit (and never written over)."""
    from variantkit.drawing.svg.reader import MAX_BYTES
    from variantkit.files import read_limited
    try:
        return read_limited(path, MAX_BYTES, what="drawing")
    except UnusableInput:
        return None


def _is_ours(path: str) -> bool:
    data = _peek(path)
    return data is not None and OURS.encode() in data[:512]


def disk_stamp(path: Optional[str]) -> Optional[Tuple[int, int, int]]:
    """What a file on disk is now (inode, size, time of change), to notice a
    file changed by someone else since this document opened or saved it."""
    if not path:
        return None
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (st.st_ino, st.st_size, st.st_mtime_ns)


class SaveRefused(UnusableInput):
    """The file would not open again as edited: nothing was written."""


class ChangedOnDisk(SaveRefused):
    """The file was changed on disk (another window, another editor, another
    program) since this document opened or saved it: nothing was written."""


class State(NamedTuple):
    """Everything an undo step restores."""
    variant: Variant
    outlines: Outlines
    proposals: tuple = ()          # EdgeProposals of a drawing, renamed with the provinces
    rejected: frozenset = frozenset()
    art_ids: tuple = ()            # (province id, id the drawing gives it) after renames
    shapes_edited: bool = False    # shapes drawn or moved: saved beside the drawing, not in it
    dismissed_powers: frozenset = frozenset()  # the drawing's powers removed: not offered again


def empty_variant(vid: str = "untitled") -> Variant:
    return Variant(vid, vid.replace("-", " ").title(), (), (), (), Rules())


class Document(QObject):
    """The variant and its outlines; ``changed(kind)`` after every change.

    kind is "variant" (anything in the variant file), "outlines" (shapes) or
    "all" (a new file).  ``renamed(old, new)`` comes just before the change
    that renames a province, so views can stay on it; ``refused(message)``
    when an edit cannot be made.
    """

    changed = Signal(str)
    modified_changed = Signal(bool)
    renamed = Signal(str, str)
    refused = Signal(str)

    def __init__(self, parent=None):
        super().__init__(parent)
        self.variant: Variant = empty_variant()
        self.outlines: Outlines = {}
        self.art_width = 1200.0
        self.art_height = 800.0
        self.path: Optional[str] = None
        self.proposals: List = []       # edges a drawing implies, until accepted or rejected
        self.rejected: set = set()
        self.dismissed_powers: set = set()  # the drawing's powers removed since (not offered again)
        self.art_ids: Dict[str, str] = {}  # province id -> the drawing's id for it, where renamed
        self.outlines_edited = False    # shapes drawn or moved here: saved beside the drawing
        self.art_file: Optional[str] = None   # the drawing the outlines come from (absolute)
        # its bytes as opened: every save writes them with the renames of the state saved,
        # so an undone rename puts the drawing back as it was
        self.art_bytes: Optional[bytes] = None
        self.base: Optional[Variant] = None   # a subvariant's base, and where it is
        self.base_path: Optional[str] = None
        self.undo = QUndoStack(self)
        self.undo.cleanChanged.connect(self._clean_changed)  # a method: dropped with the document

    def _clean_changed(self, clean: bool) -> None:
        self.modified_changed.emit(not clean)

    # -- state ----------------------------------------------------------------
    @property
    def modified(self) -> bool:
        return not self.undo.isClean()

    def snapshot(self) -> State:
        # outlines are copy-on-write: a command replaces the rings it changes and
        # never edits one in place, so the states share the rest
        return State(self.variant, dict(self.outlines),
                     tuple(self.proposals), frozenset(self.rejected), tuple(sorted(self.art_ids.items())),
                     self.outlines_edited, frozenset(self.dismissed_powers))

    def restore(self, state: State, kind: str = "variant", renames: Optional[Dict[str, str]] = None) -> None:
        """Only undo commands call this."""
        self.outlines_edited = state.shapes_edited
        self.variant = state.variant
        self.outlines = dict(state.outlines)
        self.proposals, self.rejected = list(state.proposals), set(state.rejected)
        self.art_ids = dict(state.art_ids)
        self.dismissed_powers = set(state.dismissed_powers)
        for old, new in (renames or {}).items():
            self.renamed.emit(old, new)
        self.changed.emit(kind)

    def _reset(self) -> None:
        self.drawn_colours: Dict[str, str] = {}  # power -> colour, as a drawing opened says (offered as powers)
        self.dismissed_powers = set()
        self.proposals, self.rejected, self.art_ids = [], set(), {}
        self.base = self.base_path = self.art_file = None
        self.art_bytes = None
        self.picture_file: Optional[str] = None   # a picture the art shows (opened from a picture)
        self.outlines_edited = False

    # -- files ----------------------------------------------------------------
    def open_variant(self, path: str) -> List:
        """Load a variant; returns its load problems (schema errors stop the load)."""
        loaded = load(path)
        if loaded.variant is None:
            raise UnusableInput(loaded.report.errors)
        self._reset()
        self.variant = loaded.variant
        self.path = loaded.path
        self.stamp = disk_stamp(self.path)  # a later save notices another writer
        if loaded.base is not None:
            self.base, self.base_path = loaded.base.variant, os.path.abspath(loaded.base.path)
        self.outlines = {}
        from variantkit.io import art_path
        self._outlines_from_art(art_path(loaded))
        self.undo.clear()
        self.changed.emit("all")
        return loaded.report.problems

    def _outlines_from_art(self, art: Optional[str]) -> None:
        if art and os.path.isfile(art):
            from variantkit.drawing.art import infer_svg
            doc, inference = infer_svg(art)
            self.art_file = os.path.abspath(art)
            self.art_bytes = _peek(art)
            self.art_width, self.art_height = doc.width or 1200.0, doc.height or 800.0
            from variantkit.names import NameIndex
            names = NameIndex(self.variant)
            drawn_as = {rid: pid for pid, rid in self.art_ids.items()}  # renamed, not yet saved
            for rid, region in inference.regions.items():
                pid = drawn_as.get(rid) or names.location(rid) or rid
                self.outlines[pid] = _rings(region.geom)
            return
        # no drawing (or it is missing): a schematic board to edit on
        from variantkit.board.schematic import schematic_board
        board = schematic_board(self.variant)
        self.art_width, self.art_height = board.width, board.height
        self.outlines = {pid: [list(r) for r in rings] for pid, rings in board.cells.items()}

    def open_svg(self, path: str) -> List:
        """Start a variant from a drawing: its shapes and the proposals."""
        from variantkit.drawing.art import infer_svg, skeleton
        from variantkit.formats.svg import variant_id_for
        doc, inference = infer_svg(path)
        vid = variant_id_for(path)  # one the schema takes (Diplicity's classical.d.svg: classical)
        self._reset()
        self.variant = replace(skeleton(doc, inference, vid, os.path.basename(path)), edges=())
        self.proposals = list(inference.edges)
        self.drawn_colours = dict(inference.colours)
        self.outlines = {rid: _rings(r.geom) for rid, r in inference.regions.items()}
        self.art_width, self.art_height = doc.width or 1200.0, doc.height or 800.0
        self.path = None
        self.stamp = None
        self.art_file = os.path.abspath(path)
        with open(path, "rb") as fh:
            self.art_bytes = fh.read()
        self.undo.clear()
        self.changed.emit("all")
        return inference.problems

    def open_picture(self, path: str) -> List:
        """Start a variant from a map that is a picture: its traced regions and
        the proposed edges, as for a drawing; the art saved is the picture
        under an SVG of the outlines."""
        from variantkit.formats.picture import read_full
        variant, problems, pm, svg_text = read_full(path)
        self._reset()
        self.variant = replace(variant, edges=())
        self.proposals = list(pm.inference.edges)
        self.outlines = {rid: _rings(r.geom) for rid, r in pm.inference.regions.items()}
        self.art_width, self.art_height = float(pm.width), float(pm.height)
        self.path = None
        self.picture_file = os.path.abspath(path)
        # the outlines' SVG is the art; it names the picture, which a save copies beside it
        self.art_file = os.path.join(os.path.dirname(self.picture_file), variant.art)
        self.art_bytes = svg_text.encode("utf-8")
        self.undo.clear()
        self.changed.emit("all")
        return problems

    def keeps_base(self, path: str) -> bool:
        """Whether the file at ``path`` can be a subvariant of this document's
        base: a base is read from the file's folder or the one above only."""
        if self.base is None or self.base_path is None:
            return False
        from variantkit.files import confined
        from variantkit.io.variant_file import extends_roots
        return confined(self.base_path, extends_roots(path))

    def to_file(self, path: str) -> Variant:
        """The variant as it is written at ``path``: a subvariant as its
        changes, ``extends`` relative to where the file goes; a full variant
        where its base could not be read from (Save As away from the base)."""
        v, base, base_path = self.variant, self.base, self.base_path
        if base is None or base_path is None or not self.keeps_base(path):
            return replace(v, extends=None, changes=None)
        from variantkit.io.subvariant import changes_between
        folder = os.path.dirname(os.path.abspath(path))
        extends = os.path.relpath(base_path, folder).replace(os.sep, "/")
        return replace(v, extends=extends, changes=changes_between(base, v))

    def check_text(self, path: str, written: Variant, text: str) -> List[Problem]:
        """Problems that would stop the editor opening ``text`` at ``path`` as
        it is now: load errors, or the file reading back as another variant."""
        try:
            loaded = load(path, text=text)
        except UnusableInput as exc:
            return list(exc.problems)
        if loaded.variant is None or loaded.report.errors:
            return loaded.report.errors or [Problem("VK901", "the file would not load", "", path)]
        back = _comparable(loaded.variant)
        if back != _comparable(self.variant):
            what = _first_difference(back, _comparable(self.variant))
            return [Problem("VK901", f"the file would read back differently: {what}",
                            "a subvariant states only changes to provinces, edges, existing powers "
                            "and rules: undo that edit, or Save As into a folder away from its base, "
                            "which writes a full variant", path, 1, 1)]
        return []

    def changed_on_disk(self, path: Optional[str] = None) -> bool:
        """Whether the file this document was opened from or saved to (or
        ``path``, when it is that file) is not as it was then."""
        path = path or self.path
        if not path or not self.path or getattr(self, "stamp", None) is None:
            return False
        if os.path.realpath(path) != os.path.realpath(self.path):
            return False
        return disk_stamp(path) != self.stamp

    def save(self, path: Optional[str] = None, overwrite: bool = False) -> str:
        """Write the variant (and its art) at ``path``; raises SaveRefused
        with the problems, having written nothing, when the file would not
        open again as edited, and ChangedOnDisk when the file changed since
        it was opened or saved here (unless ``overwrite``)."""
        path = path or self.path
        if path is None:
            raise ValueError("no file name yet: use save as")
        if os.path.isdir(path):
            path = os.path.join(path, "variant.yaml")
        if not overwrite and self.changed_on_disk(path):
            raise ChangedOnDisk([Problem(
                "VK030", f"{path} was changed on disk since it was opened or saved here "
                "(another window, editor or program); nothing was written",
                "reopen it to see the other changes, or save again and choose to overwrite them", path)])
        folder = os.path.dirname(os.path.abspath(path))
        variant, art_text = self._art_for(folder, self.keeps_base(path))
        if art_text is not None and variant.art:
            variant = replace(variant, art=self._free_name(folder, variant.art, art_text))
        written = self.to_file(path)
        written = replace(written, art=variant.art)
        text = dumps(written, schema_ref_for(path))
        problems = self.check_text(path, written, text)
        if problems:
            raise SaveRefused(problems)
        os.makedirs(folder, exist_ok=True)
        if art_text is not None and variant.art:
            atomic_write(os.path.join(folder, variant.art), art_text)
        if self.picture_file and os.path.isfile(self.picture_file):
            picture = os.path.join(folder, os.path.basename(self.picture_file))
            if not os.path.exists(picture):   # the picture the art shows, beside it
                from variantkit.drawing.picture_map import MAX_BYTES
                from variantkit.files import atomic_copy
                atomic_copy(self.picture_file, picture, MAX_BYTES)
        atomic_write(path, text)
        if self.outlines_edited:  # our outlines, written with the ids as they are
            self.art_file = os.path.join(folder, variant.art) if variant.art else None
            self.outlines_edited = False
            self.art_ids, self.art_bytes = {}, None
        elif self.art_file and variant.art:
            self.art_file = os.path.join(folder, variant.art)
        self.variant = replace(self.variant, art=variant.art, extends=written.extends, changes=written.changes)
        if written.extends is None:
            self.base = self.base_path = None   # written as a full variant: it stands alone now
        self.path = path
        self.stamp = disk_stamp(path)
        self.undo.setClean()
        return path

    def _free_name(self, folder: str, name: str, data) -> str:
        """``name``, or ``name-2.svg``... when another file is there already:
        a save never writes over a drawing that is not this document's."""
        raw = data.encode("utf-8") if isinstance(data, str) else data
        stem, ext = os.path.splitext(name)
        n = 1
        while True:
            target = os.path.join(folder, name)
            if not os.path.exists(target):
                return name
            if _is_ours(target) or (self.art_file and os.path.exists(self.art_file)
                                    and os.path.samefile(target, self.art_file)):
                return name  # the document's own file, written anew
            if _peek(target) == raw:
                return name
            n += 1
            name = f"{stem}-{n}{ext}"

    def _art_for(self, folder: str, keeps_base: bool = False) -> Tuple[Variant, Optional[Union[str, bytes]]]:
        """The variant's ``art`` at the new place, and the text or bytes to write there
        (None: nothing to write)."""
        v = self.variant
        if self.outlines_edited:
            # shapes drawn here: saved as our own file, never over the designer's drawing
            name = "map.svg"
            if self.art_file and _is_ours(self.art_file):
                name = os.path.basename(self.art_file)   # our own file from an earlier save
            elif self.art_file:
                name = os.path.splitext(os.path.basename(self.art_file))[0] + EDITED_ART
            from variantkit.drawing.svg.writer import outlines_svg
            text = outlines_svg(self.art_width, self.art_height, self.outlines,
                                {p.id: p.terrain.value for p in v.provinces})
            head, sep, rest = text.partition("?>")
            return replace(v, art=name), (head + sep + "\n" + OURS + rest if sep else OURS + "\n" + text)
        data = self.art_bytes
        if data is None and self.art_file:
            data = _peek(self.art_file)
        if not self.art_file or data is None:
            return v, None  # no drawing (or a missing one): the reference stays as it is
        renames = {rid: pid for pid, rid in self.art_ids.items() if rid != pid}
        if keeps_base and v.art is None and not renames:
            return v, None  # a subvariant drawn on its base's drawing: it stays the base's
        name = os.path.basename(self.art_file)
        target = os.path.join(folder, name)
        if renames:  # ids are ASCII: any other byte goes through untouched
            from variantkit.drawing.art_ids import rename_ids
            data = rename_ids(data.decode("utf-8", "surrogateescape"), renames).encode("utf-8", "surrogateescape")
        if _peek(target) == data:
            return replace(v, art=name), None   # already as it should be
        return replace(v, art=name), data


def _comparable(v: Variant) -> Variant:
    return canonical(replace(v, extends=None, changes=None, art=None))


def _first_difference(a: Variant, b: Variant) -> str:
    for what, x, y in (("provinces", {p.id: p for p in a.provinces}, {p.id: p for p in b.provinces}),
                       ("powers", {p.id: p for p in a.powers}, {p.id: p for p in b.powers})):
        for k in sorted(set(x) | set(y)):
            if x.get(k) != y.get(k):
                return f"{what[:-1]} {k} would be " + ("missing" if k not in x else "different")
    if a.edges != b.edges:
        return "the edges would differ"
    return "the rules or names would differ"


def _rings(geom) -> List[Ring]:
    """Outer rings and holes alike: the scene fills with the odd-even rule."""
    out = []
    for part in getattr(geom, "geoms", [geom]):
        if hasattr(part, "exterior"):
            for ring in [part.exterior] + list(part.interiors):
                out.append([(round(x, 2), round(y, 2)) for x, y in ring.coords])
    return out
