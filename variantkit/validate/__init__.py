"""Checks of a variant beyond its schema (the schema check is in io)."""
from .semantic import DPJUDGE_KEYWORDS, ORDER_KEYWORDS, check

__all__ = ["DPJUDGE_KEYWORDS", "ORDER_KEYWORDS", "check"]
