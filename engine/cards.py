"""Cards as the protocol writes them: rank then suit (``6H``, ``10S``, ``QD``).

Cards stay plain strings everywhere (hands, pile, events) so that the game's JSON *is* its state;
this module is the one place that knows how to read them, build decks and order ranks.
"""

from __future__ import annotations

from functools import cache

from .errors import EngineError

RANKS_52: tuple[str, ...] = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
RANKS_36: tuple[str, ...] = RANKS_52[4:]
SUITS: tuple[str, ...] = ("C", "D", "H", "S")
ACE = "A"


def ranks_of_deck(deck_size: int) -> tuple[str, ...]:
    """The ranks a deck of 36 or 52 cards holds, lowest first (Ace high, for sorting)."""
    return RANKS_36 if deck_size == 36 else RANKS_52


def rank_of(card: str) -> str:
    return card[:-1]


def parse_card(text: object, deck_size: int) -> str:
    """Check that ``text`` names a card of this deck and return it unchanged."""
    if not isinstance(text, str) or len(text) < 2:
        raise EngineError("bad_card", f"{text!r} is not a card (write rank then suit, e.g. 7H)")
    rank, suit = text[:-1], text[-1]
    if suit not in SUITS or rank not in RANKS_52:
        raise EngineError("bad_card", f"{text!r} is not a card (write rank then suit, e.g. 7H)")
    if rank not in ranks_of_deck(deck_size):
        raise EngineError("bad_card", f"{text} is not in a {deck_size}-card deck")
    return text


def build_deck(deck_size: int, decks: int) -> list[str]:
    """Every card of ``decks`` mixed decks, in a fixed order (shuffling is the dealer's job)."""
    return [
        rank + suit for _ in range(decks) for rank in ranks_of_deck(deck_size) for suit in SUITS
    ]


@cache
def sort_key(deck_size: int) -> dict[str, int]:
    """Card -> position when a hand is sorted by rank, then suit."""
    return {
        rank + suit: i * len(SUITS) + j
        for i, rank in enumerate(ranks_of_deck(deck_size))
        for j, suit in enumerate(SUITS)
    }


@cache
def card_rank_position(deck_size: int) -> dict[str, int]:
    """Card -> its rank's position in :func:`ranks_of_deck`: a lookup, because the Expert's
    play-outs read every card of every sampled world as a rank position."""
    return {card: i // len(SUITS) for card, i in sort_key(deck_size).items()}


def sort_cards(cards: list[str], deck_size: int) -> list[str]:
    key = sort_key(deck_size)
    return sorted(cards, key=key.__getitem__)


def ascending_order(deck_size: int, no_aces: bool) -> tuple[str, ...]:
    """Ranks in the order the ascending mode claims them: Ace first, then low to high.

    52 cards: A 2 3 ... K; 36 cards: A 6 7 ... K; *No aces* drops the Ace.  The sequence wraps.
    """
    low_to_high = ranks_of_deck(deck_size)[:-1]
    return low_to_high if no_aces else (ACE, *low_to_high)
