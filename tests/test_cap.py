"""The table's cap: ``Game.end_by_move_limit`` ends the current hand as the move limit would.

The page calls it once only bots are left in a hand and the hand has gone on past a generous
number of moves (docs/rules.md, "The table's cap").
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import EngineError, Game
from engine.policies import play_random, random_action

from .helpers import deal, only, play, rejected, round_trip, types
from .strategies import configs


def test_cap_places_by_cards_held_and_names_its_reason() -> None:
    game = deal([["6H", "7H", "8H"], ["6S"], ["9D", "10D"]])
    play(game, 0, "6H", "6")
    events = game.end_by_move_limit()
    assert types(events) == ["hand_over", "game_over"]
    hand_over = only(events, "hand_over")
    assert hand_over["reason"] == "cap"
    assert hand_over["ranking"] == [
        {"seat": 1, "place": 1, "cards": 1},
        {"seat": 0, "place": 2, "cards": 2},
        {"seat": 2, "place": 2, "cards": 2},
    ]
    assert game.result is not None
    assert game.result["reason"] == "cap"
    assert game.result["winner"] == 1
    assert game.to_move is None


def test_cap_with_a_tie_at_the_top_is_a_draw() -> None:
    game = deal([["6H", "7H"], ["6S", "7S"], ["9D", "10D"]])
    game.end_by_move_limit()
    assert game.result is not None
    assert game.result["draw"] is True
    assert game.result["winner"] is None


def test_cap_keeps_the_places_of_players_already_out() -> None:
    game = deal([["6H"], ["7S", "8S"], ["9D", "10D", "JD"]], options={"ending": "last_loser"})
    play(game, 0, "6H", "6")
    play(game, 1, "7S", "6")  # seat 0's last card stood: out
    events = game.end_by_move_limit()
    ranking = only(events, "hand_over")["ranking"]
    assert [entry["seat"] for entry in ranking] == [0, 1, 2]
    assert only(events, "hand_over")["losers"] == [2]


def test_cap_in_a_match_scores_the_last_place_and_deals_the_next_hand() -> None:
    game = Game.new(
        {"preset": "classic", "players": 3, "seed": 5, "options": {"ending": "match", "hands": 2}}
    )
    rng = random.Random(5)
    for _ in range(7):
        seat = game.to_move
        assert seat is not None
        game.apply(seat, random_action(game.view(seat), rng))
    assert game.hand_number == 1
    sizes = [len(hand) for hand in game.hands]
    events = game.end_by_move_limit()
    assert types(events)[:2] == ["hand_over", "dealt"]
    losers = only(events, "hand_over")["losers"]
    assert losers == [seat for seat in range(3) if sizes[seat] == max(sizes)]
    assert game.scores == [1 if seat in losers else 0 for seat in range(3)]
    assert game.hand_number == 2
    assert game.moves == 0
    assert not game.is_over
    last = game.end_by_move_limit()
    assert types(last)[-1] == "game_over"
    assert only(last, "game_over")["reason"] == "match"


def test_cap_is_refused_once_the_game_is_over() -> None:
    game = deal([["6H"], ["7S", "8S"]])
    game.end_by_move_limit()
    before = game.to_json()
    with pytest.raises(EngineError) as caught:
        game.end_by_move_limit()
    assert caught.value.code == "game_over"
    assert game.to_json() == before
    assert rejected(game, 0, {"type": "challenge"}) == "game_over"


def test_a_capped_game_survives_a_save_and_plays_on_identically() -> None:
    config = {"preset": "classic", "players": 4, "seed": 9, "options": {"ending": "match"}}
    game = Game.new(config)
    rng = random.Random(9)
    play_random(game, rng, 25)
    game.end_by_move_limit()
    again = round_trip(game)
    assert again.to_json() == game.to_json()
    both = random.Random(1), random.Random(1)
    play_random(game, both[0], 100_000)
    play_random(again, both[1], 100_000)
    assert again.to_json() == game.to_json()


def _until_limit(config: dict[str, Any], seed: int) -> tuple[list[Any], list[Any]]:
    """Random actions until a move limit ends the first hand: the actions and the last events."""
    game = Game.new(config)
    rng = random.Random(seed)
    actions: list[Any] = []
    while True:
        seat = game.to_move
        assert seat is not None
        action = random_action(game.view(seat), rng)
        actions.append((seat, action))
        events = game.apply(seat, action)
        hand_over = [event for event in events if event["type"] == "hand_over"]
        if hand_over:
            return actions, events


@settings(max_examples=40, deadline=None)
@given(configs(), st.integers(0, 2**16))
def test_cap_ends_a_hand_exactly_as_the_move_limit_would(config: dict[str, Any], seed: int) -> None:
    """Same actions, one game with a limit, one without: the cap after the last one matches.

    The draw format is left out: a move that reaches the limit starts no turn (nobody draws),
    while the cap comes between moves, after the next player's refill.
    """
    options = {**config["options"], "move_limit": 12}
    if options.get("draw"):
        options["draw"] = False
    limited = {**config, "options": options}
    actions, events = _until_limit(limited, seed)
    hand_over = only(events, "hand_over")
    if hand_over["reason"] != "move_limit":
        return  # the hand ended on its own first: nothing to compare
    game = Game.new({**limited, "options": {**options, "move_limit": None}})
    for seat, action in actions:
        game.apply(seat, action)
    capped = game.end_by_move_limit()
    start = events.index(hand_over)
    expected = [
        {**event, "reason": "cap"} if event.get("reason") == "move_limit" else event
        for event in events[start:]
    ]
    assert capped == expected
