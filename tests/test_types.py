"""The engine's TypedDicts (engine/types.py) against the worker protocol's schema.

The page's types are generated from web/app/protocol.schema.json; the engine's are written by
hand.  Each TypedDict with a definition of its name in the schema must have the same keys,
required and optional, and the same tag (an event's ``type``, a fact's ``code``), so a key added,
dropped or made optional on one side fails here until the other side says the same.  The few
TypedDicts the schema has no definition for are named below with where their shape is checked.
"""

from __future__ import annotations

import json
import typing
from pathlib import Path
from typing import Any, Literal, get_args, get_origin, is_typeddict

import pytest

import engine.types
from engine import Game
from engine.coach import advise
from engine.position import compile_position, explain
from engine.review import replayed_events, reviews
from engine.tracker import track

SCHEMA = json.loads(
    (Path(__file__).resolve().parent.parent / "web/app/protocol.schema.json").read_text("utf-8")
)
DEFS: dict[str, Any] = SCHEMA["$defs"]

# TypedDicts whose shape is part of a schema definition rather than a definition of its own.
INLINE = {
    "ExplainedPlay": ("Explanation", "pile", "items"),
    "DrewCount": ("Explanation", "drew", "items"),
}
# TypedDicts the worker protocol never carries as they are; test_engine_only checks each
# against what the engine writes.
ENGINE_ONLY = {"PilePlay", "Deal", "Save", "Applied", "Coaching", "Table", "ReplayRecord"}

TYPED = {
    name: value
    for name, value in vars(engine.types).items()
    if is_typeddict(value) and value.__module__ == engine.types.__name__
}


def definition(name: str) -> dict[str, Any]:
    if name in INLINE:
        base, prop, items = INLINE[name]
        found: dict[str, Any] = DEFS[base]["properties"][prop][items]
        return found
    return DEFS[name]


def test_every_typeddict_has_a_schema_definition_or_says_why_not() -> None:
    described = {name for name in TYPED if name in DEFS or name in INLINE}
    assert set(TYPED) - described == ENGINE_ONLY
    assert not (ENGINE_ONLY & set(DEFS)), "an engine-only type now has a schema definition"


@pytest.mark.parametrize("name", sorted(set(TYPED) - ENGINE_ONLY))
def test_keys_match_the_schema(name: str) -> None:
    typed = TYPED[name]
    schema = definition(name)
    assert schema.get("additionalProperties") is False, f"{name}: the schema allows more keys"
    required = set(schema.get("required", []))
    optional = set(schema["properties"]) - required
    assert set(typed.__required_keys__) == required, name
    assert set(typed.__optional_keys__) == optional, name


@pytest.mark.parametrize("name", sorted(set(TYPED) - ENGINE_ONLY))
def test_tags_and_enums_match_the_schema(name: str) -> None:
    """A key the schema fixes to one value or a list of them is the same Literal here."""
    hints = typing.get_type_hints(TYPED[name])
    checked = 0
    for key, spec in definition(name)["properties"].items():
        allowed = [spec["const"]] if "const" in spec else spec.get("enum")
        if "$ref" in spec and "enum" in DEFS[spec["$ref"].removeprefix("#/$defs/")]:
            allowed = DEFS[spec["$ref"].removeprefix("#/$defs/")]["enum"]
        if allowed is None or all(isinstance(value, int) for value in allowed):
            continue  # integers (deck sizes, seat counts) stay int: a Literal would say no more
        hint = hints[key]
        literals = [arg for arg in get_args(hint) if get_origin(arg) is Literal]
        values = {v for lit in literals for v in get_args(lit)} if literals else set()
        if get_origin(hint) is Literal:
            values = set(get_args(hint))
        if None in allowed or type(None) in get_args(hint):
            values.add(None)
        if key == "rank" or spec.get("$ref") == "#/$defs/Rank":
            assert hint in (str, str | None), (name, key)  # ranks are plain text (Rank)
            continue
        assert values == set(allowed), (name, key)
        checked += 1
    if name.endswith("Event") or name.endswith("Fact") or name.endswith("Action"):
        assert checked, f"{name}: its tag is not a Literal"


def test_unions_are_the_schemas_oneof() -> None:
    for union, definition_name in (
        (engine.types.GameEvent, "GameEvent"),
        (engine.types.Action, "Action"),
        (engine.types.CoachFact, "CoachFact"),
    ):
        members = {member.__name__ for member in get_args(union)}
        refs = {ref["$ref"].removeprefix("#/$defs/") for ref in DEFS[definition_name]["oneOf"]}
        assert members == refs, definition_name


def test_literal_aliases_are_the_schemas_enums() -> None:
    for alias in ("Preset", "Ending", "HandEndReason", "GameEndReason"):
        assert set(get_args(getattr(engine.types, alias))) == set(DEFS[alias]["enum"]), alias


def game_with_history() -> Game:
    """A match of two hands whose first is played a little, with calls, then ended by the cap:
    its review is written and the second hand is there to be coached."""
    options = {"deck": 36, "ending": "match", "hands": 2}
    game = Game.new({"preset": "classic", "players": 3, "seed": 5, "options": options})
    for _ in range(6):
        seat = game.to_move
        assert seat is not None
        view = game.view(seat)
        legal = view["legal"]
        assert legal is not None
        if legal["challenge"]:
            game.apply(seat, {"type": "challenge"})
        else:
            play = legal["play"]
            assert play is not None
            game.apply(seat, {"type": "play", "cards": view["hand"][:1], "rank": play["ranks"][0]})
    game.end_by_move_limit()
    return game


def test_engine_only_shapes_are_what_the_engine_writes() -> None:
    game = game_with_history()
    save = game.to_json()
    assert set(save) == set(engine.types.Save.__required_keys__)
    assert all(set(play) == set(engine.types.PilePlay.__required_keys__) for play in save["pile"])
    dealt = Game.from_deal(
        {"preset": "classic", "players": 2, "hands": [["7H"], ["8C"]], "stock": []}
    )
    deal = dealt.to_json()["deal"]
    assert deal is not None
    assert set(deal) == set(engine.types.Deal.__required_keys__)
    seat = game.to_move
    assert seat is not None
    coaching = advise(game.view(seat), replayed_events(game), "7")
    assert set(coaching) == set(engine.types.Coaching.__required_keys__)
    assert coaching["suggestion"] is not None
    assert set(coaching["suggestion"]) == set(engine.types.Suggestion.__required_keys__)
    assert set(engine.types.Coaching.__required_keys__) == set(DEFS["Advice"]["required"]) - {
        "ok",
        "move",
    }


def test_engine_output_has_the_keys_its_type_names() -> None:
    """The types describe what the engine writes, not only what the schema says."""
    game = game_with_history()
    events = replayed_events(game)
    by_type = {
        typing.get_args(typing.get_type_hints(member)["type"])[0]: member
        for member in get_args(engine.types.GameEvent)
    }
    for event in events:
        typed = by_type[event["type"]]
        assert typed.__required_keys__ <= set(event) <= typed.__annotations__.keys()
    view = game.view(0)
    assert set(view) == set(engine.types.SeatView.__required_keys__)
    for review in reviews(game):
        assert set(review) == set(engine.types.HandReview.__required_keys__)
    report = track(view, events)
    assert set(report["ranks"][0]) == set(engine.types.TrackerRank.__required_keys__)
    position = {
        "v": 1,
        "hands": [["7H", "7S"], ["8C", "9D"]],
        "pile": [{"seat": 0, "cards": ["6H"], "rank": "7"}],
        "turn": 1,
    }
    table = compile_position(position)
    before = [dict(play) for play in table.pile]
    happened = table.apply(1, {"type": "challenge"})
    explained = explain(table, before, 1, "challenge", happened)
    assert set(explained) == set(engine.types.Explanation.__required_keys__)
