"""The coach: before a seat acts, what it can be sure of, how likely the last claim is a lie, and
what the Expert would do, with one reason.

Everything here is a pure function of the seat's view and the events it was shown, like the card
tracker it reads; it never sees the game.  It drops any card the seat could not have seen from
the events it is handed (``visible_events``), so even a caller that passes every event cannot make
it use a hidden card.  It answers in codes and numbers; the page words them in each language.

Each rule has one home: the counts are the card tracker's (``engine.tracker``), the chance that a
claim is a lie is the bots' claim model (``engine.bots.estimate.p_claim_true``, with Medium's
honesty), and the suggestion is the Expert bot's own choice (``engine.bots.make_bot``), except
where it would go against a certainty the facts state (:func:`certainty`): then the coach calls a
lie it names, or takes the Expert's next choice without the call on a claim it shows as honest.
The Expert gets a random generator of its own, seeded from the caller's ``seed`` (the worker
passes the game's seed and the move number), so the same position in the same game brings the
same suggestion and no other random stream moves.  The bots at the table never ask the coach:
their play is their own.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Literal, cast

from .bots import make_bot
from .bots.estimate import p_claim_true
from .bots.memory import CardTracker
from .bots.tuning import MEDIUM_PARAMS
from .cards import rank_of
from .tracker import track
from .types import (
    Action,
    CoachFact,
    Coaching,
    GameEvent,
    SeatView,
    Suggestion,
    TrackerRank,
    TrackerReport,
    Why,
)
from .view import visible_events


def advise(view: SeatView, events_seen: Sequence[GameEvent], seed: str) -> Coaching:
    """The coach's whole answer for the seat whose ``view`` this is.

    ``events_seen``: what the seat was shown this game, oldest first (earlier hands teach the
    Expert each player's habits; the counts use this hand's only).  ``facts`` are the sure facts
    and the chance (:func:`facts`); ``suggestion`` is the Expert's action and why, or None when
    the seat has nothing to decide.
    """
    found = facts(view, events_seen)
    return {"facts": found, "suggestion": suggest(view, events_seen, seed, found)}


def facts(view: SeatView, events_seen: Sequence[GameEvent]) -> list[CoachFact]:
    """What is certain about the rank in play, and about the last claim if it can be called.

    * ``bound``: of the rank in play, the seat holds ``mine``, the discard heap ``discard``, the
      seat's own cards on the pile ``pile``; no other player can hold more than ``limit``, so a
      claim of ``limit + 1`` or more is a sure bluff (given only when such a claim is possible).
    * ``sure_bluff``: the last claim (``seat`` claimed ``count`` cards of ``rank``) is more than its
      author can have held: it is a lie, whatever the hidden cards are.
    * ``lie_chance``: otherwise, the percentage chance, from the public counts and how players
      usually bluff (one or two cards), that the claim is a lie: the bots' claim model with
      Medium's honesty, not a reading of this player's habits.
    """
    me = view["seat"]
    events = visible_events(events_seen, me)
    rows = {row["rank"]: row for row in track(view, events)["ranks"]}
    last = view["last_play"]
    rank = view["round_rank"] or view["next_rank"]  # None while a round opens at a free rank
    found: list[CoachFact] = []
    if rank is not None:
        row = rows[rank]
        others = [s for s in range(view["players"]) if s != me and s not in view["out"]]
        limit = max((_limit(row, seat) for seat in others), default=0)
        if others and limit < 4 * view["options"]["decks"]:
            found.append(
                {
                    "code": "bound",
                    "rank": rank,
                    "total": row["total"],
                    "decks": view["options"]["decks"],
                    "mine": row["mine"],
                    "discard": row["discard"],
                    "pile": row["pile"],
                    "limit": limit,
                }
            )
    if last and last["unresolved"] and last["seat"] != me:
        author, count, claimed = last["seat"], last["count"], last["rank"]
        limit = _limit(rows[claimed], author)
        if count > limit:
            found.append(
                {
                    "code": "sure_bluff",
                    "seat": author,
                    "count": count,
                    "rank": claimed,
                    "limit": limit,
                }
            )
        else:
            tracker = CardTracker(me)
            tracker.observe(events)
            tracker.sync(view)
            honesty = MEDIUM_PARAMS.honesty
            honest = p_claim_true(view, tracker, author, claimed, count, honesty=honesty)
            percent = round(100 * (1 - honest))
            found.append(
                {
                    "code": "lie_chance",
                    "seat": author,
                    "count": count,
                    "rank": claimed,
                    "percent": percent,
                }
            )
    return found


def _limit(row: TrackerRank, seat: int) -> int:
    """At most how many cards of the row's rank ``seat`` can hold (or held before its latest
    play): every copy not known to be elsewhere, that is the unaccounted ones and those the
    tracker knows it holds."""
    return row["unaccounted"] + row["held"][seat]


CallReason = Literal["held", "sure_bluff", "last_cards"]


def call_reason(view: SeatView, report: TrackerReport) -> CallReason | None:
    """Why the seat may want to call the last claim, or None when nothing points to a call.

    Auto-pass (the page, in the open-challenge variant) lets a window with no reason pass for
    the player, so a window is asked only when a call may pay: the player holds cards of the
    claimed rank, the counts make the claim a sure bluff (the same bound as the ``sure_bluff``
    fact, so auto-pass never lets pass a claim the coach calls a lie), or the claim was its
    author's last cards.
    """
    last = view["last_play"]
    if last is None:
        return None
    if any(rank_of(card) == last["rank"] for card in view["hand"]):
        return "held"
    row = next(row for row in report["ranks"] if row["rank"] == last["rank"])
    if last["count"] > _limit(row, last["seat"]):
        return "sure_bluff"
    if view["hand_sizes"][last["seat"]] == 0:
        return "last_cards"
    return None


def suggest(
    view: SeatView, events_seen: Sequence[GameEvent], seed: str, found: list[CoachFact]
) -> Suggestion | None:
    """The Expert's action for this seat and one reason (``why``, a code with its numbers).

    The Expert learns the players' habits from ``events_seen`` and decides on a generator seeded
    from ``seed`` only.  None when the seat may not act.
    """
    legal = view["legal"]
    if not legal:
        return None
    expert = make_bot("expert", random.Random(f"coach:{seed}"))
    expert.observe(visible_events(events_seen, view["seat"]))
    action = cast(Action, expert.act(view))  # a bot's action is a legal one (test_coach.py)
    certain = certainty(found)
    if certain == "lie" and legal["challenge"] and action["type"] != "challenge":
        # The player is told the claim is a lie: the line must not advise letting it stand.
        action = {"type": "challenge"}
    elif certain == "honest" and action["type"] == "challenge":
        # Told the claim is honest, the player is not advised to call it: the Expert's choice
        # among the rest (the same generator, so the same position still brings the same line).
        without = cast(SeatView, {**view, "legal": {**legal, "challenge": False}})
        action = cast(Action, expert.act(without))
    return {"action": action, "why": _why(view, action, found)}


def certainty(found: list[CoachFact]) -> Literal["lie", "honest"] | None:
    """What the facts shown say for sure of the last claim: "lie", "honest", or None.

    A ``sure_bluff``, or a chance of a lie shown as 100 %, reads as a lie; a chance shown as 0 %
    reads as honest.  The suggestion never goes against it (:func:`suggest`): the page shows the
    facts and the suggestion together, and a player told "a sure bluff" must not read "let it
    stand" beside it without a reason.
    """
    for fact in found:
        if fact["code"] == "sure_bluff":
            return "lie"
        if fact["code"] == "lie_chance" and fact["percent"] in (0, 100):
            return "lie" if fact["percent"] == 100 else "honest"
    return None


def _why(view: SeatView, action: Action, found: list[CoachFact]) -> Why:
    """One line of why, from the action's shape and the facts the player is shown beside it."""
    kind = action["type"]
    if action["type"] == "play":
        cards, rank = action["cards"], action["rank"]
        honest = sum(1 for card in cards if rank_of(card) == rank)
        if len(cards) == len(view["hand"]):
            return {"code": "last_cards", "count": len(cards)}
        if honest == len(cards):
            return {"code": "honest", "count": len(cards), "rank": rank}
        return {"code": "bluff", "count": len(cards), "rank": rank, "honest": honest}
    if any(fact["code"] == "sure_bluff" for fact in found):
        # Not calling a sure bluff only where no call is allowed (suggest() calls it otherwise).
        return {"code": "sure_bluff" if kind == "challenge" else "leave_call"}
    percent = next(fact["percent"] for fact in found if fact["code"] == "lie_chance")
    if kind == "challenge":
        return {"code": "likely_lie", "percent": percent}
    if kind == "believe":
        return {"code": "likely_true", "percent": percent}
    return {"code": "let_stand", "percent": percent}
