"""The coach (engine.coach): only what the seat could see, sure facts always true, and the
Expert's suggestion the same for the same position."""

from __future__ import annotations

import copy
import random
from collections import Counter
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import Game, visible_events
from engine.cards import rank_of
from engine.coach import advise, facts
from engine.policies import random_action
from tests.helpers import random_walk
from tests.strategies import configs

Event = dict[str, Any]


def held(game: Game, seat: int, rank: str) -> int:
    """Cards of ``rank`` ``seat`` holds, with its unresolved top play (what it held before it)."""
    count = Counter(rank_of(card) for card in game.hands[seat])[rank]
    top = game.pile[-1] if game.pile and game.pending else None
    if top is not None and top["seat"] == seat:
        count += sum(rank_of(card) == rank for card in top["cards"])
    return count


def check_facts(game: Game, seat: int, seen: list[Event], full: list[Event]) -> Counter[str]:
    """Every fact is true of the hidden cards, and the same whether or not they were handed in."""
    view = game.view(seat)
    found = facts(view, seen)
    assert facts(view, full) == found  # handed every hidden card, it reads none of them
    for fact in found:
        if fact["code"] == "bound":
            for other in range(game.config.players):
                if other != seat and other not in game.out:
                    assert held(game, other, fact["rank"]) <= fact["limit"], (fact, other)
        elif fact["code"] == "sure_bluff":
            top = game.pile[-1]
            assert (top["seat"], top["rank"]) == (fact["seat"], fact["rank"])
            assert any(rank_of(card) != fact["rank"] for card in top["cards"]), fact
        else:
            assert fact["code"] == "lie_chance"
            assert 0 <= fact["percent"] <= 100
    return Counter(fact["code"] for fact in found)


def play(config: dict[str, Any], moves: int, policy_seed: int) -> Counter[str]:
    """Random legal moves; the facts checked for every seat after each. The codes seen."""
    codes: Counter[str] = Counter()
    for spot in random_walk(config, moves, policy_seed):
        codes += check_facts(*spot)
    return codes


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(config=configs(), moves=st.integers(1, 150), policy_seed=st.integers(0, 2**16))
def test_coach_facts_are_true_and_never_read_hidden_cards(
    config: dict[str, Any], moves: int, policy_seed: int
) -> None:
    play(config, moves, policy_seed)


def test_sure_bluffs_are_found_and_true_over_fixed_games() -> None:
    """The property above is not vacuous: random games of one deck bring every kind of fact."""
    codes: Counter[str] = Counter()
    for seed in range(6):
        config = {"preset": "classic", "players": 3, "seed": seed, "options": {"deck": 36}}
        codes += play(config, 120, seed)
    assert min(codes[code] for code in ("sure_bluff", "bound", "lie_chance")) > 0, codes


def sevens_game() -> tuple[Game, list[Event]]:
    """Seat 0 holds three sevens; seat 1 opens with two cards claimed as sevens."""
    game = Game.from_deal(
        {
            "preset": "classic",
            "players": 2,
            "dealer": 0,
            "hands": [["7H", "7S", "7D", "9C"], ["8C", "8D", "10H", "JS"]],
        }
    )
    return game, visible_events(
        game.apply(1, {"type": "play", "cards": ["8C", "8D"], "rank": "7"}), 0
    )


def test_three_sevens_in_hand_make_a_claim_of_two_sevens_a_sure_bluff() -> None:
    game, seen = sevens_game()
    found = {fact["code"]: fact for fact in facts(game.view(0), seen)}
    assert found["bound"] == {
        "code": "bound",
        "rank": "7",
        "total": 4,
        "decks": 1,
        "mine": 3,
        "discard": 0,
        "pile": 0,
        "limit": 1,
    }
    assert found["sure_bluff"] == {
        "code": "sure_bluff",
        "seat": 1,
        "count": 2,
        "rank": "7",
        "limit": 1,
    }
    assert "lie_chance" not in found
    suggestion = advise(game.view(0), seen, "1:1")["suggestion"]
    # A sure bluff stated is a sure bluff called (tests/test_coach_certainty.py).
    assert suggestion == {"action": {"type": "challenge"}, "why": {"code": "sure_bluff"}}


def test_a_possible_claim_gets_the_bots_chance_of_a_lie() -> None:
    game = Game.new({"preset": "classic", "players": 3, "seed": 5, "dealer": 2})
    seen: list[Event] = []
    for seat, count in ((0, 1), (1, 1), (2, 1), (0, 2)):
        cards = game.hands[seat][:count]
        seen += visible_events(game.apply(seat, {"type": "play", "cards": cards, "rank": "7"}), 1)
    (chance,) = [f for f in facts(game.view(1), seen) if f["code"] == "lie_chance"]
    # Two more sevens from seat 0, whose hand is one of two seat 1 cannot see: possible, not sure.
    assert (chance["seat"], chance["count"], chance["rank"]) == (0, 2, "7")
    assert 0 < chance["percent"] < 100


def expert_game(seed: int) -> tuple[Game, list[Event], list[Event]]:
    """A 3-player game played by random moves until seat 0 is to decide, a few times over."""
    game = Game.new({"preset": "classic", "players": 3, "seed": seed})
    rng = random.Random(seed)
    seen: list[Event] = []
    full: list[Event] = []
    turns = 0
    while game.to_move is not None:
        mover = game.to_move
        if mover == 0:
            turns += 1
            if turns == 4:
                break
        events = game.apply(mover, random_action(game.view(mover), rng))
        full += events
        seen += visible_events(events, 0)
    return game, seen, full


def test_the_suggestion_is_legal_deterministic_and_blind_to_hidden_cards() -> None:
    for seed in range(3):
        game, seen, full = expert_game(seed)
        if game.to_move != 0:
            continue
        view = game.view(0)
        state = random.getstate()
        advice = advise(view, seen, f"{seed}:{len(game.actions)}")
        assert random.getstate() == state  # the global stream is not touched
        assert advise(view, full, f"{seed}:{len(game.actions)}") == advice
        assert advise(copy.deepcopy(view), list(seen), f"{seed}:{len(game.actions)}") == advice
        trial = Game.from_json(game.to_json())
        trial.apply(0, advice["suggestion"]["action"])  # a legal action: no EngineError
        assert advice["suggestion"]["why"]["code"] in {
            "honest",
            "bluff",
            "last_cards",
            "sure_bluff",
            "leave_call",
            "likely_lie",
            "likely_true",
            "let_stand",
        }


def test_no_suggestion_when_the_seat_may_not_act() -> None:
    game, _ = sevens_game()
    assert advise(game.view(1), [], "x")["suggestion"] is None
