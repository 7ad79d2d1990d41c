"""A fast rank-count simulator of the rules, for the Expert's play-outs.

Suits never matter to the rules, so a hand is a list of counts per rank and a play is a list of
rank indexes.  The simulator follows ``engine.game`` for both presets and every option (fixed or
ascending rank, open-challenge windows, draw format, single hand or last loser, the quick
edition's duel winner and last-cards call, keep-rank-after-failed-challenge); it skips
validation, events and the match's later hands, which a cut-off play-out never reaches.  It is
the bot's own model: the real game is never touched.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from ..config import DRAW_HAND


@dataclass
class Rules:
    players: int
    ranks: int  # number of ranks in the deck
    max_play: int
    copies: int
    quick: bool
    ascending: bool
    order: list[int]  # ascending claim order (rank indexes)
    allowed: list[int]  # ranks an opener may claim
    open_challenge: bool
    draw: bool
    single: bool  # the first player out ends the game
    keep_rank: bool
    # Opponent models for the play-out policy, fitted by the Expert before its play-outs: per
    # seat, challenge rate by claim size (1, 2, 3+), in turn and in an open-challenge window
    # alike, and how often an honest play gets one bluff card added.
    call_rate: list[list[float]] = field(default_factory=list)
    filler_rate: list[float] = field(default_factory=list)


@dataclass
class Sim:
    rules: Rules
    hands: list[list[int]]  # counts per rank
    sizes: list[int]
    pile: list[tuple[int, int, list[int]]]  # (seat, claimed rank, card ranks)
    stock: list[int]
    claim: int  # rank the next play must claim, -1: the opener chooses
    pending: bool
    turn: int
    out: list[int] = field(default_factory=list)
    over: bool = False
    moves: int = 0

    def copy(self) -> Sim:
        return Sim(
            self.rules,
            [list(hand) for hand in self.hands],
            list(self.sizes),
            list(self.pile),
            list(self.stock),
            self.claim,
            self.pending,
            self.turn,
            list(self.out),
            self.over,
            self.moves,
        )

    # ------------------------------------------------------------ helpers

    def next_active(self, seat: int) -> int:
        players = self.rules.players
        if not self.out:  # the play-outs' usual case, and their hottest call
            return (seat + 1) % players
        for step in range(1, players + 1):
            candidate = (seat + step) % players
            if candidate not in self.out:
                return candidate
        return seat

    def settle(self, after: int) -> None:
        """Put out every empty hand whose play stood (stock empty)."""
        if self.stock or self.over:
            return
        if 0 not in self.sizes:  # no empty hand, so nobody is or goes out: the usual case
            return
        unresolved = self.pile[-1][0] if self.pending and self.pile else -1
        players = self.rules.players
        for step in range(1, players + 1):
            seat = (after + step) % players
            if self.sizes[seat] == 0 and seat not in self.out and seat != unresolved:
                self.out.append(seat)
        if (self.out and self.rules.single) or players - len(self.out) <= 1:
            self.over = True

    def begin_turn(self, seat: int) -> None:
        rules = self.rules
        while not self.over:
            if rules.draw and self.stock and self.sizes[seat] < DRAW_HAND:
                need = DRAW_HAND - self.sizes[seat]
                drawn, self.stock = self.stock[:need], self.stock[need:]
                for rank in drawn:
                    self.hands[seat][rank] += 1
                self.sizes[seat] += len(drawn)
                self.settle(seat)
                if self.over:
                    return
            if seat not in self.out:
                self.turn = seat
                return
            seat = self.next_active(seat)

    def new_round(self, opener: int) -> None:
        if not self.rules.ascending:
            self.claim = -1
        self.begin_turn(opener)

    def take_pile(self, seat: int) -> None:
        hand = self.hands[seat]
        total = 0
        for _, _, cards in self.pile:
            for rank in cards:
                hand[rank] += 1
            total += len(cards)
        self.sizes[seat] += total
        self.pile = []

    def last_cards(self) -> bool:
        return self.rules.quick and self.pending and self.sizes[self.pile[-1][0]] == 0

    # ------------------------------------------------------------ actions

    def play(self, seat: int, cards: list[int], rank: int) -> None:
        hand = self.hands[seat]
        for card in cards:
            hand[card] -= 1
        self.sizes[seat] -= len(cards)
        self.pile.append((seat, rank, cards))
        self.moves += 1
        self.pending = True
        rules = self.rules
        if rules.ascending:
            order = rules.order
            self.claim = order[(order.index(rank) + 1) % len(order)]
        else:
            self.claim = rank
        if 0 in self.sizes:  # only an empty hand can go out, and end the game
            self.settle(seat)
            if self.over:
                return
        self.turn = self.next_active(seat)
        # Where nobody draws and nobody is out, the turn begins at that seat as it is: this is
        # the play-outs' hottest path, and ``begin_turn`` would only set it again.
        if not rules.open_challenge and (rules.draw or self.out):
            self.begin_turn(self.turn)

    def call(self, seat: int, challenge: bool, in_window: bool) -> None:
        author, rank, cards = self.pile[-1]
        honest = cards.count(rank) == len(cards)
        self.moves += 1
        self.pending = False
        rules = self.rules
        if challenge:
            taker = seat if honest else author
            self.take_pile(taker)
            self.settle(seat)
            if self.over:
                return
            if rules.quick:
                self.new_round(author if honest else seat)
            elif honest and rules.keep_rank:
                self.begin_turn(self.next_active(taker))
            else:
                self.new_round(self.next_active(taker))
            return
        if not honest:
            self.take_pile(seat)
            self.settle(seat)
            if not self.over:
                self.new_round(self.next_active(seat))
            return
        if rules.quick:
            self.settle(seat)
            self.over = True
            return
        self.pile.pop()
        self.settle(seat)
        if not self.over:
            following = self.turn if in_window else self.next_active(seat)
            self.begin_turn(following)

    def window_after(self, author: int) -> list[int]:
        if not self.out:  # every other seat in turn, but the one whose turn it is
            players = self.rules.players
            return [(author + step) % players for step in range(2, players)]
        following = self.next_active(author)
        seats = []
        seat = self.next_active(following)
        while seat not in (author, following):
            seats.append(seat)
            seat = self.next_active(seat)
        return seats


# ---------------------------------------------------------------- the play-out policy


def policy_call(sim: Sim, seat: int, rng: random.Random) -> bool:
    """Whether ``seat`` challenges the top play: always a provable lie or a last play that would
    end the game, else at the seat's modelled rate (in turn or in a window: the Expert's call
    model counts window chances too).  The play-outs never believe out loud: a
    seat that does not challenge plays on (or lets the window pass)."""
    author, rank, cards = sim.pile[-1]
    count = len(cards)
    rules = sim.rules
    if sim.sizes[author] == 0 and not sim.stock and (rules.quick or rules.single):
        return True
    if count + sim.hands[seat][rank] > rules.copies:
        return True
    return rng.random() < rules.call_rate[seat][count - 1 if count < 3 else 2]


def policy_play(sim: Sim, seat: int, rng: random.Random) -> tuple[list[int], int]:
    """Every card of the claimed rank (the opener's: the rank it holds most of), now and then
    padded with one card of the rank it holds fewest of; a bluff of that card when it holds none.

    The fewest-held rank is looked for only when a card of it is played, and the padding's
    random number drawn only when the seat holds a card to pad with: this is the play-outs'
    hottest function."""
    hand = sim.hands[seat]
    rules = sim.rules
    rank = sim.claim
    if rank < 0:
        rank = max(rules.allowed, key=hand.__getitem__)  # the first of the most held
    held = min(hand[rank], rules.max_play)
    if not held:
        return [fewest_other(hand, rank)], rank
    others = sim.sizes[seat] - hand[rank]
    if others and held < rules.max_play and rng.random() < rules.filler_rate[seat]:
        return [rank] * held + [fewest_other(hand, rank)], rank
    return [rank] * held, rank


def fewest_other(hand: list[int], rank: int) -> int:
    """The rank other than ``rank`` held fewest of (the first such), -1 if none.

    Searched count by count with the list's own scans, not rank by rank in Python: the
    fewest is nearly always a single card, found in one scan."""
    for count in range(1, max(hand) + 1):
        if count in hand:
            at = hand.index(count)
            if at != rank:
                return at
            if count in hand[rank + 1 :]:
                return hand.index(count, rank + 1)
    return -1


def step(sim: Sim, rng: random.Random) -> None:
    """One move of the cheap policy, plus the open-challenge window a play opens.  A seat with
    no cards left, or facing the quick edition's last cards, must call: it challenges."""
    seat = sim.turn
    if sim.pending and (policy_call(sim, seat, rng) or sim.sizes[seat] == 0 or sim.last_cards()):
        sim.call(seat, True, False)
        return
    cards, rank = policy_play(sim, seat, rng)
    apply_play(sim, seat, cards, rank, rng)


def apply_play(sim: Sim, seat: int, cards: list[int], rank: int, rng: random.Random) -> None:
    """A play, then (open challenge) every window seat in turn may call."""
    sim.play(seat, cards, rank)
    if sim.over or not sim.rules.open_challenge:
        return
    run_window(sim, sim.window_after(seat), rng)


def run_window(sim: Sim, seats: list[int], rng: random.Random) -> None:
    """Offer the call to ``seats`` in turn; if nobody calls, the turn begins."""
    for other in seats:
        if policy_call(sim, other, rng):
            sim.call(other, True, True)
            return
    sim.begin_turn(sim.turn)
