"""Probabilities from public facts: can a claim be true, and how likely is it."""

from __future__ import annotations

from functools import cache
from math import comb

from ..cards import rank_of, ranks_of_deck
from .base import View, total_copies
from .memory import CardTracker, accounted


@cache
def at_least(population: int, successes: int, draws: int, need: int) -> float:
    """Hypergeometric tail: P(at least ``need`` successes in ``draws`` from the population)."""
    if need <= 0:
        return 1.0
    successes = max(0, min(successes, population))
    draws = max(0, min(draws, population))
    if need > min(successes, draws):
        return 0.0
    total = comb(population, draws)
    if total == 0:
        return 0.0
    hits = sum(
        comb(successes, k) * comb(population - successes, draws - k)
        for k in range(need, min(successes, draws) + 1)
    )
    return hits / total


def cards_in_play(view: View) -> int:
    return (
        sum(int(n) for n in view["hand_sizes"])
        + int(view["pile_size"])
        + int(view["stock_size"])
        + len(view["discard"])
    )


def max_possible(view: View, tracker: CardTracker, seat: int, rank: str) -> int:
    """How many cards of ``rank`` ``seat`` may have held before its latest play."""
    return total_copies(view) - accounted(view, tracker, seat, rank)


def p_holds(view: View, tracker: CardTracker, seat: int, rank: str, count: int) -> float:
    """Probability, from public facts only, that ``seat`` held ``count`` cards of ``rank`` when
    it made its latest play (its hand then: its hand now plus that play)."""
    if count > max_possible(view, tracker, seat, rank):
        return 0.0
    sure_rank = tracker.certain(seat, rank)
    if sure_rank >= count:
        return 1.0
    sure_all = tracker.certain(seat)
    last = view["last_play"]
    played = int(last["count"]) if last and last["seat"] == seat and last["unresolved"] else 0
    slots = int(view["hand_sizes"][seat]) + played - sure_all
    not_here = sum(1 for _, places in tracker.entries if seat not in places)
    population = cards_in_play(view) - len(view["hand"]) - len(view["discard"]) - not_here
    population -= sure_all
    unknown_rank = max_possible(view, tracker, seat, rank) - sure_rank
    chance = at_least(max(population, 0), unknown_rank, max(slots, 0), count - sure_rank)
    if chose_rank(view, seat, count):
        # The author picked the rank it claims, so it needed ``count`` of *some* rank, not of
        # this one: without this, honest openers with two decks looked like liars (a claim of
        # four was "23 % likely") and Medium called, and lost, most of them.
        choices = len(ranks_of_deck(int(view["options"]["deck"]))) - int(
            bool(view["options"].get("no_aces"))
        )
        chance = 1 - (1 - chance) ** choices
    return chance


def chose_rank(view: View, seat: int, count: int) -> bool:
    """The top play opened the pile at a rank its author was free to choose (fixed ranks)."""
    last = view["last_play"]
    return bool(
        not view["options"].get("ascending")
        and last
        and int(last["seat"]) == seat
        and int(view["pile_size"]) == count
    )


def p_holds_next(view: View, tracker: CardTracker, seat: int, rank: str, count: int) -> float:
    """Probability that ``seat`` holds ``count`` cards of ``rank`` now (for predicting plays)."""
    mine = sum(1 for card in view["hand"] if rank_of(card) == rank)
    gone = sum(1 for card in view["discard"] if rank_of(card) == rank)
    unknown_rank = max(0, total_copies(view) - mine - gone - tracker.elsewhere(seat, rank))
    population = cards_in_play(view) - len(view["hand"]) - len(view["discard"])
    return at_least(max(population, 0), unknown_rank, int(view["hand_sizes"][seat]), count)
