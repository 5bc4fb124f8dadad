"""One variant being edited, and its files: the variant, the shapes of its
drawing, the edges the drawing proposes, a subvariant's base.

Opening reads a variant (with its drawing, and a subvariant's base), a
drawing or a picture.  Saving writes only what opens again as edited (the
bytes about to be written are loaded first), keeps the designer's drawing
(renamed ids rewritten in a copy, nothing regenerated), writes a subvariant
as its changes, and writes the variant and its drawing as one all-or-nothing
set of files.  Every read and write goes through :mod:`variantkit.files`.
The editor's document is this with Qt's signals and undo stack on top.
"""
from __future__ import annotations

import os
from dataclasses import replace
from typing import Any, Callable, Dict, List, Mapping, Optional, Set, Tuple, Union

from .. import edit
from ..files import all_or_nothing, atomic_copy, atomic_write, confined, read_limited, writing
from ..io import load
from ..io.records import canonical
from ..io.variant_file import dumps, extends_roots, schema_ref_for
from ..model import Rules, Variant
from ..problems import Problem, UnusableInput
from .state import Outlines, Ring, State, renamed_state

Stamp = Tuple[int, int, int]
EDITED_ART = "-edited.svg"   # the shapes drawn here, saved beside the designer's drawing
OURS = "<!-- province outlines saved by the variantkit editor -->"  # a file a save may replace


def _peek(path: str) -> Optional[bytes]:
    """The bytes of a drawing in a folder a save goes to, or None for what is
    not a regular file of a drawing's size: a FIFO or /dev/zero named like the
    drawing is never read without limit (and never written over)."""
    from ..drawing.svg.reader import MAX_BYTES
    try:
        return read_limited(path, MAX_BYTES, what="drawing")
    except UnusableInput:
        return None


def _is_ours(path: str) -> bool:
    data = _peek(path)
    return data is not None and OURS.encode() in data[:512]


def disk_stamp(path: Optional[str]) -> Optional[Stamp]:
    """What a file on disk is now (inode, size, time of change), to notice a
    file changed by someone else since it was opened or saved here."""
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
    program) since it was opened or saved here: nothing was written."""


def empty_variant(vid: str = "untitled") -> Variant:
    return Variant(vid, vid.replace("-", " ").title(), (), (), (), Rules())


class Session:
    """The variant being edited and where its files are.

    Every attribute is set here; :data:`FIELDS` names them (a failed recovery
    puts them all back).  Edits are :mod:`variantkit.edit` functions given to
    :meth:`edit` (the editor's undo commands restore :class:`State` snapshots
    instead).  Subclasses hear of a new file through :meth:`_opened` and of a
    save through :meth:`_saved`.
    """

    def __init__(self) -> None:
        self.variant: Variant = empty_variant()
        self.outlines: Outlines = {}
        self.art_width = 1200.0
        self.art_height = 800.0
        self.path: Optional[str] = None
        self.stamp: Optional[Stamp] = None  # the file as opened or saved here: a save notices another writer
        self.proposals: List[Any] = []      # EdgeProposals a drawing implies, until accepted or rejected
        self.rejected: Set[Any] = set()
        self.dismissed_powers: Set[str] = set()  # the drawing's powers removed since (not offered again)
        self.drawn_colours: Dict[str, str] = {}  # power -> colour, as a drawing opened says
        self.art_ids: Dict[str, str] = {}   # province id -> the drawing's id for it, where renamed
        self.outlines_edited = False        # shapes drawn or moved here: saved beside the drawing
        self.art_file: Optional[str] = None  # the drawing the outlines come from (absolute)
        # its bytes as opened: every save writes them with the renames of the state saved,
        # so an undone rename puts the drawing back as it was
        self.art_bytes: Optional[bytes] = None
        self.picture_file: Optional[str] = None  # a picture the art shows (opened from a picture)
        self.base: Optional[Variant] = None      # a subvariant's base, and where it is
        self.base_path: Optional[str] = None
        self.unsaved = False                # edits made through edit() since the last open or save

    # -- state ----------------------------------------------------------------
    @property
    def modified(self) -> bool:
        return self.unsaved

    def snapshot(self) -> State:
        # outlines are copy-on-write: an edit replaces the rings it changes and
        # never edits one in place, so the states share the rest
        return State(self.variant, dict(self.outlines),
                     tuple(self.proposals), frozenset(self.rejected), tuple(sorted(self.art_ids.items())),
                     self.outlines_edited, frozenset(self.dismissed_powers))

    def apply(self, state: State) -> None:
        """Put the session back to ``state`` (an undo step)."""
        self.outlines_edited = state.shapes_edited
        self.variant = state.variant
        self.outlines = dict(state.outlines)
        self.proposals, self.rejected = list(state.proposals), set(state.rejected)
        self.art_ids = dict(state.art_ids)
        self.dismissed_powers = set(state.dismissed_powers)

    def edit(self, change: Callable[..., Variant], *args: Any, **kwargs: Any) -> Variant:
        """Apply a :mod:`variantkit.edit` function to the variant (it raises
        :class:`variantkit.edit.EditError` for an edit that cannot be made,
        leaving the variant as it was)."""
        self.variant = change(self.variant, *args, **kwargs)
        self.unsaved = True
        return self.variant

    def rename(self, old: str, new: str) -> Variant:
        """Rename a province everywhere (:func:`variantkit.edit.rename`), its
        outlines and proposals with it; the drawing keeps its own id, which
        a save rewrites in the copy it writes."""
        after = renamed_state(self.snapshot(), {old: new})
        self.apply(after._replace(variant=edit.rename(self.variant, old, new)))
        self.unsaved = True
        return self.variant

    def rename_many(self, renames: Mapping[str, str]) -> Variant:
        """Several provinces renamed at once (:func:`variantkit.edit.rename_many`),
        their outlines and proposals with them, as :meth:`rename` does one."""
        variant = edit.rename_many(self.variant, renames)
        self.apply(renamed_state(self.snapshot(), renames)._replace(variant=variant))
        self.unsaved = True
        return self.variant

    def fields(self) -> Dict[str, Any]:
        """Every attribute of the session's state, as it is now."""
        return {k: getattr(self, k) for k in FIELDS}

    def _reset(self) -> None:
        self.drawn_colours = {}
        self.dismissed_powers = set()
        self.proposals, self.rejected, self.art_ids = [], set(), {}
        self.base = self.base_path = self.art_file = None
        self.art_bytes = None
        self.picture_file = None
        self.outlines_edited = False

    def _opened(self) -> None:
        """A new file is open (a subclass forgets its undo steps here)."""
        self.unsaved = False

    def _saved(self) -> None:
        """What was edited is in the file now."""
        self.unsaved = False

    # -- opening --------------------------------------------------------------
    @classmethod
    def of(cls, variant: Variant, art_file: Optional[str] = None, art_bytes: Optional[bytes] = None,
           picture_file: Optional[str] = None, path: Optional[str] = None) -> "Session":
        """A session for a variant made elsewhere (an importer's, a command's):
        its drawing ``art_file`` (whose bytes are ``art_bytes``, else read
        when saved), the picture under the drawing, the file it came from."""
        session = cls()
        session.variant = variant
        session.art_file = os.path.abspath(art_file) if art_file else None
        session.art_bytes = art_bytes
        session.picture_file = os.path.abspath(picture_file) if picture_file else None
        session.path = path
        session.stamp = disk_stamp(path)
        return session

    def open_variant(self, path: str) -> List[Problem]:
        """Load a variant; returns its load problems (schema errors stop the load)."""
        loaded = load(path)
        if loaded.variant is None:
            raise UnusableInput(loaded.report.errors)
        before = self.fields()   # a drawing that cannot be read leaves the document open before
        try:
            self._reset()
            self.variant = loaded.variant
            self.path = loaded.path
            self.stamp = disk_stamp(self.path)
            if loaded.base is not None:
                self.base, self.base_path = loaded.base.variant, os.path.abspath(loaded.base.path)
            self.outlines = {}
            from ..io import art_path
            self.outlines_from_art(art_path(loaded))
        except BaseException:
            for name, value in before.items():
                setattr(self, name, value)
            raise
        self._opened()
        return list(loaded.report.problems)

    def outlines_from_art(self, art: Optional[str]) -> None:
        """The outlines of the drawing ``art`` (ids renamed since are followed);
        with no drawing (or a missing one), a schematic board to edit on."""
        if art and os.path.isfile(art):
            from ..drawing.art import infer_svg
            from ..names import NameIndex
            doc, inference = infer_svg(art)
            self.art_file = os.path.abspath(art)
            self.art_bytes = _peek(art)
            self.art_width, self.art_height = doc.width or 1200.0, doc.height or 800.0
            names = NameIndex(self.variant)
            drawn_as = {rid: pid for pid, rid in self.art_ids.items()}  # renamed, not yet saved
            for rid, region in inference.regions.items():
                pid = drawn_as.get(rid) or names.location(rid) or rid
                self.outlines[pid] = _rings(region.geom)
            return
        from ..board.schematic import schematic_board
        board = schematic_board(self.variant)
        self.art_width, self.art_height = board.width, board.height
        self.outlines = {pid: [list(r) for r in rings] for pid, rings in board.cells.items()}

    def open_svg(self, path: str) -> List[Problem]:
        """Start a variant from a drawing: its shapes and the proposals."""
        from ..drawing.art import infer_svg, skeleton
        from ..drawing.svg.reader import MAX_BYTES
        doc, inference = infer_svg(path)
        data = read_limited(path, MAX_BYTES, what="drawing")  # the bytes a save keeps
        from ..formats.svg import variant_id_for
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
        self.art_bytes = data
        self._opened()
        return list(inference.problems)

    def open_picture(self, path: str) -> List[Problem]:
        """Start a variant from a map that is a picture: its traced regions and
        the proposed edges, as for a drawing; the art saved is the picture
        under an SVG of the outlines."""
        from ..formats.picture import read_full
        variant, problems, pm, svg_text = read_full(path)
        self._reset()
        self.variant = replace(variant, edges=())
        self.proposals = list(pm.inference.edges)
        self.outlines = {rid: _rings(r.geom) for rid, r in pm.inference.regions.items()}
        self.art_width, self.art_height = float(pm.width), float(pm.height)
        self.path = None
        self.stamp = None
        self.picture_file = os.path.abspath(path)
        # the outlines' SVG is the art; it names the picture, which a save copies beside it
        self.art_file = os.path.join(os.path.dirname(self.picture_file), variant.art or "map.svg")
        self.art_bytes = svg_text.encode("utf-8")
        self._opened()
        return list(problems)

    # -- saving ---------------------------------------------------------------
    def keeps_base(self, path: str) -> bool:
        """Whether the file at ``path`` can be a subvariant of this session's
        base: a base is read from the file's folder or the one above only."""
        if self.base is None or self.base_path is None:
            return False
        return confined(self.base_path, extends_roots(path))

    def to_file(self, path: str) -> Variant:
        """The variant as it is written at ``path``: a subvariant as its
        changes, ``extends`` relative to where the file goes; a full variant
        where its base could not be read from (Save As away from the base)."""
        v, base, base_path = self.variant, self.base, self.base_path
        if base is None or base_path is None or not self.keeps_base(path):
            return replace(v, extends=None, changes=None)
        from ..io.subvariant import changes_between
        folder = os.path.dirname(os.path.abspath(path))
        extends = os.path.relpath(base_path, folder).replace(os.sep, "/")
        return replace(v, extends=extends, changes=changes_between(base, v))

    def check_text(self, path: str, text: str) -> List[Problem]:
        """Problems that would stop ``text`` opening at ``path`` as the
        variant is now: load errors, or the file reading back as another variant."""
        try:
            loaded = load(path, text=text)
        except UnusableInput as exc:
            return list(exc.problems)
        if loaded.variant is None or loaded.report.errors:
            return loaded.report.errors or [Problem.of("VK903").at(path)]
        back = _comparable(loaded.variant)
        if back != _comparable(self.variant):
            what = _first_difference(back, _comparable(self.variant))
            return [Problem.of("VK901", what=what).at(path, 1, 1)]
        return []

    def changed_on_disk(self, path: Optional[str] = None) -> bool:
        """Whether the file this session was opened from or saved to (or
        ``path``, when it is that file) is not as it was then."""
        path = path or self.path
        if not path or not self.path or self.stamp is None:
            return False
        if os.path.realpath(path) != os.path.realpath(self.path):
            return False
        return disk_stamp(path) != self.stamp

    def save(self, path: Optional[str] = None, overwrite: bool = False, *, replace_files: bool = False,
             check: Optional[Callable[[str], List[Problem]]] = None) -> str:
        """Write the variant (and its art) at ``path``, all the files or none;
        raises SaveRefused with the problems, having written nothing, when the
        file would not open again as edited, and ChangedOnDisk when the file
        changed since it was opened or saved here (unless ``overwrite``).

        ``replace_files``: another drawing or picture of the same name there is
        written over (a command's --force, its targets checked), instead of
        the drawing taking a free name.  ``check``: further problems of the
        files as they will be, given the variant file of a trial copy of them
        in a folder of its own (a command's semantic checks); any refuses the
        save."""
        path = path or self.path
        if path is None:
            raise ValueError("no file name yet: use save as")
        if os.path.isdir(path):
            path = os.path.join(path, "variant.yaml")
        if not overwrite and self.changed_on_disk(path):
            raise ChangedOnDisk([Problem.of("VK902", path=path).at(path)])
        folder = os.path.dirname(os.path.abspath(path))
        variant, art_data = self._art_for(folder, self.keeps_base(path))
        if art_data is not None and variant.art and not replace_files:
            variant = replace(variant, art=self._free_name(folder, variant.art, art_data))
        written = replace(self.to_file(path), art=variant.art)
        text = dumps(written, schema_ref_for(path))
        problems = self.check_text(path, text)
        if not problems and check is not None:
            problems = self._trial(path, text, variant.art, art_data, check)
        if problems:
            raise SaveRefused(problems)
        with all_or_nothing():   # the variant, its drawing and the picture under it: all or none
            if art_data is not None and variant.art:
                atomic_write(os.path.join(folder, variant.art), art_data)
            if self.picture_file and os.path.isfile(self.picture_file):
                picture = os.path.join(folder, os.path.basename(self.picture_file))
                there = os.path.realpath(picture) == os.path.realpath(self.picture_file)
                if not there and (replace_files or not os.path.exists(picture)):   # the picture the art shows
                    from ..drawing.picture_map import MAX_BYTES
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
        self._saved()
        return path

    def _trial(self, path: str, text: str, art: Optional[str], art_data: Optional[Union[str, bytes]],
               check: Callable[[str], List[Problem]]) -> List[Problem]:
        """``check``'s problems with the files written as they will be, in a
        folder of their own that goes with the check (a subvariant's
        ``extends`` is made absolute there)."""
        import tempfile
        written = load(path, text=text).variant
        assert written is not None  # check_text loaded it
        with tempfile.TemporaryDirectory(prefix="variantkit-save-") as trial, writing():  # nothing staged
            trial_file = os.path.join(trial, "variant.yaml")
            if written.extends and self.base_path:
                written = replace(written, extends=self.base_path)
            folder = os.path.dirname(os.path.abspath(path))
            drawing = os.path.join(folder, art) if art else None
            if art and art_data is not None:
                atomic_write(os.path.join(trial, art), art_data)
            elif art and drawing and os.path.isfile(drawing):
                from ..drawing.svg.reader import MAX_BYTES
                atomic_copy(drawing, os.path.join(trial, art), MAX_BYTES)
            if self.picture_file and os.path.isfile(self.picture_file):
                from ..drawing.picture_map import MAX_BYTES as PICTURE_BYTES
                atomic_copy(self.picture_file, os.path.join(trial, os.path.basename(self.picture_file)),
                            PICTURE_BYTES)
            # the text itself where it can stand there, so lines in the problems are the file's
            atomic_write(trial_file, text if written.extends is None else dumps(written))
            return [replace(p, file=path) if p.file == trial_file else p for p in check(trial_file)]

    def _free_name(self, folder: str, name: str, data: Union[str, bytes]) -> str:
        """``name``, or ``name-2.svg``... when another file is there already:
        a save never writes over a drawing that is not this session's."""
        raw = data.encode("utf-8") if isinstance(data, str) else data
        stem, ext = os.path.splitext(name)
        n = 1
        while True:
            target = os.path.join(folder, name)
            if not os.path.exists(target):
                return name
            if _is_ours(target) or (self.art_file and os.path.exists(self.art_file)
                                    and os.path.samefile(target, self.art_file)):
                return name  # the session's own file, written anew
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
            from ..drawing.svg.writer import outlines_svg
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
            from ..drawing.art_ids import rename_ids
            data = rename_ids(data.decode("utf-8", "surrogateescape"), renames).encode("utf-8", "surrogateescape")
        if _peek(target) == data:
            return replace(v, art=name), None   # already as it should be
        return replace(v, art=name), data


# every attribute of a session's state (a test holds it equal to what __init__ sets)
FIELDS = ("variant", "outlines", "art_width", "art_height", "path", "stamp", "proposals", "rejected",
          "dismissed_powers", "drawn_colours", "art_ids", "outlines_edited", "art_file", "art_bytes",
          "picture_file", "base", "base_path", "unsaved")


def _comparable(v: Variant) -> Variant:
    return canonical(replace(v, extends=None, changes=None, art=None))


def _first_difference(a: Variant, b: Variant) -> str:
    provinces = ({p.id: p for p in a.provinces}, {p.id: p for p in b.provinces})
    powers = ({p.id: p for p in a.powers}, {p.id: p for p in b.powers})
    for what, (x, y) in (("province", provinces), ("power", powers)):
        for k in sorted(set(x) | set(y)):
            if x.get(k) != y.get(k):
                return f"{what} {k} would be " + ("missing" if k not in x else "different")
    if a.edges != b.edges:
        return "the edges would differ"
    return "the rules or names would differ"


def _rings(geom: Any) -> List[Ring]:
    """Outer rings and holes alike: the scene fills with the odd-even rule."""
    out = []
    for part in getattr(geom, "geoms", [geom]):
        if hasattr(part, "exterior"):
            for ring in [part.exterior] + list(part.interiors):
                out.append([(round(x, 2), round(y, 2)) for x, y in ring.coords])
    return out
