"""Verish' Ne Verish' rules engine: standard library only, for CPython and Pyodide alike.

>>> game = Game.new({"preset": "quick", "players": 3, "seed": 1})
>>> view = game.view(game.to_move)
>>> sorted(view["legal"])
['believe', 'challenge', 'pass', 'play']

What crosses the boundary is plain JSON data; ``engine.types`` names its shapes (``SeatView``,
``Action``, ``GameEvent``, ``Save``...) for type checkers, and the package is marked typed.
"""

from .config import describe
from .errors import EngineError
from .game import Game
from .view import public_events, visible_events

__all__ = ["EngineError", "Game", "describe", "public_events", "visible_events"]
__version__ = "0.1.0"
