"""Public-fact card tracking: where each card a bot has seen can be now.

A :class:`CardTracker` follows the events one seat was shown.  Every card the seat has seen (its
own played cards, every revealed play) is an entry with the set of places it may be now: seats'
hands and/or the pile (:data:`PILE`).  The rules move those sets:

* a seat plays unseen cards: any card it may hold may now be in the pile instead;
* a revealed play: its cards are in the pile (then discarded, taken, or left there);
* a pile is taken: any card that may be in the pile may now be in the taker's hand;
* the bot's own hand is exact (from the view) and the discard heap is public.

From that, :meth:`CardTracker.max_possible` bounds how many cards of a rank a seat can hold
(the "impossible claim" test) and :meth:`CardTracker.certain` counts cards it surely holds.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ..cards import rank_of
from .base import Event, View

PILE = -1


class CardTracker:
    def __init__(self, seat: int | None = None) -> None:
        self.seat = seat
        self.entries: list[tuple[str, set[int]]] = []
        self.pile_mine: list[str] = []  # my own cards known to be in the current pile

    # ---------------------------------------------------------------- JSON

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat,
            "entries": [[card, sorted(places)] for card, places in self.entries],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> CardTracker:
        tracker = cls(data.get("seat"))
        tracker.entries = [(card, set(places)) for card, places in data["entries"]]
        return tracker

    # ---------------------------------------------------------------- events

    def observe(self, events: list[Event]) -> None:
        for event in events:
            kind = event["type"]
            if kind == "dealt":
                self.entries = []
            elif kind == "played":
                self._played(event)
            elif kind == "revealed":
                self._revealed(int(event["seat"]), list(event["cards"]))
            elif kind == "discarded":
                self._remove_from_pile(list(event["cards"]))
            elif kind == "took_pile":
                taker = int(event["seat"])
                for _, places in self.entries:
                    if PILE in places:
                        places.discard(PILE)
                        places.add(taker)

    def _played(self, event: Event) -> None:
        seat = int(event["seat"])
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
        """Cards (of ``rank``) that ``seat`` surely held before its latest play."""
        return sum(
            1
            for card, places in self.entries
            if (rank is None or rank_of(card) == rank) and places in ({seat}, {seat, PILE})
        )

    def known_ranks(self, seat: int) -> Counter[str]:
        return Counter(
            rank_of(card) for card, places in self.entries if places in ({seat}, {seat, PILE})
        )

    def pile_known(self) -> Counter[str]:
        """Cards surely in the pile, by rank."""
        return Counter(rank_of(card) for card, places in self.entries if places == {PILE})

    def located(self) -> int:
        """Cards whose place is certain (one seat or the pile), the own hand aside."""
        return sum(1 for _, places in self.entries if len(places) == 1)


def accounted(view: View, tracker: CardTracker, seat: int, rank: str) -> int:
    """Copies of ``rank`` that cannot be in ``seat``'s hand: mine, discarded, seen elsewhere."""
    mine = sum(1 for card in view["hand"] if rank_of(card) == rank)
    gone = sum(1 for card in view["discard"] if rank_of(card) == rank)
    return mine + gone + tracker.elsewhere(seat, rank)
