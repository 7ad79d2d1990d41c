"""Soundness of a game loaded from JSON.

A save can come from anywhere (a stored value that was edited or corrupted, a bug report), so
:func:`check_integrity` refuses one whose parts do not fit together before the engine plays on it.
The same check serves the tests as the card-conservation invariant.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from .cards import parse_card
from .errors import EngineError

if TYPE_CHECKING:
    from .game import Game


def card_places(game: Game) -> Counter[str]:
    """Every card where it lies now: hands, pile, discard heap and stock."""
    places: Counter[str] = Counter()
    for hand in game.hands:
        places.update(hand)
    for play in game.pile:
        places.update(play["cards"])
    places.update(game.discard)
    places.update(game.stock)
    return places


def check_integrity(game: Game) -> None:
    """Raise ``bad_save`` unless every card is in exactly one place and every field fits."""
    players = game.config.players
    try:
        for card in game.cards:
            parse_card(card, game.config.deck)
        if len(game.hands) != players or len(game.scores) != players:
            raise EngineError("bad_save", "the save does not have one hand per seat")
        if card_places(game) != Counter(game.cards):
            raise EngineError("bad_save", "the save's cards do not add up to its deck")
        seats = [game.turn, *game.window, *game.out, *(play["seat"] for play in game.pile)]
        if any(s is not None and not (isinstance(s, int) and 0 <= s < players) for s in seats):
            raise EngineError("bad_save", "the save names a seat that does not exist")
        if (game.result is None) == (game.turn is None):
            raise EngineError("bad_save", "the save has no seat to move")
        if game.pending and not game.pile:
            raise EngineError("bad_save", "the save has an unresolved play but no pile")
        if game.claim_rank is not None and not isinstance(game.claim_rank, str):
            raise EngineError("bad_save", "the save's rank is not a rank")
    except (TypeError, KeyError, AttributeError) as error:
        raise EngineError("bad_save", f"the save is malformed ({error})") from None
