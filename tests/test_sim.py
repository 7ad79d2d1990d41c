"""The Expert's play-out policy (``engine.bots.sim``): what a simulated seat plays.

The policy is written for speed, and a faster version must keep every choice (the arena's
``--digest`` shows it on the matrix); these tests pin the rules it keeps: the padding card is
the rank held fewest of, the first such, and a seat plays only cards it holds."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from engine.bots.sim import Sim, fewest_other, policy_play
from tests.helpers import sim_rules

RANKS = 9

hands = st.lists(st.integers(min_value=0, max_value=8), min_size=RANKS, max_size=RANKS)


def fewest_by_definition(hand: list[int], rank: int) -> int:
    """The lowest positive count among the other ranks, the first rank that holds it."""
    held = [(count, r) for r, count in enumerate(hand) if count and r != rank]
    return min(held)[1] if held else -1


@given(hands, st.integers(min_value=0, max_value=RANKS - 1))
def test_the_padding_card_is_the_first_rank_held_fewest_of(hand: list[int], rank: int) -> None:
    assert fewest_other(hand, rank) == fewest_by_definition(hand, rank)


def one_seat(hand: list[int], claim: int, filler_rate: float) -> Sim:
    rules = sim_rules(2, RANKS, copies=8, filler_rate=[filler_rate, filler_rate])
    return Sim(rules, [list(hand), [1] * RANKS], [sum(hand), RANKS], [], [], claim, False, 0)


@given(
    hands.filter(any),
    st.integers(min_value=-1, max_value=RANKS - 1),
    st.sampled_from([0.0, 0.5, 1.0]),
    st.integers(min_value=0, max_value=2**32),
)
def test_a_simulated_seat_plays_the_claim_from_its_own_cards(
    hand: list[int], claim: int, filler_rate: float, seed: int
) -> None:
    """All it holds of the claimed rank (up to the table's limit) and at most one card of
    another rank; a bluff of one card when it holds none.  An opener claims the rank it holds
    most of."""
    sim = one_seat(hand, claim, filler_rate)
    cards, rank = policy_play(sim, 0, random.Random(seed))
    if claim >= 0:
        assert rank == claim
    else:
        assert rank == hand.index(max(hand))
    honest = min(hand[rank], 4)
    assert cards[:honest] == [rank] * honest
    padding = cards[honest:]
    fewest = fewest_by_definition(hand, rank)
    if not honest:
        assert padding == [fewest]
        return
    assert padding in ([], [fewest])
    can_pad = honest < 4 and sum(hand) > hand[rank]
    if filler_rate == 1.0:
        assert bool(padding) == can_pad
    if filler_rate == 0.0:
        assert not padding
