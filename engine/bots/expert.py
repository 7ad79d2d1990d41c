"""Expert: determinized Monte Carlo over abstracted actions, worlds drawn from Hard's belief.

For one decision:

1. **Candidates** are abstract actions scored by Hard's one-move model: every legal call
   (challenge, believe, pass) and Hard's best play (``SearchParams.plays``: how many cards,
   honest or bluff, which rank, which ranks to shed as filler), its three best while the next
   seat calls at a rate, every one of them once our hand or an opponent's is small
   (:meth:`ExpertBot.plays_to_search`).  A single candidate, or a last-cards call, is played
   at once.
2. **Worlds**: each iteration samples a full deal consistent with the view from the belief
   (``belief.sample_world``: the tracker's facts, the top play honest with the lie model's
   probability, rated by where it stands in its round, :meth:`ExpertBot.honesty_of`, and
   doubted further when it repeats its author's claim: :meth:`ExpertBot.p_honest`)
   and turns it into the bot's own rank-count simulator (``sim.Sim``).
3. **Play-outs**: every candidate is applied in the same world (common random numbers) and the
   game goes on under a cheap policy for every seat, up to ``depth`` moves.
4. **Score**: a finished game is 1 for a win (0 otherwise); a cut-off one is scored by a
   heuristic: the seat's share of ``exp(-a * cards)`` among the players still in.
5. The best mean plus Hard's one-move value times its weight wins (``prior_weight``; one of its own
   where the rank ascends and in the draw format: :meth:`SearchParams.hard_weight`).

The budget is a fixed number of worlds (``SearchParams.worlds``), never a wall-clock time: the
same seed gives the same choices on any machine, loaded or idle, CPython or Pyodide.  The budget
is sized so that a move stays fast enough on the slowest of them (docs/bots.md has the move
times).
"""

from __future__ import annotations

import dataclasses
import math
import random
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..cards import rank_of, ranks_of_deck
from .base import (
    Action,
    Event,
    Option,
    View,
    dead_ranks,
    emptying_wins,
    next_seat,
    play_action,
)
from .belief import Unseen, World, rules_of, sample_world, to_sim, unseen
from .hard import HARD_PARAMS_BY_PRESET, HardBot
from .heuristic import Params, by_claim_size
from .sim import Rules, Sim, apply_play, run_window, step

# The chance that an author held cards of a rank back when it claimed that rank: no bot here
# does (every level and stranger plays all it holds of the claimed rank), a person might.
HOLD_BACK = 0.02
# The same doubt in the draw format, where an author may have drawn more of the rank since its
# earlier claim: there such repeats were 4 % honest and the Expert rated them 26 %, so each
# repeat cuts the odds by 0.12, about that ratio (``python -m engine.lab.calibrate --level
# expert``; docs/bots.md, "What the search adds" and "Openings and repeats in the draw format").
DRAW_HOLD_BACK = 0.12
# The chance that an author holding cards of the claimed rank claims them honestly, by claim size
# (one, two, three, four or more cards), keyed by whether the rank ascends: for a claim that opens
# its round, and for a later one that repeats nobody's rank.  Fitted on each kind alone by
# ``python -m engine.lab.calibrate --games 150 --jobs 2 --situation opening`` (and ``later``):
# Hard's one set, fitted on every claim, is pulled down by the repeat claims, nearly all lies,
# which HOLD_BACK carries here.  An opener that chose the rank names one it holds (docs/bots.md,
# "Openings").
OPENING_HONESTY = {False: (0.999, 0.999, 0.958, 0.983), True: (0.229, 0.306, 0.754, 0.953)}
LATER_HONESTY = {False: (0.421, 0.561, 0.772, 0.24), True: (0.578, 0.999, 0.949, 0.995)}


@dataclass(frozen=True)
class SearchParams:
    """The search's knobs, one set for every table (``engine.lab.tune --level expert``)."""

    # Worlds sampled a decision: the fixed budget.  Ninth round: 150 instead of 60, +1.4 points
    # on average against both fields, 12 of the 14 matrix cells up (docs/bots.md, "More worlds").
    worlds: int = 150
    # Hard's best plays searched beside the calls.  One: which play is Hard's ranking; the
    # search decides call or play (a sampled world informs a call far more than a choice
    # between plays, and the play-outs' cheap policy cannot tell close plays apart).
    plays: int = 1
    # ... unless the seat that answers our play calls at a rate: the play-outs' policy calls
    # at the learnt rate too, so there they rank Hard's plays well, and three searched won
    # more against the strangers while losing against Medium, who judges each claim
    # (docs/bots.md, "Plays searched where the next seat calls at a rate").  The next seat is
    # taken for a rate caller while its chance of being a judge (``looks.Judges``) is below
    # ``rate_caller_below``; 0 never widens the search.
    rate_caller_plays: int = 3
    rate_caller_below: float = 0.4
    # ... and every one of Hard's plays once our hand holds this many cards or fewer: near the
    # end the play-outs reach the end of the game, so their means rank plays that Hard's
    # one-move values cannot tell apart (docs/bots.md, "Every play searched near the end").
    endgame_hand: int = 5
    # ... at this many cards or fewer where the next seat calls at a rate, whose answers the
    # play-outs foretell from further out (thirty-seventh session, docs/bots.md, "Every play
    # searched as the game nears its end").
    rate_caller_endgame_hand: int = 8
    # ... and once an opponent still in play holds this many cards or fewer (0: never): its
    # last plays end the game inside the play-outs too, whoever else is near the end.
    endgame_opponent_hand: int = 3
    depth: int = 20  # play-out moves before the cut-off score
    a: float = 0.35  # cut-off score: a seat's weight is exp(-a * cards held)
    prior_weight: float = 0.15  # Hard's value (in cards) blended with the play-out mean
    # The same weight on two table shapes, each searched on its own tables (docs/bots.md,
    # "Hard's weight where the rank ascends, and in the draw format").  Where the claimed rank
    # ascends every play it is forced, so a seat that lacks it must bluff or call; in the draw
    # format hands refill from the stock.  A sampled world knows every hand and the stock, so
    # there the play-outs judge a call better than Hard's one-move values do.
    ascending_prior_weight: float = 0.03
    draw_prior_weight: float = 0.03
    # Play-out call rate in an open-challenge window, as a share of the modelled rate.  Hard's
    # call model already counts window chances, so 1 plays them as observed.
    window_factor: float = 1.0

    def hard_weight(self, rules: Rules) -> float:
        """Hard's weight on this table: by its shape, the ascending rank before the draw format
        (a table with both is scored as an ascending one)."""
        if rules.ascending:
            return self.ascending_prior_weight
        return self.draw_prior_weight if rules.draw else self.prior_weight


SEARCH_PARAMS = SearchParams()

# The Hard sets whose one-move values rank the Expert's candidates and weigh beside its
# play-outs: Hard's own, but in the quick edition they also price the round an honest play
# earns when it is called, for there the duel's winner opens (``Params.duel_open``; fortieth
# session, docs/bots.md, "The duel's winner opens").  Given to Hard as well, the term lifted it
# on the quick tables by more than it lifted the Expert, up to the Expert's own rates there.
EXPERT_PARAMS_BY_PRESET: Mapping[str, Params] = {
    **HARD_PARAMS_BY_PRESET,
    "quick": dataclasses.replace(HARD_PARAMS_BY_PRESET["quick"], duel_open=2.0),
}


def score(sim: Sim, me: int, a: float) -> float:
    """A play-out's value for ``me``: 1 for a win; when cut off, a share by cards held."""
    if me in sim.out:
        return 1.0 if sim.out[0] == me else 0.5 / (sim.out.index(me) + 1)
    if sim.over:
        return 0.0
    weights = [
        math.exp(-a * sim.sizes[seat]) for seat in range(sim.rules.players) if seat not in sim.out
    ]
    mine = math.exp(-a * sim.sizes[me])
    return mine / sum(weights) * (0.5 if sim.out else 1.0)


class ExpertBot(HardBot):
    level = "expert"

    def __init__(
        self,
        rng: random.Random,
        max_worlds: int | None = None,
        search: SearchParams = SEARCH_PARAMS,
        params: Params | Mapping[str, Params] | None = None,
    ) -> None:
        """``params``: the Hard sets whose options are the search's candidates (None: the
        Expert's shipped ones, :data:`EXPERT_PARAMS_BY_PRESET`; the lab seats variants,
        ``engine.lab.variants``)."""
        super().__init__(rng, EXPERT_PARAMS_BY_PRESET if params is None else params)
        if max_worlds is not None:
            search = dataclasses.replace(search, worlds=max_worlds)
        self.search_params = search
        # By seat: the ranks it has claimed since it last took a pile, one entry a claim.
        self.claimed: dict[str, list[str]] = {}

    def _observe(self, event: Event) -> None:
        super()._observe(event)
        kind = event["type"]
        if kind == "dealt":
            self.claimed = {}
        elif kind == "played":
            self.claimed.setdefault(str(event["seat"]), []).append(str(event["rank"]))
        elif kind == "took_pile":
            self.claimed.pop(str(event["seat"]), None)

    def _memory(self) -> Any:
        data = super()._memory()
        data.update(claimed=self.claimed)
        return data

    def _restore(self, data: Any) -> None:
        super()._restore(data)
        if data:  # saves from before these claims start with none
            claimed = data.get("claimed") or {}
            if not isinstance(claimed, dict) or not all(
                isinstance(ranks, list) and all(isinstance(rank, str) for rank in ranks)
                for ranks in claimed.values()
            ):
                raise ValueError("the bot's claims since each pick-up are not a list by seat")
            self.claimed = {str(seat): list(ranks) for seat, ranks in claimed.items()}

    def p_honest(self, view: View, author: int, count: int, rank: str) -> float:
        """Hard's chance, with the odds cut by ``HOLD_BACK`` (``DRAW_HOLD_BACK`` in the draw
        format) for each earlier claim of the same rank by the same author since it last took a
        pile (:meth:`repeat_claims`).

        An honest author plays every card of the rank it holds and a bluff pads all it holds,
        so after one claim of a rank the author holds more of it only if it held some back or
        drew since.  Hard's public counts miss that: against the mixed field they rated such
        repeat claims 39-77 % honest on average (by table), and 4 of 3,337 were honest
        (docs/bots.md, "Why Expert does not beat Hard").
        """
        p = super().p_honest(view, author, count, rank)
        repeats = self.repeat_claims(view, author, rank)
        if not repeats or not 0.0 < p < 1.0 or self.tracker.certain(author, rank) >= count:
            return p
        doubt = DRAW_HOLD_BACK if view["options"].get("draw") else HOLD_BACK
        odds = p / (1 - p) * doubt**repeats
        return odds / (1 + odds)

    def honesty_of(self, view: View, author: int, count: int, rank: str) -> float:
        """By where the claim stands in its round: an opening or a later claim gets the
        honesties fitted on its own kind (``OPENING_HONESTY``, ``LATER_HONESTY``); a repeat
        claim, any claim while memory is out of step with the view, and in the draw format a
        later claim or an opening where the rank ascends, Hard's one set.

        In the draw format hands refill from the stock, so a later claim says less of what its
        author holds: the later set rated those claims more honest than Hard's set does, and the
        Expert's calls paid better on Hard's (3.2 points on ``draw-3p``).  An opener that chose
        the rank still names one it holds (89 % of openings honest there, Hard's set rated them
        68 %), so those openings keep their own set; where the rank ascends nobody chose it, and
        the opening set cost 3 points on such a table (docs/bots.md, "Honesty in the draw
        format" and "Openings and repeats in the draw format")."""
        plays = self.plays_in_step(view)
        opening = len(plays) == 1
        ascending = bool(view["options"].get("ascending"))
        hards_in_draw = bool(view["options"].get("draw")) and (ascending or not opening)
        if not plays or hards_in_draw or self.repeat_claims(view, author, rank):
            return super().honesty_of(view, author, count, rank)
        by_rank_rule = OPENING_HONESTY if opening else LATER_HONESTY
        return by_claim_size(by_rank_rule[ascending], count)

    def plays_in_step(self, view: View) -> list[list[Any]]:
        """The pile's plays as remembered; none when memory is out of step with the view (a
        restored bot), for then they are no evidence."""
        plays = self.pile_plays
        if not plays or sum(int(play[1]) for play in plays) != int(view["pile_size"]):
            return []
        return plays

    def repeat_claims(self, view: View, author: int, rank: str) -> int:
        """``author``'s earlier claims of ``rank`` since it last took a pile, the top play
        (its latest) not counted.

        Its hand has lost every card of the rank at each of them and gained none from a pile
        since, so they doubt the top play as much as earlier claims in the same pile do: such
        claims from an earlier pile were 0-3 % honest (36-237 a table in 300 games against the
        mixed field) and Hard rated them up to 38 % (docs/bots.md, "Repeat claims across
        piles").  The plays in this pile count too, for a save from before these claims were
        kept."""
        plays = self.plays_in_step(view)
        in_pile = sum(1 for play in plays[:-1] if int(play[0]) == author and play[2] == rank)
        since_taken = self.claimed.get(str(author), []).count(rank) - 1
        return max(in_pile, since_taken)

    def candidates(self, view: View, options: list[Option]) -> list[Option]:
        """Every call and Hard's best plays: how many, :meth:`plays_to_search`."""
        calls = [option for option in options if option[1]["type"] != "play"]
        plays = sorted(
            (option for option in options if option[1]["type"] == "play"),
            key=lambda option: -option[0],
        )
        searched = plays[: self.plays_to_search(view)]
        return calls + searched + self.dead_hand_bluff(view, searched)

    def dead_hand_bluff(self, view: View, plays: list[Option]) -> list[Option]:
        """The whole hand in one bluff, when every card in it is dead (the Ace under No aces),
        it fits one play that would end the game and none of ``plays`` (the searched) is it.

        Dead cards leave a hand only in a bluff, and Hard's plays bluff ``max_filler`` cards at
        most (three), so four aces went in two bluffs or more, each past a call.  All at once, a
        play that stands wins; on an opening a called one takes back only those cards, no worse
        than a smaller bluff called.  A few at a time lost 3 games in 1,000 on `noaces-2p`
        against the stranger that calls 70 % of claims (docs/bots.md, "Dead hands")."""
        rule = view["legal"].get("play")
        hand = list(view["hand"])
        dead = dead_ranks(view)
        if (
            not rule
            or not hand
            or len(hand) > int(rule["max"])
            or any(rank_of(card) not in dead for card in hand)
            or not emptying_wins(view)
            or any(len(option[1]["cards"]) == len(hand) for option in plays)
        ):
            return []
        discarded = Counter(rank_of(card) for card in view["discard"])
        rank = min(rule["ranks"], key=discarded.__getitem__)  # the claim least disproved
        called = self.p_called(view, next_seat(view, int(view["seat"])), len(hand), True, rank)
        value = self.going_out_value(called, False, int(view["pile_size"]))
        return [(value, play_action(hand, rank))]

    def plays_to_search(self, view: View) -> int | None:
        """Every play (``None``) near the end of the game, where the play-outs see it out;
        else more of Hard's plays where the next seat looks like a rate caller, whose answers
        the play-outs foretell, and one where it judges our claims as Medium does, which they
        cannot."""
        params = self.search_params
        if self.opponent_near_end(view):
            return None
        answering = next_seat(view, int(view["seat"]))
        judge = self.judges.weight(answering, self.params.judge_prior)
        rate_caller = judge < params.rate_caller_below
        endgame = params.endgame_hand
        if rate_caller:
            endgame = max(endgame, params.rate_caller_endgame_hand)
        if len(view["hand"]) <= endgame:
            return None
        return params.rate_caller_plays if rate_caller else params.plays

    def opponent_near_end(self, view: View) -> bool:
        """Whether an opponent still in play holds ``endgame_opponent_hand`` cards or fewer (a
        seat that went out holds none)."""
        me = int(view["seat"])
        return any(
            0 < int(size) <= self.search_params.endgame_opponent_hand
            for seat, size in enumerate(view["hand_sizes"])
            if seat != me
        )

    def decide(self, view: View) -> Action:
        self.tracker.sync(view)
        options = self.progress.steer(view, self.options(view))
        forced = [option for option in options if option[0] >= 99.0]
        if forced:  # last cards: the call is not a choice worth searching
            return self.progress.remember(view, forced[0][1])
        cands = self.candidates(view, options)
        if len(cands) == 1:
            return self.progress.remember(view, cands[0][1])
        return self.progress.remember(view, self.search(view, cands))

    def search(self, view: View, cands: list[Option]) -> Action:
        me = int(view["seat"])
        last = view["last_play"]
        p_top = 1.0
        if last and last["unresolved"] and int(last["seat"]) != me:
            p_top = self.p_honest(view, int(last["seat"]), int(last["count"]), str(last["rank"]))
        rules = rules_of(view)
        self.fit_models(view, rules)
        index = {rank: i for i, rank in enumerate(ranks_of_deck(int(view["options"]["deck"])))}
        window_rest = [int(seat) for seat in (view.get("window") or [])[1:]]
        totals = [0.0] * len(cands)
        seed = self.rng.random()
        params = self.search_params
        shared = unseen(view, self.pile_plays)
        for number in range(params.worlds):
            world_rng = random.Random(f"{seed}:{number}")
            world = to_sim(view, self.world(shared, p_top, world_rng), rules)
            # An int: random.Random(float) seeds from hash(), 64-bit here and 32-bit in the
            # browser's Pyodide, and the same seed would play differently there.
            rng = random.Random(world_rng.getrandbits(64))
            rollout_state = rng.getstate()  # every candidate's play-out draws the same numbers
            for i, (_, action) in enumerate(cands):
                sim = world.copy()
                rng.setstate(rollout_state)  # the same as seeding anew, and faster
                self.apply(sim, me, action, index, window_rest, rng)
                totals[i] += self.playout(sim, me, rng)
        weight = params.hard_weight(rules)
        best = max(
            range(len(cands)),
            key=lambda i: totals[i] / params.worlds + weight * cands[i][0],
        )
        return cands[best][1]

    def world(self, shared: Unseen, p_top: float, rng: random.Random) -> World:
        """One deal to play the candidates out in, drawn from the belief.  A method so that the
        lab can hand a told Expert the true deal instead (``engine.lab.neighbours``), which
        measures what the hidden cards cost the search."""
        return sample_world(shared, self.tracker, p_top, rng)

    def fit_models(self, view: View, rules: Rules) -> None:
        """Hard's per-opponent call and lie models, as the play-out policy's rates."""
        rules.call_rate = [
            [self.p_call(view, seat, count, False) for count in (1, 2, 3)]
            for seat in range(rules.players)
        ]
        rules.window_factor = self.search_params.window_factor
        rules.filler_rate = [
            min(0.6, max(0.05, self.lie_rate(seat, 2, 5, 5) - 0.15))
            for seat in range(rules.players)
        ]

    @staticmethod
    def apply(  # noqa: PLR0917
        sim: Sim,
        me: int,
        action: Action,
        index: dict[str, int],
        window_rest: list[int],
        rng: random.Random,
    ) -> None:
        kind = action["type"]
        in_window = bool(window_rest) or sim.turn != me
        if kind == "play":
            cards = [index[rank_of(card)] for card in action["cards"]]
            apply_play(sim, me, cards, index[action["rank"]], rng)
        elif kind == "pass":
            run_window(sim, window_rest, rng)
        else:
            sim.call(me, kind == "challenge", in_window)

    def playout(self, sim: Sim, me: int, rng: random.Random) -> float:
        for _ in range(self.search_params.depth):
            if sim.over:
                break
            step(sim, rng)
        return score(sim, me, self.search_params.a)
