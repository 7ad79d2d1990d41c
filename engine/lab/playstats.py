"""How each seat plays on the matrix's games: bluffs, challenges, cards taken, wins.

A win rate says how much a level wins, not where it wins or loses it.  This plays the games of
the arena's matrix cells (``arena.matrix_cell``, seated through ``arena.seated``: the same
deals and the same random draws, so the candidate's win rate here is the matrix's) and counts,
from every move's events whole, for the candidate's seat and for the field's seats pooled:

* plays a game, and the share that are bluffs: a play with any card not of the claimed rank.
  The engine's ``played`` event carries every card, so the truth of every play is known, called
  or not;
* bluff cards per bluff, the share of bluffs caught (challenged and shown to be a lie) and the
  share of honest plays challenged;
* challenges a game (from any seat of an open-challenge window; a "believe" is no challenge),
  the share of them right (the play was a bluff), cards taken from the pile a game, and wins.

    python -m engine.lab.playstats --level hard --field medium --table classic-5p-52-asc \\
        --games 400 --jobs 2
    python -m engine.lab.playstats --level hard,expert --field medium --expert-games 100 \\
        --table classic-5p-52-asc --set hard.max_filler=2
    python -m engine.lab.playstats --level expert --field heldout --table quick-6p \\
        --games 600 --by-seat

``--by-seat`` gives a row for each seat name and the name of the seat after it (which answers
its plays) instead of the candidate and the field pooled: who wins where it sits.

``--set LEVEL.PARAM=VALUE`` seats a variant under the level's own name, as the arena does
(``engine.lab.variants``), so its rows are paired with the shipped level's.

The JSON's counts ``believed_honest``, ``believed_bluffs`` and ``firsts`` give the cuts an
earlier driver made (a "believe" counted as a call, a tie at the top as a whole win).
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..cards import rank_of
from ..game import Event
from . import arena, variants

COLUMNS = (
    "plays",
    "bluffs",
    "bluff cards per bluff",
    "bluffs caught",
    "honest plays called",
    "challenges",
    "right",
    "cards taken",
    "win",
)


@dataclass
class Counts:
    """What one seat did (or several seats pooled) over ``seat_games`` seat-games."""

    seat_games: int = 0
    plays: int = 0
    bluffs: int = 0
    bluff_cards: int = 0  # the cards not of the claimed rank, in bluffs
    padded: int = 0  # bluffs with a card of the claimed rank too (filler on a true claim)
    caught: int = 0  # own bluffs challenged
    honest: int = 0  # own honest plays
    called: int = 0  # own honest plays challenged
    challenges: int = 0
    right: int = 0  # challenges that caught a bluff
    taken: int = 0  # cards picked up from the pile
    wins: float = 0.0  # ties at the top split one win (as in the arena)
    move_limit: int = 0  # games that ended at the move limit
    # Not in the table, for other cuts of the same games: own plays a "believe" revealed
    # (honest ones are discarded, a believed bluff hands the believer the pile), and games at
    # place 1 with a tie counted whole.
    believed_honest: int = 0
    believed_bluffs: int = 0
    firsts: int = 0

    def add(self, other: Counts) -> None:
        for item in dataclasses.fields(self):
            setattr(self, item.name, getattr(self, item.name) + getattr(other, item.name))

    def row(self) -> dict[str, float | None]:
        """Per seat-game counts and shares; None where a share has nothing to divide."""

        def share(part: float, whole: float) -> float | None:
            return part / whole if whole else None

        return {
            "plays": share(self.plays, self.seat_games),
            "bluffs": share(self.bluffs, self.plays),
            "bluff cards per bluff": share(self.bluff_cards, self.bluffs),
            "bluffs caught": share(self.caught, self.bluffs),
            "honest plays called": share(self.called, self.honest),
            "challenges": share(self.challenges, self.seat_games),
            "right": share(self.right, self.challenges),
            "cards taken": share(self.taken, self.seat_games),
            "win": share(self.wins, self.seat_games),
        }


class Watcher:
    """Counts one game's events, every seat's (``arena.play_table``'s ``watch``)."""

    def __init__(self, players: int) -> None:
        self.counts = [Counts(seat_games=1) for _ in range(players)]
        # the seat whose call the next reveal answers, and whether it challenged
        self.caller: tuple[int, bool] | None = None

    def see(self, events: list[Event]) -> None:
        for event in events:
            kind = event["type"]
            if kind == "played":
                self.played(int(event["seat"]), str(event["rank"]), list(event["cards"]))
            elif kind in ("challenged", "believed"):
                # a "believe" reveals the play too (the quick edition's last-cards call has
                # one): it is no challenge
                self.caller = (int(event["seat"]), kind == "challenged")
                if kind == "challenged":
                    self.counts[int(event["seat"])].challenges += 1
            elif kind == "revealed" and self.caller is not None:
                self.revealed(int(event["seat"]), bool(event["honest"]), *self.caller)
                self.caller = None
            elif kind == "took_pile":
                self.counts[int(event["seat"])].taken += int(event["count"])

    def revealed(self, seat: int, honest: bool, caller: int, challenged: bool) -> None:
        """``seat``'s top play shown (the engine's own verdict), after ``caller``'s call."""
        author = self.counts[seat]
        if not challenged:
            author.believed_honest += honest
            author.believed_bluffs += not honest
        elif honest:
            author.called += 1
        else:
            author.caught += 1
            self.counts[caller].right += 1

    def played(self, seat: int, rank: str, cards: list[str]) -> None:
        mine = self.counts[seat]
        off = sum(rank_of(card) != rank for card in cards)
        mine.plays += 1
        if off:
            mine.bluffs += 1
            mine.bluff_cards += off
            mine.padded += off < len(cards)
        else:
            mine.honest += 1


def play_counted(job: tuple[int, arena.Table]) -> tuple[int, list[Counts]]:
    """One arena game, counted: every seat's :class:`Counts` (a pool's work item)."""
    index, table = job
    watcher = Watcher(len(table.seats))
    result = arena.play_table(table, watcher.see)
    for seat, counts in enumerate(watcher.counts):
        counts.wins = result.shares[seat]
        counts.firsts = int(result.places[seat] == 1)
        counts.move_limit = int(result.hit_limit)
    return index, watcher.counts


def label(field: str, level: str) -> str:
    """The field's rows are named by the field, beside the candidate: ``medium beside hard``."""
    return f"{field} beside {level}"


def seating(table: arena.Table, seat: int) -> str:
    """A seat named with the seat after it, whose turn follows and who answers its plays
    (under open challenge the other seats may call first): ``hard before suspicious``."""
    return f"{table.seats[seat]} before {table.sitting(seat, 1)}"


def playstats(
    cells: list[tuple[str, str, list[arena.Table]]], field: str, jobs: int, by_seat: bool = False
) -> list[dict[str, Any]]:
    """The cells of ``arena.matrix_cells``, counted: two rows a cell, the level's seat and the
    field's seats pooled (``field`` names them: the arena ``--field`` spec).

    ``by_seat``: a row for each seat name and the name of the seat after it instead, the most
    won first.  The seat before a heavy caller can win most of its games whoever sits there
    (``suspicious`` on ``quick-6p``: docs/bots.md, "The held-out field"), and these rows show it."""
    cell_of = [number for number, (_, _, cell) in enumerate(cells) for _ in cell]
    work = list(enumerate(table for _, _, cell in cells for table in cell))
    groups: list[dict[str, Counts]] = [
        {} if by_seat else {level: Counts(), label(field, level): Counts()} for level, _, _ in cells
    ]
    limit = [0] * len(cells)
    for index, counts_by_seat in arena.run_each(play_counted, work, jobs):
        number, table = cell_of[index], work[index][1]
        limit[number] += counts_by_seat[table.tag].move_limit
        for seat, counts in enumerate(counts_by_seat):
            if by_seat:
                who = seating(table, seat)
            else:
                who = cells[number][0] if seat == table.tag else label(field, cells[number][0])
            groups[number].setdefault(who, Counts()).add(counts)
    rows = []
    for number, (level, name, cell) in enumerate(cells):
        pooled = list(groups[number].items())
        if by_seat:
            pooled.sort(key=lambda item: (-item[1].wins / item[1].seat_games, item[0]))
        for who, counts in pooled:
            rows.append(
                {
                    "table": name,
                    "level": level,
                    "who": who,
                    "games": len(cell),
                    "move_limit_games": limit[number],
                    **counts.row(),
                    "counts": dataclasses.asdict(counts),
                }
            )
    return rows


def cell_text(column: str, value: float | None) -> str:
    if value is None:
        return "-"
    if column in ("plays", "cards taken"):
        return f"{value:.1f}"
    if column in ("bluff cards per bluff", "challenges"):
        return f"{value:.2f}"
    return f"{100 * value:.1f} %"


def print_playstats(rows: list[dict[str, Any]], field: str, seed: int, move_limit: int) -> None:
    """One markdown table a matrix table, a row for each level and one for its field."""
    for name in dict.fromkeys(row["table"] for row in rows):
        players = arena.MATRIX_TABLES[name][1]
        mine = [row for row in rows if row["table"] == name]
        games = ", ".join(
            dict.fromkeys(
                f"{row['level']} {row['games']} ({row['move_limit_games']} at the move limit)"
                for row in mine
            )
        )
        print(
            f"`{name}` against {players - 1}x {field} (seed {seed}, move limit {move_limit}); "
            f"games: {games}"
        )
        print()
        print(f"| per game or share | {' | '.join(COLUMNS)} |")
        print("|---|" + "---|" * len(COLUMNS))
        for row in mine:
            cells = " | ".join(cell_text(column, row[column]) for column in COLUMNS)
            print(f"| {row['who']} ({row['counts']['seat_games']} seat-games) | {cells} |")
        print()
    print(
        "A bluff is a play with any card not of the claimed rank; a bluff caught and an honest "
        "play called were challenged; right: a challenge that caught a bluff; cards taken: "
        "picked up from the pile."
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m engine.lab.playstats", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--level", default="hard", help="the candidate level(s), comma list")
    parser.add_argument("--field", default="medium", help="as arena --field (e.g. 'mixed')")
    parser.add_argument(
        "--table", default=",".join(arena.MATRIX_TABLES), help="matrix table(s), comma list"
    )
    parser.add_argument("--games", type=int, default=200, help="games a table a level")
    parser.add_argument("--expert-games", type=int, default=None, help="games a table for expert")
    parser.add_argument("--move-limit", type=int, default=arena.DEFAULT_MOVE_LIMIT)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument(
        "--by-seat",
        action="store_true",
        help="a row for each seat name and the seat after it (hard before suspicious)",
    )
    parser.add_argument("--json", action="store_true", help="print the rows as JSON too")
    variants.add_set_argument(parser)
    args = parser.parse_args(argv)
    levels = arena.comma_list(args.level)
    tables = arena.comma_list(args.table)
    unknown = [name for name in tables if name not in arena.MATRIX_TABLES]
    if unknown or not tables:
        parser.error(f"--table: not a matrix table: {', '.join(unknown)} (see arena --tables)")
    bots = variants.variant_bots(args.set)
    for level in [*levels, *arena.field_of(args.field)]:
        try:
            if level not in bots:
                arena.seat_bot(level, random.Random(0))
        except ValueError as error:
            parser.error(str(error))
    games = arena.games_by_level(levels, args.games, args.expert_games)
    started = time.perf_counter()
    if args.set:
        print(variants.describe(args.set))
        print()
    with arena.extra_bots(bots):
        cells = arena.matrix_cells(
            levels, arena.field_of(args.field), tables, games, args.seed, args.move_limit
        )
        rows = playstats(cells, args.field, args.jobs, args.by_seat)
    for row in rows:
        row["set"] = [str(item) for item in args.set]
    print_playstats(rows, args.field, args.seed, args.move_limit)
    print(f"\n({time.perf_counter() - started:.1f} s, {args.jobs} jobs)", file=sys.stderr)
    if args.json:
        print(json.dumps(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
