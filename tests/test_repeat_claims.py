"""A seat that claims a rank a second time in one pile may already have played the cards of that
rank it was seen to hold.  The card tracker of Medium, Hard and the Expert counts those cards as
surely held only up to that play: were they held at every later play of the seat, at two seats
the bots would rate nearly every repeat claim honest, though all of them are lies (docs/bots.md,
"The card tracker").
A claim of a rank the author claimed in an earlier pile, with no pile taken since, is such a
repeat too (docs/bots.md, "Repeat claims")."""

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
from engine.view import visible_events

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
    """With the sevens not sure, the Expert's doubt of a repeat claim applies (were they counted
    as held, it would rate this claim 0.99 honest)."""
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


# Three seats, 36 cards: seat 0 (the rating bot) holds two sevens, seat 1 one, seat 2 the last.
ACROSS = [
    ["7H", "7S", "9C", "9D", "JC", "JD", "QH", "QS", "KH", "KS", "6C", "6D"],
    ["7D", "8C", "8D", "8H", "10C", "10D", "10H", "JH", "QC", "QD", "KC", "KD"],
]
ACROSS.append([card for card in build_deck(36, 1) if card not in ACROSS[0] + ACROSS[1]])


def claimed_again_in_a_new_pile() -> tuple[Game, list[Any], Any]:
    """Seat 1 plays its seven, seat 2 calls and takes the pile, seat 0 opens sevens again and
    seat 1 claims a seven with an eight.  Seat 0 is an Expert; a Hard bot watches seat 0's view
    beside it.  Returns the game, the seated bots and the Hard bot."""
    game = deal([list(hand) for hand in ACROSS])
    bots = [make_bot("expert", random.Random(1))]
    bots += [make_bot("easy", random.Random(seat)) for seat in (2, 3)]
    hard = make_bot("hard", random.Random(1))
    moves = [
        (0, {"type": "play", "cards": ["7H"], "rank": "7"}),
        (1, {"type": "play", "cards": ["7D"], "rank": "7"}),
        (2, {"type": "challenge"}),  # honest: seat 2 takes the pile, seat 1 keeps its hand
        (0, {"type": "play", "cards": ["7S"], "rank": "7"}),
        (1, {"type": "play", "cards": ["8C"], "rank": "7"}),
    ]
    for seat, action in moves:
        hard.observe(visible_events(apply_shown(game, bots, seat, action), 0))
    return game, bots, hard


def test_a_rank_claimed_again_in_a_later_pile_is_doubted() -> None:
    """Seat 1 played every seven it held and has taken no pile since, so its new claim of a seven
    is a lie unless it held one back: the Expert doubts it as a repeat in one pile, while Hard,
    which sees only that one seven is unaccounted for, does not."""
    game, bots, hard = claimed_again_in_a_new_pile()
    expert = bots[0]
    view = game.view(0)
    assert [play["seat"] for play in game.pile] == [0, 1]  # a new pile: no repeat within it
    assert expert.repeat_claims(view, 1, "7") == 1
    expert.tracker.sync(view)
    hard.tracker.sync(view)
    doubted, counted = expert.p_honest(view, 1, 1, "7"), hard.p_honest(view, 1, 1, "7")
    assert counted > 0.2
    assert doubted < counted / 5


def test_taking_a_pile_ends_the_doubt() -> None:
    """Seat 1 calls and takes the pile: any seven in it may be in its hand now."""
    game, bots, _ = claimed_again_in_a_new_pile()
    apply_shown(game, bots, 2, {"type": "play", "cards": ["7C"], "rank": "7"})
    apply_shown(game, bots, 0, {"type": "challenge"})  # honest: seat 0 takes it
    assert bots[0].repeat_claims(game.view(0), 1, "7") == 1  # seat 0's pick-up changes nothing
    game2, bots2, _ = claimed_again_in_a_new_pile()
    apply_shown(game2, bots2, 2, {"type": "challenge"})  # a lie caught: seat 1 takes the pile
    assert bots2[0].claimed.get("1") is None
    assert bots2[0].repeat_claims(game2.view(0), 1, "7") == 0


def test_the_claims_since_a_pick_up_survive_a_save() -> None:
    game, bots, _ = claimed_again_in_a_new_pile()
    saved = json.loads(json.dumps(bots[0].memory_to_json()))
    restored = make_bot("expert", random.Random(9))
    restored.memory_from_json(saved)
    view = game.view(0)
    assert restored.claimed == bots[0].claimed == {"0": ["7", "7"], "1": ["7", "7"]}
    assert restored.repeat_claims(view, 1, "7") == 1
    del saved["memory"]["claimed"]  # a save from before: only this pile's plays count
    older = make_bot("expert", random.Random(9))
    older.memory_from_json(saved)
    assert older.claimed == {}
    assert older.repeat_claims(view, 1, "7") == 0
    saved["memory"]["claimed"] = {"1": "77"}
    with pytest.raises(ValueError, match="claims since each pick-up"):
        make_bot("expert", random.Random(9)).memory_from_json(saved)
