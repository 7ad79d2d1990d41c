"""Bots: view-only, always legal on every preset and option, deterministic, and Medium > Easy."""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from engine import Game, visible_events
from engine.bots import LEVELS, PROBES, make_bot
from engine.bots.base import Bot, rank_of_index
from engine.bots.belief import World, rules_of, to_sim
from engine.bots.expert import ExpertBot
from engine.bots.hard import HardBot
from engine.bots.heuristic import HeuristicBot
from engine.bots.tuning import EXPERT_PARAMS_BY_PRESET, HARD_PARAMS_BY_PRESET
from engine.cards import rank_of as rank_of_card
from engine.lab.arena import apply_shown
from engine.policies import random_action

ALL = LEVELS + PROBES

CONFIGS: list[tuple[str, int, dict[str, Any]]] = [
    ("classic", 2, {}),
    ("classic", 3, {"open_challenge": True}),
    ("classic", 4, {}),
    ("classic", 4, {"draw": True}),
    ("classic", 4, {"ascending": True, "no_aces": True}),
    ("classic", 5, {"open_challenge": True, "draw": True, "deck": 52}),
    ("classic", 6, {}),
    ("classic", 4, {"ending": "last_loser", "keep_rank_after_failed_challenge": True}),
    ("classic", 3, {"ending": "match", "hands": 2, "open_challenge": True}),
    ("classic", 4, {"decks": 2, "ascending": True, "deck": 52}),
    ("quick", 3, {}),
    ("quick", 4, {"ascending": True}),
    ("quick", 6, {}),
]


def bot(level: str, seed: object) -> Bot:
    rng = random.Random(str(seed))
    if level == "expert":
        return ExpertBot(rng, max_worlds=2)  # few worlds: fast tests
    return make_bot(level, rng)


def make_shipped(level: str, seed: object) -> Bot:
    return make_bot(level, random.Random(str(seed)))


def play(
    config: dict[str, Any],
    levels: list[str],
    seed: int,
    log: list[Any] | None = None,
    make: Callable[[str, object], Bot] = bot,
) -> Game:
    """Play a whole game; bots get JSON copies of their view and visible events, nothing else."""
    game = Game.new(config)
    bots = [make(level, f"{seed}:{seat}") for seat, level in enumerate(levels)]
    while not game.is_over:
        seat = game.to_move
        assert seat is not None
        view = json.loads(json.dumps(game.view(seat)))
        action = bots[seat].act(view)
        assert json.loads(json.dumps(action)) == action
        if log is not None:
            log.append((seat, action))
        events = game.apply(seat, action)  # raises EngineError on an illegal action
        for other, each in enumerate(bots):
            each.observe(json.loads(json.dumps(visible_events(events, other))))
    return game


@pytest.mark.parametrize(("preset", "players", "options"), CONFIGS)
def test_every_bot_plays_legally(preset: str, players: int, options: dict[str, Any]) -> None:
    for offset in range(0, len(ALL), 2):
        levels = [ALL[(offset + seat) % len(ALL)] for seat in range(players)]
        config = {
            "preset": preset,
            "players": players,
            "seed": offset,
            "options": {**options, "move_limit": 100},
        }
        game = play(config, levels, offset)
        assert game.is_over


@pytest.mark.parametrize("level", ALL)
def test_each_level_alone_at_a_table(level: str) -> None:
    for seed, (preset, players, options) in enumerate(CONFIGS[:: 3 if level == "expert" else 1]):
        config = {
            "preset": preset,
            "players": players,
            "seed": 100 + seed,
            "options": {**options, "move_limit": 80},
        }
        assert play(config, [level] * players, seed).is_over


@pytest.mark.parametrize("level", ALL)
def test_same_seed_same_choices(level: str) -> None:
    config = {"preset": "classic", "players": 4, "seed": 5, "options": {"move_limit": 120}}
    first: list[Any] = []
    second: list[Any] = []
    play(config, [level, "medium", level, "easy"], 9, first)
    play(config, [level, "medium", level, "easy"], 9, second)
    assert first == second


def test_expert_full_budget_same_seed_same_choices() -> None:
    """The shipped Expert's budget is a world count, not a time: its choices never vary."""
    config = {"preset": "classic", "players": 4, "seed": 7, "options": {"move_limit": 40}}
    levels = ["expert", "medium", "expert", "medium"]
    first: list[Any] = []
    second: list[Any] = []
    play(config, levels, 3, first, make_shipped)
    play(config, levels, 3, second, make_shipped)
    assert first == second


def _reaches_game(value: object, seen: set[int]) -> bool:
    if id(value) in seen:
        return False
    seen.add(id(value))
    if isinstance(value, Game):
        return True
    if isinstance(value, dict):
        return any(_reaches_game(v, seen) for v in value.values())
    if isinstance(value, (list, tuple, set, frozenset)):
        return any(_reaches_game(v, seen) for v in value)
    if hasattr(value, "__dict__") and not isinstance(value, type):
        return _reaches_game(vars(value), seen)
    return False


@pytest.mark.parametrize("level", ALL)
def test_bots_hold_no_game(level: str) -> None:
    config = {"preset": "classic", "players": 3, "seed": 3, "options": {"open_challenge": True}}
    game = Game.new(config)
    bots = [bot(level, seat) for seat in range(3)]
    for _ in range(40):
        if game.is_over:
            break
        seat = game.to_move
        assert seat is not None
        view = game.view(seat)
        assert json.loads(json.dumps(view)) == view  # plain JSON: no Game inside
        apply_shown(game, bots, seat, bots[seat].act(view))
        for each in bots:
            assert not _reaches_game(each, set())


@pytest.mark.parametrize("preset", ["classic", "quick"])
@pytest.mark.parametrize("level", ALL)
def test_memory_round_trips(level: str, preset: str) -> None:
    """Bots restored mid-game from their JSON play the rest of it exactly as the originals,
    with each edition's own parameters (``hard.HARD_PARAMS_BY_PRESET``)."""
    config = {"preset": preset, "players": 4, "seed": 11, "options": {}}
    game = Game.new(config)
    bots = [bot(level, seat) for seat in range(4)]
    for _ in range(25):
        if game.is_over:
            break
        seat = game.to_move
        assert seat is not None
        apply_shown(game, bots, seat, bots[seat].act(game.view(seat)))
    saved = [json.loads(json.dumps(each.memory_to_json())) for each in bots]
    clones = [bot(level, "other") for _ in range(4)]
    for clone, data, original in zip(clones, saved, bots, strict=True):
        clone.memory_from_json(data)
        # before its next turn too: it weighs the answers it sees with them
        assert getattr(clone, "params", None) == getattr(original, "params", None)
    while not game.is_over:
        seat = game.to_move
        assert seat is not None
        view = game.view(seat)
        action = bots[seat].act(json.loads(json.dumps(view)))
        assert clones[seat].act(view) == action
        events = game.apply(seat, action)
        for other in range(4):
            bots[other].observe(visible_events(events, other))
            clones[other].observe(visible_events(events, other))


@pytest.mark.parametrize("level", ["hard", "expert"])
def test_each_edition_plays_with_its_own_parameters(level: str) -> None:
    """Each edition's values were searched on its own tables (docs/bots.md, "One set per
    edition"), and a bot switches to them on its first view of that edition:
    Hard's sets, and the Expert's own (Hard's, pricing the duel's round in the quick one)."""
    sets = EXPERT_PARAMS_BY_PRESET if level == "expert" else HARD_PARAMS_BY_PRESET
    for preset, expected in sets.items():
        game = Game.new({"preset": preset, "players": 4, "seed": 3, "options": {}})
        each = bot(level, 1)
        assert isinstance(each, HardBot)
        each.act(game.view(game.to_move))
        assert each.params == expected
    assert HARD_PARAMS_BY_PRESET["quick"] != HARD_PARAMS_BY_PRESET["classic"]


def test_a_save_names_a_preset_the_bot_knows() -> None:
    data = make_bot("hard", random.Random(1)).memory_to_json()
    data["memory"]["preset"] = "speed"
    with pytest.raises(ValueError, match="preset 'speed'"):
        make_bot("hard", random.Random(2)).memory_from_json(data)


def test_unknown_level_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown bot level"):
        make_bot("grandmaster", random.Random(1))


def _sim_of(game: Game, seat: int) -> tuple[Any, dict[str, Any]]:
    view = game.view(seat)
    world = World(
        [list(hand) for hand in game.hands],
        [(play["seat"], play["rank"], list(play["cards"])) for play in game.pile],
        list(game.stock),
    )
    return to_sim(view, world, rules_of(view)), view


# Play-outs never reach a match's next hand, so the simulator is compared within one hand.
SINGLE_HAND_CONFIGS = [config for config in CONFIGS if config[2].get("ending") != "match"]


@pytest.mark.parametrize(("preset", "players", "options"), SINGLE_HAND_CONFIGS)
def test_expert_simulator_follows_the_engine(
    preset: str, players: int, options: dict[str, Any]
) -> None:
    """The Expert's rank-count simulator, started from the true state, moves like the engine."""
    for seed in range(6):
        unlimited = {**options, "move_limit": 100_000}
        config = {"preset": preset, "players": players, "seed": seed, "options": unlimited}
        game = Game.new(config)
        rng = random.Random(seed)
        while not game.is_over:
            seat = game.to_move
            assert seat is not None
            sim, view = _sim_of(game, seat)
            action = random_action(view, rng)
            game.apply(seat, action)
            if action["type"] == "play":
                index = rank_of_index(view)
                sim.play(seat, [index[c[:-1]] for c in action["cards"]], index[action["rank"]])
                if sim.rules.open_challenge and not sim.over:
                    if sim.window_after(seat):
                        continue  # compared once the window is over
                    sim.begin_turn(sim.turn)
            elif action["type"] == "pass":
                if view["window"][1:]:
                    continue
                sim.begin_turn(sim.turn)
            else:
                sim.call(seat, action["type"] == "challenge", bool(view["window"]))
            assert sim.over == game.is_over
            assert sim.sizes == [len(hand) for hand in game.hands]
            assert sorted(sim.out) == sorted(game.out)
            if not game.is_over:
                assert sim.turn == game.to_move
                assert sim.pending == game.pending


def test_a_big_honest_two_deck_claim_is_not_taken_for_a_lie() -> None:
    """Six seats, two decks, open challenge: the next player plays all four queens it holds.
    The old tail model ("held at least four": 4 %) called that a lie and Medium and Hard
    challenged from the window; the likelihood ratio against a bluff of four weighs the claim
    as the evidence it is, so they let it pass."""
    options = {"deck": 36, "open_challenge": True, "decks": 2}
    game = Game.new({"preset": "classic", "players": 6, "seed": 4, "options": options})
    opener = game.to_move
    author = (opener + 1) % 6
    queens = [card for card in game.hands[author] if rank_of_card(card) == "Q"]
    assert len(queens) == 4
    opening = [card for card in game.hands[opener] if rank_of_card(card) == "Q"][:1]
    game.apply(opener, {"type": "play", "cards": opening, "rank": "Q"})
    while game.window:
        game.apply(game.to_move, {"type": "pass"})
    game.apply(author, {"type": "play", "cards": queens, "rank": "Q"})
    seat = game.to_move
    for level in ("medium", "hard"):
        player = make_bot(level, random.Random(1))
        view = json.loads(json.dumps(game.view(seat)))
        assert player.act(view) == {"type": "pass"}, level
        assert isinstance(player, HeuristicBot)
        assert player.p_honest(view, author, 4, "Q") > 0.25, level  # was 0.02-0.04


def watch_the_table(field: str, seed: int, reveals: int) -> tuple[HardBot, float]:
    """Hard in seat 0 of six (two decks, open challenge) among ``field`` bots, once
    ``reveals`` of the opponents' plays were revealed; and the share of those that were lies."""
    options = {"deck": 36, "open_challenge": True, "decks": 2}
    game = Game.new({"preset": "classic", "players": 6, "seed": seed, "options": options})
    bots = [make_shipped("hard" if seat == 0 else field, seat) for seat in range(6)]
    revealed = lies = 0
    while not game.is_over and revealed < reveals:
        seat = game.to_move
        assert seat is not None
        events = game.apply(seat, bots[seat].act(game.view(seat)))
        for event in events:
            if event["type"] == "revealed" and event["seat"] != 0:
                revealed += 1
                lies += not event["honest"]
        for other, each in enumerate(bots):
            each.observe(visible_events(events, other))
    assert revealed == reveals
    assert isinstance(bots[0], HardBot)
    return bots[0], lies / revealed


def fixed_prior_rate(hard: HardBot, seat: int, count: int) -> float:
    """The same bot's lie rate for ``seat`` with the fixed population prior alone."""
    shipped = hard.params
    hard.params = dataclasses.replace(shipped, table_strength=0.0)
    try:
        return hard.lie_rate(seat, count, 8, 4)
    finally:
        hard.params = shipped


def test_hard_learns_how_often_the_table_lies() -> None:
    """Five Medium bots, two decks, open challenge: about one revealed play in ten is a lie,
    where Hard's fixed prior says four.  Each seat's lie rate starts from the table's pooled
    rate, so a seat with few reveals of its own is already rated as honest as the table plays
    (with the fixed prior alone Hard took their four-card claims for 50-60 % lies and
    challenged them, wrongly nearly every time)."""
    hard, lie_share = watch_the_table("medium", 3, 12)
    assert lie_share < 0.2
    for seat in range(1, 6):
        table_aware = hard.lie_rate(seat, 4, 8, 4)
        assert table_aware < fixed_prior_rate(hard, seat, 4), seat
        assert table_aware < 0.3, seat


def test_a_table_that_reveals_many_lies_is_not_trusted_more_than_the_prior() -> None:
    """The plays a table reveals are the ones its callers chose to call, so a high revealed lie
    rate overstates its lies: the pooled rate is a seat's prior only below the fixed one."""
    hard, lie_share = watch_the_table("always_lie", 1, 12)
    assert lie_share > 0.6
    for seat in range(1, 6):
        assert hard.lie_rate(seat, 4, 8, 4) <= fixed_prior_rate(hard, seat, 4), seat
