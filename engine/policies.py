"""Simple policies that act on a seat's view: the random-legal player of the tests, the
random-games run and the benchmarks (and the weakest bot until real levels exist)."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .game import Game


def legal_action_kinds(view: Mapping[str, Any]) -> list[str]:
    legal = view["legal"] or {}
    kinds = [kind for kind in ("challenge", "believe", "pass") if legal.get(kind)]
    if legal.get("play"):
        kinds.append("play")
    return kinds


def random_action(view: Mapping[str, Any], rng: random.Random) -> dict[str, Any]:
    """A uniformly chosen legal action kind, then a random legal play if it is a play."""
    kinds = legal_action_kinds(view)
    if not kinds:
        raise ValueError("this seat has no legal action")
    kind = rng.choice(kinds)
    if kind != "play":
        return {"type": kind}
    rule = view["legal"]["play"]
    count = rng.randint(rule["min"], rule["max"])
    return {
        "type": "play",
        "cards": rng.sample(view["hand"], count),
        "rank": rng.choice(rule["ranks"]),
    }


def play_random(
    game: Game, rng: random.Random, limit: int, after_each: Callable[[Game], None] | None = None
) -> int:
    """Random legal actions until the game ends or ``limit`` moves; returns the moves made.

    ``after_each`` runs after every action (the release check's integrity test).
    """
    for count in range(limit):
        seat = game.to_move
        if seat is None:
            return count
        game.apply(seat, random_action(game.view(seat), rng))
        if after_each is not None:
            after_each(game)
    return limit
