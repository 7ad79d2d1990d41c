"""The Expert's search knobs (the play-out's window calls, the world budget) and its doubt of
repeat claims."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest

from engine import visible_events
from engine.bots.expert import ExpertBot
from engine.bots.hard import HardBot
from engine.bots.sim import Sim, policy_call
from engine.bots.tuning import (
    DRAW_HOLD_BACK,
    HARD_PARAMS,
    HOLD_BACK,
    LATER_HONESTY,
    OPENING_HONESTY,
    SEARCH_PARAMS,
    SearchParams,
)
from engine.cards import build_deck
from engine.lab import arena
from tests.helpers import deal, play, sim_rules


def _window_spot(rate: float) -> Sim:
    """Six seats, open challenge: seat 0 has just claimed one queen; every seat's modelled
    call rate is ``rate``, and nobody's hand makes the claim impossible."""
    players, ranks = 6, 9
    rules = sim_rules(
        players,
        ranks,
        max_play=8,
        copies=8,
        open_challenge=True,
        call_rate=[[rate] * 3] * players,
        filler_rate=[0.2] * players,
    )
    hands = [[1] * ranks for _ in range(players)]
    return Sim(rules, hands, [ranks] * players, [(0, 5, [5])], [], 5, True, 1)


def _window_calls(rate: float) -> int:
    sim, rng = _window_spot(rate), random.Random(7)
    return sum(policy_call(sim, 3, rng) for _ in range(2000))


def test_window_seats_call_at_their_modelled_rate() -> None:
    """The call model counts window chances too, so a window seat calls at its modelled rate;
    at a rate of 0 the window stays quiet (only impossible claims and last cards are called)."""
    assert 1080 <= _window_calls(0.6) <= 1320  # 60 % of 2,000
    assert 240 <= _window_calls(0.12) <= 480  # 12 %
    assert _window_calls(0.0) == 0


def test_max_worlds_overrides_the_budget_only() -> None:
    bot = ExpertBot(random.Random(1), max_worlds=5)
    assert bot.search_params == SearchParams(worlds=5)


def _round_spot(draw: bool = False) -> tuple[list[float], list[float], list[float]]:
    """Three seats, fixed rank: seat 0 opens with one queen, seats 1 and 2 play on, seat 0
    claims one queen again.  Seat 1's Hard and Expert judge seat 0's opening, seat 2's later
    claim and seat 0's repeat from the same events: Hard's chance, the Expert's, and the
    honesty the Expert rates each with.  ``draw``: in the draw format, five cards a hand."""
    deck = build_deck(36, 1)
    queens = [card for card in deck if card.startswith("Q")]
    rest = [card for card in deck if not card.startswith("Q")]
    if draw:
        hands = [[*queens[:2], *rest[:3]], [queens[2], *rest[10:14]], [queens[3], *rest[21:25]]]
        stock = [*rest[3:10], *rest[14:21], *rest[25:]]
        game = deal(hands, options={"draw": True}, stock=stock)
    else:
        game = deal([[*queens[:2], *rest[:10]], [queens[2], *rest[10:21]], [queens[3], *rest[21:]]])
    hard_bot, expert_bot = HardBot(random.Random(1)), ExpertBot(random.Random(1))
    hard: list[float] = []
    expert: list[float] = []
    honesty: list[float] = []

    def seen(events: list[dict[str, object]]) -> None:
        for bot in (hard_bot, expert_bot):
            bot.observe(visible_events(events, 1))

    def judge(author: int) -> None:
        view = game.view(1)
        for bot in (hard_bot, expert_bot):
            bot.sync_sizes(view)
            bot.tracker.sync(view)
        hard.append(hard_bot.p_honest(view, author, 1, "Q"))
        expert.append(expert_bot.p_honest(view, author, 1, "Q"))
        honesty.append(expert_bot.honesty_of(view, author, 1, "Q"))

    seen(play(game, 0, [queens[0]], "Q"))
    judge(0)
    seen(play(game, 1, [rest[10]], "Q"))
    seen(play(game, 2, [rest[21]], "Q"))
    judge(2)
    seen(play(game, 0, [queens[1]], "Q"))
    judge(0)
    return hard, expert, honesty


def test_the_expert_rates_openings_and_later_claims_by_their_own_honesties() -> None:
    """An opener names a rank it holds, and Hard's one set of honesties is pulled down by
    repeat claims: the Expert rates an opening and a later claim each by the honesty fitted on
    its own kind (docs/bots.md, "Honesty by kind of claim"), so it trusts both more than Hard
    here."""
    hard, expert, honesty = _round_spot()
    assert honesty[:2] == [OPENING_HONESTY[False][0], LATER_HONESTY[False][0]]
    assert expert[0] > hard[0]
    assert expert[1] > hard[1]


def test_the_expert_doubts_a_second_claim_of_the_same_rank_by_the_same_author() -> None:
    """An honest author plays every card of the rank it holds, so its second claim of the
    round's rank in one pile is honest only if it held cards back: Expert rates it with Hard's
    honesty and cuts the odds by the chance of holding back."""
    hard, expert, honesty = _round_spot()
    assert honesty[2] == HARD_PARAMS.honesty_for(1, False)
    odds = hard[2] / (1 - hard[2]) * HOLD_BACK
    assert expert[2] == pytest.approx(odds / (1 + odds))
    assert expert[2] < hard[2]


@pytest.mark.parametrize("draw", [False, True])
def test_an_ascending_opening_gets_the_ascending_honesty(draw: bool) -> None:
    """Where the rank ascends the opener did not choose it: its own fit, far lower; in the
    draw format, Hard's set, as for a later claim there (the opening set cost 3 points on such
    a table: docs/bots.md, "Honesty by kind of claim")."""
    deck = build_deck(36, 1)
    if draw:
        hands = [deck[:5], deck[5:10], deck[10:15]]
        game = deal(hands, options={"ascending": True, "draw": True}, stock=deck[15:])
    else:
        hands = [list(hand) for hand in zip(*[iter(deck)] * 12, strict=True)]
        game = deal(hands, options={"ascending": True})
    legal = game.legal(0)
    assert legal is not None
    rank = legal["play"]["ranks"][0]
    card = next(card for card in game.hands[0] if not card.startswith(rank))
    bot = ExpertBot(random.Random(1))
    bot.observe(visible_events(play(game, 0, [card], rank), 1))
    view = game.view(1)
    bot.tracker.sync(view)
    expected = HARD_PARAMS.honesty_for(1, True) if draw else OPENING_HONESTY[True][0]
    assert bot.honesty_of(view, 0, 1, rank) == expected
    assert HARD_PARAMS.honesty_for(1, True) != OPENING_HONESTY[True][0]


def test_in_the_draw_format_an_opening_keeps_its_set_and_a_later_claim_gets_hards() -> None:
    """Hands refill from the stock there, so a later claim says less of its author's hand: the
    Expert rates it with Hard's one set.  An opener still names a rank it holds: its own set
    (docs/bots.md, "Honesty by kind of claim")."""
    _, _, honesty = _round_spot(draw=True)
    assert honesty[:2] == [OPENING_HONESTY[False][0], HARD_PARAMS.honesty_for(1, False)]
    assert HARD_PARAMS.honesty_for(1, False) != LATER_HONESTY[False][0]


def test_in_the_draw_format_a_repeat_claim_is_doubted_less() -> None:
    """The author may have drawn more of the rank since its earlier claim, so the odds are cut
    by ``DRAW_HOLD_BACK``, milder than ``HOLD_BACK``, but still cut."""
    hard, expert, honesty = _round_spot(draw=True)
    assert honesty[2] == HARD_PARAMS.honesty_for(1, False)
    odds = hard[2] / (1 - hard[2]) * DRAW_HOLD_BACK
    assert expert[2] == pytest.approx(odds / (1 + odds))
    assert HOLD_BACK < DRAW_HOLD_BACK < 1.0


def test_a_shapes_weight_acts_on_that_shape_only(capsys: pytest.CaptureFixture[str]) -> None:
    """Hard's weight where the rank ascends, and in the draw format, each change the Expert's
    games on its table shape and nowhere else: the other tables' games stay the same move for
    move (the arena's digests)."""

    def digests(*extra: str) -> list[str]:
        argv = ["--matrix", "--field", "medium", "--levels", "expert", "--games", "3"]
        argv += ["--tables", "classic-4p-36,classic-5p-52-asc,draw-3p", "--digest", "--json"]
        argv += ["--jobs", "1", "--set", "expert.worlds=8", *extra]
        assert arena.main(argv) == 0
        return [row["digest"] for row in json.loads(capsys.readouterr().out.splitlines()[-1])]

    fixed, ascending, draw = digests()
    assert 0.0 not in (SEARCH_PARAMS.ascending_prior_weight, SEARCH_PARAMS.draw_prior_weight)
    changed = digests("--set", "expert.ascending_prior_weight=0.0")
    assert [changed[0], changed[2]] == [fixed, draw]
    assert changed[1] != ascending
    changed = digests("--set", "expert.draw_prior_weight=0.0")
    assert changed[:2] == [fixed, ascending]
    assert changed[2] != draw


def test_an_ascending_table_in_the_draw_format_takes_the_ascending_weight() -> None:
    params = SearchParams(prior_weight=0.5, ascending_prior_weight=0.1, draw_prior_weight=0.2)
    shapes = {(False, False): 0.5, (True, False): 0.1, (False, True): 0.2, (True, True): 0.1}
    for (ascending, draw), weight in shapes.items():
        rules = dataclasses.replace(_window_spot(0.6).rules, ascending=ascending, draw=draw)
        assert params.hard_weight(rules) == weight


def _plays_searched(
    hand: int, search: SearchParams, evidence: float, answering_hand: int = 12
) -> tuple[int, int]:
    """Seat 0's plays Hard lists and those the Expert searches, holding ``hand`` cards of a
    shuffled deck at the first turn, seat 1 (who answers its plays, holding ``answering_hand``
    cards) looking like a judge by ``evidence`` (negative: like a rate caller) and seat 2 the
    opposite."""
    deck = build_deck(36, 1)
    random.Random(3).shuffle(deck)
    split = hand + answering_hand
    game = deal([deck[:hand], deck[hand:split], deck[split:]])
    bot = ExpertBot(random.Random(1), search=search)
    view = json.loads(json.dumps(game.view(0)))
    bot.use_preset(str(view["preset"]))
    bot.sync_sizes(view)
    bot.judges.evidence["1"] = evidence
    bot.judges.evidence["2"] = -evidence
    options = bot.options(view)
    searched = bot.candidates(view, options)
    return (
        sum(option[1]["type"] == "play" for option in options),
        sum(option[1]["type"] == "play" for option in searched),
    )


@pytest.mark.parametrize(
    ("evidence", "rate_caller_below", "plays"),
    [(-10.0, 0.4, 3), (10.0, 0.4, 1), (-10.0, 0.0, 1)],
)
def test_the_expert_searches_more_plays_where_the_next_seat_calls_at_a_rate(
    evidence: float, rate_caller_below: float, plays: int
) -> None:
    """Its play-outs call at each seat's learnt rate, so they rank plays well against a seat
    that calls that way and poorly against one that judges each claim (docs/bots.md, "Candidates"
    in "The search"): the search widens from Hard's best play to
    its three best only while the next seat's answers have looked like a rate caller's."""
    search = dataclasses.replace(SEARCH_PARAMS, rate_caller_below=rate_caller_below)
    listed, searched = _plays_searched(12, search, evidence)
    assert searched == plays
    assert listed > 3  # there were more plays to choose from


@pytest.mark.parametrize(("endgame_hand", "every_play"), [(5, True), (4, False)])
def test_the_expert_searches_every_play_once_its_hand_is_small(
    endgame_hand: int, every_play: bool
) -> None:
    """Near the end of a hand the play-outs see the game out, so they rank plays that Hard's
    one-move values cannot tell apart (docs/bots.md, "Candidates"): with
    five cards left every play Hard lists is searched, even where the next seat judges claims
    and the search otherwise weighs only Hard's best play."""
    search = dataclasses.replace(SEARCH_PARAMS, endgame_hand=endgame_hand)
    listed, searched = _plays_searched(5, search, 10.0)
    assert listed > 3
    assert searched == (listed if every_play else SEARCH_PARAMS.plays)


@pytest.mark.parametrize(
    ("hand", "evidence", "every_play"),
    [(8, -10.0, True), (9, -10.0, False), (8, 10.0, False)],
)
def test_the_expert_searches_every_play_sooner_where_the_next_seat_calls_at_a_rate(
    hand: int, evidence: float, every_play: bool
) -> None:
    """Where the next seat calls at a rate the play-outs foretell its answers, so their means
    rank every play from eight cards down (docs/bots.md,
    "Candidates"); where it judges claims, only from five."""
    listed, searched = _plays_searched(hand, SEARCH_PARAMS, evidence)
    assert listed > 3
    judge = evidence > 0
    widest = SEARCH_PARAMS.plays if judge else SEARCH_PARAMS.rate_caller_plays
    assert searched == (listed if every_play else widest)


@pytest.mark.parametrize(("answering_hand", "every_play"), [(3, True), (4, False)])
def test_the_expert_searches_every_play_once_an_opponent_nears_the_end(
    answering_hand: int, every_play: bool
) -> None:
    """An opponent with three cards or fewer can end the game inside the play-outs, so every
    play is searched even with a full hand and a judge to answer it."""
    listed, searched = _plays_searched(12, SEARCH_PARAMS, 10.0, answering_hand)
    assert listed > 3
    assert searched == (listed if every_play else SEARCH_PARAMS.plays)


def test_an_opponent_hand_of_zero_never_widens_the_search() -> None:
    """``endgame_opponent_hand=0`` turns the widening off: so the lab can weigh it."""
    search = dataclasses.replace(SEARCH_PARAMS, endgame_opponent_hand=0)
    listed, searched = _plays_searched(12, search, 10.0, 1)
    assert listed > 3
    assert searched == SEARCH_PARAMS.plays
