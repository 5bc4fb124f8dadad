"""Province ids renamed inside a designer's drawing, every other byte kept.

A drawing names its provinces by element ids (``par``, jDip's ``_par`` in
the map layer, ``spa-nc`` for a coast), refers to them (``href="#_par"``,
``url(#par)``) and jDip's data names them (``<jdipNS:PROVINCE name="par">``).
When a province is renamed in the editor, the drawing is not regenerated:
those names are rewritten in a copy of its text, all at once (so ``a -> b``
and ``b -> a`` swap), and nothing else changes.
"""
from __future__ import annotations

import re
from typing import Mapping

# an id-like value: optional "_" (jDip's map layer), the province, an optional coast tail
_VALUE = r"(?P<pre>_?)(?P<id>{ids})(?P<tail>[-/_ ][a-z]{{2}})?"


def rename_ids(svg: str, renames: Mapping[str, str]) -> str:
    """``renames`` maps an id the drawing uses (lowercase) to the new id."""
    renames = {old.lower(): new for old, new in renames.items() if old.lower() != new}
    if not renames:
        return svg
    ids = "|".join(re.escape(k) for k in sorted(renames, key=len, reverse=True))
    value = _VALUE.format(ids=ids)
    # the whole attribute value must be the name, so "paris" is not touched for "par"
    attr = re.compile(r'(?P<attr>(?:\b(?:id|inkscape:label)|<[\w:]*PROVINCE\s+name)\s*=\s*(?P<q>["\']))'
                      + value + r"(?P=q)", re.IGNORECASE)
    ref = re.compile(r"(?P<attr>#)" + value + r"(?=[\"')])", re.IGNORECASE)

    def swap(m: re.Match) -> str:
        new = renames[m.group("id").lower()]
        q = m.groupdict().get("q") or ""
        tail = m.group("tail") or ""
        end = q if m.re is attr else ""
        return f"{m.group('attr')}{m.group('pre')}{new}{tail}{end}"
    return ref.sub(swap, attr.sub(swap, svg))
