"""Preset classic, numbered rules 1-7 (docs/rules.md, "Preset classic"), from explicit hands."""

from __future__ import annotations

import random

import pytest

from engine import Game
from engine.policies import random_action
from tests.helpers import (
    believe,
    challenge,
    deal,
    hand,
    legal,
    only,
    play,
    rejected,
    sizes,
    types,
)

RANKS_36 = ["6", "7", "8", "9", "10", "J", "Q", "K", "A"]

# ----------------------------------------------------------------- rule 1: opening a round


def test_rule1_player_after_dealer_opens_and_may_choose_any_rank() -> None:
    game = deal([["6H", "7H"], ["8H", "9H"], ["10H", "JH"]], dealer=1)
    assert game.to_move == 2
    rule = legal(game)
    assert rule["play"] == {"min": 1, "max": 2, "ranks": RANKS_36}
    assert rule["challenge"] is False
    assert rule["believe"] is False
    assert game.view(2)["round_rank"] is None


def test_rule1_opening_claim_fixes_the_round_rank_even_without_holding_it() -> None:
    game = deal([["6H", "7H", "8H"], ["8C", "9C"], ["10C", "JC"]])
    events = play(game, 0, ["6H", "7H"], "K")
    assert events[0] == {"type": "round_opened", "seat": 0, "rank": "K"}
    assert game.view(1)["round_rank"] == "K"
    assert legal(game)["play"]["ranks"] == ["K"]
    assert rejected(game, 1, {"type": "play", "cards": ["8C"], "rank": "8"}) == "wrong_rank"
    events = play(game, 1, ["8C"], "K")
    assert "round_opened" not in types(events)
    assert game.view(2)["round_rank"] == "K"


# ----------------------------------------------------------------- rule 2: options on a turn


def test_rule2_unresolved_play_offers_play_on_challenge_or_believe() -> None:
    game = deal([["6H", "7H"], ["8C", "9C", "10C", "JC", "QC"], ["10D"]])
    play(game, 0, ["6H"], "6")
    assert game.to_move == 1
    assert legal(game) == {
        "play": {"min": 1, "max": 4, "ranks": ["6"]},
        "challenge": True,
        "believe": True,
        "pass": False,
    }
    view = game.view(1)
    assert view["last_play"] == {"seat": 0, "count": 1, "rank": "6", "unresolved": True}


def test_rule2_must_play_when_nothing_to_call_at_round_start() -> None:
    game = deal([["6H", "7H"], ["8C"], ["10D"]])
    assert rejected(game, 0, {"type": "challenge"}) == "nothing_to_call"
    assert rejected(game, 0, {"type": "believe"}) == "nothing_to_call"
    assert rejected(game, 0, {"type": "pass"}) == "cannot_pass"
    play(game, 0, ["6H"], "6")
    assert game.to_move == 1


def test_rule2_play_on_at_most_four_cards_and_only_the_round_rank() -> None:
    game = deal([["6H"], ["8C", "8D", "8H", "8S", "9C"], ["10D"]])
    play(game, 0, ["6H"], "6")
    action = {"type": "play", "cards": ["8C", "8D", "8H", "8S", "9C"], "rank": "6"}
    assert rejected(game, 1, action) == "too_many_cards"
    assert rejected(game, 1, {"type": "play", "cards": ["8C"], "rank": "8"}) == "wrong_rank"
    play(game, 1, ["8C", "8D", "8H", "8S"], "6")
    assert game.view(2)["pile_size"] == 5


# ----------------------------------------------------------------- rule 3: ne veryu


def test_rule3_ne_veryu_honest_challenger_takes_pile() -> None:
    game = deal([["6H", "7H"], ["6C", "9C"], ["10D", "JD"]])
    play(game, 0, ["7H"], "6")  # a bluff, covered and never revealed
    play(game, 1, ["6C"], "6")
    events = challenge(game, 2)
    assert events == [
        {"type": "challenged", "seat": 2, "target": 1},
        {"type": "revealed", "seat": 1, "cards": ["6C"], "rank": "6", "honest": True},
        {"type": "took_pile", "seat": 2, "count": 2},
    ]
    assert hand(game, 2) == ["6C", "7H", "10D", "JD"]
    assert game.view(0)["pile_size"] == 0
    assert game.view(0)["revealed"] == [
        {"seat": 1, "cards": ["6C"], "rank": "6", "honest": True, "to": 2}
    ]


def test_rule3_ne_veryu_bluff_author_takes_pile() -> None:
    game = deal([["6H", "7H"], ["8C", "9C"], ["10D", "JD"]])
    play(game, 0, ["6H"], "6")
    play(game, 1, ["8C", "9C"], "6")
    events = challenge(game, 2)
    assert only(events, "revealed") == {
        "type": "revealed",
        "seat": 1,
        "cards": ["8C", "9C"],
        "rank": "6",
        "honest": False,
    }
    assert only(events, "took_pile") == {"type": "took_pile", "seat": 1, "count": 3}
    assert hand(game, 1) == ["6H", "8C", "9C"]
    assert sizes(game) == [1, 3, 2]


def test_rule3_a_bluff_needs_only_one_wrong_card() -> None:
    game = deal([["6H", "6C", "7H"], ["8C", "9C"], ["10D", "JD"]])
    play(game, 0, ["6H", "6C", "7H"], "6")
    events = challenge(game, 1)
    assert only(events, "revealed")["honest"] is False
    assert only(events, "took_pile")["seat"] == 0


# ----------------------------------------------------------------- rule 4: veryu


def test_rule4_veryu_true_discards_only_that_play_and_next_player_must_play() -> None:
    game = deal([["6H", "7H"], ["6C", "6D", "9C"], ["10D", "JD"]])
    play(game, 0, ["7H"], "6")
    play(game, 1, ["6C", "6D"], "6")
    events = believe(game, 2)
    assert events == [
        {"type": "believed", "seat": 2, "target": 1},
        {"type": "revealed", "seat": 1, "cards": ["6C", "6D"], "rank": "6", "honest": True},
        {"type": "discarded", "seat": 1, "cards": ["6C", "6D"]},
    ]
    view = game.view(0)
    assert view["discard"] == ["6C", "6D"]
    assert view["pile_size"] == 1  # the older play stays on the pile
    assert view["round_rank"] == "6"
    # The believer's turn is over; the next player must play, the round's rank goes on.
    assert game.to_move == 0
    assert legal(game) == {
        "play": {"min": 1, "max": 1, "ranks": ["6"]},
        "challenge": False,
        "believe": False,
        "pass": False,
    }
    assert rejected(game, 0, {"type": "challenge"}) == "nothing_to_call"
    assert sizes(game) == [1, 1, 2]


def test_rule4_veryu_false_believer_takes_whole_pile() -> None:
    game = deal([["6H", "7H"], ["8C", "9C", "10C"], ["10D", "JD"]])
    play(game, 0, ["6H"], "6")
    play(game, 1, ["8C", "9C"], "6")
    events = believe(game, 2)
    assert types(events) == ["believed", "revealed", "took_pile"]
    assert only(events, "revealed")["honest"] is False
    assert only(events, "took_pile") == {"type": "took_pile", "seat": 2, "count": 3}
    assert hand(game, 2) == ["6H", "8C", "9C", "10D", "JD"]
    assert game.view(0)["discard"] == []


# ----------------------------------------------------------------- rule 5: after a pick-up


def test_rule5_pickup_after_honest_challenge_next_after_taker_opens_free_rank() -> None:
    game = deal([["6H", "7H"], ["8C", "9C"], ["10D", "JD"], ["QS", "KS"]])
    play(game, 0, ["6H"], "6")
    challenge(game, 1)  # honest: seat 1 takes
    assert game.to_move == 2
    assert legal(game)["play"]["ranks"] == RANKS_36
    assert legal(game)["challenge"] is False
    assert game.view(2)["round_rank"] is None
    events = play(game, 2, ["10D"], "J")
    assert events[0] == {"type": "round_opened", "seat": 2, "rank": "J"}


def test_rule5_pickup_after_caught_bluff_next_after_taker_opens() -> None:
    game = deal([["6H", "7H"], ["8C", "9C"], ["10D", "JD"], ["QS", "KS"]])
    play(game, 0, ["6H"], "6")
    play(game, 1, ["8C"], "6")
    challenge(game, 2)  # bluff: seat 1 takes, seat 2 opens the new round
    assert game.to_move == 2
    assert legal(game)["play"]["ranks"] == RANKS_36


def test_rule5_pickup_after_false_veryu_next_after_believer_opens() -> None:
    game = deal([["6H", "7H"], ["8C", "9C"], ["10D", "JD"], ["QS", "KS"]])
    play(game, 0, ["6H"], "6")
    play(game, 1, ["8C"], "6")
    believe(game, 2)  # false: seat 2 takes, seat 3 opens
    assert game.to_move == 3
    assert legal(game)["play"]["ranks"] == RANKS_36
    assert game.view(3)["round_rank"] is None


# ----------------------------------------------------------------- rule 6: going out


def test_rule6_last_cards_not_out_while_unresolved() -> None:
    game = deal([["6H"], ["8C", "9C"], ["10D", "JD"]])
    play(game, 0, ["6H"], "6")
    view = game.view(1)
    assert view["out"] == []
    assert view["hand_sizes"] == [0, 2, 2]
    assert not game.is_over


def test_rule6_out_when_next_player_plays_on() -> None:
    game = deal([["6H"], ["8C", "9C"], ["10D", "JD"]])
    play(game, 0, ["6H"], "6")
    events = play(game, 1, ["8C"], "6")
    assert {"type": "out", "seat": 0, "place": 1} in events
    assert game.is_over
    assert game.result is not None
    assert game.result["winner"] == 0


def test_rule6_out_when_believed_true() -> None:
    game = deal([["6H"], ["8C", "9C"], ["10D", "JD"]])
    play(game, 0, ["6H"], "6")
    events = believe(game, 1)
    assert types(events)[:4] == ["believed", "revealed", "discarded", "out"]
    assert game.view(1)["discard"] == ["6H"]
    assert game.result is not None
    assert game.result["winner"] == 0


def test_rule6_out_when_believed_false_believer_takes_pile() -> None:
    game = deal([["7H"], ["8C", "9C"], ["10D", "JD"]])
    play(game, 0, ["7H"], "6")
    events = believe(game, 1)
    assert only(events, "took_pile") == {"type": "took_pile", "seat": 1, "count": 1}
    assert only(events, "out") == {"type": "out", "seat": 0, "place": 1}
    assert game.result is not None
    assert game.result["winner"] == 0
    assert sizes(game) == [0, 3, 2]


def test_rule6_out_when_challenged_and_honest() -> None:
    game = deal([["6H"], ["8C", "9C"], ["10D", "JD"]])
    play(game, 0, ["6H"], "6")
    events = challenge(game, 1)
    assert only(events, "took_pile")["seat"] == 1
    assert only(events, "out") == {"type": "out", "seat": 0, "place": 1}
    assert game.result is not None
    assert game.result["winner"] == 0


def test_rule6_caught_bluffing_with_last_cards_takes_pile_and_plays_on() -> None:
    game = deal([["7H"], ["8C", "9C"], ["10D", "JD"]])
    play(game, 0, ["7H"], "6")
    events = challenge(game, 1)
    assert "out" not in types(events)
    assert not game.is_over
    assert hand(game, 0) == ["7H"]
    assert game.to_move == 1  # the taker's turn is over, the next player opens
    assert legal(game)["play"]["ranks"] == RANKS_36


# ----------------------------------------------------------------- rule 7: the end


def test_rule7_single_hand_first_out_wins_others_by_cards_sharing_places() -> None:
    game = deal([["6H"], ["8C", "9C", "10C"], ["10D", "JD"], ["QS", "KS", "AS"]])
    play(game, 0, ["6H"], "6")
    events = believe(game, 1)
    ranking = [
        {"seat": 0, "place": 1, "cards": 0},
        {"seat": 2, "place": 2, "cards": 2},
        {"seat": 1, "place": 3, "cards": 3},
        {"seat": 3, "place": 3, "cards": 3},
    ]
    assert only(events, "hand_over") == {
        "type": "hand_over",
        "hand": 1,
        "reason": "out",
        "ranking": ranking,
        "losers": [],
    }
    assert only(events, "game_over") == {
        "type": "game_over",
        "reason": "out",
        "ranking": ranking,
        "winner": 0,
        "draw": False,
        "losers": [],
        "scores": [0, 0, 0, 0],
    }
    assert game.to_move is None
    assert all(game.legal(seat) is None for seat in range(4))
    assert game.view(2)["over"] is True
    assert game.view(2)["result"] == game.result
    assert rejected(game, 1, {"type": "play", "cards": ["8C"], "rank": "8"}) == "game_over"


def test_rule7_last_loser_plays_on_without_out_players_until_one_holds_cards() -> None:
    game = deal(
        [["6H"], ["8C", "9C"], ["10D", "JD"], ["QS", "KS"]], options={"ending": "last_loser"}
    )
    play(game, 0, ["6H"], "6")
    events = play(game, 1, ["8C"], "6")
    assert only(events, "out") == {"type": "out", "seat": 0, "place": 1}
    assert not game.is_over
    assert game.to_move == 2
    challenge(game, 2)  # seat 1 bluffed: takes the pile (3 cards), seat 2 opens
    assert game.to_move == 2
    play(game, 2, ["10D"], "10")
    play(game, 3, ["QS"], "10")
    challenge(game, 1)  # bluff: seat 3 takes, seat 1 opens (seat 0 is skipped)
    assert game.to_move == 1
    play(game, 1, ["6H"], "8")
    assert game.to_move == 2
    assert game.view(0)["out"] == [0]


def test_rule7_last_loser_ranking_is_finishing_order_and_last_player_loses() -> None:
    game = deal([["6H"], ["6C"], ["10D", "JD", "QD"]], options={"ending": "last_loser"})
    play(game, 0, ["6H"], "6")
    events = play(game, 1, ["6C"], "6")
    assert only(events, "out") == {"type": "out", "seat": 0, "place": 1}
    events = challenge(game, 2)  # honest: seat 2 takes the pile, seat 1 is out too
    assert only(events, "out") == {"type": "out", "seat": 1, "place": 2}
    assert game.result is not None
    assert game.result["reason"] == "last_loser"
    assert game.result["ranking"] == [
        {"seat": 0, "place": 1, "cards": 0},
        {"seat": 1, "place": 2, "cards": 0},
        {"seat": 2, "place": 3, "cards": 5},
    ]
    assert game.result["losers"] == [2]
    assert game.result["winner"] == 0


def _finish_with_random_play(game: Game, seed: int) -> list[dict[str, object]]:
    rng = random.Random(seed)
    events: list[dict[str, object]] = []
    while not game.is_over:
        seat = game.to_move
        assert seat is not None
        events += game.apply(seat, random_action(game.view(seat), rng))
    return events


@pytest.mark.parametrize("seed", range(6))
def test_rule7_match_loser_scores_point_dealer_rotates_fewest_points_wins(seed: int) -> None:
    game = deal(
        [["6H"], ["6C"], ["10D", "JD", "QD"]],
        options={"ending": "match", "hands": 3},
        dealer=2,
        seed=5,
    )
    play(game, 0, ["6H"], "6")
    play(game, 1, ["6C"], "6")
    events = challenge(game, 2)
    assert types(events)[-3:] == ["out", "hand_over", "dealt"]
    assert only(events, "hand_over")["losers"] == [2]
    assert only(events, "dealt") == {
        "type": "dealt",
        "hand": 2,
        "dealer": 0,
        "counts": [1, 2, 2],
        "stock": 0,
    }
    assert not game.is_over
    view = game.view(1)
    assert view["scores"] == [0, 0, 1]
    assert view["hand_number"] == 2
    assert view["dealer"] == 0
    assert view["out"] == []
    assert view["discard"] == []
    assert view["revealed"] == []
    assert game.to_move == 1  # the seat after the new dealer opens
    # A match from explicit hands deals its later hands from the same cards.
    assert sum(view["hand_sizes"]) == 5
    events = _finish_with_random_play(game, seed)
    dealt = [event for event in events if event["type"] == "dealt"]
    assert [event["dealer"] for event in dealt] == [1]
    hands_over = [event for event in events if event["type"] == "hand_over"]
    assert len(hands_over) == 2
    assert game.result is not None
    scores = game.result["scores"]
    assert sum(scores) == 3
    assert game.result["reason"] == "match"
    # Fewest penalty points first; equal points share a place (1, 2, 2 or 1, 1, 3 ...).
    for entry in game.result["ranking"]:
        better = sum(1 for points in scores if points < scores[entry["seat"]])
        assert entry["place"] == better + 1
    assert [entry["seat"] for entry in game.result["ranking"]] == sorted(
        range(3), key=lambda seat: (scores[seat], seat)
    )
    best = min(scores)
    winners = [seat for seat in range(3) if scores[seat] == best]
    assert game.result["winner"] == (winners[0] if len(winners) == 1 else None)
    assert game.result["draw"] is (len(winners) > 1)


def test_rule7_two_players_leaving_in_one_exchange_are_ordered_by_who_left_first() -> None:
    # Draw format, two decks: nobody is out while the stock lasts; the last card of the stock
    # puts both players with empty hands out at once, the one who emptied theirs first ahead.
    sevens = ["7C", "7D", "7H", "7S", "7C"]
    eights = ["8C", "8D", "8H", "8S", "8C"]
    game = deal(
        [sevens, eights, ["9C", "9D", "9H", "9S", "9C"], ["10C", "10D", "10H", "10S"]],
        options={"draw": True, "decks": 2, "ending": "last_loser"},
        stock=["JC"],
    )
    play(game, 0, sevens, "7")
    play(game, 1, eights, "7")  # seat 0's play stands, but the stock is not empty
    assert game.view(0)["out"] == []
    events = believe(game, 2)  # false: seat 2 takes the pile; seat 3 opens and draws
    assert types(events) == [
        "believed",
        "revealed",
        "took_pile",
        "drew",
        "out",
        "out",
    ]
    assert [e for e in events if e["type"] == "out"] == [
        {"type": "out", "seat": 0, "place": 1},
        {"type": "out", "seat": 1, "place": 2},
    ]
    assert not game.is_over
    assert game.to_move == 3
    assert legal(game)["play"]["ranks"] == RANKS_36


def test_rule7_match_with_draw_format_deals_five_each_every_hand() -> None:
    game = Game.new(
        {
            "preset": "classic",
            "players": 4,
            "seed": 3,
            "dealer": 3,
            "options": {"ending": "match", "hands": 3, "draw": True},
        }
    )
    events = _finish_with_random_play(game, 3)
    dealt = [event for event in events if event["type"] == "dealt"]
    assert [(event["hand"], event["dealer"]) for event in dealt] == [(2, 0), (3, 1)]
    assert all(event["counts"] == [5, 5, 5, 5] and event["stock"] == 16 for event in dealt)
    hands_over = [event for event in events if event["type"] == "hand_over"]
    assert [event["hand"] for event in hands_over] == [1, 2, 3]
    assert all(event["reason"] == "last_loser" for event in hands_over)
    assert all(len(event["losers"]) == 1 for event in hands_over)
    assert game.result is not None
    penalties = [0, 0, 0, 0]
    for event in hands_over:
        penalties[event["losers"][0]] += 1
    assert game.result["scores"] == penalties
