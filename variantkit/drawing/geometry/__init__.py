"""Geometry on shapely: province shapes, borders, and the graph they imply."""
from .infer import EdgeProposal, Inference, Region, infer
from .shapes import DrawnShape, label_point

__all__ = ["DrawnShape", "EdgeProposal", "Inference", "Region", "infer", "label_point"]
