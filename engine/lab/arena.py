"""Arena: a candidate bot against a field, on seat-rotated duplicate deals.

Each seeded deal is replayed with the candidate in every seat (the field in the other seats), so
the luck of the deal and of the seat order cancels out.  Games run in parallel over the cores and
under a move limit (placing by cards held); the report gives the candidate's win rate with a 95 %
Wilson interval, its mean placing, its move time p50/p95, how many games hit the move limit, and a
markdown table.  ``--round-robin`` seats several levels at one table in every order round it
(every deal in every seating) and ranks them.

    python -m engine.lab.arena --candidate medium --field easy --games 2000
    python -m engine.lab.arena --candidate expert --field medium --preset quick --games 400
    python -m engine.lab.arena --round-robin easy,medium,hard,expert --games 800
    python -m engine.lab.arena --matrix --field mixed --games 1000 --expert-games 400

``--matrix`` plays every level of ``--levels`` against the same field on every table of
:data:`MATRIX_TABLES` and prints levels x tables: win rates with 95 % Wilson intervals, move
times and move-limit games.  ``--field mixed`` is the common mixed field of strangers
(``engine.lab.strangers``: measurement-only opponents from published bot families).

``--seed`` numbers the deals (seed S plays deals S, S + 1, ...); a comma list of seeds
(``--seed 1,5001``) plays each seed's deals in turn and pools them in every cell, so a pooled
cell holds the very games each seed plays alone.

``--digest`` adds each matrix cell's hash of every move's events: a change meant to leave the
bots' choices alone (a faster search) keeps every digest.

``--set LEVEL.PARAM=VALUE`` (repeatable) seats a variant of medium, hard or expert under the
level's own name, so its games are paired with the shipped level's (``engine.lab.variants``
says why):

    python -m engine.lab.arena --matrix --field medium --levels hard \
        --tables classic-5p-52-asc --games 1000 --set hard.max_filler=2
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import itertools
import json
import math
import multiprocessing
import os
import random
import sys
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

from ..bots import make_bot
from ..bots.base import Action, Bot
from ..game import Event, Game
from ..view import visible_events
from . import variants
from .strangers import HELDOUT_FIELD, MIXED_FIELD, STRANGERS

Job = TypeVar("Job")
Outcome = TypeVar("Outcome")

DEFAULT_MOVE_LIMIT = 400

# The matrix: table name -> (preset, players, options).  Seven shapes a new user meets.
MATRIX_TABLES: dict[str, tuple[str, int, dict[str, Any]]] = {
    "classic-4p-36": ("classic", 4, {"deck": 36}),
    "classic-5p-52-asc": ("classic", 5, {"deck": 52, "ascending": True}),
    "draw-3p": ("classic", 3, {"deck": 36, "draw": True}),
    "open-6p-2decks": ("classic", 6, {"deck": 36, "open_challenge": True, "decks": 2}),
    "noaces-2p": ("classic", 2, {"deck": 36, "no_aces": True}),
    "quick-4p": ("quick", 4, {}),
    "quick-6p": ("quick", 6, {}),
}
DESCRIPTION = "A candidate bot against a field on seat-rotated duplicate deals."


@dataclass(frozen=True)
class Table:
    """One game to play: the deal's seed and which level sits in which seat."""

    seed: int
    seats: tuple[str, ...]
    preset: str
    options: dict[str, Any]
    tag: int  # which seat is "the candidate" (or -1 in a round robin)


# One matrix cell: (level, table name, its games).
Cell = tuple[str, str, list[Table]]


@dataclass
class GameResult:
    seats: tuple[str, ...]
    shares: list[float]  # win share per seat (ties at the top split one win)
    places: list[int]
    times: dict[int, list[float]]  # seconds per move, per seat (wall clock)
    cpu: dict[int, list[float]]  # seconds per move, per seat (this process's CPU time)
    hit_limit: bool
    moves: int
    digest: str = ""  # SHA-256 of every move's events (``--digest``), else empty


# Bots the lab seats under a level's name instead of the shipped one (``--set``'s variants).
EXTRA_BOTS: dict[str, Callable[[random.Random], Bot]] = {}


@contextlib.contextmanager
def extra_bots(bots: Mapping[str, Callable[[random.Random], Bot]]) -> Iterator[None]:
    """Seat ``bots`` under their names for the block, then put :data:`EXTRA_BOTS` back.

    A bot under a level's own name replaces that level in every seat it takes (``--set``).
    Worker processes read the bots from their copy of :data:`EXTRA_BOTS`, made when they fork:
    the pools (:func:`run_ordered`, :func:`run_each`) are started inside the block, so they
    see them."""
    saved = dict(EXTRA_BOTS)
    EXTRA_BOTS.update(bots)
    try:
        yield
    finally:
        EXTRA_BOTS.clear()
        EXTRA_BOTS.update(saved)


def seat_bot(level: str, rng: random.Random) -> Bot:
    """A level or probe (``engine.bots``), a stranger (``engine.lab.strangers``) or a lab bot."""
    factory = STRANGERS.get(level) or EXTRA_BOTS.get(level)
    return factory(rng) if factory is not None else make_bot(level, rng)


def comma_list(spec: str) -> list[str]:
    """A command line's comma list, blanks dropped."""
    return [item.strip() for item in spec.split(",") if item.strip()]


def seed_list(spec: str) -> list[int]:
    """``--seed``: one seed or a comma list, each the first deal number of a block of deals."""
    return [int(item) for item in comma_list(spec)]


NAMED_FIELDS: dict[str, tuple[str, ...]] = {"mixed": MIXED_FIELD, "heldout": HELDOUT_FIELD}


def field_of(spec: str) -> list[str]:
    """``--field``: a comma list of levels and strangers, or a named field: ``mixed`` (the
    strangers every bot is measured and tuned against) or ``heldout`` (those it never was)."""
    levels = comma_list(spec)
    if len(levels) == 1 and levels[0] in NAMED_FIELDS:
        return list(NAMED_FIELDS[levels[0]])
    return levels


def games_by_level(levels: Sequence[str], games: int, expert_games: int | None) -> dict[str, int]:
    """Games a cell for each level: ``--games``, or ``--expert-games`` for the Expert (about
    100x slower than the other levels)."""
    by_level = dict.fromkeys(levels, games)
    if expert_games is not None and "expert" in by_level:
        by_level["expert"] = expert_games
    return by_level


def seated(table: Table) -> tuple[Game, list[Bot]]:
    """The table's new game and its bots, each drawing its seat's random numbers: every tool
    that replays the arena's deals (the calibration too) sees the same games."""
    config = {
        "preset": table.preset,
        "players": len(table.seats),
        "seed": table.seed,
        "options": dict(table.options),
    }
    bots = [
        seat_bot(level, random.Random(f"arena:{table.seed}:{seat}:{'/'.join(table.seats)}"))
        for seat, level in enumerate(table.seats)
    ]
    return Game.new(config), bots


def play_table(table: Table, watch: Callable[[list[Event]], None] | None = None) -> GameResult:
    """Play one game to the end and return who won and how long each move took.

    ``watch`` sees every move's events whole (every played card, whoever played it), after the
    bots saw theirs: :func:`play_hashed` hashes them without playing other games."""
    game, bots = seated(table)
    players = len(table.seats)
    times: dict[int, list[float]] = {seat: [] for seat in range(players)}
    cpu: dict[int, list[float]] = {seat: [] for seat in range(players)}
    while not game.is_over:
        seat = game.to_move
        assert seat is not None
        view = game.view(seat)
        start, start_cpu = time.perf_counter(), time.process_time()
        action = bots[seat].act(view)
        times[seat].append(time.perf_counter() - start)
        cpu[seat].append(time.process_time() - start_cpu)
        events = apply_shown(game, bots, seat, action)
        if watch is not None:
            watch(events)
    result = game.result
    assert result is not None
    places = [0] * players
    for entry in result["ranking"]:
        places[entry["seat"]] = entry["place"]
    return GameResult(
        seats=table.seats,
        shares=win_shares(game),
        places=places,
        times=times,
        cpu=cpu,
        hit_limit=result["reason"] == "move_limit",
        moves=game.moves,
    )


def apply_shown(game: Game, bots: Sequence[Bot], seat: int, action: Action) -> list[Event]:
    """Apply ``seat``'s action and show every seat the part of its events that seat may see."""
    events = game.apply(seat, action)
    for other, bot in enumerate(bots):
        bot.observe(visible_events(events, other))
    return events


def win_shares(game: Game) -> list[float]:
    """Each seat's share of a finished game's win: a tie at the top splits one win."""
    result = game.result
    assert result is not None
    top = [entry["seat"] for entry in result["ranking"] if entry["place"] == 1]
    return [1 / len(top) if seat in top else 0.0 for seat in range(game.config.players)]


def play_hashed(table: Table) -> GameResult:
    """:func:`play_table`, with a hash of every move's events: a change meant to leave every
    choice alone (a faster search) shows that it did when the matrix's digests stay the same."""
    digest = hashlib.sha256()

    def see(events: list[Event]) -> None:
        digest.update(json.dumps(events, sort_keys=True).encode())

    result = play_table(table, see)
    result.digest = digest.hexdigest()
    return result


def cell_digest(results: Sequence[GameResult]) -> str:
    """The cell's games' digests, in the cell's order, hashed into one (16 hex digits)."""
    digest = hashlib.sha256()
    for result in results:
        digest.update(result.digest.encode())
    return digest.hexdigest()[:16]


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95 % Wilson score interval of a proportion."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def rate_text(rate: float, interval: tuple[float, float]) -> str:
    """A win rate and its interval as the matrix prints them: ``57.7 [54.6, 60.7]``."""
    low, high = interval
    return f"{100 * rate:.1f} [{100 * low:.1f}, {100 * high:.1f}]"


def percentile(values: Sequence[float], q: float) -> float:
    if not values:
        return 0.0
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, math.ceil(q * len(ordered)) - 1))
    return ordered[index]


@dataclass
class Tally:
    games: int = 0
    wins: float = 0.0
    places: list[int] = field(default_factory=list)
    times: list[float] = field(default_factory=list)
    cpu: list[float] = field(default_factory=list)

    def add(self, share: float, place: int, times: list[float], cpu: Sequence[float] = ()) -> None:
        self.games += 1
        self.wins += share
        self.places.append(place)
        self.times.extend(times)
        self.cpu.extend(cpu)

    def row(self) -> dict[str, Any]:
        low, high = wilson(self.wins, self.games)
        return {
            "games": self.games,
            "win_rate": self.wins / self.games if self.games else 0.0,
            "ci95": [low, high],
            "mean_place": sum(self.places) / len(self.places) if self.places else 0.0,
            "p50_ms": percentile(self.times, 0.50) * 1000,
            "p95_ms": percentile(self.times, 0.95) * 1000,
            # CPU time does not grow with the machine's load as the wall clock does.
            "cpu_p95_ms": percentile(self.cpu, 0.95) * 1000,
        }


def candidate_tables(  # noqa: PLR0917 - one call site per mode, all arguments named there
    candidate: str,
    field_levels: Sequence[str],
    games: int,
    players: int,
    seed: int,
    preset: str,
    options: dict[str, Any],
) -> list[Table]:
    """``games`` games: ceil(games / players) deals, each with the candidate in every seat.

    The field's levels are seated in their order from an offset that moves with the deal, so a
    long field (``mixed``) meets the candidate in every combination, the same for every
    candidate.
    """
    deals = max(1, math.ceil(games / players))
    tables = []
    for deal in range(deals):
        for seat in range(players):
            others = [field_levels[(deal + i) % len(field_levels)] for i in range(players - 1)]
            seats = (*others[:seat], candidate, *others[seat:])
            tables.append(Table(seed + deal, seats, preset, options, seat))
    return tables[: max(games, players)]


def round_robin_tables(
    levels: Sequence[str], games: int, seed: int, preset: str, options: dict[str, Any]
) -> list[Table]:
    """Every deal in every seating of the levels: each order round the table, not only the
    rotations of the listed one.

    From four seats on, the rotations of one order keep the same neighbours: listed as
    easy, medium, hard, expert, Medium always sat beside Easy and Hard beside the Expert, and
    on the quick preset that seating alone ranked Hard 22 % against Medium's 27 %, where
    listing Hard beside Easy ranked it 40 % against 3 % (docs/bots.md, "The
    arena").  A person seats the levels in any order, so the ranking averages them all."""
    orders = list(dict.fromkeys(itertools.permutations(levels)))
    deals = max(1, math.ceil(games / len(orders)))
    return [
        Table(seed + deal, order, preset, options, -1) for deal in range(deals) for order in orders
    ][: max(games, len(orders))]


def run(tables: list[Table], jobs: int) -> Iterator[GameResult]:
    return run_each(play_table, tables, jobs)


def run_each(play: Callable[[Job], Outcome], work: list[Job], jobs: int) -> Iterator[Outcome]:
    """``play`` over ``work`` on ``jobs`` processes, results as they come."""
    if jobs <= 1:
        yield from map(play, work)
        return
    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        yield from pool.imap_unordered(play, work, chunksize=4)


def pct(x: float) -> str:
    return f"{100 * x:.1f} %"


def candidate_report(
    candidate: str, field_levels: Sequence[str], results: list[GameResult], tables: list[Table]
) -> dict[str, Any]:
    tally = Tally()
    for table, result in zip(tables, results, strict=True):
        seat = table.tag
        tally.add(result.shares[seat], result.places[seat], result.times[seat], result.cpu[seat])
    row = tally.row()
    row["candidate"] = candidate
    row["field"] = "+".join(field_levels)
    row["move_limit_games"] = sum(result.hit_limit for result in results)
    return row


def print_candidate(row: dict[str, Any], preset: str, players: int) -> None:
    low, high = row["ci95"]
    print(
        f"{row['candidate']} vs {players - 1}x {row['field']} ({preset}, {players} players): "
        f"{row['games']} games"
    )
    print(f"  win rate   {pct(row['win_rate'])}  (95 % Wilson {pct(low)} .. {pct(high)})")
    print(f"  mean place {row['mean_place']:.2f}")
    print(f"  move time  p50 {row['p50_ms']:.2f} ms, p95 {row['p95_ms']:.2f} ms")
    print(f"  move limit hit in {row['move_limit_games']} games")
    print()
    print(
        "| candidate | field | preset | games | win rate | 95 % CI | mean place | p50 ms "
        "| p95 ms | move-limit games |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|")
    print(
        f"| {row['candidate']} | {players - 1}x {row['field']} | {preset} | {row['games']} "
        f"| {pct(row['win_rate'])} | {pct(low)} - {pct(high)} | {row['mean_place']:.2f} "
        f"| {row['p50_ms']:.1f} | {row['p95_ms']:.1f} | {row['move_limit_games']} |"
    )


def round_robin_report(results: list[GameResult]) -> list[dict[str, Any]]:
    tallies: dict[str, Tally] = {}
    for result in results:
        for seat, level in enumerate(result.seats):
            tallies.setdefault(level, Tally()).add(
                result.shares[seat], result.places[seat], result.times[seat]
            )
    rows = []
    for level, tally in tallies.items():
        row = tally.row()
        row["level"] = level
        rows.append(row)
    rows.sort(key=lambda row: (-row["win_rate"], row["mean_place"]))
    return rows


def print_round_robin(rows: list[dict[str, Any]], results: list[GameResult]) -> None:
    limit = sum(result.hit_limit for result in results)
    print(f"round robin: {len(results)} games, move limit hit in {limit}")
    print()
    print("| rank | level | games | win rate | 95 % CI | mean place | p50 ms | p95 ms |")
    print("|---|---|---|---|---|---|---|---|")
    for index, row in enumerate(rows, start=1):
        low, high = row["ci95"]
        print(
            f"| {index} | {row['level']} | {row['games']} | {pct(row['win_rate'])} "
            f"| {pct(low)} - {pct(high)} | {row['mean_place']:.2f} | {row['p50_ms']:.1f} "
            f"| {row['p95_ms']:.1f} |"
        )


def matrix(
    cells: list[Cell],
    field_levels: Sequence[str],
    jobs: int,
    digest: bool = False,
) -> list[dict[str, Any]]:
    """The cells of :func:`matrix_cells` played: one row per (level, table); with ``digest``
    each row has its games' :func:`cell_digest`."""
    every = [table for _, _, cell in cells for table in cell]
    results = iter(run_ordered(every, jobs, play_hashed if digest else play_table))
    rows = []
    for level, name, cell in cells:
        done = [next(results) for _ in cell]
        row = candidate_report(level, field_levels, done, cell)
        row["table"] = name
        row["chance"] = 1 / MATRIX_TABLES[name][1]
        if digest:
            row["digest"] = cell_digest(done)
        rows.append(row)
    return rows


def matrix_cells(  # noqa: PLR0917 - the matrix's arguments, in its order
    levels: Sequence[str],
    field_levels: Sequence[str],
    tables: Sequence[str],
    games: dict[str, int],
    seed: int,
    move_limit: int,
) -> list[Cell]:
    """(level, table name, its games) for every level against the same field on every table,
    in the matrix's order."""
    return [
        (level, name, matrix_cell(level, field_levels, name, games[level], seed, move_limit))
        for level in levels
        for name in tables
    ]


def pooled_cells(per_seed: Sequence[list[Cell]]) -> list[Cell]:
    """Several seeds' :func:`matrix_cells` merged cell by cell: a cell plays each seed's games
    in turn, so its row is the sum of the rows each seed gives alone (more games on disjoint
    deals narrow an interval; docs/bots.md, "Seeds are deal numbers")."""
    return [
        (level, name, [table for cells in per_seed for table in cells[index][2]])
        for index, (level, name, _) in enumerate(per_seed[0])
    ]


def matrix_cell(  # noqa: PLR0917 - the matrix's arguments, in its order
    level: str, field_levels: Sequence[str], name: str, games: int, seed: int, move_limit: int
) -> list[Table]:
    """The games of one matrix cell: ``level`` against the field on table ``name``."""
    preset, players, options = MATRIX_TABLES[name]
    options = {**options, "move_limit": move_limit}
    return candidate_tables(level, field_levels, games, players, seed, preset, options)


def print_matrix(rows: list[dict[str, Any]], tables: Sequence[str]) -> None:
    levels = list(dict.fromkeys(row["candidate"] for row in rows))
    cell = {(row["candidate"], row["table"]): row for row in rows}

    def grid(title: str, header: Sequence[str], text: Callable[[dict[str, Any]], str]) -> None:
        """One markdown table: a row per level, a column per table."""
        print(title)
        print()
        print(f"| level | {' | '.join(header)} |")
        print("|---|" + "---|" * len(tables))
        for level in levels:
            texts = [text(cell[(level, name)]) for name in tables]
            print(f"| {level} | " + " | ".join(texts) + " |")

    def win(row: dict[str, Any]) -> str:
        return f"{rate_text(row['win_rate'], row['ci95'])} ({row['games']})"

    def times(row: dict[str, Any]) -> str:
        return (
            f"{row['p50_ms']:.1f} / {row['p95_ms']:.1f}, {row['cpu_p95_ms']:.1f}; "
            f"{row['move_limit_games']}"
        )

    chances = [f"{name} ({pct(1 / MATRIX_TABLES[name][1])})" for name in tables]
    grid(
        f"win rate [95 % Wilson] (games) against {rows[0]['field']}; chance in the header",
        chances,
        win,
    )
    print()
    grid(
        "move time p50 / p95 ms wall clock, p95 ms CPU time; games that hit the move limit",
        tables,
        times,
    )
    if "digest" in rows[0]:
        print()
        grid(
            "digest of every move's events, a cell's games in order",
            tables,
            lambda row: str(row["digest"]),
        )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m engine.lab.arena", description=__doc__.split("\n")[0]
    )
    parser.add_argument("--candidate", default="medium")
    parser.add_argument(
        "--field",
        default="easy",
        help="level(s) or stranger(s) of the other seats, comma list, or a named field: 'mixed' "
        "(the strangers), 'heldout' (the strangers nothing was tuned against)",
    )
    parser.add_argument("--round-robin", default=None, help="comma list of levels at one table")
    parser.add_argument(
        "--matrix", action="store_true", help="every --levels against --field on every table"
    )
    parser.add_argument("--levels", default="easy,medium,hard,expert")
    parser.add_argument("--tables", default=",".join(MATRIX_TABLES))
    parser.add_argument(
        "--expert-games", type=int, default=None, help="games a matrix cell for expert"
    )
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--preset", default="classic", choices=("classic", "quick"))
    parser.add_argument("--options", default="{}", help="options JSON, e.g. '{\"deck\": 36}'")
    parser.add_argument("--move-limit", type=int, default=DEFAULT_MOVE_LIMIT)
    parser.add_argument(
        "--seed",
        type=seed_list,
        default=[1],
        help="first deal number; a comma list pools each seed's deals (e.g. 1,5001)",
    )
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--json", action="store_true", help="print the result as JSON too")
    parser.add_argument(
        "--digest", action="store_true", help="--matrix: a hash of each cell's games' events"
    )
    variants.add_set_argument(parser)
    args = parser.parse_args(argv)
    started = time.perf_counter()
    if args.set:
        print(variants.describe(args.set))
        print()
    with extra_bots(variants.variant_bots(args.set)):
        payload = run_mode(args)
    if args.set:  # a saved JSON says what was seated
        for row in payload if isinstance(payload, list) else [payload]:
            row["set"] = [str(item) for item in args.set]
    print(f"\n({time.perf_counter() - started:.1f} s, {args.jobs} jobs)", file=sys.stderr)
    if args.json:
        print(json.dumps(payload))
    return 0


def run_mode(args: argparse.Namespace) -> Any:
    """Play and print what the command line asked for; the payload for ``--json``."""
    options = dict(json.loads(args.options))
    options.setdefault("move_limit", args.move_limit)
    if args.preset == "classic":
        options.setdefault("deck", 36)
    if args.matrix:
        levels = comma_list(args.levels)
        names = comma_list(args.tables)
        games = games_by_level(levels, args.games, args.expert_games)
        field_levels = field_of(args.field)
        cells = pooled_cells(
            [
                matrix_cells(levels, field_levels, names, games, seed, args.move_limit)
                for seed in args.seed
            ]
        )
        rows = matrix(cells, field_levels, args.jobs, args.digest)
        print_matrix(rows, names)
        return rows
    if args.round_robin:
        levels = comma_list(args.round_robin)
        tables = [
            table
            for seed in args.seed
            for table in round_robin_tables(levels, args.games, seed, args.preset, options)
        ]
        results = list(run(tables, args.jobs))
        rows = round_robin_report(results)
        print_round_robin(rows, results)
        return rows
    field_levels = field_of(args.field)
    tables = [
        table
        for seed in args.seed
        for table in candidate_tables(
            args.candidate, field_levels, args.games, args.players, seed, args.preset, options
        )
    ]
    results = run_ordered(tables, args.jobs)
    row = candidate_report(args.candidate, field_levels, results, tables)
    print_candidate(row, args.preset, args.players)
    return row


def run_ordered(
    tables: list[Table], jobs: int, play: Callable[[Table], GameResult] = play_table
) -> list[GameResult]:
    """Results in the order of ``tables`` (the candidate's seat is known per table)."""
    if jobs <= 1:
        return [play(table) for table in tables]
    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        return pool.map(play, tables, chunksize=4)


if __name__ == "__main__":
    raise SystemExit(main())
