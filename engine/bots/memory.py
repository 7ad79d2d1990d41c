"""Public-fact card tracking: where each card a bot has seen can be now.

A :class:`CardTracker` follows the events one seat was shown.  Every card the seat has seen (its
own played cards, every revealed play) is an entry with the set of places it may be now: seats'
hands and/or the pile (:data:`PILE`).  The rules move those sets:

* a seat plays unseen cards: any card it may hold may now be in the pile instead;
* a revealed play: its cards are in the pile (then discarded, taken, or left there);
* a pile is taken: any card that may be in the pile may now be in the taker's hand;
* the bot's own hand is exact (from the view) and the discard heap is public.

From that, :func:`accounted` bounds how many cards of a rank a seat can hold (the "impossible
claim" test) and :meth:`CardTracker.certain` counts the cards it surely held when it made its
latest play.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from ..cards import rank_of
from .base import Event, View

PILE = -1


class CardTracker:
    def __init__(self, seat: int | None = None) -> None:
        self.seat = seat
        self.entries: list[tuple[str, set[int]]] = []
        # By seat: the ranks of the seen cards it surely held when it made its latest play.
        # A card's places cannot say so: after a seat's second play into one pile, a card it
        # held before its first is {seat, PILE} as it was after the first, though it may have
        # gone in the first (docs/bots.md, "The card tracker").
        self.held_at_play: dict[int, Counter[str]] = {}

    # ---------------------------------------------------------------- JSON

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "entries": [[card, sorted(places)] for card, places in self.entries],
            "held_at_play": {str(seat): dict(ranks) for seat, ranks in self.held_at_play.items()},
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> CardTracker:
        """A tracker from :meth:`to_json`; a save from before ``held_at_play`` starts it empty
        (the cards a seat surely played from are then only those it surely still holds)."""
        tracker = cls(data.get("seat"))
        tracker.entries = [(card, set(places)) for card, places in data["entries"]]
        held = data.get("held_at_play") or {}
        tracker.held_at_play = {
            int(seat): Counter({str(rank): int(n) for rank, n in ranks.items()})
            for seat, ranks in held.items()
        }
        return tracker

    # ---------------------------------------------------------------- events

    def observe(self, events: Sequence[Event]) -> None:
        for event in events:
            kind = event["type"]
            if kind == "dealt":
                self.entries = []
                self.held_at_play = {}
            elif kind == "played":
                self._played(event)
            elif kind == "revealed":
                self._revealed(int(event["seat"]), list(event["cards"]))
            elif kind == "discarded":
                self._remove_from_pile(list(event["cards"]))
            elif kind == "took_pile":
                taker = int(event["seat"])
                self.held_at_play = {}  # no play is in the pile now
                for _, places in self.entries:
                    if PILE in places:
                        places.discard(PILE)
                        places.add(taker)

    def _played(self, event: Event) -> None:
        seat = int(event["seat"])
        self.held_at_play[seat] = Counter(
            rank_of(card) for card, places in self.entries if places == {seat}
        )
        for _, places in self.entries:
            if seat in places:
                places.add(PILE)
        cards = event.get("cards")
        if cards is not None and seat == self.seat:
            for card in cards:
                self.entries.append((card, {PILE}))

    def _take_entry(self, card: str, prefer: int) -> None:
        """Forget the entry that is ``card`` (best match first), if there is one."""
        best = None
        for index, (other, places) in enumerate(self.entries):
            if other != card:
                continue
            if places == {PILE}:
                best = index
                break
            if best is None and (prefer in places or PILE in places):
                best = index
        if best is not None:
            self.entries.pop(best)

    def _revealed(self, author: int, cards: list[str]) -> None:
        for card in cards:
            self._take_entry(card, author)
            self.entries.append((card, {PILE}))

    def _remove_from_pile(self, cards: list[str]) -> None:
        for card in cards:
            for index, (other, places) in enumerate(self.entries):
                if other == card and PILE in places:
                    self.entries.pop(index)
                    break

    def sync(self, view: View) -> None:
        """Fold the exact facts of a view in: the own hand and the discard heap."""
        self.seat = int(view["seat"])
        me = self.seat
        mine: Counter[str] = Counter(view["hand"])
        kept: list[tuple[str, set[int]]] = []
        for card, places in self.entries:
            if me in places:
                if mine[card] > 0:
                    mine[card] -= 1  # it is in my hand: the hand counts it
                    continue
                places.discard(me)
                if not places:
                    continue
            kept.append((card, places))
        self.entries = kept
        if view["pile_size"] == 0:
            self.entries = [(c, p) for c, p in self.entries if p != {PILE}]
            for _, places in self.entries:
                places.discard(PILE)
            self.entries = [(c, p) for c, p in self.entries if p]

    # ---------------------------------------------------------------- queries

    def elsewhere(self, seat: int, rank: str) -> int:
        """Cards of ``rank`` seen that surely are not in ``seat``'s hand (nor were before its
        latest play)."""
        return sum(
            1
            for card, places in self.entries
            if rank_of(card) == rank and seat not in places and places != {seat, PILE}
        )

    def certain(self, seat: int, rank: str | None = None) -> int:
        """Cards (of ``rank``) that ``seat`` surely held when it made its latest play: those it
        surely holds, and those that may have gone into the pile only in that play."""
        now: Counter[str] = Counter()
        maybe_played: Counter[str] = Counter()
        for card, places in self.entries:
            if places == {seat}:
                now[rank_of(card)] += 1
            elif places == {seat, PILE}:
                maybe_played[rank_of(card)] += 1
        at_play = maybe_played & self.held_at_play.get(seat, Counter())
        if rank is None:
            return now.total() + at_play.total()
        return now[rank] + at_play[rank]


def accounted(view: View, tracker: CardTracker, seat: int, rank: str) -> int:
    """Copies of ``rank`` that cannot be in ``seat``'s hand: mine, discarded, seen elsewhere."""
    mine = sum(1 for card in view["hand"] if rank_of(card) == rank)
    gone = sum(1 for card in view["discard"] if rank_of(card) == rank)
    return mine + gone + tracker.elsewhere(seat, rank)
