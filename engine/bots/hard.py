"""Hard: a belief over hidden hands plus per-opponent models, one move of expected value ahead.

On top of Medium's public-fact tracking (``memory.CardTracker``), Hard keeps

* exact hand and pile sizes through the events, so every revealed play is filed under its
  author and its circumstances (claim size, the author's hand size after it, pile size);
* a per-opponent **lie model**: how often that player's revealed plays were bluffs in each of
  those circumstances, shrunk towards the player's overall rate, then the table's (every
  opponent's revealed plays pooled), then a population prior.  It moves the public-count
  probability (``estimate.p_claim_true``, with an honesty by claim size fitted to what players
  do: ``engine.lab.calibrate``) in log-odds;
* a per-opponent **call model**: how often that player challenges (and believes) a play of a
  given size when it could;
* per opponent, whether it calls at that rate or **judges** each claim by its own hand and the
  public facts (``looks.py``): the bot's own candidate plays are priced by both, weighed by how
  well each predicted that seat's answers so far.

Plays and calls are valued one move ahead with those models (the next player's likely answer to
each candidate play, every window seat's with open challenge); the best value is played, ties
broken at random.
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from typing import Any

from ..config import PRESETS
from .base import Action, Event, View, next_seat
from .estimate import p_claim_true
from .heuristic import HeuristicBot
from .looks import Judges, judge_calls, p_judge_calls
from .seating import play_window
from .tuning import (
    GOING_OUT_CALL,
    HAND_BANDS,
    HARD_PARAMS_BY_PRESET,
    HONEST_CEILING,
    LIE_BASELINE,
    LIE_PRIOR_STRENGTH,
    MAX_CALL_PRIOR,
    MODEL_CLIP,
    PILE_BANDS,
    UNKNOWN_HAND,
    Params,
)

# What rating another seat's claim needs of our last view (the rest comes from the events).
TABLE_KEYS = ("seat", "hand", "discard", "options", "stock_size")
TABLE = "table"  # the lie model's key for every opponent's revealed plays pooled


def _bucket_count(count: int) -> str:
    return "1" if count <= 1 else "2" if count == 2 else "3"


def _band(size: int, bands: tuple[int, int]) -> str:
    """The lie model's band of a hand or pile size: small, middle or large."""
    return "s" if size <= bands[0] else "m" if size <= bands[1] else "l"


def logit(p: float) -> float:
    p = min(1 - MODEL_CLIP, max(MODEL_CLIP, p))
    return math.log(p / (1 - p))


def sigmoid(x: float) -> float:
    return 1 / (1 + math.exp(-x))


def _rate(stats: dict[str, list[int]], key: str, prior: float, strength: float) -> float:
    n, hits = stats.get(key, [0, 0])
    return (hits + prior * strength) / (n + strength)


def liar_adjusted(base: float, rate: float) -> float:
    """The public-count chance ``base`` that a claim is honest, moved in log-odds by how far the
    author's lie ``rate`` stands from the population's (``LIE_BASELINE``).  Never certain: a
    claim the counts cannot refute may still be a bluff."""
    if base <= 0.0:
        return 0.0
    shift = logit(rate) - logit(LIE_BASELINE)
    return sigmoid(logit(min(base, HONEST_CEILING)) - shift)


def _add(stats: dict[str, list[int]], key: str, hit: bool) -> None:
    entry = stats.setdefault(key, [0, 0])
    entry[0] += 1
    entry[1] += int(hit)


class HardBot(HeuristicBot):
    level = "hard"

    def __init__(
        self, rng: random.Random, params: Params | Mapping[str, Params] | None = None
    ) -> None:
        """``params``: one set for every preset, or one per preset (None: Hard's own,
        ``tuning.HARD_PARAMS_BY_PRESET``)."""
        if params is None:
            params = HARD_PARAMS_BY_PRESET
        if isinstance(params, Params):
            params = dict.fromkeys(PRESETS, params)
        self.params_by_preset = dict(params)
        self.preset: str = PRESETS[0]
        super().__init__(rng, self.params_by_preset[self.preset])
        self.sizes: list[int] = []
        self.pile = 0
        self.lies: dict[str, list[int]] = {}  # "seat|count|hand|pile" -> [revealed, lies]
        self.call_stats: dict[str, list[int]] = {}  # "seat|count" -> [chances, challenges]
        self.last_meta: list[Any] | None = None
        self.pile_plays: list[list[Any]] = []  # [seat, count, rank, cards or None] per pile play
        self.judges = Judges()
        # the open question to each seat that may answer a play (record_call files its answer):
        # [author, count, a judge's chance of calling it] for another's play (the same for every
        # seat), and for ours each answering seat's own chance [as a judge, as a rate caller]
        self.claim: list[Any] | None = None
        self.answering: dict[str, list[float]] = {}
        self.table: dict[str, Any] | None = None  # what rating another's claim needs of our view

    # ------------------------------------------------------------ memory

    def observe(self, events: Sequence[Event]) -> None:
        for event in events:  # one at a time: a play's claim is judged once it is counted
            self._observe(event)
            if event["type"] == "played":
                self._ask(event)

    def _observe(self, event: Event) -> None:
        super().observe([event])
        kind = event["type"]
        if kind == "dealt":
            self.sizes = [int(n) for n in event["counts"]]
            self.pile = 0
            self.pile_plays = []
        elif kind == "played":
            seat, count = int(event["seat"]), int(event["count"])
            self._resize(seat, -count)
            self.pile += count
            hand = self.sizes[seat] if self.sizes else UNKNOWN_HAND
            self.last_meta = [seat, count, hand, self.pile]
            self.pile_plays.append([seat, count, event["rank"], event.get("cards")])
        elif kind == "revealed" and self.last_meta is not None:
            seat, count, hand, pile = self.last_meta
            lie = not event["honest"]
            for key in self._lie_keys(seat, count, hand, pile):
                _add(self.lies, key, lie)
            if seat != self.tracker.seat:
                _add(self.lies, TABLE, lie)
                _add(self.lies, f"{TABLE}|{_bucket_count(count)}", lie)
        elif kind == "took_pile":
            self._resize(int(event["seat"]), int(event["count"]))
            self.pile = 0
            self.pile_plays = []
        elif kind == "discarded":
            self.pile -= len(event["cards"])
            if self.pile_plays:
                self.pile_plays.pop()
        elif kind == "drew":
            self._resize(int(event["seat"]), int(event["count"]))

    def _resize(self, seat: int, change: int) -> None:
        if self.sizes:
            self.sizes[seat] += change

    def act(self, view: View) -> Action:
        self.use_preset(str(view["preset"]))
        self.sync_sizes(view)
        action = self.decide(view)
        self._expect(view, action)
        return action

    def decide(self, view: View) -> Action:
        return super().act(view)

    # ------------------------------------------------------------ judges (looks.py)

    def _expect(self, view: View, action: Action) -> None:
        """Keep what rating the next claims needs of this view, and after our own play (one
        that does not go out) each answering seat's chance to call it, as a judge and as a rate
        caller, to weigh the two by its answer."""
        self.table = {key: view[key] for key in TABLE_KEYS}
        self.answering = {}
        if action["type"] != "play":
            return
        self.claim = None
        if len(action["cards"]) >= len(view["hand"]):
            return
        me, count = int(view["seat"]), len(action["cards"])
        open_challenge = view["options"].get("open_challenge")
        for seat in play_window(view, me) if open_challenge else [next_seat(view, me)]:
            as_judge = p_judge_calls(
                view, self.tracker, self.pile_plays, seat=seat, rank=action["rank"], count=count
            )
            self.answering[str(seat)] = [as_judge, self.call_rate(seat, count)]

    def _ask(self, event: Event) -> None:
        """Another seat's play (not going out): what a judge would make of it.  Our own view
        stands in for the judge's (we rate the claim as Hard does), so every seat's answers to
        every play are evidence, not only its few answers to ours."""
        seat, count = int(event["seat"]), int(event["count"])
        table = self.table
        if seat == self.tracker.seat:
            return  # our own play: its answers are still to come (``answering``)
        self.answering, self.claim = {}, None
        if table is None or not self.sizes or not self.sizes[seat]:
            return
        view = {
            **table,
            "hand_sizes": list(self.sizes),
            "pile_size": self.pile,
            "last_play": {"seat": seat, "count": count, "rank": event["rank"], "unresolved": True},
        }
        self.claim = [seat, count, judge_calls(self.p_honest(view, seat, count, event["rank"]))]

    def use_preset(self, preset: str) -> None:
        """Play with the preset's parameters.  The events never name the edition, so a bot
        learns it from its first view; the few answers it reads before its first turn are
        weighed with the classic set."""
        self.preset = preset
        self.params = self.params_by_preset[preset]

    def sync_sizes(self, view: View) -> None:
        self.sizes = [int(n) for n in view["hand_sizes"]]  # exact, whatever was missed
        self.pile = int(view["pile_size"])

    @staticmethod
    def _lie_keys(seat: int, count: int, hand: int, pile: int) -> list[str]:
        return [
            f"{seat}",
            f"{seat}|{_bucket_count(count)}",
            f"{seat}|{_bucket_count(count)}|{_band(hand, HAND_BANDS)}|{_band(pile, PILE_BANDS)}",
        ]

    def record_call(self, seat: int, count: int, challenged: bool) -> None:
        if seat != self.tracker.seat:  # the judges' evidence, from the rates before this answer
            if str(seat) in self.answering:
                as_judge, as_rate = self.answering.pop(str(seat))
                self.judges.answered(seat, challenged, as_judge, as_rate)
            elif self.claim is not None:
                self.judges.answered(seat, challenged, self.claim[2], self.call_rate(seat, count))
        super().record_call(seat, count, challenged)
        _add(self.call_stats, f"{seat}", challenged)
        _add(self.call_stats, f"{seat}|{_bucket_count(count)}", challenged)

    def _memory(self) -> Any:
        data = super()._memory()
        data.update(
            sizes=self.sizes,
            pile=self.pile,
            lies=self.lies,
            call_stats=self.call_stats,
            last_meta=self.last_meta,
            pile_plays=self.pile_plays,
            judges=self.judges.to_json(),
            claim=self.claim,
            answering=self.answering,
            table=self.table,
            preset=self.preset,
        )
        return data

    def _restore(self, data: Any) -> None:
        super()._restore(data)
        if data:
            self.sizes = list(data["sizes"])
            self.pile = int(data["pile"])
            self.lies = {k: list(v) for k, v in data["lies"].items()}
            self.call_stats = {k: list(v) for k, v in data["call_stats"].items()}
            self.last_meta = data["last_meta"]
            self.pile_plays = [list(play) for play in data["pile_plays"]]
            # saves from before the judges carry none: the bot starts learning them afresh
            self.judges = Judges.from_json(data.get("judges"))
            claim = data.get("claim")
            self.claim = None if claim is None else [int(claim[0]), int(claim[1]), float(claim[2])]
            answering = data.get("answering") or {}
            self.answering = {str(k): [float(v[0]), float(v[1])] for k, v in answering.items()}
            table = data.get("table")
            if table is not None and (not isinstance(table, dict) or set(table) != set(TABLE_KEYS)):
                raise ValueError("the bot's last view is not one")
            self.table = table
            preset = data.get("preset", PRESETS[0])  # saves from before the quick set: classic
            if preset not in self.params_by_preset:
                raise ValueError(f"the bot's preset {preset!r} is not one")
            self.use_preset(preset)

    # ------------------------------------------------------------ models

    def lie_rate(self, seat: int, count: int, hand: int, pile: int) -> float:
        """The seat's observed bluff rate in these circumstances, shrunk to broader rates.

        Each seat's prior is the table's pooled rate, not only the fixed population prior:
        how often players lie differs by table far more than by seat.  Against five Medium
        bots with open challenge and two decks about one revealed play in ten is a lie (the
        prior says four), so early in a game Hard rated their honest four-card claims 50-60 %
        likely and challenged them, wrongly nearly every time.  The pooled rate is a prior only
        below the population's: the plays a table reveals are those its callers chose to call,
        so a high revealed rate overstates its lies, and trusting it made Expert challenge
        honest plays (against three Medium bots on classic-4p-36: 15 % won, 23 % with the
        ceiling; docs/bots.md, "Tried and not kept")."""
        overall, by_count, exact = self._lie_keys(seat, count, hand, pile)
        prior = prior_count = LIE_BASELINE
        strength = self.params.table_strength
        if strength > 0.0:  # never above the population prior (the docstring says why)
            prior = min(LIE_BASELINE, _rate(self.lies, TABLE, LIE_BASELINE, strength))
            count_key = f"{TABLE}|{_bucket_count(count)}"
            prior_count = min(LIE_BASELINE, _rate(self.lies, count_key, prior, strength))
        rate = _rate(self.lies, overall, prior, LIE_PRIOR_STRENGTH)
        if prior_count != prior:  # the table's rate at this claim size, against its overall
            rate = sigmoid(logit(rate) + logit(prior_count) - logit(prior))
        rate = _rate(self.lies, by_count, rate, LIE_PRIOR_STRENGTH)
        return _rate(self.lies, exact, rate, LIE_PRIOR_STRENGTH)

    def p_honest(self, view: View, author: int, count: int, rank: str) -> float:
        honesty = self.honesty_of(view, author, count, rank)
        base = p_claim_true(view, self.tracker, author, rank, count, honesty=honesty)
        if base <= 0.0:
            return 0.0
        rate = self.lie_rate(author, count, int(view["hand_sizes"][author]), int(view["pile_size"]))
        return liar_adjusted(base, rate)

    def honesty_of(self, view: View, author: int, count: int, rank: str) -> float:
        """The chance that ``author``, holding ``count`` cards of ``rank``, claims them honestly:
        one value by claim size for every claim here (the Expert tells claims apart)."""
        return self.params.honesty_for(count, bool(view["options"].get("ascending")))

    def p_call(
        self, view: View, seat: int, count: int, going_out: bool, claim: str | None = None
    ) -> float:
        if going_out:
            return GOING_OUT_CALL
        rate = self.call_rate(seat, count)
        if claim is None:  # not our own play: the seating terms, the window's later seats
            return rate
        judge = self.judges.weight(seat, self.params.judge_prior)
        if judge <= 0.0:
            return rate
        looks = p_judge_calls(
            view, self.tracker, self.pile_plays, seat=seat, rank=claim, count=count
        )
        return (1 - judge) * rate + judge * looks

    def call_rate(self, seat: int, count: int) -> float:
        """The seat's learnt rate of calling a play of ``count`` cards."""
        p = self.params
        prior = min(MAX_CALL_PRIOR, p.call_base + p.call_per_card * (count - 1))
        overall = _rate(self.call_stats, f"{seat}", prior, p.call_weight)
        shifted = sigmoid(logit(prior) + logit(overall) - logit(p.call_base))
        return _rate(self.call_stats, f"{seat}|{_bucket_count(count)}", shifted, p.call_weight)
