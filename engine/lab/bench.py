"""Engine speed: random-policy full games per second and the mean time of one ``apply``.

``python -m engine.lab.bench`` plays 4-player classic and quick games side by side in one run (the
machines are shared and noisy, so compare figures of one run) and prints one line per preset.
Time spent choosing actions and building views is excluded from the ``apply`` figure but
included in games per second, as a bot or the UI would spend it.
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from ..game import Game
from ..policies import random_action


def measure(preset: str, games: int) -> dict[str, float]:
    rng = random.Random(1)
    apply_time = 0.0
    applies = 0
    started = time.perf_counter()
    for seed in range(games):
        game = Game.new({"preset": preset, "players": 4, "seed": seed})
        while not game.is_over:
            seat = game.to_move
            assert seat is not None
            action = random_action(game.view(seat), rng)
            before = time.perf_counter()
            game.apply(seat, action)
            apply_time += time.perf_counter() - before
            applies += 1
    elapsed = time.perf_counter() - started
    return {
        "games_per_second": games / elapsed,
        "apply_us": apply_time / applies * 1e6,
        "moves_per_game": applies / games,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000)
    args = parser.parse_args(argv)
    print(f"{'preset':8} {'games/s':>9} {'apply µs':>9} {'moves/game':>11}  ({args.games} games)")
    for preset in ("classic", "quick"):
        figures = measure(preset, args.games)
        print(
            f"{preset:8} {figures['games_per_second']:9.1f} {figures['apply_us']:9.1f}"
            f" {figures['moves_per_game']:11.1f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
