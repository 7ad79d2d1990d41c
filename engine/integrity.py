"""Soundness of a game loaded from JSON.

A save can come from anywhere (a stored value that was edited or corrupted, a bug report), so
:func:`check_integrity` refuses one whose parts do not fit together before the engine plays on it.
The same check serves the tests as the card-conservation invariant.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from .cards import parse_card, ranks_of_deck
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


def _seat(value: object, players: int) -> bool:
    return type(value) is int and 0 <= value < players


def _count(value: object) -> bool:
    return type(value) is int and value >= 0


def _check_shapes(game: Game) -> None:
    """Every field has the type and range the engine works with."""
    cfg = game.config
    players = cfg.players
    ranks = ranks_of_deck(cfg.deck)
    for cards in (game.cards, *game.hands, game.stock, game.discard):
        if not isinstance(cards, list):
            raise EngineError("bad_save", "the save's cards are not lists")
        for card in cards:
            parse_card(card, cfg.deck)
    for record in [*game.pile, *game.revealed]:
        if not (
            _seat(record["seat"], players)
            and isinstance(record["cards"], list)
            and record["cards"]
            and record["rank"] in ranks
        ):
            raise EngineError("bad_save", "the save has a malformed play")
        for card in record["cards"]:
            parse_card(card, cfg.deck)
    if not all(isinstance(flag, bool) for flag in (game.opening, game.pending)):
        raise EngineError("bad_save", "the save's flags are not true or false")
    if game.claim_rank is not None and game.claim_rank not in ranks:
        raise EngineError("bad_save", "the save's rank is not a rank")
    seats = [*game.window, *game.out]
    if game.turn is not None:
        seats.append(game.turn)
    if not all(_seat(seat, players) for seat in [*seats, game.dealer]):
        raise EngineError("bad_save", "the save names a seat that does not exist")
    if len(set(game.window)) != len(game.window) or len(set(game.out)) != len(game.out):
        raise EngineError("bad_save", "the save names a seat twice")
    if game.window and not game.pending:
        raise EngineError("bad_save", "the save has a challenge window but no play to call")
    numbers = [game.moves, game.hand_number, *game.scores]
    if not all(_count(number) for number in numbers) or not 1 <= game.hand_number <= cfg.hands:
        raise EngineError("bad_save", "the save's counters are out of range")
    if game.result is not None and not isinstance(game.result, dict):
        raise EngineError("bad_save", "the save's result is malformed")


def check_integrity(game: Game) -> None:
    """Raise ``bad_save`` unless every card is in exactly one place and every field fits."""
    players = game.config.players
    try:
        if not isinstance(game.hands, list) or not isinstance(game.scores, list):
            raise EngineError("bad_save", "the save's hands or scores are not lists")
        if len(game.hands) != players or len(game.scores) != players:
            raise EngineError("bad_save", "the save does not have one hand per seat")
        for field in (game.pile, game.revealed, game.window, game.out):
            if not isinstance(field, list):
                raise EngineError("bad_save", "the save's lists are not lists")
        _check_shapes(game)
        if card_places(game) != Counter(game.cards):
            raise EngineError("bad_save", "the save's cards do not add up to its deck")
        if (game.result is None) == (game.turn is None):
            raise EngineError("bad_save", "the save has no seat to move")
        if game.pending and not game.pile:
            raise EngineError("bad_save", "the save has an unresolved play but no pile")
    except EngineError as error:
        if error.code != "bad_save":
            raise EngineError("bad_save", f"the save is malformed ({error.message})") from None
        raise
    except (TypeError, KeyError, AttributeError) as error:
        raise EngineError("bad_save", f"the save is malformed ({error})") from None
