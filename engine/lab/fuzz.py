"""Release fuzzer: bad and odd inputs to every public function of the engine.

``python -m engine.lab.fuzz --inputs 10000`` builds real games (random legal play over every
preset, option and seat count), then feeds ``Game.new``, ``Game.from_deal``, ``Game.from_json``,
``Game.apply``, ``Game.view``, ``visible_events``, ``engine.replay.decode`` (replay links) and the
``engine.protocol`` functions with inputs
made from the real ones: random mutations of configurations, deals, saves, actions, seats and
events (values of the wrong type, numbers off by one or far too large, cards of the other deck,
keys dropped or added, list items dropped, doubled or swapped), deep nesting, and things that
are not text where text is expected.  Every input must either work or raise ``EngineError``; it
*escapes* if anything else is raised, if a protocol function raises or answers other than JSON
text, if a refused action changed the game, or if a game the engine accepted then fails under
random legal play.  It prints tried/refused/escaped and exits non-zero if anything escaped.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .. import protocol
from ..errors import EngineError
from ..game import Game
from ..inputs import MAX_INT
from ..links import pack
from ..policies import play_random, random_action
from ..replay import decode, encode
from ..types import GameEvent, Save
from ..view import visible_events
from .simulate import random_config

Path = tuple[Any, ...]
DELETE = object()  # the mutation that removes a key or a list item
PLAY_ON = 300  # random legal moves an accepted game must survive


@dataclass
class Corpus:
    """Real inputs to mutate: configurations, deals, saves, and actions and events in context."""

    configs: list[dict[str, Any]] = field(default_factory=list)
    deals: list[dict[str, Any]] = field(default_factory=list)
    saves: list[Save] = field(default_factory=list)
    actions: list[tuple[Save, int, dict[str, Any]]] = field(default_factory=list)
    events: list[list[GameEvent]] = field(default_factory=list)


def mid_game(config: dict[str, Any], rng: random.Random, moves: int) -> Game:
    """A game after up to ``moves`` random legal moves (fewer if it ends first)."""
    game = Game.new(config)
    play_random(game, rng, moves)
    return game


def build_corpus(games: int, rng: random.Random) -> Corpus:
    """Real games across presets, options and seat counts, saved at random points."""
    corpus = Corpus()
    for _ in range(games):
        config = random_config(rng, rng.randrange(2**31))
        corpus.configs.append(config)
        first = Game.new(config)
        corpus.deals.append({**config, "hands": first.hands, "stock": first.stock})
        game = mid_game(config, rng, rng.randint(0, 80))
        if game.is_over:
            corpus.saves.append(game.to_json())
            continue
        seat = game.to_move
        assert seat is not None
        action = random_action(game.view(seat), rng)
        save = game.to_json()
        corpus.saves.append(save)
        corpus.actions.append((save, seat, action))
        corpus.events.append(game.apply(seat, action))
    return corpus


# ----------------------------------------------------------------- mutations


def paths(value: Any) -> list[Path]:
    """Every place in a JSON value, the value itself first; nothing below 20 levels."""
    found: list[Path] = []
    stack: list[tuple[Path, Any]] = [((), value)]
    while stack:
        path, item = stack.pop()
        found.append(path)
        if len(path) >= 20:
            continue
        if isinstance(item, dict):
            stack.extend(((*path, key), child) for key, child in item.items())
        elif isinstance(item, list):
            stack.extend(((*path, index), child) for index, child in enumerate(item))
    return found


def at(value: Any, path: Path) -> Any:
    for step in path:
        value = value[step]
    return value


def replaced(value: Any, path: Path, new: Any) -> Any:
    """``value`` with the place ``path`` set to ``new`` (or removed: ``DELETE``).

    Only the containers along the path are copied (the rest is shared), so a value holding what
    JSON text cannot (a 5,000-digit number, 3,000 levels of nesting) can be changed again.
    """
    if not path:
        return new
    top = _shallow(value)
    parent = top
    for step in path[:-1]:
        parent[step] = _shallow(parent[step])
        parent = parent[step]
    if new is DELETE:
        del parent[path[-1]]
    else:
        parent[path[-1]] = new
    return top


def _shallow(value: Any) -> Any:
    return dict(value) if isinstance(value, dict) else list(value)


def deep(depth: int, rng: random.Random) -> Any:
    """Lists and objects nested ``depth`` levels (built without recursion)."""
    value: Any = rng.choice([0, "6H", None])
    for _ in range(depth):
        value = [value] if rng.random() < 0.5 else {"type": value}
    return value


def odd_value(near: Any, rng: random.Random) -> Any:
    """A value a bug, an edit or an attacker might put where ``near`` was."""
    choice = rng.random()
    if choice < 0.15:
        return rng.choice([None, True, False, 0, -1, 1.5, "", "x", [], {}, "6H", "AS", "2C"])
    if choice < 0.25:
        return rng.choice([MAX_INT, MAX_INT + 1, -MAX_INT - 1, 2**64, 10**5000, -(10**400)])
    if choice < 0.3:
        return deep(rng.choice([17, 100, 3000]), rng)
    if isinstance(near, bool):
        return not near
    if isinstance(near, int):
        return near + rng.choice([-2, -1, 1, 2, 7]) if rng.random() < 0.8 else [near]
    if isinstance(near, str):
        return rng.choice(
            [near[:-1], near + near[-1:], near.lower(), "10" + near[-1:], "1" + near, "cap"]
        )
    if isinstance(near, list):
        if not near:
            return [rng.choice(["6H", 0, None, []])]
        items = list(near)
        operation = rng.random()
        if operation < 0.3:
            items.append(rng.choice(items))
        elif operation < 0.6:
            items.pop(rng.randrange(len(items)))
        else:
            rng.shuffle(items)
        return items
    if isinstance(near, dict):
        changed = dict(near)
        key = rng.choice([*near, "extra", "type", "seat", "cards"])
        changed[key] = odd_value(near.get(key), rng)
        return changed
    return rng.choice([0, "0", [near]])


def mutate(value: Any, rng: random.Random) -> Any:
    """``value`` with one to three places changed or removed."""
    for _ in range(rng.randint(1, 3)):
        path = rng.choice(paths(value))
        if path and rng.random() < 0.2:
            value = replaced(value, path, DELETE)
        else:
            value = replaced(value, path, odd_value(at(value, path), rng))
    return value


NOT_TEXT: tuple[Any, ...] = (None, 0, 1.5, True, [], {}, ["{}"], {"game": "{}"}, b"{}")
BAD_TEXT: tuple[str, ...] = ("", "{", "nul", "NaN", "1" * 5000, "[" * 5000 + "]" * 5000)


def as_text(value: Any, rng: random.Random) -> Any:
    """JSON text of ``value``; now and then something that is not JSON text at all."""
    choice = rng.random()
    if choice < 0.05:
        return rng.choice(NOT_TEXT)
    if choice < 0.1:
        return rng.choice(BAD_TEXT)
    try:
        return json.dumps(value)
    except (ValueError, RecursionError):  # too deep or too long a number to write: say it raw
        return rng.choice(['{"seed": ' + "9" * 5000 + "}", '{"a":' * 3000 + "1" + "}" * 3000])


# ----------------------------------------------------------------- trials


@dataclass
class Tally:
    tried: int = 0
    refused: int = 0
    escaped: list[str] = field(default_factory=list)


class Escape(Exception):
    """An input broke a promise of the engine other than by raising an exception."""


def _play_on(game: Game, rng: random.Random) -> None:
    play_random(game, rng, PLAY_ON)


def _game_call(call: Callable[[], Game], rng: random.Random) -> None:
    _play_on(call(), rng)


def _apply(save: Save, seat: Any, action: Any, rng: random.Random) -> None:
    game = Game.from_json(save)
    before = json.dumps(game.to_json())
    try:
        events = game.apply(seat, action)
    except EngineError:
        if json.dumps(game.to_json()) != before:
            raise Escape("a refused action changed the game") from None
        raise
    visible_events(events, seat)
    _play_on(game, rng)


def _ignore(answer: object) -> None:
    """A function that answered without raising did its part."""


def _protocol(answer: object) -> None:
    if not isinstance(answer, str):
        raise Escape(f"a protocol function answered {type(answer).__name__}")
    reply = json.loads(answer)
    if "error" in reply:
        raise EngineError(reply["error"], reply.get("message", ""))


def one_trial(corpus: Corpus, rng: random.Random) -> Callable[[], None]:
    """One call of a public function with an odd input, as a thunk."""
    target = rng.randrange(11)
    config = rng.choice(corpus.configs)
    save = rng.choice(corpus.saves)
    if target == 0:
        bad = mutate(config, rng)
        return lambda: _game_call(lambda: Game.new(bad), rng)
    if target == 1:
        data = mutate(rng.choice(corpus.deals), rng)
        return lambda: _game_call(lambda: Game.from_deal(data), rng)
    if target == 2:
        data = mutate(save, rng)
        return lambda: _game_call(lambda: Game.from_json(data), rng)
    base, seat, action = rng.choice(corpus.actions)
    if target == 3:
        bad_action = mutate(action, rng)
        bad_seat = odd_value(seat, rng) if rng.random() < 0.2 else seat
        return lambda: _apply(base, bad_seat, bad_action, rng)
    if target == 4:
        game = Game.from_json(save)
        bad_seat = odd_value(rng.randrange(6), rng)
        return lambda: _ignore(game.view(bad_seat))
    if target == 5:
        events = mutate(rng.choice(corpus.events), rng)
        bad_seat = odd_value(seat, rng) if rng.random() < 0.3 else seat
        return lambda: _ignore(visible_events(events, bad_seat))
    if target == 6:
        text = as_text(mutate(config, rng), rng)
        return lambda: _protocol(protocol.new_game(text))
    if target == 7:
        text = as_text(mutate(save, rng) if rng.random() < 0.7 else save, rng)
        bad_seat = odd_value(seat, rng) if rng.random() < 0.5 else seat
        return lambda: _protocol(protocol.view(text, bad_seat))
    if target == 8:
        text = as_text(base, rng)
        action_text = as_text(mutate(action, rng), rng)
        return lambda: _protocol(protocol.apply(text, seat, action_text))
    if target == 10:
        link = _bad_link(save, rng)
        return lambda: _replay(link, rng)
    text = as_text(mutate(base, rng) if rng.random() < 0.5 else base, rng)
    return lambda: _protocol(protocol.apply(text, seat, rng.choice(NOT_TEXT + BAD_TEXT)))


def _bad_link(save: Save, rng: random.Random) -> Any:
    """A replay link of a real game, its record mutated, or its text cut or a character changed."""
    record = encode(Game.from_json(save))
    if rng.random() < 0.6:
        try:
            return pack(mutate(record, rng))
        except (ValueError, RecursionError):  # too deep or too long a number to write as JSON
            pass
    text = pack(record)
    cut = rng.randrange(len(text))
    if rng.random() < 0.5:
        return text[:cut]
    return text[:cut] + rng.choice("A_-z0=!é") + text[cut + 1 :]


def _replay(link: Any, rng: random.Random) -> None:
    """A link the engine accepts must give a game that plays on at its last step."""
    replay = decode(link)
    _play_on(replay.game_at(len(replay.steps)), rng)


def run(inputs: int, seed: int = 0, games: int = 60) -> Tally:
    rng = random.Random(seed)
    corpus = build_corpus(games, rng)
    tally = Tally()
    for _ in range(inputs):
        trial = one_trial(corpus, rng)
        tally.tried += 1
        try:
            trial()
        except EngineError as error:
            if not (isinstance(error.code, str) and error.code and error.message):
                tally.escaped.append(f"EngineError without a code or message: {error!r}")
            tally.refused += 1
        except Exception as error:  # the fuzzer's whole point: anything else escaped
            tally.escaped.append(f"{type(error).__name__}: {str(error)[:200]}")
    return tally


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--inputs", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--games", type=int, default=60, help="real games to draw inputs from")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    tally = run(args.inputs, args.seed, args.games)
    elapsed = time.perf_counter() - started
    load = " ".join(f"{figure:.2f}" for figure in os.getloadavg())
    print(
        f"tried {tally.tried}, refused {tally.refused}, escaped {len(tally.escaped)}"
        f"  ({elapsed:.1f} s, load average {load})"
    )
    for line in tally.escaped[:20]:
        print("  escaped:", line)
    return 1 if tally.escaped else 0


if __name__ == "__main__":
    sys.exit(main())
