"""Geometry on shapely: province shapes, borders, and the graph they imply."""
from .infer import DrawnShape, EdgeProposal, Inference, Region, infer, label_point

__all__ = ["DrawnShape", "EdgeProposal", "Inference", "Region", "infer", "label_point"]
