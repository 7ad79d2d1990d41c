"""A seat that claims a rank a second time in one pile may already have played the cards of that
rank it was seen to hold.  The card tracker of Medium, Hard and the Expert once counted those
cards as surely held at every later play of the seat, so at two seats the bots rated nearly every
repeat claim honest, and all of them were lies (docs/bots.md, "Repeat claims and the tracker")."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from engine.bots import make_bot
from engine.bots.hard import HardBot
from engine.bots.memory import CardTracker
from engine.cards import build_deck
from engine.game import Game
from engine.lab.arena import apply_shown

from .helpers import deal

# The whole 36-card deck at two seats: seat 0 holds every seven, so after seat 1 takes two of
# them those two are the only sevens it can ever hold.
MINE = ["7H", "7S", "7D", "7C", "9C", "9D", "9H", "KH", "KS", "QS", "QH", "JC", "JD", "10H", "10S"]
MINE += ["6C", "6D", "AH"]
THEIRS = [card for card in build_deck(36, 1) if card not in MINE]
HANDS = [MINE, THEIRS]


def sevens_taken_and_claimed(level: str) -> tuple[Game, list[Any]]:
    """Seat 1 takes our two sevens and plays them as sevens; seat 0 is a ``level`` bot."""
    game = deal([list(hand) for hand in HANDS])
    bots = [make_bot(level, random.Random(1)), make_bot("easy", random.Random(2))]
    apply_shown(game, bots, 0, {"type": "play", "cards": ["7H", "7S"], "rank": "7"})
    apply_shown(game, bots, 1, {"type": "challenge"})  # honest: seat 1 takes our sevens
    apply_shown(game, bots, 0, {"type": "play", "cards": ["9C"], "rank": "7"})
    apply_shown(game, bots, 1, {"type": "play", "cards": ["7H", "7S"], "rank": "7"})
    return game, bots


def twice_claimed(level: str) -> tuple[Any, float, float]:
    """After :func:`sevens_taken_and_claimed`, seat 1 claims two sevens again with two eights.
    Returns seat 0's bot and its chance that each claim was honest."""
    game, bots = sevens_taken_and_claimed(level)
    bot = bots[0]
    bot.tracker.sync(game.view(0))
    first = bot.p_honest(game.view(0), 1, 2, "7")
    assert bot.tracker.certain(1, "7") == 2  # it held our sevens when it played them
    apply_shown(game, bots, 0, {"type": "play", "cards": ["9D"], "rank": "7"})
    apply_shown(game, bots, 1, {"type": "play", "cards": ["8C", "8D"], "rank": "7"})
    bot.tracker.sync(game.view(0))
    second = bot.p_honest(game.view(0), 1, 2, "7")
    return bot, first, second


@pytest.mark.parametrize("level", ["medium", "hard", "expert"])
def test_cards_played_once_are_not_held_again(level: str) -> None:
    bot, first, second = twice_claimed(level)
    assert first > 0.9
    assert bot.tracker.certain(1, "7") == 0
    assert second < first  # from the counts alone: it may still hold the two sevens


def test_the_expert_doubts_the_repeat_claim() -> None:
    """With the sevens no longer sure, the Expert's doubt of a repeat claim applies (before, it
    rated this claim 0.99 honest)."""
    _, _, second = twice_claimed("expert")
    assert second < 0.3


def test_a_saved_tracker_remembers_what_a_seat_held_at_its_play() -> None:
    _, bots = sevens_taken_and_claimed("hard")
    bot = bots[0]
    assert isinstance(bot, HardBot)
    back = CardTracker.from_json(json.loads(json.dumps(bot.tracker.to_json())))
    assert back.certain(1, "7") == bot.tracker.certain(1, "7") == 2
    older = bot.tracker.to_json()
    del older["held_at_play"]  # a save from before: only the cards surely still held count
    assert CardTracker.from_json(older).certain(1, "7") == 0
