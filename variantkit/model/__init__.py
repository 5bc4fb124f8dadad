"""Frozen records of a variant; no behaviour beyond simple lookups."""
from .variant import (Changes, Coast, Crossing, Edge, OptionValue, Point, Power,
                      Province, Rules, Terrain, Unit, UnitType, Variant,
                      split_location)

__all__ = ["Changes", "Coast", "Crossing", "Edge", "OptionValue", "Point", "Power",
           "Province", "Rules", "Terrain", "Unit", "UnitType", "Variant",
           "split_location"]
