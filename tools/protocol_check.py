"""The worker protocol's one description (``web/app/protocol.schema.json``) as checks for tests.

The Python tests (tests/test_worker_protocol.py) check the worker's answers under CPython, the
e2e tests the raw strings the page exchanged with it in Chromium: both through :func:`check_call`,
so the schema the page's types are generated from is the one the worker is held to.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator
from jsonschema.exceptions import best_match

SCHEMA_PATH = Path(__file__).resolve().parent.parent / "web" / "app" / "protocol.schema.json"
SCHEMA: dict[str, Any] = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
Draft202012Validator.check_schema(SCHEMA)
# The exports in the schema's root: each one's call definition (its request and its answer).
EXPORTS: dict[str, str] = {
    name: ref["$ref"].removeprefix("#/$defs/") for name, ref in SCHEMA["properties"].items()
}


def inline(node: Any) -> Any:
    """``node`` with every ``$ref`` replaced by the definition it names.

    jsonschema looks a reference up at every use (each card of every hand), which made checking
    a whole game's answers cost seconds; the schema's definitions do not refer to themselves, so
    they can be resolved once, here.
    """
    if isinstance(node, list):
        return [inline(item) for item in node]
    if not isinstance(node, dict):
        return node
    found = {key: inline(value) for key, value in node.items() if key != "$ref"}
    if "$ref" in node:
        return {**inline(SCHEMA["$defs"][node["$ref"].removeprefix("#/$defs/")]), **found}
    return found


@cache
def validator(definition: str) -> Draft202012Validator:
    """A validator of one definition of the schema (``"SeatView"``, ``"ActCall"``...)."""
    if definition not in SCHEMA["$defs"]:
        raise KeyError(f"the protocol schema has no definition {definition!r}")
    return Draft202012Validator(inline(SCHEMA["$defs"][definition]))


def problem(definition: str, message: Any) -> str | None:
    """Why ``message`` is not a ``definition`` of the protocol, or None when it is."""
    error = best_match(validator(definition).iter_errors(message))
    if error is None:
        return None
    return f"{definition} at {error.json_path}: {error.message}"


def check(definition: str, message: Any) -> None:
    """Fail (AssertionError) unless ``message`` is a ``definition`` of the protocol."""
    found = problem(definition, message)
    assert found is None, f"{found}\n  in {json.dumps(message)[:600]}"


def check_call(name: str, request: Any, answer: Any) -> None:
    """One exchange with the worker: ``request`` (None: called with no argument) to export
    ``name``, and its ``answer``, both parsed from the JSON text that crossed."""
    assert name in EXPORTS, f"{name!r} is not an export of the protocol"
    call = {"answer": answer} if request is None else {"request": request, "answer": answer}
    check(EXPORTS[name], call)


def check_raw_calls(sent: list[tuple[str, str | None]], answers: list[str]) -> int:
    """The page's debug logs (engine-client.js ``sentLog`` and ``rawLog``): each raw answer
    against its own call's definition. Returns the number of calls checked."""
    assert len(sent) == len(answers), (len(sent), len(answers))
    for (name, arg), raw in zip(sent, answers, strict=True):
        check_call(name, None if arg is None else json.loads(arg), json.loads(raw))
    return len(answers)
