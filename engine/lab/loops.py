"""Bots-only loop check: do games of bots alone always make progress?

Each configuration is drawn from its seed like ``engine.lab.simulate`` does (every preset and
option, 2-6 seats) and played with every seat at ``--level``, under a per-hand move limit just
above ``--cap`` (1,000 moves by default) instead of the configuration's own limit, so a hand that
would spin forever shows up as a hand that passed the cap.  The report counts those hands and
lists their configurations (each replays exactly: the seed decides the deal and the bots).

    python -m engine.lab.loops --configs 10000 --level medium --jobs 2

``--level easy,medium,hard`` seats a level drawn from the list at every seat instead (drawn from
the seed, so it replays too): the setup screen lets a player pick a level per seat, and once the
person is out such a table plays on bots-only as well.

``--preset quick`` plays only the configurations of that preset among the same seeds: after a
change that only one edition's play sees, the other's games replay unchanged, so its earlier run
still stands for them.  ``--option ascending`` likewise plays only the configurations with that
option on (a change that acts only where the claimed rank ascends); ``--option draw,ascending``
those with both on (a change that acts only where the two meet).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import random
import sys
import time
from collections.abc import Sequence
from typing import Any

from ..bots import make_bot
from ..config import PRESETS
from ..game import Game
from .arena import apply_shown
from .simulate import random_config

DEFAULT_CAP = 1000


def loop_config(seed: int, cap: int = DEFAULT_CAP) -> dict[str, Any]:
    """The random configuration of ``seed`` with its move limit replaced by ``cap`` + 1."""
    config = random_config(random.Random(seed), seed)
    config["options"]["move_limit"] = cap + 1
    return config


def seat_levels(config: dict[str, Any], level: str) -> list[str]:
    """Every seat's level: ``level`` itself, or for a comma-separated list one drawn per seat."""
    players = int(config["players"])
    choices = level.split(",")
    if len(choices) == 1:
        return choices * players
    draw = random.Random(f"loops:{config['seed']}:levels")
    return [draw.choice(choices) for _ in range(players)]


def play_bots(config: dict[str, Any], levels: Sequence[str]) -> list[int]:
    """Play ``config`` with each seat at its level (:func:`seat_levels`); the number of moves of
    each hand."""
    game = Game.new(config)
    bots = [
        make_bot(seat_level, random.Random(f"loops:{config['seed']}:{seat}"))
        for seat, seat_level in enumerate(levels)
    ]
    hands: list[int] = []
    while not game.is_over:
        seat = game.to_move
        assert seat is not None
        moves = game.moves
        events = apply_shown(game, bots, seat, bots[seat].act(game.view(seat)))
        hands += [moves + 1 for event in events if event["type"] == "hand_over"]
    return hands


def check_one(job: tuple[int, str, int]) -> dict[str, Any]:
    seed, level, cap = job
    config = loop_config(seed, cap)
    levels = seat_levels(config, level)
    hands = play_bots(config, levels)
    return {
        "seed": seed,
        "config": config,
        "levels": levels,
        "hands": hands,
        "looped": max(hands) > cap,
    }


def chosen(config: dict[str, Any], preset: str | None, option: str | None) -> bool:
    """Whether ``config`` is of ``preset`` and has every option of the comma list ``option``
    on (None: any)."""
    return (preset is None or config["preset"] == preset) and (
        option is None or all(config["options"].get(name) for name in option.split(","))
    )


def run(  # noqa: PLR0917 - the CLI's arguments, named at the one call site
    configs: int,
    level: str,
    first_seed: int,
    jobs: int,
    cap: int,
    preset: str | None = None,
    option: str | None = None,
) -> dict[str, Any]:
    work = [
        (seed, level, cap)
        for seed in range(first_seed, first_seed + configs)
        if chosen(loop_config(seed, cap), preset, option)
    ]
    for choice in level.split(","):  # make_bot refuses an unknown level now, not minutes later
        make_bot(choice, random.Random(0))
    started = time.perf_counter()
    if jobs > 1:
        with multiprocessing.get_context("fork").Pool(jobs) as pool:
            outcomes = pool.map(check_one, work, chunksize=20)
    else:
        outcomes = [check_one(job) for job in work]
    hands = [moves for outcome in outcomes for moves in outcome["hands"]]
    looped = [outcome for outcome in outcomes if outcome["looped"]]
    ordered = sorted(hands)
    return {
        "level": level,
        "configs": configs,
        "first_seed": first_seed,
        "preset": preset or "any",
        "option": option or "any",
        "played": len(work),
        "hands": len(hands),
        "cap": cap,
        "hands_past_cap": sum(moves > cap for moves in hands),
        "configs_past_cap": [
            {**outcome["config"], "levels": outcome["levels"]} for outcome in looped[:20]
        ],
        "mean_moves": round(sum(hands) / len(hands), 1) if hands else 0,
        "p99_moves": ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))] if hands else 0,
        "max_moves": max(hands, default=0),
        "seconds": round(time.perf_counter() - started, 1),
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m engine.lab.loops", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--configs", type=int, default=1000)
    parser.add_argument(
        "--level", default="medium", help="a level, or a comma-separated list drawn per seat"
    )
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--cap", type=int, default=DEFAULT_CAP)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument(
        "--preset", choices=PRESETS, help="play only this preset's configurations of the seeds"
    )
    parser.add_argument(
        "--option",
        help="play only the configurations with this option on (e.g. ascending), or with every "
        "option of a comma list on (draw,ascending)",
    )
    args = parser.parse_args(argv)
    report = run(
        args.configs, args.level, args.first_seed, args.jobs, args.cap, args.preset, args.option
    )
    print(json.dumps(report, indent=2))
    return 1 if report["hands_past_cap"] else 0


if __name__ == "__main__":
    sys.exit(main())
