"""The strangers (``engine.lab.strangers``): opponents from published bot families that every
matrix table seats, each its own strategy; the held-out field is apart from the mixed one the
bots were tuned against, and each of its strangers plays its own family's rule at the table."""

from __future__ import annotations

import random

import pytest

from engine.lab.arena import (
    MATRIX_TABLES,
    Table,
    apply_shown,
    candidate_tables,
    field_of,
    play_table,
    run_ordered,
    seat_bot,
)
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


def test_every_stranger_plays_every_matrix_table() -> None:
    """Strangers among themselves finish a game on every table (the engine refuses illegal
    actions); every stranger sits at every table in one of the deals."""
    names = list(STRANGERS)
    for preset, players, options in MATRIX_TABLES.values():
        seated = set()
        for first in range(0, len(names), players):
            seats = tuple(names[(first + i) % len(names)] for i in range(players))
            result = play_table(Table(first, seats, preset, {**options, "move_limit": 400}, -1))
            assert sum(result.shares) == pytest.approx(1.0)
            seated.update(seats)
        assert seated == set(names)


def test_strangers_differ() -> None:
    """Each stranger is its own strategy: over the same deals no two play the same game."""
    games = {}
    for level in STRANGERS:
        tables = candidate_tables(level, ["easy"], 4, 4, 7, "classic", {"deck": 36})
        games[level] = [result.moves for result in run_ordered(tables, 1)]
    assert len({tuple(moves) for moves in games.values()}) == len(STRANGERS)
