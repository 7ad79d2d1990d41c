"""The door every input passes before the engine reads it: plain JSON of bounded size.

Configurations, deals, saves, actions, seats and events come from the page, from storage or from
anyone calling the engine.  :func:`check_json` refuses, with the caller's error code, what would
make the engine fail other than by an :class:`EngineError`: nesting deep enough to exhaust
Python's recursion (error messages and copies recurse), integers too large to print (Python
refuses to turn an int of over 4,300 digits into text) and values JSON does not have.  The bound
on integers is the largest a JavaScript number holds exactly, since every input crosses the page.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

from .errors import EngineError

MAX_DEPTH = 16  # a save nests 6 deep (save, actions, entry, action, cards, card)
MAX_INT = 2**53 - 1  # Number.MAX_SAFE_INTEGER: seeds, seats and counts stay exact in the page


def check_json(value: object, code: str, what: str) -> None:
    """Raise ``EngineError(code)`` unless ``value`` is JSON data within the bounds above.

    The walk keeps its own stack, so a deeply nested value is refused, not a RecursionError.
    Plain text, flags, null and small integers are passed over where they are found; only
    containers and other values are stacked (a long save is walked in a few milliseconds).
    """
    stack: list[tuple[object, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            if not all(isinstance(key, str) for key in item):
                raise EngineError(code, f"{what} has a key that is not text")
            children: Iterable[object] = item.values()
        elif isinstance(item, list):
            children = item
        else:
            _check_scalar(item, code, what)
            continue
        if depth >= MAX_DEPTH:
            raise EngineError(code, f"{what} nests deeper than {MAX_DEPTH} levels")
        for child in children:
            kind = type(child)
            if kind is str or kind is bool or child is None:
                continue
            if kind is int and -MAX_INT <= child <= MAX_INT:  # type: ignore[operator]
                continue
            stack.append((child, depth + 1))


def _check_scalar(item: object, code: str, what: str) -> None:
    if item is None or isinstance(item, (bool, str)):
        return
    if isinstance(item, int):
        if not -MAX_INT <= item <= MAX_INT:
            raise EngineError(code, f"{what} holds a whole number beyond ±{MAX_INT}")
    elif isinstance(item, float):
        if not math.isfinite(item):
            raise EngineError(code, f"{what} holds a number JSON does not have")
    else:
        raise EngineError(code, f"{what} holds a {type(item).__name__}, not JSON data")
