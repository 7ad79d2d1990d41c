"""The table's host (engine.table) under CPython, as the page's worker and any other host use it.

Setup checks, seats and who is a person, bot steps, the table's cap, undo by replay, saves
(damaged ones refused with ``bad_save``), the replay viewer and the refusals. Every answer goes
through JSON as it would cross to the page.
"""

from __future__ import annotations

import ast
import copy
import json
import random
import sys
from pathlib import Path
from typing import Any

import pytest

import engine.table
from engine import EngineError
from engine.policies import random_action
from engine.table import Answer, Session, Table, refusal

ROOT = Path(__file__).resolve().parent.parent


def setup(
    players: int = 4,
    seed: int = 5,
    levels: tuple[str, ...] = ("random",),
    people: tuple[int, ...] = (0,),
    **options: Any,
) -> dict[str, Any]:
    """A new_game request as the page builds it: people on ``people``, bots cycling ``levels``."""
    seats = [
        {"name": f"S{i}", "level": "human" if i in people else levels[i % len(levels)]}
        for i in range(players)
    ]
    config = {"preset": "classic", "players": players, "seed": seed, "options": options}
    return {"config": config, "human": people[0], "seats": seats}


class Host:
    """A table with the saves it hands over kept in order, as a host would store them."""

    def __init__(self) -> None:
        self.saves: list[dict[str, Any] | None] = []
        self.table = Table(self.saves.append)

    def call(self, name: str, *args: Any) -> Answer:
        """One export: its answer as the page would read it back from JSON."""
        answer: Answer = json.loads(json.dumps(getattr(self.table, name)(*args)))
        return answer

    def step(self, answer: Answer, rng: random.Random) -> Answer:
        """The next step: the person to take the seat, the bot to move, or a random action."""
        if "pass_to" in answer:
            return self.call("take_seat")
        if answer["bot_to_move"]:
            return self.call("bot_step")
        return self.call("act", random_action(answer["view"], rng))

    def refused(self, name: str, *args: Any) -> str:
        with pytest.raises(EngineError) as caught:
            getattr(self.table, name)(*args)
        return caught.value.code

    @property
    def session(self) -> Session:
        assert self.table.session is not None
        return self.table.session


def test_the_table_imports_only_the_standard_library_and_the_engine() -> None:
    """Nothing of the browser (js, pyodide, pyscript): any host can run the table as it is."""
    tree = ast.parse((ROOT / "engine" / "table.py").read_text(encoding="utf-8"))
    names = {
        alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.Import)
        for alias in node.names
    }
    names |= {
        node.module
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0
    }
    assert names, "the module imports something"
    assert {name.split(".")[0] for name in names} <= set(sys.stdlib_module_names)


@pytest.mark.parametrize(
    ("bad", "code"),
    [
        ([], "bad_config"),
        ({"config": "classic"}, "bad_config"),
        ({**setup(), "human": 4}, "bad_seat"),
        ({**setup(), "human": "0"}, "bad_seat"),
        ({**setup(), "seats": setup()["seats"][:3]}, "bad_config"),
        ({**setup(), "seats": [1, 2, 3, 4]}, "bad_config"),
        (setup(levels=("genius",)), "bad_config"),
        ({**setup(), "config": {"preset": "classic", "players": 9}}, "bad_players"),
    ],
)
def test_a_bad_setup_is_refused_and_the_game_in_progress_stays(bad: Any, code: str) -> None:
    host = Host()
    host.call("new_game", setup())
    before, saves = host.session.game.to_json(), len(host.saves)
    assert host.refused("new_game", bad) == code
    assert host.session.game.to_json() == before
    assert len(host.saves) == saves


def test_without_a_game_every_game_export_is_refused_alike() -> None:
    host = Host()
    for name, args in [
        ("act", ({"type": "pass"},)),
        ("bot_step", ()),
        ("undo", ()),
        ("coach", ()),
        ("take_seat", ()),
        ("replay_link", ()),
        ("guest_act", ({"seat": 1, "action": {"type": "pass"}},)),
        ("seat_away", ({"seat": 1, "away": True},)),
        ("guest_view", ({"seat": 1},)),
    ]:
        with pytest.raises(EngineError) as caught:
            getattr(host.table, name)(*args)
        assert caught.value.to_json() == {"error": "no_game", "message": "no game in progress"}
    assert host.refused("replay_step", {"step": 0, "seat": 0, "open": False}) == "no_game"
    assert host.saves == []


def test_refusals_name_the_engines_code_bad_json_or_internal() -> None:
    refused = refusal(EngineError("wrong_rank", "not that rank"))
    assert refused == {"ok": False, "error": "wrong_rank", "message": "not that rank"}
    with pytest.raises(json.JSONDecodeError) as caught:
        json.loads("{not json")
    assert refusal(caught.value)["error"] == "bad_json"
    assert refusal(KeyError("x")) == {"ok": False, "error": "internal", "message": "KeyError: 'x'"}


def test_bots_play_their_seats_and_the_person_only_theirs() -> None:
    """A bot step moves the bot to move and says how long it thought; with a person to move it
    answers the table as it is. An illegal action changes nothing and saves nothing."""
    host = Host()
    answer = host.call("new_game", setup(levels=("easy", "medium")))
    assert answer["human"] == 0
    assert answer["actor"] is None
    assert answer["events"] == []
    assert sorted(host.session.bots) == [1, 2, 3]
    rng = random.Random(1)
    bot_moves = 0
    while not answer["view"]["over"]:
        if answer["bot_to_move"]:
            seat = answer["view"]["to_move"]
            answer = host.call("bot_step")
            assert answer["actor"] == seat != 0
            assert answer["think_ms"] >= 0
            bot_moves += 1
        else:
            assert answer["view"]["to_move"] == 0
            before, saves = host.session.game.to_json(), len(host.saves)
            still = host.call("bot_step")
            assert (still["actor"], still["events"], still["view"]) == (None, [], answer["view"])
            assert host.refused("act", {"type": "play", "cards": ["XX"], "rank": "7"})
            assert (host.session.game.to_json(), len(host.saves)) == (before, saves)
            answer = host.call("act", random_action(answer["view"], rng))
            assert answer["actor"] == 0
        # The host is handed the save after every step, and told to drop it at the end.
        assert host.saves[-1] == (None if answer["view"]["over"] else host.session.dump())
    assert bot_moves > 0
    assert host.saves[-1] is None


def test_pass_and_play_shows_the_seat_on_screen_until_the_next_person_takes_it() -> None:
    host = Host()
    answer = host.call("new_game", setup(players=3, seed=2, people=(0, 2)))
    assert host.session.people == [0, 2]
    assert list(host.session.bots) == [1]
    rng = random.Random(2)
    handoffs = 0
    while not answer["view"]["over"] and handoffs < 4:
        if "pass_to" in answer:
            to_move = answer["pass_to"]
            assert to_move != answer["human"]
            assert not answer["bot_to_move"]
            assert host.refused("act", random_action(host.session.game.view(to_move), rng))
            answer = host.call("take_seat")
            assert answer["human"] == to_move
            assert "pass_to" not in answer
            handoffs += 1
        answer = host.step(answer, rng)
    assert handoffs == 4
    assert host.refused("undo") == "no_undo"


def test_the_tables_cap_ends_a_hand_only_bots_play(monkeypatch: pytest.MonkeyPatch) -> None:
    """Once the human is out, the bots play on for at most BOTS_ALONE_CAP moves; the next one
    ends the hand by the move-limit rule, said as reason "cap" (docs/rules.md, the table's cap).
    The cap is made small here so the test reaches it in any game the bots would drag on; a save
    in the middle of the remainder keeps the count."""
    cap = 4
    monkeypatch.setattr(engine.table, "BOTS_ALONE_CAP", cap)
    capped = 0
    for seed in range(40):
        host = Host()
        answer = host.call("new_game", setup(players=6, seed=seed, ending="last_loser"))
        rng = random.Random(seed)
        while not answer["view"]["over"] and 0 not in answer["view"]["out"]:
            answer = host.step(answer, rng)
        if answer["view"]["over"]:
            continue  # the human never went out: no bots-only remainder in this game
        alone = []  # the answers of the bots' moves after the human went out
        while not answer["view"]["over"]:
            assert answer["bot_to_move"], "the human is out: only bots move"
            answer = host.call("bot_step")
            alone.append(answer)
            if len(alone) == cap - 1:
                host.table.session = Session.restore(json.loads(json.dumps(host.session.dump())))
        ends = [e for a in alone for e in a["events"] if e["type"] == "hand_over"]
        assert len(ends) == 1
        assert len(alone) <= cap
        if ends[0]["reason"] != "cap":
            continue  # the bots finished by themselves within the cap
        capped += 1
        assert len(alone) == cap, "the hand ends exactly at the cap, not before"
        assert alone[-1]["view"]["result"]["reason"] == "cap"
        assert [e["type"] for e in alone[-1]["events"]][-2:] == ["hand_over", "game_over"]
        assert host.call("bot_step")["view"]["over"]  # nothing moves any more
        if capped == 3:
            break
    assert capped == 3, "too few games reached the cap to test it"


def to_hand_end(host: Host, rng: random.Random) -> Answer:
    """Play a match until the answer that ends its first hand."""
    answer = host.call("new_game", setup(players=3, seed=7, ending="match", hands=2))
    while "between_hands" not in answer:
        assert not answer["view"]["over"]
        answer = host.step(answer, rng)
    return answer


def test_a_matchs_next_hand_is_shown_when_the_player_goes_on() -> None:
    """The answer that ends a hand of a match shows that hand's end, not the next deal: no
    ``dealt`` event, the ended hand's cards, nobody to move, its review; the human may not act
    nor ask the coach. The next bot_step (the page's, once its summary is closed) answers the
    deal, which is the engine's own: the same as a game that never waited."""
    host = Host()
    answer = to_hand_end(host, random.Random(7))
    types = [event["type"] for event in answer["events"]]
    assert types[-1] == "hand_over"
    assert "dealt" not in types
    view = answer["view"]
    assert (view["hand_number"], view["to_move"], view["legal"]) == (1, None, None)
    assert view["hand"] == answer["review"]["hands"][0]  # the hand as it ended
    assert answer["between_hands"] == answer["events"][-1]
    assert answer["bot_to_move"]
    game = host.session.game
    assert game.hand_number == 2  # dealt already, from the seed: only the showing waits
    before = game.to_json()
    assert host.refused("act", {"type": "pass"}) == "not_your_turn"
    assert host.refused("coach") == "not_your_turn"
    assert host.call("take_seat")["view"] == view
    assert host.session.game.to_json() == before
    dealt = host.call("bot_step")
    assert dealt["events"][0]["type"] == "dealt"
    assert dealt["events"][0]["hand"] == 2
    assert "between_hands" not in dealt
    assert "review" not in dealt
    assert dealt["view"] == game.view(0)
    assert host.session.game.to_json() == before  # the deal was the engine's, nothing redrawn
    assert [e for e in host.session.log if e["type"] == "dealt"] == [dealt["events"][0]]


def test_a_reload_while_the_summary_shows_comes_back_to_the_summary() -> None:
    """A save made between the hands resumes there: the same table, summary and review, no
    ``dealt`` in its log; going on then deals the same hand as without the reload, and the
    whole match plays the same."""
    host = Host()
    ended = to_hand_end(host, random.Random(7))
    saved = host.saves[-1]
    assert saved is not None
    assert saved["waiting"] is True
    other = Host()
    resumed = other.call("resume", json.dumps(saved))
    for key in ("view", "between_hands", "review", "tracker", "bot_to_move"):
        assert resumed[key] == ended[key], key
    assert "dealt" not in [event["type"] for event in resumed["log"]]
    assert other.call("bot_step") == host.call("bot_step")
    rng_a, rng_b = random.Random(1), random.Random(1)
    a, b = host.call("take_seat"), other.call("take_seat")
    while not a["view"]["over"]:
        a, b = host.step(a, rng_a), other.step(b, rng_b)
        assert {**a, "think_ms": 0} == {**b, "think_ms": 0}
    assert host.session.game.to_json() == other.session.game.to_json()


def test_undo_takes_back_the_last_decision_and_the_same_decision_brings_the_same_future() -> None:
    host = Host()
    answer = host.call("new_game", setup(levels=("easy", "medium", "hard")))
    assert host.refused("undo") == "nothing_to_undo"
    rng = random.Random(3)
    decisions: list[tuple[Answer, dict[str, Any], list[Answer]]] = []
    while len(decisions) < 4 or answer["bot_to_move"]:
        if answer["bot_to_move"]:
            answer = host.call("bot_step")
            decisions[-1][2].append(answer)
            continue
        action = random_action(answer["view"], rng)
        decisions.append((answer, action, []))
        answer = host.call("act", action)
        decisions[-1][2].append(answer)
    before, action, future = decisions[-1]
    saves = len(host.saves)
    undone = host.call("undo")
    assert undone["view"] == before["view"]
    assert undone["assisted"] == ["undo"]
    assert undone["log"] == host.session.log
    assert undone["setup"] == setup(levels=("easy", "medium", "hard"))
    assert host.saves[saves:] == [host.session.dump()]
    again = [host.call("act", action)]
    while again[-1]["bot_to_move"]:
        again.append(host.call("bot_step"))
    strip = [{k: v for k, v in a.items() if k not in ("think_ms", "assisted")} for a in again]
    assert strip == [
        {k: v for k, v in a.items() if k not in ("think_ms", "assisted")} for a in future
    ]


def test_the_coach_advises_the_seat_to_move_and_marks_the_game() -> None:
    host = Host()
    answer = host.call("new_game", setup(seed=8))
    rng = random.Random(8)
    while answer["bot_to_move"]:
        answer = host.call("bot_step")
    before = host.session.game.to_json()
    advice = host.call("coach")
    assert advice["ok"]
    assert advice["move"] == len(host.session.game.actions)
    assert advice["suggestion"]["action"]["type"] in answer["view"]["legal"]
    assert host.session.game.to_json() == before
    assert host.saves[-1] is not None
    assert host.saves[-1]["assisted"] == ["coach"]
    answer = host.call("act", random_action(answer["view"], rng))
    if answer["bot_to_move"]:
        assert host.refused("coach") == "not_your_turn"


def saved_mid_game() -> tuple[Host, dict[str, Any]]:
    """A table twenty steps into a game, and its save as the host keeps it."""
    host = Host()
    answer = host.call("new_game", setup())
    rng = random.Random(5)
    for _ in range(20):
        answer = host.step(answer, rng)
    assert not answer["view"]["over"]
    return host, json.loads(json.dumps(host.saves[-1]))


def test_a_save_resumes_the_game_exactly() -> None:
    host, saved = saved_mid_game()
    back = Session.restore(copy.deepcopy(saved))
    assert back.dump() == host.session.dump()
    assert len(back.log) > 5
    assert back.rng.random() == host.session.rng.random()
    for seat, bot in host.session.bots.items():
        assert back.bots[seat].memory_to_json() == bot.memory_to_json()
    other = Host()
    resumed = other.call("resume", json.dumps(saved))
    assert resumed["log"] == host.session.log
    assert resumed["first"] == host.session.first
    assert resumed["view"] == host.call("take_seat")["view"]
    assert other.saves == []  # resuming writes nothing


DAMAGES = {
    "format": lambda s: {**s, "format": 0},
    "game version": lambda s: {**s, "game": {**s["game"], "version": 999}},
    "hands": lambda s: {**s, "game": {**s["game"], "hands": "nope"}},
    "rng": lambda s: {**s, "rng": "nope"},
    "seats": lambda s: {**s, "setup": {**s["setup"], "seats": s["setup"]["seats"][:2]}},
    "no game": lambda s: {k: v for k, v in s.items() if k != "game"},
    "a list": lambda s: [],
    "human seat off the table": lambda s: {**s, "setup": {**s["setup"], "human": 4}},
    "human seat a string": lambda s: {**s, "setup": {**s["setup"], "human": "0"}},
    "no bots": lambda s: {**s, "bots": {}},
    "a bot on a person's seat": lambda s: {**s, "bots": {**s["bots"], "0": s["bots"]["1"]}},
    "log [null]": lambda s: {**s, "log": [None]},
    "log without types": lambda s: {**s, "log": [{"seat": 1}]},
    "first off the table": lambda s: {**s, "first": 9},
    "viewer a bot": lambda s: {**s, "viewer": 1},
    "helps not ours": lambda s: {**s, "assisted": ["cheat"]},
    "a deal waiting where none is": lambda s: {**s, "waiting": True},
}


@pytest.mark.parametrize("damage", DAMAGES)
def test_a_damaged_save_is_refused_dropped_and_leaves_no_game(damage: str) -> None:
    _, saved = saved_mid_game()
    bad = DAMAGES[damage](copy.deepcopy(saved))
    with pytest.raises(EngineError) as caught:
        Session.restore(copy.deepcopy(bad))
    assert caught.value.code == "bad_save"
    assert caught.value.message
    host = Host()
    host.call("new_game", setup(seed=1))
    with pytest.raises(EngineError) as caught:
        host.table.resume(json.dumps(bad))
    assert caught.value.code == "bad_save"
    assert host.table.session is None
    assert host.saves[-1] is None  # the damaged save is dropped


def test_nothing_saved_or_not_json() -> None:
    host = Host()
    assert host.refused("resume", None) == "no_game"
    assert host.refused("resume", "") == "no_game"
    assert host.saves == []
    with pytest.raises(EngineError) as caught:
        host.table.resume("{not json")
    assert caught.value.to_json() == {"error": "bad_save", "message": "the save is not JSON"}
    assert host.saves == [None]


def test_forget_drops_the_game_and_its_save() -> None:
    host = Host()
    host.call("new_game", setup())
    assert host.call("forget") == {"ok": True}
    assert host.table.session is None
    assert host.saves[-1] is None


def test_the_replay_viewer_steps_through_a_finished_game_apart_from_the_table() -> None:
    host = Host()
    answer = host.call("new_game", setup(seed=6))
    rng = random.Random(6)
    while not answer["view"]["over"]:
        answer = host.step(answer, rng)
    link = host.call("replay_link")["link"]
    game = host.session.game.to_json()
    shown = host.call("open_replay", {"link": link})
    steps = shown["steps"]
    assert (shown["step"], shown["human"], shown["sharer"]) == (0, 0, 0)
    assert [seat["name"] for seat in shown["seats"]] == ["S0", "S1", "S2", "S3"]
    end = host.call("replay_step", {"step": steps + 5, "seat": 0, "open": False})
    assert end["step"] == steps
    assert end["view"] == host.session.game.view(0)
    forward = host.call("replay_step", {"step": 3, "seat": 2, "open": True, "from": 0})
    back = Host()
    back.call("open_replay", {"link": link})
    walked = [back.call("replay_step", {"step": s, "seat": 2, "open": True}) for s in (1, 2, 3)]
    assert walked[-1]["view"] == forward["view"]
    assert walked[-1]["hands"] == forward["hands"]
    assert [e for a in walked for e in a["events"]] == forward["events"]
    hidden = host.call("replay_step", {"step": 3, "seat": 2, "open": False, "from": 0})
    assert hidden["hands"] is None
    assert host.refused("replay_step", {"step": 3, "seat": 4, "open": False}) == "bad_seat"
    assert host.refused("replay_step", {"step": "3", "seat": 0, "open": False}) == "bad_json"
    assert host.refused("open_replay", {"link": "nonsense"}) == "bad_link"
    assert host.call("replay_step", {"step": 3, "seat": 2, "open": False})["step"] == 3
    assert host.session.game.to_json() == game  # the viewer never touched the table's game
