"""Shared helpers of the scenario tests: explicit deals, short action calls, event lookups.

Every scenario starts from :func:`deal` (``Game.from_deal`` with the dealer on the last seat, so
seat 0 acts first unless a test says otherwise) and acts through :func:`play`, :func:`challenge`,
:func:`believe` and :func:`pass_`, which return the events the action caused.
"""

from __future__ import annotations

import contextlib
import copy
import dataclasses
import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

from engine import EngineError, Game, visible_events
from engine.bots.sim import Rules
from engine.cards import SUITS, parse_card
from engine.policies import random_action

Event = dict[str, Any]


def deal(
    hands: list[list[str]],
    *,
    preset: str = "classic",
    options: dict[str, Any] | None = None,
    stock: list[str] | None = None,
    dealer: int | None = None,
    seed: int = 0,
) -> Game:
    """A game from explicit hands (one list per seat); seat 0 acts first by default."""
    data: dict[str, Any] = {
        "preset": preset,
        "players": len(hands),
        "seed": seed,
        "options": options or {},
        "hands": hands,
        "dealer": len(hands) - 1 if dealer is None else dealer,
    }
    if stock is not None:
        data["stock"] = stock
    return Game.from_deal(data)


def play(game: Game, seat: int, cards: list[str] | str, rank: str) -> list[Event]:
    if isinstance(cards, str):
        cards = cards.split()
    return game.apply(seat, {"type": "play", "cards": cards, "rank": rank})


def challenge(game: Game, seat: int) -> list[Event]:
    return game.apply(seat, {"type": "challenge"})


def believe(game: Game, seat: int) -> list[Event]:
    return game.apply(seat, {"type": "believe"})


def pass_(game: Game, seat: int) -> list[Event]:
    return game.apply(seat, {"type": "pass"})


def types(events: list[Event]) -> list[str]:
    return [event["type"] for event in events]


def only(events: list[Event], kind: str) -> Event:
    """The one event of type ``kind``."""
    found = [event for event in events if event["type"] == kind]
    assert len(found) == 1, f"expected one {kind!r} event in {types(events)}"
    return found[0]


def rejected(game: Game, seat: object, action: object) -> str:
    """Apply an illegal action: assert EngineError and an unchanged game; return the code."""
    before = json.dumps(game.to_json(), sort_keys=True)
    with pytest.raises(EngineError) as caught:
        game.apply(seat, action)
    assert json.dumps(game.to_json(), sort_keys=True) == before
    error = caught.value
    assert error.to_json() == {"error": error.code, "message": error.message}
    assert error.message
    return error.code


def hand(game: Game, seat: int) -> list[str]:
    return list(game.view(seat)["hand"])


def sizes(game: Game) -> list[int]:
    return list(game.view(0)["hand_sizes"])


def legal(game: Game) -> dict[str, Any]:
    """The legal actions of the seat to move."""
    assert game.to_move is not None
    rule = game.legal(game.to_move)
    assert rule is not None
    return rule


def suits(rank: str, count: int = 4) -> list[str]:
    """``count`` cards of ``rank`` in different suits (C, D, H, S order)."""
    return [rank + suit for suit in SUITS[:count]]


def round_trip(game: Game) -> Game:
    """The game through JSON text and back, as a save would travel."""
    return Game.from_json(json.loads(json.dumps(game.to_json())))


def with_state(game: Game, data: dict[str, Any]) -> Game:
    """A copy of ``game`` whose state and seed are set from ``data`` (edited ``to_json`` output).

    For the tests that deal hidden cards elsewhere: no action log leads to such a state, so
    ``Game.from_json`` would rightly refuse it.
    """
    twin = copy.deepcopy(game)
    for name in Game.FIELDS:
        setattr(twin, name, copy.deepcopy(data[name]))
    twin.config = dataclasses.replace(game.config, seed=data["config"]["seed"])
    return twin


def card_strings(value: Any) -> list[str]:
    """Every string in a JSON value that names a card (of either deck size)."""
    found: list[str] = []
    if isinstance(value, str):
        with contextlib.suppress(EngineError):
            found.append(parse_card(value, 52))
    elif isinstance(value, dict):
        for item in value.values():
            found += card_strings(item)
    elif isinstance(value, list):
        for item in value:
            found += card_strings(item)
    return found


def snapshot(game: Game) -> dict[str, Any]:
    return copy.deepcopy(game.to_json())


# Every code Game.apply raises for an illegal action (one list for the error tests, the state
# machine and the catalogs that must translate them).
ACTION_ERROR_CODES: tuple[str, ...] = (
    "not_your_turn",
    "card_not_in_hand",
    "wrong_rank",
    "bad_rank",
    "too_many_cards",
    "no_cards",
    "nothing_to_call",
    "cannot_believe",
    "cannot_pass",
    "must_call",
    "game_over",
    "unknown_action",
    "bad_action",
    "bad_card",
    "bad_seat",
)


def random_walk(
    config: dict[str, Any], moves: int, policy_seed: int
) -> Iterator[tuple[Game, int, list[Event], list[Event]]]:
    """Random legal moves; after each, every seat's (game, seat, events it saw, all events).

    The seat-facing helpers (tracker, coach) are checked at every spot of such a walk: what they
    say must hold of the hidden cards, and must not change when handed the hidden events too.
    """
    game = Game.new(config)
    rng = random.Random(policy_seed)
    players = game.config.players
    seen: list[list[Event]] = [[] for _ in range(players)]
    full: list[Event] = []
    for _ in range(moves):
        mover = game.to_move
        if mover is None:
            return
        events = game.apply(mover, random_action(game.view(mover), rng))
        full += events
        for seat in range(players):
            seen[seat] += visible_events(events, seat)
            yield game, seat, seen[seat], full


def sim_rules(players: int, ranks: int = 9, **changes: Any) -> Rules:
    """The Expert's simulator rules for a classic table of one rank order, every rank allowed,
    single hand, no option on: a test names only what it is about."""
    rules = Rules(
        players=players,
        ranks=ranks,
        max_play=4,
        copies=4,
        quick=False,
        ascending=False,
        order=list(range(ranks)),
        allowed=list(range(ranks)),
        open_challenge=False,
        draw=False,
        single=True,
        keep_rank=False,
    )
    return dataclasses.replace(rules, **changes)
