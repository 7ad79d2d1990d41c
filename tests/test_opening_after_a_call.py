"""Who opens after an honest play is called: in the quick edition the duel's winner opens, and
the Expert's one-move values price that round (``Params.duel_open``; docs/bots.md, "The quick
edition")."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from engine.bots.hard import HardBot
from engine.bots.heuristic import opens_after_honest_call
from engine.bots.tuning import EXPERT_PARAMS_BY_PRESET, HARD_PARAMS_BY_PRESET
from engine.cards import rank_of
from tests.helpers import deal

FIVE = [["10C", "3H", "4S", "6H", "JC"], ["2C", "2D", "5C", "7C", "8C", "9C", "QC"]]
THIRD = ["2H", "5D", "7D", "8D", "9D", "KC", "KD"]
TWO_36 = [["10C", "7H", "8S", "6H", "JC"], ["6C", "6D", "9C", "QC", "KC", "AC", "AD"]]
THIRD_36 = ["7D", "8D", "9D", "KD", "QD", "JD", "10D"]


def view_of(hands: list[list[str]], preset: str, options: dict[str, Any]) -> dict[str, Any]:
    game = deal(hands, preset=preset, options=options)
    view: dict[str, Any] = json.loads(json.dumps(game.view(0)))
    return view


@pytest.mark.parametrize(
    ("hands", "preset", "options", "ours"),
    [
        ([*FIVE, THIRD], "quick", {}, True),  # the duel's winner opens
        (TWO_36, "classic", {}, True),  # the seat after the taker: us, with two in play
        ([*TWO_36, THIRD_36], "classic", {}, False),  # the third seat
        (TWO_36, "classic", {"keep_rank_after_failed_challenge": True}, False),  # no new round
        ([*TWO_36, THIRD_36], "classic", {"open_challenge": True}, False),  # seating.py
    ],
)
def test_who_opens_after_our_honest_play_is_called(
    hands: list[list[str]], preset: str, options: dict[str, Any], ours: bool
) -> None:
    assert opens_after_honest_call(view_of(hands, preset, options), 1) is ours


def test_against_a_seat_that_calls_everything_the_expert_keeps_the_round() -> None:
    """Quick, five cards of five ranks, the next seat has called each of our last four plays:
    Hard's values pad one honest card with three bluff cards (if it stood, one card would be
    left); the Expert's also price the round it keeps when its honest card is called, and play
    that card alone."""
    view = view_of([*FIVE, THIRD], "quick", {})
    chosen = []
    for sets in (HARD_PARAMS_BY_PRESET, EXPERT_PARAMS_BY_PRESET):
        bot = HardBot(random.Random(1), dict(sets))
        for key in ("1", "1|1", "1|2", "1|3"):
            bot.call_stats[key] = [4, 4]
        bot.sync_sizes(view)
        bot.use_preset("quick")
        chosen.append(bot.decide(view))
    hard, expert = chosen
    assert len(hard["cards"]) == 4
    assert sum(rank_of(card) == hard["rank"] for card in hard["cards"]) == 1
    assert len(expert["cards"]) == 1
    assert rank_of(expert["cards"][0]) == expert["rank"]


def test_the_classic_sets_and_hard_do_not_price_it() -> None:
    """Only the Expert's quick set prices the round: on the classic table, where it acts only at
    two seats, it measured no gain, and in Hard's quick set it lifted Hard more than the Expert
    (docs/bots.md, "The quick edition")."""
    assert EXPERT_PARAMS_BY_PRESET["classic"] == HARD_PARAMS_BY_PRESET["classic"]
    assert all(params.duel_open == 0.0 for params in HARD_PARAMS_BY_PRESET.values())
    assert EXPERT_PARAMS_BY_PRESET["quick"].duel_open > 0.0
