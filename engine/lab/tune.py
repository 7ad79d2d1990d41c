"""Search a level's parameters over the whole matrix, never one table.

A coordinate search: from the shipped parameters, each step tries every value in
:data:`STEPS` of one parameter at a time, plays the trial against the common mixed field of
strangers on every table of the matrix (the same seeded deals for every trial, so the trials
differ only by the parameters), and keeps a change when it raises the score: the mean over the
tables of win rate / chance.  The log prints every trial, so the choice can be checked.

    python -m engine.lab.tune --level hard --games 120 --rounds 1 --jobs 2
    python -m engine.lab.tune --level expert --games 60 --params window_factor,plays --jobs 2

``--level expert`` searches the Expert's :class:`~engine.bots.expert.SearchParams` (Hard's value
model under it stays as shipped); ``--params`` limits the search to some parameters.

``--fields "mixed;medium"`` scores a trial against each field (the mixed strangers, a table of
Medium bots) and takes the mean: tuned against the strangers alone, Hard padded its bluffs in a
way Medium catches.  ``--floor medium`` rejects a trial that falls below Medium on any table
against the first field, since the level order is a target on every table.

    python -m engine.lab.tune --level hard --params judge_prior --fields "mixed;medium" \
        --floor medium --games 1000 --jobs 2
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..bots.expert import SEARCH_PARAMS, SearchParams
from ..bots.hard import HARD_PARAMS, HARD_PARAMS_BY_PRESET
from ..bots.heuristic import Params
from . import arena, variants
from .strangers import HELDOUT_FIELD

STEPS: dict[str, tuple[Any, ...]] = {
    "temperature": (0.0, 0.05, 0.1, 0.2),
    "beta": (0.2, 0.35, 0.5, 0.7, 1.0),  # 1.0: the quick edition's search ended on 0.7
    "gamma": (0.3, 0.5, 0.8, 1.1),
    "call_base": (0.05, 0.1, 0.2, 0.25, 0.35),  # 0.05: and on 0.1
    "call_per_card": (0.05, 0.12, 0.2, 0.3),
    "honesty": (0.7, 0.85, 0.95),
    "max_filler": (1, 2, 3),
    "open_bonus": (0.5, 1.0, 2.0),
    "duel_open": (0.0, 0.5, 1.0, 2.0, 3.0),  # where our honest play called hands us the round
    "threat": (0.0, 5.0, 10.0, 20.0, 40.0),  # open challenge only (seating.py)
    "own_open": (0.0, 3.0, 8.0, 15.0),
    "judge_prior": (0.0, 0.1, 0.2, 0.3, 0.5, 0.7),  # Hard only (looks.py)
    "table_strength": (0.0, 0.5, 1.0, 2.0, 5.0, 12.0),  # Hard only (hard.lie_rate)
}
EXPERT_STEPS: dict[str, tuple[Any, ...]] = {
    "window_factor": (0.3, 0.6, 1.0),
    "plays": (1, 2, 3, 5),
    "rate_caller_plays": (1, 2, 3, 5),  # where the next seat calls at a rate (expert.py)
    "rate_caller_below": (0.0, 0.2, 0.3, 0.4, 0.5, 0.6),  # 0: never
    "endgame_hand": (0, 3, 5, 8),  # 0: never every play (expert.py)
    "rate_caller_endgame_hand": (5, 8, 10),  # never below endgame_hand
    "endgame_opponent_hand": (0, 2, 3, 4),  # 0: never
    "prior_weight": (0.0, 0.03, 0.07, 0.15, 0.3, 0.6),
    # On the tables of their shape only: --tables classic-5p-52-asc, --tables draw-3p.
    "ascending_prior_weight": (0.0, 0.03, 0.06, 0.1, 0.15),
    "draw_prior_weight": (0.0, 0.03, 0.06, 0.1, 0.15),
    "depth": (10, 20, 40),
    "a": (0.2, 0.35, 0.5),
    "worlds": (60, 90, 150, 300),  # around the shipped 150 (docs/bots.md, "More worlds")
}
TRIAL = "trial"
Trial = Params | SearchParams


def register(level: str, params: Trial) -> None:
    """Seat ``params`` as the arena level :data:`TRIAL` (worker processes inherit it: fork).

    A Hard trial is one set for every preset; an Expert trial is its search parameters over
    the shipped Hard sets (``variants.bot_factory``, which the arena's ``--set`` uses too)."""
    if isinstance(params, SearchParams):
        arena.EXTRA_BOTS[TRIAL] = variants.bot_factory("expert", search=params)
    else:
        arena.EXTRA_BOTS[TRIAL] = variants.bot_factory(level, params)


def score(rows: list[dict[str, Any]]) -> float:
    return float(sum(row["win_rate"] / row["chance"] for row in rows) / len(rows))


def rates_of(rows: list[dict[str, Any]]) -> str:
    """The win rates by table, in the matrix's order, for the log."""
    return " ".join(f"{row['win_rate'] * 100:.1f}" for row in rows)


@dataclass(frozen=True)
class Plan:
    """What every trial plays: the same seeded deals, so trials differ by their parameters."""

    games: int
    seed: int
    jobs: int
    tables: tuple[str, ...] = tuple(arena.MATRIX_TABLES)
    fields: tuple[str, ...] = ("mixed",)  # ``--field`` specs; the score is their mean
    floor: dict[str, float] = dataclasses.field(default_factory=dict)  # table -> win rate

    def rows(self, level: str, field: str) -> list[dict[str, Any]]:
        field_levels = arena.field_of(field)
        cells = arena.matrix_cells(
            [level],
            field_levels,
            list(self.tables),
            {level: self.games},
            self.seed,
            arena.DEFAULT_MOVE_LIMIT,
        )
        return arena.matrix(cells, field_levels, self.jobs)


def evaluate(level: str, params: Trial, plan: Plan) -> float | None:
    """The trial's score, or None when it falls below the plan's floor on a table (against
    the first field)."""
    register(level, params)
    scores = []
    below = []
    for field in plan.fields:
        rows = plan.rows(TRIAL, field)
        print(f"    {field}: win % by table: {rates_of(rows)}", flush=True)
        scores.append(score(rows))
        if field == plan.fields[0]:
            below = [
                row["table"] for row in rows if row["win_rate"] < plan.floor.get(row["table"], 0)
            ]
    if below:
        print(f"    below the floor on {', '.join(below)}", flush=True)
        return None
    return sum(scores) / len(scores)


def start_of(level: str, tables: Sequence[str] = ()) -> Trial:
    """The shipped parameters the search starts from: Hard's set for the preset of
    ``tables`` when they share one (the classic set otherwise; a trial plays every preset)."""
    if level == "expert":
        return SEARCH_PARAMS
    if level != "hard":
        return Params()
    presets = {arena.MATRIX_TABLES[table][0] for table in tables}
    return HARD_PARAMS_BY_PRESET[presets.pop()] if len(presets) == 1 else HARD_PARAMS


def search(level: str, plan: Plan, rounds: int, names: Sequence[str] = ()) -> Trial:
    best = start_of(level, plan.tables)
    steps = EXPERT_STEPS if level == "expert" else STEPS
    best_score = evaluate(level, best, plan)
    print(f"start {best} -> {best_score}", flush=True)
    for _ in range(rounds):
        for name, values in steps.items():
            if (names and name not in names) or not moves(best, name):
                continue
            for value in values:
                if getattr(best, name) == value:
                    continue
                trial = dataclasses.replace(best, **{name: value})
                result = evaluate(level, trial, plan)
                print(f"  {name}={value} -> {result}", flush=True)
                if result is not None and (best_score is None or result > best_score):
                    best, best_score = trial, result
            print(f"after {name}: {best} -> {best_score}", flush=True)
    return best


def moves(trial: Trial, name: str) -> bool:
    """Whether the parameter changes the trial's play: Hard's honesty by claim size (fitted by
    ``engine.lab.calibrate``, not searched here) leaves its single ``honesty`` unused."""
    return not (name == "honesty" and isinstance(trial, Params) and trial.honesty_by_size)


def floor_of(level: str, plan: Plan) -> dict[str, float]:
    """``level``'s win rate by table against the plan's first field: a trial must not fall
    below it (Easy < Medium < Hard is a target on every table)."""
    rows = plan.rows(level, plan.fields[0])
    print(f"floor: {level} {rates_of(rows)}", flush=True)
    return {row["table"]: row["win_rate"] for row in rows}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m engine.lab.tune", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--level", default="hard", choices=("hard", "medium", "expert"))
    parser.add_argument("--games", type=int, default=120, help="games a table a trial")
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--params", default="", help="comma list: search only these")
    parser.add_argument(
        "--tables",
        default="",
        help="comma list of matrix tables (default: all); only for parameters that no other "
        "table uses (threat and own_open act under open challenge only)",
    )
    parser.add_argument(
        "--fields",
        default="mixed",
        help="semicolon list of fields (each as arena --field); the score is the mean over them",
    )
    parser.add_argument(
        "--floor",
        default="",
        help="a level a trial must not fall below on any table, against the first field",
    )
    args = parser.parse_args(argv)
    started = time.perf_counter()
    names = [name for name in args.params.split(",") if name]
    tables = tuple(name for name in args.tables.split(",") if name) or tuple(arena.MATRIX_TABLES)
    fields = tuple(field for field in args.fields.split(";") if field)
    if any(set(arena.field_of(field)) & set(HELDOUT_FIELD) for field in fields):
        parser.error("the held-out strangers measure a tuned bot; no trial may be tuned on them")
    plan = Plan(args.games, args.seed, args.jobs, tables, fields)
    if args.floor:
        plan = dataclasses.replace(plan, floor=floor_of(args.floor, plan))
    best = search(args.level, plan, args.rounds, names)
    print(f"best: {best}")
    print(f"({time.perf_counter() - started:.0f} s)", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
