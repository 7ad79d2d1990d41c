"""Per-seat play statistics on the matrix's games: counts a maintainer reads as behaviour.

The counts must add up across the seats (every challenge lands on one play; one win a game),
the candidate's win rate must be the matrix's on the same games, and the strangers whose play
is known by construction must show it: ``honest`` never challenges and bluffs one bare card
only when it holds none of the rank; ``aggressive`` pads its plays and calls.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from engine.lab import arena, playstats

GAMES = 10


Row = dict[str, Any]


def cell(level: str, table: str, field: str = "medium") -> tuple[Row, Row]:
    """The candidate's row and the field's, on the matrix cell's first ``GAMES`` games."""
    cells = arena.matrix_cells([level], arena.field_of(field), [table], {level: GAMES}, 1, 400)
    rows = playstats.playstats(cells, field, 1)
    assert [row["who"] for row in rows] == [level, f"{field} beside {level}"]
    return rows[0], rows[1]


SHARES = ("bluffs", "bluffs caught", "honest plays called", "right", "win")


@pytest.mark.parametrize("table", ["classic-4p-36", "open-6p-2decks", "quick-4p"])
def test_the_counts_add_up_and_the_wins_are_the_matrixs(table: str) -> None:
    mine, theirs = cell("hard", table)
    players = arena.MATRIX_TABLES[table][1]
    assert mine["games"] == GAMES
    assert mine["counts"]["seat_games"] == GAMES
    assert theirs["counts"]["seat_games"] == GAMES * (players - 1)
    for row in (mine, theirs):
        for name in SHARES:
            assert row[name] is None or 0.0 <= row[name] <= 1.0, (name, row)
        assert row["bluff cards per bluff"] >= 1.0
        assert row["plays"] > 0
    both = {key: mine["counts"][key] + theirs["counts"][key] for key in mine["counts"]}
    assert both["wins"] == pytest.approx(GAMES)  # ties at the top split one win
    # every challenge lands on one play, honest or not, and is right when it caught a bluff
    assert both["challenges"] == both["caught"] + both["called"]
    assert both["right"] == both["caught"]
    assert both["plays"] == both["honest"] + both["bluffs"]
    assert both["taken"] > 0
    # the same deals and draws as the matrix's cell: the same win rate
    cells = arena.matrix_cells(["hard"], ["medium"], [table], {"hard": GAMES}, 1, 400)
    [row] = arena.matrix(cells, ["medium"], 1)
    assert mine["win"] == pytest.approx(row["win_rate"])


@pytest.mark.parametrize("field", ["mixed", "heldout"])
def test_by_seat_each_seat_is_named_with_the_seat_after_it(field: str) -> None:
    """The rows by seat share out the same games: every seat-game once, one win a game, and the
    candidate's seats win what its row wins; the best placed seat comes first."""
    table, players = "quick-6p", 6
    cells = arena.matrix_cells(["hard"], arena.field_of(field), [table], {"hard": GAMES}, 1, 400)
    rows = playstats.playstats(cells, field, 1, by_seat=True)
    mine, _ = cell("hard", table, field)
    names = set(arena.field_of(field)) | {"hard"}
    seat_games = {row["who"]: row["counts"]["seat_games"] for row in rows}
    assert sum(seat_games.values()) == GAMES * players
    for who in seat_games:
        before, after = who.split(" before ")
        assert {before, after} <= names
        assert before != after
    assert sum(row["counts"]["wins"] for row in rows) == pytest.approx(GAMES)
    candidate = [row for row in rows if row["who"].startswith("hard before ")]
    assert sum(row["counts"]["seat_games"] for row in candidate) == GAMES
    assert sum(row["counts"]["wins"] for row in candidate) == pytest.approx(mine["counts"]["wins"])
    wins = [row["win"] for row in rows]
    assert wins == sorted(wins, reverse=True)


@pytest.mark.parametrize("table", ["classic-5p-52-asc", "open-6p-2decks", "quick-4p", "draw-3p"])
def test_the_honest_stranger_never_challenges_and_bluffs_only_bare(table: str) -> None:
    """In the quick edition it must answer last cards: by believing, which is no challenge;
    in an open-challenge window it passes."""
    mine, theirs = cell("honest", table)
    assert mine["challenges"] == 0
    assert mine["right"] is None
    assert mine["bluff cards per bluff"] == 1.0  # one card, when it holds none of the rank
    assert mine["counts"]["padded"] == 0
    assert theirs["challenges"] > 0


def test_the_aggressive_stranger_pads_and_calls() -> None:
    honest, _ = cell("honest", "classic-5p-52-asc")
    mine, _ = cell("aggressive", "classic-5p-52-asc")
    assert mine["bluffs"] >= 0.8
    assert mine["bluffs"] > honest["bluffs"]
    assert mine["counts"]["padded"] > 0
    assert mine["bluff cards per bluff"] > 1.5
    assert mine["challenges"] > 1.0


def run_cli(capsys: pytest.CaptureFixture[str], *extra: str) -> list[Row]:
    argv = ["--level", "hard", "--field", "medium", "--table", "classic-5p-52-asc"]
    assert playstats.main([*argv, "--games", str(GAMES), "--jobs", "2", "--json", *extra]) == 0
    out = capsys.readouterr().out
    assert "| per game or share | plays | bluffs | bluff cards per bluff |" in out
    assert "| medium beside hard (40 seat-games) |" in out
    rows: list[Row] = json.loads(out.splitlines()[-1])
    return rows


def test_a_set_variant_plays_in_the_forked_workers(capsys: pytest.CaptureFixture[str]) -> None:
    """``--set hard.max_filler=1`` under ``--jobs 2``: Hard's bluffs carry one bluff card
    each (the shipped Hard pads up to three), and Medium's seats are untouched."""
    before = dict(arena.EXTRA_BOTS)
    shipped = run_cli(capsys)
    variant = run_cli(capsys, "--set", "hard.max_filler=1")
    assert shipped[0]["bluff cards per bluff"] > 1.2
    assert variant[0]["bluff cards per bluff"] == 1.0
    assert variant[1]["bluff cards per bluff"] > 1.2
    assert variant[0]["set"] == ["hard.max_filler=1"]
    assert before == arena.EXTRA_BOTS


@pytest.mark.parametrize(
    "argv",
    [
        ["--table", "classic-9p"],
        ["--level", "grandmaster"],
        ["--field", "medium,nobody"],
        ["--set", "hard.max_filler=many"],
    ],
)
def test_bad_arguments_are_usage_errors(argv: list[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        playstats.main(["--games", "1", "--jobs", "1", *argv])
    assert exit_.value.code == 2
