"""The Expert's search knobs (the play-out's window calls, the tuner's Expert trials) and its
doubt of repeat claims."""

from __future__ import annotations

import random

import pytest

from engine import visible_events
from engine.bots.expert import HOLD_BACK, SEARCH_PARAMS, ExpertBot, SearchParams
from engine.bots.hard import HardBot
from engine.bots.sim import Rules, Sim, policy_call
from engine.cards import build_deck
from engine.lab import arena, tune
from tests.helpers import deal, play


def _window_spot(window_factor: float) -> Sim:
    """Six seats, open challenge: seat 0 has just claimed one queen; every seat's modelled
    call rate is 60 %, and nobody's hand makes the claim impossible."""
    players, ranks = 6, 9
    rules = Rules(
        players=players,
        ranks=ranks,
        max_play=8,
        copies=8,
        quick=False,
        ascending=False,
        order=list(range(ranks)),
        allowed=list(range(ranks)),
        open_challenge=True,
        draw=False,
        single=True,
        keep_rank=False,
        call_rate=[[0.6, 0.6, 0.6]] * players,
        filler_rate=[0.2] * players,
        window_factor=window_factor,
    )
    hands = [[1] * ranks for _ in range(players)]
    return Sim(rules, hands, [ranks] * players, [(0, 5, [5])], [], 5, True, 1)


def _window_calls(window_factor: float) -> int:
    sim, rng = _window_spot(window_factor), random.Random(7)
    return sum(policy_call(sim, 3, True, rng) == 1 for _ in range(2000))


def test_window_seats_call_at_the_modelled_rate_scaled_by_the_window_factor() -> None:
    """The call model counts window chances too, so a factor of 1 plays them at that rate;
    a factor of 0 keeps the window quiet (only impossible claims and last cards are called)."""
    assert 1080 <= _window_calls(1.0) <= 1320  # 60 % of 2,000
    assert 240 <= _window_calls(0.2) <= 480  # 12 %
    assert _window_calls(0.0) == 0


def test_the_tuner_seats_the_expert_with_the_trial_search_parameters() -> None:
    trial = SearchParams(worlds=2, plays=1, depth=6)
    tune.register("expert", trial)
    bot = arena.seat_bot(tune.TRIAL, random.Random(1))
    assert isinstance(bot, ExpertBot)
    assert bot.search_params == trial
    assert tune.start_of("expert") == SEARCH_PARAMS
    rows = arena.matrix(
        [tune.TRIAL], ["honest"], ["noaces-2p"], {tune.TRIAL: 4}, 1, arena.DEFAULT_MOVE_LIMIT, 1
    )
    assert rows[0]["games"] == 4


def test_max_worlds_overrides_the_budget_only() -> None:
    bot = ExpertBot(random.Random(1), max_worlds=5)
    assert bot.search_params == SearchParams(worlds=5)


def _repeat_claim_spot() -> tuple[list[float], list[float]]:
    """Three seats, fixed rank: seat 0 claims one queen, seats 1 and 2 play on, seat 0 claims
    one queen again.  Seat 1's Hard and Expert judge both of seat 0's claims from the same
    events."""
    deck = build_deck(36, 1)
    queens = [card for card in deck if card.startswith("Q")]
    rest = [card for card in deck if not card.startswith("Q")]
    game = deal([[*queens[:2], *rest[:10]], [queens[2], *rest[10:21]], [queens[3], *rest[21:]]])
    bots = [HardBot(random.Random(1)), ExpertBot(random.Random(1))]
    hard: list[float] = []
    expert: list[float] = []

    def seen(events: list[dict[str, object]]) -> None:
        for bot in bots:
            bot.observe(visible_events(events, 1))

    def judge() -> None:
        view = game.view(1)
        for bot in bots:
            bot.sync_sizes(view)
            bot.tracker.sync(view)
        hard.append(bots[0].p_honest(view, 0, 1, "Q"))
        expert.append(bots[1].p_honest(view, 0, 1, "Q"))

    seen(play(game, 0, [queens[0]], "Q"))
    judge()
    seen(play(game, 1, [rest[10]], "Q"))
    seen(play(game, 2, [rest[21]], "Q"))
    seen(play(game, 0, [queens[1]], "Q"))
    judge()
    return hard, expert


def test_the_expert_doubts_a_second_claim_of_the_same_rank_by_the_same_author() -> None:
    """An honest author plays every card of the rank it holds, so its second claim of the
    round's rank in one pile is honest only if it held cards back: Expert cuts that claim's
    odds by the chance of holding back; the first claim it judges as Hard does."""
    hard, expert = _repeat_claim_spot()
    assert expert[0] == hard[0]
    odds = hard[1] / (1 - hard[1]) * HOLD_BACK
    assert expert[1] == pytest.approx(odds / (1 + odds))
    assert expert[1] < hard[1]
