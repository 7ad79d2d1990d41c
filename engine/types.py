"""The shapes of the JSON that crosses the engine's boundary, for type checkers.

Actions, views, events, results, reviews, the tracker's and the coach's answers, and saves are
plain JSON data (docs/protocol.md); these TypedDicts name their keys and value types so that the
engine, the bots and anything embedding the engine are checked against one description.  At run
time they are ordinary dicts: nothing here changes a byte of what the engine reads or writes.

The page's types come from the worker protocol's schema (``web/app/protocol.schema.json``); each
class here that has a definition of the same name there has the same keys, required and
optional, which ``tests/test_types.py`` holds them to, so the Python and the JavaScript sides
cannot drift apart.  The few that the schema does not describe (a save, the replay record...)
are engine-only and say so.  (No ``from __future__ import annotations`` here: Python 3.11
reads ``NotRequired`` only from evaluated annotations, and the test reads the optional keys.)
"""

from typing import Literal, NotRequired, TypeAlias, TypedDict

Card: TypeAlias = str  # rank then suit: "6H", "10S", "QD", "AC"
Rank: TypeAlias = str  # "2" to "10", "J", "Q", "K", "A"
Preset = Literal["classic", "quick"]
Ending = Literal["single", "last_loser", "match"]
HandEndReason = Literal["out", "last_loser", "move_limit", "cap"]
GameEndReason = Literal["out", "last_loser", "move_limit", "cap", "match"]

# ----------------------------------------------------------------- configuration


class GameOptions(TypedDict, total=False):
    """The options asked for; :func:`engine.config.make_config` fills every one left out."""

    deck: int
    decks: int | None  # None: by player count
    draw: bool
    no_aces: bool
    ascending: bool
    open_challenge: bool
    ending: Ending
    hands: int
    keep_rank_after_failed_challenge: bool
    move_limit: int | None


class TableOptions(TypedDict):
    """Every option's value in the game being played (``decks`` resolved)."""

    deck: int
    decks: int
    draw: bool
    no_aces: bool
    ascending: bool
    open_challenge: bool
    ending: Ending
    hands: int
    keep_rank_after_failed_challenge: bool
    move_limit: int | None


class GameConfig(TypedDict):
    """A configuration as :meth:`engine.Game.new` takes it and a save writes it."""

    preset: Preset
    players: int
    seed: NotRequired[int]
    dealer: NotRequired[int]
    options: NotRequired[GameOptions]


# ----------------------------------------------------------------- actions


class PlayAction(TypedDict):
    type: Literal["play"]
    cards: list[Card]
    rank: Rank


class ChallengeAction(TypedDict):
    type: Literal["challenge"]


class BelieveAction(TypedDict):
    type: Literal["believe"]


class PassAction(TypedDict):
    type: Literal["pass"]


Action: TypeAlias = PlayAction | ChallengeAction | BelieveAction | PassAction
CallAction: TypeAlias = ChallengeAction | BelieveAction | PassAction

# ----------------------------------------------------------------- view of one seat


class PlayRule(TypedDict):
    min: int
    max: int
    ranks: list[Rank]


# "pass" is a keyword, so only the functional form can name that key.
Legal = TypedDict(
    "Legal", {"play": PlayRule | None, "challenge": bool, "believe": bool, "pass": bool}
)


class LastPlay(TypedDict):
    seat: int
    count: int
    rank: Rank
    unresolved: bool


class Reveal(TypedDict):
    """A play turned over this hand and where its cards went: a seat, the discard, the pile."""

    seat: int
    cards: list[Card]
    rank: Rank
    honest: bool
    to: int | Literal["discard", "pile"]


class Placing(TypedDict):
    seat: int
    place: int
    cards: NotRequired[int]  # cards held at the end of a hand (not in a match's ranking)


class GameResult(TypedDict):
    reason: GameEndReason
    ranking: list[Placing]
    winner: int | None
    draw: bool
    losers: list[int]
    scores: list[int]


class SeatView(TypedDict):
    """Everything one seat may know, and its legal actions (:func:`engine.view.seat_view`)."""

    seat: int
    players: int
    preset: Preset
    options: TableOptions
    hand: list[Card]
    hand_sizes: list[int]
    pile_size: int
    stock_size: int
    discard: list[Card]
    round_rank: Rank | None
    next_rank: Rank | None
    opening: bool
    last_play: LastPlay | None
    revealed: list[Reveal]
    to_move: int | None
    turn: int | None
    window: list[int]
    out: list[int]
    scores: list[int]
    hand_number: int
    dealer: int
    moves: int
    move_limit: int | None
    over: bool
    result: GameResult | None
    legal: Legal | None


# ----------------------------------------------------------------- events


class DealtEvent(TypedDict):
    type: Literal["dealt"]
    hand: int
    dealer: int
    counts: list[int]
    stock: int


class RoundOpenedEvent(TypedDict):
    type: Literal["round_opened"]
    seat: int
    rank: Rank


class PlayedEvent(TypedDict):
    type: Literal["played"]
    seat: int
    count: int
    rank: Rank
    cards: NotRequired[list[Card]]  # only in the events its author sees


class PassedEvent(TypedDict):
    type: Literal["passed"]
    seat: int


class ChallengedEvent(TypedDict):
    type: Literal["challenged"]
    seat: int
    target: int


class BelievedEvent(TypedDict):
    type: Literal["believed"]
    seat: int
    target: int


class RevealedEvent(TypedDict):
    type: Literal["revealed"]
    seat: int
    cards: list[Card]
    rank: Rank
    honest: bool


class TookPileEvent(TypedDict):
    type: Literal["took_pile"]
    seat: int
    count: int


class DiscardedEvent(TypedDict):
    type: Literal["discarded"]
    seat: int
    cards: list[Card]


class DrewEvent(TypedDict):
    type: Literal["drew"]
    seat: int
    count: int
    cards: NotRequired[list[Card]]  # only in the events the drawing seat sees


class OutEvent(TypedDict):
    type: Literal["out"]
    seat: int
    place: int


class HandOverEvent(TypedDict):
    type: Literal["hand_over"]
    hand: int
    reason: HandEndReason
    ranking: list[Placing]
    losers: list[int]


class GameOverEvent(TypedDict):
    type: Literal["game_over"]
    reason: GameEndReason
    ranking: list[Placing]
    winner: int | None
    draw: bool
    losers: list[int]
    scores: list[int]


GameEvent: TypeAlias = (
    DealtEvent
    | RoundOpenedEvent
    | PlayedEvent
    | PassedEvent
    | ChallengedEvent
    | BelievedEvent
    | RevealedEvent
    | TookPileEvent
    | DiscardedEvent
    | DrewEvent
    | OutEvent
    | HandOverEvent
    | GameOverEvent
)

# ----------------------------------------------------------------- saves (engine-only)


class PilePlay(TypedDict):
    """One play on the pile as the game holds it, true cards and all (never in a view)."""

    seat: int
    cards: list[Card]
    rank: Rank


class Deal(TypedDict):
    """An explicit deal (:meth:`engine.Game.from_deal`): every hand and the stock's order."""

    hands: list[list[Card]]
    stock: list[Card]


# One accepted action of the log: [seat, action], or "cap" for Game.end_by_move_limit.
LogEntry: TypeAlias = list[int | Action] | Literal["cap"]


class Save(TypedDict):
    """A whole game (:meth:`engine.Game.to_json`): its deal and actions, then the state they
    lead to (docs/rules.md, "Saves")."""

    version: int
    config: GameConfig
    deal: Deal | None  # None: the seed's deal
    actions: list[LogEntry]
    cards: list[Card]
    hand_number: int
    dealer: int
    hands: list[list[Card]]
    stock: list[Card]
    pile: list[PilePlay]
    discard: list[Card]
    revealed: list[Reveal]
    claim_rank: Rank | None
    opening: bool
    pending: bool
    turn: int | None
    window: list[int]
    out: list[int]
    scores: list[int]
    moves: int
    result: GameResult | None


class Applied(TypedDict):
    """:func:`engine.protocol.apply`'s answer: the game after one action, and what the acting
    seat saw of it."""

    game: Save
    events: list[GameEvent]
    view: SeatView


# ----------------------------------------------------------------- review


class ReviewPlay(TypedDict):
    seat: int
    rank: Rank
    cards: list[Card]
    honest: bool
    call: Literal["challenge", "believe"] | None


class ReviewCall(TypedDict):
    seat: int
    kind: Literal["challenge", "believe"]
    target: int
    play: int
    right: bool
    taker: int | None
    taken: int


class ReviewLine(TypedDict):
    seat: int
    plays: int
    bluffs: int
    caught: int
    calls_won: int
    calls_lost: int
    taken: int


class HandReview(TypedDict):
    hand: int
    reason: HandEndReason
    ranking: list[Placing]
    losers: list[int]
    plays: list[ReviewPlay]
    calls: list[ReviewCall]
    players: list[ReviewLine]
    hands: list[list[Card]]


# ----------------------------------------------------------------- card tracker


class TrackerRank(TypedDict):
    rank: Rank
    total: int
    mine: int
    discard: int
    pile: int
    held: list[int]
    unaccounted: int


class TrackerReport(TypedDict):
    seat: int
    ranks: list[TrackerRank]


# ----------------------------------------------------------------- coach


class BoundFact(TypedDict):
    code: Literal["bound"]
    rank: Rank
    total: int
    decks: int
    mine: int
    discard: int
    pile: int
    limit: int


class SureBluffFact(TypedDict):
    code: Literal["sure_bluff"]
    seat: int
    count: int
    rank: Rank
    limit: int


class LieChanceFact(TypedDict):
    code: Literal["lie_chance"]
    seat: int
    count: int
    rank: Rank
    percent: int


CoachFact: TypeAlias = BoundFact | SureBluffFact | LieChanceFact
WhyCode = Literal[
    "honest",
    "bluff",
    "last_cards",
    "sure_bluff",
    "leave_call",
    "likely_lie",
    "likely_true",
    "let_stand",
]


class Why(TypedDict):
    code: WhyCode
    count: NotRequired[int]
    rank: NotRequired[Rank]
    honest: NotRequired[int]
    percent: NotRequired[int]


class Suggestion(TypedDict):
    action: Action
    why: Why


class Coaching(TypedDict):
    """:func:`engine.coach.advise`'s answer: the worker's ``Advice`` without its ``ok`` and
    ``move``, and with no suggestion when the seat has nothing to decide."""

    facts: list[CoachFact]
    suggestion: Suggestion | None


# ----------------------------------------------------------------- positions


class ExplainedPlay(TypedDict):
    """A play of the pile with its true cards and whether they were honest."""

    seat: int
    cards: list[Card]
    rank: Rank
    honest: bool


class DrewCount(TypedDict):
    seat: int
    count: int


Decision = Literal["play", "challenge", "believe", "pass"]
ExplainedReason = Literal[
    "challenge_honest",
    "challenge_bluff",
    "believe_honest",
    "believe_honest_last",
    "believe_bluff",
    "played_on",
    "passed",
]


class Explanation(TypedDict):
    """What the reader's decision at a position did (:func:`engine.position.explain`)."""

    seat: int
    decision: Decision
    reason: ExplainedReason
    pile: list[ExplainedPlay]
    revealed: ExplainedPlay | None
    taker: int | None
    count: int
    out: list[int]
    ended: GameEndReason | None
    winner: int | None
    next: int | None
    opening: bool
    drew: list[DrewCount]


# ----------------------------------------------------------------- guests


class Friends(TypedDict):
    """A table with guest seats: the seats friends play from other devices, and those whose
    stand-in bot plays now (``engine.table``; both the host's and the guests' answers say it)."""

    guests: list[int]
    away: list[int]


# ----------------------------------------------------------------- replays (engine-only)


class Seat(TypedDict):
    name: str
    level: str
    guest: NotRequired[bool]  # a friend plays it from another device; level: its stand-in's


class Table(TypedDict):
    """Who sat where, as a replay link may carry it for its viewer."""

    human: int
    seats: list[Seat]


class ReplayRecord(TypedDict):
    """A replay link's content (:func:`engine.replay.encode`; the format is told there)."""

    v: int
    c: GameConfig
    d: NotRequired[Deal]
    a: str
    h: str
    t: NotRequired[Table]
