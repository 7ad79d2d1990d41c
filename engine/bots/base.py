"""The bot protocol and what every bot shares.

A bot sees exactly what a player sees: its seat's view (the JSON dict the UI gets, with
``legal``) and the events that seat was shown (:func:`engine.visible_events`).  It keeps its own
memory and gets an injected :class:`random.Random`; it never holds the :class:`engine.Game`.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any, Protocol

from ..cards import ascending_order, rank_of, ranks_of_deck

View = dict[str, Any]
Event = dict[str, Any]
Action = dict[str, Any]


class Bot(Protocol):
    """What the table (web worker, arena, tests) needs from a bot."""

    level: str

    def observe(self, events: list[Event]) -> None:
        """Events this seat was shown (already filtered by ``visible_events``)."""

    def act(self, view: View) -> Action:
        """One legal action for the seat whose view this is (``view["legal"]`` is set)."""

    def memory_to_json(self) -> dict[str, Any]:
        """The bot's memory and random state as JSON, to save a game."""

    def memory_from_json(self, data: dict[str, Any]) -> None:
        """Restore what :meth:`memory_to_json` wrote."""


def rng_to_json(rng: random.Random) -> list[Any]:
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def rng_from_json(rng: random.Random, data: list[Any]) -> None:
    rng.setstate((data[0], tuple(data[1]), data[2]))


class BaseBot:
    """Shared plumbing: the random generator, (de)serialisation, no memory by default."""

    level = "base"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def observe(self, events: list[Event]) -> None:
        return None

    def act(self, view: View) -> Action:  # pragma: no cover - every bot overrides it
        raise NotImplementedError

    def memory_to_json(self) -> dict[str, Any]:
        return {"level": self.level, "rng": rng_to_json(self.rng), "memory": self._memory()}

    def memory_from_json(self, data: dict[str, Any]) -> None:
        rng_from_json(self.rng, data["rng"])
        self._restore(data.get("memory"))

    def _memory(self) -> Any:
        return None

    def _restore(self, data: Any) -> None:
        return None


# ------------------------------------------------------------------ view helpers


def rank_of_index(view: View) -> dict[str, int]:
    """Rank -> its index in the deck's ranks (the simulator's rank numbers)."""
    return {rank: i for i, rank in enumerate(deck_ranks(view))}


def total_copies(view: View) -> int:
    """Copies of each rank in play (4 per deck)."""
    return 4 * int(view["options"]["decks"])


def deck_ranks(view: View) -> tuple[str, ...]:
    return ranks_of_deck(int(view["options"]["deck"]))


def hand_ranks(view: View) -> Counter[str]:
    return Counter(rank_of(card) for card in view["hand"])


def can_play(view: View) -> bool:
    legal = view["legal"] or {}
    return bool(legal.get("play"))


def pending_author(view: View) -> int | None:
    """The author of the top play if it can be called on now."""
    legal = view["legal"] or {}
    last = view["last_play"]
    if last and last["unresolved"] and legal.get("challenge"):
        return int(last["seat"])
    return None


def claim_ranks(view: View) -> list[str]:
    legal: dict[str, Any] = view["legal"]
    return list(legal["play"]["ranks"])


def is_opening(view: View) -> bool:
    """The next play opens a round (the claim is free unless ascending)."""
    legal: dict[str, Any] = view["legal"] or {}
    play: dict[str, Any] | None = legal.get("play")
    return play is not None and len(play["ranks"]) > 1


def next_seat(view: View, seat: int) -> int:
    """The next seat clockwise still in the hand."""
    players = int(view["players"])
    out = set(view["out"])
    for step in range(1, players + 1):
        candidate = (seat + step) % players
        if candidate not in out:
            return candidate
    return seat


def ends_on_first_out(view: View) -> bool:
    return bool(view["preset"] == "quick" or view["options"].get("ending") == "single")


def would_go_out(view: View, seat: int) -> bool:
    """A standing play by ``seat`` now would put it out (empty hand, empty stock)."""
    return int(view["hand_sizes"][seat]) == 0 and int(view["stock_size"]) == 0


def rank_after(view: View, rank: str, steps: int = 1) -> str:
    """Ascending mode: the rank ``steps`` claims after ``rank``."""
    order = ascending_order(int(view["options"]["deck"]), bool(view["options"]["no_aces"]))
    return order[(order.index(rank) + steps) % len(order)]


def play_action(cards: list[str], rank: str) -> Action:
    return {"type": "play", "cards": list(cards), "rank": rank}


def cards_for(
    view: View, rank: str, honest: int, filler: int, keep: set[str] | None = None
) -> list[str]:
    """``honest`` cards of ``rank`` plus ``filler`` other cards, shedding the ranks held fewest.

    Filler prefers ranks the bot holds fewest of (hard to play honestly later) and avoids the ranks
    in ``keep``.
    """
    hand = list(view["hand"])
    counts = hand_ranks(view)
    chosen = [card for card in hand if rank_of(card) == rank][:honest]
    others = [card for card in hand if rank_of(card) != rank]
    keep = keep or set()
    others.sort(key=lambda card: (rank_of(card) in keep, counts[rank_of(card)], card))
    chosen += others[:filler]
    return chosen


def first_legal(view: View) -> Action:
    """A safe legal action (used when nothing better is known)."""
    legal = view["legal"]
    if legal.get("play"):
        rank = legal["play"]["ranks"][0]
        return play_action([view["hand"][0]], rank)
    for kind in ("pass", "challenge", "believe"):
        if legal.get(kind):
            return {"type": kind}
    raise ValueError("this seat has no legal action")
