"""Dealing, and configurations that make no sense refused with a stable error code."""

from __future__ import annotations

from typing import Any

import pytest

from engine import EngineError, Game
from engine.cards import RANKS_52, build_deck
from engine.deal import deal as deal_cards
from engine.deal import shuffled
from tests.helpers import hand

# ----------------------------------------------------------------- dealing


def test_dealing_one_card_at_a_time_clockwise_from_the_seat_after_the_dealer() -> None:
    deck = [f"{rank}C" for rank in ("6", "7", "8", "9", "10", "J", "Q")]
    hands, stock = deal_cards(deck, 3, 1, None)
    assert hands == [["7C", "10C"], ["8C", "JC"], ["6C", "9C", "QC"]]
    assert stock == []


@pytest.mark.parametrize("dealer", range(5))
def test_dealing_whole_deck_first_players_after_dealer_get_the_extra_card(dealer: int) -> None:
    game = Game.new({"preset": "classic", "players": 5, "seed": 8, "dealer": dealer})
    sizes = game.view(0)["hand_sizes"]
    first = (dealer + 1) % 5
    assert sizes[first] == 8
    assert sorted(sizes) == [7, 7, 7, 7, 8]
    assert game.to_move == first
    # Every card of the shuffled deck went round the table one at a time.
    deck = shuffled(game.cards, 8, 1)
    for k in range(5):
        seat = (dealer + 1 + k) % 5
        assert sorted(hand(game, seat)) == sorted(deck[k::5])


def test_dealing_52_cards_to_four_gives_thirteen_each_no_stock() -> None:
    game = Game.new({"preset": "classic", "players": 4, "seed": 1, "options": {"deck": 52}})
    everything = sorted(card for seat in range(4) for card in hand(game, seat))
    assert everything == sorted(build_deck(52, 1))
    assert game.view(0)["stock_size"] == 0


def test_dealing_draw_format_five_each_one_at_a_time_rest_is_stock_in_order() -> None:
    game = Game.new(
        {"preset": "classic", "players": 3, "seed": 6, "dealer": 0, "options": {"draw": True}}
    )
    deck = shuffled(game.cards, 6, 1)
    assert sorted(hand(game, 1)) == sorted(deck[0:15:3])
    assert sorted(hand(game, 2)) == sorted(deck[1:15:3])
    assert sorted(hand(game, 0)) == sorted(deck[2:15:3])
    assert game.to_json()["stock"] == deck[15:]
    assert game.view(0)["stock_size"] == 21


def test_dealing_two_decks_holds_every_card_twice() -> None:
    game = Game.new({"preset": "classic", "players": 6, "seed": 2})
    everything = sorted(card for seat in range(6) for card in hand(game, seat))
    assert everything == sorted(build_deck(36, 2))


def test_hands_are_shown_sorted_by_rank_then_suit() -> None:
    game = Game.new({"preset": "quick", "players": 4, "seed": 5})
    order = {rank: i for i, rank in enumerate(RANKS_52)}
    cards = hand(game, 0)
    keys = [(order[card[:-1]], "CDHS".index(card[-1])) for card in cards]
    assert keys == sorted(keys)


# ----------------------------------------------------------------- refused configurations


def refused(config: object) -> str:
    with pytest.raises(EngineError) as caught:
        Game.new(config)
    assert caught.value.message
    return caught.value.code


BASE: dict[str, Any] = {"preset": "classic", "players": 4, "seed": 1}


@pytest.mark.parametrize(
    ("config", "code"),
    [
        ({**BASE, "players": 7}, "bad_players"),
        ({**BASE, "players": 1}, "bad_players"),
        ({**BASE, "players": "4"}, "bad_players"),
        ({**BASE, "players": True}, "bad_players"),
        ({"preset": "classic", "seed": 1}, "bad_players"),
        ({**BASE, "preset": "quick", "players": 2}, "bad_players"),
        ({**BASE, "preset": "quick", "players": 7}, "bad_players"),
        ({**BASE, "preset": "poker"}, "unknown_preset"),
        ({**BASE, "seed": "x"}, "bad_seed"),
        ({**BASE, "seed": 1.5}, "bad_seed"),
        ({"preset": "classic", "players": 4}, "bad_seed"),
        ({**BASE, "options": {"jokers": True}}, "unknown_option"),
        ({**BASE, "preset": "quick", "options": {"deck": 36}}, "option_not_in_preset"),
        ({**BASE, "preset": "quick", "options": {"draw": True}}, "option_not_in_preset"),
        ({**BASE, "preset": "quick", "options": {"open_challenge": True}}, "option_not_in_preset"),
        ({**BASE, "preset": "quick", "options": {"ending": "match"}}, "option_not_in_preset"),
        ({**BASE, "preset": "quick", "options": {"decks": 2}}, "option_not_in_preset"),
        ({**BASE, "preset": "quick", "options": {"no_aces": True}}, "option_not_in_preset"),
        ({**BASE, "options": {"deck": 40}}, "bad_option"),
        ({**BASE, "options": {"deck": "36"}}, "bad_option"),
        ({**BASE, "options": {"decks": 3}}, "bad_option"),
        ({**BASE, "options": {"draw": 1}}, "bad_option"),
        ({**BASE, "options": {"ascending": "yes"}}, "bad_option"),
        ({**BASE, "options": {"ending": "sudden_death"}}, "bad_option"),
        ({**BASE, "options": {"ending": "match", "hands": 0}}, "bad_option"),
        ({**BASE, "options": {"ending": "match", "hands": 51}}, "bad_option"),
        ({**BASE, "options": {"hands": 3}}, "bad_option"),
        ({**BASE, "options": {"move_limit": 5}}, "bad_option"),
        ({**BASE, "options": {"move_limit": "300"}}, "bad_option"),
        ({**BASE, "options": {"move_limit": True}}, "bad_option"),
        ({**BASE, "preset": "quick", "options": {"move_limit": 0}}, "bad_option"),
        ({**BASE, "options": []}, "bad_config"),
        ({**BASE, "dealer": 4}, "bad_config"),
        ({**BASE, "dealer": -1}, "bad_config"),
        ({**BASE, "colour": "red"}, "bad_config"),
        (None, "bad_config"),
        ("classic", "bad_config"),
    ],
)
def test_config_refused_with_its_error_code(config: object, code: str) -> None:
    assert refused(config) == code


@pytest.mark.parametrize(
    "config",
    [
        {**BASE, "players": 2},
        {**BASE, "players": 6, "options": {"decks": 1}},
        {**BASE, "options": {"deck": 52, "decks": 2, "draw": True, "no_aces": True}},
        {**BASE, "options": {"ascending": True, "open_challenge": True, "move_limit": 10}},
        {**BASE, "options": {"ending": "match", "hands": 50}},
        {**BASE, "options": {"ending": "last_loser", "keep_rank_after_failed_challenge": True}},
        {"preset": "quick", "players": 3, "seed": 0, "options": {"ascending": True}},
        {"preset": "quick", "players": 6, "seed": 0, "options": {"move_limit": None}},
    ],
)
def test_config_accepted_combinations(config: dict[str, Any]) -> None:
    game = Game.new(config)
    assert game.to_move is not None
    assert not game.is_over


def deal_refused(data: object) -> str:
    with pytest.raises(EngineError) as caught:
        Game.from_deal(data)
    return caught.value.code


def test_explicit_deal_refusals() -> None:
    good: dict[str, Any] = {"preset": "classic", "players": 2, "hands": [["6H"], ["7H"]]}
    assert Game.from_deal(good).to_move == 0
    assert deal_refused({**good, "hands": [["6H"]]}) == "bad_deal"
    assert deal_refused({**good, "hands": [["6H"], []]}) == "bad_deal"
    assert deal_refused({**good, "hands": "6H 7H"}) == "bad_deal"
    assert deal_refused({**good, "hands": [["6H"], ["6H"]]}) == "bad_deal"
    assert deal_refused({**good, "stock": "7S"}) == "bad_deal"
    # Without the draw format nobody would ever draw it, and nobody could go out.
    assert deal_refused({**good, "stock": ["7S"]}) == "bad_deal"
    drawing = {**good, "options": {"draw": True}, "stock": ["7S"]}
    assert Game.from_deal(drawing).view(0)["hand"] == ["6H", "7S"]
    assert deal_refused({**good, "hands": [["6H"], ["2H"]]}) == "bad_card"
    assert deal_refused({**good, "hands": [["6H"], ["7X"]]}) == "bad_card"
    assert deal_refused({**good, "players": 7}) == "bad_players"
    assert deal_refused({**good, "options": {"jokers": 1}}) == "unknown_option"
    assert deal_refused(["6H"]) == "bad_config"
    two_decks = {**good, "options": {"decks": 2}, "hands": [["6H", "6H"], ["7H"]]}
    assert Game.from_deal(two_decks).view(0)["hand"] == ["6H", "6H"]
