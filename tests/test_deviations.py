"""The search's worth where it overrules Hard: counterfactual play-outs from the true state
never touch the game they start from, replay alike for a play-out number, and add up to points
of win rate over the cell's games."""

from __future__ import annotations

import json

import pytest

from engine.bots.base import Bot
from engine.game import Game
from engine.lab import arena, deviations
from engine.lab.strangers import MIXED_FIELD


def _expert_to_move() -> tuple[Game, list[Bot], int]:
    """An arena game of the Expert on noaces-2p, run to its first decision with a call."""
    table = arena.matrix_cell("expert", list(MIXED_FIELD), "noaces-2p", 2, 1, 400)[0]
    game, bots = arena.seated(table)
    me = table.tag
    while True:
        seat = game.to_move
        assert seat is not None
        view = game.view(seat)
        if seat == me and view["legal"].get("challenge"):
            return game, bots, me
        arena.apply_shown(game, bots, seat, bots[seat].act(view))


def test_counterfactual_leaves_the_game_alone_and_replays() -> None:
    game, bots, me = _expert_to_move()
    before = json.dumps(game.to_json(), sort_keys=True)
    memories = [json.dumps(bot.memory_to_json(), sort_keys=True) for bot in bots]
    view = game.view(me)
    challenge = {"type": "challenge"}
    first = [deviations.counterfactual(game, bots, me, view, challenge, n) for n in range(4)]
    again = [deviations.counterfactual(game, bots, me, view, challenge, n) for n in range(4)]
    assert first == again
    assert all(win in (0.0, 0.5, 1.0) for win in first)
    assert json.dumps(game.to_json(), sort_keys=True) == before
    assert [json.dumps(bot.memory_to_json(), sort_keys=True) for bot in bots] == memories


def test_a_cell_weighs_only_the_decisions_where_the_expert_overrules_hard() -> None:
    cell = arena.matrix_cell("expert", list(MIXED_FIELD), "classic-5p-52-asc", 5, 1, 400)
    found = [item for table in cell for item in deviations.deviations_of_game((table, 2))]
    assert found  # the search overrules Hard in a few of these games
    kinds = {"challenge", "believe", "pass", "play"}
    for item in found:
        assert {item.expert, item.hard} <= kinds
        assert 0.0 <= item.expert_win <= 1.0
        assert 0.0 <= item.hard_win <= 1.0
        assert (item.expert, item.hard) != ("challenge", "challenge")


def test_report_gives_points_of_win_rate_over_the_cells_games() -> None:
    found = [
        deviations.Deviation("challenge", "play", 1.0, 0.0),
        deviations.Deviation("challenge", "play", 0.0, 0.5),
        deviations.Deviation("play", "play", 0.25, 0.25),
    ]
    rows = deviations.report(found, games=10)
    assert rows[0].startswith("| all | all | 3 | +5.00 ± ")
    assert rows[1].startswith("| challenge | play | 2 | +5.00 ± ")
    assert rows[2] == "| play | play | 1 | +0.00 ± 0.00 |"
    assert float(rows[1].split("± ")[1].rstrip(" |")) == pytest.approx(
        100 * (0.75 * 2**0.5) * 2**0.5 / 10, abs=0.01
    )


def test_the_real_game_is_the_arenas_move_for_move(monkeypatch: pytest.MonkeyPatch) -> None:
    """The weighed play-outs run on copies, so the game the Expert plays on is its arena game."""
    made: list[Game] = []
    seated = arena.seated

    def capture(table: arena.Table) -> tuple[Game, list[Bot]]:
        game, bots = seated(table)
        made.append(game)
        return game, bots

    monkeypatch.setattr(arena, "seated", capture)
    for table in arena.matrix_cell("expert", list(MIXED_FIELD), "classic-5p-52-asc", 3, 1, 400):
        made.clear()
        arena.play_table(table)
        deviations.deviations_of_game((table, 1))
        first, second = (json.dumps(game.to_json(), sort_keys=True) for game in made)
        assert first == second
