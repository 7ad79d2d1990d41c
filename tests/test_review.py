"""The end-of-hand review (engine.review): the hand's true story, told from its action log."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import Game
from engine.policies import random_action
from engine.review import reviews
from tests.strategies import configs


def test_review_of_a_hand_with_a_bluff_caught_and_an_honest_play_believed() -> None:
    game = Game.from_deal(
        {
            "preset": "classic",
            "players": 2,
            "dealer": 1,
            "options": {},
            "hands": [["7H", "9C", "9D"], ["8C", "8D"]],
        }
    )
    assert reviews(game) == []
    game.apply(0, {"type": "play", "cards": ["9C"], "rank": "8"})
    game.apply(1, {"type": "challenge"})  # a bluff: seat 0 takes 9C back
    game.apply(1, {"type": "play", "cards": ["8C", "8D"], "rank": "8"})
    game.apply(0, {"type": "believe"})  # honest: discarded, seat 1 is out, the hand ends
    assert game.is_over
    (review,) = reviews(game)
    assert review["plays"] == [
        {"seat": 0, "rank": "8", "cards": ["9C"], "honest": False, "call": "challenge"},
        {"seat": 1, "rank": "8", "cards": ["8C", "8D"], "honest": True, "call": "believe"},
    ]
    assert review["calls"] == [
        {"seat": 1, "kind": "challenge", "target": 0, "play": 0, "taker": 0, "taken": 1,
         "right": True},
        {"seat": 0, "kind": "believe", "target": 1, "play": 1, "taker": None, "taken": 0,
         "right": True},
    ]  # fmt: skip
    assert review["players"] == [
        {"seat": 0, "plays": 1, "bluffs": 1, "caught": 1, "calls_won": 1, "calls_lost": 0,
         "taken": 1},
        {"seat": 1, "plays": 1, "bluffs": 0, "caught": 0, "calls_won": 1, "calls_lost": 0,
         "taken": 0},
    ]  # fmt: skip
    assert review["hands"] == [["7H", "9C", "9D"], []]
    assert (review["hand"], review["reason"], review["losers"]) == (1, "out", [])


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(config=configs(), policy_seed=st.integers(0, 2**16))
def test_review_matches_the_engines_events(config: dict[str, Any], policy_seed: int) -> None:
    game = Game.new(config)
    rng = random.Random(policy_seed)
    hands: list[list[dict[str, Any]]] = [[]]  # the engine's events, hand by hand
    ends: list[list[int]] = []  # cards held at the end, seat by seat
    for _ in range(400):
        mover = game.to_move
        if mover is None:
            break
        for event in game.apply(mover, random_action(game.view(mover), rng)):
            hands[-1].append(event)
            if event["type"] == "hand_over":
                ends.append([e["cards"] for e in sorted(event["ranking"], key=lambda e: e["seat"])])
                hands.append([])
    told = reviews(game)
    assert len(told) == len(ends)
    for review, events, sizes in zip(told, hands, ends, strict=False):
        played = [e for e in events if e["type"] == "played"]
        assert [(p["seat"], p["rank"], p["cards"]) for p in review["plays"]] == [
            (e["seat"], e["rank"], e["cards"]) for e in played
        ]
        revealed = [e for e in events if e["type"] == "revealed"]
        assert [review["plays"][c["play"]]["honest"] for c in review["calls"]] == [
            e["honest"] for e in revealed
        ]
        assert sum(p["call"] is not None for p in review["plays"]) == len(review["calls"])
        assert [len(hand) for hand in review["hands"]] == sizes
        for line in review["players"]:
            assert line["caught"] <= line["bluffs"] <= line["plays"]
        assert sum(line["calls_won"] + line["calls_lost"] for line in review["players"]) == len(
            review["calls"]
        )
    if game.is_over and told:
        assert told[-1]["hands"] == game.hands
