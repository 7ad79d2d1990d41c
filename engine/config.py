"""Game configuration: the two presets and every option, validated in one place.

A configuration is data (``{"preset", "players", "seed", "options"}``).  :func:`make_config`
checks it and fills every default, so the rest of the engine reads a complete, frozen
:class:`Config` and never asks "was this option given?".  :data:`OPTIONS` is the single table of
option names, kinds, defaults and the presets that accept them; the setup screen reads it through
:func:`describe`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, TypeAlias, cast

from .errors import EngineError
from .types import Ending, GameConfig, GameOptions, Preset, TableOptions

OptionValue: TypeAlias = int | str | None  # bool is an int: every option's value is one of these
PRESETS: tuple[Preset, ...] = ("classic", "quick")
PLAYERS: dict[str, tuple[int, int]] = {"classic": (2, 6), "quick": (3, 6)}
DRAW_HAND = 5  # draw format: cards dealt to each player and the size they refill to


@dataclass(frozen=True)
class OptionSpec:
    """One option: its allowed values, its default per preset and which presets take it."""

    name: str
    values: tuple[OptionValue, ...] | None  # None: an int in ``bounds``
    default_classic: OptionValue
    default_quick: OptionValue
    presets: tuple[Preset, ...]
    bounds: tuple[int, int] | None = None
    nullable: bool = False


OPTIONS: dict[str, OptionSpec] = {
    spec.name: spec
    for spec in (
        OptionSpec("deck", (36, 52), 36, 52, ("classic",)),
        # None = by player count: two decks with 6 players (classic), as the rules page says.
        OptionSpec("decks", (1, 2), None, 1, ("classic",), nullable=True),
        OptionSpec("draw", (False, True), False, False, ("classic",)),
        OptionSpec("no_aces", (False, True), False, False, ("classic",)),
        OptionSpec("ascending", (False, True), False, False, ("classic", "quick")),
        OptionSpec("open_challenge", (False, True), False, False, ("classic",)),
        OptionSpec("ending", ("single", "last_loser", "match"), "single", "single", ("classic",)),
        OptionSpec("hands", None, 3, 1, ("classic",), bounds=(1, 50)),
        OptionSpec("keep_rank_after_failed_challenge", (False, True), False, False, ("classic",)),
        OptionSpec("move_limit", None, None, 300, ("classic", "quick"), (10, 100_000), True),
    )
}


@dataclass(frozen=True)
class Config:
    """A complete, validated configuration.  ``decks`` is resolved (never None)."""

    preset: Preset
    players: int
    seed: int
    dealer: int
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

    @property
    def max_play(self) -> int:
        """Up to four cards a play per deck in use."""
        return 4 * self.decks

    @property
    def quick(self) -> bool:
        return self.preset == "quick"

    def options(self) -> TableOptions:
        """Every option's value (a fresh dict: views hand it out)."""
        return cast(TableOptions, {name: getattr(self, name) for name in OPTIONS})

    def to_json(self) -> GameConfig:
        """The configuration as :func:`make_config` takes it back (a save holds this).

        Only the options the preset accepts are written, and ``hands`` only for a match:
        :func:`make_config` refuses any other, and fills the same defaults back in.
        """
        options = {
            name: value
            for name, value in self.options().items()
            if self.preset in OPTIONS[name].presets and (name != "hands" or self.ending == "match")
        }
        return {
            "preset": self.preset,
            "players": self.players,
            "seed": self.seed,
            "dealer": self.dealer,
            "options": cast(GameOptions, options),
        }


def _check_int(value: object, code: str, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise EngineError(code, f"{what} must be a whole number, not {value!r}")
    return value


def _option_value(spec: OptionSpec, value: object) -> OptionValue:
    if value is None and spec.nullable:
        return None
    if spec.values is not None:
        # bool is an int in Python: compare types too, so 1 is not accepted for True.
        for known in spec.values:
            if value == known and type(value) is type(known):
                return known
        allowed = ", ".join(repr(v) for v in spec.values)
        raise EngineError("bad_option", f"option {spec.name} must be one of {allowed}")
    assert spec.bounds is not None
    number = _check_int(value, "bad_option", f"option {spec.name}")
    low, high = spec.bounds
    if not low <= number <= high:
        raise EngineError("bad_option", f"option {spec.name} must be between {low} and {high}")
    return number


def make_config(data: object) -> Config:
    """Validate a configuration dict and return it complete; refuse anything that makes no sense."""
    if not isinstance(data, dict):
        raise EngineError("bad_config", "the configuration must be an object")
    unknown = set(data) - {"preset", "players", "seed", "options", "dealer"}
    if unknown:
        raise EngineError(
            "bad_config", f"unknown configuration key(s): {', '.join(sorted(unknown))}"
        )
    preset = data.get("preset", "classic")
    if preset not in PRESETS:
        raise EngineError("unknown_preset", f"preset must be classic or quick, not {preset!r}")
    players = _check_int(data.get("players"), "bad_players", "players")
    low, high = PLAYERS[preset]
    if not low <= players <= high:
        raise EngineError("bad_players", f"preset {preset} is for {low} to {high} players")
    seed = _check_int(data.get("seed"), "bad_seed", "seed")
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise EngineError("bad_config", "options must be an object")
    values: dict[str, Any] = {}  # Config's keyword arguments, each checked by its OptionSpec
    for name, given in options.items():
        spec = OPTIONS.get(name)
        if spec is None:
            raise EngineError("unknown_option", f"there is no option {name!r}")
        if preset not in spec.presets:
            raise EngineError(
                "option_not_in_preset", f"option {name} is not part of preset {preset}"
            )
        values[name] = _option_value(spec, given)
    for spec in OPTIONS.values():
        if spec.name not in values:
            values[spec.name] = spec.default_classic if preset == "classic" else spec.default_quick
    if values["decks"] is None:
        values["decks"] = 2 if players == 6 else 1
    if "hands" in options and values["ending"] != "match":
        raise EngineError("bad_option", "option hands is only for the ending 'match'")
    if values["draw"] and DRAW_HAND * players > values["deck"] * values["decks"]:
        raise EngineError("bad_option", "not enough cards to deal five to every player")
    dealer = data.get("dealer", players - 1)
    dealer = _check_int(dealer, "bad_config", "dealer")
    if not 0 <= dealer < players:
        raise EngineError("bad_config", f"dealer must be a seat from 0 to {players - 1}")
    return Config(preset=preset, players=players, seed=seed, dealer=dealer, **values)


def describe() -> dict[str, object]:
    """The presets and options as JSON, for a setup screen that must offer every one of them."""
    return {
        "presets": {name: {"players": list(PLAYERS[name])} for name in PRESETS},
        "options": [
            {
                "name": spec.name,
                "values": list(spec.values) if spec.values is not None else None,
                "bounds": list(spec.bounds) if spec.bounds else None,
                "nullable": spec.nullable,
                "default": {"classic": spec.default_classic, "quick": spec.default_quick},
                "presets": list(spec.presets),
            }
            for spec in OPTIONS.values()
        ],
    }
