"""Strangers: opponents from the strategy families of published Cheat / Bullshit bots.

Measurement only (the arena's fields); never a level on the setup screen, and never in
``engine/bots``.  They were re-implemented here from the families such bots fall into (student
reports and open-source bots for Cheat, Bullshit and "I Doubt It"): a player who never calls,
callers that call at random at a fixed low or high rate, a caller on a player's last cards, a
card counter that calls only lies it can prove, a probability tracker that calls unlikely claims,
an adaptive bluffer that bluffs more when behind, and an aggressive caller that also bluffs big.
Those eight are the common mixed field every level was tuned against; :data:`HELDOUT_FIELD` is
seven more that none was, to measure how the levels carry to opponents never seen.

Like the levels, a stranger sees only its seat's view and the events that seat was shown.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence

from ..bots.base import (
    Action,
    BaseBot,
    Event,
    View,
    hand_ranks,
    play_action,
    total_copies,
    would_go_out,
)
from ..bots.estimate import at_least
from ..cards import rank_of


class Stranger(BaseBot):
    """Plays honestly when it holds the rank (padded with ``pad`` bluff cards), otherwise a
    bluff of ``bluff`` cards; calls with probability :meth:`call_rate`."""

    level = "stranger"

    def call_rate(self, view: View, author: int, count: int, rank: str) -> float:
        return 0.0

    def believes(self, view: View, author: int, count: int, rank: str) -> bool:
        """Whether to say "veryu" to a claim it did not challenge (else it plays on or passes)."""
        return False

    def pad(self, view: View) -> int:
        """Bluff cards added to an honest play."""
        return 0

    def bluff(self, view: View) -> int:
        """Cards in a bluff (when it holds none of the rank)."""
        return 1

    def act(self, view: View) -> Action:
        legal = view["legal"]
        last = view["last_play"]
        if legal.get("challenge") and last and last["unresolved"]:
            claim = (view, int(last["seat"]), int(last["count"]), str(last["rank"]))
            if self.rng.random() < self.call_rate(*claim):
                return {"type": "challenge"}
            if legal.get("believe") and self.believes(*claim):
                return {"type": "believe"}
        if legal.get("play"):
            return self.play(view)
        if legal.get("pass"):
            return {"type": "pass"}
        return {"type": "believe"} if legal.get("believe") else {"type": "challenge"}

    def play(self, view: View) -> Action:
        rule = view["legal"]["play"]
        counts = hand_ranks(view)
        ranks = list(rule["ranks"])
        rank = max(ranks, key=lambda r: (counts[r], self.rng.random()))
        honest = [card for card in view["hand"] if rank_of(card) == rank][: rule["max"]]
        others = [card for card in view["hand"] if rank_of(card) != rank]
        others.sort(key=lambda card: (counts[rank_of(card)], self.rng.random()))
        extra = self.pad(view) if honest else max(1, self.bluff(view))
        extra = min(extra, int(rule["max"]) - len(honest), len(others))
        return play_action(honest + others[:extra], rank)


def seen_copies(view: View, rank: str) -> int:
    """Copies of ``rank`` this seat can see: in its hand and on the discard heap."""
    return hand_ranks(view)[rank] + sum(1 for card in view["discard"] if rank_of(card) == rank)


def last_cards(view: View, author: int) -> bool:
    """The author's play would empty its hand for good (it wins, or leaves the hand)."""
    return would_go_out(view, author)


class NeverCaller(Stranger):
    """The honest player: plays the truth when it can, the smallest bluff when it must, and
    never calls."""

    level = "honest"


class RandomCaller(Stranger):
    """Calls every claim with the same fixed probability, whatever it knows."""

    rate = 0.0

    def call_rate(self, view: View, author: int, count: int, rank: str) -> float:
        return self.rate


class LowRandomCaller(RandomCaller):
    level = "random_low"
    rate = 0.1


class HighRandomCaller(RandomCaller):
    level = "random_high"
    rate = 0.4


class LastCardsCaller(Stranger):
    """Calls every play that empties a hand, and nothing else."""

    level = "last_cards"

    def call_rate(self, view: View, author: int, count: int, rank: str) -> float:
        return 1.0 if last_cards(view, author) else 0.0


class CardCounter(Stranger):
    """Counts the cards it has seen (its hand, the discard heap, its own cards in the pile and
    every card revealed into the pile) and calls only claims those cards make impossible."""

    level = "counter"

    def __init__(self, rng: random.Random) -> None:
        super().__init__(rng)
        self.in_pile: Counter[str] = Counter()  # ranks surely in the pile

    def observe(self, events: Sequence[Event]) -> None:
        for event in events:
            kind = event["type"]
            if kind == "played" and event.get("cards") is not None:
                self.in_pile.update(rank_of(card) for card in event["cards"])
            elif kind == "revealed":
                known = Counter(rank_of(card) for card in event["cards"])
                self.in_pile = self.in_pile | known  # my own cards may be among them
            elif kind in ("took_pile", "dealt"):
                self.in_pile = Counter()
            elif kind == "discarded":
                self.in_pile.subtract(rank_of(card) for card in event["cards"])
                self.in_pile = +self.in_pile

    def call_rate(self, view: View, author: int, count: int, rank: str) -> float:
        seen = seen_copies(view, rank)
        earlier = max(0, self.in_pile[rank] - count)  # the claimed play may hold some
        return 1.0 if count + seen + earlier > total_copies(view) else 0.0


def claim_chance(view: View, author: int, count: int, rank: str) -> float:
    """The chance that the author held ``count`` cards of ``rank`` (hypergeometric over the
    cards this seat cannot see: its own and the discarded ones are known not to be there)."""
    mine = seen_copies(view, rank)
    unseen_rank = max(0, total_copies(view) - mine)
    unseen = (
        sum(int(n) for n in view["hand_sizes"])
        + int(view["pile_size"])
        + int(view["stock_size"])
        - len(view["hand"])
    )
    drawn = int(view["hand_sizes"][author]) + count
    return at_least(unseen, unseen_rank, drawn, count)


class ProbabilityTracker(Stranger):
    """Calls a claim when the chance that the author held the cards (hypergeometric over the
    cards it cannot see) is below a threshold; always on a player's last cards when doubtful."""

    level = "prob_tracker"
    threshold = 0.35

    def call_rate(self, view: View, author: int, count: int, rank: str) -> float:
        chance = claim_chance(view, author, count, rank)
        if last_cards(view, author):
            return 1.0 if chance < 0.9 else 0.0
        return 1.0 if chance < self.threshold else 0.0


def behind(view: View) -> int:
    """How many cards more than the best-placed opponent this seat holds."""
    me = int(view["seat"])
    others = [
        int(n)
        for seat, n in enumerate(view["hand_sizes"])
        if seat != me and seat not in view["out"]
    ]
    return len(view["hand"]) - min(others, default=len(view["hand"]))


class AdaptiveBluffer(Stranger):
    """Bluffs more the further it is behind (pads honest plays, bigger bluffs); calls bigger
    claims more often and always a player's last cards."""

    level = "adaptive"

    def bluff_rate(self, view: View) -> float:
        return min(0.8, max(0.05, 0.15 + 0.08 * behind(view)))

    def pad(self, view: View) -> int:
        return 1 + int(self.rng.random() < 0.5) if self.rng.random() < self.bluff_rate(view) else 0

    def bluff(self, view: View) -> int:
        return 2 if self.rng.random() < self.bluff_rate(view) else 1

    def call_rate(self, view: View, author: int, count: int, rank: str) -> float:
        if last_cards(view, author):
            return 1.0
        return min(0.9, 0.12 + 0.15 * (count - 1))


class AggressiveCaller(Stranger):
    """Calls most claims and pads every play with two bluff cards."""

    level = "aggressive"

    def call_rate(self, view: View, author: int, count: int, rank: str) -> float:
        return 0.7

    def pad(self, view: View) -> int:
        return 2

    def bluff(self, view: View) -> int:
        return 2


# ---------------------------------------------------------------- the held-out field
# Strangers that no bot was tuned against, only measured with: other families of published
# Cheat / "I Doubt It" bots (a believer, a grudge holder, a caller of big claims, a caller by its
# own cards) and other settings of the mixed field's families.  They stand in for the opponents
# the maintainers measure with and this repository never sees (docs/bots.md, "The
# fields").


class MidRandomCaller(RandomCaller):
    level = "random_mid"
    rate = 0.25


class Believer(Stranger):
    """Judges every claim by its chance: challenges unlikely ones, says "veryu" to likely ones
    (where the rules let it), plays on otherwise.  The only stranger that believes out loud."""

    level = "believer"

    def call_rate(self, view: View, author: int, count: int, rank: str) -> float:
        chance = claim_chance(view, author, count, rank)
        return 1.0 if chance < (0.8 if last_cards(view, author) else 0.25) else 0.0

    def believes(self, view: View, author: int, count: int, rank: str) -> bool:
        return claim_chance(view, author, count, rank) >= 0.7


class GrudgeCaller(Stranger):
    """Tit for tat: challenges every claim of the last seat that challenged it, others at 10 %."""

    level = "grudge"

    def __init__(self, rng: random.Random) -> None:
        super().__init__(rng)
        self.challenger: dict[int, int] = {}  # by seat challenged: the last seat to challenge it

    def observe(self, events: Sequence[Event]) -> None:
        for event in events:
            if event["type"] == "dealt":
                self.challenger = {}
            elif event["type"] == "challenged":
                self.challenger[int(event["target"])] = int(event["seat"])

    def call_rate(self, view: View, author: int, count: int, rank: str) -> float:
        return 1.0 if self.challenger.get(int(view["seat"])) == author else 0.1


class BigClaimCaller(Stranger):
    """Doubts by size alone: 5 % of single cards, 30 % of pairs, 90 % of three or more; its own
    bluffs are pairs."""

    level = "big_claims"

    def call_rate(self, view: View, author: int, count: int, rank: str) -> float:
        return (0.05, 0.3, 0.9)[min(count, 3) - 1]

    def bluff(self, view: View) -> int:
        return 2


class BoldBluffer(RandomCaller):
    """Pads every honest play with a bluff card and bluffs three at a time; calls 20 %."""

    level = "bold_bluffer"
    rate = 0.2

    def pad(self, view: View) -> int:
        return 1

    def bluff(self, view: View) -> int:
        return 3


class HolderCaller(Stranger):
    """Calls by what it holds: a claim that, with the copies it can see (its hand and the
    discard heap), would need more than three quarters of the rank, at 85 %; others at 8 %."""

    level = "holder"

    def call_rate(self, view: View, author: int, count: int, rank: str) -> float:
        seen = seen_copies(view, rank)
        return 0.85 if seen + count > 0.75 * total_copies(view) else 0.08


class SuspiciousTracker(ProbabilityTracker):
    """The probability tracker, but calling below a 55 % chance, and padding an honest play
    with one bluff card once it is two cards or more behind."""

    level = "suspicious"
    threshold = 0.55

    def pad(self, view: View) -> int:
        return 1 if behind(view) >= 2 else 0


HELDOUT_FIELD: tuple[str, ...] = (
    "random_mid",
    "believer",
    "grudge",
    "big_claims",
    "bold_bluffer",
    "holder",
    "suspicious",
)

STRANGERS: dict[str, Callable[[random.Random], BaseBot]] = {
    cls.level: cls
    for cls in (
        NeverCaller,
        LowRandomCaller,
        HighRandomCaller,
        LastCardsCaller,
        CardCounter,
        ProbabilityTracker,
        AdaptiveBluffer,
        AggressiveCaller,
        MidRandomCaller,
        Believer,
        GrudgeCaller,
        BigClaimCaller,
        BoldBluffer,
        HolderCaller,
        SuspiciousTracker,
    )
}

# The common mixed field of the matrix: every stranger, seated in this order from an offset that
# moves with the deal, so each table meets all of them and every level meets the same ones.
MIXED_FIELD: tuple[str, ...] = (
    "random_low",
    "adaptive",
    "prob_tracker",
    "random_high",
    "counter",
    "aggressive",
    "last_cards",
    "honest",
)
