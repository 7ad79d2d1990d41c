"""The invariants every game in play keeps, for the release check and the tests.

Every card lies in exactly one place (hands, pile, discard heap, stock), and exactly one seat may
act until the game is over.  ``Game.from_json`` needs no such check: it replays a save through the
rules, so a loaded game is one that legal play reached.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..game import Game


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
    """Raise AssertionError if a card is lost or doubled, or the turn is not where it must be."""
    if card_places(game) != Counter(game.cards):
        raise AssertionError("the cards in play do not add up to the deck")
    if (game.result is None) == (game.turn is None):
        raise AssertionError("a game in play has no seat to move, or a finished game has one")
    if game.pending and not game.pile:
        raise AssertionError("an unresolved play but no pile")
