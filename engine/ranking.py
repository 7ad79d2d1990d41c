"""Placing players at the end of a hand or a game.

Two rules share this module: the quick edition's "the others by cards held, fewer is better, ties
share a place" (also used after a move limit and for single-hand classic), and the match's "fewest
penalty points wins".  Both are standard competition ranking (1, 2, 2, 4).
"""

from __future__ import annotations

from collections.abc import Sequence

from .types import Placing


def by_fewest(seats: Sequence[int], amount: Sequence[int], first_place: int = 1) -> list[Placing]:
    """Rank ``seats`` by ``amount[seat]`` ascending; equal amounts share a place."""
    ordered = sorted(seats, key=lambda seat: (amount[seat], seat))
    places: list[Placing] = []
    for index, seat in enumerate(ordered):
        if index and amount[seat] == amount[ordered[index - 1]]:
            place = places[-1]["place"]
        else:
            place = first_place + index
        places.append({"seat": seat, "place": place})
    return places


def hand_ranking(out: Sequence[int], hand_sizes: Sequence[int]) -> list[Placing]:
    """Players who went out in finishing order, then everybody else by cards held."""
    ranking: list[Placing] = [
        {"seat": seat, "place": place} for place, seat in enumerate(out, start=1)
    ]
    rest = [seat for seat in range(len(hand_sizes)) if seat not in out]
    ranking += by_fewest(rest, hand_sizes, first_place=len(out) + 1)
    return [{**entry, "cards": hand_sizes[entry["seat"]]} for entry in ranking]
