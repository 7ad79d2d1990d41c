"""Simple policies that act on a seat's view: the random-legal player of the tests, the
random-games run and the benchmarks (and the weakest bot until real levels exist)."""

from __future__ import annotations

import random
from typing import Any


def legal_action_kinds(view: dict[str, Any]) -> list[str]:
    legal = view["legal"] or {}
    kinds = [kind for kind in ("challenge", "believe", "pass") if legal.get(kind)]
    if legal.get("play"):
        kinds.append("play")
    return kinds


def random_action(view: dict[str, Any], rng: random.Random) -> dict[str, Any]:
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
