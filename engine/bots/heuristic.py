"""The value model Medium and Hard share: every legal option scored in "cards" one move ahead.

Units are cards in the bot's own hand (fewer is better).  An option's value is the expected
change, plus a share ``beta`` of the cards opponents pick up, plus bonuses for a hand that can be
finished by one honest play and for opening a round.  Medium plugs in the public-count claim
model (``estimate.p_claim_true``) and a plain count of how often each seat calls; Hard (``hard.py``)
replaces :meth:`HeuristicBot.p_honest` and :meth:`HeuristicBot.p_call` with per-opponent models
learnt from what it saw, and picks among near-best options at random.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
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
    would_go_out,
)
from .estimate import p_claim_true
from .memory import CardTracker
from .seating import first_callers, opener_value, play_window


@dataclass
class Params:
    honesty: float = 0.85  # P(honest play | the author holds the cards)
    beta: float = 0.35  # value of one card an opponent picks up, in own cards
    gamma: float = 0.5  # cost of each distinct rank held (each needs its own honest play)
    open_bonus: float = 1.0  # value of opening a round (free choice of rank)
    finish_bonus: float = 6.0  # hand finishable by one honest play
    win_value: float = 40.0
    call_base: float = 0.2  # Medium's guess of how often the next player challenges
    call_per_card: float = 0.12
    max_filler: int = 2  # bluff cards added to a play
    temperature: float = 0.0  # softmax over option values (0: best option)
    # Open challenge only (``seating.py``): the bot opening the next round, and a seat that may
    # go out opening it (times its odds of one rank in hand), in the bot's own cards.
    own_open: float = 15.0
    threat: float = 10.0
    # Hard only (``looks.py``): the chance, before it answered anything, that a seat judges our
    # claims by its hand and the public facts instead of calling at a rate (0: rates only).
    judge_prior: float = 0.0
    # Hard only: how many revealed plays the table's pooled lie rate (every opponent's) weighs
    # as each seat's prior (0: the fixed population prior alone, ``hard.LIE_BASELINE``).
    table_strength: float = 0.0
    # Hard only: ``honesty`` by claim size (one card, two, three, four or more), where the
    # round's rank is chosen by its opener and where it ascends each play (a forced rank: who
    # lacks it must bluff or call, so small claims are honest more often); empty: the one
    # ``honesty`` for every size.
    honesty_by_size: tuple[float, ...] = ()
    honesty_by_size_ascending: tuple[float, ...] = ()
    # The opening an honest play earns when it is called, as a share of ``open_value``: the
    # quick edition's duel winner opens, and with two seats in play the classic one hands the
    # round to the seat after the taker, us (0: not priced; with open challenge the seating
    # terms price who opens).  Only the Expert's quick set prices it
    # (``expert.EXPERT_PARAMS_BY_PRESET``).
    duel_open: float = 0.0
    # Where the rank ascends, a bluff's filler sheds the ranks we claim last first (True), or
    # only spares the rank of our next claim (False: Medium, which counts cards but does not
    # plan its turns).
    filler_by_turn: bool = False

    def honesty_for(self, count: int, ascending: bool) -> float:
        """The chance that an author holding ``count`` cards of the rank plays them honestly."""
        by_size = (self.honesty_by_size_ascending if ascending else ()) or self.honesty_by_size
        return by_claim_size(by_size, count) if by_size else self.honesty


def finishable(counts: Counter[str], max_play: int, dead: frozenset[str]) -> bool:
    """One honest play would empty the hand: a single live rank, no more than a play holds."""
    held = [rank for rank, n in counts.items() if n > 0]
    return len(held) == 1 and held[0] not in dead and counts[held[0]] <= max_play


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


def by_claim_size(values: Sequence[float], count: int) -> float:
    """The value for a claim of ``count`` cards: one per size, the last for every larger one."""
    return values[min(count, len(values)) - 1]


class HeuristicBot(BaseBot):
    level = "heuristic"

    def __init__(self, rng: random.Random, params: Params | None = None) -> None:
        super().__init__(rng)
        self.params = params or Params()
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
        return min(chance, 0.97)

    def p_call(
        self, view: View, seat: int, count: int, going_out: bool, claim: str | None = None
    ) -> float:
        """Probability that ``seat`` challenges a play of ``count`` cards (``claim``: our own
        play's rank, which Hard judges by how it looks to the seat; Medium counts calls only)."""
        if going_out:
            return 0.95
        p = self.params
        prior = min(0.9, p.call_base + p.call_per_card * (count - 1))
        chances, calls = self.calls.get(str(seat), (0, 0))
        strength = 6.0
        return (calls + prior * strength) / (chances + strength)

    # ------------------------------------------------------------ acting

    def act(self, view: View) -> Action:
        self.tracker.sync(view)
        options = self.progress.steer(view, self.options(view))
        return self.progress.remember(view, self.choose(options))

    def choose(self, options: list[Option]) -> Action:
        best = max(value for value, _ in options)
        temperature = self.params.temperature
        if temperature <= 0:
            top = [action for value, action in options if value >= best - 1e-9]
            return top[0] if len(top) == 1 else self.rng.choice(top)
        weights = [math.exp((value - best) / temperature) for value, _ in options]
        return self.rng.choices([a for _, a in options], weights=weights)[0]

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
        return self.params.beta * (1.6 if size <= 4 else 1.0)

    def going_out_value(self, q: float, honest: bool, pile: int) -> float:
        """A play that empties the hand and ends the game: the win, or for a bluff the win when
        it stands (called with chance ``q``) less the pile taken back when it is called."""
        win = self.params.win_value
        return win if honest else (1 - q) * win - q * pile

    def open_value(self, counts: Counter[str], max_play: int, dead: frozenset[str]) -> float:
        if finishable(counts, max_play, dead):
            return self.params.win_value * 0.9
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
        max_play = 4 * int(view["options"]["decks"])
        in_window = bool(legal.get("pass"))
        # The pass stays an option even beside a forced call: a hand past patience (base.Progress)
        # plays on without calls, and in a window only the pass lets it.
        passes: list[Option] = (
            [(self.pass_value(view, author, count, p_h), {"type": "pass"})] if in_window else []
        )
        if would_go_out(view, author) and ends_on_first_out(view):
            if legal.get("believe") and p_h >= 0.999 and view["preset"] != "quick":
                return [(0.0, {"type": "believe"}), *passes]
            return [(100.0, {"type": "challenge"}), *passes]
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
            value = (1 - p_h) * -pile - p_h * self.beta_for(view, author) * 0.5
            if not in_window:
                value -= 0.8  # the turn passes without shedding a card
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
        full_max = 4 * int(view["options"]["decks"])
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
