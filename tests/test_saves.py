"""Saves: ``Game.from_json`` loads only what legal play reaches, and what it loads plays on.

A save is the deal, the action log and the state they lead to; ``from_json`` replays the log and
refuses (``bad_save``) a save whose state differs in anything.  The named tests below are saves
whose every field is well formed but which no legal play reaches; the property test changes every
field of real mid-game saves (random and bot play, every preset, option and seat count).
"""

from __future__ import annotations

import copy
import functools
import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import EngineError, Game
from engine.bots import make_bot
from engine.cards import build_deck
from engine.lab.arena import apply_shown
from engine.lab.fuzz import DELETE, at, paths, replaced
from engine.policies import play_random, random_action
from tests.strategies import all_configs

Save = dict[str, Any]
SAVE_FIELDS = ("version", "config", "deal", "actions", *Game.FIELDS)
PLAY_TO_END = 50_000


def refused(data: object) -> str:
    with pytest.raises(EngineError) as caught:
        Game.from_json(data)
    return caught.value.code


def real_save(config: dict[str, Any], until: Callable[[Game], bool]) -> Save:
    """A save, mid-game, of the first random game of ``config`` that reaches ``until``."""
    for seed in range(200):
        game = Game.new({**config, "seed": seed})
        rng = random.Random(seed)
        while not game.is_over:
            if until(game):
                save = game.to_json()
                assert Game.from_json(copy.deepcopy(save)).to_json() == save
                return save
            play_random(game, rng, 1)
    raise AssertionError(f"no random game of {config} reached the position")


def classic(players: int = 4, **options: Any) -> dict[str, Any]:
    return {"preset": "classic", "players": players, "options": options}


def seat_with_cards(save: Save, *, besides: tuple[int, ...] = ()) -> int:
    return next(s for s, hand in enumerate(save["hands"]) if hand and s not in besides)


# ----------------------------------------------------------------- inconsistent saves, by name


def _more_copies_than_decks(save: Save) -> None:
    first = seat_with_cards(save)
    other = seat_with_cards(save, besides=(first,))
    save["hands"][other][0] = save["hands"][first][0]
    save["hands"][other].sort(key=save["cards"].index)


def _stock_without_draw(save: Save) -> None:
    seat = seat_with_cards(save)
    save["stock"].append(save["hands"][seat].pop())


def _draw_switched_off(save: Save) -> None:
    save["config"]["options"]["draw"] = False


def _turn_at_a_seat_that_is_out(save: Save) -> None:
    save["turn"] = save["out"][0]


def _ace_under_no_aces(save: Save) -> None:
    save["claim_rank"] = "A"


def _window_without_open_challenge(save: Save) -> None:
    author = save["pile"][-1]["seat"]
    save["window"] = [
        seat for seat in range(len(save["hands"])) if seat not in (author, save["turn"])
    ]


def _window_lists_the_author(save: Save) -> None:
    save["window"].append(save["pile"][-1]["seat"])


def _out_lists_a_seat_with_cards(save: Save) -> None:
    save["out"].append(seat_with_cards(save))


def _empty_result(save: Save) -> None:
    save["result"] = {}


def _revealed_honest_flipped(save: Save) -> None:
    save["revealed"][0]["honest"] = not save["revealed"][0]["honest"]


def _revealed_extra_key(save: Save) -> None:
    save["revealed"][0]["note"] = "x"


def _moves_beyond_the_limit(save: Save) -> None:
    save["moves"] = save["config"]["options"]["move_limit"] + 1


def _unsorted_hand(save: Save) -> None:
    seat = next(s for s, hand in enumerate(save["hands"]) if len(set(hand)) > 1)
    save["hands"][seat].reverse()


def _scores_outside_a_match(save: Save) -> None:
    save["scores"][0] = 1


def _ascending_toggled(save: Save) -> None:
    options = save["config"]["options"]
    options["ascending"] = not options["ascending"]


def _decks_two_to_one(save: Save) -> None:
    save["config"]["options"]["decks"] = 1


def _an_action_rewritten(save: Save) -> None:
    """The log's first play claims another rank: the log no longer leads to the state."""
    action = next(entry[1] for entry in save["actions"] if entry[1]["type"] == "play")
    action["rank"] = "K" if action["rank"] != "K" else "Q"


INCONSISTENT: dict[str, tuple[dict[str, Any], Callable[[Game], bool], Callable[[Save], None]]] = {
    "more copies of a card than decks": (
        classic(4, decks=1),
        lambda g: g.moves > 2,
        _more_copies_than_decks,
    ),
    "stock cards without the draw format": (classic(3), lambda g: g.moves > 1, _stock_without_draw),
    "draw format switched off with a stock": (
        classic(3, draw=True),
        lambda g: g.moves > 2 and bool(g.stock),
        _draw_switched_off,
    ),
    "the turn at a seat that is out": (
        classic(4, ending="last_loser"),
        lambda g: bool(g.out),
        _turn_at_a_seat_that_is_out,
    ),
    "an ace claimed under no aces": (
        classic(3, no_aces=True),
        lambda g: g.claim_rank is not None,
        _ace_under_no_aces,
    ),
    "a challenge window without open challenge": (
        classic(4),
        lambda g: g.pending,
        _window_without_open_challenge,
    ),
    "a challenge window listing the play's author": (
        classic(4, open_challenge=True),
        lambda g: bool(g.window),
        _window_lists_the_author,
    ),
    "out listing a seat that holds cards": (
        classic(4, ending="last_loser"),
        lambda g: g.moves > 3,
        _out_lists_a_seat_with_cards,
    ),
    "an empty result": (classic(3), lambda g: g.moves > 1, _empty_result),
    "a revealed record with a false honest flag": (
        classic(3),
        lambda g: bool(g.revealed),
        _revealed_honest_flipped,
    ),
    "a revealed record with an extra key": (
        classic(3),
        lambda g: bool(g.revealed),
        _revealed_extra_key,
    ),
    "moves beyond the limit": (
        classic(3, move_limit=40),
        lambda g: g.moves > 5,
        _moves_beyond_the_limit,
    ),
    "an unsorted hand": (classic(3), lambda g: g.moves > 1, _unsorted_hand),
    "scores outside a match": (classic(3), lambda g: g.moves > 1, _scores_outside_a_match),
    "ascending toggled mid-game": (classic(3), lambda g: g.moves > 3, _ascending_toggled),
    "decks two to one mid-game": (classic(6, decks=2), lambda g: g.moves > 3, _decks_two_to_one),
    "an action of the log rewritten": (classic(3), lambda g: g.moves > 3, _an_action_rewritten),
}


@pytest.mark.parametrize("kind", sorted(INCONSISTENT))
def test_an_inconsistent_save_is_refused(kind: str) -> None:
    config, until, corrupt = INCONSISTENT[kind]
    save = real_save(config, until)
    corrupt(save)
    assert refused(save) == "bad_save"


def test_a_save_of_version_1_is_refused() -> None:
    save = real_save(classic(3), lambda g: g.moves > 2)
    save["version"] = 1
    for name in ("deal", "actions"):
        del save[name]
    assert refused(save) == "bad_save"


def test_a_save_of_an_explicit_deal_replays_from_its_deal() -> None:
    deck = build_deck(36, 1)
    random.Random(4).shuffle(deck)
    game = Game.from_deal(
        {"preset": "classic", "players": 3, "seed": 4, "hands": [deck[:9], deck[9:20], deck[20:]]}
    )
    play_random(game, random.Random(4), 30)
    save = game.to_json()
    assert save["deal"]["hands"][1] == sorted(deck[9:20], key=save["cards"].index)
    assert Game.from_json(json.loads(json.dumps(save))).to_json() == save
    save["deal"]["hands"][0], save["deal"]["hands"][1] = (
        save["deal"]["hands"][1],
        save["deal"]["hands"][0],
    )
    assert refused(save) == "bad_save"


# ----------------------------------------------------------------- every field of real saves


def _bot_game_saves(level: str, config: dict[str, Any], seed: int) -> list[Save]:
    """Saves along one game played by four bots of ``level``, every seventh move."""
    game = Game.new({**config, "seed": seed})
    bots = [make_bot(level, random.Random(seed * 10 + s)) for s in range(config["players"])]
    saves = []
    while not game.is_over and game.moves < 150:
        seat = game.to_move
        assert seat is not None
        apply_shown(game, bots, seat, bots[seat].act(game.view(seat)))
        if len(game.actions) % 7 == 3:
            saves.append(game.to_json())
    return saves


@functools.cache
def real_saves() -> tuple[Save, ...]:
    """Mid-game saves of random and bot games over presets, options and seat counts."""
    saves: list[Save] = []
    configs = all_configs()
    for index in range(0, len(configs), max(1, len(configs) // 40)):
        rng = random.Random(index)
        game = Game.new({**configs[index], "seed": index})
        play_random(game, rng, rng.randint(1, 60))
        if rng.random() < 0.1 and not game.is_over:
            game.end_by_move_limit()
        saves.append(game.to_json())
    deck = build_deck(52, 1)
    random.Random(7).shuffle(deck)
    dealt = Game.from_deal(
        {
            "preset": "classic",
            "players": 4,
            "seed": 7,
            "options": {"deck": 52, "draw": True, "ending": "match", "hands": 2},
            "hands": [deck[0:5], deck[5:10], deck[10:15], deck[15:20]],
            "stock": deck[20:],
        }
    )
    play_random(dealt, random.Random(7), 25)
    saves.append(dealt.to_json())
    saves += _bot_game_saves("easy", classic(4, open_challenge=True, ending="last_loser"), 1)[:4]
    saves += _bot_game_saves("medium", {"preset": "quick", "players": 4, "options": {}}, 2)[:4]
    return tuple(saves)


def _json_values(save: Save) -> list[Any]:
    """Every value found in a save: the likeliest confusions of one field for another."""
    return [at(save, path) for path in paths(save)][:2000]


@st.composite
def mutated_saves(draw: st.DrawFn, field: str) -> Save:
    """A real save with one place inside ``field`` changed, removed, or set to a nearby value."""
    save = draw(st.sampled_from(real_saves()))
    path = draw(st.sampled_from([(field, *rest) for rest in paths(save[field])]))
    current = at(save, path)
    nearby: list[st.SearchStrategy[Any]] = [
        st.sampled_from(_json_values(save)),
        st.sampled_from([None, True, False, 0, 1, -1, "", [], {}, "6H", "AS", "A", "cap"]),
        st.integers(-2, 60),
    ]
    if isinstance(current, int) and not isinstance(current, bool):
        nearby.append(st.sampled_from([current - 1, current + 1]))
    if isinstance(current, list) and current:
        nearby.append(st.permutations(current).map(list))
        nearby.append(st.lists(st.sampled_from(current), max_size=len(current) + 1))
    if isinstance(current, dict):
        nearby.append(st.just({**current, "extra": 0}))
    new = draw(st.one_of(*nearby)) if len(path) < 2 or draw(st.integers(0, 9)) else DELETE
    changed: Save = replaced(save, path, copy.deepcopy(new))
    return changed


def _loads_and_plays_to_the_end_or_is_refused(data: Save) -> None:
    try:
        game = Game.from_json(data)
    except EngineError as error:
        refusal = error.code
    else:
        refusal = "none"
        assert game.to_json() == data
        play_random(game, random.Random(0), PLAY_TO_END)
        assert game.is_over
    assert refusal in ("none", "bad_save")


@pytest.mark.parametrize("field", SAVE_FIELDS)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_every_changed_save_is_refused_or_plays_to_the_end(field: str, data: st.DataObject) -> None:
    _loads_and_plays_to_the_end_or_is_refused(data.draw(mutated_saves(field)))


@pytest.mark.parametrize("index", range(0, 40, 3))
def test_every_real_save_loads_and_plays_to_the_end(index: int) -> None:
    saves = real_saves()
    save = saves[index % len(saves)]
    game = Game.from_json(copy.deepcopy(save))
    assert game.to_json() == save
    seat = game.to_move
    if seat is not None:
        game.apply(seat, random_action(game.view(seat), random.Random(index)))
    play_random(game, random.Random(index), PLAY_TO_END)
    assert game.is_over
