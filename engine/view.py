"""What one seat may know: its observation, and events with hidden cards removed.

This is the only module that decides what leaves the engine towards a player (the UI or a bot).
The rule (docs/rules.md, "What a view holds"): own hand, every hand's size, pile and stock sizes,
the discard heap, the rank to claim, the last play's author/count/claim/state, every revealed card
and where it went, whose turn it is, finishing order, scores and move count.  Nothing else.
"""

from __future__ import annotations

import copy
from typing import TYPE_CHECKING, cast

from .errors import EngineError
from .inputs import check_json
from .types import GameEvent, SeatView

if TYPE_CHECKING:
    from .game import Game

# Events whose "cards" only their own seat may see.
PRIVATE_CARDS = frozenset({"played", "drew"})


def seat_view(game: Game, seat: int) -> SeatView:
    cfg = game.config
    top = game.pile[-1] if game.pile else None
    return {
        "seat": seat,
        "players": cfg.players,
        "preset": cfg.preset,
        "options": cfg.options(),
        "hand": list(game.hands[seat]),
        "hand_sizes": [len(hand) for hand in game.hands],
        "pile_size": sum(len(play["cards"]) for play in game.pile),
        "stock_size": len(game.stock),
        "discard": list(game.discard),
        "round_rank": None if cfg.ascending else game.claim_rank,
        "next_rank": game.claim_rank if cfg.ascending else None,
        "opening": game.opening,
        "last_play": None
        if top is None
        else {
            "seat": top["seat"],
            "count": len(top["cards"]),
            "rank": top["rank"],
            "unresolved": game.pending,
        },
        # Revealed records never change once written: copying each one's card list suffices.
        "revealed": [{**record, "cards": list(record["cards"])} for record in game.revealed],
        "to_move": game.to_move,
        "turn": game.turn,
        "window": list(game.window),
        "out": list(game.out),
        "scores": list(game.scores),
        "hand_number": game.hand_number,
        "dealer": game.dealer,
        "moves": game.moves,
        "move_limit": cfg.move_limit,
        "over": game.is_over,
        "result": copy.deepcopy(game.result),
        "legal": game.legal(seat),
    }


def visible_events(events: object, seat: object) -> list[GameEvent]:
    """The events as ``seat`` may see them: other players' played and drawn cards removed.

    Fails closed: a ``played`` or ``drew`` event that does not name ``seat`` as its author loses
    its cards.  Anything that is not a list of events is refused with ``bad_json``.
    """
    checked = _checked(events)
    check_json(seat, "bad_seat", "the seat")
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise EngineError("bad_seat", f"seat must be a whole number, not {seat!r}")
    return _strip(checked, seat)


def public_events(events: object) -> list[GameEvent]:
    """The events as every seat saw them: nobody's played or drawn cards.

    What a table shared by several people may show to all of them (pass-and-play's log): the
    intersection of every seat's :func:`visible_events`, so no one person's private facts.
    """
    return _strip(_checked(events), None)


def _checked(events: object) -> list[GameEvent]:
    """``events`` if it is a list of event objects, else ``bad_json``."""
    check_json(events, "bad_json", "the events")
    if not isinstance(events, list) or not all(
        isinstance(event, dict) and isinstance(event.get("type"), str) for event in events
    ):
        raise EngineError("bad_json", "events must be a list of objects with a type")
    return events


def _strip(events: list[GameEvent], seat: int | None) -> list[GameEvent]:
    """Copies of ``events`` without the private cards of any seat but ``seat`` (None: of all)."""
    return [
        _without_cards(event)
        if event["type"] in PRIVATE_CARDS and (seat is None or event.get("seat") != seat)
        else copy.deepcopy(event)
        for event in events
    ]


def _without_cards(event: GameEvent) -> GameEvent:
    """A copy of a ``played`` or ``drew`` event as others saw it; its other values are scalars.

    Such an event without ``cards`` is still one (the key is optional in both), and the input
    door lets through any object with a type, so the key is dropped rather than rebuilt.
    """
    return cast(GameEvent, {key: value for key, value in event.items() if key != "cards"})
