"""Checks of a variant beyond its schema (the schema check is in io)."""
from ..io import load
from ..io.variant_file import Loaded
from ..vocabulary import DPJUDGE_KEYWORDS, ORDER_KEYWORDS
from .semantic import check


def load_checked(path: str) -> Loaded:
    """Load and check a variant; the caller prints the report.

    A subvariant's report holds its base's problems (placed in the base's
    file) and the problems its changes bring, each once.
    """
    loaded = load(path)
    if loaded.variant is None:
        return loaded
    found = check(loaded.variant, loaded.source)
    chain = []
    base = loaded.base
    while base is not None:
        chain.append(base)
        base = base.base
    for base in chain:
        if base.variant is not None:
            inherited = check(base.variant, base.source)
            seen = {(p.code, p.message) for p in inherited}
            found = [p for p in found if (p.code, p.message) not in seen]
            loaded.report.extend(inherited)
    loaded.report.extend(found)
    return loaded


__all__ = ["DPJUDGE_KEYWORDS", "ORDER_KEYWORDS", "check", "load_checked"]
