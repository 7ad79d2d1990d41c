"""Easy: truthful when it can, otherwise a small bluff; calls at a low fixed rate.

Its only memory is :class:`base.Progress`: the positions it met, so that it leaves a cycle.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from .base import (
    Action,
    BaseBot,
    Event,
    Option,
    Progress,
    View,
    ends_on_first_out,
    hand_ranks,
    play_action,
    total_copies,
    would_go_out,
)
from .tuning import (
    EASY_BIG_CLAIM_RATE,
    EASY_CALL_RATE,
    EASY_CALLS_PER_BELIEVE,
    EASY_LAST_CARDS_CALL_RATE,
    EASY_MUST_CALL_RATE,
    EASY_WINDOW_CALL_RATE,
)


def simple_play(view: View, rng: Any) -> Action:
    """All cards of the rank to claim if it holds some (the most-held rank when it opens),
    otherwise one random card as a bluff."""
    rule = view["legal"]["play"]
    counts = hand_ranks(view)
    ranks = list(rule["ranks"])
    rank = max(ranks, key=lambda r: (counts[r], rng.random())) if len(ranks) > 1 else ranks[0]
    honest = [card for card in view["hand"] if card[:-1] == rank][: rule["max"]]
    if honest:
        return play_action(honest, rank)
    return play_action([rng.choice(view["hand"])], rank)


def other_courses(view: View) -> list[Action]:
    """One action of every other kind Easy could take here: each legal call, a one-card play of
    the rank held fewest, and a one-card honest play when it holds the rank."""
    legal = view["legal"]
    actions = [{"type": kind} for kind in ("challenge", "believe", "pass") if legal.get(kind)]
    rule = legal.get("play")
    if rule:
        counts = hand_ranks(view)
        rank = rule["ranks"][0]
        fewest = min(view["hand"], key=lambda card: (counts[card[:-1]], card))
        actions.append(play_action([fewest], rank))
        honest = [card for card in view["hand"] if card[:-1] == rank]
        if honest:
            actions.append(play_action(honest[:1], rank))
    return actions


class EasyBot(BaseBot):
    level = "easy"

    def __init__(self, rng: random.Random) -> None:
        super().__init__(rng)
        self.progress = Progress()

    def observe(self, events: Sequence[Event]) -> None:
        self.progress.observe(events)

    def _memory(self) -> Any:
        return {"visits": self.progress.to_json()}

    def _restore(self, data: Any) -> None:
        self.progress.restore((data or {}).get("visits"))

    def act(self, view: View) -> Action:
        options: list[Option] = [(1.0, self.choose(view))]
        options += [(0.0, action) for action in other_courses(view)]
        best = max(self.progress.steer(view, options), key=lambda option: option[0])
        return self.progress.remember(view, best[1])

    def choose(self, view: View) -> Action:
        """Easy's own choice (before :class:`base.Progress` may steer it out of a cycle)."""
        legal = view["legal"]
        last = view["last_play"]
        if legal.get("challenge") and last:
            count = int(last["count"])
            held = sum(1 for card in view["hand"] if card[:-1] == last["rank"])
            if count + held > total_copies(view):
                return {"type": "challenge"}  # impossible, seen from its own hand alone
            rate = EASY_CALL_RATE + EASY_BIG_CLAIM_RATE * (count - 1)
            if would_go_out(view, int(last["seat"])) and ends_on_first_out(view):
                rate = EASY_LAST_CARDS_CALL_RATE
            elif legal.get("pass"):
                rate = EASY_WINDOW_CALL_RATE
            if not legal.get("play") and not legal.get("pass"):
                rate = max(rate, EASY_MUST_CALL_RATE)  # quick edition, last cards: it must call
            if self.rng.random() < rate:
                return {"type": "challenge"}
            if self.rng.random() < rate / EASY_CALLS_PER_BELIEVE and legal.get("believe"):
                return {"type": "believe"}
        if legal.get("play"):
            return simple_play(view, self.rng)
        if legal.get("pass"):
            return {"type": "pass"}
        return {"type": "believe"} if legal.get("believe") else {"type": "challenge"}
