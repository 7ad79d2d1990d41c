"""Open challenge: the bots price who opens the next round (``engine/bots/seating.py``)."""

from __future__ import annotations

import dataclasses
import json
import random
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from engine import Game
from engine.bots.hard import HardBot
from engine.bots.seating import first_callers, play_window
from engine.bots.tuning import HARD_PARAMS
from engine.policies import random_action

OPEN_6P = {"deck": 36, "open_challenge": True, "decks": 2}


def view_of(game: Game, seat: int) -> dict[str, Any]:
    view: dict[str, Any] = json.loads(json.dumps(game.view(seat)))
    return view


@given(st.lists(st.floats(min_value=0.0, max_value=1.0), max_size=6))
def test_first_callers_share_out_the_chance_that_anyone_calls(rates: list[float]) -> None:
    odds = first_callers(range(len(rates)), lambda seat: rates[seat])
    nobody = 1.0
    for rate in rates:
        nobody *= 1 - rate
    assert [seat for seat, _ in odds] == list(range(len(rates)))
    assert all(p >= 0 for _, p in odds)
    assert abs(sum(p for _, p in odds) - (1 - nobody)) < 1e-9


def test_the_window_the_bot_prices_is_the_one_the_engine_opens() -> None:
    """Every play of a six-seat open-challenge game: the seats the bot expects to answer its
    play, in order, are the engine's window and then the next player."""
    game = Game.new({"preset": "classic", "players": 6, "seed": 7, "options": OPEN_6P})
    rng = random.Random(7)
    checked = 0
    while not game.is_over and checked < 40:
        seat = game.to_move
        assert seat is not None
        view = view_of(game, seat)
        action = random_action(view, rng)
        expected = play_window(view, seat) if action["type"] == "play" else None
        game.apply(seat, action)
        if expected is not None and not game.is_over and game.window:
            assert [*game.window, game.turn] == expected
            checked += 1
    assert checked > 0


def test_seating_changes_nothing_without_open_challenge() -> None:
    """The seating terms are keyed to open challenge: on other tables Hard values every option
    exactly as with them switched off."""
    off = dataclasses.replace(HARD_PARAMS, own_open=0.0, threat=0.0)
    game = Game.new({"preset": "classic", "players": 6, "seed": 3, "options": {"decks": 2}})
    rng = random.Random(3)
    while not game.is_over:
        seat = game.to_move
        assert seat is not None
        view = view_of(game, seat)
        assert HardBot(random.Random(1)).options(view) == HardBot(random.Random(1), off).options(
            view
        )
        game.apply(seat, random_action(view, rng))


def test_a_window_seat_calls_rather_than_hand_the_round_to_a_seat_about_to_go_out() -> None:
    """Six seats, open challenge: a one-card claim in the first window seat.  Passing lets the
    next window seat (a likely caller) take the pile, and the seat after it, which holds one
    card, opens the next round and goes out.  Without the seating terms Hard passes; with them
    it calls (ne veryu, or veryu: a believed honest card is discarded and the round goes on),
    so the round is not handed to that seat."""
    game = Game.new({"preset": "classic", "players": 6, "seed": 4, "options": OPEN_6P})
    author = game.to_move
    assert author is not None
    card = game.hands[author][0]
    game.apply(author, {"type": "play", "cards": [card], "rank": card[:-1]})
    seat = game.to_move
    assert game.window
    assert seat == (author + 2) % 6
    assert seat is not None
    view = view_of(game, seat)
    view["hand_sizes"][(author + 4) % 6] = 1
    off = dataclasses.replace(HARD_PARAMS, own_open=0.0, threat=0.0)
    without, with_seating = HardBot(random.Random(1), off), HardBot(random.Random(1))
    for bot in (without, with_seating):  # the next window seat challenged its last 3 chances
        for _ in range(3):
            bot.record_call((author + 3) % 6, 1, True)
    assert without.act(json.loads(json.dumps(view))) == {"type": "pass"}
    assert with_seating.act(view)["type"] in ("challenge", "believe")
