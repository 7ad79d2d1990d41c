"""Every tuned number of the four levels, each named once with what it means.

Medium and Hard share one value model (``heuristic.py``), so most of their numbers are
:class:`Params` fields, one set a level and edition: :data:`MEDIUM_PARAMS`, Hard's
:data:`HARD_PARAMS` (classic) and :data:`HARD_QUICK_PARAMS`, and the Expert's
:data:`EXPERT_PARAMS_BY_PRESET` (Hard's, pricing the duel's round in the quick edition).  The
Expert's search is :class:`SearchParams`.  A number every level that uses it shares is a module
constant.  Units: the value model counts cards in the bot's own hand (fewer is better); chances
are between 0 and 1.  docs/bots.md, "Tuned parameters" lists them all (its history tells how
each was found); the lab seats variants of the sets (``engine.lab.variants``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .sim import Rules

# ------------------------------------------------------------------ every level (base.Progress)

CYCLE_VISITS = 2  # a position met this often at the bot's own turn is a cycle, to leave
PATIENCE = 400  # moves in one hand after which every bot stops calling, far beyond a normal hand

# ------------------------------------------------------------------ Easy

EASY_CALL_RATE = 0.08  # chance to challenge a one-card claim
EASY_BIG_CLAIM_RATE = 0.1  # added to it per card above one in the claim
EASY_WINDOW_CALL_RATE = 0.04  # chance to challenge from another's open-challenge window
EASY_LAST_CARDS_CALL_RATE = 0.7  # chance to challenge a play that would end the game
EASY_MUST_CALL_RATE = 0.5  # at least this when it has to call (the quick edition's last cards)
# A claim it does not challenge, it believes aloud at its call rate divided by this.
EASY_CALLS_PER_BELIEVE = 3

# ------------------------------------------------------------------ the claim model (Medium up)

# How a bluff is made, by its number of bluff cards (one, two): a one-card bluff is the commonest.
BLUFF_SIZES = (0.6, 0.4)
# No claim the public counts allow is rated surer than this: they cannot refute a bluff.
HONEST_CEILING = 0.97
# The chance that a seat challenges our play that would end the game.
GOING_OUT_CALL = 0.95
# A play that would end the game is believed only at least this likely honest (classic edition),
# else challenged: letting it stand loses.
SURE_HONEST = 0.999
MAX_CALL_PRIOR = 0.9  # the prior chance that a seat challenges a play never exceeds this

# ------------------------------------------------------------------ the value model (Medium, Hard)

NEAR_OUT_HAND = 4  # a seat holding this many cards or fewer is near going out ...
NEAR_OUT_BETA = 1.6  # ... and a card it picks up is worth this many times ``Params.beta``
FINISHING_OPEN = 0.9  # opening a round with a hand one honest play empties: this share of a win
# Believing an honest play lets it stand: it costs this share of a card its author would pick up.
BELIEVED_HONEST_COST = 0.5
BELIEVE_TURN_COST = 0.8  # believing on our own turn: the turn passes without shedding a card

# Open challenge (``seating.py``): the chance that a hand of n cards is one rank, so that its
# seat goes out on its next opening; rough odds for the hands kept late in a game.
FINISH_ODDS = {1: 1.0, 2: 0.3, 3: 0.1, 4: 0.03}


@dataclass(frozen=True)
class Params:
    """The value model's numbers (``heuristic.py``).  The defaults are Medium's set."""

    honesty: float = 0.85  # P(honest play | the author holds cards of the claimed rank)
    # ``honesty`` by claim size (one card, two, three, four or more) where the round's opener
    # chooses the rank, and where it ascends each play (forced: who lacks it must bluff or call,
    # so small claims are honest more often); empty: ``honesty`` for every size.
    honesty_by_size: tuple[float, ...] = ()
    honesty_by_size_ascending: tuple[float, ...] = ()
    beta: float = 0.35  # value of one card an opponent picks up
    gamma: float = 0.5  # cost of each distinct rank held (each needs its own honest play)
    open_bonus: float = 1.0  # value of opening a round (free choice of rank)
    finish_bonus: float = 6.0  # value of a hand one honest play can empty
    win_value: float = 40.0  # value of a play that wins the game
    call_base: float = 0.2  # prior chance that a seat challenges a one-card play ...
    call_per_card: float = 0.12  # ... plus this per card above one
    call_weight: float = 6.0  # answers that prior weighs as beside a seat's observed ones
    max_filler: int = 2  # most bluff cards added to a play
    # Open challenge only (``seating.py``): the bot itself opening the next round, and an
    # opponent opening it, times its odds of going out with it (:data:`FINISH_ODDS`).
    own_open: float = 15.0
    threat: float = 10.0
    # The chance, before it answered anything, that a seat judges our claims by its hand and
    # the public facts (``looks.py``) rather than calling at a rate; 0: rates only.
    judge_prior: float = 0.0
    # Revealed plays the table's pooled lie rate (every opponent's) weighs as, as each seat's
    # prior; 0: :data:`LIE_BASELINE` alone.
    table_strength: float = 0.0
    # The opening an honest play earns when it is called, as a share of the opening's value: the
    # quick edition's duel winner opens, and with two seats in play the classic one hands the
    # round to the seat after the taker, us; 0: not priced (with open challenge the seating
    # terms price who opens).
    duel_open: float = 0.0
    # Where the rank ascends, filler sheds the ranks we claim last first (True), or only spares
    # the rank of our next claim (False: Medium counts cards but does not plan its turns).
    filler_by_turn: bool = False

    def honesty_for(self, count: int, ascending: bool) -> float:
        """The chance that an author holding ``count`` cards of the rank plays them honestly."""
        by_size = (self.honesty_by_size_ascending if ascending else ()) or self.honesty_by_size
        return by_claim_size(by_size, count) if by_size else self.honesty


def by_claim_size(values: Sequence[float], count: int) -> float:
    """The value for a claim of ``count`` cards: one per size, the last for every larger one."""
    return values[min(count, len(values)) - 1]


MEDIUM_PARAMS = Params()

# ------------------------------------------------------------------ Hard

# Hard's classic set, searched on the classic matrix tables against the strangers and three
# Medium bots; the honesties by claim size fitted by ``engine.lab.calibrate``.
HARD_PARAMS = dataclasses.replace(
    MEDIUM_PARAMS,
    max_filler=3,
    gamma=1.1,
    call_base=0.05,
    call_per_card=0.05,
    call_weight=4.0,
    honesty_by_size=(0.13, 0.52, 0.92, 0.98),
    honesty_by_size_ascending=(0.48, 0.8, 0.9, 0.99),
    judge_prior=0.5,
    table_strength=2.0,
    filler_by_turn=True,
)
# The quick edition's own values, searched on its two matrix tables: only the first player out
# wins and the rest place by cards held, so a pile handed to an opponent is worth more.
HARD_QUICK_PARAMS = dataclasses.replace(
    HARD_PARAMS, beta=0.7, call_base=0.1, call_per_card=0.0, judge_prior=0.2
)
HARD_PARAMS_BY_PRESET: Mapping[str, Params] = {"classic": HARD_PARAMS, "quick": HARD_QUICK_PARAMS}

LIE_BASELINE = 0.4  # lie rate of an "average" player's revealed plays (the lie model's prior)
# Revealed plays each broader lie rate weighs as beside a narrower one's (seat, then claim size,
# then hand and pile size).
LIE_PRIOR_STRENGTH = 5.0
# The lie model's bands: hand size after the play up to 2, up to 6, more; pile up to 4, 10, more.
HAND_BANDS = (2, 6)
PILE_BANDS = (4, 10)
UNKNOWN_HAND = 5  # the hand size a play is filed under before the bot knows the hand sizes
MODEL_CLIP = 0.005  # the lie and call models' rates are kept this far from 0 and 1 (log-odds)

# ------------------------------------------------------------------ Hard's judges (looks.py)

JUDGE_HONESTY = MEDIUM_PARAMS.honesty  # a judge rates claims as Medium does
JUDGE_THRESHOLD = 0.2  # a judge calls a claim below this chance of being honest ...
JUDGE_SOFTNESS = 0.06  # ... on a logistic this wide (its pile and hand move the line)
JUDGE_EVIDENCE_CLIP = 0.02  # no prediction is trusted beyond 2 % / 98 % in the evidence

# ------------------------------------------------------------------ Expert

# The Hard sets whose one-move values rank the Expert's candidates and weigh beside its
# play-outs: in the quick edition they also price the round an honest play earns when it is
# called, for there the duel's winner opens.  Given to Hard as well, the term lifted it on the
# quick tables by more than it lifted the Expert.
EXPERT_PARAMS_BY_PRESET: Mapping[str, Params] = {
    **HARD_PARAMS_BY_PRESET,
    "quick": dataclasses.replace(HARD_QUICK_PARAMS, duel_open=2.0),
}

# The chance that an author held cards of a rank back when it claimed that rank: no bot here
# does (every level and stranger plays all it holds of the claimed rank), a person might.
HOLD_BACK = 0.02
# The same in the draw format, where an author may have drawn more of the rank since its earlier
# claim: such repeats were 4 % honest where the Expert rated them 26 %, about this odds ratio.
DRAW_HOLD_BACK = 0.12
# The chance that an author holding cards of the claimed rank claims them honestly, by claim size
# (one, two, three, four or more cards), keyed by whether the rank ascends: for a claim that
# opens its round, and for a later one that repeats nobody's rank, each fitted on its own kind
# (Hard's one set is pulled down by repeat claims, nearly all lies, which HOLD_BACK carries).
OPENING_HONESTY = {False: (0.999, 0.999, 0.958, 0.983), True: (0.229, 0.306, 0.754, 0.953)}
LATER_HONESTY = {False: (0.421, 0.561, 0.772, 0.24), True: (0.578, 0.999, 0.949, 0.995)}

# The play-outs pad an honest play at the seat's lie rate (read at :data:`TYPICAL_PLAY`) less
# this, kept within :data:`FILLER_RANGE`.
FILLER_BELOW_LIES = 0.15
FILLER_RANGE = (0.05, 0.6)
TYPICAL_PLAY = (2, 5, 5)  # claim size, the author's hand after it, pile size


@dataclass(frozen=True)
class SearchParams:
    """The Expert's search (``expert.py``), one set for every table.  The defaults ship."""

    # Worlds sampled a decision: the fixed budget (never a wall-clock time).
    worlds: int = 150
    # Hard's best plays searched beside the calls: which play is Hard's ranking, the search
    # decides call or play (the play-outs' cheap policy cannot tell close plays apart) ...
    plays: int = 1
    # ... but this many while the seat answering our play calls at a rate, as the play-outs'
    # policy does, so there they rank Hard's plays well: while its chance of being a judge
    # (``looks.Judges``) is below ``rate_caller_below`` (0: never).
    rate_caller_plays: int = 3
    rate_caller_below: float = 0.4
    # Every one of Hard's plays once our hand holds this many cards or fewer: the play-outs then
    # reach the end of the game and rank plays Hard's one-move values cannot tell apart ...
    endgame_hand: int = 5
    # ... this many where the next seat calls at a rate, whose answers they foretell further out
    rate_caller_endgame_hand: int = 8
    # ... and once an opponent still in play holds this many cards or fewer (0: never).
    endgame_opponent_hand: int = 3
    depth: int = 20  # play-out moves before the cut-off score
    a: float = 0.35  # cut-off score: a seat's weight is exp(-a * cards held)
    placed: float = 0.5  # a play-out we went out in after another: this over our place
    cut_after_out: float = 0.5  # a cut-off play-out where a seat is out: our share times this
    prior_weight: float = 0.15  # Hard's value (in cards) blended with the play-out mean ...
    # ... and on two table shapes, each searched on its own tables: where the claimed rank
    # ascends (forced: a seat lacking it must bluff or call) and in the draw format (hands
    # refill from the stock).  A sampled world knows every hand and the stock, so there the
    # play-outs judge a call better than Hard's one-move values do.
    ascending_prior_weight: float = 0.03
    draw_prior_weight: float = 0.03

    def hard_weight(self, rules: Rules) -> float:
        """Hard's weight on this table: by its shape, the ascending rank before the draw format
        (a table with both is scored as an ascending one)."""
        if rules.ascending:
            return self.ascending_prior_weight
        return self.draw_prior_weight if rules.draw else self.prior_weight


SEARCH_PARAMS = SearchParams()
