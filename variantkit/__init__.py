"""variantkit: the map editor and variant-definition toolkit for Diplomacy.

This package is the library: it never imports Qt.
"""
__version__ = "0.1.0"
