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
from .belief import rules_of, sample_world, to_sim, unseen
from .hard import HardBot
from .sim import Rules, Sim, apply_play, run_window, step
from .tuning import (
    DRAW_HOLD_BACK,
    EXPERT_PARAMS_BY_PRESET,
    FILLER_BELOW_LIES,
    FILLER_RANGE,
    HOLD_BACK,
    LATER_HONESTY,
    OPENING_HONESTY,
    SEARCH_PARAMS,
    TYPICAL_PLAY,
    Params,
    SearchParams,
    by_claim_size,
)


def score(sim: Sim, me: int, params: SearchParams) -> float:
    """A play-out's value for ``me``: 1 for a win; when cut off, a share by cards held."""
    if me in sim.out:
        return 1.0 if sim.out[0] == me else params.placed / (sim.out.index(me) + 1)
    if sim.over:
        return 0.0
    a = params.a
    weights = [
        math.exp(-a * sim.sizes[seat]) for seat in range(sim.rules.players) if seat not in sim.out
    ]
    mine = math.exp(-a * sim.sizes[me])
    return mine / sum(weights) * (params.cut_after_out if sim.out else 1.0)


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
        (docs/bots.md, "Repeat claims").
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
        the opening set cost 3 points on such a table (docs/bots.md, "Honesty by kind
        of claim")."""
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
        mixed field) and Hard rated them up to 38 % (docs/bots.md, "Repeat
        claims").  The plays in this pile count too, for a save from before these claims were
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
        against the stranger that calls 70 % of claims (docs/bots.md, "Dead cards")."""
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
        forced = self.forced_challenge(view, options)
        if forced:  # last cards: the call is not a choice worth searching
            return self.progress.remember(view, forced)
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
            world = to_sim(view, sample_world(shared, self.tracker, p_top, world_rng), rules)
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

    def fit_models(self, view: View, rules: Rules) -> None:
        """Hard's per-opponent call and lie models, as the play-out policy's rates."""
        rules.call_rate = [
            [self.p_call(view, seat, count, False) for count in (1, 2, 3)]
            for seat in range(rules.players)
        ]
        low, high = FILLER_RANGE
        rules.filler_rate = [
            min(high, max(low, self.lie_rate(seat, *TYPICAL_PLAY) - FILLER_BELOW_LIES))
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
        return score(sim, me, self.search_params)
