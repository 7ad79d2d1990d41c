"""A few thousand random-policy games across both presets, every option and 2-6 seats: every one
must end, with a result that fits its rules.  (The 100,000-game release run is
``python -m engine.lab.simulate``.)"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest

from engine import Game
from engine.lab.integrity import card_places
from engine.policies import play_random
from tests.strategies import all_configs

# Every fifth combination of options (games of two 52-card decks and a last loser are long):
# the sample still holds every value of every option, with every seat count.
CONFIGS = all_configs()[::5]
CHUNKS = 4
SAFETY = 50_000  # far above any game seen; a game still running then never ends


def check_result(game: Game, config: dict[str, Any]) -> None:
    result = game.result
    assert result is not None
    players = config["players"]
    ranking = result["ranking"]
    assert sorted(entry["seat"] for entry in ranking) == list(range(players))
    places = [entry["place"] for entry in ranking]
    assert places == sorted(places)
    assert places[0] == 1
    firsts = [entry["seat"] for entry in ranking if entry["place"] == 1]
    assert result["draw"] is (len(firsts) > 1)
    assert result["winner"] == (None if result["draw"] else firsts[0])
    options = config["options"]
    ending = options.get("ending", "single")
    if ending == "match":
        assert result["reason"] == "match"
        assert sum(result["scores"]) >= options["hands"]
    elif result["reason"] == "move_limit":
        assert game.moves == game.config.move_limit
    elif ending == "last_loser" and config["preset"] == "classic":
        assert result["reason"] == "last_loser"
        assert len(game.out) == players - 1
        assert result["losers"] == [ranking[-1]["seat"]]
    else:
        assert result["reason"] == "out"
        assert game.out[:1] == [result["winner"]]
    assert card_places(game) == Counter(game.cards)
    assert game.to_move is None


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_games_all_end(chunk: int) -> None:
    lengths = []
    for index in range(chunk, len(CONFIGS), CHUNKS):
        config = dict(CONFIGS[index])
        rng = random.Random(index)
        if config["preset"] == "classic" and rng.random() < 0.2:
            config["options"] = {**config["options"], "move_limit": rng.choice([10, 60, 300])}
        game = Game.new({**config, "seed": index})
        moves = play_random(game, rng, SAFETY)
        assert game.is_over, f"{config} seed {index} still running after {moves} moves"
        check_result(game, config)
        lengths.append(moves)
    assert lengths


@pytest.mark.slow
@pytest.mark.parametrize(
    ("preset", "players"),
    [("classic", n) for n in range(2, 7)] + [("quick", n) for n in range(3, 7)],
)
def test_random_games_default_options_many_seeds(preset: str, players: int) -> None:
    reasons: Counter[str] = Counter()
    for seed in range(200):
        config = {"preset": preset, "players": players, "seed": seed}
        game = Game.new(config)
        play_random(game, random.Random(seed), SAFETY)
        assert game.is_over
        check_result(game, {**config, "options": {}})
        assert game.result is not None
        reasons[game.result["reason"]] += 1
    assert reasons["out"] > 150


def test_random_games_sample_covers_every_option_value_and_seat_count() -> None:
    def values(configs: list[dict[str, Any]]) -> set[tuple[str, str, Any]]:
        return {
            (config["preset"], name, value)
            for config in configs
            for name, value in [*config["options"].items(), ("players", config["players"])]
        }

    assert values(CONFIGS) == values(all_configs())
