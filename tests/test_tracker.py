"""The card tracker (engine.tracker): only what the seat could see, and every claim true."""

from __future__ import annotations

from collections import Counter
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import Game, visible_events
from engine.cards import rank_of
from engine.tracker import track
from tests.helpers import random_walk
from tests.strategies import configs


def by_rank(report: dict[str, Any]) -> dict[str, dict[str, Any]]:
    return {entry["rank"]: entry for entry in report["ranks"]}


def check(game: Game, seat: int, seen: list[dict[str, Any]], full: list[dict[str, Any]]) -> None:
    view = game.view(seat)
    report = track(view, seen)
    # Handed the hidden cards too, it must say exactly the same: it never reads them.
    assert track(view, full) == report
    copies = Counter(rank_of(card) for card in game.cards)
    hand = Counter(rank_of(card) for card in game.hands[seat])
    discard = Counter(rank_of(card) for card in game.discard)
    pile = Counter(rank_of(card) for play in game.pile for card in play["cards"])
    for rank, entry in by_rank(report).items():
        assert entry["total"] == copies[rank]
        assert entry["mine"] == hand[rank]
        assert entry["discard"] == discard[rank]
        assert entry["pile"] <= pile[rank]
        assert entry["held"][seat] == 0
        for other, count in enumerate(entry["held"]):
            # "Holds at least": true of the hidden hand, whatever happened since.
            assert count <= Counter(rank_of(c) for c in game.hands[other])[rank]
        parts = entry["mine"] + entry["discard"] + entry["pile"] + sum(entry["held"])
        assert entry["unaccounted"] >= 0
        assert parts + entry["unaccounted"] == entry["total"]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(config=configs(), moves=st.integers(1, 150), policy_seed=st.integers(0, 2**16))
def test_tracker_is_sound_over_random_games(
    config: dict[str, Any], moves: int, policy_seed: int
) -> None:
    for spot in random_walk(config, moves, policy_seed):
        check(*spot)


def test_cards_taken_with_the_pile_are_held_until_they_could_be_played_away() -> None:
    game = Game.from_deal(
        {
            "preset": "classic",
            "players": 2,
            "dealer": 1,
            "options": {"keep_rank_after_failed_challenge": True},
            "hands": [["7H", "7S", "9C"], ["8C", "8D", "10H", "JS"]],
        }
    )
    seen = visible_events(game.apply(0, {"type": "play", "cards": ["7H", "7S"], "rank": "7"}), 0)
    assert by_rank(track(game.view(0), seen))["7"]["pile"] == 2
    seen += visible_events(game.apply(1, {"type": "challenge"}), 0)  # honest: seat 1 takes
    sevens = by_rank(track(game.view(0), seen))["7"]
    assert (sevens["pile"], sevens["held"], sevens["unaccounted"]) == (0, [0, 2], 2)
    seen += visible_events(game.apply(0, {"type": "play", "cards": ["9C"], "rank": "7"}), 0)
    seen += visible_events(game.apply(1, {"type": "play", "cards": ["7H"], "rank": "7"}), 0)
    sevens = by_rank(track(game.view(0), seen))["7"]
    assert (sevens["held"], sevens["unaccounted"]) == ([0, 1], 3)  # one may be gone
