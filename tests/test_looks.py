"""Hard prices its plays by how they look to the seat that answers (``engine/bots/looks.py``)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import Game
from engine.bots import make_bot
from engine.bots.base import Bot, next_seat
from engine.bots.hard import HardBot
from engine.bots.looks import Judges, judge_calls, p_judge_calls
from engine.cards import RANKS_36, SUITS, rank_of
from engine.lab.arena import apply_shown, seat_bot


def view_of(game: Game, seat: int) -> dict[str, Any]:
    view: dict[str, Any] = json.loads(json.dumps(game.view(seat)))
    return view


def opening_view() -> tuple[dict[str, Any], int, int]:
    game = Game.new({"preset": "classic", "players": 4, "seed": 3, "options": {"deck": 36}})
    seat = game.to_move
    assert seat is not None
    view = view_of(game, seat)
    return view, seat, next_seat(view, seat)


def test_a_judge_always_calls_a_claim_its_own_hand_disproves() -> None:
    """Three of a rank we hold none of are known to be with the next seat: a claim of two of
    that rank is impossible in its eyes, a claim of one is not."""
    view, _, nxt = opening_view()
    held = {rank_of(card) for card in view["hand"]}
    rank = next(rank for rank in RANKS_36 if rank not in held)
    hard = HardBot(random.Random(1))
    hard.tracker.sync(view)
    hard.tracker.entries = [(rank + suit, {nxt}) for suit in SUITS[:3]]
    assert p_judge_calls(view, hard.tracker, [], seat=nxt, rank=rank, count=2) == 1.0
    assert p_judge_calls(view, hard.tracker, [], seat=nxt, rank=rank, count=1) < 0.5


def test_padding_a_play_makes_it_look_worse() -> None:
    """At the opening, every rank we hold: the honest play of all we hold looks less likely to
    be called than the same play padded with two more cards."""
    view, _, nxt = opening_view()
    hard = HardBot(random.Random(1))
    hard.tracker.sync(view)
    counts: dict[str, int] = {}
    for card in view["hand"]:
        counts[rank_of(card)] = counts.get(rank_of(card), 0) + 1
    for rank, held in counts.items():
        honest = p_judge_calls(view, hard.tracker, [], seat=nxt, rank=rank, count=held)
        padded = p_judge_calls(view, hard.tracker, [], seat=nxt, rank=rank, count=held + 2)
        assert honest < padded, (rank, held, honest, padded)


def test_a_judge_calls_what_it_finds_unlikely() -> None:
    assert judge_calls(0.0) == 1.0
    assert judge_calls(0.05) > 0.9
    assert judge_calls(0.6) < 0.01
    assert judge_calls(0.1) > judge_calls(0.3)


def answers_to_hard(
    opponent: str, deals: int
) -> tuple[list[tuple[float, float, bool]], list[float]]:
    """Hard in seat 0 of four, ``opponent`` in the others: for each of Hard's plays, the next
    seat's chance to call it as a judge and at its rate, and whether it called; and Hard's
    evidence for the next seat as a judge when each game ended (the log likelihood ratio that
    moves its weight from the prior, whatever the prior)."""
    answers: list[tuple[float, float, bool]] = []
    evidence: list[float] = []
    for deal in range(deals):
        game = Game.new({"preset": "classic", "players": 4, "seed": deal, "options": {}})
        bots: list[Bot] = [make_bot("hard", random.Random(deal))]
        bots += [seat_bot(opponent, random.Random(f"{deal}:{seat}")) for seat in (1, 2, 3)]
        hard = bots[0]
        assert isinstance(hard, HardBot)
        pending: list[float] | None = None
        while not game.is_over:
            seat = game.to_move
            assert seat is not None
            action = bots[seat].act(view_of(game, seat))
            if seat == 0:
                pending = hard.answering.get("1")
            elif seat == 1 and pending is not None:
                answers.append((pending[0], pending[1], action["type"] == "challenge"))
                pending = None
            apply_shown(game, bots, seat, action)
        evidence.append(hard.judges.of(1))
    return answers, evidence


def brier(answers: list[tuple[float, float, bool]], which: int) -> float:
    return sum((row[which] - row[2]) ** 2 for row in answers) / len(answers)


def test_medium_answers_as_a_judge_and_hard_learns_it() -> None:
    """Medium calls the claims its counts make unlikely: the judge model predicts its answers
    to Hard's plays better than its call rate does, and by the end of most games Hard weighs it
    as a judge above its prior (on average by odds of e^0.4 = 1.5 to 1 or more)."""
    answers, evidence = answers_to_hard("medium", 30)
    assert len(answers) > 100
    assert brier(answers, 0) < 0.8 * brier(answers, 1)
    assert sum(each > 0 for each in evidence) >= 0.75 * len(evidence)
    assert sum(evidence) / len(evidence) > 0.4


def test_a_caller_at_a_fixed_rate_is_learnt_as_one() -> None:
    """The random caller calls at its rate whatever the claim: the rate predicts it better, and
    Hard ends its games weighing it as a rate caller, below its prior as a judge."""
    answers, evidence = answers_to_hard("random_high", 20)
    assert brier(answers, 1) < brier(answers, 0)
    assert sum(evidence) / len(evidence) < -1.0


@given(
    st.lists(
        st.tuples(
            st.floats(min_value=0.0, max_value=1.0),
            st.floats(min_value=0.0, max_value=1.0),
            st.booleans(),
        ),
        max_size=20,
    ),
    st.floats(min_value=0.05, max_value=0.95),
)
def test_each_answer_moves_the_weight_towards_the_model_that_foresaw_it(
    answers: list[tuple[float, float, bool]], prior: float
) -> None:
    judges = Judges()
    assert judges.weight(0, 0.0) == 0.0
    assert judges.weight(0, 1.0) == 1.0
    for as_judge, as_rate, called in answers:
        before = judges.weight(0, prior)
        judges.answered(0, called, as_judge, as_rate)
        after = judges.weight(0, prior)
        judge_saw = as_judge if called else 1 - as_judge
        rate_saw = as_rate if called else 1 - as_rate
        if judge_saw > rate_saw + 0.05:
            assert after >= before
        elif rate_saw > judge_saw + 0.05:
            assert after <= before
    assert Judges.from_json(json.loads(json.dumps(judges.to_json()))).weight(0, prior) == (
        judges.weight(0, prior)
    )


def test_a_save_from_before_the_judges_restores() -> None:
    """A Hard bot saved before it learnt judges (no such keys in its memory) loads, starts
    them afresh, and plays on."""
    game = Game.new({"preset": "classic", "players": 4, "seed": 5, "options": {}})
    bots = [make_bot("hard", random.Random(seat)) for seat in range(4)]
    for _ in range(8):  # the game lasts 12 moves: the bot has memory, the game goes on
        seat = game.to_move
        assert seat is not None
        apply_shown(game, bots, seat, bots[seat].act(view_of(game, seat)))
    seat = game.to_move
    assert seat is not None
    saved = json.loads(json.dumps(bots[seat].memory_to_json()))
    for key in ("judges", "claim", "answering", "table"):
        del saved["memory"][key]
    clone = make_bot("hard", random.Random("other"))
    clone.memory_from_json(saved)
    assert isinstance(clone, HardBot)
    assert clone.judges.evidence == {}
    view = view_of(game, seat)
    game.apply(seat, clone.act(view))  # a legal action (the engine refuses any other)


def test_a_save_whose_last_view_is_not_one_is_refused() -> None:
    """The judges' memory comes back from a save: a last view of the wrong shape is refused at
    once (the worker answers bad_save) instead of failing at the bot's next move."""
    game = Game.new({"preset": "classic", "players": 4, "seed": 5, "options": {}})
    player = make_bot("hard", random.Random(1))
    seat = game.to_move
    assert seat is not None
    player.act(view_of(game, seat))
    saved = json.loads(json.dumps(player.memory_to_json()))
    saved["memory"]["table"] = {"hand": 3}
    with pytest.raises(ValueError, match="last view"):
        make_bot("hard", random.Random(2)).memory_from_json(saved)
