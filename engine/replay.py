"""Replays as links: a game's record in a URL fragment, played back through the rules.

A save (format 2) is the deal and the action log; a replay link carries the same record in as
few characters as it can, so that a finished game fits a link with no server behind it:

``{"v": 1, "c": config, "d": explicit deal or absent, "a": "actions", "h": "digest",
"t": {"human": seat, "seats": [{"name", "level"}]} or absent}``

``a`` is every action since the first deal in one string, one token per action separated by
commas: ``c`` ne veryu, ``b`` veryu, ``p`` pass, ``x`` the table's cap, and a play as its
claimed rank followed by its cards, each rank written in one character (``T`` for 10): ``77H7S``
plays 7H and 7S as sevens, ``TTHQS`` plays 10H and QS as tens.  The seat is left out: it is
always the seat to move, so a link cannot name another.  ``h`` is the first 16 hex digits of
the SHA-256 of the final game's JSON, so a link whose actions were changed into other legal
ones (a different game) is refused as surely as one with an illegal action.  ``t`` is the
table's names and levels, for the viewer only; the engine checks its shape and nothing else.

:func:`decode` trusts nothing: it unpacks with :func:`engine.links.unpack` (``bad_link``),
deals from the configuration or the explicit deal, applies every action through the rules and
compares the digest; an action the rules refuse or a digest that differs is
``replay_mismatch``.  What it returns holds every step's events, and :meth:`Replay.game_at`
gives the game at any step for the viewer.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass

from .errors import EngineError
from .game import CAP, Event, Game
from .links import pack, unpack
from .types import Action, CallAction, LogEntry, ReplayRecord, Seat, Table

REPLAY_VERSION = 1
MAX_ACTIONS = 50_000  # a 6-player match of 50 hands is far below; beyond it a link is refused
MAX_NAME = 32
_TOKENS: dict[str, CallAction] = {
    "c": {"type": "challenge"},
    "b": {"type": "believe"},
    "p": {"type": "pass"},
}
_CALLS = {action["type"]: token for token, action in _TOKENS.items()}
_CAP_TOKEN = "x"


def _rank_char(rank: str) -> str:
    return "T" if rank == "10" else rank


def _rank_text(char: str) -> str:
    return "10" if char == "T" else char


def _action_token(entry: LogEntry) -> str:
    if isinstance(entry, str):
        return _CAP_TOKEN
    action = entry[1]
    assert isinstance(action, dict)  # [seat, action]
    if action["type"] == "play":
        cards = "".join(_rank_char(card[:-1]) + card[-1] for card in action["cards"])
        return _rank_char(action["rank"]) + cards
    return _CALLS[action["type"]]


def _token_action(token: str) -> Action | None:
    """The action a token names, or None for the cap; a malformed token is ``bad_link``."""
    if token == _CAP_TOKEN:
        return None
    if token in _TOKENS:
        return _TOKENS[token].copy()
    if len(token) < 3 or len(token) % 2 == 0:
        raise EngineError("bad_link", f"the action {token[:20]!r} is not one a replay writes")
    cards = [_rank_text(token[i]) + token[i + 1] for i in range(1, len(token), 2)]
    return {"type": "play", "cards": cards, "rank": _rank_text(token[0])}


def digest(game: Game) -> str:
    """The final state's fingerprint: 16 hex digits of the SHA-256 of its sorted JSON."""
    text = json.dumps(game.to_json(), sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def encode(game: Game, table: object = None) -> ReplayRecord:
    """The replay record of ``game`` as it stands (finished or not), ``table`` being who sat where.

    The seed's deal is written as the configuration alone; an explicit deal (``Game.from_deal``)
    as its hands and stock.
    """
    config, deal = game.config.to_json(), game.first_deal
    actions = ",".join(_action_token(entry) for entry in game.actions)
    record: ReplayRecord = (  # the keys in this order: the link's text depends on it
        {"v": REPLAY_VERSION, "c": config, "a": actions, "h": digest(game)}
        if deal is None
        else {"v": REPLAY_VERSION, "c": config, "d": deal, "a": actions, "h": digest(game)}
    )
    if table is not None:
        record["t"] = _check_table(table, game.config.players)
    return record


def link(game: Game, table: object = None) -> str:
    """The link text of :func:`encode` (what follows ``#replay=``)."""
    return pack(encode(game, table))


@dataclass
class Replay:
    """A decoded replay: its record, checked, and the events of every step.

    Step 0 is the first deal; step ``k`` is the game after the ``k``-th action, whose events are
    ``steps[k - 1]``.
    """

    config: dict[str, object]  # as the link has it: Game.new checks it
    deal: dict[str, object] | None
    actions: list[LogEntry]  # the game's own log entries: [seat, action] or CAP
    steps: list[list[Event]]
    table: Table | None

    def first_game(self) -> Game:
        """The game as dealt, before any action."""
        if self.deal is None:
            return Game.new(self.config)
        return Game.from_deal({**self.config, **self.deal})

    def game_at(self, step: int) -> Game:
        """The game after ``step`` actions, played again from the deal.

        ``step`` is held to 0 … ``len(steps)``: the viewer's slider cannot go past either end.
        """
        step = max(0, min(step, len(self.steps)))
        game = self.first_game()
        for entry in self.actions[:step]:
            play_entry(game, entry)
        return game


def play_entry(game: Game, entry: LogEntry) -> list[Event]:
    """Apply one log entry (``[seat, action]`` or the cap) to ``game``; return its events."""
    if isinstance(entry, str):
        return game.end_by_move_limit()
    seat, action = entry
    return game.apply(seat, action)


def decode(text: object) -> Replay:
    """Check a replay link's text and play it through: ``bad_link`` or ``replay_mismatch``."""
    data = unpack(text)
    if not isinstance(data, dict) or data.get("v") != REPLAY_VERSION:
        raise EngineError("bad_link", "not a replay link of this version")
    if set(data) - {"v", "c", "d", "a", "h", "t"}:
        raise EngineError("bad_link", "the replay has fields a replay does not write")
    config, deal, tokens, wanted = data.get("c"), data.get("d"), data.get("a"), data.get("h")
    if not isinstance(config, dict) or not isinstance(tokens, str) or not isinstance(wanted, str):
        raise EngineError("bad_link", "the replay lacks its configuration, actions or digest")
    if deal is not None and not (isinstance(deal, dict) and set(deal) <= {"hands", "stock"}):
        raise EngineError("bad_link", "the replay's deal is not hands and a stock")
    entries = tokens.split(",") if tokens else []
    if len(entries) > MAX_ACTIONS:
        raise EngineError("bad_link", f"the replay has more than {MAX_ACTIONS} actions")
    moves = [_token_action(token) for token in entries]
    try:
        replay = Replay(config, deal, [], [], None)
        game = replay.first_game()
    except EngineError as error:
        raise EngineError("bad_link", f"the replay's deal is refused: {error.message}") from None
    for number, action in enumerate(moves, 1):
        seat = game.to_move  # None once the game is over, which the game refuses as a seat
        try:
            events = game.end_by_move_limit() if action is None else game.apply(seat, action)
        except EngineError as error:
            raise EngineError(
                "replay_mismatch", f"action {number} does not play: {error.message}"
            ) from None
        replay.steps.append(events)
        if action is None:
            replay.actions.append(CAP)
        else:
            assert seat is not None  # the game took the action from this seat
            replay.actions.append([seat, action])
    if digest(game) != wanted:
        raise EngineError("replay_mismatch", "the actions lead to another game than the link's")
    if "t" in data:
        replay.table = _check_table(data["t"], game.config.players)
    return replay


def _check_table(table: object, players: int) -> Table:
    """Who sat where: ``{"human": seat, "seats": [{"name": text, "level": text}, …]}``."""
    if not isinstance(table, dict) or set(table) != {"human", "seats"}:
        raise EngineError("bad_link", "the replay's table is not a human seat and seats")
    human, seats = table["human"], table["seats"]
    if type(human) is not int or not 0 <= human < players:
        raise EngineError("bad_link", "the replay's human seat is not at the table")
    if not isinstance(seats, list) or len(seats) != players:
        raise EngineError("bad_link", f"the replay's table does not have {players} seats")
    checked: list[Seat] = []
    for seat in seats:
        name = seat.get("name") if isinstance(seat, dict) else None
        level = seat.get("level") if isinstance(seat, dict) else None
        if not isinstance(name, str) or not isinstance(level, str):
            raise EngineError("bad_link", "every seat of a replay has a name and a level")
        if len(name) > MAX_NAME or len(level) > MAX_NAME:
            raise EngineError("bad_link", f"a seat's name or level is over {MAX_NAME} characters")
        checked.append({"name": name, "level": level})
    return {"human": human, "seats": checked}
