"""Random-policy games across every preset, option and seat count: do they all end, soundly?

``python -m engine.lab.simulate --games 100000`` is the release check; CI runs a few thousand
through the test suite.  Each game's configuration is drawn from the seed, every action comes from
:func:`engine.policies.random_action`, and the card-conservation invariant is checked at the end
of every game (after every action with ``--strict``).  A game that raises or passes ``--max-moves``
is reported with its configuration, which replays it exactly.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from ..game import Game
from ..policies import play_random
from .integrity import check_integrity

MAX_MOVES = 20_000  # far beyond any game seen; reaching it means a game that does not end


def random_config(rng: random.Random, seed: int) -> dict[str, Any]:
    """A valid configuration with every option drawn at random."""
    if rng.random() < 0.3:
        options: dict[str, Any] = {"ascending": rng.random() < 0.5}
        if rng.random() < 0.2:
            options["move_limit"] = rng.choice([50, 300])
        return {"preset": "quick", "players": rng.randint(3, 6), "seed": seed, "options": options}
    players = rng.randint(2, 6)
    options = {
        "deck": rng.choice([36, 52]),
        "decks": rng.choice([1, 2, None]),
        "no_aces": rng.random() < 0.3,
        "ascending": rng.random() < 0.3,
        "open_challenge": rng.random() < 0.3,
        "keep_rank_after_failed_challenge": rng.random() < 0.2,
        "ending": rng.choice(["single", "single", "last_loser", "match"]),
    }
    options["draw"] = rng.random() < 0.3 and 5 * players <= options["deck"] * (
        options["decks"] or 1
    )
    if options["ending"] == "match":
        options["hands"] = rng.randint(1, 3)
    if rng.random() < 0.2:
        options["move_limit"] = rng.choice([30, 300])
    return {"preset": "classic", "players": players, "seed": seed, "options": options}


def play_one(seed: int, strict: bool = False) -> dict[str, Any]:
    """Play one random game; return its outcome or the failure that stopped it."""
    rng = random.Random(seed)
    config = random_config(rng, seed)
    game = Game.new(config)
    try:
        moves = play_random(game, rng, MAX_MOVES, check_integrity if strict else None)
        if not game.is_over:
            return {"seed": seed, "config": config, "failure": "did not end"}
        check_integrity(game)
    except Exception as error:  # a release check reports every failure, whatever it is
        return {"seed": seed, "config": config, "failure": repr(error)}
    assert game.result is not None
    return {
        "seed": seed,
        "moves": moves,
        "reason": game.result["reason"],
        "preset": config["preset"],
    }


def run(games: int, first_seed: int = 0, workers: int = 1, strict: bool = False) -> dict[str, Any]:
    seeds = range(first_seed, first_seed + games)
    started = time.perf_counter()
    if workers > 1:
        with ProcessPoolExecutor(workers) as pool:
            outcomes = list(pool.map(play_one, seeds, [strict] * games, chunksize=200))
    else:
        outcomes = [play_one(seed, strict) for seed in seeds]
    failures = [o for o in outcomes if "failure" in o]
    finished = [o for o in outcomes if "failure" not in o]
    moves = [o["moves"] for o in finished]
    return {
        "games": games,
        "ended": len(finished),
        "failures": failures[:20],
        "failure_count": len(failures),
        "reasons": dict(Counter(o["reason"] for o in finished)),
        "presets": dict(Counter(o["preset"] for o in finished)),
        "mean_moves": round(sum(moves) / len(moves), 1) if moves else 0,
        "max_moves": max(moves, default=0),
        "seconds": round(time.perf_counter() - started, 1),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--strict", action="store_true", help="check integrity after every action")
    args = parser.parse_args(argv)
    report = run(args.games, args.first_seed, args.workers, args.strict)
    print(json.dumps(report, indent=2))
    return 1 if report["failure_count"] else 0


if __name__ == "__main__":
    sys.exit(main())
