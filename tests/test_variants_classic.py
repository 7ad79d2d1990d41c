"""Preset classic, every variant of docs/rules.md, "Preset classic", from explicit hands."""

from __future__ import annotations

from engine import Game
from engine.cards import RANKS_52
from tests.helpers import (
    believe,
    challenge,
    deal,
    hand,
    legal,
    only,
    pass_,
    play,
    rejected,
    sizes,
    suits,
    types,
)

# ----------------------------------------------------------------- no aces


def test_no_aces_ace_may_not_be_chosen_as_round_rank() -> None:
    game = deal([["AH", "7H"], ["8C"], ["9D"]], options={"no_aces": True})
    assert legal(game)["play"]["ranks"] == ["6", "7", "8", "9", "10", "J", "Q", "K"]
    assert rejected(game, 0, {"type": "play", "cards": ["AH"], "rank": "A"}) == "wrong_rank"
    play(game, 0, ["AH"], "7")  # an ace can still be played as a bluff
    assert game.view(1)["round_rank"] == "7"


def test_no_aces_new_round_after_pickup_also_refuses_ace() -> None:
    game = deal([["AH", "7H"], ["8C", "AC"], ["9D"]], options={"no_aces": True, "deck": 52})
    play(game, 0, ["AH"], "7")
    challenge(game, 1)
    assert game.to_move == 1
    assert "A" not in legal(game)["play"]["ranks"]
    assert legal(game)["play"]["ranks"][0] == "2"


# ----------------------------------------------------------------- draw format


def test_draw_format_deals_five_each_and_rest_is_stock() -> None:
    game = Game.new({"preset": "classic", "players": 4, "seed": 3, "options": {"draw": True}})
    view = game.view(0)
    assert view["hand_sizes"] == [5, 5, 5, 5]
    assert view["stock_size"] == 16


def test_draw_format_refills_to_five_at_turn_start_while_stock_lasts() -> None:
    game = deal(
        [suits("6"), suits("7"), suits("8")],
        options={"draw": True},
        stock=["9C", "9D", "9H", "10C"],
    )
    # Seat 0 (the opener) had four cards: it drew one before its first turn.
    assert hand(game, 0) == ["6C", "6D", "6H", "6S", "9C"]
    assert game.view(0)["stock_size"] == 3
    events = play(game, 0, ["6C", "6D"], "6")
    # Seat 1 draws one card at the start of its turn; the drawn card is only its own.
    assert only(events, "drew") == {"type": "drew", "seat": 1, "count": 1, "cards": ["9D"]}
    assert hand(game, 1) == ["7C", "7D", "7H", "7S", "9D"]
    play(game, 1, ["7C"], "6")
    assert hand(game, 2) == ["8C", "8D", "8H", "8S", "9H"]
    events = play(game, 2, ["8C"], "6")
    # Seat 0 needs two but only one card is left: it draws that one.
    assert only(events, "drew") == {"type": "drew", "seat": 0, "count": 1, "cards": ["10C"]}
    assert hand(game, 0) == ["6H", "6S", "9C", "10C"]
    assert game.view(0)["stock_size"] == 0
    events = play(game, 0, ["6H"], "6")
    assert "drew" not in types(events)
    assert sizes(game) == [3, 4, 4]


def test_draw_format_nobody_out_while_stock_lasts_empty_hand_draws_next_turn() -> None:
    sixes = ["6C", "6D", "6H", "6S", "6C"]
    game = deal(
        [sixes, [*suits("7"), "8C"], [*suits("9"), "8D"]],
        options={"draw": True, "decks": 2},
        stock=["10C", "10D", "10H", "10S", "JC", "JD"],
    )
    play(game, 0, sixes, "6")  # seat 0 plays its last cards while the stock still has cards
    events = play(game, 1, ["7C"], "6")  # the play stands
    assert "out" not in types(events)
    assert game.view(0)["out"] == []
    assert not game.is_over
    events = play(game, 2, ["9C"], "6")
    assert game.to_move == 0
    assert only(events, "drew")["seat"] == 0
    assert hand(game, 0) == ["10C", "10D", "10H", "10S", "JC"]  # draws five, plays on
    assert game.view(0)["stock_size"] == 1


def test_draw_format_empty_hand_is_out_once_stock_is_empty() -> None:
    game = deal(
        [["6C", "6D", "6H", "6S", "7C"], ["8C", "8D", "8H", "8S", "7D"], ["9C", "9D", "9H"]],
        options={"draw": True},
        stock=["10C", "10D"],
    )
    play(game, 0, ["6C", "6D", "6H", "6S"], "6")
    events = play(game, 1, ["8C", "8D", "8H", "8S"], "6")
    assert "drew" in types(events)  # seat 2 refilled to five and emptied the stock
    assert game.view(0)["stock_size"] == 0
    challenge(game, 2)  # seat 1 bluffed: it takes the pile, seat 2 opens
    play(game, 2, ["9C"], "9")
    events = play(game, 0, ["7C"], "9")  # seat 0's last card
    events += play(game, 1, ["7D"], "9")
    assert {"type": "out", "seat": 0, "place": 1} in events
    assert game.is_over


# ----------------------------------------------------------------- ascending value


def test_ascending_36_starts_at_ace_then_six_to_king_and_wraps() -> None:
    cards = ["6C", "6D", "6H", "6S", "7C", "7D", "7H", "7S", "8C", "8D", "8H", "8S"]
    game = deal([cards[:6], cards[6:]], options={"ascending": True})
    order = []
    for _ in range(11):
        view = game.view(game.to_move or 0)
        assert view["round_rank"] is None
        order.append(view["next_rank"])
        seat = game.to_move
        assert seat is not None
        assert legal(game)["play"]["ranks"] == [view["next_rank"]]
        play(game, seat, [hand(game, seat)[0]], view["next_rank"])
    assert order == ["A", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "6"]


def test_ascending_52_order_is_ace_two_to_king_then_ace() -> None:
    game = deal(
        [suits("2") + suits("3"), suits("4") + suits("5")], options={"ascending": True, "deck": 52}
    )
    order = []
    for _ in range(8):
        seat = game.to_move
        assert seat is not None
        rank = legal(game)["play"]["ranks"][0]
        order.append(rank)
        play(game, seat, [hand(game, seat)[0]], rank)
    assert order == ["A", "2", "3", "4", "5", "6", "7", "8"]


def test_ascending_wrap_after_king_in_52() -> None:
    game = deal(
        [suits("2") + suits("3") + suits("4") + ["5C"], suits("6") + suits("7") + suits("8")],
        options={"ascending": True, "deck": 52},
    )
    order = []
    for _ in range(15):
        seat = game.to_move
        assert seat is not None
        rank = legal(game)["play"]["ranks"][0]
        order.append(rank)
        play(game, seat, [hand(game, seat)[0]], rank)
    assert order == ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A", "2"]


def test_ascending_sequence_carries_on_across_pickups_and_rounds() -> None:
    game = deal(
        [["6C", "6D", "7C"], ["8C", "8D", "9C"], ["10C", "JC"]], options={"ascending": True}
    )
    play(game, 0, ["6C"], "A")  # a bluff
    play(game, 1, ["8C"], "6")
    challenge(game, 2)  # seat 1 bluffed and takes; seat 2 opens a new round
    assert game.to_move == 2
    assert legal(game)["play"]["ranks"] == ["7"]
    events = play(game, 2, ["10C"], "7")
    assert events[0] == {"type": "round_opened", "seat": 2, "rank": "7"}
    believe(game, 0)  # false: seat 0 takes; seat 1 opens with the next rank
    assert game.to_move == 1
    assert game.view(1)["next_rank"] == "8"


def test_ascending_true_veryu_sequence_goes_on_after_the_discarded_play() -> None:
    game = deal([["AC", "6D"], ["6C", "9C"], ["10C", "JC"]], options={"ascending": True})
    play(game, 0, ["AC"], "A")
    play(game, 1, ["6C"], "6")
    believe(game, 2)
    assert game.view(0)["discard"] == ["6C"]
    assert game.to_move == 0
    assert legal(game)["play"]["ranks"] == ["7"]


def test_ascending_with_no_aces_skips_ace() -> None:
    game = deal(
        [suits("6") + suits("7"), suits("8") + suits("9"), suits("10") + suits("J")],
        options={"ascending": True, "no_aces": True},
    )
    order = []
    for _ in range(10):
        seat = game.to_move
        assert seat is not None
        rank = legal(game)["play"]["ranks"][0]
        order.append(rank)
        play(game, seat, [hand(game, seat)[0]], rank)
    assert order == ["6", "7", "8", "9", "10", "J", "Q", "K", "6", "7"]


# ----------------------------------------------------------------- open challenge

FIVE = [["6C", "6D"], ["7C", "7D"], ["8C", "8D"], ["9C", "9D"], ["10C", "10D"]]


def test_open_challenge_window_clockwise_from_the_one_after_next_player() -> None:
    game = deal([list(h) for h in FIVE], options={"open_challenge": True})
    play(game, 0, ["6C"], "6")
    view = game.view(2)
    assert view["window"] == [2, 3, 4]
    assert view["turn"] == 1
    assert game.to_move == 2
    assert legal(game) == {"play": None, "challenge": True, "believe": True, "pass": True}
    assert game.legal(1) is None
    assert rejected(game, 1, {"type": "play", "cards": ["7C"], "rank": "6"}) == "not_your_turn"
    assert rejected(game, 2, {"type": "play", "cards": ["8C"], "rank": "6"}) == "not_your_turn"
    assert pass_(game, 2) == [{"type": "passed", "seat": 2}]
    assert game.to_move == 3
    pass_(game, 3)
    assert game.to_move == 4
    pass_(game, 4)
    # Then the next player takes the turn as usual.
    assert game.to_move == 1
    assert legal(game) == {
        "play": {"min": 1, "max": 2, "ranks": ["6"]},
        "challenge": True,
        "believe": True,
        "pass": False,
    }
    assert rejected(game, 1, {"type": "pass"}) == "cannot_pass"


def test_open_challenge_window_wraps_around_past_seat_zero() -> None:
    game = deal([list(h) for h in FIVE], options={"open_challenge": True}, dealer=2)
    assert game.to_move == 3
    play(game, 3, ["9C"], "9")
    assert game.view(0)["window"] == [0, 1, 2]


def test_open_challenge_first_call_resolves_the_play() -> None:
    game = deal([list(h) for h in FIVE], options={"open_challenge": True})
    play(game, 0, ["6C"], "7")
    pass_(game, 2)
    events = challenge(game, 3)
    assert types(events) == ["challenged", "revealed", "took_pile"]
    assert only(events, "took_pile")["seat"] == 0
    assert game.view(0)["window"] == []
    # A pick-up ends the taker's turn: the seat after the taker (seat 0) opens.
    assert game.to_move == 1
    assert legal(game)["challenge"] is False
    assert len(legal(game)["play"]["ranks"]) == 9


def test_open_challenge_failed_challenge_taker_turn_ends_next_opens() -> None:
    game = deal([list(h) for h in FIVE], options={"open_challenge": True})
    play(game, 0, ["6C"], "6")
    pass_(game, 2)
    challenge(game, 3)
    assert hand(game, 3) == ["6C", "9C", "9D"]
    assert game.to_move == 4
    assert len(legal(game)["play"]["ranks"]) == 9


def test_open_challenge_true_veryu_by_non_turn_player_next_player_must_play() -> None:
    game = deal([list(h) for h in FIVE], options={"open_challenge": True})
    play(game, 0, ["6C"], "6")
    pass_(game, 2)
    events = believe(game, 3)
    assert types(events) == ["believed", "revealed", "discarded"]
    assert game.view(0)["discard"] == ["6C"]
    assert game.to_move == 1
    assert legal(game) == {
        "play": {"min": 1, "max": 2, "ranks": ["6"]},
        "challenge": False,
        "believe": False,
        "pass": False,
    }


def test_open_challenge_false_veryu_in_window_believer_takes_and_next_opens() -> None:
    game = deal([list(h) for h in FIVE], options={"open_challenge": True})
    play(game, 0, ["6C"], "7")
    pass_(game, 2)
    pass_(game, 3)
    believe(game, 4)
    assert hand(game, 4) == ["6C", "10C", "10D"]
    assert game.to_move == 0
    assert len(legal(game)["play"]["ranks"]) == 9


def test_open_challenge_with_two_players_has_no_window() -> None:
    game = deal([["6C", "6D"], ["7C", "7D"]], options={"open_challenge": True})
    play(game, 0, ["6C"], "6")
    assert game.to_move == 1
    assert game.view(1)["window"] == []
    assert legal(game)["pass"] is False


def test_open_challenge_window_skips_players_who_are_out() -> None:
    game = deal(
        [["6C"], ["7C", "7D"], ["8C", "8D"], ["9C", "9D"]],
        options={"open_challenge": True, "ending": "last_loser"},
    )
    play(game, 0, ["6C"], "6")
    pass_(game, 2)
    pass_(game, 3)
    play(game, 1, ["7C"], "6")  # seat 0's last card stands: out
    assert game.view(1)["out"] == [0]
    assert game.view(1)["window"] == [3]
    assert game.to_move == 3


# ----------------------------------------------------------------- two decks, 52 cards


def test_two_decks_default_with_six_players_up_to_eight_cards() -> None:
    game = Game.new({"preset": "classic", "players": 6, "seed": 1})
    view = game.view(0)
    assert view["options"]["decks"] == 2
    assert sum(view["hand_sizes"]) == 72
    assert view["hand_sizes"] == [12] * 6
    assert legal(game)["play"]["max"] == 8
    five = Game.new({"preset": "classic", "players": 5, "seed": 1})
    assert five.view(0)["options"]["decks"] == 1
    assert sum(five.view(0)["hand_sizes"]) == 36
    assert legal(five)["play"]["max"] == 4


def test_two_decks_play_of_eight_with_duplicate_cards() -> None:
    cards = suits("7") * 2 + ["8C"]
    game = deal([cards, ["9C"]], options={"decks": 2})
    assert legal(game)["play"]["max"] == 8
    action = {"type": "play", "cards": cards, "rank": "7"}
    assert rejected(game, 0, action) == "too_many_cards"
    play(game, 0, suits("7") * 2, "7")
    assert hand(game, 0) == ["8C"]
    events = challenge(game, 1)
    assert only(events, "revealed")["honest"] is True
    assert only(events, "took_pile")["count"] == 8


def test_two_decks_single_copy_cannot_be_played_twice() -> None:
    game = deal([["7C", "8C"], ["9C"]], options={"decks": 2})
    action = {"type": "play", "cards": ["7C", "7C"], "rank": "7"}
    assert rejected(game, 0, action) == "card_not_in_hand"


def test_deck_of_52_has_low_ranks_and_all_thirteen_claims() -> None:
    game = Game.new({"preset": "classic", "players": 4, "seed": 2, "options": {"deck": 52}})
    assert game.view(0)["hand_sizes"] == [13, 13, 13, 13]
    assert legal(game)["play"]["ranks"] == list(RANKS_52)
    game36 = deal([["6C"], ["7C"]])
    assert rejected(game36, 0, {"type": "play", "cards": ["2C"], "rank": "6"}) == "bad_card"
    assert rejected(game36, 0, {"type": "play", "cards": ["6C"], "rank": "2"}) == "bad_rank"


# ----------------------------------------------------------------- keep rank (rule 3 reading)


def test_keep_rank_after_failed_challenge_same_rank_continues() -> None:
    game = deal(
        [["6H", "7H"], ["8C", "9C"], ["10D", "JD"]],
        options={"keep_rank_after_failed_challenge": True},
    )
    play(game, 0, ["6H"], "6")
    events = challenge(game, 1)  # honest: the challenger takes, the same value continues
    assert only(events, "took_pile")["seat"] == 1
    assert game.to_move == 2
    assert legal(game) == {
        "play": {"min": 1, "max": 2, "ranks": ["6"]},
        "challenge": False,
        "believe": False,
        "pass": False,
    }
    events = play(game, 2, ["10D"], "6")
    assert "round_opened" not in types(events)


def test_keep_rank_after_successful_challenge_still_opens_new_round() -> None:
    game = deal(
        [["6H", "7H"], ["8C", "9C"], ["10D", "JD"]],
        options={"keep_rank_after_failed_challenge": True},
    )
    play(game, 0, ["7H"], "6")
    challenge(game, 1)  # bluff: seat 0 takes, seat 1 opens with a free rank
    assert game.to_move == 1
    assert len(legal(game)["play"]["ranks"]) == 9


def test_default_failed_challenge_starts_new_round() -> None:
    game = deal([["6H", "7H"], ["8C", "9C"], ["10D", "JD"]])
    play(game, 0, ["6H"], "6")
    challenge(game, 1)
    assert game.to_move == 2
    assert len(legal(game)["play"]["ranks"]) == 9


# ----------------------------------------------------------------- move limit in classic


def _bluff_and_get_caught(game: Game) -> None:
    """One exchange that changes no hand: the mover bluffs one card, the next catches it."""
    seat = game.to_move
    assert seat is not None
    rule = legal(game)
    card = hand(game, seat)[0]
    rank = next(r for r in rule["play"]["ranks"] if r != card[:-1])
    play(game, seat, [card], rank)
    caller = game.to_move
    assert caller is not None
    challenge(game, caller)


def test_classic_move_limit_ends_game_fewest_cards_wins() -> None:
    game = deal([["6C", "6D"], ["7C", "7D", "7H"], ["8C", "8D", "8H"]], options={"move_limit": 10})
    assert game.view(0)["move_limit"] == 10
    for _ in range(4):
        _bluff_and_get_caught(game)
    assert game.view(0)["moves"] == 8
    seat = game.to_move
    assert seat is not None
    card = hand(game, seat)[0]
    play(game, seat, [card], next(r for r in legal(game)["play"]["ranks"] if r != card[:-1]))
    assert not game.is_over
    events = challenge(game, game.to_move or 0)
    assert game.is_over
    assert only(events, "game_over")["reason"] == "move_limit"
    assert game.result is not None
    assert game.result["winner"] == 0
    assert game.result["draw"] is False
    assert [e["seat"] for e in game.result["ranking"]] == [0, 1, 2]
    assert [e["place"] for e in game.result["ranking"]] == [1, 2, 2]


def test_classic_move_limit_tie_at_top_is_draw() -> None:
    game = deal([["6C", "6D"], ["7C", "7D"], ["8C", "8D", "8H"]], options={"move_limit": 10})
    for _ in range(5):
        _bluff_and_get_caught(game)
    assert game.result is not None
    assert game.result["reason"] == "move_limit"
    assert game.result["winner"] is None
    assert game.result["draw"] is True
    assert [e["place"] for e in game.result["ranking"]] == [1, 1, 3]


def test_classic_has_no_move_limit_by_default() -> None:
    game = deal([["6C", "6D"], ["7C", "7D"], ["8C", "8D"]])
    assert game.view(0)["move_limit"] is None
    for _ in range(200):
        _bluff_and_get_caught(game)
    assert not game.is_over
    assert game.view(0)["moves"] == 400
    assert sizes(game) == [2, 2, 2]


def _draw_game_of_single_plays(move_limit: int) -> tuple[Game, list[list[str]]]:
    """Draw format, two seats, a long stock; each seat plays one card a turn, claiming sixes.

    Returns the game after ten plays and the events of each play.
    """
    deck = [
        rank + suit for rank in ("6", "7", "8", "9", "10", "J", "Q", "K", "A") for suit in "CDHS"
    ]
    game = deal(
        [deck[:5], deck[5:10]], options={"draw": True, "move_limit": move_limit}, stock=deck[10:]
    )
    seen = []
    for _ in range(10):
        seat = game.to_move
        assert seat is not None
        seen.append(types(play(game, seat, [hand(game, seat)[0]], "6")))
    return game, seen


def test_draw_format_nobody_draws_after_the_move_that_reaches_the_limit() -> None:
    game, seen = _draw_game_of_single_plays(move_limit=10)
    assert game.is_over
    assert seen[-1] == ["played", "hand_over", "game_over"]
    # Each seat played five cards and drew one before each of its 2nd to 5th turns; seat 0's
    # 6th turn, whose refill would have come after the last play, never comes.
    assert sizes(game) == [4, 4]
    assert game.view(0)["stock_size"] == 26 - 8
    assert game.result is not None
    assert game.result["draw"] is True


def test_draw_format_refill_still_comes_before_the_next_turn_below_the_limit() -> None:
    game, seen = _draw_game_of_single_plays(move_limit=11)
    assert not game.is_over
    assert seen[-1] == ["played", "drew"]
    assert sizes(game) == [5, 4]
