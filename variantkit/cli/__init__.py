"""The ``variantkit`` command line, one module per command group (see main.py)."""
from .main import build_parser, main

__all__ = ["build_parser", "main"]
