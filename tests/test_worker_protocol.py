"""The worker holds to the one description of its protocol (web/app/protocol.schema.json).

The page's types are generated from that schema (web/app/protocol.d.ts), so here the other side
is checked: the worker's Python (web/app/worker.py, loaded under CPython by tools/worker_module.py)
is driven through whole games of both presets, every export and every error path, and each
request and each answer is validated against its export's definition. Where the worker would
touch IndexedDB, an in-memory store stands in (:class:`Storage`), so saving, resuming and
forgetting run the worker's own code.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from types import ModuleType, SimpleNamespace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.cards import RANKS_52, SUITS
from engine.config import describe
from engine.policies import random_action
from tests.strategies import configs
from tools.protocol_check import EXPORTS, SCHEMA, check, check_call, problem
from tools.worker_module import Answer, Call, load_worker, module_call, next_answer

DEFS: dict[str, Any] = SCHEMA["$defs"]
LEVELS = ("easy", "medium", "hard", "expert", "random")


class Exchanges:
    """Every exchange with the worker checked against the schema, counted by export."""

    def __init__(self) -> None:
        self.count: Counter[str] = Counter()

    def __call__(self, name: str, request: Any, answer: Answer) -> None:
        check_call(name, request, answer)
        self.count[name] += 1


@pytest.fixture
def worker() -> ModuleType:
    return load_worker()


class Storage:
    """IndexedDB for the workers a test loads, as slot -> saved text: a worker loaded later
    finds what an earlier one saved, as the page does after a reload."""

    def __init__(self) -> None:
        self.saved: dict[str, str] = {}

    def load(self) -> ModuleType:
        """A fresh worker module that reads and writes :attr:`saved` in place of IndexedDB."""
        module = load_worker()

        async def get() -> str | None:
            return self.saved.get(module.Slot.key)

        def put(text: str | None) -> None:
            if text is None:
                self.saved.pop(module.Slot.key, None)
            else:
                self.saved[module.Slot.key] = text

        module.js = SimpleNamespace(indexedDB=object())  # the worker saves where this exists
        module._idb_get = get
        module._idb_put = put
        return module


@pytest.fixture
def storage() -> Storage:
    return Storage()


def setup(
    preset: str = "classic",
    players: int = 3,
    seed: Any = 1,
    options: dict[str, Any] | None = None,
    levels: tuple[str, ...] = ("random",),
    **config: Any,
) -> dict[str, Any]:
    """A new_game request as the page builds it: the human on seat 0, bots cycling ``levels``."""
    seats = [{"name": "You", "level": "human"}]
    seats += [
        {"name": f"Bot {i}", "level": levels[(i - 1) % len(levels)]} for i in range(1, players)
    ]
    game: dict[str, Any] = {"preset": preset, "players": players, "options": options or {}}
    if seed is not None:
        game["seed"] = seed
    return {"config": {**game, **config}, "human": 0, "seats": seats}


def play(call: Call, answer: Answer, rng: random.Random, steps: int = 5000) -> Answer:
    """Up to ``steps`` steps of the game (a bot's or the human's random legal action)."""
    for _ in range(steps):
        assert answer["ok"], answer
        if answer["view"]["over"]:
            break
        answer = next_answer(call, answer, rng)
    return answer


def play_out(call: Call, answer: Answer, rng: random.Random) -> Answer:
    end = play(call, answer, rng)
    assert end["view"]["over"], "the game did not end"
    return end


def raw(worker: ModuleType, name: str, text: str) -> Answer:
    """An export called with any text, as a page with a bug might send it."""
    answer: Answer = json.loads(getattr(worker, name)(text))
    return answer


# -- the schema against the code on both sides ---------------------------------------------------


def test_the_schema_names_the_workers_exports_and_bot_levels(worker: ModuleType) -> None:
    assert set(EXPORTS) == set(worker.__export__) == set(DEFS["ExportName"]["enum"])
    assert tuple(DEFS["BotLevel"]["enum"]) == worker.BOT_LEVELS == LEVELS
    boot = json.loads(worker.boot())
    check_call("boot", None, boot)
    assert set(boot["exports"]) == set(EXPORTS)


def test_the_schema_options_are_the_engines() -> None:
    """GameOptions (asked for) and TableOptions (in every view) take exactly the values
    engine.config.describe() allows, so the setup screen and the schema cannot drift apart."""
    specs = describe()["options"]
    names = {spec["name"] for spec in specs}
    assert set(DEFS["GameOptions"]["properties"]) == names
    assert set(DEFS["TableOptions"]["properties"]) == set(DEFS["TableOptions"]["required"]) == names
    for spec in specs:
        name = spec["name"]
        if spec["values"] is not None:
            allowed = list(spec["values"])
            refused: list[Any] = ["x", 3] if isinstance(allowed[0], bool) else ["x", True, 0]
        else:
            low, high = spec["bounds"]
            allowed, refused = [low, high], [low - 1, high + 1, 1.5, "10"]
        for value in allowed:
            assert problem("GameOptions", {name: value}) is None, (name, value)
        for value in refused:
            assert problem("GameOptions", {name: value}) is not None, (name, value)
        assert (problem("GameOptions", {name: None}) is None) == spec["nullable"], name
        # A game in play has every option resolved: "by player count" (decks) is a number there.
        nullable_in_play = spec["nullable"] and name != "decks"
        full = {s["name"]: s["default"]["classic"] for s in specs} | {"decks": 1}
        assert (problem("TableOptions", {**full, name: None}) is None) == nullable_in_play, name


def test_a_renamed_field_fails_the_schema(worker: ModuleType) -> None:
    """The shapes are closed: an answer with a field renamed, added or dropped is refused."""
    answer = json.loads(worker.new_game(json.dumps(setup())))
    check("TableAnswer", answer)
    view = answer["view"]
    renamed = {**answer, "view": {**{k: v for k, v in view.items() if k != "hand"}, "cards": []}}
    assert "'hand' is a required property" in str(problem("TableAnswer", renamed))
    assert problem("TableAnswer", {**answer, "extra": 1}) is not None
    dropped = {k: v for k, v in answer.items() if k != "bot_to_move"}
    assert problem("TableAnswer", dropped) is not None
    assert problem("ErrorAnswer", {"ok": False, "error": "no_such_code", "message": ""})


# -- whole games through every export -------------------------------------------------------------

GAMES = [
    ("classic", 2, {}, ("easy",)),
    ("classic", 3, {"deck": 52, "no_aces": True}, ("medium", "random")),
    ("classic", 4, {"open_challenge": True, "keep_rank_after_failed_challenge": True}, LEVELS),
    ("classic", 5, {"draw": True, "ending": "match", "hands": 2, "move_limit": 150}, ("random",)),
    ("classic", 6, {"ascending": True, "ending": "last_loser", "move_limit": 60}, ("random",)),
    ("classic", 6, {"decks": 1, "deck": 52}, ("hard", "random")),
    ("quick", 3, {}, ("random",)),
    ("quick", 5, {"ascending": True, "move_limit": None}, ("easy", "expert")),
    ("quick", 6, {"move_limit": 10}, ("random",)),
]


@pytest.mark.parametrize(("preset", "players", "options", "levels"), GAMES)
def test_whole_games_hold_to_the_schema(
    storage: Storage,
    preset: str,
    players: int,
    options: dict[str, Any],
    levels: tuple[str, ...],
) -> None:
    """Deal, play a few steps, reload and resume, play to the end (the human random-legal, bots
    of the given levels), deal again and forget. Every message checked."""
    seen = Exchanges()
    call = module_call(storage.load(), check=seen)
    assert call("resume", {"slot": "current"})["error"] == "no_game"
    rng = random.Random(players)
    answer = call("new_game", setup(preset, players, seed=players, options=options, levels=levels))
    answer = play(call, answer, rng, steps=6)
    assert "current" in storage.saved  # saved after every step

    call = module_call(storage.load(), check=seen)  # the page reloaded
    back = call("resume", {"slot": "current"})
    assert back["view"] == answer["view"]
    assert back["tracker"] == answer["tracker"]  # rebuilt from the log: the same notes
    assert back["setup"]["config"]["options"] == options
    play_out(call, back, rng)
    assert "current" not in storage.saved  # a finished game is not kept

    answer = call("new_game", setup(preset, players, seed=None, options=options, levels=levels))
    assert "seed" not in json.dumps(answer)  # the seed the worker drew never crosses
    assert call("forget", None) == {"ok": True}
    assert "current" not in storage.saved
    assert call("bot_step", None)["error"] == "no_game"
    assert set(seen.count) == {"new_game", "act", "bot_step", "resume", "forget"}


def test_every_bot_level_game_answers_hold_to_the_schema(worker: ModuleType) -> None:
    """Seeds of one table with all five levels: each answer checked, with the bots' think_ms."""
    seen = Exchanges()
    call = module_call(worker, check=seen)
    for seed in range(3):
        end = play_out(
            call, call("new_game", setup("classic", 6, seed, levels=LEVELS)), random.Random(seed)
        )
        assert sorted(p["seat"] for p in end["view"]["result"]["ranking"]) == list(range(6))
    assert seen.count["bot_step"] > 50


def cards_in(value: Any) -> set[str]:
    """Every card string anywhere in a message."""
    if isinstance(value, dict):
        return set().union(*(cards_in(v) for v in value.values()))
    if isinstance(value, list):
        return set().union(*(cards_in(v) for v in value))
    return (
        {value}
        if isinstance(value, str) and value[:-1] in RANKS_52 and value[-1] in SUITS
        else set()
    )


@pytest.mark.parametrize("seed", range(3))
def test_the_review_comes_only_with_the_end_of_a_hand(worker: ModuleType, seed: int) -> None:
    """No answer before a hand's end carries a card the human could not see, nor a review; the
    answer that ends a hand carries that hand's review, with every play's true cards."""
    call = module_call(worker, check=check_call)
    options = {"ending": "match", "hands": 2}
    answer = call("new_game", setup("classic", 3, seed, options=options))
    rng = random.Random(seed)
    reviewed = []
    while not answer["view"]["over"]:
        answer = next_answer(call, answer, rng)
        view, events = answer["view"], answer["events"]
        ended = [event["hand"] for event in events if event["type"] == "hand_over"]
        if not ended:
            assert "review" not in answer
            seen = set(view["hand"]) | set(view["discard"]) | cards_in(view["revealed"])
            seen |= cards_in([e for e in events if e.get("seat") == 0 or e["type"] != "played"])
            assert cards_in(answer) <= seen
            continue
        review = answer["review"]
        assert review["hand"] == ended[-1]
        assert len(review["hands"]) == 3
        assert all(play["cards"] for play in review["plays"])
        reviewed.append(review["hand"])
    assert reviewed == [1, 2]


@pytest.mark.parametrize(("preset", "players", "seed"), [("classic", 4, 8), ("quick", 3, 5)])
def test_undo_restores_the_earlier_table_and_the_same_future(
    worker: ModuleType, preset: str, players: int, seed: int
) -> None:
    """Undo gives back exactly the table before the human's last decision; making the same
    decision again brings back the same bot moves (they replay from their seeds)."""
    call = module_call(worker, check=check_call)
    answer = call("new_game", setup(preset, players, seed, levels=("medium", "expert")))
    assert call("undo", None)["error"] == "nothing_to_undo"
    rng = random.Random(seed)
    turns: list[tuple[Answer, dict[str, Any], list[Answer]]] = []  # before, action, what followed
    while not answer["view"]["over"] and len(turns) < 6:
        if answer["bot_to_move"]:
            answer = call("bot_step", None)
            if turns:
                turns[-1][2].append(answer)
            continue
        action = random_action(answer["view"], rng)
        turns.append((answer, action, []))
        answer = call("act", action)
        turns[-1][2].append(answer)
    assert not answer["view"]["over"], "six decisions of the human's before the end"
    before, action, followed = turns[-1]
    back = call("undo", None)
    for key in ("view", "tracker", "seats", "human", "bot_to_move"):
        assert back[key] == before[key], key
    assert back["events"] == []
    again = [call("act", action)]
    while len(again) < len(followed):
        again.append(call("bot_step", None))
    assert {a["assisted"] == ["undo"] for a in again} == {True}  # the game counts apart now
    drop = ("think_ms", "assisted")
    assert [{k: v for k, v in a.items() if k not in drop} for a in again] == [
        {k: v for k, v in a.items() if k not in drop} for a in followed
    ]
    # Twice back: the decision before that one.
    call("undo", None)
    earlier = call("undo", None)
    assert earlier["view"] == turns[-2][0]["view"]


def test_undo_without_a_game_and_after_the_end(worker: ModuleType) -> None:
    call = module_call(worker, check=check_call)
    assert call("undo", None)["error"] == "no_game"
    play_out(call, call("new_game", setup("quick", 3, 1)), random.Random(1))
    assert call("undo", None)["error"] == "game_over"


# -- resume and forget ---------------------------------------------------------------------------


def test_resume_with_nothing_saved_and_no_storage(worker: ModuleType) -> None:
    call = module_call(worker, check=check_call)
    assert call("resume", None) == {"ok": False, "error": "no_game", "message": "nothing saved"}
    assert call("resume", {"slot": "embed"})["error"] == "no_game"


def test_resume_gives_back_the_log_the_first_seat_and_the_setup(storage: Storage) -> None:
    call = module_call(storage.load(), check=check_call)
    request = setup("classic", 4, seed=None, options={"open_challenge": True})
    first = call("new_game", request)
    events = list(first["events"])
    answer, rng = first, random.Random(3)
    for _ in range(10):
        answer = next_answer(call, answer, rng)
        events += answer["events"]
    back = module_call(storage.load(), check=check_call)("resume", {"slot": "current"})
    assert back["setup"] == request  # as sent: no seed the player did not type
    assert back["log"] == events
    assert back["first"] == first["view"]["to_move"]
    assert (back["actor"], back["events"]) == (None, [])
    assert {k: back[k] for k in ("view", "seats", "human", "bot_to_move")} == {
        k: answer[k] for k in ("view", "seats", "human", "bot_to_move")
    }


def test_each_page_resumes_from_its_own_slot(storage: Storage) -> None:
    embed = module_call(storage.load(), check=check_call)
    embed("resume", {"slot": "embed"})
    embed("new_game", setup())
    assert set(storage.saved) == {"embed"}
    main_page = module_call(storage.load(), check=check_call)
    assert main_page("resume", {"slot": "current"})["error"] == "no_game"
    assert module_call(storage.load(), check=check_call)("resume", {"slot": "embed"})["ok"]


@pytest.mark.parametrize(
    "saved",
    [
        "{not json",
        "[]",
        json.dumps({"format": 99}),
        json.dumps({"format": 1, "game": {"version": 999}, "setup": {}, "rng": []}),
    ],
)
def test_a_damaged_save_answers_bad_save_and_is_deleted(storage: Storage, saved: str) -> None:
    storage.saved["current"] = saved
    answer = module_call(storage.load(), check=check_call)("resume", {"slot": "current"})
    assert answer["error"] == "bad_save"
    assert storage.saved == {}


def test_forget_without_a_game_and_then_no_game(worker: ModuleType) -> None:
    call = module_call(worker, check=check_call)
    assert call("forget", None) == {"ok": True}
    call("new_game", setup())
    call("forget", None)
    assert call("act", {"type": "pass"})["error"] == "no_game"
    assert call("bot_step", None)["error"] == "no_game"


# -- error answers -------------------------------------------------------------------------------

# Seat 0 opens a classic round (the dealer sits last): its hand is read from the view.
OPENING_ERRORS: list[tuple[str, Any]] = [
    ("nothing_to_call", {"type": "challenge"}),
    ("nothing_to_call", {"type": "believe"}),
    ("cannot_pass", {"type": "pass"}),
    ("unknown_action", {"type": "shout"}),
    ("bad_action", {"cards": []}),
    ("bad_action", ["play"]),
    ("bad_action", {"type": "challenge", "target": 1}),
    ("bad_action", {"type": "play", "cards": ["HAND"], "rank": "7", "why": "bluff"}),
    ("no_cards", {"type": "play", "cards": [], "rank": "7"}),
    ("bad_card", {"type": "play", "cards": ["1X"], "rank": "7"}),
    ("card_not_in_hand", {"type": "play", "cards": ["NOT_HELD"], "rank": "7"}),
    ("bad_rank", {"type": "play", "cards": ["HAND"], "rank": "1"}),
    ("too_many_cards", {"type": "play", "cards": ["HAND"] * 5, "rank": "7"}),
]


def _with_hand(action: Any, hand: list[str], held: set[str]) -> Any:
    if not isinstance(action, dict) or not isinstance(action.get("cards"), list):
        return action
    other = next(card for card in ("6C", "7C", "8C", "9C", "10C") if card not in held)
    named = {"HAND": hand, "NOT_HELD": [other] * len(action["cards"])}
    cards = [named[card][i] if card in named else card for i, card in enumerate(action["cards"])]
    return {**action, "cards": cards}


@pytest.mark.parametrize(("code", "action"), OPENING_ERRORS)
def test_an_illegal_action_gets_its_code_and_changes_nothing(
    worker: ModuleType, code: str, action: Any
) -> None:
    call = module_call(worker)  # some of these requests are outside the schema: answers checked
    first = call("new_game", setup("classic", 3, seed=4, dealer=2))
    assert first["view"]["to_move"] == 0
    hand = first["view"]["hand"]
    answer = call("act", _with_hand(action, hand, set(hand)))
    check("ActAnswer", answer)
    assert answer == {**answer, "ok": False, "error": code}
    assert call("bot_step", None)["view"] == first["view"]  # the human is still to move


def test_wrong_rank_not_your_turn_and_game_over(worker: ModuleType) -> None:
    call = module_call(worker, check=check_call)
    first = call("new_game", setup("classic", 3, seed=4, dealer=2, options={"ascending": True}))
    view = first["view"]
    assert view["next_rank"] == "A"
    refused = call("act", {"type": "play", "cards": view["hand"][:1], "rank": "7"})
    assert refused["error"] == "wrong_rank"
    played = call("act", {"type": "play", "cards": view["hand"][:1], "rank": "A"})
    assert played["bot_to_move"]
    assert call("act", {"type": "challenge"})["error"] == "not_your_turn"
    play_out(call, played, random.Random(1))
    assert call("act", {"type": "challenge"})["error"] == "game_over"


def test_text_that_is_not_json_answers_bad_json(worker: ModuleType) -> None:
    check("NewGameAnswer", answer := raw(worker, "new_game", "{config:"))
    assert answer["error"] == "bad_json"
    module_call(worker)("new_game", setup())
    check("ActAnswer", answer := raw(worker, "act", "play 7H"))
    assert answer["error"] == "bad_json"


SETUP_ERRORS: list[tuple[str, dict[str, Any]]] = [
    ("bad_players", setup("classic", 7)),
    ("bad_players", setup("quick", 2)),
    ("unknown_preset", {**setup(), "config": {**setup()["config"], "preset": "durak"}}),
    ("bad_seed", setup(seed="7")),
    ("unknown_option", setup(options={"jokers": True})),
    ("option_not_in_preset", setup("quick", 3, options={"draw": True})),
    ("bad_option", setup(options={"deck": 40})),
    ("bad_option", setup(options={"hands": 3})),  # a number of hands, but no match
    ("bad_config", setup(levels=("genius",))),
    ("bad_config", setup(colour="red")),
    ("bad_seat", {**setup(), "human": 5, "seats": [{"name": "Bot", "level": "easy"}] * 3}),
    ("bad_seat", {**setup(), "human": "0"}),
    ("bad_config", {**setup(players=4), "seats": setup()["seats"]}),  # 3 seats at a 4-seat table
    ("bad_config", {**setup(), "seats": ["You", "Bot 1", "Bot 2"]}),
    ("bad_config", {"human": 0, "seats": setup()["seats"]}),
]


@pytest.mark.parametrize(("code", "request_"), SETUP_ERRORS)
def test_a_bad_setup_gets_its_code(worker: ModuleType, code: str, request_: dict[str, Any]) -> None:
    answer = raw(worker, "new_game", json.dumps(request_))
    check("NewGameAnswer", answer)
    assert answer["error"] == code, answer


# -- anything the page might send ----------------------------------------------------------------

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 60) | st.text(max_size=4),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
    ),
    max_leaves=12,
)
FIELDS = {
    "type": st.sampled_from(["play", "challenge", "believe", "pass", "bluff"]),
    "cards": st.lists(st.sampled_from(["7H", "AS", "10D", "QC", "6S", "1Z"]), max_size=5),
    "rank": st.sampled_from(["7", "A", "10", "Q", "6", "1"]),
}
ACTIONS = JSON | st.fixed_dictionaries({}, optional={**FIELDS, "extra": JSON})


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(action=ACTIONS, seed=st.integers(0, 50))
def test_any_action_gets_an_answer_of_the_protocol(action: Any, seed: int) -> None:
    """Whatever act() is given, the answer is an ActAnswer; one the worker accepts is an
    Action of the schema, one it refuses leaves the table as it was."""
    worker = load_worker()
    call = module_call(worker)
    first = call("new_game", setup("classic", 4, seed=seed, dealer=3))
    answer = call("act", action)
    check("ActAnswer", answer)
    if answer["ok"]:
        check("Action", action)
    else:
        assert call("bot_step", None) == first


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(config=configs(), levels=st.lists(st.sampled_from(["easy", "random"]), min_size=1))
def test_random_games_of_any_configuration_hold_to_the_schema(
    config: dict[str, Any], levels: list[str]
) -> None:
    """Any preset, seat count, options, seed and dealer: a whole game, every message checked.
    Every hand gets a move limit: bots left among themselves may play on for a very long time,
    which is not what this test is about (the levels' think times neither)."""
    options = {**config["options"], "move_limit": config["options"]["move_limit"] or 40}
    request = setup(
        config["preset"],
        config["players"],
        config["seed"],
        options,
        tuple(levels),
        dealer=config["dealer"],
    )
    call = module_call(load_worker(), check=check_call)
    play_out(call, call("new_game", request), random.Random(config["seed"]))
