"""Bots-only games make progress: tables where bots alone could trade the pile for ever end."""

from __future__ import annotations

from typing import Any

import pytest

from engine.bots.base import Progress, position
from engine.bots.tuning import PATIENCE
from engine.lab.loops import DEFAULT_CAP, loop_config, play_bots, run, seat_levels

# Tables where three Medium bots could trade the pile for ever once the human was out (two
# decks), and where two Medium bots could keep the draw format's stock at 18 cards.
LOOPING_TABLES: list[dict[str, Any]] = [
    {"preset": "classic", "players": 4, "seed": 1, "options": {"decks": 2, "ending": "last_loser"}},
    {"preset": "classic", "players": 6, "seed": 1, "options": {"ending": "last_loser"}},
    {"preset": "classic", "players": 2, "seed": 2, "options": {"draw": True}},
    # Found by engine.lab.loops (Hard, seed 233): it spins if a forced last-cards call drops the
    # window's pass, the only quiet option once a hand is past patience.
    {
        "preset": "classic",
        "players": 3,
        "seed": 233,
        "options": {"decks": 2, "ascending": True, "open_challenge": True, "draw": True},
    },
]


# The last: a level per seat, as the setup screen allows (drawn from the seed by seat_levels).
@pytest.mark.parametrize("level", ["easy", "medium", "hard", "easy,medium,hard"])
@pytest.mark.parametrize(
    "table", LOOPING_TABLES, ids=["4p-two-decks", "6p", "2p-draw", "3p-two-decks-open-draw"]
)
def test_bots_only_tables_end(table: dict[str, Any], level: str) -> None:
    config = {**table, "options": {**table["options"], "move_limit": DEFAULT_CAP + 1}}
    hands = play_bots(config, seat_levels(config, level))
    assert max(hands) <= DEFAULT_CAP, f"{level} bots played {max(hands)} moves in one hand"


def test_a_level_list_seats_a_level_drawn_per_seat_the_same_every_time() -> None:
    """A mixed table's loop replays: the seed decides which level sits where."""
    configs = [loop_config(seed) for seed in range(40)]
    drawn = [seat_levels(config, "easy,medium,hard") for config in configs]
    assert drawn == [seat_levels(config, "easy,medium,hard") for config in configs]
    assert [len(levels) for levels in drawn] == [config["players"] for config in configs]
    assert {level for levels in drawn for level in levels} == {"easy", "medium", "hard"}
    assert any(len(set(levels)) > 1 for levels in drawn)
    assert seat_levels(configs[0], "hard") == ["hard"] * configs[0]["players"]


def test_a_mixed_run_plays_every_seed() -> None:
    report = run(6, "easy,hard", 0, 1, DEFAULT_CAP)
    assert report["level"] == "easy,hard"
    assert report["played"] == 6
    assert report["hands_past_cap"] == 0


def test_an_unknown_level_in_the_list_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown bot level 'grandmaster'"):
        run(1, "easy,grandmaster", 0, 1, DEFAULT_CAP)


def view_at(moves: int, sizes: list[int]) -> dict[str, Any]:
    return {
        "seat": 0,
        "hand_sizes": sizes,
        "pile_size": 3,
        "stock_size": 0,
        "out": [],
        "last_play": {"count": 3, "unresolved": True},
        "moves": moves,
    }


def test_a_bot_in_a_cycle_tries_another_kind_of_action() -> None:
    progress = Progress()
    view = view_at(10, [4, 5, 6])
    options = [(1.0, {"type": "challenge"}), (0.5, {"type": "believe"})]
    kinds = []
    for _ in range(5):
        steered = progress.steer(view, options)
        kinds.append(progress.remember(view, max(steered, key=lambda o: o[0])[1])["type"])
    assert kinds == ["challenge", "challenge", "believe", "believe", "challenge"]
    other = view_at(11, [4, 5, 7])
    assert position(other) != position(view)
    assert progress.steer(other, options) == options


def test_a_hand_past_patience_is_played_without_calls() -> None:
    progress = Progress()
    options = [(5.0, {"type": "challenge"}), (-1.0, {"type": "play", "cards": ["6H"], "rank": "7"})]
    assert progress.steer(view_at(PATIENCE - 1, [1, 2]), options) == options
    assert progress.steer(view_at(PATIENCE, [1, 2]), options) == options[1:]


def test_a_preset_run_plays_only_that_presets_seeds() -> None:
    """After a change to one edition's play, its configurations among the same seeds are
    checked again; the report says how many of the seeds it played."""
    quick = [seed for seed in range(30) if loop_config(seed)["preset"] == "quick"]
    report = run(30, "easy", 0, 1, DEFAULT_CAP, "quick")
    assert 0 < report["played"] == len(quick) < 30
    assert report["preset"] == "quick"
    assert report["hands"] >= len(quick)


def test_an_option_run_plays_only_the_seeds_with_that_option_on() -> None:
    """After a change to play where the rank ascends, those configurations are checked again."""
    ascending = [seed for seed in range(30) if loop_config(seed)["options"].get("ascending")]
    report = run(30, "easy", 0, 1, DEFAULT_CAP, option="ascending")
    assert 0 < report["played"] == len(ascending) < 30
    assert report["option"] == "ascending"
    assert report["hands"] >= len(ascending)


def test_an_option_list_plays_only_the_seeds_with_every_option_on() -> None:
    """After a change to play where the rank ascends in the draw format, only those configurations
    are checked again: fewer than with either option alone."""
    options = [loop_config(seed)["options"] for seed in range(60)]
    both = [seed for seed, on in enumerate(options) if on.get("draw") and on.get("ascending")]
    draw = [seed for seed, on in enumerate(options) if on.get("draw")]
    report = run(60, "easy", 0, 1, DEFAULT_CAP, option="draw,ascending")
    assert 0 < report["played"] == len(both) < len(draw)
    assert report["option"] == "draw,ascending"
