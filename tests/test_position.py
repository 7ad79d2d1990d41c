"""Positions (engine.position): a described moment is set up by the rules themselves, round-trips
through a link, is refused with ``bad_position`` when legal play cannot reach it, and every rule
example of the site explains the outcome the engine gives."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.bots import make_bot
from engine.errors import EngineError
from engine.game import Game
from engine.links import pack
from engine.position import compile_position, decode, describe, encode, explain
from tests.strategies import configs

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = json.loads((ROOT / "i18n" / "examples" / "examples.json").read_text(encoding="utf-8"))
LANGS = ("en", "ru", "de", "nl", "it", "pt")
# What a described position cannot carry over from the game it was taken from: the history
# before its pile (discards, reveals, the move count, the deal's dealer, a match's scores).
HISTORY = ("discard", "revealed", "moves", "hand_number", "dealer", "scores")


def public(game: Game, seat: int) -> dict[str, Any]:
    view = game.view(seat)
    return {key: value for key, value in view.items() if key not in HISTORY}


def position(**fields: Any) -> dict[str, Any]:
    base: dict[str, Any] = {
        "v": 1,
        "preset": "classic",
        "options": {},
        "hands": [["6S", "7C"], ["8C", "JD"], ["9S", "KH"]],
        "pile": [{"seat": 1, "cards": ["7S"], "rank": "7"}],
        "turn": 2,
    }
    return {**base, **fields}


@pytest.mark.parametrize("example", EXAMPLES["examples"], ids=lambda e: e["id"])
def test_every_example_sets_up_and_explains_what_the_engine_does(example: dict[str, Any]) -> None:
    game = compile_position(example["position"])
    you = example["position"].get("you", game.to_move)
    assert game.to_move == you, "the reader decides the example"
    before = [dict(play) for play in game.pile]
    hands_before = [list(hand) for hand in game.hands]
    tried = example["try"]
    events = game.apply(you, tried["action"])
    told = explain(game, before, you, tried["action"]["type"], events)
    for key in ("reason", "taker", "ended", "winner", "next", "drew"):
        if key in tried:
            assert told[key] == tried[key], key
    # What the explanation says was under the pile is what the deal put there.
    assert [play["cards"] for play in told["pile"]] == [play["cards"] for play in before]
    if told["taker"] is not None:
        taken = sum(len(play["cards"]) for play in before)
        assert len(game.hands[told["taker"]]) == len(hands_before[told["taker"]]) + taken
        assert told["count"] == taken
    for field in ("title", "caption"):
        assert set(example[field]) == set(LANGS), (example["id"], field)
        assert all(text.strip() for text in example[field].values())


def test_examples_cover_every_rule_of_the_issue() -> None:
    ids = {example["id"] for example in EXAMPLES["examples"]}
    options = {name for e in EXAMPLES["examples"] for name in e["position"]["options"]}
    reasons = {example["try"]["reason"] for example in EXAMPLES["examples"]}
    assert {"open_challenge", "draw", "ascending", "decks", "move_limit"} <= options
    assert {"challenge_honest", "challenge_bluff", "believe_honest", "played_on"} <= reasons
    assert {"quick-last-cards", "classic-fixed-rank"} <= ids


def test_a_position_link_round_trips() -> None:
    example = EXAMPLES["examples"][0]["position"]
    text = encode({**example, "caption": {"en": "Your move."}})
    back, game = decode(text)
    assert back == {**example, "caption": {"en": "Your move."}}
    assert public(game, 0) == public(compile_position(example), 0)
    assert len(text) < 400


@st.composite
def games_in_progress(draw: st.DrawFn) -> Game:
    """A game after a random number of random legal moves (hidden cards and all)."""
    config = draw(configs())
    game = Game.new(config)
    rng = random.Random(draw(st.integers(0, 2**32)))
    bots = {seat: make_bot("random", rng) for seat in range(game.config.players)}
    for _ in range(draw(st.integers(0, 60))):
        seat = game.to_move
        if seat is None:
            break
        game.apply(seat, bots[seat].act(game.view(seat)))
    return game


@settings(max_examples=150, deadline=None)
@given(games_in_progress())
def test_random_positions_from_random_games_compile_and_round_trip(game: Game) -> None:
    try:
        described = describe(game, game.to_move or 0)
    except EngineError as error:
        refused = error.code
        assert refused == "bad_position"
        return
    _, rebuilt = decode(pack(described))
    you = described["you"]
    assert public(rebuilt, you) == public(game, you)
    assert rebuilt.hands == game.hands
    assert rebuilt.stock == game.stock


def test_most_random_positions_can_be_described() -> None:
    """The property above is not vacuous: describe() refuses only the states it must."""
    described = 0
    for seed in range(60):
        game = Game.new({"preset": "classic" if seed % 2 else "quick", "players": 4, "seed": seed})
        bots = {seat: make_bot("random", random.Random(seed)) for seat in range(4)}
        for _ in range(seed % 15):
            seat = game.to_move
            assert seat is not None
            game.apply(seat, bots[seat].act(game.view(seat)))
        try:
            describe(game, 0)
        except EngineError:
            continue
        described += 1
    assert described >= 40


@pytest.mark.parametrize(
    ("change", "words"),
    [
        ({"turn": 0}, "seat 2 is to act"),
        (
            {
                "pile": [
                    {"seat": 1, "cards": ["7S"], "rank": "7"},
                    {"seat": 0, "cards": ["6D"], "rank": "7"},
                ]
            },
            "move 2 (seat 0)",
        ),
        ({"hands": [["6S", "7C"], ["8C", "7S"], ["9S", "KH"]]}, "more copies than decks"),
        ({"hands": [["6S", "7C"], ["8C", "JD"], []], "turn": 2}, "non-empty"),
        (
            {"pile": [{"seat": 1, "cards": ["7S", "7D", "7H", "8S", "9D"], "rank": "7"}]},
            "at most 4",
        ),
        (
            {"pile": [{"seat": 1, "cards": ["7S"], "rank": "A"}], "options": {"no_aces": True}},
            "claim",
        ),
        ({"v": 2}, "format"),
        ({"extra": 1}, "unknown key"),
        ({"turn": 7}, "turn must be a seat"),
        ({"caption": {"english": "x"}}, "caption"),
        ({"stock": ["AS"]}, "draw format"),
        ({"options": {"draw": True}, "stock": ["AS", "AD"]}, "hands are not what the rules give"),
        ({"preset": "quick", "hands": [["6S", "7C"], ["8C", "JD"]], "turn": 0}, "3 to 6 players"),
    ],
)
def test_impossible_positions_are_refused_with_the_reason(
    change: dict[str, Any], words: str
) -> None:
    with pytest.raises(EngineError) as caught:
        compile_position(position(**change))
    assert caught.value.code == "bad_position"
    assert words in caught.value.message


def test_a_position_after_the_end_is_refused() -> None:
    deal = {"hands": [["7C"], ["8C", "9C"], ["JD"]], "dealer": 2}
    moves = [[0, {"type": "play", "cards": ["7C"], "rank": "7"}], [1, {"type": "believe"}]]
    with pytest.raises(EngineError) as caught:
        compile_position({"v": 1, "deal": deal, "moves": moves})
    assert caught.value.code == "bad_position"
    assert "over" in caught.value.message


def test_a_position_may_give_the_moves_that_led_there() -> None:
    deal = {"hands": [["6S", "7C", "7D"], ["8C", "JD", "7S"], ["9S", "KH", "7H"]], "dealer": 2}
    moves = [
        [0, {"type": "play", "cards": ["7C"], "rank": "7"}],
        [1, {"type": "believe"}],
        [2, {"type": "play", "cards": ["KH"], "rank": "7"}],
    ]
    history = {"v": 1, "preset": "classic", "deal": deal, "moves": moves, "turn": 0}
    game = compile_position(history)
    assert game.discard == ["7C"]
    assert game.to_move == 0
    assert game.pending
    with pytest.raises(EngineError) as caught:
        compile_position({**history, "turn": 1})
    assert caught.value.code == "bad_position"


def test_a_damaged_link_is_bad_link_and_a_bad_position_inside_one_is_bad_position() -> None:
    with pytest.raises(EngineError) as damaged:
        decode("not*a*link")
    assert damaged.value.code == "bad_link"
    with pytest.raises(EngineError) as wrong:
        decode(pack(position(turn=0)))
    assert wrong.value.code == "bad_position"


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 60) | st.sampled_from(["7S", "K", "play", "A"]),
    lambda inner: (
        st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=6), inner, max_size=5)
    ),
    max_leaves=25,
)
parts = st.fixed_dictionaries(
    {"v": st.just(1)},
    optional=dict.fromkeys(
        ("preset", "options", "hands", "pile", "stock", "turn", "you", "deal", "moves"), json_values
    ),
)


@settings(max_examples=300, deadline=None)
@given(parts | json_values)
def test_anything_else_is_refused_as_bad_position(data: object) -> None:
    try:
        compile_position(data)
    except EngineError as error:
        code = error.code
        assert code == "bad_position"
