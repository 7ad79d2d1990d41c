"""The worker's coach, its count of helps used, and a game's reviews after reloads and undos.

Every exchange is checked against the protocol schema, as in test_worker_protocol.py.
"""

from __future__ import annotations

import random
from typing import Any

from engine.policies import random_action
from tests.test_worker_protocol import Storage, play_out, setup
from tools.protocol_check import check_call
from tools.worker_module import Answer, Call, load_worker, module_call


def human_turns(call: Call, answer: Answer, rng: random.Random, coach: bool) -> list[Answer]:
    """The game to its end, bots stepped, the human's random action (after asking the coach
    when ``coach``); every answer, the coach's included."""
    answers = [answer]
    while not answer["view"]["over"]:
        if answer["bot_to_move"]:
            answer = call("bot_step", None)
        else:
            if coach:
                answers.append(call("coach", None))
            answer = call("act", random_action(answer["view"], rng))
        answers.append(answer)
    return answers


def without(answer: Answer, *keys: str) -> dict[str, Any]:
    return {key: value for key, value in answer.items() if key not in keys}


def test_asking_the_coach_changes_neither_the_game_nor_the_bots() -> None:
    """The same game with the coach asked before every decision and without: the same moves,
    the same bots' choices; only the helps used differ."""
    games = []
    for coach in (False, True):
        call = module_call(load_worker(), check=check_call)
        start = call("new_game", setup("classic", 3, 11, levels=("hard", "expert")))
        answers = human_turns(call, start, random.Random(11), coach)
        games.append([without(a, "think_ms", "assisted") for a in answers if "view" in a])
        assert answers[-1]["assisted"] == (["coach"] if coach else [])
    assert games[0] == games[1]


def test_the_same_position_gets_the_same_advice_and_none_on_a_bots_turn() -> None:
    call = module_call(load_worker(), check=check_call)
    answer = call("new_game", setup("classic", 4, 3, levels=("medium",)))
    while not answer["bot_to_move"]:  # seat 0 leads: the human's first decision
        first = call("coach", None)
        assert first["ok"]
        assert first["move"] == 0
        assert call("coach", None) == first
        answer = call("act", first["suggestion"]["action"])  # the Expert's action is legal
    assert call("coach", None)["error"] == "not_your_turn"


def test_helps_used_are_kept_through_undo_and_reload() -> None:
    storage = Storage()
    call = module_call(storage.load(), check=check_call)
    answer = call("new_game", setup("classic", 3, 2))
    assert answer["assisted"] == []
    rng = random.Random(2)
    for _ in range(2):  # two decisions of the human's
        while answer["bot_to_move"]:
            answer = call("bot_step", None)
        answer = call("act", random_action(answer["view"], rng))
    assert call("undo", None)["assisted"] == ["undo"]
    call = module_call(storage.load(), check=check_call)  # a reload
    answer = call("resume", None)
    assert answer["assisted"] == ["undo"]
    while answer["bot_to_move"]:
        answer = call("bot_step", None)
    call("coach", None)
    assert call("resume", None)["assisted"] == ["coach", "undo"]
    assert call("new_game", setup("classic", 3, 2))["assisted"] == []


def test_the_last_answer_carries_every_hand_as_finally_played() -> None:
    """A match of three hands with a reload in the second and an undo in the third: the answer
    that ends the game reviews all three, the undone moves gone from the third."""
    storage = Storage()
    call = module_call(storage.load(), check=check_call)
    answer = call("new_game", setup("classic", 3, 4, options={"ending": "match", "hands": 3}))
    rng = random.Random(4)
    ended: dict[int, Answer] = {}
    reloaded = undone = False
    while not answer["view"]["over"]:
        hand = answer["view"]["hand_number"]
        if hand == 2 and not reloaded:
            reloaded = True
            call = module_call(storage.load(), check=check_call)
            answer = call("resume", None)
        if answer["bot_to_move"]:
            answer = call("bot_step", None)
        else:
            answer = call("act", random_action(answer["view"], rng))
            if hand == 3 and not undone and not answer["view"]["over"]:
                undone = True
                answer = call("undo", None)
        if "review" in answer:
            ended[answer["review"]["hand"]] = answer["review"]
    assert reloaded
    assert undone
    reviews = answer["reviews"]
    assert [review["hand"] for review in reviews] == [1, 2, 3]
    assert reviews == [ended[1], ended[2], ended[3]]


def test_a_finished_game_with_no_help_says_so() -> None:
    call = module_call(load_worker(), check=check_call)
    end = play_out(call, call("new_game", setup("quick", 3, 1)), random.Random(1))
    assert end["assisted"] == []
    assert [review["hand"] for review in end["reviews"]] == [1]
