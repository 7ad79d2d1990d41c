"""The game's home in the browser: runs in a PyScript worker and hosts the table (engine.table).

The page calls the functions in ``__export__`` with JSON strings and gets JSON strings back;
each one decodes its request, asks :class:`engine.table.Table` and encodes the answer. What the
table decides (seats, bots, the table's cap, undo, the replay viewer, saves) and what every
answer holds is the engine's (docs/worker-protocol.md); this bridge adds only what needs the
browser: the game's save in IndexedDB, so that a reload resumes it (the page never reads it).
"""

from __future__ import annotations

import asyncio
import functools
import json
import traceback
from collections.abc import Awaitable, Callable
from typing import Any

try:
    import engine
    from engine.table import BOT_LEVELS, Answer, Table, refusal

    IMPORT_ERROR: str | None = None
except Exception:  # any failure to import is reported by boot(), not swallowed
    IMPORT_ERROR = traceback.format_exc(limit=3)

try:
    import js
    from pyodide.ffi import create_proxy
except ImportError:  # plain CPython (the tests import this module directly)
    js = None
    create_proxy = None

DB_NAME = "verish-ne-verish"
DB_STORE = "games"
DB_KEY = "current"  # the main page's slot; the embed page keeps its own ("embed")


class Slot:
    """The IndexedDB key this page saves under: DB_KEY unless resume() names another."""

    key = DB_KEY


# ---------------------------------------------------------------- persistence (IndexedDB)


def _has_db() -> bool:
    return js is not None and hasattr(js, "indexedDB")


def _keep(saved: dict[str, Any] | None) -> None:
    """The table's save into IndexedDB (None: delete it), best effort, fire and forget."""
    if _has_db():
        _idb_put(None if saved is None else json.dumps(saved))


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
    key = Slot.key

    def write(db: Any) -> None:
        store = db.transaction(DB_STORE, "readwrite").objectStore(DB_STORE)
        if text is None:
            store.delete(key)
        else:
            store.put(text, key)

    _idb_open(write)


async def _idb_get() -> str | None:
    if not _has_db():
        return None
    future: asyncio.Future[str | None] = asyncio.get_running_loop().create_future()

    def read(db: Any) -> None:
        request = db.transaction(DB_STORE, "readonly").objectStore(DB_STORE).get(Slot.key)

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


# ---------------------------------------------------------------- the guard


def _import_refusal() -> str:
    return json.dumps({"ok": False, "error": "import", "message": IMPORT_ERROR})


def _guard(fn: Callable[..., Any]) -> Callable[..., Any]:
    """Exported functions never raise: an error comes back as {"ok": false, ...} (refusal()).

    One guard for the plain exports and the one coroutine (resume): a coroutine's answer, or
    what it raises, is settled when it is awaited, by the same refusal.
    """

    @functools.wraps(fn)
    def export(*args: Any) -> str | Awaitable[str]:
        if IMPORT_ERROR is not None:
            return _import_refusal()
        try:
            answer = fn(*args)
            return _settled(answer) if asyncio.iscoroutine(answer) else json.dumps(answer)
        except Exception as error:
            return json.dumps(refusal(error))

    return export


async def _settled(pending: Awaitable[Any]) -> str:
    """The answer of an export's coroutine, once awaited: :func:`_guard`'s, in its time."""
    try:
        return json.dumps(await pending)
    except Exception as error:
        return json.dumps(refusal(error))


# ---------------------------------------------------------------- exported functions

if IMPORT_ERROR is None:
    TABLE = Table(_keep)


def boot() -> str:
    """Engine version and options, or the import error that keeps the engine from loading."""
    if IMPORT_ERROR is not None:
        return _import_refusal()
    return json.dumps(
        {
            "ok": True,
            "engine": getattr(engine, "__version__", "?"),
            "bot_levels": list(BOT_LEVELS),
            "exports": __export__,
        }
    )


@_guard
def new_game(setup_json: str) -> Answer:
    return TABLE.new_game(json.loads(setup_json))


@_guard
def new_position(request_json: str) -> Answer:
    return TABLE.new_position(json.loads(request_json))


@_guard
def new_guide(request_json: str) -> Answer:
    return TABLE.new_guide(json.loads(request_json))


@_guard
def act(action_json: str) -> Answer:
    return TABLE.act(json.loads(action_json))


@_guard
def bot_step() -> Answer:
    return TABLE.bot_step()


@_guard
def undo() -> Answer:
    return TABLE.undo()


@_guard
def coach() -> Answer:
    return TABLE.coach()


@_guard
async def resume(options_json: str | None = None) -> Answer:
    """The game saved before a reload, if any (Table.resume); ``{"slot": name}`` picks the
    IndexedDB key, which later saves use too (the embed page keeps its own game)."""
    if options_json:
        options = json.loads(options_json)
        slot = options.get("slot") if isinstance(options, dict) else None
        if isinstance(slot, str) and slot:
            Slot.key = slot
    try:
        text = await _idb_get()
    except Exception as error:
        return {"ok": False, "error": "no_game", "message": f"{type(error).__name__}: {error}"}
    return TABLE.resume(text)


@_guard
def take_seat() -> Answer:
    return TABLE.take_seat()


@_guard
def guest_act(request_json: str) -> Answer:
    return TABLE.guest_act(json.loads(request_json))


@_guard
def seat_away(request_json: str) -> Answer:
    return TABLE.seat_away(json.loads(request_json))


@_guard
def guest_view(request_json: str) -> Answer:
    return TABLE.guest_view(json.loads(request_json))


@_guard
def forget() -> Answer:
    return TABLE.forget()


@_guard
def replay_link() -> Answer:
    return TABLE.replay_link()


@_guard
def open_replay(request_json: str) -> Answer:
    return TABLE.open_replay(json.loads(request_json))


@_guard
def replay_step(request_json: str) -> Answer:
    return TABLE.replay_step(json.loads(request_json))


__export__ = [
    "act",
    "boot",
    "bot_step",
    "coach",
    "forget",
    "guest_act",
    "guest_view",
    "new_game",
    "new_guide",
    "new_position",
    "open_replay",
    "replay_link",
    "replay_step",
    "resume",
    "seat_away",
    "take_seat",
    "undo",
]
