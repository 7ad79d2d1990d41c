"""Every illegal action is refused with its own error code and leaves the game's JSON identical."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from engine import EngineError, Game
from tests.helpers import ACTION_ERROR_CODES, believe, deal, pass_, play, rejected


def opening() -> Game:
    """Classic, three seats, seat 0 to open the round."""
    return deal([["6H", "7H", "8H", "9H", "10H"], ["6C", "7C"], ["6D", "7D"]])


def after_play() -> Game:
    """Classic, seat 0 claimed two sixes; seat 1 to respond."""
    game = opening()
    play(game, 0, ["6H", "7H"], "6")
    return game


def after_true_veryu() -> Game:
    game = after_play()
    play(game, 1, ["6C"], "6")
    believe(game, 2)  # true: seat 0 must play
    return game


def quick_after_play() -> Game:
    game = deal([["2C", "3C"], ["5D", "6D"], ["8H", "9H"]], preset="quick")
    play(game, 0, ["2C"], "2")
    return game


def quick_last_cards() -> Game:
    game = deal([["2C"], ["5D", "6D"], ["8H", "9H"]], preset="quick")
    play(game, 0, ["2C"], "2")
    return game


def window() -> Game:
    game = deal(
        [["6C", "6D"], ["7C", "7D"], ["8C", "8D"], ["9C", "9D"]], options={"open_challenge": True}
    )
    play(game, 0, ["6C"], "6")
    return game


def finished() -> Game:
    game = deal([["6H"], ["6C", "7C"], ["6D"]])
    play(game, 0, ["6H"], "6")
    believe(game, 1)
    assert game.is_over
    return game


def play_action(cards: Any, rank: Any = "6") -> dict[str, Any]:
    return {"type": "play", "cards": cards, "rank": rank}


CASES: list[tuple[str, Callable[[], Game], object, object]] = [
    ("not_your_turn", opening, 1, play_action(["6C"])),
    ("not_your_turn", after_play, 2, {"type": "challenge"}),
    ("not_your_turn", after_play, 0, {"type": "believe"}),
    ("not_your_turn", window, 1, play_action(["7C"])),
    ("not_your_turn", window, 2, play_action(["8C"])),
    ("not_your_turn", window, 3, {"type": "pass"}),
    ("card_not_in_hand", opening, 0, play_action(["6C"])),
    ("card_not_in_hand", opening, 0, play_action(["6H", "6H"])),
    ("card_not_in_hand", after_play, 1, play_action(["6H"])),
    ("wrong_rank", after_play, 1, play_action(["7C"], "7")),
    ("wrong_rank", after_true_veryu, 0, play_action(["8H"], "8")),
    ("wrong_rank", quick_after_play, 1, play_action(["5D"], "5")),
    ("bad_rank", opening, 0, play_action(["6H"], "5")),
    ("bad_rank", opening, 0, play_action(["6H"], "Z")),
    ("bad_rank", opening, 0, play_action(["6H"], 6)),
    ("bad_rank", opening, 0, play_action(["6H"], None)),
    ("bad_rank", opening, 0, {"type": "play", "cards": ["6H"]}),
    ("too_many_cards", opening, 0, play_action(["6H", "7H", "8H", "9H", "10H"])),
    ("too_many_cards", after_play, 1, play_action(["6C", "7C", "7C"])),
    ("no_cards", opening, 0, play_action([])),
    ("no_cards", opening, 0, play_action("6H")),
    ("no_cards", opening, 0, {"type": "play", "rank": "6"}),
    ("nothing_to_call", opening, 0, {"type": "challenge"}),
    ("nothing_to_call", opening, 0, {"type": "believe"}),
    ("nothing_to_call", after_true_veryu, 0, {"type": "challenge"}),
    ("nothing_to_call", after_true_veryu, 0, {"type": "believe"}),
    ("cannot_believe", quick_after_play, 1, {"type": "believe"}),
    ("cannot_pass", opening, 0, {"type": "pass"}),
    ("cannot_pass", after_play, 1, {"type": "pass"}),
    ("cannot_pass", quick_last_cards, 1, {"type": "pass"}),
    ("must_call", quick_last_cards, 1, play_action(["5D"], "2")),
    ("game_over", finished, 2, play_action(["6D"])),
    ("game_over", finished, 1, {"type": "challenge"}),
    ("unknown_action", opening, 0, {"type": "fold"}),
    ("unknown_action", opening, 0, {"type": "Play"}),
    ("bad_action", opening, 0, "play"),
    ("bad_action", opening, 0, None),
    ("bad_action", opening, 0, {"cards": ["6H"], "rank": "6"}),
    ("bad_action", opening, 0, {"type": 1}),
    ("bad_action", opening, 0, {**play_action(["6H"]), "count": 3}),
    ("bad_action", after_play, 1, {"type": "challenge", "cards": ["6C"]}),
    ("bad_card", opening, 0, play_action(["ZZ"])),
    ("bad_card", opening, 0, play_action(["6X"])),
    ("bad_card", opening, 0, play_action(["2H"])),
    ("bad_card", opening, 0, play_action([6])),
    ("bad_card", opening, 0, play_action([["6H"]])),
    ("bad_seat", opening, -1, play_action(["6H"])),
    ("bad_seat", opening, 3, play_action(["6H"])),
    ("bad_seat", opening, "0", play_action(["6H"])),
    ("bad_seat", opening, True, play_action(["6H"])),
    ("bad_seat", opening, None, play_action(["6H"])),
]


@pytest.mark.parametrize(
    ("code", "make", "seat", "action"),
    CASES,
    ids=[f"{code}-{i}" for i, (code, *_rest) in enumerate(CASES)],
)
def test_illegal_action_refused_with_code_and_game_unchanged(
    code: str, make: Callable[[], Game], seat: object, action: object
) -> None:
    game = make()
    before = game.to_json()
    assert rejected(game, seat, action) == code
    assert game.to_json() == before


def test_every_error_code_of_the_protocol_is_exercised() -> None:
    assert {case[0] for case in CASES} == set(ACTION_ERROR_CODES)


def test_a_refused_action_leaves_the_game_playable_as_before() -> None:
    game = after_play()
    with pytest.raises(EngineError):
        game.apply(1, play_action(["6C", "6H"]))
    with pytest.raises(ValueError, match="wrong_rank"):
        game.apply(1, play_action(["6C"], "7"))
    assert game.to_move == 1
    assert game.view(1)["hand"] == ["6C", "7C"]
    events = play(game, 1, ["6C"], "6")
    assert events[0]["type"] == "played"


def test_window_seat_may_pass_only_once_and_only_in_turn() -> None:
    game = window()
    pass_(game, 2)
    assert rejected(game, 2, {"type": "pass"}) == "not_your_turn"
    pass_(game, 3)
    assert rejected(game, 1, {"type": "pass"}) == "cannot_pass"
