"""Probe bots: fixed, exploitable habits used to test that every level copes with them."""

from __future__ import annotations

from ..cards import rank_of
from ..policies import random_action
from .base import Action, BaseBot, View, hand_ranks, play_action
from .easy import EasyBot, simple_play


class RandomBot(BaseBot):
    """A uniformly random legal action."""

    level = "random"

    def act(self, view: View) -> Action:
        return random_action(view, self.rng)


class AlwaysChallengeBot(BaseBot):
    """Challenges every play it can; otherwise plays like Easy."""

    level = "always_challenge"

    def act(self, view: View) -> Action:
        legal = view["legal"]
        if legal.get("challenge"):
            return {"type": "challenge"}
        return simple_play(view, self.rng)


class NeverChallengeBot(BaseBot):
    """Never challenges: passes, plays like Easy, believes when it must call."""

    level = "never_challenge"

    def act(self, view: View) -> Action:
        legal = view["legal"]
        if legal.get("pass"):
            return {"type": "pass"}
        if legal.get("play"):
            return simple_play(view, self.rng)
        return {"type": "believe"} if legal.get("believe") else {"type": "challenge"}


class AlwaysLieBot(EasyBot):
    """Every play is a bluff whenever its hand allows one; calls like Easy."""

    level = "always_lie"

    def act(self, view: View) -> Action:
        action = super().act(view)
        if action["type"] != "play":
            return action
        rule = view["legal"]["play"]
        counts = hand_ranks(view)
        ranks = list(rule["ranks"])
        rank = min(ranks, key=lambda r: (counts[r], self.rng.random()))
        others = [card for card in view["hand"] if rank_of(card) != rank]
        if not others:
            return action  # every card is of the rank: no lie is possible
        count = self.rng.randint(1, min(int(rule["max"]), len(others)))
        return play_action(self.rng.sample(others, count), rank)
