"""Under *No aces* an ace is a dead card: nobody may claim it, so it leaves a hand only inside a
bluff, and a hand that holds one can never be emptied by an honest play.  Medium and Hard (and
the Expert's candidates, which are Hard's) shed aces first and do not count a hand of aces as
one play from out (docs/bots.md, "Dead cards")."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from engine.bots import make_bot
from engine.bots.expert import ExpertBot
from engine.bots.heuristic import HeuristicBot
from engine.cards import rank_of

from .helpers import deal

NO_ACES = {"deck": 36, "no_aces": True}


def opening_view(options: dict[str, object]) -> dict[str, object]:
    """Seat 0 opens a round of two holding two kings, an ace and two single live cards."""
    game = deal([["KC", "KD", "AH", "9S", "7D"], ["QC", "QD", "8S", "8C", "6H"]], options=options)
    return json.loads(json.dumps(game.view(0)))


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_every_padded_play_sheds_the_ace_first(level: str) -> None:
    view = opening_view(NO_ACES)
    bot = make_bot(level, random.Random(1))
    assert isinstance(bot, HeuristicBot)
    padded = [
        action["cards"]
        for _, action in bot.options(view)
        if action["type"] == "play"
        and any(rank_of(card) != action["rank"] for card in action["cards"])
    ]
    assert padded
    for cards in padded:
        assert "AH" in cards, cards


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_with_aces_allowed_the_ace_is_a_card_like_any_other(level: str) -> None:
    """The same hand where aces may be claimed: the ace is a single like the nine and the seven,
    so some padded play keeps it."""
    view = opening_view({"deck": 36})
    bot = make_bot(level, random.Random(1))
    assert isinstance(bot, HeuristicBot)
    one_filler = [
        action["cards"]
        for _, action in bot.options(view)
        if action["type"] == "play" and action["rank"] == "K" and len(action["cards"]) == 3
    ]
    assert one_filler
    assert any("AH" not in cards for cards in one_filler)


def test_a_hand_of_aces_is_not_one_play_from_out() -> None:
    """Two aces are two bluffs still to make; two kings are one honest play from out."""
    bot = make_bot("hard", random.Random(1))
    assert isinstance(bot, HeuristicBot)
    dead = frozenset({"A"})
    aces = bot.struct(Counter({"A": 2}), 4, dead)
    kings = bot.struct(Counter({"K": 2}), 4, dead)
    assert aces < kings
    assert bot.open_value(Counter({"A": 2}), 4, dead) < bot.open_value(Counter({"K": 2}), 4, dead)


def aces_view(hand: list[str]) -> dict[str, object]:
    """Seat 0 opens a round of two under No aces, against a hand of four live cards."""
    other = ["KC", "KD", "QC", "QD"]
    game = deal([hand, other], options=NO_ACES)
    return json.loads(json.dumps(game.view(0)))


def test_the_expert_bluffs_a_hand_of_aces_all_at_once() -> None:
    """Hard bluffs three cards at most, so four aces took two bluffs past the opponent's call;
    the Expert also weighs all four in one play, which wins outright when it stands, and
    chooses it against an opponent four cards from out."""
    view = aces_view(["AC", "AD", "AH", "AS"])
    hard = make_bot("hard", random.Random(1))
    expert = make_bot("expert", random.Random(1))
    assert isinstance(hard, HeuristicBot)
    assert isinstance(expert, ExpertBot)
    assert max(len(action["cards"]) for _, action in hard.options(view)) == 3
    whole = [action for _, action in expert.candidates(view, expert.options(view))]
    assert any(len(action["cards"]) == 4 for action in whole)
    chosen = expert.decide(view)
    assert sorted(chosen["cards"]) == ["AC", "AD", "AH", "AS"]
    assert chosen["rank"] != "A"


def test_no_whole_hand_bluff_while_a_live_card_is_held() -> None:
    """A live card can still leave honestly, so the hand is not played off in one bluff."""
    view = aces_view(["AC", "AD", "AH", "9S"])
    expert = make_bot("expert", random.Random(1))
    assert isinstance(expert, ExpertBot)
    assert expert.dead_hand_bluff(view, []) == []
