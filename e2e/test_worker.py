"""The worker's Python under CPython: the same exports the page calls, whole games through them,
every answer checked for hidden cards (fast, so many seeds and both presets)."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from driver import check_no_hidden_cards
from protocol_check import EXPORTS as SCHEMA_EXPORTS
from worker_module import module_call, next_answer

from engine.table import Session

APP = Path(__file__).resolve().parent.parent / "web" / "app"


def setup(preset: str, players: int, seed: int, **options: Any) -> str:
    seats = [{"name": "You", "level": "human"}]
    seats += [{"name": f"Bot {i}", "level": "random"} for i in range(1, players)]
    config = {"preset": preset, "players": players, "seed": seed, "options": options}
    return json.dumps({"config": config, "human": 0, "seats": seats})


def play_through(worker: ModuleType, setup_json: str, rng: random.Random) -> list[str]:
    answers: list[str] = []
    call = module_call(worker, answers)
    answer = call("new_game", json.loads(setup_json))
    for _ in range(5000):
        assert answer["ok"], answer
        if answer["view"]["over"]:
            return answers
        assert answer["bot_to_move"] or answer["view"]["to_move"] == 0
        answer = next_answer(call, answer, rng)
    raise AssertionError("the game did not end")


def test_boot_lists_the_exports(worker: ModuleType) -> None:
    """The worker, the protocol's schema and the page's client name the same calls.

    The schema is the list the page's answers are checked against; the client refuses a worker
    that lacks one of its names (boot/engine-client.js, EXPORTS).
    """
    info = json.loads(worker.boot())
    assert info["ok"]
    assert set(info["exports"]) == set(SCHEMA_EXPORTS)
    client = (APP / "boot" / "engine-client.js").read_text(encoding="utf-8")
    listed = re.search(r"const EXPORTS = \[(.*?)\];", client, re.DOTALL)
    assert listed is not None
    assert set(re.findall(r'"(\w+)"', listed.group(1))) == set(SCHEMA_EXPORTS)
    assert "random" in info["bot_levels"]


@pytest.mark.parametrize(
    ("preset", "players", "options"),
    [
        ("classic", 2, {}),
        ("classic", 4, {"open_challenge": True}),
        ("classic", 5, {"draw": True, "ending": "match", "hands": 2}),
        ("classic", 6, {"ascending": True, "no_aces": True, "ending": "last_loser"}),
        ("quick", 3, {}),
        ("quick", 6, {"ascending": True}),
    ],
)
def test_whole_games_through_the_exports_leak_nothing(
    worker: ModuleType, preset: str, players: int, options: dict[str, Any]
) -> None:
    for seed in range(6):
        answers = play_through(worker, setup(preset, players, seed, **options), random.Random(seed))
        if players == 6 and preset == "classic":
            continue  # two decks: a card string is no longer unique; checked with one deck
        assert check_no_hidden_cards(answers) == len(answers)


def test_two_deck_answers_hold_no_hidden_fields(worker: ModuleType) -> None:
    answers = play_through(worker, setup("classic", 6, 1), random.Random(1))
    for raw in answers:
        answer = json.loads(raw)
        keys = {"ok", "actor", "events", "view", "bot_to_move", "seats", "human", "tracker"}
        keys |= {"assisted"}
        bot_moved = answer["actor"] not in (None, 0)
        ended = any(event["type"] == "hand_over" for event in answer["events"])
        over = any(event["type"] == "game_over" for event in answer["events"])
        expected = keys | ({"think_ms"} if bot_moved else set()) | ({"review"} if ended else set())
        expected |= {"reviews"} if over else set()
        assert set(answer) == expected
        for secret in ("hands", "stock", "pile", "seed"):
            assert secret not in answer["view"]


def test_an_illegal_action_is_refused_and_changes_nothing(worker: ModuleType) -> None:
    first = json.loads(worker.new_game(setup("classic", 3, 9)))
    assert first["view"]["to_move"] == 0
    refused = json.loads(worker.act(json.dumps({"type": "believe"})))
    assert refused["ok"] is False
    assert refused["error"]
    assert refused["message"]
    again = json.loads(worker.bot_step())  # human to move: no bot acts, same view
    assert again["view"] == first["view"]
    garbage = json.loads(worker.act("{not json"))
    assert garbage["ok"] is False
    assert garbage["error"] == "bad_json"


def test_no_game_yet(worker: ModuleType) -> None:
    assert json.loads(worker.act(json.dumps({"type": "pass"})))["error"] == "no_game"
    assert json.loads(worker.bot_step())["error"] == "no_game"


def test_every_bot_level_plays_a_whole_game_and_survives_a_save(worker: ModuleType) -> None:
    """The setup's four levels sit at one table; a save mid-game resumes the bots' memories."""
    info = json.loads(worker.boot())
    assert info["bot_levels"][:4] == ["easy", "medium", "hard", "expert"]
    seats = [{"name": "You", "level": "human"}]
    seats += [{"name": level, "level": level} for level in ("easy", "medium", "hard", "expert")]
    setup_json = json.dumps(
        {"config": {"preset": "classic", "players": 5, "seed": 3}, "human": 0, "seats": seats}
    )
    answers = play_through(worker, setup_json, random.Random(3))
    result = json.loads(answers[-1])["view"]["result"]
    assert sorted(entry["seat"] for entry in result["ranking"]) == [0, 1, 2, 3, 4]
    assert check_no_hidden_cards(answers) > 0

    rng = random.Random(4)
    call = module_call(worker)
    answer = call("new_game", json.loads(setup_json))
    for _ in range(8):
        answer = next_answer(call, answer, rng)
    session = worker.TABLE.session
    saved = json.loads(json.dumps(session.dump()))
    back = Session.restore(saved)
    assert back.dump() == session.dump()
    bot_seat = next(iter(session.bots))
    assert back.bots[bot_seat].memory_to_json() == session.bots[bot_seat].memory_to_json()


def test_an_unknown_bot_level_is_refused(worker: ModuleType) -> None:
    seats = [{"name": "You", "level": "human"}, {"name": "X", "level": "genius"}]
    setup_json = json.dumps(
        {"config": {"preset": "classic", "players": 2, "seed": 1}, "human": 0, "seats": seats}
    )
    answer = json.loads(worker.new_game(setup_json))
    assert answer == {**answer, "ok": False, "error": "bad_config"}
