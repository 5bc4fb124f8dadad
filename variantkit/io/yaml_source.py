"""Read YAML into plain data plus where each value stands in the file.

PyYAML's composer gives nodes with marks; we walk them ourselves so that
duplicate keys are reported (PyYAML silently keeps the last one) and every
value's path maps to its line and column.
"""
from __future__ import annotations

import gc
import os
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Tuple

import yaml

from ..problems import Problem, UnusableInput

Path = Tuple[Any, ...]
MAX_BYTES = 20 * 1024 * 1024  # a variant of 10,000 provinces is ~3 MB


@dataclass
class SourceMap:
    """Maps a data path (``("provinces", "spa", "terrain")``) to (line, col)."""
    file: str
    marks: Dict[Path, Tuple[int, int]] = field(default_factory=dict)
    key_marks: Dict[Path, Tuple[int, int]] = field(default_factory=dict)

    def locate(self, path: Path, key: bool = False) -> Tuple[Optional[int], Optional[int]]:
        """The nearest known position of ``path`` or of its closest parent."""
        path = tuple(path)
        table = self.key_marks if key else self.marks
        while True:
            if path in table:
                return table[path]
            if key and path in self.marks:
                return self.marks[path]
            if not path:
                return None, None
            path = path[:-1]

    def problem(self, path: Path, code: str, message: str, hint: str = "",
                severity: str = "error", key: bool = False) -> Problem:
        line, col = self.locate(path, key)
        return Problem(code, message, hint, self.file, line, col, severity)


@contextmanager
def gc_paused():
    """Pause the cyclic garbage collector while building a large tree.

    The tree is all new, acyclic objects; with the collector on, its
    full-heap passes make reading a 10,000-province file quadratic.
    """
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()


# LibYAML's parser is ten times faster than PyYAML's own, and gives the same marks.
_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _walk(node, path: Path, source: SourceMap, problems: List[Problem], loader) -> Any:
    source.marks[path] = (node.start_mark.line + 1, node.start_mark.column + 1)
    if isinstance(node, yaml.MappingNode):
        out: Dict[Any, Any] = {}
        for knode, vnode in node.value:
            if isinstance(knode, (yaml.MappingNode, yaml.SequenceNode)):
                problems.append(Problem(
                    "VK003", "a key must be a plain value, not a list or mapping",
                    "write the key as a word", source.file,
                    knode.start_mark.line + 1, knode.start_mark.column + 1))
                continue
            key = loader.construct_object(knode, deep=True)
            if isinstance(key, (int, float, bool)) or key is None:
                key = str(knode.value)  # `no:` or `1:` as an id means the text
            kpath = path + (key,)
            if key in out:
                first = source.key_marks.get(kpath, (None, None))[0]
                problems.append(Problem(
                    "VK004", f"duplicate key {key!r} (first at line {first})",
                    "remove or merge one of the two entries", source.file,
                    knode.start_mark.line + 1, knode.start_mark.column + 1))
                continue
            source.key_marks[kpath] = (knode.start_mark.line + 1, knode.start_mark.column + 1)
            out[key] = _walk(vnode, kpath, source, problems, loader)
        return out
    if isinstance(node, yaml.SequenceNode):
        return [_walk(n, path + (i,), source, problems, loader) for i, n in enumerate(node.value)]
    return loader.construct_object(node, deep=True)


def read_yaml(path: str, text: Optional[str] = None) -> Tuple[Any, SourceMap, List[Problem]]:
    """Parse a YAML file.  Raises :class:`UnusableInput` when it cannot be read.

    Returns the data, its source map, and problems that do not stop reading
    (duplicate keys).
    """
    shown = str(path)
    if text is None:
        try:
            size = os.path.getsize(path)
        except OSError as exc:
            raise UnusableInput([Problem("VK001", f"cannot read the file: {exc.strerror}",
                                         "check the path", shown)])
        if size > MAX_BYTES:
            raise UnusableInput([Problem(
                "VK001", f"the file is {size} bytes, over the limit of {MAX_BYTES}",
                "a variant file is a few MB at most: is this the right file?", shown)])
        with open(path, "rb") as fh:
            raw = fh.read()
        if b"\x00" in raw:
            raise UnusableInput([Problem("VK001", "the file is binary, not YAML text",
                                         "give the variant's .yaml file", shown)])
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise UnusableInput([Problem("VK001", f"the file is not UTF-8 text (byte {exc.start})",
                                         "save the file as UTF-8", shown)])
    source = SourceMap(shown)
    problems: List[Problem] = []
    loader = _Loader(text)
    try:
        node = loader.get_single_node()
        if node is None:
            raise UnusableInput([Problem("VK002", "the file is empty",
                                         "a variant file starts with 'format: 1'", shown, 1, 1)])
        data = _walk(node, (), source, problems, loader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (None, None)
        what = exc.problem or str(exc)
        raise UnusableInput([Problem("VK002", f"not valid YAML: {what}",
                                     "fix the YAML syntax at this place (indentation, quotes, colons)",
                                     shown, line, col)])
    except yaml.YAMLError as exc:
        raise UnusableInput([Problem("VK002", f"not valid YAML: {exc}", "fix the YAML syntax", shown)])
    finally:
        loader.dispose()
    return data, source, problems
