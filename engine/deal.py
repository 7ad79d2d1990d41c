"""Shuffling and dealing.

The shuffle of hand ``n`` of a game depends only on the game's seed and ``n`` (a string seed is
hashed with SHA-512 by :class:`random.Random`, identically on CPython and Pyodide).  No random
state is kept in the game, so a game's JSON is its whole state and a match's later hands are still
reproducible.
"""

from __future__ import annotations

import random


def shuffled(cards: list[str], seed: int, hand_number: int) -> list[str]:
    deck = list(cards)
    random.Random(f"verish-ne-verish:{seed}:{hand_number}").shuffle(deck)
    return deck


def deal(
    deck: list[str], players: int, dealer: int, per_player: int | None
) -> tuple[list[list[str]], list[str]]:
    """Deal one card at a time clockwise from the seat after the dealer.

    ``per_player`` None deals the whole deck (the first players in dealing order get one more when
    it does not divide); a number deals that many each and leaves the rest as the stock.
    """
    count = len(deck) if per_player is None else per_player * players
    hands: list[list[str]] = [[] for _ in range(players)]
    for index, card in enumerate(deck[:count]):
        hands[(dealer + 1 + index) % players].append(card)
    return hands, deck[count:]
