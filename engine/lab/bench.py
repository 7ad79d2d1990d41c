"""Engine speed: random-policy full games per second, the mean time of one ``apply``, and the
time of a save and a load as the action log grows.

``python -m engine.lab.bench`` plays 4-player classic and quick games side by side in one run (the
machines are shared and noisy, so compare figures of one run) and prints one line per preset.
Time spent choosing actions and building views is excluded from the ``apply`` figure but
included in games per second, as a bot or the UI would spend it.  Then it times ``to_json`` and
``from_json`` (which replays every action) of a 6-player match saved after 500, 2,000 and 5,000
actions.
"""

from __future__ import annotations

import argparse
import random
import statistics
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


def measure_save(actions: int, repeats: int = 5) -> dict[str, float]:
    """Median milliseconds of ``to_json`` and ``from_json`` of a game ``actions`` actions long."""
    config = {"preset": "classic", "players": 6, "seed": 3, "options": {"ending": "match"}}
    options = {"ending": "match", "hands": 50, "open_challenge": True}
    game = Game.new({**config, "options": options})
    rng = random.Random(3)
    while len(game.actions) < actions:
        seat = game.to_move
        assert seat is not None, "the match ended before the log was long enough"
        game.apply(seat, random_action(game.view(seat), rng))
    saves, loads = [], []
    for _ in range(repeats):
        started = time.perf_counter()
        data = game.to_json()
        saves.append(time.perf_counter() - started)
        started = time.perf_counter()
        Game.from_json(data)
        loads.append(time.perf_counter() - started)
    return {
        "to_json_ms": statistics.median(saves) * 1e3,
        "from_json_ms": statistics.median(loads) * 1e3,
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
    print(f"{'actions':>8} {'to_json ms':>11} {'from_json ms':>13}")
    for actions in (500, 2000, 5000):
        save = measure_save(actions)
        print(f"{actions:8} {save['to_json_ms']:11.2f} {save['from_json_ms']:13.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
