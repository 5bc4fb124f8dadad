"""Read YAML into plain data plus where each value stands in the file.

PyYAML's composer gives nodes with marks; we walk them ourselves so that
duplicate keys are reported (PyYAML silently keeps the last one) and every
value's path maps to its line and column.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Dict, List, Optional, Tuple

import yaml

from ..problems import Problem, UnusableInput

Path = Tuple[Any, ...]
MAX_BYTES = 20 * 1024 * 1024  # a variant of 10,000 provinces is ~3 MB
MAX_DEPTH = 64       # a variant nests 5 deep; LibYAML's composer recurses in C (deep input crashes it)
MAX_ALIASES = 1_000  # a variant has none; each alias may copy a whole subtree (a 557-byte "bomb")
MAX_VALUES = 5_000_000  # values built after aliases are expanded; 10,000 provinces make ~400,000


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

    def problem(self, path: Path, code: str, /, *, severity: Optional[str] = None, key: bool = False,
                **params: object) -> Problem:
        """The problem ``code`` in the registry's words (Problem.of), placed at ``path``."""
        line, col = self.locate(path, key)
        return Problem.of(code, **params).at(self.file, line, col, severity)


# LibYAML's parser is ten times faster than PyYAML's own, and gives the same marks.
_Loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


_PLAIN_TAGS = ("tag:yaml.org,2002:map", "tag:yaml.org,2002:seq")
_MERGE = "tag:yaml.org,2002:merge"


def _walk(node, path: Path, source: SourceMap, problems: List[Problem], loader) -> Any:
    source.marks[path] = (node.start_mark.line + 1, node.start_mark.column + 1)
    if isinstance(node, (yaml.MappingNode, yaml.SequenceNode)) and node.tag not in _PLAIN_TAGS:
        # a tag on a mapping or list (!!python/object, !custom) would be dropped without a word
        problems.append(Problem.of("VK026", tag=_short(node.tag)).at(
            source.file, node.start_mark.line + 1, node.start_mark.column + 1))
    if isinstance(node, yaml.MappingNode):
        out: Dict[Any, Any] = {}
        for knode, vnode in node.value:
            if knode.tag == _MERGE:
                problems.append(Problem.of("VK027").at(source.file, knode.start_mark.line + 1,
                                                       knode.start_mark.column + 1))
                continue
            if isinstance(knode, (yaml.MappingNode, yaml.SequenceNode)):
                problems.append(Problem.of("VK003").at(
                    source.file, knode.start_mark.line + 1, knode.start_mark.column + 1))
                continue
            key = loader.construct_object(knode, deep=True)
            if isinstance(key, (int, float, bool)) or key is None:
                key = str(knode.value)  # `no:` or `1:` as an id means the text
            kpath = path + (key,)
            if key in out:
                first = source.key_marks.get(kpath, (None, None))[0]
                problems.append(Problem.of("VK004", name=_short(key), first=first).at(
                    source.file, knode.start_mark.line + 1, knode.start_mark.column + 1))
                continue
            source.key_marks[kpath] = (knode.start_mark.line + 1, knode.start_mark.column + 1)
            out[key] = _walk(vnode, kpath, source, problems, loader)
        return out
    if isinstance(node, yaml.SequenceNode):
        return [_walk(n, path + (i,), source, problems, loader) for i, n in enumerate(node.value)]
    try:
        value = loader.construct_object(node, deep=True)
        if type(value) is float and not math.isfinite(value):
            # .nan and .inf pass a schema's number checks, then break geometry and counts
            problems.append(Problem.of("VK019", value=_short(node.value)).at(
                source.file, node.start_mark.line + 1, node.start_mark.column + 1))
            return None
        return value
    except (ValueError, OverflowError):  # a timestamp such as 2001-02-30, an int of 5,000 digits
        problems.append(Problem.of("VK017", value=_short(node.value)).at(
            source.file, node.start_mark.line + 1, node.start_mark.column + 1))
        return node.value


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:50] + f"... ({len(text)} characters)"


def _check_shape(text: str, shown: str, loader_class: Any = _Loader) -> None:
    """Nesting depth, aliases and the size after aliases are expanded, from
    the event stream (LibYAML's parser is a loop, its composer a recursion
    that a deep file crashes), before anything is composed."""
    loader = loader_class(text)
    sizes: List[int] = [0]        # values in each open collection, expanded
    anchors: List[Optional[str]] = [None]
    closed: Dict[str, int] = {}   # anchor -> expanded size of its value
    aliases = 0

    def refuse(problem: Problem, mark) -> UnusableInput:
        return UnusableInput([problem.at(shown, mark.line + 1, mark.column + 1)])

    try:
        while True:
            event = loader.get_event()
            if event is None:
                return
            kind = type(event)
            if kind is yaml.SequenceStartEvent or kind is yaml.MappingStartEvent:
                sizes.append(1)
                anchors.append(event.anchor)
                if len(sizes) - 1 > MAX_DEPTH:
                    raise refuse(Problem.of("VK006", limit=MAX_DEPTH), event.start_mark)
            elif kind is yaml.SequenceEndEvent or kind is yaml.MappingEndEvent:
                size, anchor = sizes.pop(), anchors.pop()
                if anchor is not None:
                    closed[anchor] = size
                sizes[-1] += size
            elif kind is yaml.ScalarEvent:
                sizes[-1] += 1
                if event.anchor is not None:
                    closed[event.anchor] = 1
            elif kind is yaml.AliasEvent:
                aliases += 1
                if event.anchor in anchors:
                    raise refuse(Problem.of("VK023", anchor=_short(event.anchor)[1:-1]), event.start_mark)
                if aliases > MAX_ALIASES:
                    raise refuse(Problem.of("VK007", limit=MAX_ALIASES), event.start_mark)
                sizes[-1] += closed.get(event.anchor, 1)
                if sum(sizes) > MAX_VALUES:  # without aliases the byte limit bounds the values
                    raise refuse(Problem.of("VK024", limit=MAX_VALUES), event.start_mark)
    finally:
        loader.dispose()


def read_yaml(path: str, text: Optional[str] = None,
              limit: int = MAX_BYTES) -> Tuple[Any, SourceMap, List[Problem]]:
    """Parse a YAML file.  Raises :class:`UnusableInput` when it cannot be read.

    Returns the data, its source map, and problems that do not stop reading
    (duplicate keys).
    """
    from ..files import read_limited
    shown = str(path)
    if text is None:
        raw = read_limited(path, limit, "VK001", what="file")
        if b"\x00" in raw:
            raise UnusableInput([Problem.of("VK001", path=shown, reason="the file is binary, not YAML text")
                                 .at(shown)])
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise UnusableInput([Problem.of("VK001", path=shown, reason=f"not UTF-8 text (byte {exc.start})")
                                 .at(shown)])
    try:
        _check_shape(text, shown)
    except yaml.YAMLError:
        # LibYAML 0.2.5 stops at its own nesting cap (1,000) while scanning ahead, before
        # our count sees an event: the verdict must not depend on which backend stops first,
        # so the shape is judged again by PyYAML's own parser, which has no cap of its own.
        try:
            _check_shape(text, shown, yaml.SafeLoader)
        except yaml.YAMLError:
            pass  # the syntax error is reported, with its place, by the composer below
    source = SourceMap(shown)
    problems: List[Problem] = []
    loader = _Loader(text)
    try:
        node = loader.get_single_node()
        if node is None:
            raise UnusableInput([Problem.of("VK018").at(shown, 1, 1)])
        data = _walk(node, (), source, problems, loader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (None, None)
        what = exc.problem or str(exc)
        raise UnusableInput([Problem.of("VK002", reason=what).at(shown, line, col)])
    except yaml.YAMLError as exc:
        raise UnusableInput([Problem.of("VK002", reason=str(exc)).at(shown)])
    finally:
        loader.dispose()
    return data, source, problems
