"""Where the rank ascends every play claims the next rank, so a seat knows which rank each of
its coming turns claims.  Hard (and the Expert's candidates, which are Hard's plays) pads a bluff
with the ranks it claims last, keeping the cards its next turns can play honestly; Medium spares
only its next turn's rank and sheds the ranks it holds fewest of (docs/bots.md, "Filler by
turn")."""

from __future__ import annotations

import json
import random

from engine.bots import make_bot
from engine.bots.heuristic import HeuristicBot
from engine.cards import rank_of

from .helpers import deal

ASCENDING_52 = {"deck": 52, "ascending": True}

# Seat 0 claims the ace now; with five seats its next turns claim 6, J, 3, 8, K, 5, 10, 2, 7,
# Q, 4, 9 (five ranks on each time).
HAND = ["6C", "JD", "JH", "3C", "QS", "9D"]
OTHERS = [["2C", "2D"], ["3D", "3H"], ["4C", "4D"], ["5C", "5D"]]


def padded_plays(level: str) -> dict[int, list[str]]:
    """``level``'s bluffs of the ace (it holds none) by how many cards they pad."""
    game = deal([HAND, *OTHERS], options=ASCENDING_52)
    view = json.loads(json.dumps(game.view(0)))
    bot = make_bot(level, random.Random(1))
    assert isinstance(bot, HeuristicBot)
    plays = [action for _, action in bot.options(view) if action["type"] == "play"]
    assert all(action["rank"] == "A" for action in plays)
    return {len(action["cards"]): sorted(action["cards"]) for action in plays}


def test_hard_bluffs_with_the_ranks_it_claims_last() -> None:
    """Nine is claimed twelve turns on, the queen ten: they go first, and the six (next turn)
    and the jacks (the turn after) stay, though the three is a single like the nine and queen."""
    plays = padded_plays("hard")
    assert plays[1] == ["9D"]
    assert plays[2] == ["9D", "QS"]
    assert plays[3] == ["3C", "9D", "QS"]
    for cards in plays.values():
        assert "6C" not in cards


def test_medium_sheds_its_singles_and_spares_only_the_next_turns_rank() -> None:
    plays = padded_plays("medium")
    assert plays[1] == ["3C"]
    assert "6C" not in plays[2]
    assert all(rank_of(card) != "J" for card in plays[2])
