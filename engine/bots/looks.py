"""How the bot's own claim looks to the seat that answers it, and who judges claims that way.

Hard used to price a call on its play by each seat's call rate alone, the same for an honest
play and a padded bluff.  Medium and the card-counting strangers do not call at a rate: they
call a claim that their own hand and the public facts make impossible or unlikely
(``estimate.p_claim_true``).  Against three Medium bots Hard's padded bluffs were caught 71 % of
the time (Medium's own 48 %), and one Hard or Expert at a table of Medium bots won 4-10 % where
chance is 17-25 % (docs/bots.md, "Who calls: judges and rate callers").

So a seat answering our play is one of two kinds, and the bot weighs both per seat:

* a **rate caller**: calls at its learnt rate (``HardBot.p_call``), whatever the claim;
* a **judge**: runs Medium's claim model on what it can know (its own hand, the public facts, its
  own plays in the pile) and calls below ``tuning.JUDGE_THRESHOLD``.  :func:`p_judge_calls`
  averages that over the hands the seat may hold, from the bot's view.

:class:`Judges` keeps, per seat, how well each kind predicted that seat's answers so far (the log
likelihood of every answer to any play, not only ours), and weighs the two by it: Bayesian model
averaging from a prior (``Params.judge_prior``, searched against both fields).
"""

from __future__ import annotations

import math
from typing import Any

from ..cards import rank_of
from .base import View, total_copies
from .estimate import cards_in_play, claimable_ranks, holding, honest_share
from .memory import PILE, CardTracker
from .tuning import JUDGE_EVIDENCE_CLIP, JUDGE_HONESTY, JUDGE_SOFTNESS, JUDGE_THRESHOLD

# Log-odds beyond this are certainty to a float, and their exp would overflow.
MAX_LOG_ODDS = 30.0


def judge_calls(p_honest: float) -> float:
    """The chance that a judge calls a claim it rates ``p_honest`` (0: impossible, always)."""
    if p_honest <= 0.0:
        return 1.0
    return 1 / (1 + math.exp(-(JUDGE_THRESHOLD - p_honest) / JUDGE_SOFTNESS))


def p_judge_calls(
    view: View,
    tracker: CardTracker,
    pile_plays: list[list[Any]],
    *,
    seat: int,
    rank: str,
    count: int,
) -> float:
    """The chance that ``seat``, a judge, calls our play of ``count`` cards claimed as ``rank``
    (not yet made: ``view`` is ours before it).

    The seat knows its own hand, which we do not: it holds ``y`` untracked copies of the rank
    (hypergeometric over the cards we cannot place).  For each ``y`` it bounds what we can hold
    (copies it has seen elsewhere, and its own plays of the rank in this pile, taken as honest)
    and rates our claim as ``estimate.p_claim_true`` would, over the cards it cannot place.
    """
    me = int(view["seat"])
    copies = total_copies(view)
    mine = sum(1 for card in view["hand"] if rank_of(card) == rank)
    gone = sum(1 for card in view["discard"] if rank_of(card) == rank)
    of_rank = [places for card, places in tracker.entries if rank_of(card) == rank]
    # our own unrevealed plays ({PILE}) are the only entries the seat has not seen
    seen_by_seat = [places for _, places in tracker.entries if places != {PILE}]
    its_plays = [play for play in pile_plays if int(play[0]) == seat]
    its_rank = sum(int(play[1]) for play in its_plays if play[2] == rank)
    not_ours = sum(1 for places in of_rank if me not in places and places != {PILE}) + its_rank
    # from our view: the copies we cannot place, and the seat's unknown cards among ours
    unknown = max(0, copies - mine - gone - len(of_rank) - its_rank)
    hidden = cards_in_play(view) - len(view["hand"]) - len(view["discard"]) - len(tracker.entries)
    hidden = max(0, hidden)
    slots = min(hidden, max(0, int(view["hand_sizes"][seat]) - tracker.certain(seat)))
    # from the seat's view: the cards it cannot place, our hand among them
    placed = sum(1 for places in seen_by_seat if me not in places and seat not in places)
    unseen = cards_in_play(view) - int(view["hand_sizes"][seat]) - len(view["discard"])
    unseen = max(0, unseen - placed - sum(int(play[1]) for play in its_plays))
    opening = int(view["pile_size"]) == 0 and not view["options"].get("ascending")
    choices = claimable_ranks(view) if opening else 1
    ours = len(view["hand"])
    seat_holds = holding(hidden, unknown, slots, sure_rank=0, limit=unknown, choices=1)
    calls = 0.0
    for held in range(min(unknown, slots) + 1):
        chance = seat_holds(held, False)
        if chance <= 0.0:
            continue
        limit = copies - held - gone - not_ours  # what the seat thinks we may hold
        if count > limit:
            calls += chance
            continue
        holds = holding(unseen, limit, ours, sure_rank=0, limit=limit, choices=choices)
        calls += chance * judge_calls(honest_share(holds, count, count >= copies, JUDGE_HONESTY))
    return min(1.0, calls)


def _log_likelihood(p: float, called: bool) -> float:
    p = min(1 - JUDGE_EVIDENCE_CLIP, max(JUDGE_EVIDENCE_CLIP, p))
    return math.log(p if called else 1 - p)


class Judges:
    """Per seat, the evidence for "judge" against "rate caller" (:func:`p_judge_calls`)."""

    def __init__(self) -> None:
        self.evidence: dict[str, float] = {}  # seat -> log likelihood ratio, judge : rate

    def of(self, seat: int) -> float:
        """``seat``'s evidence so far: 0, no lean either way, before its first answer."""
        return self.evidence.get(str(seat), 0.0)

    def weight(self, seat: int, prior: float) -> float:
        """The chance that ``seat`` is a judge, given its answers so far and the ``prior``
        chance before any (``Params.judge_prior``)."""
        if prior <= 0.0:
            return 0.0
        if prior >= 1.0:
            return 1.0
        odds = math.log(prior / (1 - prior)) + self.of(seat)
        return 1 / (1 + math.exp(-max(-MAX_LOG_ODDS, min(MAX_LOG_ODDS, odds))))

    def answered(self, seat: int, called: bool, as_judge: float, as_rate: float) -> None:
        """``seat`` answered a play (called it or not) that a judge would call with chance
        ``as_judge`` and its rate with ``as_rate``."""
        gain = _log_likelihood(as_judge, called) - _log_likelihood(as_rate, called)
        self.evidence[str(seat)] = self.of(seat) + gain

    def to_json(self) -> dict[str, float]:
        return dict(self.evidence)

    @classmethod
    def from_json(cls, data: dict[str, float] | None) -> Judges:
        judges = cls()
        judges.evidence = {str(k): float(v) for k, v in (data or {}).items()}
        return judges
