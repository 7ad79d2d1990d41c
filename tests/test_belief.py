"""The Expert's sampled worlds: every one agrees with what its seat can see, and drawing one
leaves nothing behind that changes the next (the view's share is worked out once a decision,
``belief.unseen``, and every world starts from it)."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from engine import Game
from engine.bots import make_bot
from engine.bots.belief import World, sample_world, unseen
from engine.bots.hard import HardBot
from engine.cards import build_deck
from engine.lab.arena import MATRIX_TABLES, apply_shown

TABLES = ["classic-4p-36", "classic-5p-52-asc", "draw-3p", "open-6p-2decks", "quick-4p"]


def _check(world: World, view: dict[str, Any], game: Game) -> None:
    me = int(view["seat"])
    assert Counter(world.hands[me]) == Counter(view["hand"])
    assert [len(hand) for hand in world.hands] == view["hand_sizes"]
    assert [len(cards) for _, _, cards in world.pile] == [len(p["cards"]) for p in game.pile]
    assert [seat for seat, _, _ in world.pile] == [p["seat"] for p in game.pile]
    assert len(world.stock) == view["stock_size"]
    every = [card for hand in world.hands for card in hand]
    every += [card for _, _, cards in world.pile for card in cards]
    every += world.stock + view["discard"]
    options = view["options"]
    assert Counter(every) == Counter(build_deck(int(options["deck"]), int(options["decks"])))
    for (seat, _, cards), play in zip(world.pile, game.pile, strict=True):
        if seat == me:  # the seat knows its own cards in the pile
            assert Counter(cards) == Counter(play["cards"])


@pytest.mark.parametrize("name", TABLES)
def test_every_world_agrees_with_the_view_and_draws_alone(name: str) -> None:
    preset, players, options = MATRIX_TABLES[name]
    decisions = 0
    for seed in range(3):
        config = {"preset": preset, "players": players, "seed": seed, "options": options}
        decisions += _draw_at_every_decision(Game.new(config))
    assert decisions >= 60


def _draw_at_every_decision(game: Game) -> int:
    """Play Hard bots for up to 150 moves; before each move the mover draws worlds."""
    bots = [make_bot("hard", random.Random(seat)) for seat in range(len(game.hands))]
    decisions = 0
    while not game.is_over and game.moves < 150:
        seat = game.to_move
        assert seat is not None
        view = game.view(seat)
        bot = bots[seat]
        assert isinstance(bot, HardBot)
        bot.tracker.sync(view)
        shared = unseen(view, bot.pile_plays)
        first = sample_world(shared, bot.tracker, 0.5, random.Random(1))
        for draw in range(2, 5):
            _check(sample_world(shared, bot.tracker, draw / 5, random.Random(draw)), view, game)
        assert sample_world(shared, bot.tracker, 0.5, random.Random(1)) == first
        _check(first, view, game)
        decisions += 1
        apply_shown(game, bots, seat, bot.act(view))
    return decisions
