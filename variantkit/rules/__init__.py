"""The adjudicator: orders, their parser, movement (Kruijswijk's decision
model), retreats, adjustments and the game loop.  Works on the graph and the
model alone: no geometry, SVG, file formats or XML here.

``COMPILED`` tells whether this install's hot modules are compiled by mypyc
(``VARIANTKIT_COMPILE=1 pip install .``, see setup.py) or pure Python."""
from importlib.machinery import EXTENSION_SUFFIXES as _EXTENSIONS

from . import movement as _movement
from .game import Game
from .orders import Phase
from .parse import OrderError, OrderParser
from .state import GameState, UnitAt

COMPILED: bool = _movement.__file__ is not None and _movement.__file__.endswith(tuple(_EXTENSIONS))

__all__ = ["COMPILED", "Game", "GameState", "OrderError", "OrderParser", "Phase", "UnitAt"]
