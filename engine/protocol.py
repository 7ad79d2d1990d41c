"""The engine as functions of JSON text, for callers that hold a game as a string.

Each function takes and returns JSON strings and never raises, whatever it is given (text that is
not JSON, JSON too deep or with too large numbers, or something that is not text at all): an
:class:`EngineError` comes back as ``{"error": code, "message": text}``.  A reply carries the
game's new JSON only where the caller already owns the whole game (a test harness, a replay
tool); a UI must use :func:`view` replies.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping

from .errors import EngineError
from .game import Game
from .types import Applied
from .view import visible_events


def _reply(work: Callable[[], Mapping[str, object]]) -> str:
    try:
        return json.dumps(work())
    except EngineError as error:
        return json.dumps(error.to_json())


def _load(text: object) -> object:
    """The JSON value of ``text``; ``bad_json`` for anything else (the engine checks its shape)."""
    if not isinstance(text, str):
        raise EngineError("bad_json", f"expected JSON text, not {type(text).__name__}")
    try:
        return json.loads(text)
    except RecursionError:
        raise EngineError("bad_json", "JSON nested too deeply to read") from None
    except ValueError as error:  # not JSON, or an integer too long to read
        raise EngineError("bad_json", f"not JSON: {error}") from None


def new_game(config_json: str) -> str:
    """``{"game": <game JSON>}`` for a configuration."""
    return _reply(lambda: {"game": Game.new(_load(config_json)).to_json()})


def view(game_json: str, seat: int) -> str:
    """``{"view": ...}`` of one seat."""
    return _reply(lambda: {"view": Game.from_json(_load(game_json)).view(seat)})


def apply(game_json: str, seat: int, action_json: str) -> str:
    """``{"game", "events", "view"}`` after one action; events and view are the acting seat's."""

    def work() -> Applied:
        game = Game.from_json(_load(game_json))
        events = game.apply(seat, _load(action_json))
        return {
            "game": game.to_json(),
            "events": visible_events(events, seat),
            "view": game.view(seat),
        }

    return _reply(work)
