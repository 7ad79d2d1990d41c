"""Probabilities from public facts: can a claim be true, and how likely is it."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from math import comb

from ..cards import ranks_of_deck
from .base import View, dead_ranks, total_copies
from .memory import CardTracker, accounted
from .tuning import BLUFF_SIZES


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


Holds = Callable[[int, bool], float]


def p_claim_true(
    view: View, tracker: CardTracker, seat: int, rank: str, count: int, *, honesty: float
) -> float:
    """Probability that the latest play, ``count`` cards claimed as ``rank``, is honest.

    The claim itself is evidence: an honest author plays every card of the rank it holds, so a
    claim of ``count`` is honest when it held exactly that many; a bluff of that size needs
    ``count - f`` of the rank plus ``f`` bluff cards (``BLUFF_SIZES``), or nothing of the rank.
    The ratio of those likelihoods, not the tail "held at least that many", is the chance: the
    tail made every big two-deck claim look like a lie (a claim of four "5 % likely"), and in
    six-seat open-challenge windows Medium and Hard called, and lost, most of them.  ``honesty``
    is the chance that an author holding cards of the rank plays them honestly.
    """
    holds = claim_holds(view, tracker, seat, rank, count)
    if isinstance(holds, float):
        return holds
    return honest_share(holds, count, full_claim(view, count), honesty)


def claim_holds(
    view: View, tracker: CardTracker, seat: int, rank: str, count: int
) -> Holds | float:
    """What the public facts say of a claim: 0.0 when it is impossible, 1.0 when the author is
    known to hold the cards, else the author's ``holds(n, tail)`` for :func:`honest_share`."""
    if count > max_possible(view, tracker, seat, rank):
        return 0.0
    if tracker.certain(seat, rank) >= count:
        return 1.0
    return _holding(view, tracker, seat, rank)


def full_claim(view: View, count: int) -> bool:
    """A claim of every copy of the rank: its author may have held more (two decks)."""
    return count >= total_copies(view)


def honest_share(holds: Holds, count: int, full: bool, honesty: float) -> float:
    """The likelihood ratio of :func:`p_claim_true`, for any judge's ``holds`` (the chance the
    author held exactly ``n`` of the rank, at least ``n`` with ``tail``): ``full`` when the
    claim is every copy, so the author may have held more."""
    honest = honesty * holds(count, full)
    bluff = sum(
        weight * holds(count - filler, False) * (1 - honesty if count > filler else 1.0)
        for filler, weight in enumerate(BLUFF_SIZES, start=1)
        if count >= filler
    )
    total = honest + bluff
    return honest / total if total > 0 else 0.0


def _holding(view: View, tracker: CardTracker, seat: int, rank: str) -> Holds:
    """``holds(n, tail)``: the chance, from public facts, that ``seat`` held exactly ``n`` cards
    of ``rank`` before its latest play (at least ``n`` with ``tail``)."""
    limit = max_possible(view, tracker, seat, rank)
    sure_rank = tracker.certain(seat, rank)
    sure_all = tracker.certain(seat)
    last = view["last_play"]
    played = int(last["count"]) if last and last["seat"] == seat and last["unresolved"] else 0
    slots = max(int(view["hand_sizes"][seat]) + played - sure_all, 0)
    not_here = sum(1 for _, places in tracker.entries if seat not in places)
    population = cards_in_play(view) - len(view["hand"]) - len(view["discard"]) - not_here
    population = max(population - sure_all, 0)
    unknown_rank = limit - sure_rank
    chosen = chose_rank(view, seat, int(last["count"]) if last else 0)
    choices = claimable_ranks(view) if chosen else 1
    return holding(
        population, unknown_rank, slots, sure_rank=sure_rank, limit=limit, choices=choices
    )


def claimable_ranks(view: View) -> int:
    """How many ranks an opener may claim."""
    return len(ranks_of_deck(int(view["options"]["deck"]))) - len(dead_ranks(view))


def holding(
    population: int, unknown_rank: int, slots: int, *, sure_rank: int, limit: int, choices: int
) -> Holds:
    """``holds(n, tail)`` for a seat whose ``slots`` unknown cards come from ``population``
    cards holding ``unknown_rank`` copies of the rank, beside ``sure_rank`` known ones, at most
    ``limit`` in all.  ``choices`` > 1: the author picked the rank it claims, so it needed ``n``
    of *some* rank, not of this one (without this, honest two-deck openers looked like liars)."""

    def holds(n: int, tail: bool) -> float:
        if n > limit or (n < sure_rank and not tail):
            return 0.0
        need = n - sure_rank
        chance = at_least(population, unknown_rank, slots, need)
        if not tail:
            chance -= at_least(population, unknown_rank, slots, need + 1)
        if n > 0 and choices > 1:
            chance = 1 - (1 - chance) ** choices
        return chance

    return holds


def chose_rank(view: View, seat: int, count: int) -> bool:
    """The top play opened the pile at a rank its author was free to choose (fixed ranks)."""
    last = view["last_play"]
    return bool(
        not view["options"].get("ascending")
        and last
        and int(last["seat"]) == seat
        and int(view["pile_size"]) == count
    )
