"""The told-the-top-play ceiling: the told bot knows the top play's truth at its decision and
nothing more, and its shipped row is the arena's own games."""

from __future__ import annotations

import random

import pytest

from engine.bots.hard import HardBot
from engine.cards import rank_of
from engine.game import Game
from engine.lab import arena, told
from engine.view import visible_events


def _after_opening(
    honest: bool, tells: str = "all"
) -> tuple[Game, told.ToldHard, HardBot, int, str]:
    """A classic game after its opener played one card, honest or a bluff; the bots that saw
    it from the next seat (the told one given the truths ``tells`` names)."""
    game = Game.new({"preset": "classic", "players": 4, "seed": 5, "options": {}})
    opener = game.to_move
    assert opener is not None
    card = game.hands[opener][0]
    legal = game.legal(opener)
    assert legal is not None
    other_ranks = [r for r in legal["play"]["ranks"] if r != rank_of(card)]
    rank = rank_of(card) if honest else other_ranks[0]
    seat = (opener + 1) % 4
    told_bot = told.told_bot("hard", tells)(random.Random(1))
    assert isinstance(told_bot, told.ToldHard)
    hard_bot = HardBot(random.Random(1))
    told.TOP_PLAY.clear()
    events = game.apply(opener, {"type": "play", "cards": [card], "rank": rank})
    for bot in (told_bot, hard_bot):
        bot.observe(visible_events(events, seat))
    told.remember_top(events)
    assert game.to_move == seat
    return game, told_bot, hard_bot, opener, rank


@pytest.mark.parametrize("honest", [True, False])
def test_the_told_bot_knows_the_top_play_at_its_decision(honest: bool) -> None:
    game, told_bot, hard_bot, opener, rank = _after_opening(honest)
    seat = game.to_move
    assert seat is not None
    view = game.view(seat)
    hard_bot.decide(view)
    told_bot.decide(view)
    assert told_bot.p_honest(view, opener, 1, rank) == (1.0 if honest else 0.0)
    assert 0.0 < hard_bot.p_honest(view, opener, 1, rank) < 1.0


def test_no_truth_for_another_claim_or_outside_a_decision() -> None:
    """Its own candidate claims and claims rated while observing (a view without ``legal``)
    keep the shipped belief."""
    game, _, _, opener, rank = _after_opening(False)
    seat = game.to_move
    assert seat is not None
    view = game.view(seat)
    assert told.top_truth(view, opener, 1, rank) == 0.0
    assert told.top_truth(view, opener, 2, rank) is None
    assert told.top_truth(view, seat, 1, rank) is None
    observing = {key: value for key, value in view.items() if key != "legal"}
    assert told.top_truth(observing, opener, 1, rank) is None


def test_the_shipped_row_is_the_arenas_games() -> None:
    """The tool's "as shipped" cell plays the matrix's deals exactly as the arena does, so the
    told row beside it differs by the truth alone."""
    tables = arena.matrix_cell("hard", ["honest", "random_high"], "noaces-2p", 6, 1, 400)
    played = arena.run_ordered(tables, 1)
    shares = [result.shares[table.tag] for table, result in zip(tables, played, strict=True)]
    low, high = arena.wilson(sum(shares), len(shares))
    expected = f"{100 * sum(shares) / 6:.1f} [{100 * low:.1f}, {100 * high:.1f}]"
    assert told.win_rate(tables, 1) == expected


@pytest.mark.parametrize("tells", ["honest", "lies"])
@pytest.mark.parametrize("honest", [True, False])
def test_a_half_told_bot_knows_only_its_half(tells: str, honest: bool) -> None:
    """``--told honest`` gives the truth of honest top plays only, ``--told lies`` of bluffs
    only; for the other half the bot keeps Hard's own chance."""
    game, half_bot, hard_bot, opener, rank = _after_opening(honest, tells)
    seat = game.to_move
    assert seat is not None
    view = game.view(seat)
    hard_bot.decide(view)
    half_bot.decide(view)
    shipped = hard_bot.p_honest(view, opener, 1, rank)
    told_half = half_bot.p_honest(view, opener, 1, rank)
    if honest == (tells == "honest"):
        assert told_half == (1.0 if honest else 0.0)
    else:
        assert told_half == shipped
        assert 0.0 < told_half < 1.0
