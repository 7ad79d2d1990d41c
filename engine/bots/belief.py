"""Sampling hidden worlds consistent with one seat's view (for the Expert's search).

A world deals every card the seat cannot see (opponents' hands, the pile's plays, the stock) so
that it agrees with everything public: hand, pile and stock sizes, the discard heap, the seat's
own cards still in the pile, and every card the tracker has placed.  The top play is made honest
with the probability Hard's lie model gives, so worlds follow the belief, not a uniform deal.
:func:`to_sim` turns a world into the bot's own simulator state (``sim.Sim``); the real game is
never touched.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import Any

from ..cards import ascending_order, build_deck, card_rank_position, rank_of, ranks_of_deck
from .base import View, dead_ranks, total_copies
from .memory import PILE, CardTracker
from .sim import Rules, Sim


@dataclass
class World:
    hands: list[list[str]]
    pile: list[tuple[int, str, list[str]]]  # (seat, claimed rank, cards), oldest first
    stock: list[str]


def _pile_plays(view: View, pile_plays: list[list[Any]]) -> list[list[Any]]:
    plays = [list(play) for play in pile_plays]
    if sum(int(play[1]) for play in plays) == int(view["pile_size"]):
        return plays
    last = view["last_play"]  # the memory disagrees (restored bot): rebuild from the view
    plays = []
    if last and last["unresolved"]:
        plays.append([last["seat"], last["count"], last["rank"], None])
    rest = int(view["pile_size"]) - sum(int(play[1]) for play in plays)
    if rest > 0:
        plays.insert(0, [-1, rest, None, None])
    return plays


@dataclass
class Unseen:
    """What every world drawn for one decision shares: the cards the seat cannot place, the
    pile's plays with the seat's own cards in them, the hand sizes to fill.  The Expert draws
    ``SearchParams.worlds`` worlds from one view, and this part is the same for each."""

    view: View
    pool: Counter[str]  # cards the seat cannot see, less its own cards in the pile
    plays: list[list[Any]]
    pile_cards: list[list[str]]  # the seat's own cards in each play, or none
    need: dict[int, int]  # another seat's hand size
    # The top play when a world draws it: its count, the cards it may hold (the pool), those of
    # the claimed rank and the others.
    top: tuple[int, list[str], list[str], list[str]] | None


def unseen(view: View, pile_plays: list[list[Any]]) -> Unseen:
    """The view's part of :func:`sample_world`, worked out once a decision."""
    me = int(view["seat"])
    pool: Counter[str] = Counter(build_deck(int(view["options"]["deck"]), view["options"]["decks"]))
    pool.subtract(view["hand"])
    pool.subtract(view["discard"])

    plays = _pile_plays(view, pile_plays)
    pile_cards: list[list[str]] = []
    for play in plays:
        cards = play[3] if play[0] == me and play[3] is not None else None
        if cards is not None and all(pool[c] > 0 for c in cards):
            pool.subtract(cards)
            pile_cards.append(list(cards))
        else:
            pile_cards.append([])
    pool = +pool

    need = {
        seat: int(view["hand_sizes"][seat]) for seat in range(int(view["players"])) if seat != me
    }
    last = view["last_play"]
    top = None
    if last and last["unresolved"] and plays and not pile_cards[-1] and plays[-1][0] != me:
        rank = str(last["rank"])
        cards = list(pool.elements())
        of_rank = [c for c in cards if rank_of(c) == rank]
        others = [c for c in cards if rank_of(c) != rank]
        top = (int(last["count"]), cards, of_rank, others)
    return Unseen(view, pool, plays, pile_cards, need, top)


def sample_world(
    shared: Unseen, tracker: CardTracker, p_top_honest: float, rng: random.Random
) -> World:
    """One full deal consistent with the view ``shared`` was worked out from."""
    pool = Counter(shared.pool)
    plays, need = shared.plays, shared.need
    pile_cards = [list(cards) for cards in shared.pile_cards]
    hands: dict[int, list[str]] = {seat: [] for seat in need}

    if shared.top is not None:
        count, cards, of_rank, others = shared.top
        if (rng.random() < p_top_honest or not others) and len(of_rank) >= count:
            chosen = rng.sample(of_rank, count)
        elif others:
            first = rng.choice(others)
            cards = list(cards)
            cards.remove(first)
            chosen = [first, *rng.sample(cards, min(count - 1, len(cards)))]
        else:
            chosen = rng.sample(cards, min(count, len(cards)))
        pool.subtract(chosen)
        pile_cards[-1] = chosen

    entries = list(tracker.entries)
    rng.shuffle(entries)
    for card, places in entries:
        if PILE in places or pool[card] <= 0:
            continue
        seats = [p for p in places if p in need and len(hands[p]) < need[p]]
        if seats:
            pool[card] -= 1
            hands[rng.choice(seats)].append(card)

    rest = list((+pool).elements())
    rng.shuffle(rest)
    for index, play in enumerate(plays):
        missing = int(play[1]) - len(pile_cards[index])
        pile_cards[index] += rest[:missing]
        rest = rest[missing:]
    for seat, size in need.items():
        missing = size - len(hands[seat])
        hands[seat] += rest[:missing]
        rest = rest[missing:]
    view = shared.view
    me = int(view["seat"])
    all_hands = [
        list(view["hand"]) if seat == me else hands[seat] for seat in range(int(view["players"]))
    ]
    pile = [
        (int(play[0]), str(play[2] or rank_of(cards[0])), cards)
        for play, cards in zip(plays, pile_cards, strict=True)
        if cards
    ]
    return World(all_hands, pile, rest[: int(view["stock_size"])])


def rules_of(view: View) -> Rules:
    options = view["options"]
    deck = int(options["deck"])
    ranks = ranks_of_deck(deck)
    index = {rank: i for i, rank in enumerate(ranks)}
    no_aces = bool(options.get("no_aces"))
    dead = dead_ranks(view)
    quick = view["preset"] == "quick"
    return Rules(
        players=int(view["players"]),
        ranks=len(ranks),
        max_play=total_copies(view),
        copies=total_copies(view),
        quick=quick,
        ascending=bool(options.get("ascending")),
        order=[index[r] for r in ascending_order(deck, no_aces)],
        allowed=[index[r] for r in ranks if r not in dead],
        open_challenge=bool(options.get("open_challenge")),
        draw=bool(options.get("draw")),
        single=quick or options.get("ending") == "single",
        keep_rank=bool(options.get("keep_rank_after_failed_challenge")),
    )


def to_sim(view: View, world: World, rules: Rules) -> Sim:
    deck = int(view["options"]["deck"])
    index = {rank: i for i, rank in enumerate(ranks_of_deck(deck))}
    position_of_card = card_rank_position(deck)

    def counts(cards: list[str]) -> list[int]:
        row = [0] * rules.ranks
        for card in cards:
            row[position_of_card[card]] += 1
        return row

    claim = view["next_rank"] if rules.ascending else view["round_rank"]
    last = view["last_play"]
    return Sim(
        rules=rules,
        hands=[counts(hand) for hand in world.hands],
        sizes=[len(hand) for hand in world.hands],
        pile=[
            (seat, index[rank], [position_of_card[c] for c in cards])
            for seat, rank, cards in world.pile
        ],
        stock=[position_of_card[c] for c in world.stock],
        claim=-1 if claim is None else index[claim],
        pending=bool(last and last["unresolved"]),
        turn=int(view["turn"] if view.get("turn") is not None else view["to_move"]),
        out=list(view["out"]),
        moves=int(view["moves"]),
    )
