"""Odd inputs at the door, and outputs that never reach back into the game.

Every public function either works or raises ``EngineError`` with a code (the protocol functions
answer with the error instead), whatever JSON-representable value it is given; and nothing the
engine returns (events, views, saves) shares a list or a dict with the game.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import EngineError, Game, visible_events
from engine import protocol as text_protocol
from engine.inputs import MAX_DEPTH, MAX_INT
from engine.policies import random_action
from tests.helpers import deal, play
from tests.strategies import configs

CONFIG = {"preset": "classic", "players": 3, "seed": 1}


def nested(depth: int, leaf: Any = 0) -> Any:
    value = leaf
    for level in range(depth):
        value = [value] if level % 2 else {"type": value}
    return value


def code_of(call: Callable[[], object]) -> str:
    with pytest.raises(EngineError) as caught:
        call()
    assert caught.value.message
    return caught.value.code


def answer_of(text: str) -> str:
    reply = json.loads(text)
    assert set(reply) == {"error", "message"}
    return str(reply["error"])


def save_text() -> str:
    return json.dumps(Game.new(CONFIG).to_json())


# ----------------------------------------------------------------- nesting


@pytest.mark.parametrize("depth", [MAX_DEPTH + 1, 2000, 100_000])
def test_deep_nesting_is_refused_by_every_public_function(depth: int) -> None:
    deep = nested(depth)
    game = Game.new(CONFIG)
    before = game.to_json()
    assert code_of(lambda: Game.new({**CONFIG, "options": deep})) == "bad_config"
    assert code_of(lambda: Game.from_deal({**CONFIG, "hands": deep})) == "bad_deal"
    assert code_of(lambda: Game.from_json({**before, "actions": deep})) == "bad_save"
    assert code_of(lambda: game.apply(0, {"type": "play", "cards": deep, "rank": "6"})) == (
        "bad_action"
    )
    assert code_of(lambda: game.view(deep)) == "bad_seat"
    assert code_of(lambda: visible_events([deep], 0)) == "bad_json"
    assert game.to_json() == before
    text = "[" * depth + "]" * depth
    assert answer_of(text_protocol.new_game(text)) in ("bad_json", "bad_config")
    assert answer_of(text_protocol.view(text, 0)) in ("bad_json", "bad_save")
    assert answer_of(text_protocol.apply(save_text(), 0, text)) in ("bad_json", "bad_action")


def test_nesting_up_to_the_bound_is_read_and_judged_on_its_merits() -> None:
    # config, options, deck, then 13 levels: the innermost value is 16 deep, the bound.
    assert code_of(lambda: Game.new({**CONFIG, "options": {"deck": nested(MAX_DEPTH - 3)}})) == (
        "bad_option"
    )


# ----------------------------------------------------------------- integer sizes


@pytest.mark.parametrize(
    "huge",
    [MAX_INT + 1, -MAX_INT - 1, 2**64, 10**5000, -(10**5000)],
    ids=["max+1", "-max-1", "2**64", "10**5000", "-10**5000"],
)
def test_integers_beyond_the_bound_are_refused_everywhere(huge: int) -> None:
    game = Game.new(CONFIG)
    before = game.to_json()
    assert code_of(lambda: Game.new({**CONFIG, "seed": huge})) == "bad_config"
    assert code_of(lambda: Game.new({**CONFIG, "players": huge})) == "bad_config"
    assert code_of(lambda: Game.from_deal({**CONFIG, "hands": [[huge]]})) == "bad_deal"
    assert code_of(lambda: Game.from_json({**before, "moves": huge})) == "bad_save"
    assert code_of(lambda: game.apply(huge, {"type": "challenge"})) == "bad_seat"
    assert code_of(lambda: game.apply(0, {"type": "play", "cards": [huge], "rank": "6"})) == (
        "bad_action"
    )
    assert code_of(lambda: game.view(huge)) == "bad_seat"
    assert code_of(lambda: visible_events([{"type": "played", "seat": huge}], 0)) == "bad_json"
    assert code_of(lambda: visible_events([], huge)) == "bad_seat"
    assert game.to_json() == before
    assert answer_of(text_protocol.view(save_text(), huge)) == "bad_seat"


def test_a_number_too_long_to_read_is_bad_json_to_the_protocol() -> None:
    text = '{"preset": "classic", "players": 3, "seed": ' + "9" * 5000 + "}"
    assert answer_of(text_protocol.new_game(text)) == "bad_json"


def test_a_huge_seed_of_a_match_is_refused_at_the_door_not_on_hand_two() -> None:
    match = {"preset": "classic", "players": 3, "options": {"ending": "match", "hands": 2}}
    assert code_of(lambda: Game.new({**match, "seed": 10**5000})) == "bad_config"
    game = Game.new({**match, "seed": MAX_INT})  # the largest seed deals every hand
    game.end_by_move_limit()
    assert game.hand_number == 2
    assert not game.is_over


@pytest.mark.parametrize("odd", [float("nan"), float("inf"), {1: 2}, (1, 2), {1, 2}, b"6H"])
def test_values_json_does_not_have_are_refused(odd: object) -> None:
    assert code_of(lambda: Game.new({**CONFIG, "seed": odd})) == "bad_config"
    assert code_of(lambda: Game.new(CONFIG).apply(0, {"type": "play", "cards": [odd]})) == (
        "bad_action"
    )


# ----------------------------------------------------------------- the protocol's text


@pytest.mark.parametrize("not_text", [None, 0, 1.5, True, [], {}, {"preset": "classic"}, b"{}"])
def test_protocol_functions_answer_an_error_for_what_is_not_text(not_text: Any) -> None:
    assert answer_of(text_protocol.new_game(not_text)) == "bad_json"
    assert answer_of(text_protocol.view(not_text, 0)) == "bad_json"
    assert answer_of(text_protocol.apply(not_text, 0, '{"type": "challenge"}')) == "bad_json"
    assert answer_of(text_protocol.apply(save_text(), 0, not_text)) == "bad_json"


# ----------------------------------------------------------------- events given back


@pytest.mark.parametrize(
    ("events", "seat", "code"),
    [
        ([{}], 0, "bad_json"),
        ([{"type": 3}], 0, "bad_json"),
        ([None], 0, "bad_json"),
        ({"type": "played"}, 0, "bad_json"),
        ("played", 0, "bad_json"),
        ([], "0", "bad_seat"),
        ([], None, "bad_seat"),
        ([], True, "bad_seat"),
    ],
)
def test_visible_events_refuses_what_are_not_events(events: Any, seat: Any, code: str) -> None:
    assert code_of(lambda: visible_events(events, seat)) == code


def test_visible_events_hides_cards_of_a_played_event_that_names_no_seat() -> None:
    assert visible_events([{"type": "played", "cards": ["6H"]}], 0) == [{"type": "played"}]


# ----------------------------------------------------------------- nothing returned is shared


def test_appending_to_a_played_events_cards_leaves_the_pile_alone() -> None:
    game = deal([["6H", "7H"], ["6S", "7S"], ["6D", "7D"]])
    events = play(game, 0, ["6H"], "6")
    played = next(event for event in events if event["type"] == "played")
    played["cards"].append("7H")
    assert game.view(0)["pile_size"] == 1
    assert game.to_json()["pile"] == [{"seat": 0, "cards": ["6H"], "rank": "6"}]


def vandalize(value: Any) -> None:
    """Change every list and dict inside ``value`` (the caller's copy, if the engine is right)."""
    containers = []
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            containers.append(item)
            stack.extend(item.values())
        elif isinstance(item, list):
            containers.append(item)
            stack.extend(item)
    for container in containers:
        if isinstance(container, dict):
            container["vandal"] = True
        else:
            container.append("vandal")


@settings(max_examples=20, deadline=None)
@given(configs(), st.integers(0, 2**16))
def test_nothing_returned_shares_a_list_or_dict_with_the_game(
    config: dict[str, Any], seed: int
) -> None:
    game = Game.new(config)
    rng = random.Random(seed)
    for step in range(200):
        seat = game.to_move
        if seat is None:
            break
        before = json.dumps(game.to_json())
        views = [game.view(s) for s in range(config["players"])]
        legal = game.legal(seat)
        vandalize(views)
        vandalize(legal)
        vandalize(game.to_json())
        assert json.dumps(game.to_json()) == before
        action = random_action(game.view(seat), rng)
        events = game.end_by_move_limit() if step == 120 else game.apply(seat, action)
        after = json.dumps(game.to_json())
        seen = [visible_events(events, s) for s in range(config["players"])]
        vandalize(events)
        vandalize(seen)
        vandalize(action)
        assert json.dumps(game.to_json()) == after


@pytest.mark.parametrize(
    "seat",
    [0.0, False, "0", None, [0], 10**5000],
    ids=["0.0", "False", "'0'", "None", "[0]", "huge"],
)
def test_legal_names_no_action_for_what_is_not_a_seat(seat: object) -> None:
    game = Game.new(CONFIG)
    assert game.to_move == 0
    assert game.legal(seat) is None  # type: ignore[arg-type]
