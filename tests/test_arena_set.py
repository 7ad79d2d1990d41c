"""The arena's ``--set``: a level's variant seated under the level's own name.

A variant must really play (its seats get the changed parameters, in forked workers too), and
a variant that changes nothing must play the very games of the shipped level: the deals and
every seat's random draws are paired, which is why it is seated under the level's name.
"""

from __future__ import annotations

import dataclasses
import json
import random

import pytest

from engine.bots.expert import ExpertBot
from engine.bots.hard import HardBot
from engine.bots.medium import MediumBot
from engine.bots.tuning import (
    EXPERT_PARAMS_BY_PRESET,
    HARD_PARAMS_BY_PRESET,
    MEDIUM_PARAMS,
    SEARCH_PARAMS,
)
from engine.lab import arena, variants
from engine.lab.variants import Override, parse_set


def test_a_spec_is_parsed_by_the_parameters_type() -> None:
    assert parse_set("hard.max_filler=2") == Override("hard", "max_filler", 2)
    assert parse_set(" medium.beta = 0.5 ") == Override("medium", "beta", 0.5)
    assert parse_set("hard.gamma=1") == Override("hard", "gamma", 1.0)
    assert parse_set("expert.plays=2") == Override("expert", "plays", 2)
    assert parse_set("expert.judge_prior=0.8") == Override("expert", "judge_prior", 0.8)
    by_size = parse_set("hard.honesty_by_size=0.1,0.5,0.9,0.99")
    assert by_size.value == (0.1, 0.5, 0.9, 0.99)
    assert str(by_size) == "hard.honesty_by_size=0.1,0.5,0.9,0.99"
    assert type(parse_set("hard.max_filler=2").value) is int


@pytest.mark.parametrize(
    ("spec", "says"),
    [
        ("hard.max_filler=2.5", "whole number"),
        ("hard.beta=lots", "takes a number"),
        ("hard.beta=inf", "finite"),
        ("hard.nope=1", "no parameter 'nope'"),
        ("medium.plays=2", "no parameter 'plays'"),  # the Expert's search, not Medium's
        ("easy.beta=0.5", "choose one of medium, hard, expert"),
        ("strangers.beta=0.5", "choose one of"),
        ("hard=2", "LEVEL.PARAM=VALUE"),
        ("hard.beta", "LEVEL.PARAM=VALUE"),
        ("hard.beta=", "LEVEL.PARAM=VALUE"),
    ],
)
def test_a_bad_spec_says_what_is_wrong(spec: str, says: str) -> None:
    with pytest.raises(ValueError, match=says):
        parse_set(spec)


def test_a_bad_spec_is_a_usage_error_not_a_traceback(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        arena.main(["--matrix", "--levels", "hard", "--set", "hard.max_filler=lots"])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert "argument --set" in err
    assert "whole number" in err


def test_an_override_applies_to_its_levels_shipped_sets() -> None:
    """Hard's change reaches the classic and the quick set and nothing else; Medium's starts
    from the defaults Medium plays; the Expert's splits between its search and its Hard."""
    hard, search = variants.variant_params("hard", [parse_set("hard.max_filler=1")])
    assert search is None
    assert isinstance(hard, dict)
    assert set(hard) == set(HARD_PARAMS_BY_PRESET)
    for preset, shipped in HARD_PARAMS_BY_PRESET.items():
        assert hard[preset] == dataclasses.replace(shipped, max_filler=1)
    medium, _ = variants.variant_params("medium", [parse_set("medium.beta=0.5")])
    assert medium == dataclasses.replace(MEDIUM_PARAMS, beta=0.5)
    overrides = [parse_set("expert.plays=2"), parse_set("expert.beta=0.5")]
    expert, search = variants.variant_params("expert", overrides)
    assert search == dataclasses.replace(SEARCH_PARAMS, plays=2)
    assert isinstance(expert, dict)
    assert expert["quick"] == dataclasses.replace(EXPERT_PARAMS_BY_PRESET["quick"], beta=0.5)
    assert variants.variant_params("hard", overrides) == (None, None)  # the Expert's only


def test_the_seated_bots_play_the_overrides_and_only_inside_the_block() -> None:
    overrides = [
        parse_set("hard.max_filler=1"),
        parse_set("medium.call_base=0.3"),
        parse_set("expert.plays=2"),
        parse_set("expert.judge_prior=0.9"),
    ]
    rng = random.Random(0)
    before = dict(arena.EXTRA_BOTS)
    with arena.extra_bots(variants.variant_bots(overrides)):
        hard = arena.seat_bot("hard", rng)
        medium = arena.seat_bot("medium", rng)
        expert = arena.seat_bot("expert", rng)
    assert isinstance(hard, HardBot)
    assert [params.max_filler for params in hard.params_by_preset.values()] == [1, 1]
    assert isinstance(medium, MediumBot)
    assert medium.params.call_base == 0.3
    assert isinstance(expert, ExpertBot)
    assert expert.search_params.plays == 2
    # the Expert's Hard: every preset's set, and the one it plays before its first view
    assert [params.judge_prior for params in expert.params_by_preset.values()] == [0.9, 0.9]
    assert expert.params.judge_prior == 0.9
    assert before == arena.EXTRA_BOTS
    shipped = arena.seat_bot("hard", rng)
    assert isinstance(shipped, HardBot)
    assert shipped.params_by_preset == dict(HARD_PARAMS_BY_PRESET)


def outcomes(results: list[arena.GameResult]) -> list[tuple[object, ...]]:
    """What a game's play decides (not its move times)."""
    return [(r.seats, r.shares, r.places, r.moves, r.hit_limit) for r in results]


TABLES = arena.matrix_cell("hard", ["medium"], "classic-5p-52-asc", 10, 1, 400)


def played(specs: list[str], jobs: int) -> list[tuple[object, ...]]:
    with arena.extra_bots(variants.variant_bots([parse_set(spec) for spec in specs])):
        return outcomes(arena.run_ordered(TABLES, jobs))


def test_a_variant_seated_as_the_level_is_paired_with_it() -> None:
    """The shipped value seated as a variant replays the shipped level's games exactly; one
    bluff card at most plays other games, and the same ones in forked workers."""
    assert {params.max_filler for params in HARD_PARAMS_BY_PRESET.values()} == {3}
    shipped = played([], 1)
    assert played(["hard.max_filler=3"], 1) == shipped
    one_card = played(["hard.max_filler=1"], 1)
    assert one_card != shipped
    assert played(["hard.max_filler=1"], 2) == one_card


def test_the_cli_reports_what_was_seated(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["--matrix", "--field", "medium", "--levels", "hard", "--tables", "noaces-2p"]
    argv += ["--games", "4", "--jobs", "1", "--json", "--set", "hard.max_filler=2"]
    before = dict(arena.EXTRA_BOTS)
    assert arena.main(argv) == 0
    out = capsys.readouterr().out
    assert "under their level's own name" in out
    assert "hard.max_filler=2" in out.splitlines()[0]
    rows = json.loads(out.splitlines()[-1])
    assert rows[0]["set"] == ["hard.max_filler=2"]
    assert before == arena.EXTRA_BOTS  # put back


def test_the_digest_tells_the_same_games_from_others(capsys: pytest.CaptureFixture[str]) -> None:
    """``--digest``: forked workers and the shipped value seated as a variant keep every cell's
    digest (the same games, move for move); one bluff card at most changes them."""

    def digests(*extra: str) -> list[str]:
        argv = ["--matrix", "--field", "medium", "--levels", "hard", "--games", "4", "--digest"]
        argv += ["--tables", "noaces-2p,quick-4p", "--json", *extra]
        assert arena.main(argv) == 0
        out = capsys.readouterr().out
        assert "digest of every move's events" in out
        return [row["digest"] for row in json.loads(out.splitlines()[-1])]

    shipped = digests("--jobs", "1")
    assert len(set(shipped)) == 2
    assert digests("--jobs", "2") == shipped
    assert digests("--jobs", "1", "--set", "hard.max_filler=3") == shipped
    changed = digests("--jobs", "1", "--set", "hard.max_filler=1")
    assert changed[0] != shipped[0]
    assert changed[1] != shipped[1]
