"""Other judges' and hosts' formats, one module each (reader and writer),
all behind :class:`~variantkit.formats.base.Format`, in one registry."""
from typing import Dict

from .base import ExportReport, Format


def formats() -> Dict[str, Format]:
    """Every format by name; ``Format.reads``/``writes`` say what each can do."""
    from . import diplicity, diplomacy_pkg, dpjudge, godip, jdip, njudge, picture, svg, webdiplomacy
    table = (dpjudge.FORMAT, diplomacy_pkg.FORMAT, jdip.FORMAT, diplicity.FORMAT,
             webdiplomacy.FORMAT, njudge.FORMAT, godip.FORMAT, svg.FORMAT, picture.FORMAT)
    return {f.name: f for f in table}


__all__ = ["ExportReport", "Format", "formats"]
