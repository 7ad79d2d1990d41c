"""Guest seats: friends who play one seat each from their own device, over the host's table.

The host's table (engine.table) stays the only authority. A friend's action comes in through
``guest_act``; every host answer of such a game carries each guest seat's own answer
(``guests``), which the host's page only forwards. Whole games through ``guest_act`` and
``bot_step``, the refusals (the game and its save untouched), the stand-ins that play the seats
of friends who are away, saves, a match's held deal, and, over random games through the worker
with every message checked against the schema, no guest answer holding a card its seat may not
know (the hidden-information check of tests/test_pass_and_play.py, seat by seat).
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import visible_events
from engine.policies import random_action
from engine.review import replayed_events
from engine.table import LOG_MAX, Session
from engine.tracker import track
from tests.strategies import configs
from tests.test_pass_and_play import Knowledge
from tests.test_table import Host, setup
from tools.protocol_check import check_call
from tools.worker_module import Answer, Call, load_worker, module_call

# What only the host's own answer may carry: its guided hand, its position, its bots' thinking
# time, its pass-and-play hand-off, its setup and the guests' answers themselves.
HOST_ONLY = {"guide", "position", "think_ms", "pass_to", "setup", "guests"}


def guest_setup(
    players: int = 4, seed: int = 3, guests: tuple[int, ...] = (1, 3), **options: Any
) -> dict[str, Any]:
    """A new_game request with the host's person on seat 0 and friends on ``guests``."""
    request = setup(players, seed, ("random",), (0,), **options)
    for seat in guests:
        request["seats"][seat]["guest"] = True
    return request


def host_call(host: Host) -> Call:
    """The table's methods as the worker's exports are called (an argument or None)."""
    return lambda name, arg: host.call(name) if arg is None else host.call(name, arg)


def step(call: Call, answer: Answer, rng: random.Random) -> Answer:
    """One step as the host's page and the friends' devices take it: the bot to move (an away
    friend's stand-in too), the host's person, or the friend to move, who acts on the view its
    own answer gave it."""
    if answer["bot_to_move"]:
        return call("bot_step", None)
    to_move = answer["view"]["to_move"]
    if to_move == answer["human"]:
        return call("act", random_action(answer["view"], rng))
    own = answer["guests"][str(to_move)]
    return call("guest_act", {"seat": to_move, "action": random_action(own["view"], rng)})


def this_hand(seen: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The events since the last deal (the tracker's input)."""
    deals = [i for i, event in enumerate(seen) if event["type"] == "dealt"]
    return seen[deals[-1] :] if deals else seen


def test_two_friends_play_a_whole_game_through_the_table() -> None:
    """Each guest answer is its seat's own: its view, the step's events as it may see them, its
    tracker, who waits for whom. A present friend's turn is nobody else's: bot_step answers the
    table as it is, changes nothing and saves nothing."""
    host = Host()
    answer = host.call("new_game", guest_setup(ending="last_loser"))
    session = host.session
    assert (session.guests, session.people, sorted(session.bots)) == ([1, 3], [0], [1, 2, 3])
    record: list[dict[str, Any]] = []
    rng = random.Random(3)
    moved = {1: 0, 3: 0}
    while not answer["view"]["over"]:
        game = host.session.game
        events = replayed_events(game)
        new, record = events[len(record) :], events
        assert answer["events"] == visible_events(new, 0)
        assert answer["friends"] == {"guests": [1, 3], "away": []}
        to_move = game.to_move
        assert answer["bot_to_move"] == (to_move not in (0, 1, 3))
        assert set(answer["guests"]) == {"1", "3"}
        for seat in (1, 3):
            own = answer["guests"][str(seat)]
            assert not HOST_ONLY & set(own)
            assert (own["human"], own["actor"], own["friends"]) == (
                seat,
                answer["actor"],
                answer["friends"],
            )
            assert own["view"] == game.view(seat)
            assert own["events"] == visible_events(new, seat)
            assert own["bot_to_move"] == (to_move != seat)
            assert own["tracker"] == track(own["view"], this_hand(visible_events(record, seat)))
        if to_move in moved:
            saves = len(host.saves)
            before = host.session.dump()
            still = host.call("bot_step")
            assert (still["actor"], still["events"]) == (None, [])
            assert (host.session.dump(), len(host.saves)) == (before, saves)
            moved[to_move] += 1
        answer = step(host_call(host), answer, rng)
        if to_move in moved:
            assert answer["actor"] == to_move
            assert host.saves[-1] == (None if answer["view"]["over"] else host.session.dump())
    assert all(moved.values()), moved
    for seat in (1, 3):
        assert answer["guests"][str(seat)]["reviews"] == answer["reviews"]
    assert host.saves[-1] is None


def to_turn_of(host: Host, seat: int, rng: random.Random, request: dict[str, Any]) -> Answer:
    """A new game of ``request`` played on until ``seat`` is to move."""
    answer = host.call("new_game", request)
    while answer["view"]["to_move"] != seat:
        assert not answer["view"]["over"]
        answer = step(host_call(host), answer, rng)
    return answer


def refused_unchanged(host: Host, name: str, *args: Any) -> str:
    """The code of a refused request; the game's JSON and the saves stay as they were."""
    before, saves = json.dumps(host.session.dump()), len(host.saves)
    code = host.refused(name, *args)
    assert (json.dumps(host.session.dump()), len(host.saves)) == (before, saves)
    return code


HUGE = list(range(100_000))
GARBAGE: list[tuple[Any, str]] = [
    (None, "bad_seat"),
    ("1", "bad_seat"),
    ([1], "bad_seat"),
    ({"action": {"type": "pass"}}, "bad_seat"),
    ({"seat": "1", "action": {"type": "pass"}}, "bad_seat"),
    ({"seat": True, "action": {"type": "pass"}}, "bad_seat"),
    ({"seat": 1.0, "action": {"type": "pass"}}, "bad_seat"),
    ({"seat": [1], "action": {"type": "pass"}}, "bad_seat"),
    ({"seat": HUGE, "action": {"type": "pass"}}, "bad_seat"),
    ({"seat": -3, "action": {"type": "pass"}}, "bad_seat"),
    ({"seat": 9, "action": {"type": "pass"}}, "bad_seat"),
    ({"seat": 1}, "bad_action"),
    ({"seat": 1, "action": None}, "bad_action"),
    ({"seat": 1, "action": "pass"}, "bad_action"),
    ({"seat": 1, "action": ["pass"]}, "bad_action"),
    ({"seat": 1, "action": HUGE}, "bad_action"),
    ({"seat": 1, "action": {"type": "dance"}}, "unknown_action"),
    ({"seat": 1, "action": {"type": "play", "cards": HUGE, "rank": "7"}}, "too_many_cards"),
    ({"seat": 1, "action": {"type": "play", "cards": ["7H"] * 50_000}}, "too_many_cards"),
    ({"seat": 1, "action": {"type": "play", "cards": "7H", "rank": "7"}}, "no_cards"),
]


@pytest.mark.parametrize(("request_", "code"), GARBAGE)
def test_garbage_from_a_friend_is_refused_and_changes_nothing(request_: Any, code: str) -> None:
    """Whatever a friend's device sends (or the host's page passes on) is refused before the
    game or its save changes: ``bad_seat`` without a guest's seat, else the engine's code."""
    host = Host()
    to_turn_of(host, 1, random.Random(4), guest_setup())
    found = refused_unchanged(host, "guest_act", request_)
    assert found == code


def test_a_friend_acts_only_for_its_own_seat_in_its_own_turn() -> None:
    """Out of turn, for a bot's seat, for the host's person, for another friend, while away and
    while a hand's summary holds the deal (below): refused, nothing changed or saved."""
    host = Host()
    rng = random.Random(4)
    answer = to_turn_of(host, 1, rng, guest_setup())
    action = random_action(answer["guests"]["1"]["view"], rng)
    assert refused_unchanged(host, "guest_act", {"seat": 3, "action": action}) == "not_your_turn"
    assert refused_unchanged(host, "guest_act", {"seat": 2, "action": action}) == "bad_seat"
    assert refused_unchanged(host, "guest_act", {"seat": 0, "action": action}) == "bad_seat"
    assert refused_unchanged(host, "act", action) == "not_your_turn"  # the host's person
    assert refused_unchanged(host, "coach") == "not_your_turn"  # the coach is the host's only
    assert refused_unchanged(host, "undo") == "no_undo"
    host.call("seat_away", {"seat": 1, "away": True})
    assert refused_unchanged(host, "guest_act", {"seat": 1, "action": action}) == "not_your_turn"
    back = host.call("seat_away", {"seat": 1, "away": False})
    assert not back["bot_to_move"]
    assert host.call("guest_act", {"seat": 1, "action": action})["actor"] == 1
    for request_, code in [
        ({"seat": 2, "away": True}, "bad_seat"),
        ({"seat": 0, "away": True}, "bad_seat"),
        ({"seat": 1, "away": "yes"}, "bad_json"),
        ({"seat": 1}, "bad_json"),
        ([1, True], "bad_seat"),
    ]:
        assert refused_unchanged(host, "seat_away", request_) == code
    assert host.session.away == set()
    for request_ in [{"seat": 2}, {"seat": "3"}, {}, None]:
        assert refused_unchanged(host, "guest_view", request_) == "bad_seat"


def test_a_friend_away_is_played_by_its_stand_in() -> None:
    """While a friend is away its seat is the host's bots' to play, by the seat's own bot; both
    pages are told who is away; once back, the friend's turn waits for the friend again."""
    host = Host()
    rng = random.Random(6)
    answer = to_turn_of(host, 3, rng, guest_setup(seed=6))
    assert not answer["bot_to_move"]
    answer = host.call("seat_away", {"seat": 3, "away": True})
    assert answer["bot_to_move"]
    assert answer["friends"] == {"guests": [1, 3], "away": [3]}
    assert answer["guests"]["3"]["friends"] == answer["friends"]
    assert answer["guests"]["3"]["bot_to_move"]  # its own stand-in is to move
    assert answer["guests"]["1"]["bot_to_move"]
    stood_in = 0
    for _ in range(40):
        if answer["view"]["over"]:
            break
        to_move = answer["view"]["to_move"]
        assert answer["bot_to_move"] == (to_move not in {0, 1})
        if to_move == 3:
            answer = host.call("bot_step")
            assert answer["actor"] == 3
            assert answer["think_ms"] >= 0
            # The stand-in's own plays: their cards for the friend's seat, for nobody else.
            own = [e for e in answer["guests"]["3"]["events"] if e["type"] == "played"]
            shown = [e for e in answer["events"] if e["type"] == "played"]
            assert all("cards" in e for e in own)
            assert not any("cards" in e for e in shown)
            stood_in += 1
        else:
            answer = step(host_call(host), answer, rng)
    assert stood_in > 0
    answer = host.call("seat_away", {"seat": 3, "away": False})
    assert answer["friends"]["away"] == []
    while not answer["view"]["over"] and answer["view"]["to_move"] != 3:
        answer = step(host_call(host), answer, rng)
    if not answer["view"]["over"]:
        assert not answer["bot_to_move"]
        assert host.call("bot_step")["actor"] is None


def test_a_save_keeps_the_guests_and_forgets_who_was_away() -> None:
    """A save mid-game restores the guest seats and their stand-ins' memories; nobody is away
    after a reload (the host's page says who has not come back); each guest's restored answer
    holds its log; the game goes on exactly as without the reload."""
    host = Host()
    answer = host.call("new_game", guest_setup(seed=8))
    rng = random.Random(8)
    for count in range(30):
        if count == 10:
            answer = host.call("seat_away", {"seat": 1, "away": True})
        answer = step(host_call(host), answer, rng)
    assert not answer["view"]["over"]
    saved = host.saves[-1]
    assert saved is not None
    flags = [seat.get("guest", False) for seat in saved["setup"]["seats"]]
    assert flags == [False, True, False, True]
    assert "away" not in json.dumps(saved)
    assert Session.restore(json.loads(json.dumps(saved))).dump() == host.session.dump()
    other = Host()
    resumed = other.call("resume", json.dumps(saved))
    assert (other.session.guests, other.session.away) == ([1, 3], set())
    assert resumed["friends"] == {"guests": [1, 3], "away": []}
    record = replayed_events(host.session.game)
    for seat in (1, 3):
        own = resumed["guests"][str(seat)]
        assert own["log"] == visible_events(record, seat)[-LOG_MAX:]
        assert own["first"] == resumed["first"]
        assert "setup" not in own
        assert other.call("guest_view", {"seat": seat}) == own
    host.call("seat_away", {"seat": 1, "away": False})
    a, b = host.call("bot_step"), other.call("bot_step")
    rng_a, rng_b = random.Random(1), random.Random(1)
    while not a["view"]["over"]:
        assert {**a, "think_ms": 0} == {**b, "think_ms": 0}
        a, b = step(host_call(host), a, rng_a), step(host_call(other), b, rng_b)
    assert host.session.game.to_json() == other.session.game.to_json()


@pytest.mark.parametrize(
    ("seats", "code"),
    [
        ({1: {"guest": "yes"}}, "bad_config"),
        ({1: {"guest": 1}}, "bad_config"),
        ({0: {"guest": True}}, "bad_config"),
        ({2: {"guest": True, "level": "human"}}, "bad_config"),
        ({2: {"guest": True, "level": "genius"}}, "bad_config"),
    ],
)
def test_a_guest_seat_is_a_stand_in_bots_and_no_persons(
    seats: dict[int, dict[str, Any]], code: str
) -> None:
    """The guest flag is true or false; a friend's seat is neither the host's person nor a
    pass-and-play seat, and its level is a bot's (the stand-in). A save saying otherwise is
    refused as damaged."""
    request = guest_setup(guests=())
    for seat, changes in seats.items():
        request["seats"][seat].update(changes)
    assert Host().refused("new_game", request) == code
    host = Host()
    host.call("new_game", guest_setup())
    saved = host.session.dump()
    saved["setup"] = request
    assert host.refused("resume", json.dumps(saved)) == "bad_save"


def test_the_held_deal_reaches_the_friends_after_the_summary() -> None:
    """A match's hand ends: each friend gets the hand's summary over its own ended hand, with
    the review, and may not act; a friend who joins then sees the same; the host's bot_step
    deals the next hand to everyone, each its own cards; a reload between brings it back."""
    host = Host()
    request = guest_setup(players=3, seed=7, guests=(1, 2), ending="match", hands=2)
    answer = host.call("new_game", request)
    rng = random.Random(7)
    while "between_hands" not in answer:
        assert not answer["view"]["over"]
        answer = step(host_call(host), answer, rng)
    review = answer["review"]
    for seat in (1, 2):
        own = answer["guests"][str(seat)]
        assert (own["between_hands"], own["review"]) == (answer["between_hands"], review)
        assert "dealt" not in [event["type"] for event in own["events"]]
        view = own["view"]
        assert (view["hand_number"], view["to_move"], view["legal"]) == (1, None, None)
        assert view["hand"] == review["hands"][seat]
        assert own["bot_to_move"]
        action = {"seat": seat, "action": {"type": "pass"}}
        assert refused_unchanged(host, "guest_act", action) == "not_your_turn"
        joined = host.call("guest_view", {"seat": seat})
        assert (joined["between_hands"], joined["view"]) == (own["between_hands"], view)
        assert "dealt" not in [event["type"] for event in joined["log"]]
    saved = host.saves[-1]
    other = Host()
    resumed = other.call("resume", json.dumps(saved))
    assert resumed["guests"]["1"]["view"] == answer["guests"]["1"]["view"]
    assert resumed["guests"]["2"]["review"] == review
    dealt = host.call("bot_step")
    assert dealt == other.call("bot_step")
    game = host.session.game
    for seat in (1, 2):
        own = dealt["guests"][str(seat)]
        assert own["events"][0]["type"] == "dealt"
        assert own["events"][0]["hand"] == 2
        assert own["view"] == game.view(seat)
        assert not {"between_hands", "review"} & set(own)


def test_the_workers_guest_exports() -> None:
    """guest_act, seat_away and guest_view through the worker, each exchange held to the
    schema; refused without a game and for text that is not JSON."""
    worker = load_worker()
    call = module_call(worker, check=check_call)
    requests = {
        "guest_act": {"seat": 1, "action": {"type": "pass"}},
        "seat_away": {"seat": 1, "away": True},
        "guest_view": {"seat": 1},
    }
    for name, request_ in requests.items():
        assert call(name, request_)["error"] == "no_game"
        assert json.loads(getattr(worker, name)("{not json"))["error"] == "bad_json"
    answer = call("new_game", guest_setup(seed=2))
    assert call("seat_away", {"seat": 1, "away": True})["friends"]["away"] == [1]
    assert call("guest_view", {"seat": 3})["human"] == 3
    rng = random.Random(2)
    while not answer["view"]["over"]:
        answer = step(call, answer, rng)
    assert call("guest_view", {"seat": 1})["view"]["over"]


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(config=configs(), data=st.data())
def test_no_guest_answer_holds_a_card_its_seat_may_not_know(
    config: dict[str, Any], data: st.DataObject
) -> None:
    """Random games of any configuration, friends on random seats going away and coming back
    and asking for their table again: every guest answer, like the host's own, holds only cards
    its seat may know (its hands, the discard heap, revealed cards; the reviews once their hand
    has ended), and every message holds to the schema."""
    players = config["players"]
    guests = sorted(data.draw(st.sets(st.integers(1, players - 1), min_size=1), label="guests"))
    rng = random.Random(data.draw(st.integers(0, 2**16), label="choices"))
    options = {**config["options"], "move_limit": config["options"]["move_limit"] or 40}
    request = setup(players, levels=("easy", "random"))
    request["config"] = {**config, "options": options}
    for seat in guests:
        request["seats"][seat]["guest"] = True
    call = module_call(load_worker(), check=check_call)
    knowledge = Knowledge()
    answer = call("new_game", request)
    for _ in range(3000):
        knowledge.check(answer)
        for own in answer["guests"].values():
            knowledge.check(own)
        if answer["view"]["over"]:
            break
        seat = rng.choice(guests)
        if rng.random() < 0.05:
            away = seat not in answer["friends"]["away"]
            answer = call("seat_away", {"seat": seat, "away": away})
        elif rng.random() < 0.03:
            knowledge.check(call("guest_view", {"seat": seat}))
        else:
            answer = step(call, answer, rng)
    assert answer["view"]["over"], "the game did not end"
