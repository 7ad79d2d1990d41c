"""Positions in the page's worker (new_position): set up from a link, decided once by the reader,
then held still with the explanation; refusals name ``bad_position`` or ``bad_link``; nothing of a
position is saved over the page's game. Every exchange is checked against the protocol schema."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from engine.links import pack
from engine.position import compile_position, explain
from tools.protocol_check import check_call
from tools.worker_module import Answer, load_worker, module_call

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = json.loads((ROOT / "i18n" / "examples" / "examples.json").read_text(encoding="utf-8"))


@pytest.fixture
def call() -> Any:
    return module_call(load_worker(), check=check_call)


@pytest.mark.parametrize("example", EXAMPLES["examples"], ids=lambda e: e["id"])
def test_an_example_link_is_decided_once_and_explained(call: Any, example: dict[str, Any]) -> None:
    answer: Answer = call("new_position", {"position": pack(example["position"])})
    assert answer["ok"], answer
    assert answer["view"]["legal"] is not None
    assert not answer["bot_to_move"]
    assert "explanation" not in answer["position"]
    game = compile_position(example["position"])
    before = [dict(play) for play in game.pile]
    action = example["try"]["action"]
    expected = explain(game, before, game.to_move, action["type"], game.apply(game.to_move, action))
    decided = call("act", action)
    assert decided["position"]["explanation"] == expected
    assert decided["view"]["legal"] is None  # the table holds still after the decision
    assert not decided["bot_to_move"]
    again = call("act", {"type": "challenge"})
    assert again == {"ok": False, "error": "not_your_turn", "message": again["message"]} or (
        again["error"] in {"game_over", "nothing_to_call"}
    )


def test_the_bots_play_until_the_reader_decides() -> None:
    example = EXAMPLES["examples"][0]["position"]
    call = module_call(load_worker(), check=check_call)
    answer = call("new_position", {"position": {**example, "you": 1}, "level": "easy"})
    assert answer["human"] == 1
    assert answer["bot_to_move"]
    while answer["bot_to_move"]:
        answer = call("bot_step", None)
    assert answer["view"]["to_move"] == 1 or answer["view"]["over"]


@pytest.mark.parametrize(
    ("position", "code"),
    [
        ("%%%", "bad_link"),
        (pack({"v": 1, "hands": [["7S"], ["7S"]], "turn": 0}), "bad_position"),
        ({"v": 1, "hands": [["7S"], ["8S"]], "turn": 1, "you": 2}, "bad_position"),
        (pack([1, 2]), "bad_position"),
    ],
)
def test_a_bad_position_is_refused_by_name(call: Any, position: Any, code: str) -> None:
    answer = call("new_position", {"position": position})
    assert answer["ok"] is False
    assert answer["error"] == code


def test_a_position_is_never_saved_over_the_page_game() -> None:
    worker = load_worker()
    saved: list[str | None] = []
    worker.js = SimpleNamespace(indexedDB=object())
    worker._idb_put = saved.append
    call = module_call(worker, check=check_call)
    call("new_position", {"position": EXAMPLES["examples"][0]["position"]})
    call("act", {"type": "challenge"})
    assert saved == []
    undo = call("undo", None)
    assert undo["error"] == "nothing_to_undo"
