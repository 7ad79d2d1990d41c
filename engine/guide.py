"""The guided first hand: a prepared deal per rule system, and what to tell the player at each step.

A guided hand is a normal game at the table (:class:`engine.table.Session` with ``guide`` set),
played by the same rules and the same bots, saved and resumed like any game.  Only its deal is
chosen: a small table (the player and two bots, five cards each) given in the ``deal`` form of
a position (docs/positions.md), so that :func:`engine.position.compile_position` checks it by the
rules, and the bots' seeds are fixed, so the same choices replay the same hand.  The deals are
picked so that, played the coach's way, the first hand meets the moments a newcomer needs to
see: opening a round, answering a claim, a bluff caught and an honest play called, someone
taking the pile, who opens the next round, going out and winning (tests/test_guide.py).

This module decides what the guide says, in codes and numbers the page words from its catalog
(``guide.*``): :func:`decision` is the decision the player faces now, :func:`outcome`,
:func:`played` and :func:`coach_note` are notes on what a step did.  Nothing here reads a card
the player may not see: an outcome keeps only the play that was turned up (every seat saw it),
a note on the player's own play or on the coach's suggestion only the player's own cards.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .cards import rank_of
from .game import Event, Game
from .position import compile_position, explain
from .types import Action, PilePlay, SeatView

RULES = ("classic", "quick")
LEVEL = "medium"  # the bots: a fair first opponent, and the level the coach's odds assume
HUMAN = 0
NOTES_MAX = 8  # notes kept since the player's last decision: a step's story, not a log
NOTE_KINDS = frozenset({"outcome", "played", "coach", "end"})

# Seat 0 is the player; the dealer is seat 2, so the player opens the hand.  Chosen by playing
# each candidate through with the coach's choices and with the contrary ones (tests/test_guide.py
# checks the moments below are met and that every path ends).
DEALS: dict[str, dict[str, Any]] = {
    "classic": {
        "v": 1,
        "preset": "classic",
        "options": {},
        "deal": {
            "hands": [
                ["10C", "7H", "8D", "8H", "JC"],
                ["6C", "6H", "6S", "9D", "KD"],
                ["10H", "7C", "9H", "9S", "KS"],
            ],
            "dealer": 2,
        },
        "moves": [],
    },
    "quick": {
        "v": 1,
        "preset": "quick",
        "options": {},
        "deal": {
            "hands": [
                ["2H", "6C", "8C", "8H", "AC"],
                ["10C", "6S", "8D", "9H", "9S"],
                ["4C", "5D", "7H", "JD", "KH"],
            ],
            "dealer": 2,
        },
        "moves": [],
    },
}
SEEDS = {"classic": 1, "quick": 1}  # the bots' random streams: the same choices, the same hand


def game_for(rules: str) -> Game:
    """The prepared deal of ``rules``, compiled by the engine's own rules."""
    return compile_position(DEALS[rules])


def setup_for(rules: str, game: Game) -> dict[str, Any]:
    """The table's setup of a guided hand: the player at seat 0, the bots at the guide's level."""
    config = {**game.config.to_json(), "seed": SEEDS[rules]}
    seats = [
        {"name": "", "level": "human" if seat == HUMAN else LEVEL}
        for seat in range(game.config.players)
    ]
    return {"config": config, "human": HUMAN, "seats": seats}


def decision(view: SeatView) -> dict[str, Any] | None:
    """The decision the seat of ``view`` faces now, or None when it has none.

    ``open``: a new round, any rank; ``follow``: the round's rank, nothing to call (classic,
    after a believed honest play); ``answer``: classic, believe, call or play on; ``call``:
    quick, play on (which believes) or call; ``must_call``: quick, the claim was its author's
    last cards; ``window``: open challenge, call or let it stand.  With the claim's author,
    count and rank, and the pile's size.
    """
    legal = view["legal"]
    if not legal:
        return None
    last = view["last_play"]
    claim: dict[str, Any] = {"pile": view["pile_size"]}
    if last is not None:
        claim.update(seat=last["seat"], count=last["count"], rank=last["rank"])
    if legal["pass"]:
        return {"kind": "window", **claim}
    if not legal["challenge"]:
        if view["round_rank"] is None or view["opening"]:
            return {"kind": "open", "pile": view["pile_size"]}
        return {"kind": "follow", "rank": view["round_rank"], "pile": view["pile_size"]}
    if view["preset"] == "quick":
        return {"kind": "must_call" if legal["play"] is None else "call", **claim}
    return {"kind": "answer", **claim}


def outcome(
    game: Game, before: list[PilePlay], seat: int, kind: str, events: Sequence[Event]
) -> dict[str, Any] | None:
    """What a call did (``seat`` called with ``kind``), by :func:`engine.position.explain`, with
    only the play turned up: the pile's other cards stay hidden.  None when nothing was called."""
    if not any(e["type"] == "revealed" for e in events):
        return None
    if kind == "challenge":
        told = explain(game, before, seat, "challenge", events)
    elif kind == "believe":
        told = explain(game, before, seat, "believe", events)
    else:
        return None
    revealed = told["revealed"]
    assert revealed is not None
    return {
        "kind": "outcome",
        "seat": seat,
        "decision": kind,
        "reason": told["reason"],
        "author": revealed["seat"],
        "cards": list(revealed["cards"]),
        "rank": revealed["rank"],
        "honest": revealed["honest"],
        "taker": told["taker"],
        "count": told["count"],
        "out": told["out"],
        "ended": told["ended"],
        "winner": told["winner"],
        "next": told["next"],
        "opening": told["opening"],
    }


def played(action: Mapping[str, Any], view: SeatView) -> dict[str, Any]:
    """The player's own play: how many cards, the claim, how many were real, the pile after."""
    cards, rank = action["cards"], action["rank"]
    return {
        "kind": "played",
        "count": len(cards),
        "rank": rank,
        "real": sum(1 for card in cards if rank_of(card) == rank),
        "pile": view["pile_size"],
        "last": not view["hand"],
    }


def _shape(action: Mapping[str, Any], hand: Sequence[str]) -> str:
    """An action's kind for comparing it with the coach's: a play is honest or a bluff."""
    if action["type"] != "play":
        return str(action["type"])
    return "honest" if all(rank_of(card) == action["rank"] for card in action["cards"]) else "bluff"


def coach_note(
    advice: Mapping[str, Any], action: Mapping[str, Any], hand: Sequence[str], taken: int
) -> dict[str, Any] | None:
    """When the player's choice differs from the coach's: what the coach would have done and
    why, and the cards the choice made the player take now (``cost``).  None when they agree."""
    suggestion = advice.get("suggestion")
    if not suggestion:
        return None
    suggested: Action = suggestion["action"]
    if _shape(suggested, hand) == _shape(action, hand):
        return None
    return {"kind": "coach", "action": suggested, "why": suggestion["why"], "cost": taken}


def ended(game: Game) -> dict[str, Any] | None:
    """The end of the guided hand: who won and why, or None while it goes on."""
    result = game.view(HUMAN)["result"]
    if not game.is_over or result is None:
        return None
    return {"kind": "end", "winner": result["winner"], "reason": result["reason"]}


def notes_after(
    game: Game,
    seat: int,
    action: Mapping[str, Any],
    *,
    before: list[PilePlay],
    events: Sequence[Event],
    advice: Mapping[str, Any] | None,
) -> list[dict[str, Any]]:
    """The notes on one step of ``seat`` (``advice``: the coach's, asked before the player's own
    decision; None for a bot's step): what a call did, the player's own play, how the player's
    choice differs from the coach's and what it cost, the end of the hand."""
    notes: list[dict[str, Any]] = []
    told = outcome(game, before, seat, str(action["type"]), events)
    if told is not None:
        notes.append(told)
    if seat == HUMAN and action["type"] == "play":
        notes.append(played(action, game.view(HUMAN)))
    if advice is not None:
        taken = told["count"] if told is not None and told["taker"] == HUMAN else 0
        hand = game.view(HUMAN)["hand"]
        note = coach_note(advice, action, hand, taken)
        if note is not None:
            notes.append(note)
    end = ended(game)
    if end is not None:
        notes.append(end)
    return notes
