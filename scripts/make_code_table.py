"""Regenerate the problem-code tables of docs/format.md from variantkit/codes.py.

Each table sits between ``<!-- codes:GROUP -->`` and ``<!-- /codes:GROUP -->``;
everything outside the markers is hand-written prose and is kept as it is.

    python scripts/make_code_table.py          # rewrite docs/format.md
    python scripts/make_code_table.py --check  # exit 1 when it is out of date
"""
from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "format.md"
sys.path.insert(0, str(ROOT))

from variantkit.codes import CODES, GROUPS  # noqa: E402

_BLOCK = re.compile(r"(<!-- codes:(?P<group>\w+) -->\n).*?(<!-- /codes:(?P=group) -->)", re.S)


def _cell(text: str) -> str:
    return text.replace("|", "\\|") if text else "-"


def table(group: str) -> str:
    rows = ["| code | severity | problem | hint |", "|---|---|---|---|"]
    for c in sorted(CODES.values(), key=lambda c: c.code):
        if c.group == group:
            severity = f"{c.severity} ({c.also[0]}: {c.also[1]})" if c.also[0] else c.severity
            rows.append(f"| {c.code} | {_cell(severity)} | {_cell(c.message)} | {_cell(c.hint)} |")
    return "\n".join(rows) + "\n"


def render(text: str) -> str:
    """``text`` (docs/format.md) with every marked table regenerated."""
    found = {m.group("group") for m in _BLOCK.finditer(text)}
    missing = [g for g in GROUPS if g not in found]
    unknown = sorted(found - set(GROUPS))
    if missing or unknown:
        raise SystemExit(f"{DOC}: markers missing for {missing}, unknown groups {unknown}")
    return _BLOCK.sub(lambda m: m.group(1) + table(m.group("group")) + m.group(3), text)


def main(argv: list) -> int:
    old = DOC.read_text(encoding="utf-8")
    new = render(old)
    if "--check" in argv:
        if new != old:
            print(f"{DOC} is out of date: run python scripts/make_code_table.py", file=sys.stderr)
            return 1
        return 0
    if new != old:
        DOC.write_text(new, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
