"""The one rule for the strings of a variant, and how they are shown.

A name, alias, adjective or path is one line of text: no control characters
(C0, DEL, C1), no line or paragraph separators, no bidirectional controls that
reorder what a reader sees. Exporters write these strings into line-based
formats, PHP, XML and Go; a value that obeys this rule cannot end a line or a
comment there, though each exporter still escapes for its own target. A
description may hold line breaks and tabs, nothing else of the kind.

Look-alike and invisible characters (zero-width, full-width forms, Cyrillic or
Greek letters among Latin ones) are allowed but noted: two names that look the
same to a player may differ to a judge. Foundation layer: imports nothing of ours.
"""
from __future__ import annotations

import re
import unicodedata
from typing import List, Tuple

# The schema's form of the rule (JSON Schema `pattern`, read by ECMA-262 and Python's re):
# anchored at the true end, since Python's `$` also matches before a final newline.
END = "(?![\\s\\S])"
LINE_PATTERN = "^[^\\u0000-\\u001f\\u007f-\\u009f\\u2028\\u2029\\u202a-\\u202e\\u2066-\\u2069]*" + END
TEXT_PATTERN = "^[^\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f\\u2028\\u2029\\u202a-\\u202e\\u2066-\\u2069]*" + END

_BIDI = {chr(c) for c in range(0x202A, 0x202F)} | {chr(c) for c in range(0x2066, 0x206A)}
_SEPARATORS = {"\u2028", "\u2029", "\u0085"}


def _refused(ch: str, multiline: bool) -> bool:
    if multiline and ch in "\n\t":
        return False
    code = ord(ch)
    return code < 0x20 or 0x7F <= code <= 0x9F or ch in _SEPARATORS or ch in _BIDI


# the same rule as one pattern each way: a scan in C, for long texts (what the CLI prints)
_REFUSED_LINE = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")
_REFUSED_TEXT = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]")


def bad_characters(value: str, multiline: bool = False) -> List[Tuple[int, str]]:
    """The characters of ``value`` the rule refuses, with their 0-based index."""
    pattern = _REFUSED_TEXT if multiline else _REFUSED_LINE
    return [(m.start(), m.group()) for m in pattern.finditer(value)]


def has_bad_characters(value: str, multiline: bool = False) -> bool:
    return (_REFUSED_TEXT if multiline else _REFUSED_LINE).search(value) is not None


def describe(ch: str) -> str:
    """``U+000A LINE FEED``: a character named so a user can find it."""
    name = unicodedata.name(ch, "")
    if not name:
        name = {"\n": "LINE FEED", "\r": "CARRIAGE RETURN", "\t": "TAB", "\x00": "NUL",
                "\x1b": "ESCAPE", "\x7f": "DELETE"}.get(ch, "CONTROL CHARACTER")
    return f"U+{ord(ch):04X} {name}"


def first_bad(value: str, multiline: bool = False) -> str:
    """A sentence naming the first refused character and where it is, or ''."""
    bad = bad_characters(value, multiline)
    if not bad:
        return ""
    i, ch = bad[0]
    more = f" (and {len(bad) - 1} more)" if len(bad) > 1 else ""
    return f"{describe(ch)} at character {i + 1}{more}"


def shown(value: str, limit: int = 200) -> str:
    """``value`` safe to print on a terminal: refused characters as escapes
    (``\\n``, ``\\x1b``, ``\\u202e``), cut short past ``limit`` characters."""
    out = []
    for ch in value[:limit]:
        if _refused(ch, False):
            out.append(ch.encode("unicode_escape").decode("ascii"))
        else:
            out.append(ch)
    text = "".join(out)
    if len(value) > limit:
        text += f"... ({len(value)} characters)"
    return text


_SCRIPTS = ("LATIN", "CYRILLIC", "GREEK", "ARMENIAN", "CHEROKEE")


def notes(value: str) -> List[str]:
    """What about ``value`` may fool a reader though the rule allows it."""
    out = []
    invisible = [ch for ch in value if unicodedata.category(ch) == "Cf"]
    if invisible:
        out.append(f"holds the invisible {describe(invisible[0])}")
    if unicodedata.normalize("NFKC", value) != value:
        odd = next((ch for ch in value if unicodedata.normalize("NFKC", ch) != ch), None)
        if odd is None:  # a letter and its combining accent, which compose to one letter
            out.append("holds a letter written as two characters (a combining accent)")
        else:
            out.append(f"holds {describe(odd)}, which looks like {unicodedata.normalize('NFKC', odd)!r}")
    for word in value.split():
        scripts = {s for ch in word if ch.isalpha()
                   for s in _SCRIPTS if unicodedata.name(ch, "").startswith(s + " ")}
        if len(scripts) > 1:
            out.append(f"mixes {' and '.join(sorted(scripts)).lower()} letters in {shown(word)!r}")
            break
    return out
