"""How long replay links are: bot games of each preset and table size, their link lengths.

``python -m engine.lab.replay_sizes --games 200`` plays that many games per row (bots of one
level at every seat, seeds 0…games-1), writes each finished game's replay link with a table of
names and levels as the page does, and prints the distribution of the link's length in
characters (the text after ``#replay=``) with the actions per game.  The figures are in
docs/embedding.md ("Replays").
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from ..game import Game
from ..replay import link
from .arena import apply_shown, percentile, seat_bot

ROWS = (("classic", 4), ("quick", 4), ("classic", 2), ("classic", 6), ("quick", 6))


def bot_game(preset: str, players: int, seed: int, level: str) -> Game:
    """One game of bots of ``level`` at every seat, played to its end."""
    game = Game.new({"preset": preset, "players": players, "seed": seed})
    bots = [seat_bot(level, random.Random(f"sizes:{seed}:{seat}")) for seat in range(players)]
    while not game.is_over:
        seat = game.to_move
        assert seat is not None
        apply_shown(game, bots, seat, bots[seat].act(game.view(seat)))
    return game


def table_of(players: int) -> dict[str, object]:
    """The page's table: the human at seat 0 unnamed, bots with their default names."""
    seats = [{"name": "", "level": "human" if seat == 0 else "medium"} for seat in range(players)]
    return {"human": 0, "seats": seats}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--level", default="medium")
    args = parser.parse_args(argv)
    print(f"{args.games} games per row, {args.level} bots; link length in characters")
    print("preset   players  median   p90   p99   max  actions(median)  s")
    for preset, players in ROWS:
        started = time.perf_counter()
        sizes, actions = [], []
        for seed in range(args.games):
            game = bot_game(preset, players, seed, args.level)
            sizes.append(float(len(link(game, table_of(players)))))
            actions.append(len(game.actions))
        print(
            f"{preset:8} {players:7}  {statistics.median(sizes):6.0f} "
            f"{percentile(sizes, 0.9):5.0f} {percentile(sizes, 0.99):5.0f} {max(sizes):5.0f}"
            f"  {statistics.median(actions):15.0f}  {time.perf_counter() - started:.0f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
