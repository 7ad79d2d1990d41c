"""The page worker's Python (``web/app/worker.py``) as a fresh module under CPython.

Without Pyodide's ``js`` module it keeps no save, and otherwise answers exactly as it does in the
browser: the e2e tests check its answers without a browser, and the bot benchmark replays a page's
game in it to compare CPython with Pyodide move for move.
"""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

WORKER = Path(__file__).resolve().parent.parent / "web" / "app" / "worker.py"


def load_worker() -> ModuleType:
    spec = importlib.util.spec_from_file_location("vnv_worker", WORKER)
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot load {WORKER}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
