"""Exporters (and readers) for other judges' and hosts' formats, one module
each, all behind :class:`~variantkit.export.base.Format`."""
from typing import Dict

from .base import ExportReport, Format


def formats() -> Dict[str, Format]:
    from . import diplicity, diplomacy_pkg, dpjudge, jdip, webdiplomacy
    return {f.name: f for f in (dpjudge.FORMAT, diplomacy_pkg.FORMAT, jdip.FORMAT, diplicity.FORMAT,
                                webdiplomacy.FORMAT)}


__all__ = ["ExportReport", "Format", "formats"]
