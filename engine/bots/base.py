"""The bot protocol and what every bot shares.

A bot sees exactly what a player sees: its seat's view (the JSON dict the UI gets, with
``legal``) and the events that seat was shown (:func:`engine.visible_events`).  It keeps its own
memory and gets an injected :class:`random.Random`; it never holds the :class:`engine.Game`.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from ..cards import ACE, ascending_order, rank_of, ranks_of_deck
from .tuning import CYCLE_VISITS, PATIENCE

# Read-only: a bot gets the engine's SeatView and GameEvent (engine.types) and never changes them.
View = Mapping[str, Any]
Event = Mapping[str, Any]
Action = dict[str, Any]
Option = tuple[float, Action]  # an action and its value to the bot (higher is better)


class Bot(Protocol):
    """What the table (web worker, arena, tests) needs from a bot."""

    level: str

    def observe(self, events: Sequence[Event]) -> None:
        """Events this seat was shown (already filtered by ``visible_events``)."""

    def act(self, view: View) -> Action:
        """One legal action for the seat whose view this is (``view["legal"]`` is set)."""

    def memory_to_json(self) -> dict[str, Any]:
        """The bot's memory and random state as JSON, to save a game."""

    def memory_from_json(self, data: dict[str, Any]) -> None:
        """Restore what :meth:`memory_to_json` wrote."""


def rng_to_json(rng: random.Random) -> list[Any]:
    version, internal, gauss = rng.getstate()
    return [version, list(internal), gauss]


def rng_from_json(rng: random.Random, data: list[Any]) -> None:
    rng.setstate((data[0], tuple(data[1]), data[2]))


class BaseBot:
    """Shared plumbing: the random generator, (de)serialisation, no memory by default."""

    level = "base"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def observe(self, events: Sequence[Event]) -> None:
        return None

    def act(self, view: View) -> Action:  # pragma: no cover - every bot overrides it
        raise NotImplementedError

    def memory_to_json(self) -> dict[str, Any]:
        return {"level": self.level, "rng": rng_to_json(self.rng), "memory": self._memory()}

    def memory_from_json(self, data: dict[str, Any]) -> None:
        rng_from_json(self.rng, data["rng"])
        self._restore(data.get("memory"))

    def _memory(self) -> Any:
        return None

    def _restore(self, data: Any) -> None:
        return None


# ------------------------------------------------------------------ progress


def position(view: View) -> str:
    """What comes back when bots trade the same pile: whose turn, every hand size, the pile, the
    stock, who is out, and the size of a play that can be called."""
    last = view["last_play"]
    callable_play = int(last["count"]) if last and last["unresolved"] else 0
    sizes = ",".join(str(int(n)) for n in view["hand_sizes"])
    out = ",".join(str(int(seat)) for seat in view["out"])
    return f"{view['seat']}|{sizes}|{view['pile_size']}|{view['stock_size']}|{out}|{callable_play}"


def action_kind(action: Action) -> str:
    """An action by its shape: a call, or a play's size and how many of its cards are honest."""
    if action["type"] != "play":
        return str(action["type"])
    rank = str(action["rank"])
    honest = sum(1 for card in action["cards"] if rank_of(card) == rank)
    return f"play:{len(action['cards'])}:{honest}"


class Progress:
    """Makes a bot change course in a cycle, so that bots-only games always end.

    Without it, bots traded the same pile for ever: one plays honest cards and the next always
    calls and takes them; two bluff and catch each other with the same cards; with no aces,
    hands of nothing but aces are bluffed one card at a time and always caught.  Each position
    met at the bot's turn (:func:`position`) keeps the kinds of action taken there; once it has
    come back ``tuning.CYCLE_VISITS`` times, only the options of the kind least tried there
    remain (the best of them is then played), so every kind gets its turn and the cycle is left.

    Some cycles involve several seats that each act rationally: with no aces, hands of nothing
    but aces can only be bluffed, and someone in an open-challenge window always calls a last
    card.  So a hand that has lasted ``tuning.PATIENCE`` moves is played out without calls:
    every play then stands and sheds cards, and the hand ends within about as many moves as there
    are cards.  Every bot sees the same move count, so they all stop together.
    """

    def __init__(self) -> None:
        self.visits: dict[str, list[str]] = {}

    def steer(self, view: View, options: list[Option]) -> list[Option]:
        """The options a bot may choose from here (all of them unless it is in a cycle)."""
        if int(view["moves"]) >= PATIENCE:
            quiet = [option for option in options if option[1]["type"] in ("play", "pass")]
            believe = [option for option in options if option[1]["type"] == "believe"]
            return quiet or believe or options
        tried = self.visits.get(position(view), [])
        if len(tried) < CYCLE_VISITS:
            return options
        counts = Counter(tried)
        least = min(counts[action_kind(action)] for _, action in options)
        return [option for option in options if counts[action_kind(option[1])] == least]

    def remember(self, view: View, action: Action) -> Action:
        """File ``action`` under this position and return it."""
        self.visits.setdefault(position(view), []).append(action_kind(action))
        return action

    def observe(self, events: Sequence[Event]) -> None:
        if any(event["type"] == "dealt" for event in events):
            self.visits = {}  # a new hand: nothing repeats across hands

    def to_json(self) -> dict[str, list[str]]:
        return self.visits

    def restore(self, data: dict[str, list[str]] | None) -> None:
        self.visits = {key: list(kinds) for key, kinds in (data or {}).items()}


# ------------------------------------------------------------------ view helpers


def rank_of_index(view: View) -> dict[str, int]:
    """Rank -> its index in the deck's ranks (the simulator's rank numbers)."""
    return {rank: i for i, rank in enumerate(deck_ranks(view))}


def total_copies(view: View) -> int:
    """Copies of each rank in play (4 per deck)."""
    return 4 * int(view["options"]["decks"])


def deck_ranks(view: View) -> tuple[str, ...]:
    return ranks_of_deck(int(view["options"]["deck"]))


def hand_ranks(view: View) -> Counter[str]:
    return Counter(rank_of(card) for card in view["hand"])


def next_seat(view: View, seat: int) -> int:
    """The next seat clockwise still in the hand."""
    players = int(view["players"])
    out = set(view["out"])
    for step in range(1, players + 1):
        candidate = (seat + step) % players
        if candidate not in out:
            return candidate
    return seat


def ends_on_first_out(view: View) -> bool:
    return bool(view["preset"] == "quick" or view["options"].get("ending") == "single")


def emptying_wins(view: View) -> bool:
    """A standing play that empties our hand now wins the game: the stock is empty (nobody is
    out while it lasts) and the first player out wins."""
    return int(view["stock_size"]) == 0 and ends_on_first_out(view)


def would_go_out(view: View, seat: int) -> bool:
    """A standing play by ``seat`` now would put it out (empty hand, empty stock)."""
    return int(view["hand_sizes"][seat]) == 0 and int(view["stock_size"]) == 0


def rank_after(view: View, rank: str, steps: int = 1) -> str:
    """Ascending mode: the rank ``steps`` claims after ``rank``."""
    order = ascending_order(int(view["options"]["deck"]), bool(view["options"]["no_aces"]))
    return order[(order.index(rank) + steps) % len(order)]


def play_action(cards: list[str], rank: str) -> Action:
    return {"type": "play", "cards": list(cards), "rank": rank}


def dead_ranks(view: View) -> frozenset[str]:
    """Ranks nobody may claim (the Ace under *No aces*): such a card leaves a hand only as a
    bluff, so a hand holding one can never be finished by an honest play."""
    return frozenset({ACE}) if view["options"].get("no_aces") else frozenset()


# A rank no turn of ours claims in :func:`cards_for`'s plan: shed before any that one does.
UNPLANNED = 1_000


def cards_for(
    view: View, rank: str, honest: int, filler: int, turns: Mapping[str, int] | None = None
) -> list[str]:
    """``honest`` cards of ``rank`` plus ``filler`` other cards, shedding the ranks held fewest.

    Filler sheds dead cards first (:func:`dead_ranks`: no honest play will ever take them) and
    the ranks not in ``turns``; then those in ``turns`` (where the rank ascends: in how many of
    our turns we claim each), the farthest first; then the ranks the bot holds fewest of (hard
    to play honestly later).
    """
    hand = list(view["hand"])
    counts = hand_ranks(view)
    dead = dead_ranks(view)
    chosen = [card for card in hand if rank_of(card) == rank][:honest]
    others = [card for card in hand if rank_of(card) != rank]
    turns = turns or {}
    others.sort(
        key=lambda card: (
            -turns.get(rank_of(card), UNPLANNED),
            rank_of(card) not in dead,
            counts[rank_of(card)],
            card,
        )
    )
    chosen += others[:filler]
    return chosen
