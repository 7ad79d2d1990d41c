"""The end-of-hand review: every play of a hand with its true cards, every call and its cost.

Built only from the game's record (the deal and the action log of a save), by replaying the log
through the rules: the same code that plays a game tells its story, so the review cannot differ
from what happened.  It shows every hidden card of the hand, so it is for a hand that is over:
the worker sends it only then (docs/worker-protocol.md).
"""

from __future__ import annotations

from typing import Literal, cast

from .cards import rank_of
from .config import Config
from .game import Event, Game
from .types import HandEndReason, HandReview, ReviewCall, ReviewLine, ReviewPlay


class _Recording(Game):
    """A game that also keeps, while it replays, every event and each hand's final hands."""

    events: list[Event]
    ends: list[list[list[str]]]  # the hands as they stood when each hand ended

    @classmethod
    def _blank(cls, cfg: Config, cards: list[str]) -> Game:
        game = cast(_Recording, super()._blank(cfg, cards))
        game.events, game.ends = [], []
        return game

    def _apply(self, seat: object, action: object) -> list[Event]:
        events = super()._apply(seat, action)
        self.events += events
        return events

    def end_by_move_limit(self) -> list[Event]:
        events = super().end_by_move_limit()
        self.events += events
        return events

    def _finish_hand(self, reason: HandEndReason, events: list[Event]) -> None:
        self.ends.append([list(hand) for hand in self.hands])
        super()._finish_hand(reason, events)


def _record(game: Game) -> _Recording:
    return cast(_Recording, _Recording._replay(game.to_json()))


def replayed_events(game: Game) -> list[Event]:
    """Every event of ``game`` since its first deal, hidden cards included, from its action log.

    What a seat saw of them is ``visible_events(replayed_events(game), seat)``: the worker
    rebuilds the card tracker's input this way after a reload.
    """
    return _record(game).events


def reviews(game: Game) -> list[HandReview]:
    """The review of every finished hand of ``game``, in order (see docs/rules.md, "Review")."""
    record = _record(game)
    players = game.config.players
    done: list[HandReview] = []
    plays: list[ReviewPlay] = []
    calls: list[ReviewCall] = []
    for event in record.events:
        if event["type"] == "played":
            cards, rank = event["cards"], event["rank"]
            honest = all(rank_of(card) == rank for card in cards)
            plays.append(
                {
                    "seat": event["seat"],
                    "rank": rank,
                    "cards": list(cards),
                    "honest": honest,
                    "call": None,  # "challenge" or "believe" once called
                }
            )
        elif event["type"] == "challenged" or event["type"] == "believed":
            challenged = event["type"] == "challenged"
            kind: Literal["challenge", "believe"] = "challenge" if challenged else "believe"
            play = plays[-1]
            play["call"] = kind
            calls.append(
                {
                    "seat": event["seat"],
                    "kind": kind,
                    "target": event["target"],
                    "play": len(plays) - 1,
                    "taker": None,  # and "taken": 0 until a took_pile event says who took what
                    "taken": 0,
                    # A challenge is right on a bluff; believing is right on the truth.
                    "right": play["honest"] != challenged,
                }
            )
        elif event["type"] == "took_pile":
            calls[-1]["taker"], calls[-1]["taken"] = event["seat"], event["count"]
        elif event["type"] == "hand_over":
            done.append(
                {
                    "hand": event["hand"],
                    "reason": event["reason"],
                    "ranking": event["ranking"],
                    "losers": event["losers"],
                    "plays": plays,
                    "calls": calls,
                    "players": [_line(seat, plays, calls) for seat in range(players)],
                    "hands": record.ends[len(done)],
                }
            )
            plays, calls = [], []
    return done


def _line(seat: int, plays: list[ReviewPlay], calls: list[ReviewCall]) -> ReviewLine:
    """One player's line: bluffs made, bluffs caught (by a challenge), calls won and lost, and
    cards taken from the pile."""
    bluffs = [play for play in plays if play["seat"] == seat and not play["honest"]]
    own = [call for call in calls if call["seat"] == seat]
    return {
        "seat": seat,
        "plays": sum(play["seat"] == seat for play in plays),
        "bluffs": len(bluffs),
        "caught": sum(play["call"] == "challenge" for play in bluffs),
        "calls_won": sum(call["right"] for call in own),
        "calls_lost": sum(not call["right"] for call in own),
        "taken": sum(call["taken"] for call in calls if call["taker"] == seat),
    }
