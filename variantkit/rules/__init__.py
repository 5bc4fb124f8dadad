"""The adjudicator: orders, their parser, movement (Kruijswijk's decision
model), retreats, adjustments and the game loop.  Works on the graph and the
model alone: no geometry, SVG, file formats or XML here."""
from .game import Game
from .orders import Phase
from .parse import OrderError, OrderParser
from .state import GameState, UnitAt

__all__ = ["Game", "GameState", "OrderError", "OrderParser", "Phase", "UnitAt"]
