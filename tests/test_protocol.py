"""The protocol: events as data, visible_events, the view of one seat, JSON saves, determinism."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

from engine import EngineError, Game, describe, visible_events
from engine import protocol as text_protocol
from engine.config import OPTIONS
from engine.policies import play_random, random_action
from tests.helpers import (
    believe,
    card_strings,
    challenge,
    deal,
    hand,
    play,
    round_trip,
    types,
    with_state,
)
from tests.strategies import all_configs

VIEW_KEYS = {
    "seat",
    "players",
    "preset",
    "options",
    "hand",
    "hand_sizes",
    "pile_size",
    "stock_size",
    "discard",
    "round_rank",
    "next_rank",
    "opening",
    "last_play",
    "revealed",
    "to_move",
    "turn",
    "window",
    "out",
    "scores",
    "hand_number",
    "dealer",
    "moves",
    "move_limit",
    "over",
    "result",
    "legal",
}

DRAW_HANDS = [
    ["6H", "7H", "8H", "9H", "10H"],
    ["6C", "6D", "9C"],
    ["10D", "JD", "QD", "KD", "AD"],
]

# ----------------------------------------------------------------- events


def test_events_are_plain_json_data_with_their_parameters() -> None:
    game = deal(DRAW_HANDS, options={"draw": True}, stock=["KC", "KH", "AC"])
    events = play(game, 0, ["7H"], "6")
    assert events == [
        {"type": "round_opened", "seat": 0, "rank": "6"},
        {"type": "played", "seat": 0, "count": 1, "rank": "6", "cards": ["7H"]},
        {"type": "drew", "seat": 1, "count": 2, "cards": ["KC", "KH"]},
    ]
    events += play(game, 1, ["6C", "6D"], "6")
    events += believe(game, 2)
    assert json.loads(json.dumps(events)) == events
    for event in events:
        assert isinstance(event["type"], str)
        assert all(isinstance(key, str) for key in event)


def test_events_of_a_whole_game_cover_every_type() -> None:
    seen: set[str] = set()
    for seed in range(12):
        for config in (
            {"preset": "classic", "players": 3, "options": {"ending": "match", "hands": 2}},
            {"preset": "classic", "players": 4, "options": {"draw": True, "open_challenge": True}},
        ):
            game = Game.new({**config, "seed": seed})
            rng = random.Random(seed)
            while not game.is_over:
                seat = game.to_move
                assert seat is not None
                events = game.apply(seat, random_action(game.view(seat), rng))
                assert json.loads(json.dumps(events)) == events
                seen.update(types(events))
    assert seen == {
        "dealt",
        "round_opened",
        "played",
        "passed",
        "challenged",
        "believed",
        "revealed",
        "took_pile",
        "discarded",
        "drew",
        "out",
        "hand_over",
        "game_over",
    }


def test_visible_events_remove_other_players_played_and_drawn_cards() -> None:
    game = deal(DRAW_HANDS, options={"draw": True}, stock=["KC", "KH", "AC"])
    events = play(game, 0, ["7H"], "6")
    original = copy.deepcopy(events)
    assert visible_events(events, 0) == [
        {"type": "round_opened", "seat": 0, "rank": "6"},
        {"type": "played", "seat": 0, "count": 1, "rank": "6", "cards": ["7H"]},
        {"type": "drew", "seat": 1, "count": 2},
    ]
    assert visible_events(events, 1) == [
        {"type": "round_opened", "seat": 0, "rank": "6"},
        {"type": "played", "seat": 0, "count": 1, "rank": "6"},
        {"type": "drew", "seat": 1, "count": 2, "cards": ["KC", "KH"]},
    ]
    assert visible_events(events, 2) == [
        {"type": "round_opened", "seat": 0, "rank": "6"},
        {"type": "played", "seat": 0, "count": 1, "rank": "6"},
        {"type": "drew", "seat": 1, "count": 2},
    ]
    assert events == original  # the engine's own list is untouched
    challenge_events = challenge(game, 1)  # seat 0 bluffed: the revealed cards are public
    for seat in range(3):
        seen = visible_events(challenge_events, seat)
        assert seen == challenge_events
        assert {"type": "took_pile", "seat": 0, "count": 1} in seen


# ----------------------------------------------------------------- the view


def test_view_holds_exactly_what_the_seat_may_know() -> None:
    game = deal(DRAW_HANDS, options={"draw": True}, stock=["KC", "KH", "AC"], dealer=2)
    play(game, 0, ["7H"], "6")  # seat 1 draws two
    play(game, 1, ["6C", "6D"], "6")  # seat 2 draws two
    believe(game, 2)  # true: discarded; seat 0 must play, draws the last card
    play(game, 0, ["8H"], "6")
    view = game.view(1)
    assert set(view) == VIEW_KEYS
    assert view["seat"] == 1
    assert view["players"] == 3
    assert view["preset"] == "classic"
    assert view["options"] == {**game.config.options(), "draw": True}
    assert "seed" not in view["options"]
    assert view["hand"] == ["9C", "KC", "KH"]
    assert view["hand_sizes"] == [4, 3, 5]
    assert view["pile_size"] == 2
    assert view["stock_size"] == 0
    assert view["discard"] == ["6C", "6D"]
    assert view["round_rank"] == "6"
    assert view["next_rank"] is None
    assert view["last_play"] == {"seat": 0, "count": 1, "rank": "6", "unresolved": True}
    assert view["revealed"] == [
        {"seat": 1, "cards": ["6C", "6D"], "rank": "6", "honest": True, "to": "discard"}
    ]
    assert view["to_move"] == 1
    assert view["window"] == []
    assert view["out"] == []
    assert view["scores"] == [0, 0, 0]
    assert view["hand_number"] == 1
    assert view["dealer"] == 2
    assert view["moves"] == 4
    assert view["move_limit"] is None
    assert view["over"] is False
    assert view["result"] is None
    assert view["legal"] == {
        "play": {"min": 1, "max": 3, "ranks": ["6"]},
        "challenge": True,
        "believe": True,
        "pass": False,
    }
    assert game.view(0)["legal"] is None
    assert game.view(2)["legal"] is None
    # No card of another hand, of the pile or of the stock appears anywhere in it.
    known = {"9C", "KC", "KH", "6C", "6D"}
    assert set(card_strings(view)) == known
    assert json.loads(json.dumps(view)) == view


def _hide_differently(data: dict[str, Any], seat: int, rng: random.Random) -> dict[str, Any]:
    """The same game with everything ``seat`` may not know dealt out differently."""
    other = copy.deepcopy(data)
    hidden_hands = [s for s in range(len(other["hands"])) if s != seat]
    pool = [card for s in hidden_hands for card in other["hands"][s]]
    pool += other["stock"]
    pool += [card for play in other["pile"] for card in play["cards"]]
    rng.shuffle(pool)
    for s in hidden_hands:
        size = len(other["hands"][s])
        other["hands"][s], pool = sorted(pool[:size]), pool[size:]
    size = len(other["stock"])
    other["stock"], pool = pool[:size], pool[size:]
    for covered in other["pile"]:
        size = len(covered["cards"])
        covered["cards"], pool = pool[:size], pool[size:]
    other["config"]["seed"] += 1
    return other


@pytest.mark.parametrize("seed", range(12))
def test_view_depends_on_nothing_the_seat_may_not_know(seed: int) -> None:
    """Other hands, the pile's cards and order, the stock's order and the seed: none shows."""
    config = all_configs()[seed * 97 % len(all_configs())]
    game = Game.new({**config, "seed": seed})
    rng = random.Random(seed)
    for _ in range(rng.randint(3, 40)):
        before = game.to_json()
        play_random(game, rng, 1)
        if game.is_over:
            game = Game.from_json(before)  # the last position still in play
            break
    for seat in range(config["players"]):
        twin = with_state(game, _hide_differently(game.to_json(), seat, rng))
        assert twin.to_json() != game.to_json()
        assert twin.view(seat) == game.view(seat)


@pytest.mark.parametrize("seat", [-1, 3, "0", True, None, 1.0])
def test_view_of_a_seat_that_does_not_exist_is_refused(seat: object) -> None:
    game = deal([["6H"], ["7H"], ["8H"]])
    with pytest.raises(EngineError) as caught:
        game.view(seat)
    assert caught.value.code == "bad_seat"
    reply = json.loads(text_protocol.view(json.dumps(game.to_json()), seat))
    assert reply["error"] == "bad_seat"


def test_view_of_quick_game_has_next_rank_in_ascending_mode() -> None:
    game = deal([["2C"], ["3C"], ["4C"]], preset="quick", options={"ascending": True})
    view = game.view(0)
    assert view["round_rank"] is None
    assert view["next_rank"] == "A"
    assert view["move_limit"] == 300
    assert view["options"]["ascending"] is True


# ----------------------------------------------------------------- JSON and determinism


@pytest.mark.parametrize("index", range(0, len(all_configs()), 61))
def test_json_round_trip_gives_the_same_game_that_continues_identically(index: int) -> None:
    config = {**all_configs()[index], "seed": index}
    game = Game.new(config)
    rng = random.Random(index)
    for _ in range(60):
        if game.is_over:
            break
        text = json.dumps(game.to_json())
        copy_ = Game.from_json(json.loads(text))
        assert copy_.to_json() == game.to_json()
        seat = game.to_move
        assert seat is not None
        assert copy_.view(seat) == game.view(seat)
        action = random_action(game.view(seat), rng)
        assert copy_.apply(seat, action) == game.apply(seat, action)
        assert copy_.to_json() == game.to_json()
    assert round_trip(game).to_json() == game.to_json()


@pytest.mark.parametrize(
    "config",
    [
        {"preset": "classic", "players": 2},
        {"preset": "classic", "players": 6, "options": {"ending": "match", "hands": 4}},
        {"preset": "classic", "players": 3, "options": {"draw": True, "move_limit": 50}},
        {"preset": "quick", "players": 5, "options": {"move_limit": None}},
        {"preset": "quick", "players": 3, "options": {"ascending": True}},
    ],
)
def test_json_round_trip_of_a_finished_game(config: dict[str, Any]) -> None:
    game = Game.new({**config, "seed": 4})
    play_random(game, random.Random(4), 100_000)
    assert game.is_over
    again = round_trip(game)
    assert again.to_json() == game.to_json()
    assert again.result == game.result
    with pytest.raises(EngineError) as caught:
        again.apply(0, {"type": "challenge"})
    assert caught.value.code == "game_over"


def _actions_and_json(config: dict[str, Any], seed: int) -> tuple[list[Any], dict[str, Any]]:
    game = Game.new({**config, "seed": seed})
    rng = random.Random(99)
    actions = []
    while not game.is_over:
        seat = game.to_move
        assert seat is not None
        action = random_action(game.view(seat), rng)
        actions.append((seat, action))
        game.apply(seat, action)
    return actions, game.to_json()


@pytest.mark.parametrize(
    "config",
    [
        {"preset": "classic", "players": 4, "options": {"ending": "match", "hands": 3}},
        {"preset": "quick", "players": 4},
    ],
)
def test_same_seed_and_actions_give_the_same_game(config: dict[str, Any]) -> None:
    actions, final = _actions_and_json(config, 7)
    game = Game.new({**config, "seed": 7})
    for seat, action in actions:
        game.apply(seat, action)
    assert game.to_json() == final
    assert _actions_and_json(config, 7) == (actions, final)


def test_different_seeds_give_different_deals() -> None:
    deals = set()
    for seed in range(30):
        game = Game.new({"preset": "classic", "players": 4, "seed": seed})
        deals.add(json.dumps([hand(game, seat) for seat in range(4)]))
    assert len(deals) == 30
    one = Game.new({"preset": "quick", "players": 3, "seed": 1})
    other = Game.new({"preset": "quick", "players": 3, "seed": 2})
    assert one.view(0)["hand"] != other.view(0)["hand"]


def test_match_later_hands_depend_on_the_seed() -> None:
    config = {"preset": "classic", "players": 3, "options": {"ending": "match", "hands": 2}}
    hands = [["6H"], ["6C"], ["10D", "JD", "QD"]]
    dealt = []
    for seed in (1, 2, 1):
        game = deal(hands, options=config["options"], seed=seed)
        play(game, 0, ["6H"], "6")
        play(game, 1, ["6C"], "6")
        challenge(game, 2)
        assert game.hand_number == 2
        dealt.append(game.to_json()["hands"])
    assert dealt[0] == dealt[2]
    assert dealt[0] != dealt[1]


# ----------------------------------------------------------------- corrupted saves


def _saved() -> dict[str, Any]:
    game = deal(
        [["6H", "7H", "8H"], ["6C", "6D", "9C"], ["10D", "JD", "QD"]],
        options={"ending": "match", "hands": 2},
    )
    play(game, 0, ["7H"], "6")
    play(game, 1, ["6C"], "6")
    return game.to_json()


def _set(path: tuple[Any, ...], value: Any) -> Any:
    def corrupt(data: dict[str, Any]) -> None:
        target: Any = data
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return corrupt


def _drop(key: str) -> Any:
    return lambda data: data.pop(key)


CORRUPTIONS = {
    "version missing": _drop("version"),
    "version 1 (before the action log)": _set(("version",), 1),
    "version true": _set(("version",), True),
    "config missing": _drop("config"),
    "config seven players": _set(("config", "players"), 7),
    "config unknown option": _set(("config", "options", "jokers"), True),
    "hands missing": _drop("hands"),
    "a card duplicated": _set(("hands", 0), ["6H", "8H", "8H"]),
    "a card lost": _set(("hands", 0), ["8H"]),
    "a card not of the deck": _set(("hands", 0), ["6H", "2H"]),
    "a card misspelt": _set(("hands", 0), ["6H", "8X"]),
    "a hand missing": _set(("hands",), [["6H", "8H"], ["6D", "9C"]]),
    "hands not a list": _set(("hands",), "6H"),
    "pile play without cards": _set(("pile", 0, "cards"), []),
    "pile play of a seat that does not exist": _set(("pile", 0, "seat"), 5),
    "pile play with a bad rank": _set(("pile", 0, "rank"), "1"),
    "stock not a list": _set(("stock",), None),
    "discard not a list": _set(("discard",), {}),
    "revealed not a list": _set(("revealed",), 3),
    "turn of no seat": _set(("turn",), 3),
    "turn missing while not over": _set(("turn",), None),
    "turn a string": _set(("turn",), "1"),
    "window seat out of range": _set(("window",), [9]),
    "window twice the same seat": _set(("window",), [2, 2]),
    "out not a list": _set(("out",), {}),
    "claim rank not a rank": _set(("claim_rank",), "Z"),
    "pending not a flag": _set(("pending",), "yes"),
    "opening not a flag": _set(("opening",), 1),
    "moves negative": _set(("moves",), -1),
    "moves a string": _set(("moves",), "12"),
    "scores too short": _set(("scores",), [0, 0]),
    "scores not numbers": _set(("scores",), [None, 0, 0]),
    "hand number zero": _set(("hand_number",), 0),
    "hand number beyond the match": _set(("hand_number",), 3),
    "dealer of no seat": _set(("dealer",), 3),
    "result not an object": _set(("result",), 5),
}


@pytest.mark.parametrize("name", sorted(CORRUPTIONS))
def test_from_json_refuses_corrupted_save(name: str) -> None:
    data = _saved()
    assert Game.from_json(copy.deepcopy(data)).to_json() == data
    CORRUPTIONS[name](data)
    with pytest.raises(EngineError) as caught:
        Game.from_json(data)
    assert caught.value.code == "bad_save"


@pytest.mark.parametrize("data", [None, [], "save", 1, {}])
def test_from_json_refuses_what_is_not_a_save(data: object) -> None:
    with pytest.raises(EngineError) as caught:
        Game.from_json(data)
    assert caught.value.code == "bad_save"


def test_from_json_does_not_share_state_with_its_input() -> None:
    data = _saved()
    game = Game.from_json(data)
    data["hands"][2].clear()
    assert len(game.view(2)["hand"]) == 3


# ----------------------------------------------------------------- text protocol, describe


def test_text_protocol_new_view_apply_and_errors() -> None:
    reply = json.loads(text_protocol.new_game(json.dumps({"preset": "quick", "players": 3})))
    assert reply["error"] == "bad_seed"
    reply = json.loads(
        text_protocol.new_game(json.dumps({"preset": "quick", "players": 3, "seed": 1}))
    )
    saved = json.dumps(reply["game"])
    view = json.loads(text_protocol.view(saved, 0))["view"]
    assert view["to_move"] == 0
    action = {"type": "play", "cards": view["hand"][:2], "rank": "K"}
    reply = json.loads(text_protocol.apply(saved, 0, json.dumps(action)))
    assert reply["view"]["hand_sizes"] == [16, 17, 17]
    assert reply["events"][1] == {
        "type": "played",
        "seat": 0,
        "count": 2,
        "rank": "K",
        "cards": view["hand"][:2],
    }
    again = json.loads(text_protocol.apply(json.dumps(reply["game"]), 0, json.dumps(action)))
    assert again["error"] == "not_your_turn"
    assert json.loads(text_protocol.apply(saved, 0, "{"))["error"] == "bad_json"
    assert json.loads(text_protocol.view("{}", 0))["error"] == "bad_save"


def test_describe_lists_every_option_with_defaults() -> None:
    data = describe()
    assert json.loads(json.dumps(data)) == data
    assert data["presets"] == {"classic": {"players": [2, 6]}, "quick": {"players": [3, 6]}}
    assert [option["name"] for option in data["options"]] == list(OPTIONS)
    defaults = {option["name"]: option["default"] for option in data["options"]}
    assert defaults["deck"] == {"classic": 36, "quick": 52}
    assert defaults["move_limit"] == {"classic": None, "quick": 300}
