"""The page worker's Python (``web/app/worker.py``) as a fresh module under CPython, and one way
to drive any worker through a game.

Without Pyodide's ``js`` module it keeps no save, and otherwise answers exactly as it does in the
browser: the e2e tests check its answers without a browser, and the bot benchmark plays the
page's games in it to compare CPython with Pyodide move for move.
"""

from __future__ import annotations

import asyncio
import importlib.util
import inspect
import json
import random
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from types import ModuleType
from typing import Any

from engine.policies import random_action

WORKER = Path(__file__).resolve().parent.parent / "web" / "app" / "worker.py"

Answer = dict[str, Any]
# A worker export by name, with its argument (None: the export takes none), answering in JSON:
# the CPython module (module_call) or the page's engine client (tools/bench_bots_web.py).
Call = Callable[[str, Any], Answer]
# Told of every exchange: the export's name, its argument (None: none) and the answer.
Check = Callable[[str, Any, Answer], None]


def load_worker() -> ModuleType:
    spec = importlib.util.spec_from_file_location("vnv_worker", WORKER)
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot load {WORKER}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def module_call(
    worker: ModuleType, raw: list[str] | None = None, check: Check | None = None
) -> Call:
    """The module's exports as a :data:`Call`; ``raw`` collects every answer as the page gets it,
    ``check`` sees every exchange (the protocol tests check each one against the schema)."""

    def call(name: str, arg: Any) -> Answer:
        export = getattr(worker, name)
        result = export() if arg is None else export(json.dumps(arg))
        text: str = _finish(result) if inspect.iscoroutine(result) else result  # resume()
        if raw is not None:
            raw.append(text)
        answer: Answer = json.loads(text)
        if check is not None:
            check(name, arg, answer)
        return answer

    return call


def next_answer(call: Call, answer: Answer, rng: random.Random) -> Answer:
    """One step of the game: the bot to move acts, or the human plays ``random_action``."""
    if answer["bot_to_move"]:
        return call("bot_step", None)
    return call("act", random_action(answer["view"], rng))


def _finish(coroutine: Any) -> str:
    """Run an async export to its answer on a thread of its own.

    Playwright's sync API keeps an event loop running in the test's thread once a browser test
    ran, and asyncio.run() refuses to start inside it; a separate thread has no loop, so a worker
    test gives the same answer whatever ran before it in the session.
    """
    with ThreadPoolExecutor(1) as pool:
        text: str = pool.submit(asyncio.run, coroutine).result()
    return text
