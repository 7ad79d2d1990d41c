"""Pass-and-play in the worker: several people at one device, each shown only their own seat.

The worker (web/app/worker.py, under CPython through tools/worker_module.py) is driven through
whole games with two or three people and bots, every exchange checked against the protocol's
schema. What a person may know is what a single human would know at that seat; the log is what
every seat saw; the seat on screen changes only to the person to act, through ``take_seat()``.
"""

from __future__ import annotations

import json
import random
from types import ModuleType
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import Game, public_events, visible_events
from engine.policies import random_action
from engine.review import replayed_events
from engine.tracker import track
from tests.test_worker_protocol import Storage, cards_in
from tools.protocol_check import check_call
from tools.worker_module import Answer, Call, load_worker, module_call

# (preset, seat levels, options): seat 0 is always a person, as the setup screen makes it.
TABLES = [
    ("classic", ("human", "human", "medium"), {}),
    ("quick", ("human", "easy", "human", "human"), {}),
    ("classic", ("human", "random", "human", "hard"), {"draw": True, "open_challenge": True}),
    ("classic", ("human", "human"), {"ending": "match", "hands": 2}),
]


@pytest.fixture
def worker() -> ModuleType:
    return load_worker()


@pytest.fixture
def storage() -> Storage:
    return Storage()


def shared_setup(
    preset: str, levels: tuple[str, ...], seed: int, options: dict[str, Any]
) -> dict[str, Any]:
    """A new_game request with a person on every seat whose level is "human"."""
    seats = [{"name": f"P{seat}", "level": level} for seat, level in enumerate(levels)]
    config = {"preset": preset, "players": len(levels), "seed": seed, "options": options}
    return {"config": config, "human": 0, "seats": seats}


def people(levels: tuple[str, ...]) -> list[int]:
    return [seat for seat, level in enumerate(levels) if level == "human"]


def step(call: Call, answer: Answer, rng: random.Random) -> Answer:
    """One step as the page takes it: the hand-off first, then a bot, else the person acts."""
    if "pass_to" in answer:
        return call("take_seat", None)
    if answer["bot_to_move"]:
        return call("bot_step", None)
    return call("act", random_action(answer["view"], rng))


class Knowledge:
    """What each seat may know so far: cards it held, the discard heap, revealed cards (those of
    the view, and those of a reveal the same answer's new deal has already cleared away).

    One instance follows every seat an answer is built for: the seat on screen of pass-and-play,
    and a guest seat's answer (tests/test_guests.py) alike."""

    def __init__(self) -> None:
        self.known: dict[int, set[str]] = {}

    def check(self, answer: Answer) -> None:
        """Every card in an answer is one the seat it is for may know. The exceptions are the
        reviews, each only once its hand has ended: ``review`` with its hand's ``hand_over`` (or
        its summary, ``between_hands``), ``reviews`` with the game's end. A host's answer is
        checked for its own seat: the guests' answers it carries are each checked apart."""
        seat = answer["human"]
        view, events = answer["view"], answer["events"]
        known = self.known.setdefault(seat, set())
        known |= set(view["hand"]) | set(view["discard"]) | cards_in(view["revealed"])
        known |= cards_in([e for e in events if e["type"] in ("revealed", "discarded")])
        ended = [event["hand"] for event in events if event["type"] == "hand_over"]
        ended += [answer["between_hands"]["hand"]] if "between_hands" in answer else []
        if "review" in answer:
            assert ended[-1:] == [answer["review"]["hand"]], "a review before its hand ended"
        if "reviews" in answer:
            assert any(event["type"] == "game_over" for event in events), "reviews too early"
        rest = {k: v for k, v in answer.items() if k not in ("review", "reviews", "guests")}
        leaked = cards_in(rest) - known
        assert not leaked, f"seat {seat} was shown {sorted(leaked)}"


@pytest.mark.parametrize(("preset", "levels", "options"), TABLES)
@pytest.mark.parametrize("seed", range(2))
def test_each_person_is_shown_only_their_own_seat(
    preset: str, levels: tuple[str, ...], options: dict[str, Any], seed: int
) -> None:
    """Whole games: every answer is the view of the seat on screen and holds no card that seat
    could not know; the events are the public ones; the seat changes only after take_seat(),
    and only to the person to act; nobody acts for a person who is not on screen."""
    worker = load_worker()
    call = module_call(worker, check=check_call)
    answer = call("new_game", shared_setup(preset, levels, seed, options))
    rng = random.Random(seed)
    knowledge = Knowledge()
    viewers = set()
    handoffs = 0
    for _ in range(20_000):
        if answer["view"]["over"]:
            break
        game: Game = worker.TABLE.session.game
        viewer = answer["human"]
        viewers.add(viewer)
        if "between_hands" in answer:
            # A match's hand ended: its summary holds the next hand, shown at the next step.
            assert answer["bot_to_move"]
            assert "pass_to" not in answer
            assert answer["view"]["legal"] is None
            answer = call("bot_step", None)
            continue
        assert answer["view"] == game.view(viewer)
        knowledge.check(answer)
        for event in answer["events"]:
            assert not (event["type"] in ("played", "drew") and "cards" in event), event
        to_move = game.to_move
        if to_move in people(levels) and to_move != viewer:
            assert answer["pass_to"] == to_move
            assert not answer["bot_to_move"]
            # The person on screen cannot act for the one the device goes to.
            other = random_action(game.view(to_move), rng)
            before = game.to_json()
            assert call("act", other)["error"] == "not_your_turn"
            assert call("bot_step", None)["human"] == viewer  # no bot to move: nothing changes
            assert worker.TABLE.session.game.to_json() == before
            handoffs += 1
        else:
            assert "pass_to" not in answer
        answer = step(call, answer, rng)
    assert answer["view"]["over"], "the game did not end"
    assert handoffs > 0
    assert viewers == set(people(levels))


def test_the_tracker_is_the_seat_on_screens_own() -> None:
    """After a hand-off the card tracker is built from what the new seat saw, not the last one."""
    worker = load_worker()
    call = module_call(worker, check=check_call)
    levels = ("human", "medium", "human")
    answer = call("new_game", shared_setup("classic", levels, 4, {}))
    rng = random.Random(4)
    switched = 0
    while not answer["view"]["over"] and switched < 6:
        answer = step(call, answer, rng)
        if answer["actor"] is None and not answer["events"]:
            game = worker.TABLE.session.game
            seat = answer["human"]
            seen = visible_events(replayed_events(game), seat)
            deals = [i for i, event in enumerate(seen) if event["type"] == "dealt"]
            this_hand = seen[deals[-1] :] if deals else seen  # the first deal has no event
            assert answer["tracker"] == track(game.view(seat), this_hand)
            switched += 1
    assert switched == 6


def test_a_reload_lands_on_the_hand_off_with_a_public_log(storage: Storage) -> None:
    """After a reload the page is told to ask for the person to act, even one already on
    screen before it (whoever holds the device may be someone else); the log shows no card that
    was played face down; take_seat() then shows that person's own seat."""
    levels = ("human", "easy", "human")
    call = module_call(storage.load(), check=check_call)
    answer = call("new_game", shared_setup("classic", levels, 7, {}))
    rng = random.Random(7)
    for _ in range(15):
        answer = step(call, answer, rng)
    while answer["bot_to_move"] or "pass_to" in answer:
        answer = step(call, answer, rng)
    on_screen = answer["human"]
    worker = storage.load()
    call = module_call(worker, check=check_call)
    back = call("resume", None)
    assert back["pass_to"] == back["view"]["to_move"] == on_screen
    assert not [e for e in back["log"] if e["type"] in ("played", "drew") and "cards" in e]
    assert back["log"] == public_events(replayed_events(worker.TABLE.session.game))[-1000:]
    seated = call("take_seat", None)
    assert "pass_to" not in seated
    assert seated["view"]["legal"]
    assert seated["view"] == worker.TABLE.session.game.view(on_screen)


def test_the_seat_on_screen_is_kept_by_the_save(storage: Storage) -> None:
    """A save made with the second person on screen resumes on that seat's view."""
    levels = ("human", "human")
    call = module_call(storage.load(), check=check_call)
    answer = call("new_game", shared_setup("classic", levels, 2, {}))
    rng = random.Random(2)
    while answer["human"] == 0 or "pass_to" in answer:
        answer = step(call, answer, rng)
    saved = json.loads(storage.saved["current"])
    assert saved["viewer"] == 1
    assert module_call(storage.load(), check=check_call)("resume", None)["human"] == 1
    storage.saved["current"] = json.dumps({**saved, "viewer": 5})
    assert module_call(storage.load())("resume", None)["error"] == "bad_save"


def test_undo_is_not_offered_in_pass_and_play(worker: ModuleType) -> None:
    call = module_call(worker, check=check_call)
    answer = call("new_game", shared_setup("quick", ("human", "human", "easy"), 3, {}))
    rng = random.Random(3)
    for _ in range(8):
        answer = step(call, answer, rng)
    assert call("undo", None)["error"] == "no_undo"
    assert call("take_seat", None)["ok"]
    assert module_call(load_worker())("take_seat", None)["error"] == "no_game"


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 6))
def test_public_events_are_what_every_seat_saw(seed: int, players: int) -> None:
    """engine.public_events of a game's events is, event by event, what every seat was shown
    in common: the visible events of each seat, with the cards only some of them saw dropped."""
    game = Game.new({"preset": "classic", "players": players, "seed": seed})
    rng = random.Random(seed)
    while not game.is_over and game.moves < 60:
        seat = game.to_move
        assert seat is not None
        game.apply(seat, random_action(game.view(seat), rng))
    events = replayed_events(game)
    shown = [visible_events(events, seat) for seat in range(players)]
    common = [
        {key: value for key, value in event.items() if all(key in s[i] for s in shown)}
        for i, event in enumerate(events)
    ]
    assert public_events(events) == common
