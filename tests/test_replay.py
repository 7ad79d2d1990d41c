"""Replay links (engine.replay): a game's record in a link plays back to the very same game,
event for event, and a link whose actions were changed is refused instead of showing another
game under the sharer's name."""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import EngineError, Game
from engine.game import Event
from engine.lab.replay_sizes import bot_game
from engine.links import pack
from engine.policies import random_action
from engine.replay import decode, encode, link
from tests.strategies import configs

TABLE = {
    "human": 0,
    "seats": [
        {"name": "", "level": "human"},
        {"name": "Ada", "level": "medium"},
        {"name": "", "level": "hard"},
        {"name": "", "level": "random"},
    ],
}


def random_game(
    game: Game, rng: random.Random, moves: int, cap: bool
) -> tuple[Game, list[list[Event]]]:
    """Random legal play for at most ``moves`` moves, then the table's cap if ``cap``; the events
    of every action, in order."""
    steps: list[list[Event]] = []
    while not game.is_over and len(steps) < moves:
        seat = game.to_move
        assert seat is not None
        steps.append(game.apply(seat, random_action(game.view(seat), rng)))
    if cap and not game.is_over:
        steps.append(game.end_by_move_limit())
    return game, steps


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(configs(), st.integers(0, 2**32), st.integers(1, 400), st.booleans())
def test_a_link_replays_every_event_of_the_game(
    config: dict[str, Any], seed: int, moves: int, cap: bool
) -> None:
    game, steps = random_game(Game.new(config), random.Random(seed), moves, cap)
    replay = decode(link(game))
    assert replay.steps == steps
    assert replay.game_at(len(steps)).to_json() == game.to_json()
    assert replay.table is None


def test_an_explicit_deal_travels_as_its_hands() -> None:
    game = Game.from_deal(
        {
            "preset": "classic",
            "players": 3,
            "options": {},
            "hands": [["7H", "7S", "10C"], ["8C", "10D"], ["9D", "AS"]],
        }
    )
    played, steps = random_game(game, random.Random(3), 50, False)
    record = encode(played)
    assert record["d"] == {"hands": [["7H", "7S", "10C"], ["8C", "10D"], ["9D", "AS"]], "stock": []}
    replay = decode(link(played))
    assert replay.steps == steps
    assert replay.game_at(len(steps)).to_json() == played.to_json()


def test_actions_are_written_in_one_short_token_each() -> None:
    game = Game.from_deal(
        {
            "preset": "classic",
            "players": 2,
            "options": {},
            "hands": [["10H", "7S", "QC"], ["8C", "9D"]],
        }
    )
    game.apply(0, {"type": "play", "cards": ["10H", "7S"], "rank": "10"})
    game.apply(1, {"type": "challenge"})
    assert encode(game)["a"] == "TTH7S,c"


def test_the_table_rides_along_and_the_viewer_can_step_anywhere() -> None:
    game, steps = random_game(
        Game.new({"preset": "classic", "players": 4, "seed": 5}), random.Random(5), 30, False
    )
    replay = decode(link(game, TABLE))
    assert replay.table == TABLE
    assert replay.game_at(0).to_json() == Game.new(game.config.to_json()).to_json()
    assert replay.game_at(-4).to_json() == replay.game_at(0).to_json()  # the slider's ends
    assert replay.game_at(len(steps) + 9).to_json() == game.to_json()


def finished_game() -> Game:
    game, _ = random_game(
        Game.new({"preset": "quick", "players": 4, "seed": 11}), random.Random(11), 10_000, False
    )
    assert game.is_over
    return game


def edited(game: Game, change: Any) -> str:
    record = encode(game)
    change(record)
    return pack(record)


def _another_legal_first_play(record: dict[str, Any]) -> None:
    game = Game.new(record["c"])
    seat = game.to_move
    tokens = record["a"].split(",")
    first = tokens[0]
    hand = game.view(seat)["hand"]
    others = [card for card in hand if card[:-1].replace("10", "T") + card[-1] not in first[1:]]
    token = first[0] + others[0].replace("10", "T")
    assert token != first
    record["a"] = ",".join([token, *tokens[1:]])


@pytest.mark.parametrize(
    ("change", "code"),
    [
        (lambda r: r.update(a="c," + r["a"]), "replay_mismatch"),  # a call with nothing to call
        (lambda r: r.update(a=r["a"].rsplit(",", 1)[0]), "replay_mismatch"),  # last action cut
        (_another_legal_first_play, "replay_mismatch"),  # legal, but another game
        (lambda r: r.update(h="0" * 16), "replay_mismatch"),
        (lambda r: r["c"].update(seed=r["c"]["seed"] + 1), "replay_mismatch"),  # another deal
        (lambda r: r.update(v=2), "bad_link"),
        (lambda r: r.update(extra=1), "bad_link"),
        (lambda r: r.pop("h"), "bad_link"),
        (lambda r: r["c"].update(players=9), "bad_link"),
        (lambda r: r.update(a=r["a"] + ",zz"), "bad_link"),
        (lambda r: r.update(t={"human": 7, "seats": []}), "bad_link"),
        (lambda r: r.update(d={"hands": 3}), "bad_link"),
    ],
)
def test_an_edited_link_is_refused(change: Any, code: str) -> None:
    with pytest.raises(EngineError) as refused:
        decode(edited(finished_game(), change))
    assert refused.value.code == code


@pytest.mark.parametrize("text", ["", "not a link!", pack([1, 2]), pack({"v": 1}), 42, None])
def test_what_is_no_replay_at_all_is_a_bad_link(text: object) -> None:
    with pytest.raises(EngineError) as refused:
        decode(text)
    assert refused.value.code == "bad_link"


def test_a_typical_four_player_game_fits_well_under_two_thousand_characters() -> None:
    for preset in ("classic", "quick"):
        game = bot_game(preset, 4, seed=1, level="medium")
        assert game.is_over
        text = link(game, TABLE)
        assert len(text) < 1500, (preset, len(text))
        assert decode(text).table == TABLE
