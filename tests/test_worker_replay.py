"""The worker's replay exports (replay_link, open_replay, replay_step; docs/embedding.md
"Replays"): a finished game's link plays back to the table the player saw, from any seat or
with every hand open, every answer within the schema, and never touches the game at the table
or its save."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.links import pack, unpack
from tests.test_worker_protocol import Storage, play, play_out, raw, setup
from tools.protocol_check import check_call
from tools.worker_module import Answer, Call, module_call, next_answer


@pytest.fixture
def storage() -> Storage:
    return Storage()


def played_game(call: Call, seed: int, preset: str = "classic", players: int = 4) -> list[Answer]:
    """Every answer of one game played to its end (random legal moves for the human)."""
    rng = random.Random(seed)
    answers = [call("new_game", setup(preset, players, seed, levels=("medium", "random")))]
    while not answers[-1]["view"]["over"]:
        answers.append(next_answer(call, answers[-1], rng))
    return answers


@pytest.mark.parametrize(("preset", "seed"), [("classic", 3), ("quick", 4)])
def test_a_finished_games_link_replays_what_the_player_saw(
    storage: Storage, preset: str, seed: int
) -> None:
    call = module_call(storage.load(), check=check_call)
    answers = played_game(call, seed, preset)
    text = call("replay_link", None)["link"]
    first = call("open_replay", {"link": text})
    assert (first["step"], first["human"], first["sharer"], first["open"]) == (0, 0, 0, False)
    assert first["view"] == answers[0]["view"]
    assert first["seats"] == answers[0]["seats"]
    assert first["hands"] is None
    end = call("replay_step", {"step": first["steps"], "seat": 0, "open": False, "from": 0})
    assert end["view"] == answers[-1]["view"]
    assert end["events"] == [event for answer in answers for event in answer["events"]]
    # Back to the start and forward one step at a time: the same events, step by step.
    events: list[dict[str, Any]] = []
    for step in range(1, first["steps"] + 1):
        events += call("replay_step", {"step": step, "seat": 0, "open": False})["events"]
    assert events == end["events"]


def test_every_hand_open_or_one_seats_cards_only(storage: Storage) -> None:
    call = module_call(storage.load(), check=check_call)
    played_game(call, 7)
    opened = call("open_replay", {"link": call("replay_link", None)["link"]})
    middle = opened["steps"] // 2
    both = call("replay_step", {"step": middle, "seat": 2, "open": True, "from": 0})
    assert both["hands"][2] == both["view"]["hand"]
    assert sum(map(len, both["hands"])) == sum(both["view"]["hand_sizes"])
    assert any(e["type"] == "played" and e["seat"] != 2 and "cards" in e for e in both["events"])
    seat = call("replay_step", {"step": middle, "seat": 2, "open": False, "from": 0})
    assert seat["hands"] is None
    assert seat["view"] == both["view"]
    hidden = [e for e in seat["events"] if e["type"] in ("played", "drew") and e["seat"] != 2]
    assert hidden
    assert all("cards" not in e for e in hidden)


def test_a_replay_leaves_the_game_at_the_table_and_its_save_alone(storage: Storage) -> None:
    call = module_call(storage.load(), check=check_call)
    played_game(call, 5)
    text = call("replay_link", None)["link"]
    answer = call("new_game", setup("classic", 3, 9))
    answer = play(call, answer, random.Random(9), steps=4)
    saved = dict(storage.saved)
    opened = call("open_replay", {"link": text})
    call("replay_step", {"step": opened["steps"], "seat": 1, "open": True})
    assert storage.saved == saved
    resumed = call("resume", None)
    assert resumed["view"] == answer["view"]
    play_out(call, answer, random.Random(9))


def test_an_edited_or_broken_link_is_refused_and_says_why(storage: Storage) -> None:
    worker = storage.load()
    call = module_call(worker, check=check_call)
    assert call("replay_link", None)["error"] == "no_game"
    step = {"step": 1, "seat": 0, "open": False}
    assert call("replay_step", step)["error"] == "no_game"
    played_game(call, 2)
    record = unpack(call("replay_link", None)["link"])
    tokens = record["a"].split(",")
    record["a"] = ",".join([*tokens[:-2], tokens[-1], tokens[-2]])  # two moves swapped
    assert call("open_replay", {"link": pack(record)})["error"] == "replay_mismatch"
    assert call("open_replay", {"link": "Zm9v"})["error"] == "bad_link"
    assert raw(worker, "open_replay", '{"link": 5}')["error"] == "bad_link"
    assert call("replay_step", step)["error"] == "no_game"  # nothing was opened
    call("open_replay", {"link": call("replay_link", None)["link"]})
    assert call("replay_step", {**step, "seat": 4})["error"] == "bad_seat"
    assert (
        raw(worker, "replay_step", '{"step": "1", "seat": 0, "open": false}')["error"] == "bad_json"
    )
    assert call("replay_step", {**step, "step": -3})["step"] == 0  # held to the ends
