"""The coach never advises against what it states for sure.

A player told "Boris claims 2 x Q but can have held at most 0: a sure bluff" must not read
"play the 3 of hearts as 1 x Q" beside it with no word of why: over random games of every preset
and option, at every decision where the facts name the last claim a lie (a sure bluff, or a
100 % chance) the suggestion is the call, with a reason that says so; where they name it honest
(0 %) the suggestion is not the call.  The bots' own play is not the coach's: an Expert at the
table still chooses as before (the coach only changes the line it shows).
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import Game, visible_events
from engine.bots import make_bot
from engine.coach import advise, certainty, facts
from engine.policies import random_action
from engine.types import Coaching
from tests.helpers import random_walk
from tests.strategies import configs

Event = dict[str, Any]


def check_agrees(advice: Coaching) -> str | None:
    """The suggestion agrees with the certainty the facts state; that certainty, if any."""
    certain = certainty(advice["facts"])
    suggestion = advice["suggestion"]
    assert suggestion is not None
    kind, why = suggestion["action"]["type"], suggestion["why"]
    if certain == "lie":
        # The call, and its line says why: a sure bluff, or a lie by the counts.
        assert kind == "challenge", advice
        assert why["code"] in {"sure_bluff", "likely_lie"}, advice
        if why["code"] == "likely_lie":
            assert why["percent"] == 100, advice
    elif certain == "honest":
        assert kind != "challenge", advice
        assert why["code"] not in {"likely_lie", "sure_bluff"}, advice
    return certain


def stated(game: Game, seat: int, seen: list[Event]) -> str | None:
    """The certainty the coach states at this spot, without asking the (slow) Expert."""
    return certainty(facts(game.view(seat), seen))


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(config=configs(), moves=st.integers(1, 90), policy_seed=st.integers(0, 2**16))
def test_the_suggestion_never_goes_against_a_certainty_the_coach_states(
    config: dict[str, Any], moves: int, policy_seed: int
) -> None:
    for game, seat, seen, _ in random_walk(config, moves, policy_seed):
        if seat == game.to_move and stated(game, seat, seen) is not None:
            check_agrees(advise(game.view(seat), seen, f"{policy_seed}:{len(game.actions)}"))


def test_the_property_is_not_vacuous_and_the_coach_overrode_the_expert() -> None:
    """Fixed games bring both kinds of certainty, and spots where the Expert itself would have
    played on or passed a named lie (the case the player saw): there the line is the call."""
    kinds: dict[str, int] = {"lie": 0, "honest": 0, "overruled": 0}
    for seed in range(8):
        config = {
            "preset": "classic",
            "players": 3 + seed % 4,
            "seed": seed,
            "options": {"open_challenge": seed % 2 == 1},
        }
        for game, seat, seen, _ in random_walk(config, 70, seed):
            if seat != game.to_move or stated(game, seat, seen) is None:
                continue
            view = game.view(seat)
            advice = advise(view, seen, f"{seed}:{len(game.actions)}")
            certain = check_agrees(advice)
            assert certain is not None
            kinds[certain] += 1
            expert = make_bot("expert", random.Random(f"coach:{seed}:{len(game.actions)}"))
            expert.observe(visible_events(seen, seat))
            suggestion = advice["suggestion"]
            assert suggestion is not None
            if expert.act(view) != suggestion["action"]:
                kinds["overruled"] += 1
    assert min(kinds.values()) > 0, kinds


def test_a_sure_bluff_the_expert_would_play_on_is_called_in_the_line() -> None:
    """Seat 0 holds three sevens; seat 1 claims two: the line is the call, whatever the Expert
    at the table would do in seat 0's place."""
    game = Game.from_deal(
        {
            "preset": "classic",
            "players": 2,
            "dealer": 0,
            "hands": [["7H", "7S", "7D", "9C"], ["8C", "8D", "10H", "JS"]],
        }
    )
    seen = visible_events(game.apply(1, {"type": "play", "cards": ["8C", "8D"], "rank": "7"}), 0)
    advice = advise(game.view(0), seen, "1:1")
    assert advice["suggestion"] == {"action": {"type": "challenge"}, "why": {"code": "sure_bluff"}}


def test_the_bots_at_the_table_do_not_ask_the_coach() -> None:
    """Same seed, same game: an Expert seat plays the whole game the same with the coach asked
    at every turn of the other seat (the coach has its own generator and its own Expert)."""

    def run(ask: bool) -> list[Any]:
        game = Game.new({"preset": "classic", "players": 2, "seed": 11})
        expert = make_bot("expert", random.Random(3))
        rng = random.Random(4)
        seen: list[Event] = []
        while game.to_move is not None and len(game.actions) < 60:
            seat = game.to_move
            if seat == 1:
                action = expert.act(game.view(1))
            else:
                if ask:
                    advise(game.view(0), seen, f"11:{len(game.actions)}")
                action = random_action(game.view(0), rng)
            events = game.apply(seat, action)
            expert.observe(visible_events(events, 1))
            seen += visible_events(events, 0)
        return list(game.actions)

    assert run(True) == run(False)
