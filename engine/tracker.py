"""The card tracker: what one seat can know about where each rank's cards are.

Players of this family keep paper notes of every claim; the tracker keeps them for a seat.  It is
a pure function of that seat's view and the events it was shown (``visible_events``), so it can
only ever know what the seat itself could have written down: its own hand, the discard heap, its
own cards on the pile, and the revealed cards a player took.  It never reads another seat's
played or drawn cards, even when they are handed to it, and never the game itself.

A player who took known cards (a revealed play, or this seat's own cards in the pile they took)
holds at least those until they could have played them away: each play of ``n`` cards by that
player lowers what is known of every rank by ``n``, since the play may have held any of them.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from .cards import SUITS, rank_of, ranks_of_deck
from .types import GameEvent, SeatView, TrackerRank, TrackerReport


def track(view: SeatView, events_seen: Sequence[GameEvent]) -> TrackerReport:
    """Per rank of the deck: cards in my hand, in the discard heap, mine on the pile, held by
    each other player for certain, and the rest (unaccounted for).

    ``events_seen`` are the events the seat was shown; only those since the last deal count
    (a new hand deals every card again).  The counts of a rank add up to its copies in play.
    """
    me, players = view["seat"], view["players"]
    start = max((i + 1 for i, e in enumerate(events_seen) if e["type"] == "dealt"), default=0)
    pile: list[list[str]] = []  # per play on the pile: the cards this seat knows it holds
    held: list[Counter[str]] = [Counter() for _ in range(players)]
    for event in events_seen[start:]:
        if event["type"] == "played":
            seat = event["seat"]
            pile.append(list(event["cards"]) if seat == me else [])
            if seat != me:
                count = event["count"]
                held[seat] = Counter(
                    {rank: n - count for rank, n in held[seat].items() if n > count}
                )
        elif event["type"] == "revealed":
            pile[-1] = list(event["cards"])
        elif event["type"] == "discarded":
            pile.pop()
        elif event["type"] == "took_pile":
            seat = event["seat"]
            if seat != me:
                held[seat].update(rank_of(card) for play in pile for card in play)
            pile = []
    options = view["options"]
    mine = Counter(rank_of(card) for card in view["hand"])
    discard = Counter(rank_of(card) for card in view["discard"])
    on_pile = Counter(rank_of(card) for play in pile for card in play)
    ranks: list[TrackerRank] = []
    for rank in ranks_of_deck(options["deck"]):
        others = [0 if seat == me else held[seat][rank] for seat in range(players)]
        known = mine[rank] + discard[rank] + on_pile[rank] + sum(others)
        total = len(SUITS) * options["decks"]
        ranks.append(
            {
                "rank": rank,
                "total": total,
                "mine": mine[rank],
                "discard": discard[rank],
                "pile": on_pile[rank],
                "held": others,
                "unaccounted": total - known,
            }
        )
    return {"seat": me, "ranks": ranks}
