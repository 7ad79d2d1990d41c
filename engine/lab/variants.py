"""A level's bot from parameters, and ``--set LEVEL.PARAM=VALUE`` to seat one in its place.

Why seat a variant under the level's own name: the arena seeds every seat's random numbers from
a string that names the whole seating (``arena.seated``), so a changed bot seated under a new
name changes every seat's draws, the strangers' too, and two rows of the matrix then differ by
up to about 6 points from the draws alone (docs/bots.md, "Variants").  Seated as
``hard`` (``arena.EXTRA_BOTS``), a variant of Hard plays the shipped Hard's deals against the same
draws, and its games part from the shipped level's only where its choices part.

:func:`bot_factory` is the one place the lab builds a level's bot from parameters (the arena's
``--set``).  This module must not import ``engine.lab.arena``, which imports it.
"""

from __future__ import annotations

import argparse
import dataclasses
import math
import random
import typing
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..bots.base import Bot
from ..bots.expert import ExpertBot
from ..bots.hard import HardBot
from ..bots.medium import MediumBot
from ..bots.tuning import (
    EXPERT_PARAMS_BY_PRESET,
    HARD_PARAMS_BY_PRESET,
    MEDIUM_PARAMS,
    SEARCH_PARAMS,
    Params,
    SearchParams,
)

Factory = Callable[[random.Random], Bot]
# The levels with parameters: Medium's one ``Params`` set, Hard's set per preset, and the
# Expert's ``SearchParams`` over the Hard sets it inherits.
LEVELS: tuple[str, ...] = ("medium", "hard", "expert")


def bot_factory(
    level: str,
    params: Params | Mapping[str, Params] | None = None,
    search: SearchParams | None = None,
) -> Factory:
    """A maker of ``level``'s bot with these parameters (None: the shipped ones).

    ``params`` is Medium's set, or Hard's: one set for every preset or one per preset; for the
    Expert, the Hard sets its one-move values use.  ``search`` is the Expert's.
    """
    if level not in LEVELS:
        raise ValueError(f"{level!r} has no parameters to set; choose one of {', '.join(LEVELS)}")
    if search is not None and level != "expert":
        raise ValueError(f"search parameters are the Expert's, not {level}'s")
    if level == "medium":
        if params is not None and not isinstance(params, Params):
            raise ValueError("Medium plays one set of parameters, not one per preset")
        medium = params

        def make_medium(rng: random.Random) -> Bot:
            return MediumBot(rng, medium)

        return make_medium
    if level == "hard":

        def make_hard(rng: random.Random) -> Bot:
            return HardBot(rng, params)

        return make_hard

    def make_expert(rng: random.Random) -> Bot:
        return ExpertBot(rng, search=search or SEARCH_PARAMS, params=params)

    return make_expert


@dataclass(frozen=True)
class Override:
    """One ``--set``: ``level``'s parameter ``name`` set to ``value`` (already of its type)."""

    level: str
    name: str
    value: Any

    def __str__(self) -> str:
        value = self.value
        text = ",".join(map(str, value)) if isinstance(value, tuple) else str(value)
        return f"{self.level}.{self.name}={text}"


def _hints(cls: type) -> dict[str, Any]:
    """A dataclass's fields and their types (the annotations are strings here)."""
    hints = typing.get_type_hints(cls)
    return {item.name: hints[item.name] for item in dataclasses.fields(cls)}


PARAM_TYPES = _hints(Params)
SEARCH_TYPES = _hints(SearchParams)


def settable(level: str) -> dict[str, Any]:
    """``level``'s parameters and their types; for the Expert a name in both sets would be its
    search parameter (no name is in both)."""
    if level == "expert":
        return {**PARAM_TYPES, **SEARCH_TYPES}
    return dict(PARAM_TYPES)


def parse_value(hint: Any, text: str) -> Any:
    """``text`` as a value of type ``hint``: bool, int, float, or a comma list for a tuple."""
    text = text.strip()
    if hint is bool:
        lowered = text.lower()
        if lowered in ("true", "yes", "on", "1"):
            return True
        if lowered in ("false", "no", "off", "0"):
            return False
        raise ValueError(f"takes true or false, not {text!r}")
    if hint is int:
        try:
            return int(text)
        except ValueError:
            raise ValueError(f"takes a whole number, not {text!r}") from None
    if hint is float:
        try:
            value = float(text)
        except ValueError:
            raise ValueError(f"takes a number, not {text!r}") from None
        if not math.isfinite(value):
            raise ValueError(f"takes a finite number, not {text!r}")
        return value
    if typing.get_origin(hint) is tuple:
        item = typing.get_args(hint)[0]
        return tuple(parse_value(item, part) for part in text.split(",") if part.strip())
    raise ValueError(f"cannot be set from the command line ({hint})")


def parse_set(spec: str) -> Override:
    """``LEVEL.PARAM=VALUE`` as an :class:`Override`; a ValueError says what is wrong."""
    target, equals, text = spec.partition("=")
    level, dot, name = target.strip().partition(".")
    if not equals or not dot or not level or not name or not text.strip():
        raise ValueError(f"{spec!r}: expected LEVEL.PARAM=VALUE, e.g. hard.max_filler=2")
    if level not in LEVELS:
        raise ValueError(
            f"{spec!r}: {level!r} has no parameters to set; choose one of {', '.join(LEVELS)}"
        )
    types = settable(level)
    if name not in types:
        raise ValueError(f"{spec!r}: {level} has no parameter {name!r}; it has {', '.join(types)}")
    try:
        value = parse_value(types[name], text)
    except ValueError as error:
        raise ValueError(f"{spec!r}: {level}.{name} {error}") from None
    return Override(level, name, value)


def variant_params(
    level: str, overrides: Sequence[Override]
) -> tuple[Params | dict[str, Params] | None, SearchParams | None]:
    """``level``'s parameters with its overrides (None where none apply: the shipped ones).

    Medium's set starts from ``MEDIUM_PARAMS``, the set ``MediumBot`` plays; Hard's from each
    preset's shipped set (``HARD_PARAMS_BY_PRESET``: an override applies to the classic and the
    quick set alike), and the Expert's from its own sets (``EXPERT_PARAMS_BY_PRESET``) under its
    ``SEARCH_PARAMS``.
    """
    mine = [item for item in overrides if item.level == level]
    search_changes = {
        item.name: item.value for item in mine if level == "expert" and item.name in SEARCH_TYPES
    }
    changes = {item.name: item.value for item in mine if item.name not in search_changes}
    search = dataclasses.replace(SEARCH_PARAMS, **search_changes) if search_changes else None
    params: Params | dict[str, Params] | None = None
    if changes and level == "medium":
        params = dataclasses.replace(MEDIUM_PARAMS, **changes)
    elif changes:
        sets = EXPERT_PARAMS_BY_PRESET if level == "expert" else HARD_PARAMS_BY_PRESET
        params = {
            preset: dataclasses.replace(shipped, **changes) for preset, shipped in sets.items()
        }
    return params, search


def variant_bots(overrides: Sequence[Override]) -> dict[str, Factory]:
    """Each overridden level's maker, to seat under the level's own name."""
    bots = {}
    for level in dict.fromkeys(item.level for item in overrides):
        params, search = variant_params(level, overrides)
        bots[level] = bot_factory(level, params, search)
    return bots


def describe(overrides: Sequence[Override]) -> str:
    """The report's line: which variants sit where (every seat of the level, field included)."""
    specs = ", ".join(map(str, overrides))
    hard_sets = any(item.level != "medium" and item.name in PARAM_TYPES for item in overrides)
    both = " (Hard's classic and quick sets alike)" if hard_sets else ""
    return f"variants seated under their level's own name, in every seat of it{both}: {specs}"


def _set_argument(spec: str) -> Override:
    try:
        return parse_set(spec)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def add_set_argument(parser: argparse.ArgumentParser) -> None:
    """``--set LEVEL.PARAM=VALUE``, repeatable; a bad spec is an argparse error."""
    parser.add_argument(
        "--set",
        action="append",
        default=[],
        type=_set_argument,
        metavar="LEVEL.PARAM=VALUE",
        help="seat a variant of medium, hard or expert under the level's own name (paired "
        "deals and draws); the value is parsed by the parameter's type; repeatable",
    )
