"""The value model Medium and Hard share: every legal option scored in "cards" one move ahead.

Units are cards in the bot's own hand (fewer is better).  An option's value is the expected
change, plus a share ``beta`` of the cards opponents pick up, plus bonuses for a hand that can be
finished by one honest play and for opening a round.  Medium plugs in the public-count claim
model (``estimate.p_claim_true``) and a plain count of how often each seat calls; Hard (``hard.py``)
replaces :meth:`HeuristicBot.p_honest` and :meth:`HeuristicBot.p_call` with per-opponent models
learnt from what it saw.  Every number is in ``tuning.py``.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from ..cards import rank_of
from .base import (
    Action,
    BaseBot,
    Event,
    Option,
    Progress,
    View,
    cards_for,
    dead_ranks,
    deck_ranks,
    emptying_wins,
    ends_on_first_out,
    hand_ranks,
    next_seat,
    play_action,
    rank_after,
    total_copies,
    would_go_out,
)
from .estimate import p_claim_true
from .memory import CardTracker
from .seating import first_callers, opener_value, play_window
from .tuning import (
    BELIEVE_TURN_COST,
    BELIEVED_HONEST_COST,
    FINISHING_OPEN,
    GOING_OUT_CALL,
    HONEST_CEILING,
    MAX_CALL_PRIOR,
    MEDIUM_PARAMS,
    NEAR_OUT_BETA,
    NEAR_OUT_HAND,
    SURE_HONEST,
    Params,
)

# Option values this close are a tie, broken at random.
TIE = 1e-9


def finishable(counts: Counter[str], max_play: int, dead: frozenset[str]) -> bool:
    """One honest play would empty the hand: a single live rank, no more than a play holds."""
    held = [rank for rank, n in counts.items() if n > 0]
    return len(held) == 1 and held[0] not in dead and counts[held[0]] <= max_play


def last_cards(view: View) -> bool:
    """The top play would empty its author's hand and end the game if it stood."""
    return would_go_out(view, int(view["last_play"]["seat"])) and ends_on_first_out(view)


def believes_last_cards(view: View, p_h: float) -> bool:
    """Whether a play that would end the game, ``p_h`` likely honest, is believed rather than
    challenged: only when that is a call the seat may make, in the classic edition, and the play
    is as good as certainly honest (:data:`tuning.SURE_HONEST`)."""
    return bool(view["legal"].get("believe")) and p_h >= SURE_HONEST and view["preset"] != "quick"


def opens_after_honest_call(view: View, caller: int) -> bool:
    """Whether our honest play, called by ``caller``, hands us the next round (rules 3 and 5):
    the quick edition's duel winner opens; the classic one's pick-up hands it to the seat after
    the taker, which is us when only the two of us are in play, unless the rank is kept after a
    failed challenge.  With open challenge any seat may call: ``seating.py`` prices that."""
    if view["preset"] == "quick":
        return True
    options = view["options"]
    if options.get("open_challenge") or options.get("keep_rank_after_failed_challenge"):
        return False
    return next_seat(view, caller) == int(view["seat"])


class HeuristicBot(BaseBot):
    level = "heuristic"

    def __init__(self, rng: random.Random, params: Params | None = None) -> None:
        super().__init__(rng)
        self.params = params or MEDIUM_PARAMS
        self.tracker = CardTracker()
        self.calls: dict[str, tuple[int, int]] = {}  # seat -> (chances to call, challenges)
        self.pending: tuple[int, int] | None = None  # (author, count) of the callable play
        self.progress = Progress()

    # ------------------------------------------------------------ memory

    def observe(self, events: Sequence[Event]) -> None:
        self.tracker.observe(events)
        self.progress.observe(events)
        for event in events:
            kind = event["type"]
            seat = int(event.get("seat", -1))
            if kind == "played":
                if self.pending is not None and seat != self.pending[0]:
                    self.record_call(seat, self.pending[1], False)
                self.pending = (seat, int(event["count"]))
            elif kind in ("challenged", "believed"):
                if self.pending is not None:
                    self.record_call(seat, self.pending[1], kind == "challenged")
                self.pending = None
            elif kind == "passed" and self.pending is not None:
                self.record_call(seat, self.pending[1], False)
            elif kind in ("took_pile", "dealt", "discarded"):
                self.pending = None

    def record_call(self, seat: int, count: int, challenged: bool) -> None:
        """Seat ``seat`` could call on a play of ``count`` cards and did (or did not)."""
        key = str(seat)
        chances, calls = self.calls.get(key, (0, 0))
        self.calls[key] = (chances + 1, calls + int(challenged))

    def _memory(self) -> Any:
        return {
            "tracker": self.tracker.to_json(),
            "calls": {k: list(v) for k, v in self.calls.items()},
            "pending": list(self.pending) if self.pending else None,
            "visits": self.progress.to_json(),
        }

    def _restore(self, data: Any) -> None:
        if data:
            self.tracker = CardTracker.from_json(data["tracker"])
            self.calls = {k: (int(v[0]), int(v[1])) for k, v in data["calls"].items()}
            pending = data.get("pending")
            self.pending = (int(pending[0]), int(pending[1])) if pending else None
            self.progress.restore(data.get("visits"))

    # ------------------------------------------------------------ models (Hard overrides)

    def p_honest(self, view: View, author: int, count: int, rank: str) -> float:
        chance = p_claim_true(view, self.tracker, author, rank, count, honesty=self.params.honesty)
        return min(chance, HONEST_CEILING)

    def p_call(
        self, view: View, seat: int, count: int, going_out: bool, claim: str | None = None
    ) -> float:
        """Probability that ``seat`` challenges a play of ``count`` cards (``claim``: our own
        play's rank, which Hard judges by how it looks to the seat; Medium counts calls only)."""
        if going_out:
            return GOING_OUT_CALL
        p = self.params
        prior = min(MAX_CALL_PRIOR, p.call_base + p.call_per_card * (count - 1))
        chances, calls = self.calls.get(str(seat), (0, 0))
        return (calls + prior * p.call_weight) / (chances + p.call_weight)

    # ------------------------------------------------------------ acting

    def act(self, view: View) -> Action:
        self.tracker.sync(view)
        options = self.progress.steer(view, self.options(view))
        forced = self.forced_challenge(view, options)
        return self.progress.remember(view, forced or self.choose(options))

    def choose(self, options: list[Option]) -> Action:
        """The best option, a tie broken at random."""
        best = max(value for value, _ in options)
        top = [action for value, action in options if value >= best - TIE]
        return top[0] if len(top) == 1 else self.rng.choice(top)

    def forced_challenge(self, view: View, options: list[Option]) -> Action | None:
        """The challenge of a play that would end the game if it stood, unless it is surely
        honest (:meth:`believes_last_cards`): played without weighing, while it is among the
        ``options`` (``base.Progress`` may have steered it away)."""
        challenge = next((action for _, action in options if action["type"] == "challenge"), None)
        if challenge is None or not last_cards(view):
            return None
        last = view["last_play"]
        p_h = self.p_honest(view, int(last["seat"]), int(last["count"]), str(last["rank"]))
        return None if believes_last_cards(view, p_h) else challenge

    def options(self, view: View) -> list[Option]:
        legal = view["legal"]
        options: list[Option] = []
        if legal.get("challenge") or legal.get("believe") or legal.get("pass"):
            options += self.call_options(view)
        if legal.get("play"):
            options += self.play_options(view)
        if not options:
            raise ValueError("no legal action")
        return options

    def p_called(self, view: View, nxt: int, count: int, going_out: bool, claim: str) -> float:
        """Probability that our play of ``count`` cards claimed as ``claim`` is challenged by
        anyone.

        With open challenge every other player gets a window, so the chance that nobody calls
        is the product over all of them (with six players that is most plays).
        """
        q = self.p_call(view, nxt, count, going_out, claim)
        if not view["options"].get("open_challenge"):
            return q
        me = int(view["seat"])
        for seat in range(int(view["players"])):
            if seat not in (me, nxt) and seat not in view["out"]:
                q = 1 - (1 - q) * (1 - self.p_call(view, seat, count, going_out, claim))
        return q

    def beta_for(self, view: View, seat: int) -> float:
        """Cards picked up by ``seat`` matter more when it is close to going out."""
        size = int(view["hand_sizes"][seat])
        return self.params.beta * (NEAR_OUT_BETA if size <= NEAR_OUT_HAND else 1.0)

    def going_out_value(self, q: float, honest: bool, pile: int) -> float:
        """A play that empties the hand and ends the game: the win, or for a bluff the win when
        it stands (called with chance ``q``) less the pile taken back when it is called."""
        win = self.params.win_value
        return win if honest else (1 - q) * win - q * pile

    def open_value(self, counts: Counter[str], max_play: int, dead: frozenset[str]) -> float:
        if finishable(counts, max_play, dead):
            return self.params.win_value * FINISHING_OPEN
        return self.params.open_bonus

    def struct(self, counts: Counter[str], max_play: int, dead: frozenset[str]) -> float:
        """Hand shape: each distinct rank costs, and so does each dead card (``dead_ranks``),
        for each leaves only in a bluff; a hand one honest play from empty is a bonus."""
        p = self.params
        distinct = sum(1 for rank, n in counts.items() if n > 0 and rank not in dead)
        value = -p.gamma * (distinct + sum(counts[rank] for rank in dead))
        if finishable(counts, max_play, dead):
            value += p.finish_bonus
        return value

    def call_options(self, view: View) -> list[Option]:
        legal = view["legal"]
        last = view["last_play"]
        me = int(view["seat"])
        author, count, rank = int(last["seat"]), int(last["count"]), str(last["rank"])
        p_h = self.p_honest(view, author, count, rank)
        pile = int(view["pile_size"])
        counts = hand_ranks(view)
        max_play = total_copies(view)
        in_window = bool(legal.get("pass"))
        # The pass stays an option even beside a forced call: a hand past patience (base.Progress)
        # plays on without calls, and in a window only the pass lets it.
        passes: list[Option] = (
            [(self.pass_value(view, author, count, p_h), {"type": "pass"})] if in_window else []
        )
        if last_cards(view):  # never weighed against the pass (forced_challenge)
            if believes_last_cards(view, p_h):
                return [(0.0, {"type": "believe"}), *passes]
            return [(self.params.win_value, {"type": "challenge"}), *passes]
        quick = view["preset"] == "quick"
        i_open = quick or (not in_window and next_seat(view, author) == me)
        gain = self.beta_for(view, author) * pile + (
            self.open_value(counts, max_play, dead_ranks(view)) if i_open else 0
        )
        options: list[Option] = list(passes)
        if legal.get("challenge"):
            value = p_h * -pile + (1 - p_h) * gain
            if self.seating(view):  # honest: we take and the seat after us opens
                value += p_h * self.opens(view, next_seat(view, me))
                value += (1 - p_h) * self.opens(view, next_seat(view, author))
            options.append((value, {"type": "challenge"}))
        if legal.get("believe"):
            value = (1 - p_h) * -pile - p_h * self.beta_for(view, author) * BELIEVED_HONEST_COST
            if not in_window:
                value -= BELIEVE_TURN_COST
            options.append((value, {"type": "believe"}))
        return options

    def pass_value(self, view: View, author: int, count: int, p_h: float) -> float:
        """Passing in an open-challenge window: the seats after us (and then the player whose
        turn it is) may still call, and whoever is wrong takes the pile, never us.  Valuing a
        pass at nothing made six-seat windows look like a call or nothing, and Medium and Hard
        called, and lost, claims that a later seat would have called for them."""
        later = [int(seat) for seat in view["window"][1:]]
        if view.get("turn") is not None:
            later.append(int(view["turn"]))
        pile = int(view["pile_size"])
        nobody = 1.0
        for seat in later:
            nobody *= 1 - self.p_call(view, seat, count, False)
        caller_cost = p_h * self.params.beta * pile  # an honest play called: the caller takes it
        author_cost = (1 - p_h) * self.beta_for(view, author) * pile
        value = (1 - nobody) * (caller_cost + author_cost)
        if self.seating(view) and not would_go_out(view, author):
            after_lie = self.opens(view, next_seat(view, author))
            for seat, p in first_callers(later, lambda s: self.p_call(view, s, count, False)):
                value += p * (p_h * self.opens(view, next_seat(view, seat)) + (1 - p_h) * after_lie)
        return value

    def seating(self, view: View) -> bool:
        """Whether to price who opens next (open challenge: see ``seating.py``)."""
        p = self.params
        return bool(view["options"].get("open_challenge")) and bool(p.own_open or p.threat)

    def opens(self, view: View, seat: int) -> float:
        return opener_value(view, seat, self.params.own_open, self.params.threat)

    def seating_value(self, view: View, k: int, honest: bool) -> float:
        """Who opens after our play of ``k`` cards: an honest play called hands the round to the
        seat after its caller (to us when the caller sits just before us), a bluff called to the
        seat after us."""
        me = int(view["seat"])
        value = 0.0
        odds = first_callers(play_window(view, me), lambda s: self.p_call(view, s, k, False))
        for seat, p in odds:
            value += p * self.opens(view, next_seat(view, seat if honest else me))
        return value

    def claim_turns(self, view: View, rank: str) -> dict[str, int]:
        """Where the rank ascends, after a play claiming ``rank``: in how many of our turns we
        claim each rank (the rank of our next turn only, without ``filler_by_turn``).

        Every play claims the next rank, so with five seats and thirteen ranks a card of a rank
        we claim ten turns on can only leave as a bluff before then; a card of the rank we claim
        next turn is an honest play waiting.  Calls shift whose turn claims which rank, so the
        count is the plan if every play stands.  Empty where the opener chooses the rank.
        """
        if not view["options"].get("ascending"):
            return {}
        active = int(view["players"]) - len(view["out"])
        ranks = len(deck_ranks(view)) if self.params.filler_by_turn else 1
        # From the farthest turn in: a rank met again within the cycle keeps its nearest turn.
        return {rank_after(view, rank, active * turn): turn for turn in range(ranks, 0, -1)}

    def play_options(self, view: View) -> list[Option]:
        p = self.params
        rule = view["legal"]["play"]
        max_play = int(rule["max"])
        full_max = total_copies(view)
        counts = hand_ranks(view)
        hand_size = len(view["hand"])
        pile = int(view["pile_size"])
        me = int(view["seat"])
        nxt = next_seat(view, me)
        out_possible = emptying_wins(view)
        ranks = list(rule["ranks"])
        held = [r for r in ranks if counts[r] > 0]
        if len(ranks) > 1:
            ranks = held or ranks[:1]
        options: list[Option] = []
        dead = dead_ranks(view)
        base_struct = self.struct(counts, full_max, dead)
        for rank in ranks:
            turns = self.claim_turns(view, rank)
            honest = min(counts[rank], max_play)
            others = hand_size - counts[rank]
            variants = [(honest, 0)] if honest else []
            for filler in range(1, min(p.max_filler, max_play - honest, others) + 1):
                variants.append((honest, filler))
            for n_honest, filler in variants:
                k = n_honest + filler
                cards = cards_for(view, rank, n_honest, filler, turns)
                after = counts.copy()
                after.subtract(rank_of(card) for card in cards)
                after = +after
                going_out = out_possible and k == hand_size
                q = self.p_called(view, nxt, k, going_out, rank)
                if going_out:
                    value = self.going_out_value(q, filler == 0, pile)
                else:
                    shed = k + self.struct(after, full_max, dead) - base_struct
                    if filler == 0:
                        value = shed + q * self.beta_for(view, nxt) * (pile + k)
                        if p.duel_open and opens_after_honest_call(view, nxt):
                            value += q * p.duel_open * self.open_value(after, full_max, dead)
                    else:
                        value = (1 - q) * shed - q * pile
                if k < hand_size and self.seating(view):
                    value += self.seating_value(view, k, filler == 0)
                options.append((value, play_action(cards, rank)))
        return options
