"""Where a level wins at a matrix table: its win rate by the stranger seated just before it, and
by where one named stranger sits.

A cell's win rate averages over seatings that decide most of the game on some tables.  Under
open challenge with two decks (``open-6p-2decks``) a pick-up hands the next round to the seat
after the taker, and the ``aggressive`` stranger calls 70 % of plays, so the seat just after it
opens nearly every round and wins most games, whoever sits there (docs/bots.md, "`open-6p-2decks`:
who sits where").  This tool plays a matrix cell's own games (``arena.matrix_cell``: the same
deals and random draws) and splits the candidate's wins by its neighbours, so a target on such a
table can be read against what the seatings allow.

``--told-deal`` seats the Expert *told the true deal*: every world its search plays out is the
real game as it stands (every hand, the pile, the stock), everything else as shipped.  Its row
beside the shipped one is the most that better worlds could give the search there.

    python -m engine.lab.neighbours --level expert --table open-6p-2decks --games 600 --jobs 2
    python -m engine.lab.neighbours --level expert --table open-6p-2decks --games 600 --told-deal
"""

from __future__ import annotations

import argparse
import random
import time
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..bots.belief import Unseen, World
from ..bots.expert import ExpertBot
from ..game import Game
from . import arena

# The game being played, for the told Expert: each game is played whole in one process, so the
# bot's decisions during it read that game's state.
LIVE: list[Game] = []


class DealtExpert(ExpertBot):
    """The Expert whose search plays out the true deal instead of worlds from its belief."""

    def world(self, shared: Unseen, p_top: float, rng: random.Random) -> World:
        game = LIVE[0]
        return World(
            [list(hand) for hand in game.hands],
            [(int(play["seat"]), str(play["rank"]), list(play["cards"])) for play in game.pile],
            list(game.stock),
        )


def play_dealt(table: arena.Table) -> arena.GameResult:
    """:func:`arena.play_table`, with the live game where :class:`DealtExpert` reads it."""
    game, bots = arena.seated(table)
    LIVE[:] = [game]
    return arena.play_seated(table, game, bots)


def neighbour(table: arena.Table, step: int) -> str:
    """Who sits ``step`` seats after the candidate (-1: just before it)."""
    return table.sitting(table.tag, step)


def seats_after(table: arena.Table, name: str) -> int | None:
    """How many seats after the first ``name`` the candidate sits (None: ``name`` is absent)."""
    players = len(table.seats)
    for step in range(1, players):
        if neighbour(table, -step) == name:
            return step
    return None


@dataclass
class Group:
    """The candidate's games in one seating: its wins and who won them."""

    games: int = 0
    wins: float = 0.0
    winners: Counter[int] = field(default_factory=Counter)  # seats after the named stranger

    def add(self, share: float, winner: int | None) -> None:
        self.games += 1
        self.wins += share
        if winner is not None:
            self.winners[winner] += 1

    def rate(self) -> str:
        return arena.rate_text(self.wins / self.games, arena.wilson(self.wins, self.games))


def split(
    tables: Sequence[arena.Table], results: Sequence[arena.GameResult], around: str
) -> tuple[dict[str, Group], dict[int | None, Group]]:
    """The candidate's games grouped by the stranger just before it, and by how many seats after
    ``around`` it sits; the second groups also count where the winner sat from ``around``."""
    before: dict[str, Group] = {}
    after: dict[int | None, Group] = {}
    for table, result in zip(tables, results, strict=True):
        share = result.shares[table.tag]
        before.setdefault(neighbour(table, -1), Group()).add(share, None)
        step = seats_after(table, around)
        winner = None
        if step is not None:
            players = len(table.seats)
            named = (table.tag - step) % players
            winner = (result.places.index(1) - named) % players
        after.setdefault(step, Group()).add(share, winner)
    return before, after


def print_split(
    before: dict[str, Group], after: dict[int | None, Group], around: str, players: int
) -> None:
    print("| just before it | games | win % [95 %] |")
    print("|---|---|---|")
    for name, group in sorted(before.items()):
        print(f"| `{name}` | {group.games} | {group.rate()} |")
    print()
    steps = " / ".join(f"+{step}" for step in range(1, players))
    print(
        f"| it sits after `{around}` | games | win % [95 %] "
        f"| games won by `{around}` / the seat {steps} after it |"
    )
    print("|---|---|---|---|")
    for step in sorted(after, key=lambda s: players if s is None else s):
        group = after[step]
        where = "absent" if step is None else f"{step} seat{'s' if step > 1 else ''}"
        won = " / ".join(str(group.winners[s]) for s in range(players)) if step else ""
        print(f"| {where} | {group.games} | {group.rate()} | {won} |")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m engine.lab.neighbours", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--level", default="expert")
    parser.add_argument("--field", default="mixed")
    parser.add_argument("--table", default="open-6p-2decks", choices=tuple(arena.MATRIX_TABLES))
    parser.add_argument("--games", type=int, default=600)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument(
        "--around", default="aggressive", help="the stranger whose seat to split by"
    )
    parser.add_argument(
        "--told-deal", action="store_true", help="the Expert's worlds are the true deal"
    )
    args = parser.parse_args(argv)
    if args.told_deal and args.level != "expert":
        parser.error("--told-deal tells the Expert's search; --level must be expert")
    field_levels = arena.field_of(args.field)
    tables = arena.matrix_cell(
        args.level, field_levels, args.table, args.games, args.seed, arena.DEFAULT_MOVE_LIMIT
    )
    started = time.perf_counter()
    if args.told_deal:
        with arena.extra_bots({"expert": DealtExpert}):
            results = arena.run_ordered(tables, args.jobs, play_dealt)
    else:
        results = arena.run_ordered(tables, args.jobs)
    wins = sum(result.shares[table.tag] for table, result in zip(tables, results, strict=True))
    told = ", told the true deal" if args.told_deal else ""
    print(
        f"{args.level}{told} on {args.table}, {len(tables)} games against --field {args.field}, "
        f"seed {args.seed}: {arena.rate_text(wins / len(tables), arena.wilson(wins, len(tables)))}"
        f" ({time.perf_counter() - started:.0f} s)"
    )
    print()
    players = arena.MATRIX_TABLES[args.table][1]
    print_split(*split(tables, results, args.around), args.around, players)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
