"""The game's home in the browser: runs in a PyScript worker, holds the Game, plays the bots.

The page calls the functions in ``__export__`` with JSON strings and gets JSON strings back.
Every answer is built for the seat on screen only: its own view (``game.view(seat)``) and the
events it may see (``visible_events``). The whole game's JSON never leaves this worker, except
into the browser's IndexedDB (so a reload can resume), which the page never reads.

Pass-and-play (several seats whose level is ``"human"``): the seat on screen (``viewer``)
changes only through ``take_seat()``, which the page calls once the next person said "I am
Boris" on its privacy screen, and only ever to the person to act; the answers' events are then
the public ones (``public_events``), what every seat saw.
"""

from __future__ import annotations

import asyncio
import json
import random
import time
import traceback
from typing import Any

try:
    import engine
    from engine import EngineError, Game, public_events, visible_events
    from engine.bots import LEVELS, make_bot
    from engine.coach import advise
    from engine.game import CAP
    from engine.position import compile_position, explain, reader
    from engine.position import decode as decode_position
    from engine.replay import Replay, decode, link, play_entry
    from engine.review import replayed_events, reviews
    from engine.tracker import track

    IMPORT_ERROR: str | None = None
except Exception:  # any failure to import is reported by boot(), not swallowed
    IMPORT_ERROR = traceback.format_exc(limit=3)

try:
    import js
    from pyodide.ffi import create_proxy
except ImportError:  # plain CPython (the tests import this module directly)
    js = None
    create_proxy = None

# The four levels of engine.bots, then the random-legal probe (kept for tests and embeds).
BOT_LEVELS: tuple[str, ...] = (*LEVELS, "random") if IMPORT_ERROR is None else ()
DB_NAME = "verish-ne-verish"
DB_STORE = "games"
DB_KEY = "current"  # the main page's slot; the embed page keeps its own ("embed")
SAVE_FORMAT = 1  # the worker's save around Game.to_json(); another number is refused
LOG_MAX = 1000  # visible events kept for the log after a reload
# The table's cap (docs/rules.md, "The table's cap"): once the human is out of a hand, the bots
# play on for at most this many moves; then the hand ends by the move-limit rule. A hand among
# bots ends in far fewer (docs/web.md); the cap only stops a remainder that would not end.
BOTS_ALONE_CAP = 1000
ASSISTS = frozenset({"coach", "undo"})  # helps a game may have used (TableAnswer.assisted)


def _seating(setup: dict[str, Any], players: int) -> tuple[int, list[dict[str, Any]]]:
    """The human's seat and the seats of a setup, checked against the table's size.

    New games and restored saves pass the same check, so a setup the page could never have sent
    (a seat list of the wrong length, a human seat off the table, a seat that is not an object)
    is refused at the door instead of failing later in a bot's turn.
    """
    human = setup.get("human", 0)
    if type(human) is not int or not 0 <= human < players:
        raise EngineError("bad_seat", f"the human's seat {human!r} is not at the table")
    seats = setup.get("seats")
    if not isinstance(seats, list) or len(seats) != players:
        raise EngineError("bad_config", f"the seats do not match the {players} players")
    if not all(isinstance(seat, dict) for seat in seats):
        raise EngineError("bad_config", "every seat is an object")
    return human, seats


def _people(human: int, seats: list[dict[str, Any]]) -> list[int]:
    """The seats people play: the setup's human and every seat whose level is "human".

    More than one is pass-and-play: the people share the device and take turns at it.
    """
    return sorted({human} | {i for i, seat in enumerate(seats) if seat.get("level") == "human"})


class Session:
    """One game at the table: the engine's Game plus who sits where."""

    def __init__(self, setup: dict[str, Any]) -> None:
        if not isinstance(setup, dict) or not isinstance(setup.get("config"), dict):
            raise EngineError("bad_config", "a setup is an object with a config object")
        config = dict(setup["config"])
        seed = config.get("seed")
        if seed is None:
            seed = random.SystemRandom().randrange(2**31)
            config["seed"] = seed
        self._seat(setup, config, Game.new(config), random.Random(f"bots-{seed}"))

    def _seat(
        self, setup: dict[str, Any], config: dict[str, Any], game: Game, rng: random.Random
    ) -> None:
        """Seat everyone at a fresh game: a new game and a position start the same way."""
        self.setup = setup
        self.config = config
        self.game = game
        self.human, self.seats = _seating(setup, game.config.players)
        self.people = _people(self.human, self.seats)
        self.viewer = self.human  # the seat on screen: the answers' view (take_seat())
        self.rng = rng
        self.bots = {
            seat: make_bot(self._level(seat), random.Random(self.rng.getrandbits(64)))
            for seat in range(len(self.seats))
            if seat not in self.people
        }
        self.steps = 0
        self.alone = 0  # bot moves since the people went out of this hand (BOTS_ALONE_CAP)
        self.first = self.game.to_move  # who moved first (the log's opening line)
        self.log: list[dict[str, Any]] = []  # events the log shows, for it after a reload
        # Per person, the events that seat saw this hand (its card tracker's input).
        self.seen: dict[int, list[dict[str, Any]]] = {seat: [] for seat in self.people}
        self.assisted: set[str] = set()  # "coach", "undo": helps used (statistics count apart)
        self.position: dict[str, Any] | None = None  # a position set up by new_position()
        self.explanation: dict[str, Any] | None = None  # what the reader's decision did

    @property
    def shared(self) -> bool:
        """Pass-and-play: several people at this table."""
        return len(self.people) > 1

    @classmethod
    def from_position(cls, request: dict[str, Any]) -> Session:
        """A session at a position (engine.position): a link's text, or the position itself.

        The bots (``level``, one for all, default medium) play only until the reader decides; the
        session then holds still, with the explanation, and is never saved: the link holds it.
        """
        given = request.get("position")
        position, game = decode_position(given) if isinstance(given, str) else (given, None)
        game = game or compile_position(position)
        assert isinstance(position, dict)
        level = request.get("level", "medium")
        players = game.config.players
        human = reader(position, game)
        seats = [{"name": "", "level": "human" if s == human else level} for s in range(players)]
        self = cls.__new__(cls)
        setup = {"config": game.config.to_json(), "human": human, "seats": seats}
        self._seat(setup, setup["config"], game, random.Random("bots-position"))
        self.position = position
        return self

    @classmethod
    def restore(cls, saved: dict[str, Any]) -> Session:
        """A session from :meth:`dump`; anything unsound raises EngineError("bad_save")."""
        if not isinstance(saved, dict) or saved.get("format") != SAVE_FORMAT:
            raise EngineError("bad_save", "not a saved game of this version")
        try:
            return cls._restore(saved)
        except EngineError as error:
            raise EngineError("bad_save", error.message) from None
        except Exception as error:
            raise EngineError("bad_save", f"{type(error).__name__}: {error}") from None

    @classmethod
    def _restore(cls, saved: dict[str, Any]) -> Session:
        self = cls.__new__(cls)
        self.setup = saved["setup"]
        self.config = saved["config"]
        self.game = Game.from_json(saved["game"])
        players = len(self.game.hands)
        self.human, self.seats = _seating(self.setup, players)  # restore() makes it bad_save
        self.people = _people(self.human, self.seats)
        viewer = saved.get("viewer", self.human)
        if type(viewer) is not int or viewer not in self.people:
            raise EngineError("bad_save", "the seat on screen is not a person's")
        self.viewer = viewer
        self.rng = random.Random()
        self.rng.setstate(_tuplify(saved["rng"]))
        self.steps = int(saved.get("steps", 0))
        self.alone = int(saved.get("alone", 0))
        first = saved.get("first")
        if first is not None and (not isinstance(first, int) or not 0 <= first < players):
            raise EngineError("bad_save", "the first player is not at the table")
        self.first = first
        log = saved.get("log", [])
        if not isinstance(log, list) or not all(
            isinstance(event, dict) and isinstance(event.get("type"), str) for event in log
        ):
            raise EngineError("bad_save", "the log holds something that is not an event")
        self.log = log
        assisted = saved.get("assisted", [])
        if not isinstance(assisted, list) or not set(assisted) <= ASSISTS:
            raise EngineError("bad_save", "the helps used are not ours")
        self.assisted = set(assisted)
        events = replayed_events(self.game)
        self.seen = {seat: _this_hand(visible_events(events, seat)) for seat in self.people}
        self.position, self.explanation = None, None  # a position is never saved
        bots = saved["bots"]
        wanted = {str(seat) for seat in range(players) if seat not in self.people}
        if not isinstance(bots, dict) or set(bots) != wanted:
            raise EngineError("bad_save", "the bots do not match the seats")
        self.bots = {}
        for seat in range(players):
            if seat not in self.people:
                self.bots[seat] = make_bot(self._level(seat), random.Random())
                self.bots[seat].memory_from_json(bots[str(seat)])
        return self

    def _level(self, seat: int) -> str:
        level = self.seats[seat].get("level")
        if level not in BOT_LEVELS:
            raise EngineError("bad_config", f"seat {seat} has no bot level {level!r}")
        return str(level)

    def dump(self) -> dict[str, Any]:
        return {
            "format": SAVE_FORMAT,
            "setup": self.setup,
            "config": self.config,
            "game": self.game.to_json(),
            "rng": self.rng.getstate(),
            "steps": self.steps,
            "alone": self.alone,
            "first": self.first,
            "viewer": self.viewer,
            "log": self.log,
            "assisted": sorted(self.assisted),
            "bots": {str(seat): bot.memory_to_json() for seat, bot in self.bots.items()},
        }

    def bot_action(self, seat: int) -> dict[str, Any]:
        """The bot of ``seat`` chooses from its own view; it never sees the game."""
        action: dict[str, Any] = self.bots[seat].act(self.game.view(seat))
        return action

    def rewound(self) -> Session:
        """This game taken back to just before the human's last decision (safe undo).

        Nothing is restored from a copy: a new session deals from the same seed and replays the
        action log up to that decision, the human's actions as logged and every bot choosing
        again from its own seeded random state and what it has seen, as it did the first time,
        so the undone future is the one the same decisions would bring back. A bot that would
        choose otherwise is a bug, and is refused as one (``internal``).
        """
        if self.position is not None:
            raise EngineError("nothing_to_undo", "a position is set up again from its link")
        actions = self.game.actions
        mine = [i for i, entry in enumerate(actions) if entry != CAP and entry[0] == self.human]
        if not mine:
            raise EngineError("nothing_to_undo", "you have made no decision to take back")
        fresh = Session({**self.setup, "config": self.config})
        fresh.setup = self.setup  # the page's own setup: a seed only if the player typed one
        fresh.assisted = self.assisted | {"undo"}
        game = fresh.game
        while len(game.actions) < mine[-1]:
            seat, action = actions[len(game.actions)]
            if seat == self.human:
                events = game.apply(seat, action)
            else:
                was_out = fresh.people_out()
                events = game.apply(seat, fresh.bot_action(seat))
                events += fresh.count_alone(was_out, events)
            if game.actions != actions[: len(game.actions)]:
                raise RuntimeError("a bot chose otherwise on replay: its seed does not decide")
            fresh.show_bots(events)
            fresh.steps += 1
            fresh.note(events)
        return fresh

    def advice(self) -> dict[str, Any]:
        """The coach's advice for the human now (engine.coach), from what the human saw only.

        The Expert's generator is seeded from the game's seed and the move number, so the same
        position brings the same suggestion; no bot's or the table's random stream moves.
        """
        seen = visible_events(replayed_events(self.game), self.viewer)
        seed = f"{self.config['seed']}:{len(self.game.actions)}"
        return advise(self.game.view(self.viewer), seen, seed)

    def people_out(self) -> bool:
        """Every person is out of this hand: the bots play on alone (the table's cap counts)."""
        return all(seat in self.game.out for seat in self.people)

    def count_alone(self, was_out: bool, events: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """Count a bot move begun with the people already out; at the cap, end the hand.

        ``was_out``: every person was out of the hand before this move. Returns the events of ending
        the hand (``hand_over`` with reason "cap", then ``dealt`` or ``game_over``), or nothing.
        A new hand starts the count again.
        """
        game = self.game
        if not was_out or game.is_over or any(event["type"] == "dealt" for event in events):
            self.alone = 0
            return []
        self.alone += 1
        if self.alone < BOTS_ALONE_CAP:
            return []
        self.alone = 0
        ended: list[dict[str, Any]] = game.end_by_move_limit()
        return ended

    def show_bots(self, events: list[dict[str, Any]]) -> None:
        """Every bot sees the events of an action as its seat may see them."""
        for seat, bot in self.bots.items():
            bot.observe(visible_events(events, seat))

    def note(self, events: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """Keep what the log shows of these events and what each person saw; return the former.

        One person: what that seat sees. Pass-and-play: what every seat saw (the screen is
        shared, so the log holds no one person's cards).
        """
        for seat in self.people:
            self.seen[seat] = _this_hand(self.seen[seat] + visible_events(events, seat))
        shown = public_events(events) if self.shared else visible_events(events, self.human)
        self.log = (self.log + shown)[-LOG_MAX:]
        return shown

    def answer(
        self,
        events: list[dict[str, Any]],
        actor: int | None,
        restored: bool = False,
        think_ms: float | None = None,
    ) -> str:
        view = self.game.view(self.viewer)
        to_move = self.game.to_move
        shown = self.note(events)
        decided = self.explanation is not None
        if decided:
            view["legal"] = None  # a position holds still once the reader has decided
        answer = {
            "ok": True,
            "actor": actor,
            "events": shown,
            "view": view,
            "bot_to_move": to_move is not None and to_move not in self.people and not decided,
            "seats": self.seats,
            "human": self.viewer,
            # What the seat on screen can know of each rank's cards: its view and what it saw.
            "tracker": track(view, self.seen[self.viewer]),
            # Helps used in this game (the page counts such games apart in its statistics).
            "assisted": sorted(self.assisted),
        }
        if self.shared and to_move in self.people and (to_move != self.viewer or restored):
            # Another person is to act (or, after a reload, whoever holds the device may not be
            # the one on screen): the page hides the table until that person takes the seat.
            answer["pass_to"] = to_move
        if self.position is not None:
            # The position's caption, and after the decision what it did. The explanation shows
            # the pile's true cards: the position's link holds them anyway.
            answer["position"] = {"caption": self.position.get("caption")}
            if decided:
                answer["position"]["explanation"] = self.explanation
        if think_ms is not None:
            # How long the bot took to choose, in this worker: the web benchmark's figure for
            # each level inside the page (tools/bench_web.py --bots).
            answer["think_ms"] = round(think_ms, 3)
        ended = [event["hand"] for event in events if event["type"] == "hand_over"]
        if ended:
            # Only now, with the hand over, may its hidden cards leave the worker.
            done = reviews(self.game)
            answer["review"] = next(r for r in done if r["hand"] == ended[-1])
            if self.game.is_over:
                # Every hand of the game as it was finally played, whatever reloads and undos
                # came between: the page keeps these, not the reviews it happened to receive.
                answer["reviews"] = done
        if restored:
            # The events the human saw so far and who moved first (to narrate the log again),
            # and the setup as the page sent it (a seed only if the player typed one).
            answer["log"] = self.log
            answer["first"] = self.first
            answer["setup"] = self.setup
        return json.dumps(answer)


class Viewer:
    """The replay open in the viewer: its record and the game at the step shown.

    Apart from the table's session on purpose: watching a replay never touches the game in
    progress or its save. Stepping forward applies the next actions to the game shown; stepping
    back plays the record again from the deal.
    """

    def __init__(self, replay: Replay) -> None:
        self.replay = replay
        self.step = 0
        self.game = replay.first_game()
        self.first = self.game.to_move
        table = replay.table
        levels = ("human", *BOT_LEVELS)
        if table is not None and all(seat["level"] in levels for seat in table["seats"]):
            self.seats: list[dict[str, Any]] = table["seats"]
            self.sharer: int | None = table["human"]
        else:  # no table in the link, or one of levels this page does not know: names only
            players = self.game.config.players
            self.seats = [{"name": "", "level": "human"} for _ in range(players)]
            self.sharer = None

    def go(self, step: int) -> None:
        step = max(0, min(step, len(self.replay.steps)))
        if step < self.step:
            self.game, self.step = self.replay.game_at(step), step
        while self.step < step:
            play_entry(self.game, self.replay.actions[self.step])
            self.step += 1

    def answer(self, seat: int, is_open: bool, since: int) -> str:
        events = [e for step in self.replay.steps[max(0, since) : self.step] for e in step]
        game = self.game
        return json.dumps(
            {
                "ok": True,
                "step": self.step,
                "steps": len(self.replay.steps),
                "human": seat,
                "open": is_open,
                "view": game.view(seat),
                "events": events if is_open else visible_events(events, seat),
                "hands": [list(hand) for hand in game.hands] if is_open else None,
                "seats": self.seats,
                "sharer": self.sharer,
                "first": self.first,
            }
        )


class Table:
    """The worker's one table: the game in progress, if any, and the replay in the viewer."""

    session: Session | None = None
    viewer: Viewer | None = None
    slot: str = DB_KEY  # the IndexedDB key this page saves under (resume() may name another)


TABLE = Table()


def _this_hand(seen: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The events since the last deal: a new hand deals every card again."""
    starts = [i for i, event in enumerate(seen) if event["type"] == "dealt"]
    return seen[starts[-1] :] if starts else seen


def _tuplify(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_tuplify(v) for v in value)
    return value


def _error(code: str, message: str) -> str:
    return json.dumps({"ok": False, "error": code, "message": message})


def _describe(error: Exception) -> str:
    return error.message if isinstance(error, EngineError) else f"{type(error).__name__}: {error}"


def _refusal(error: Exception) -> str:
    """The answer for an error inside an exported function: the engine's code, else "internal"."""
    if isinstance(error, EngineError):
        return json.dumps({"ok": False, **error.to_json()})
    if isinstance(error, json.JSONDecodeError):  # the argument itself, as engine.protocol says it
        return _error("bad_json", f"not JSON: {error.msg}")
    return _error("internal", _describe(error))


def _guard(fn: Any) -> Any:
    """Exported functions never raise: an error comes back as {"ok": false, ...}."""

    def wrapper(*args: Any) -> str:
        if IMPORT_ERROR is not None:
            return _error("import", IMPORT_ERROR)
        try:
            result: str = fn(*args)
            return result
        except Exception as error:
            return _refusal(error)

    wrapper.__name__ = fn.__name__
    return wrapper


def _guard_async(fn: Any) -> Any:
    """:func:`_guard` for the exported coroutines (resume)."""

    async def wrapper(*args: Any) -> str:
        if IMPORT_ERROR is not None:
            return _error("import", IMPORT_ERROR)
        try:
            result: str = await fn(*args)
            return result
        except Exception as error:
            return _refusal(error)

    wrapper.__name__ = fn.__name__
    return wrapper


# ---------------------------------------------------------------- persistence (IndexedDB)


def _save() -> None:
    """Keep the game in IndexedDB so a reload resumes it (best effort, fire and forget).

    Called after the answer was built, so the saved log holds the events just answered.
    """
    session = TABLE.session
    if (
        js is None
        or session is None
        or session.position is not None
        or not hasattr(js, "indexedDB")
    ):
        return
    text = json.dumps(session.dump()) if not session.game.is_over else None
    _idb_put(text)


def _idb_open(on_db: Any) -> None:
    request = js.indexedDB.open(DB_NAME, 1)

    def upgrade(_event: Any) -> None:
        db = request.result
        if not db.objectStoreNames.contains(DB_STORE):
            db.createObjectStore(DB_STORE)

    def success(_event: Any) -> None:
        on_db(request.result)

    request.onupgradeneeded = create_proxy(upgrade)
    request.onsuccess = create_proxy(success)
    request.onerror = create_proxy(lambda _e: None)


def _idb_put(text: str | None) -> None:
    key = TABLE.slot

    def write(db: Any) -> None:
        store = db.transaction(DB_STORE, "readwrite").objectStore(DB_STORE)
        if text is None:
            store.delete(key)
        else:
            store.put(text, key)

    _idb_open(write)


async def _idb_get() -> str | None:
    if js is None or not hasattr(js, "indexedDB"):
        return None
    future: asyncio.Future[str | None] = asyncio.get_running_loop().create_future()

    def read(db: Any) -> None:
        request = db.transaction(DB_STORE, "readonly").objectStore(DB_STORE).get(TABLE.slot)

        def done(_event: Any) -> None:
            value = request.result
            if not future.done():
                # Anything but a string is not ours: hand it on as text, so it is refused.
                text = value if isinstance(value, str) or value is None else str(value)
                future.set_result(text)

        request.onsuccess = create_proxy(done)
        request.onerror = create_proxy(lambda _e: future.done() or future.set_result(None))

    _idb_open(read)
    return await asyncio.wait_for(future, 5)


# ---------------------------------------------------------------- exported functions


def boot() -> str:
    """Engine version and options, or the import error that keeps the engine from loading."""
    if IMPORT_ERROR is not None:
        return _error("import", IMPORT_ERROR)
    return json.dumps(
        {
            "ok": True,
            "engine": getattr(engine, "__version__", "?"),
            "bot_levels": list(BOT_LEVELS),
            "exports": __export__,
        }
    )


@_guard
def new_game(setup_json: str) -> str:
    """Start a game: {"config": {...engine config...}, "human": 0, "seats": [{name, level}]}."""
    session = TABLE.session = Session(json.loads(setup_json))
    answer = session.answer([], None)
    _save()
    return answer


@_guard
def new_position(request_json: str) -> str:
    """Set up a position (docs/positions.md): {"position": link text or object, "level"?}.

    Replaces any game in progress for this page (not its saved game: a position is not saved).
    """
    request = json.loads(request_json)
    if not isinstance(request, dict):
        raise EngineError("bad_position", "the request is an object with a position")
    session = TABLE.session = Session.from_position(request)
    # The moves that set the position up are its answer's events: the log tells how the pile
    # came about, and the tracker counts from them as it would in a game.
    return session.answer(replayed_events(session.game), None)


@_guard
def act(action_json: str) -> str:
    """The action of the seat on screen. An illegal one leaves the game as it was and says why."""
    session = TABLE.session
    if session is None:
        return _error("no_game", "no game in progress")
    action = json.loads(action_json)
    before = [dict(play) for play in session.game.pile]
    events = session.game.apply(session.viewer, action)
    if session.position is not None and session.explanation is None:
        session.explanation = explain(session.game, before, session.human, action["type"], events)
    session.show_bots(events)
    session.steps += 1
    answer = session.answer(events, session.viewer)
    _save()
    return answer


@_guard
def bot_step() -> str:
    """One bot action, if a bot is to move; the page paces these calls."""
    session = TABLE.session
    if session is None:
        return _error("no_game", "no game in progress")
    seat = session.game.to_move
    if seat is None or seat in session.people:
        return session.answer([], None)
    was_out = session.people_out()
    start = time.perf_counter()
    action = session.bot_action(seat)
    think_ms = (time.perf_counter() - start) * 1000
    events = session.game.apply(seat, action)
    events += session.count_alone(was_out, events)
    session.show_bots(events)
    session.steps += 1
    answer = session.answer(events, seat, think_ms=think_ms)
    _save()
    return answer


@_guard
def undo() -> str:
    """Take back the human's last decision and every bot move after it (docs/worker-protocol.md).

    Answered like ``resume()``: the table as it was before that decision, with the log to write
    again. Refused with ``nothing_to_undo`` before the human's first decision, ``game_over`` once
    the game is over.
    """
    session = TABLE.session
    if session is None:
        return _error("no_game", "no game in progress")
    if session.shared:
        raise EngineError("no_undo", "undo is not offered when several people share the table")
    if session.game.is_over:
        raise EngineError("game_over", "the game is over")
    session = TABLE.session = session.rewound()
    answer = session.answer([], None, restored=True)
    _save()
    return answer


@_guard
def coach() -> str:
    """The coach's advice before the human acts (docs/worker-protocol.md); marks the game as
    played with the coach. ``not_your_turn`` when the human has nothing to decide."""
    session = TABLE.session
    if session is None:
        return _error("no_game", "no game in progress")
    if session.game.to_move != session.viewer:
        raise EngineError("not_your_turn", "the coach speaks before your own decisions")
    advice = session.advice()
    session.assisted.add("coach")
    _save()
    return json.dumps({"ok": True, "move": len(session.game.actions), **advice})


@_guard_async
async def resume(options_json: str | None = None) -> str:
    """The game saved before a reload, if any: a table answer plus "log" and "setup".

    ``{"slot": name}`` picks the IndexedDB key (the embed page keeps its own game). A save that
    cannot be read back or answered (damaged, from another version, or failing in any way) is
    dropped and answered with ``{"ok": false, "error": "bad_save"}``, so the page can say so and
    deal a new game; a save must never stop the page from starting.
    """
    if options_json:
        options = json.loads(options_json)
        slot = options.get("slot") if isinstance(options, dict) else None
        if isinstance(slot, str) and slot:
            TABLE.slot = slot
    try:
        text = await _idb_get()
    except Exception as error:
        return _error("no_game", f"{type(error).__name__}: {error}")
    if not text:
        return _error("no_game", "nothing saved")
    try:
        try:
            saved = json.loads(text)
        except ValueError:
            raise EngineError("bad_save", "the save is not JSON") from None
        session = Session.restore(saved)
        answer = session.answer([], None, restored=True)
    except Exception as error:
        TABLE.session = None
        _idb_put(None)
        return _error("bad_save", _describe(error))
    TABLE.session = session
    return answer


@_guard
def take_seat() -> str:
    """Pass-and-play: the person to act is at the device now (the page's privacy screen).

    The seat on screen becomes that person's, and the table is answered for it. There is no
    argument: the page can bring up only the seat whose turn it is, never another person's
    cards. With a bot to move, or that person already on screen, the table as it is.
    """
    session = TABLE.session
    if session is None:
        return _error("no_game", "no game in progress")
    to_move = session.game.to_move
    if to_move in session.people:
        session.viewer = to_move
    answer = session.answer([], None)
    _save()
    return answer


@_guard
def forget() -> str:
    """Drop the game in progress (and its saved copy)."""
    TABLE.session = None
    if js is not None and hasattr(js, "indexedDB"):
        _idb_put(None)
    return json.dumps({"ok": True})


# ---------------------------------------------------------------- replays (docs/embedding.md)


@_guard
def replay_link() -> str:
    """The replay link of the game at the table: its record and who sat where (engine.replay)."""
    session = TABLE.session
    if session is None:
        return _error("no_game", "no game in progress")
    seats = [
        {"name": str(seat.get("name") or ""), "level": str(seat.get("level") or "")}
        for seat in session.seats
    ]
    text = link(session.game, {"human": session.human, "seats": seats})
    return json.dumps({"ok": True, "link": text})


@_guard
def open_replay(request_json: str) -> str:
    """Decode a replay link and play it through; the viewer shows it from step 0.

    Refused with ``bad_link`` (not a replay link) or ``replay_mismatch`` (its actions do not
    play, or lead to another game); the replay open before, if any, stays open then.
    """
    request = json.loads(request_json)
    text = request.get("link") if isinstance(request, dict) else None
    viewer = Viewer(decode(text))
    TABLE.viewer = viewer
    seat = viewer.sharer if viewer.sharer is not None else 0
    return viewer.answer(seat, False, 0)


@_guard
def replay_step(request_json: str) -> str:
    """The open replay at ``step``, seen from ``seat`` or with every hand ``open``."""
    viewer = TABLE.viewer
    if viewer is None:
        return _error("no_game", "no replay open")
    request = json.loads(request_json)
    if not isinstance(request, dict):
        raise EngineError("bad_json", "a replay step is an object")
    step, seat, is_open = request.get("step"), request.get("seat"), request.get("open")
    since = request.get("from", step - 1 if type(step) is int else 0)
    if not all(type(n) is int for n in (step, since)) or type(is_open) is not bool:
        raise EngineError("bad_json", "a replay step has a whole step and from, and open")
    if type(seat) is not int or not 0 <= seat < viewer.game.config.players:
        raise EngineError("bad_seat", f"there is no seat {seat!r}")
    viewer.go(step)
    return viewer.answer(seat, is_open, since)


__export__ = [
    "act",
    "boot",
    "bot_step",
    "coach",
    "forget",
    "new_game",
    "new_position",
    "open_replay",
    "replay_link",
    "replay_step",
    "resume",
    "take_seat",
    "undo",
]
