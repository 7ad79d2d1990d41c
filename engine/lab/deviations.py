"""What the Expert's search is worth where it overrules Hard: counterfactual play-outs.

The Expert searches between the calls and Hard's best plays and may pick another action than
Hard's one-move values pick on the same belief (its honesties by kind, its doubt of repeats).
This tool plays the Expert's matrix cell and, at every decision where the two differ, finishes
the game from the true state both ways: the Expert's choice and Hard's, ``--playouts`` times
each, every seat (the real strangers or levels, not the search's cheap policy) reseeded per
play-out and the same seeds for both choices, the candidate's seat going on as Hard on the
Expert's belief.  The mean difference of the candidate's win is the worth of that one deviation.

Summed over the cell's games and divided by them, it is the search's share of the Expert's win
rate against Hard on its own belief, by kind of deviation (the Expert challenges where Hard
plays, ...): where the sum is about zero the Expert's lead over Hard on that table comes from its
belief, not its search (docs/bots.md, "What the search adds where it overrules Hard").

    python -m engine.lab.deviations --tables classic-5p-52-asc --games 400 --jobs 2
"""

from __future__ import annotations

import argparse
import copy
import math
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass

from ..bots.base import Action, BaseBot, Bot, View
from ..bots.expert import ExpertBot
from ..bots.hard import HardBot
from ..game import Game
from . import arena


class HardOnBelief(ExpertBot):
    """Hard's one-move choice on the Expert's belief: the Expert without its search."""

    def decide(self, view: View) -> Action:
        return HardBot.decide(self, view)


@dataclass(frozen=True)
class Deviation:
    """One decision where the Expert and Hard on its belief chose differently."""

    expert: str  # the Expert's kind of action: challenge, believe, pass or play
    hard: str
    expert_win: float  # the candidate's mean win over the play-outs after the Expert's choice
    hard_win: float


def finish(game: Game, bots: list[Bot], me: int) -> float:
    """Play the game out; the candidate's share of the win."""
    while not game.is_over:
        seat = game.to_move
        assert seat is not None
        arena.apply_shown(game, bots, seat, bots[seat].act(game.view(seat)))
    return arena.win_shares(game)[me]


def counterfactual(  # noqa: PLR0917 - one decision's state, the choice and the play-out number
    game: Game, bots: list[Bot], me: int, view: View, choice: Action, playout: int
) -> float:
    """The candidate's win when it plays ``choice`` now and Hard on its belief after, every
    seat's random numbers seeded by ``playout``.  Works on copies: the real game and seats
    are untouched."""
    game, bots = copy.deepcopy((game, bots))
    bots[me].__class__ = HardOnBelief
    bots[me].act(view)  # the seat's own bookkeeping of a decision (its tracker, its memory)
    for seat, bot in enumerate(bots):
        assert isinstance(bot, BaseBot), bot  # every level and stranger draws from its rng
        bot.rng.seed(f"deviation:{playout}:{seat}")
    arena.apply_shown(game, bots, me, choice)
    return finish(game, bots, me)


def deviations_of_game(job: tuple[arena.Table, int]) -> list[Deviation]:
    """Play one of the Expert's arena games; weigh each decision where it overrules Hard,
    ``playouts`` times each way."""
    table, playouts = job
    game, bots = arena.seated(table)
    me = table.tag
    found = []
    while not game.is_over:
        seat = game.to_move
        assert seat is not None
        view = game.view(seat)
        if seat != me:
            action = bots[seat].act(view)
        else:
            mine = copy.deepcopy(bots[me])  # the seat before it decides: no other changes
            hard = copy.deepcopy(mine)
            hard.__class__ = HardOnBelief
            hards = hard.act(view)
            action = bots[me].act(view)
            if action != hards:
                before = [mine if other == me else bot for other, bot in enumerate(bots)]
                wins = [
                    sum(counterfactual(game, before, me, view, choice, n) for n in range(playouts))
                    / playouts
                    for choice in (action, hards)
                ]
                found.append(Deviation(str(action["type"]), str(hards["type"]), *wins))
        arena.apply_shown(game, bots, seat, action)
    return found


def report(found: Sequence[Deviation], games: int) -> list[str]:
    """Markdown rows: by kind of deviation, how many, and their worth in points of win rate
    (the summed differences over the cell's games) with its standard error."""
    groups: dict[tuple[str, str], list[float]] = {}
    for item in found:
        diff = item.expert_win - item.hard_win
        groups.setdefault(("all", "all"), []).append(diff)
        groups.setdefault((item.expert, item.hard), []).append(diff)
    rows = []
    for (expert, hard), diffs in sorted(groups.items(), key=lambda kv: -len(kv[1])):
        n = len(diffs)
        mean = sum(diffs) / n
        spread = math.sqrt(sum((d - mean) ** 2 for d in diffs) / max(n - 1, 1))
        points = 100 * sum(diffs) / games
        error = 100 * spread * math.sqrt(n) / games
        rows.append(f"| {expert} | {hard} | {n} | {points:+.2f} ± {error:.2f} |")
    return rows


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m engine.lab.deviations", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--field", default="mixed")
    parser.add_argument("--tables", default="classic-5p-52-asc")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--playouts", type=int, default=16, help="play-outs per choice")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    field = arena.field_of(args.field)
    for name in arena.comma_list(args.tables):
        started = time.perf_counter()
        cell = arena.matrix_cell(
            "expert", field, name, args.games, args.seed, arena.DEFAULT_MOVE_LIMIT
        )
        work = [(table, args.playouts) for table in cell]
        found = [
            item for game in arena.run_each(deviations_of_game, work, args.jobs) for item in game
        ]
        print(f"{name}: {len(cell)} games against --field {args.field}, seed {args.seed}")
        print("| Expert | Hard on its belief | decisions | worth, points of win rate |")
        print("|---|---|---|---|")
        print("\n".join(report(found, len(cell))), flush=True)
        print(f"({time.perf_counter() - started:.0f} s)", file=sys.stderr, flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
