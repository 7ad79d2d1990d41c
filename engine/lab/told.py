"""How much a level would gain if it knew whether the play it may call is honest.

The Expert decides only between calling and Hard's best play (``SearchParams.plays``), so its
lead over Hard can come only from better calls, and a call is as good as the chance it rests on
(``p_honest``).  This tool measures the ceiling of that lever: it seats the level as shipped and
the same level *told the truth of the top play* (its ``p_honest`` is 1 or 0 for the claim it
may call, at its own decisions; everything else, the rest of its belief included, stays) on
the matrix's own deals, with the same random streams, and prints both rows.  Where the told row
is far above the shipped one, a truer belief about the top play is worth building; where it is
not, the calls are not the lever on that table (docs/bots.md, "What knowing the top play is
worth").

``--told honest`` tells only the honest top plays (the bot keeps its own chance for a bluff) and
``--told lies`` only the bluffs: the two halves split the ceiling into the calls the bot should
not have made and the bluffs it should have called (docs/bots.md, "Which half of the truth").

    python -m engine.lab.told --levels hard,expert --field mixed --games 400 --jobs 2
    python -m engine.lab.told --levels hard --told honest --games 1000 --jobs 2
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

from ..bots.base import Bot, View
from ..bots.expert import ExpertBot
from ..bots.hard import HardBot
from ..cards import rank_of
from ..game import Event
from . import arena

# The latest play of the game, cards and all, as its own events showed it: the truth the told
# bot reads.  Each game is played whole in one process, one move after another, and
# the arena's ``watch`` sees a move's events before the next seat acts.
TOP_PLAY: dict[str, Any] = {}


def remember_top(events: list[Event]) -> None:
    """``play_table``'s watch: keep the latest play with its cards."""
    for event in events:
        if event["type"] == "played":
            TOP_PLAY.clear()
            TOP_PLAY.update(event)


def top_truth(view: View, author: int, count: int, rank: str) -> float | None:
    """1.0 or 0.0 when ``view`` is a decision on the unresolved top play by ``author`` of
    ``count`` cards claimed as ``rank``; None for any other claim the bot rates (its own
    candidates, a claim rated while observing, whose view has no ``legal``)."""
    last = view.get("last_play")
    if "legal" not in view or not last or not last["unresolved"]:
        return None
    claim = (int(last["seat"]), int(last["count"]), str(last["rank"]))
    if claim != (author, count, rank) or not TOP_PLAY:
        return None
    top = (int(TOP_PLAY["seat"]), int(TOP_PLAY["count"]), str(TOP_PLAY["rank"]))
    if top != claim:
        return None
    return 1.0 if all(rank_of(card) == rank for card in TOP_PLAY["cards"]) else 0.0


# What ``--told`` tells: the truths (1.0 honest, 0.0 a bluff) the bot is given.
TELLS: dict[str, frozenset[float]] = {
    "all": frozenset({0.0, 1.0}),
    "honest": frozenset({1.0}),
    "lies": frozenset({0.0}),
}


class ToldHard(HardBot):
    """Hard told the truth of the top play (only those truths in ``tells``)."""

    tells: frozenset[float] = TELLS["all"]

    def p_honest(self, view: View, author: int, count: int, rank: str) -> float:
        truth = top_truth(view, author, count, rank)
        if truth is None or truth not in self.tells:
            return super().p_honest(view, author, count, rank)
        return truth


class ToldExpert(ToldHard, ExpertBot):
    """The Expert told the truth of the top play: Hard's call values inside it and the top
    play of every world it samples.  ``ToldHard.p_honest`` comes first in the order and hands
    every other claim on to the Expert's own."""


TOLD: dict[str, type[ToldHard]] = {"hard": ToldHard, "expert": ToldExpert}


def told_bot(level: str, told: str) -> Callable[[random.Random], Bot]:
    """A maker of ``level``'s told bot that is given the truths ``--told`` names."""
    tells = TELLS[told]

    def make(rng: random.Random) -> Bot:
        bot = TOLD[level](rng)
        bot.tells = tells
        return bot

    return make


def play_watched(table: arena.Table) -> arena.GameResult:
    TOP_PLAY.clear()
    return arena.play_table(table, watch=remember_top)


def win_rate(tables: list[arena.Table], jobs: int) -> str:
    """The candidate's win rate over ``tables`` with its 95 % Wilson interval."""
    results = arena.run_ordered(tables, jobs, play_watched)
    shares = [result.shares[table.tag] for table, result in zip(tables, results, strict=True)]
    return arena.rate_text(sum(shares) / len(shares), arena.wilson(sum(shares), len(shares)))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m engine.lab.told", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--levels", default="hard,expert", help="comma list: hard, expert")
    parser.add_argument("--field", default="mixed")
    parser.add_argument("--tables", default=",".join(arena.MATRIX_TABLES))
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument(
        "--told", default="all", choices=tuple(TELLS), help="the truths told: all, honest, lies"
    )
    args = parser.parse_args(argv)
    field = arena.field_of(args.field)
    print(f"{args.games} games a cell against --field {args.field}, seed {args.seed}")
    print(f"| level | table | as shipped | told the top play ({args.told}) |")
    print("|---|---|---|---|")
    for level in arena.comma_list(args.levels):
        for name in arena.comma_list(args.tables):
            started = time.perf_counter()
            tables = arena.matrix_cell(
                level, field, name, args.games, args.seed, arena.DEFAULT_MOVE_LIMIT
            )
            shipped = win_rate(tables, args.jobs)
            with arena.extra_bots({level: told_bot(level, args.told)}):
                told = win_rate(tables, args.jobs)
            print(f"| {level} | {name} | {shipped} | {told} |", flush=True)
            print(f"({time.perf_counter() - started:.0f} s)", file=sys.stderr, flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
