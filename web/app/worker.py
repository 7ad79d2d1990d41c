"""The game's home in the browser: runs in a PyScript worker, holds the Game, plays the bots.

The page calls the functions in ``__export__`` with JSON strings and gets JSON strings back.
Every answer is built for the human seat only: its own view (``game.view(human)``) and the
events it may see (``visible_events``). The whole game's JSON never leaves this worker, except
into the browser's IndexedDB (so a reload can resume), which the page never reads.
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
    from engine import EngineError, Game, visible_events
    from engine.bots import LEVELS, make_bot
    from engine.game import CAP
    from engine.position import compile_position, decode, explain, reader
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


class Session:
    """One game at the table: the engine's Game plus who sits where."""

    def __init__(self, setup: dict[str, Any]) -> None:
        if not isinstance(setup, dict) or not isinstance(setup.get("config"), dict):
            raise EngineError("bad_config", "a setup is an object with a config object")
        self.setup = setup
        config = dict(setup["config"])
        seed = config.get("seed")
        if seed is None:
            seed = random.SystemRandom().randrange(2**31)
            config["seed"] = seed
        self.config = config
        self.game = Game.new(config)
        self.human, self.seats = _seating(setup, self.game.config.players)
        self.rng = random.Random(f"bots-{seed}")
        self.bots = {
            seat: make_bot(self._level(seat), random.Random(self.rng.getrandbits(64)))
            for seat in range(len(self.seats))
            if seat != self.human
        }
        self.steps = 0
        self.alone = 0  # bot moves since the human went out of this hand (BOTS_ALONE_CAP)
        self.first = self.game.to_move  # who moved first (the log's opening line)
        self.log: list[dict[str, Any]] = []  # events the human saw, for the log after a reload
        self.seen: list[dict[str, Any]] = []  # events the human saw this hand (the tracker's)
        self.position: dict[str, Any] | None = None  # a position set up by new_position()
        self.explanation: dict[str, Any] | None = None  # what the reader's decision did

    @classmethod
    def from_position(cls, request: dict[str, Any]) -> Session:
        """A session at a position (engine.position): a link's text, or the position itself.

        The bots (``level``, one for all, default medium) play only until the reader decides; the
        session then holds still, with the explanation, and is never saved: the link holds it.
        """
        given = request.get("position")
        position, game = decode(given) if isinstance(given, str) else (given, None)
        game = game or compile_position(position)
        assert isinstance(position, dict)
        level = request.get("level", "medium")
        players = game.config.players
        human = reader(position, game)
        seats = [{"name": "", "level": "human" if s == human else level} for s in range(players)]
        self = cls.__new__(cls)
        self.setup = {"config": game.config.to_json(), "human": human, "seats": seats}
        self.config = self.setup["config"]
        self.game = game
        self.human, self.seats = human, seats
        self.rng = random.Random("bots-position")
        self.bots = {
            seat: make_bot(self._level(seat), random.Random(self.rng.getrandbits(64)))
            for seat in range(players)
            if seat != human
        }
        self.steps, self.alone, self.first = 0, 0, game.to_move
        self.log, self.seen = [], []
        self.position, self.explanation = position, None
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
        human = self.human
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
        self.seen = _this_hand(visible_events(replayed_events(self.game), human))
        self.position, self.explanation = None, None  # a position is never saved
        bots = saved["bots"]
        wanted = {str(seat) for seat in range(players) if seat != human}
        if not isinstance(bots, dict) or set(bots) != wanted:
            raise EngineError("bad_save", "the bots do not match the seats")
        self.bots = {}
        for seat in range(players):
            if seat != human:
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
            "log": self.log,
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
        game = fresh.game
        while len(game.actions) < mine[-1]:
            seat, action = actions[len(game.actions)]
            if seat == self.human:
                events = game.apply(seat, action)
            else:
                was_out = self.human in game.out
                events = game.apply(seat, fresh.bot_action(seat))
                events += fresh.count_alone(was_out, events)
            if game.actions != actions[: len(game.actions)]:
                raise RuntimeError("a bot chose otherwise on replay: its seed does not decide")
            fresh.show_bots(events)
            fresh.steps += 1
            fresh.note(events)
        return fresh

    def count_alone(self, was_out: bool, events: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """Count a bot move begun with the human already out; at the cap, end the hand.

        ``was_out``: the human was out of the hand before this move. Returns the events of ending
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
        """Keep what the human sees of these events (the log, the tracker's notes); return it."""
        visible = visible_events(events, self.human)
        self.log = (self.log + visible)[-LOG_MAX:]
        self.seen = _this_hand(self.seen + visible)
        return visible

    def answer(
        self,
        events: list[dict[str, Any]],
        actor: int | None,
        restored: bool = False,
        think_ms: float | None = None,
    ) -> str:
        view = self.game.view(self.human)
        to_move = self.game.to_move
        visible = self.note(events)
        decided = self.explanation is not None
        if decided:
            view["legal"] = None  # a position holds still once the reader has decided
        answer = {
            "ok": True,
            "actor": actor,
            "events": visible,
            "view": view,
            "bot_to_move": to_move is not None and to_move != self.human and not decided,
            "seats": self.seats,
            "human": self.human,
            # What the human can know of each rank's cards: from its view and what it saw only.
            "tracker": track(view, self.seen),
        }
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
            answer["review"] = next(r for r in reviews(self.game) if r["hand"] == ended[-1])
        if restored:
            # The events the human saw so far and who moved first (to narrate the log again),
            # and the setup as the page sent it (a seed only if the player typed one).
            answer["log"] = self.log
            answer["first"] = self.first
            answer["setup"] = self.setup
        return json.dumps(answer)


class Table:
    """The worker's one table: the game in progress, if any."""

    session: Session | None = None
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
    """The human seat's action. An illegal one leaves the game as it was and says why."""
    session = TABLE.session
    if session is None:
        return _error("no_game", "no game in progress")
    action = json.loads(action_json)
    before = [dict(play) for play in session.game.pile]
    events = session.game.apply(session.human, action)
    if session.position is not None and session.explanation is None:
        session.explanation = explain(session.game, before, session.human, action["type"], events)
    session.show_bots(events)
    session.steps += 1
    answer = session.answer(events, session.human)
    _save()
    return answer


@_guard
def bot_step() -> str:
    """One bot action, if a bot is to move; the page paces these calls."""
    session = TABLE.session
    if session is None:
        return _error("no_game", "no game in progress")
    seat = session.game.to_move
    if seat is None or seat == session.human:
        return session.answer([], None)
    was_out = session.human in session.game.out
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
    if session.game.is_over:
        raise EngineError("game_over", "the game is over")
    session = TABLE.session = session.rewound()
    answer = session.answer([], None, restored=True)
    _save()
    return answer


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
def forget() -> str:
    """Drop the game in progress (and its saved copy)."""
    TABLE.session = None
    if js is not None and hasattr(js, "indexedDB"):
        _idb_put(None)
    return json.dumps({"ok": True})


__export__ = ["act", "boot", "bot_step", "forget", "new_game", "new_position", "resume", "undo"]
