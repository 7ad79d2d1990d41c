"""The held-out field (``engine.lab.strangers.HELDOUT_FIELD``): strangers nothing was tuned
against, each playing its own family's rule at the table."""

from __future__ import annotations

import random

from engine.lab.arena import apply_shown, field_of, seat_bot
from engine.lab.strangers import HELDOUT_FIELD, MIXED_FIELD, STRANGERS
from tests.helpers import deal, play


def test_the_heldout_field_is_named_and_apart_from_the_mixed_one() -> None:
    """``--field heldout`` seats it, and none of its strangers is one the bots were tuned
    against (a stranger in both would not be held out)."""
    assert field_of("heldout") == list(HELDOUT_FIELD)
    assert field_of("mixed") == list(MIXED_FIELD)
    assert not set(HELDOUT_FIELD) & set(MIXED_FIELD)
    assert set(HELDOUT_FIELD) | set(MIXED_FIELD) == set(STRANGERS)
    assert len(HELDOUT_FIELD) >= 6


def test_the_believer_believes_a_likely_claim_and_challenges_an_impossible_one() -> None:
    """Seat 1 holds no seven: one seven claimed is likely, so it says "veryu"; holding three
    sevens itself, two more claimed are impossible, so it challenges."""
    believer = seat_bot("believer", random.Random(1))
    game = deal(
        [
            ["7H", "8S", "9S", "10S", "JS"],
            ["6H", "6D", "8H", "9H", "10H"],
        ]
    )
    play(game, 0, ["7H"], "7")
    assert believer.act(game.view(1)) == {"type": "believe"}

    game = deal(
        [
            ["8S", "9S", "10S", "JS", "QS"],
            ["7H", "7D", "7C", "9H", "10H"],
        ]
    )
    play(game, 0, ["8S", "9S"], "7")
    assert believer.act(game.view(1)) == {"type": "challenge"}


def test_the_grudge_calls_every_claim_of_the_seat_that_challenged_it() -> None:
    """Before anyone challenged it the grudge holder rarely calls (10 %); once seat 0 challenged
    its play it challenges seat 0's every claim, whatever its random draws."""
    hands = [
        ["6H", "6D", "7H", "7D", "8H", "8D", "9H", "9D"],
        ["6S", "6C", "7S", "7C", "8S", "8C", "9S", "9C"],
    ]
    calls_before = calls_after = 0
    for seed in range(40):
        grudge = seat_bot("grudge", random.Random(seed))
        bots = [seat_bot("honest", random.Random(seed)), grudge]
        game = deal(hands)
        apply_shown(game, bots, 0, {"type": "play", "cards": ["6H"], "rank": "6"})
        calls_before += grudge.act(game.view(1))["type"] == "challenge"
        apply_shown(game, bots, 1, {"type": "play", "cards": ["7S"], "rank": "6"})
        apply_shown(game, bots, 0, {"type": "challenge"})  # seat 1 takes the pile; seat 0 opens
        apply_shown(game, bots, 0, {"type": "play", "cards": ["9H"], "rank": "9"})
        calls_after += grudge.act(game.view(1))["type"] == "challenge"
    assert calls_before <= 10
    assert calls_after == 40
