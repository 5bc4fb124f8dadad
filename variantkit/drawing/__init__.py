"""Drawings: the SVG reader, shapes and borders, the drawing conventions, art matched to a variant."""
