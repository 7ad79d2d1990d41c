"""The win rate by neighbours: the split covers the cell's own games, and the told Expert's
search plays out the true deal."""

from __future__ import annotations

import random

from engine.bots.belief import rules_of, to_sim, unseen
from engine.lab import arena, neighbours
from engine.lab.strangers import MIXED_FIELD


def test_the_split_covers_the_cells_games_by_the_seat_before_and_the_named_stranger() -> None:
    tables = arena.matrix_cell(
        "hard", list(MIXED_FIELD), "open-6p-2decks", 48, 1, arena.DEFAULT_MOVE_LIMIT
    )
    results = arena.run_ordered(tables, 1)
    before, after = neighbours.split(tables, results, "aggressive")
    wins = sum(result.shares[table.tag] for table, result in zip(tables, results, strict=True))

    assert set(before) <= set(MIXED_FIELD)
    for groups in (before, after):
        assert sum(group.games for group in groups.values()) == len(tables)
        assert abs(sum(group.wins for group in groups.values()) - wins) < 1e-9
    assert set(after) <= {1, 2, 3, 4, 5, None}
    assert None in after  # this field leaves it out of some deals
    assert 1 in after
    for table in tables:
        step = neighbours.seats_after(table, "aggressive")
        if step is None:
            assert "aggressive" not in table.seats
        else:
            assert neighbours.neighbour(table, -step) == "aggressive"
            assert "aggressive" not in [neighbours.neighbour(table, -s) for s in range(1, step)]
    for step, group in after.items():
        assert sum(group.winners.values()) == (0 if step is None else group.games)


def test_the_told_expert_plays_out_the_true_deal() -> None:
    table = arena.matrix_cell(
        "expert", list(MIXED_FIELD), "open-6p-2decks", 6, 1, arena.DEFAULT_MOVE_LIMIT
    )[0]
    game, bots = arena.seated(table)
    for _ in range(9):  # into the game, with a pile on the table
        seat = game.to_move
        assert seat is not None
        arena.apply_shown(game, bots, seat, bots[seat].act(game.view(seat)))
    seat = game.to_move
    assert seat is not None
    view = game.view(seat)
    told = neighbours.DealtExpert(random.Random(1))
    neighbours.LIVE[:] = [game]
    world = told.world(unseen(view, told.pile_plays), 0.5, random.Random(2))
    sim = to_sim(view, world, rules_of(view))

    assert world.hands == game.hands
    assert [cards for _, _, cards in world.pile] == [play["cards"] for play in game.pile]
    assert world.stock == game.stock
    assert sim.sizes == [len(hand) for hand in game.hands]


def test_a_told_game_is_played_to_its_end_on_the_cells_deal() -> None:
    table = arena.matrix_cell(
        "expert", list(MIXED_FIELD), "noaces-2p", 2, 1, arena.DEFAULT_MOVE_LIMIT
    )[0]
    with arena.extra_bots({"expert": neighbours.DealtExpert}):
        result = neighbours.play_dealt(table)
    assert sum(result.shares) == 1.0
    assert result.times[table.tag]  # the told Expert moved
