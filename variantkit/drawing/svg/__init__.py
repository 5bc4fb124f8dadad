"""Reading (and later writing) map art: lxml for XML, svgelements for path data."""
from .reader import Shape, SvgDocument, read_svg

__all__ = ["Shape", "SvgDocument", "read_svg"]
