"""How long a first game ("Play now": classic, one 36-card deck, one hand, the player and three
Easy bots) lasts, in moves and in the player's decisions, played out in CPython with an Easy bot
in the player's seat as a stand-in for a newcomer. docs/web.md ("The first screen") quotes it.

    .venv/bin/python tools/first_game_length.py --games 300
"""

from __future__ import annotations

import argparse
import random
import statistics

from engine import Game, visible_events
from engine.bots import make_bot

PLAYERS = 4
OPTIONS = {"deck": 36, "decks": 1, "ending": "single"}
CONFIG = {"preset": "classic", "players": PLAYERS, "options": OPTIONS}


def one_game(seed: int) -> tuple[int, int]:
    """(all moves, the player's moves) of one seeded first game."""
    game = Game.new({**CONFIG, "seed": seed})
    bots = [make_bot("easy", random.Random(f"first:{seed}:{seat}")) for seat in range(PLAYERS)]
    moves = mine = 0
    while not game.is_over:
        seat = game.to_move
        events = game.apply(seat, bots[seat].act(game.view(seat)))
        moves += 1
        mine += seat == 0
        for other, bot in enumerate(bots):
            bot.observe(visible_events(events, other))
    return moves, mine


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=300)
    games = [one_game(seed) for seed in range(1, parser.parse_args().games + 1)]
    for name, values in (("moves", [g[0] for g in games]), ("the player's", [g[1] for g in games])):
        p90 = statistics.quantiles(values, n=10)[-1]
        print(f"{name}: median {statistics.median(values):g}, 90th percentile {p90:g}")


if __name__ == "__main__":
    main()
