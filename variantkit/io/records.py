"""Record -> model pieces shared by the full variant's reader and the subvariant's patches.

A coast or a position reads the same whether it comes from a variant's
``provinces`` or from a subvariant's ``changes``: one function each.
"""
from __future__ import annotations

from typing import Any, Mapping, Optional, Tuple

from ..model import Coast


def point_from_record(v) -> Optional[Tuple[float, float]]:
    return None if v is None else (float(v[0]), float(v[1]))


def coast_from_record(cid: str, rec: Mapping[str, Any]) -> Coast:
    return Coast(cid, rec.get("name", ""), tuple(rec.get("aliases", ())), point_from_record(rec.get("unit_pos")))
