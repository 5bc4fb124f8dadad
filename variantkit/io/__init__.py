"""Reading and writing variant files and other judges' formats."""
from .records import canonical
from .variant_file import Loaded, art_path, dumps, load, resolve_path, save

__all__ = ["Loaded", "art_path", "canonical", "dumps", "load", "resolve_path", "save"]
