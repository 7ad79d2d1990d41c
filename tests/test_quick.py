"""Preset quick (seed 002): every rule of docs/rules.md, "Preset quick", from explicit hands."""

from __future__ import annotations

import pytest

from engine import Game
from engine.cards import RANKS_52
from tests.helpers import (
    believe,
    challenge,
    deal,
    hand,
    legal,
    only,
    play,
    rejected,
    types,
)


def quick(hands: list[list[str]], **options: object) -> Game:
    return deal(hands, preset="quick", options=dict(options))


THREE = [["2C", "3C", "4C"], ["5D", "6D", "7D"], ["8H", "9H", "10H"]]


@pytest.mark.parametrize(
    ("players", "counts"),
    [
        (3, [18, 17, 17]),
        (4, [13, 13, 13, 13]),
        (5, [11, 11, 10, 10, 10]),
        (6, [9, 9, 9, 9, 8, 8]),
    ],
)
def test_quick_deals_one_52_card_deck_to_3_to_6_players(players: int, counts: list[int]) -> None:
    game = Game.new({"preset": "quick", "players": players, "seed": 11})
    view = game.view(0)
    assert view["hand_sizes"] == counts
    assert view["stock_size"] == 0
    assert view["options"]["deck"] == 52
    assert view["options"]["decks"] == 1
    assert view["move_limit"] == 300
    every = sorted(card for seat in range(players) for card in hand(game, seat))
    assert every == sorted(rank + suit for rank in RANKS_52 for suit in "CDHS")


def test_quick_play_is_one_to_four_cards() -> None:
    game = quick([["2C", "2D", "2H", "2S", "3C", "3D"], ["5D"], ["8H"]])
    assert legal(game)["play"] == {"min": 1, "max": 4, "ranks": list(RANKS_52)}
    action = {"type": "play", "cards": ["2C", "2D", "2H", "2S", "3C"], "rank": "2"}
    assert rejected(game, 0, action) == "too_many_cards"
    assert rejected(game, 0, {"type": "play", "cards": [], "rank": "2"}) == "no_cards"


def test_quick_no_passing_and_no_veryu_outside_last_cards() -> None:
    game = quick([list(h) for h in THREE])
    play(game, 0, ["2C"], "2")
    assert legal(game) == {
        "play": {"min": 1, "max": 3, "ranks": ["2"]},
        "challenge": True,
        "believe": False,
        "pass": False,
    }
    assert rejected(game, 1, {"type": "pass"}) == "cannot_pass"
    assert rejected(game, 1, {"type": "believe"}) == "cannot_believe"


def test_quick_only_the_next_player_responds_and_playing_on_believes() -> None:
    game = quick([list(h) for h in THREE])
    play(game, 0, ["2C"], "2")
    assert game.to_move == 1
    assert game.legal(2) is None
    assert rejected(game, 2, {"type": "challenge"}) == "not_your_turn"
    events = play(game, 1, ["5D"], "2")
    assert "revealed" not in types(events)
    # The covered play is settled: seat 2 can only call on seat 1's play.
    events = challenge(game, 2)
    assert only(events, "revealed")["cards"] == ["5D"]
    assert only(events, "took_pile") == {"type": "took_pile", "seat": 1, "count": 2}


def test_quick_russian_mode_opener_claims_any_rank_fixed_until_challenge() -> None:
    game = quick([list(h) for h in THREE])
    assert game.view(0)["round_rank"] is None
    play(game, 0, ["2C"], "K")  # the opener need not hold the rank
    assert game.view(1)["round_rank"] == "K"
    play(game, 1, ["5D"], "K")
    assert legal(game)["play"]["ranks"] == ["K"]
    challenge(game, 2)  # bluff: seat 1 takes; seat 2 won the duel and opens freely
    assert game.to_move == 2
    assert legal(game)["play"]["ranks"] == list(RANKS_52)


def test_quick_duel_winner_opens_honest_author() -> None:
    game = quick([list(h) for h in THREE])
    play(game, 0, ["2C"], "2")
    events = challenge(game, 1)
    assert only(events, "took_pile")["seat"] == 1
    assert game.to_move == 0  # the honest player won the duel
    assert legal(game)["play"]["ranks"] == list(RANKS_52)
    assert legal(game)["challenge"] is False
    assert game.view(0)["pile_size"] == 0


def test_quick_duel_winner_opens_successful_challenger() -> None:
    game = quick([list(h) for h in THREE])
    play(game, 0, ["2C"], "2")
    play(game, 1, ["5D"], "2")
    challenge(game, 2)
    assert hand(game, 1) == ["2C", "5D", "6D", "7D"]
    assert game.to_move == 2
    assert legal(game)["play"]["ranks"] == list(RANKS_52)


def test_quick_ascending_mode_starts_at_ace_and_carries_on_after_challenges() -> None:
    game = quick([list(h) for h in THREE], ascending=True)
    view = game.view(0)
    assert view["next_rank"] == "A"
    assert view["round_rank"] is None
    assert legal(game)["play"]["ranks"] == ["A"]
    play(game, 0, ["2C"], "A")
    assert legal(game)["play"]["ranks"] == ["2"]
    play(game, 1, ["5D"], "2")
    challenge(game, 2)  # bluff: seat 1 takes; seat 2 opens with the next rank, not Ace
    assert game.to_move == 2
    assert legal(game)["play"]["ranks"] == ["3"]
    play(game, 2, ["8H"], "3")
    challenge(game, 0)  # bluff again: seat 2 takes, seat 0 opens with 4
    assert legal(game)["play"]["ranks"] == ["4"]


def test_quick_ascending_wraps_from_king_to_ace() -> None:
    cards = [rank + "C" for rank in RANKS_52] + [rank + "D" for rank in RANKS_52]
    game = quick([cards[:9], cards[9:18], cards[18:]], ascending=True)
    claims = []
    for _ in range(15):
        seat = game.to_move
        assert seat is not None
        rank = legal(game)["play"]["ranks"][0]
        claims.append(rank)
        play(game, seat, [hand(game, seat)[0]], rank)
    assert claims == ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2"]


# ----------------------------------------------------------------- last cards


def test_quick_last_cards_next_player_must_call() -> None:
    game = quick([["2C"], ["5D", "6D"], ["8H", "9H"]])
    play(game, 0, ["2C"], "2")
    assert legal(game) == {"play": None, "challenge": True, "believe": True, "pass": False}
    assert rejected(game, 1, {"type": "play", "cards": ["5D"], "rank": "2"}) == "must_call"
    assert rejected(game, 1, {"type": "pass"}) == "cannot_pass"
    assert not game.is_over


def test_quick_last_cards_believed_ends_game_author_wins() -> None:
    game = quick([["2C"], ["5D", "6D"], ["8H", "9H", "10H"]])
    play(game, 0, ["2C"], "2")
    events = believe(game, 1)
    assert types(events) == ["believed", "revealed", "out", "hand_over", "game_over"]
    assert only(events, "revealed")["honest"] is True
    assert game.result is not None
    assert game.result["winner"] == 0
    assert game.result["reason"] == "out"
    assert game.result["ranking"] == [
        {"seat": 0, "place": 1, "cards": 0},
        {"seat": 1, "place": 2, "cards": 2},
        {"seat": 2, "place": 3, "cards": 3},
    ]


def test_quick_last_cards_wrong_believer_takes_pile_author_still_wins() -> None:
    game = quick([["3C"], ["5D", "6D"], ["8H", "9H", "10H"]])
    play(game, 0, ["3C"], "2")
    events = believe(game, 1)
    assert only(events, "revealed")["honest"] is False
    assert only(events, "took_pile") == {"type": "took_pile", "seat": 1, "count": 1}
    assert game.result is not None
    assert game.result["winner"] == 0
    # The pile counts for the placing: seat 1 now holds three cards, tied with seat 2.
    assert game.result["ranking"] == [
        {"seat": 0, "place": 1, "cards": 0},
        {"seat": 1, "place": 2, "cards": 3},
        {"seat": 2, "place": 2, "cards": 3},
    ]


def test_quick_last_cards_challenged_honest_ends_game_challenger_takes_pile() -> None:
    honest = quick([["2C"], ["5D", "6D"], ["8H", "9H", "10H"]])
    play(honest, 0, ["2C"], "2")
    events = challenge(honest, 1)
    assert only(events, "took_pile") == {"type": "took_pile", "seat": 1, "count": 1}
    assert types(events)[-3:] == ["out", "hand_over", "game_over"]
    assert honest.result is not None
    assert honest.result["winner"] == 0
    assert honest.result["ranking"] == [
        {"seat": 0, "place": 1, "cards": 0},
        {"seat": 1, "place": 2, "cards": 3},
        {"seat": 2, "place": 2, "cards": 3},
    ]


def test_quick_last_cards_caught_bluff_takes_pile_game_goes_on_challenger_opens() -> None:
    game = quick([["3C"], ["5D", "6D"], ["8H", "9H"]])
    play(game, 0, ["3C"], "2")
    events = challenge(game, 1)
    assert "out" not in types(events)
    assert hand(game, 0) == ["3C"]
    assert not game.is_over
    assert game.to_move == 1
    assert legal(game)["play"]["ranks"] == list(RANKS_52)


def test_quick_placing_winner_then_by_cards_held_ties_share() -> None:
    game = quick([["2C"], ["5D", "6D"], ["8H", "9H"], ["10S", "JS", "QS"]])
    play(game, 0, ["2C"], "2")
    believe(game, 1)
    assert game.result is not None
    assert game.result["ranking"] == [
        {"seat": 0, "place": 1, "cards": 0},
        {"seat": 1, "place": 2, "cards": 2},
        {"seat": 2, "place": 2, "cards": 2},
        {"seat": 3, "place": 4, "cards": 3},
    ]


# ----------------------------------------------------------------- 300-move limit


def _bluff_and_get_caught(game: Game) -> None:
    """One exchange that changes no hand: the mover bluffs one card, the next catches it."""
    seat = game.to_move
    assert seat is not None
    card = hand(game, seat)[0]
    rank = next(r for r in legal(game)["play"]["ranks"] if r != card[:-1])
    play(game, seat, [card], rank)
    caller = game.to_move
    assert caller is not None
    challenge(game, caller)


def test_quick_move_limit_300_fewest_cards_wins() -> None:
    game = quick([["2C", "3C"], ["5D", "6D", "7D"], ["8H", "9H", "10H"]])
    for _ in range(149):
        _bluff_and_get_caught(game)
    seat = game.to_move
    assert seat is not None
    card = hand(game, seat)[0]
    play(game, seat, [card], next(r for r in legal(game)["play"]["ranks"] if r != card[:-1]))
    assert game.view(0)["moves"] == 299
    assert not game.is_over
    events = challenge(game, game.to_move or 0)
    assert game.is_over
    assert game.view(0)["moves"] == 300
    over = only(events, "game_over")
    assert over["reason"] == "move_limit"
    assert over["winner"] == 0
    assert over["draw"] is False
    assert over["ranking"] == [
        {"seat": 0, "place": 1, "cards": 2},
        {"seat": 1, "place": 2, "cards": 3},
        {"seat": 2, "place": 2, "cards": 3},
    ]


def test_quick_move_limit_tie_at_top_is_a_draw() -> None:
    game = quick([["2C", "3C"], ["5D", "6D"], ["8H", "9H", "10H"]])
    for _ in range(150):
        _bluff_and_get_caught(game)
    assert game.result is not None
    assert game.result["reason"] == "move_limit"
    assert game.result["draw"] is True
    assert game.result["winner"] is None
    assert [entry["place"] for entry in game.result["ranking"]] == [1, 1, 3]


def test_quick_move_limit_option_changes_or_removes_the_limit() -> None:
    short = quick([["2C", "3C"], ["5D", "6D", "7D"], ["8H", "9H", "10H"]], move_limit=20)
    for _ in range(10):
        _bluff_and_get_caught(short)
    assert short.is_over
    unlimited = quick([["2C", "3C"], ["5D", "6D", "7D"], ["8H", "9H", "10H"]], move_limit=None)
    for _ in range(200):
        _bluff_and_get_caught(unlimited)
    assert not unlimited.is_over
    assert unlimited.view(0)["move_limit"] is None
