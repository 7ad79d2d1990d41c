"""How long the worker's coach() takes under CPython (docs/web.md, "Coach").

Plays whole games through the worker's own exports (tools/worker_module.py), the human taking a
random legal action after asking the coach before every decision, and reports the coach's times:
the Expert's choice plus the replay of the game that rebuilds what the human saw. In the page,
Pyodide runs the Expert about 2.2 times slower (docs/bots.md).

    .venv/bin/python tools/bench_coach.py --games 5 --players 4 --level medium
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.policies import random_action
from tools.worker_module import load_worker, module_call


def coach_times(games: int, players: int, level: str) -> list[float]:
    """Milliseconds of every coach() call over ``games`` seeded games."""
    times: list[float] = []
    for seed in range(games):
        call = module_call(load_worker())
        seats = [{"name": "", "level": "human"}] + [{"name": "", "level": level}] * (players - 1)
        config = {"preset": "classic", "players": players, "seed": seed}
        answer = call("new_game", {"config": config, "human": 0, "seats": seats})
        rng = random.Random(seed)
        while not answer["view"]["over"]:
            if answer["bot_to_move"]:
                answer = call("bot_step", None)
                continue
            start = time.perf_counter()
            call("coach", None)
            times.append((time.perf_counter() - start) * 1000)
            answer = call("act", random_action(answer["view"], rng))
    return sorted(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--games", type=int, default=5)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--level", default="medium")
    args = parser.parse_args()
    times = coach_times(args.games, args.players, args.level)
    p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
    print(
        f"coach() x{len(times)}: median {statistics.median(times):.0f} ms, "
        f"p95 {p95:.0f} ms, max {times[-1]:.0f} ms"
    )


if __name__ == "__main__":
    main()
