"""PHP read without running it: tokens, literals, and the few statements a
webDiplomacy variant folder's data is written in.

Only literals are evaluated (strings, numbers, ``array(...)``/``[...]``) and a
whitelist of statements; whatever else a file does is reported with its line,
never guessed at and never run.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, List, Optional, Tuple


class StaticError(Exception):
    """Something that cannot be read without running PHP, with its line."""

    def __init__(self, line: int, message: str):
        super().__init__(message)
        self.line = line
        self.message = message


@dataclass(frozen=True)
class Tok:
    kind: str   # str, num, var, name, op, end
    value: Any
    line: int


_OPS = ("===", "!==", "<=>", "**=", "...", "::", "->", "=>", "==", "!=", "<=", ">=", "&&", "||", ".=", "+=", "-=",
        "++", "--", "??")
_NAME = re.compile(r"[A-Za-z_\x80-\uffff][A-Za-z0-9_\x80-\uffff]*")
_NUM = re.compile(r"0[xX][0-9a-fA-F]+|\d+(?:\.\d+)?(?:[eE][+-]?\d+)?|\.\d+")
_DQ_ESC = {"n": "\n", "t": "\t", "r": "\r", "v": "\v", "f": "\f", "\\": "\\", "$": "$", '"': '"', "0": "\0"}


def tokens(src: str) -> List[Tok]:
    """The PHP tokens of ``src``; text outside ``<?php ... ?>`` is dropped
    (and reported by the caller when it is not blank)."""
    out: List[Tok] = []
    i, n, line = 0, len(src), 1
    in_php = False
    while i < n:
        if not in_php:
            j = src.find("<?php", i)
            if j < 0:
                if src[i:].strip():
                    out.append(Tok("html", src[i:], line))
                break
            if src[i:j].strip():
                out.append(Tok("html", src[i:j], line))
            line += src.count("\n", i, j)
            i, in_php = j + 5, True
            continue
        c = src[i]
        if c == "\n":
            line += 1
            i += 1
        elif c in " \t\r\f\v\ufeff":
            i += 1
        elif src.startswith("?>", i):
            in_php = False
            i += 2
            if i < n and src[i] == "\n":  # PHP eats one newline after ?>
                line += 1
                i += 1
        elif c == "#" or src.startswith("//", i):
            # a line comment ends at the line's end or at ?>, as PHP reads it
            m = re.compile(r"\n|\?>").search(src, i)
            i = m.start() if m else n
        elif src.startswith("/*", i):
            j = src.find("*/", i + 2)
            if j < 0:
                raise StaticError(line, "a /* comment is never closed")
            line += src.count("\n", i, j)
            i = j + 2
        elif c == "'":
            j, buf = i + 1, []
            while j < n and src[j] != "'":
                if src[j] == "\\" and j + 1 < n and src[j + 1] in "\\'":
                    buf.append(src[j + 1])
                    j += 2
                else:
                    buf.append(src[j])
                    j += 1
            if j >= n:
                raise StaticError(line, "a '...' string is never closed")
            text = "".join(buf)
            out.append(Tok("str", text, line))
            line += src.count("\n", i, j)
            i = j + 1
        elif c == '"':
            j, buf = i + 1, []
            while j < n and src[j] != '"':
                if src[j] == "\\" and j + 1 < n:
                    buf.append(_DQ_ESC.get(src[j + 1], "\\" + src[j + 1]))
                    j += 2
                    continue
                if src[j] == "$" or src.startswith("{$", j):
                    raise StaticError(line + src.count("\n", i, j),
                                      'a "..." string with a variable in it is computed when PHP runs')
                buf.append(src[j])
                j += 1
            if j >= n:
                raise StaticError(line, 'a "..." string is never closed')
            out.append(Tok("str", "".join(buf), line))
            line += src.count("\n", i, j)
            i = j + 1
        elif c == "$":
            m = _NAME.match(src, i + 1)
            if not m:
                raise StaticError(line, "a $ with no variable name")
            out.append(Tok("var", m.group(0), line))
            i = m.end()
        elif c.isdigit() or (c == "." and i + 1 < n and src[i + 1].isdigit()):
            m = _NUM.match(src, i)
            assert m
            text = m.group(0)
            value: Any = int(text, 16) if text[:2].lower() == "0x" else (
                float(text) if any(ch in text for ch in ".eE") else int(text))
            out.append(Tok("num", value, line))
            i = m.end()
        elif _NAME.match(src, i):
            m = _NAME.match(src, i)
            assert m
            out.append(Tok("name", m.group(0), line))
            i = m.end()
        elif src.startswith("<<<", i):
            raise StaticError(line, "a heredoc string: write the value as a quoted string")
        else:
            op = next((o for o in _OPS if src.startswith(o, i)), c)
            out.append(Tok("op", op, line))
            i += len(op)
    out.append(Tok("end", None, line))
    return out


class Cursor:
    """Tokens with a position; ``expect`` and ``take`` raise located errors."""

    def __init__(self, toks: List[Tok]):
        self.toks = toks
        self.i = 0

    @property
    def tok(self) -> Tok:
        return self.toks[self.i]

    def peek(self, k: int = 1) -> Tok:
        return self.toks[min(self.i + k, len(self.toks) - 1)]

    def at(self, kind: str, value: Any = None) -> bool:
        t = self.tok
        return t.kind == kind and (value is None or (t.value.lower() == value.lower() if kind == "name"
                                                     else t.value == value))

    def take(self, kind: str, value: Any = None) -> Tok:
        if not self.at(kind, value):
            t = self.tok
            want = repr(value) if value is not None else kind
            raise StaticError(t.line, f"expected {want}, found {t.value!r}")
        t = self.tok
        self.i += 1
        return t

    def skip_statement(self) -> None:
        """Past the next ``;`` at depth 0."""
        depth = 0
        while not self.at("end"):
            t = self.take(self.tok.kind)
            if t.kind == "op" and t.value in "([{":
                depth += 1
            elif t.kind == "op" and t.value in ")]}":
                depth -= 1
            elif t.kind == "op" and t.value == ";" and depth <= 0:
                return


def literal(cur: Cursor) -> Any:
    """A literal value: string, number, true/false/null, array(...) or [...],
    a unary minus, and '.' joining strings."""
    value = _literal_atom(cur)
    while cur.at("op", "."):
        cur.take("op")
        right = _literal_atom(cur)
        value = f"{value}{right}"
    return value


def _literal_atom(cur: Cursor) -> Any:
    t = cur.tok
    if t.kind in ("str", "num"):
        cur.i += 1
        return t.value
    if t.kind == "op" and t.value == "-" and cur.peek().kind == "num":
        cur.i += 2
        return -cur.toks[cur.i - 1].value
    if t.kind == "name" and t.value.lower() in ("true", "false", "null"):
        cur.i += 1
        return {"true": True, "false": False, "null": None}[t.value.lower()]
    if t.kind == "name" and t.value.lower() == "array" and cur.peek().kind == "op" and cur.peek().value == "(":
        cur.i += 2
        return _array_items(cur, ")")
    if t.kind == "op" and t.value == "[":
        cur.i += 1
        return _array_items(cur, "]")
    raise StaticError(t.line, f"{t.value!r} is not a literal: only strings, numbers and arrays are read")


def _array_items(cur: Cursor, close: str) -> "PhpArray":
    items = PhpArray()
    nxt = 0
    while not cur.at("op", close):
        first = literal(cur)
        if cur.at("op", "=>"):
            cur.take("op")
            key = first
            value = literal(cur)
            if isinstance(key, (int, float)) and not isinstance(key, bool):
                key = int(key)
                nxt = max(nxt, key + 1)
            items.append((key, value))
        else:
            items.append((nxt, first))
            nxt += 1
        if not cur.at("op", close):
            cur.take("op", ",")
    cur.take("op", close)
    return items


class PhpArray(list):
    """An ordered PHP array: (key, value) pairs, keys as PHP gave them."""

    def values(self) -> List[Any]:
        return [v for _, v in self]

    def get(self, key: Any, default: Optional[Any] = None) -> Any:
        for k, v in self:
            if k == key:
                return v
        return default


def as_values(value: Any) -> List[Any]:
    return value.values() if isinstance(value, PhpArray) else [value]


def pairs(value: Any) -> List[Tuple[Any, Any]]:
    return list(value) if isinstance(value, PhpArray) else []
