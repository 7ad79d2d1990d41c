"""The tuner's plan: a trial is scored over several fields and refused below a floor."""

from __future__ import annotations

import dataclasses
import random

import pytest

from engine.bots.expert import EXPERT_PARAMS_BY_PRESET, SEARCH_PARAMS, ExpertBot
from engine.bots.hard import HARD_PARAMS, HARD_PARAMS_BY_PRESET, HardBot
from engine.bots.heuristic import Params
from engine.bots.medium import MediumBot
from engine.lab import arena, tune

PLAN = tune.Plan(games=4, seed=1, jobs=1, tables=("quick-4p",), fields=("mixed", "medium"))


def test_the_score_is_the_mean_over_the_fields() -> None:
    score = tune.evaluate("hard", HARD_PARAMS, PLAN)
    tune.register("hard", HARD_PARAMS)
    each = [tune.score(PLAN.rows(tune.TRIAL, field)) for field in PLAN.fields]
    assert score == pytest.approx(sum(each) / len(each))


def test_a_trial_below_the_floor_on_a_table_is_refused() -> None:
    """Level with the floor passes, a point under it is refused (the trial's own win rate:
    seated as the trial, the bots draw other random numbers than as "hard")."""
    tune.register("hard", HARD_PARAMS)
    rows = PLAN.rows(tune.TRIAL, "mixed")
    level = {"quick-4p": rows[0]["win_rate"]}
    assert tune.evaluate("hard", HARD_PARAMS, dataclasses.replace(PLAN, floor=level)) is not None
    above = {"quick-4p": rows[0]["win_rate"] + 0.01}
    assert tune.evaluate("hard", HARD_PARAMS, dataclasses.replace(PLAN, floor=above)) is None


def test_the_search_skips_the_one_honesty_that_hard_no_longer_reads() -> None:
    """Hard rates claims by its honesty by claim size: a trial of ``honesty`` would replay the
    same games, and the search spends no trial on it; Medium's single honesty is searched."""
    assert not tune.moves(HARD_PARAMS, "honesty")
    assert tune.moves(Params(), "honesty")
    assert tune.moves(HARD_PARAMS, "beta")


def test_a_search_on_one_editions_tables_starts_from_that_editions_set() -> None:
    """The quick edition has its own shipped set; a search on its tables alone refines that
    one, and a search over both editions starts from the classic set."""
    quick = tune.start_of("hard", ["quick-4p", "quick-6p"])
    assert quick == HARD_PARAMS_BY_PRESET["quick"] != HARD_PARAMS
    assert tune.start_of("hard", ["classic-4p-36", "quick-4p"]) == HARD_PARAMS
    assert tune.start_of("hard", ["draw-3p"]) == HARD_PARAMS


def test_a_trial_is_seated_as_its_level_with_the_trials_parameters() -> None:
    """A Hard trial is one set for both editions; an Expert trial is its search over the
    shipped Hard sets; a Medium trial is Medium's one set (``variants.bot_factory``, which the
    arena's ``--set`` shares)."""
    rng = random.Random(0)
    trial = dataclasses.replace(HARD_PARAMS, max_filler=1)
    tune.register("hard", trial)
    hard = arena.seat_bot(tune.TRIAL, rng)
    assert isinstance(hard, HardBot)
    assert list(hard.params_by_preset.values()) == [trial, trial]
    search = dataclasses.replace(SEARCH_PARAMS, plays=2)
    tune.register("expert", search)
    expert = arena.seat_bot(tune.TRIAL, rng)
    assert isinstance(expert, ExpertBot)
    assert expert.search_params == search
    assert expert.params_by_preset == dict(EXPERT_PARAMS_BY_PRESET)
    tune.register("medium", Params(beta=0.5))
    medium = arena.seat_bot(tune.TRIAL, rng)
    assert isinstance(medium, MediumBot)
    assert medium.params == Params(beta=0.5)


@pytest.mark.parametrize("fields", ["heldout", "mixed;heldout", "medium;believer,grudge"])
def test_the_tuner_refuses_the_heldout_strangers(fields: str) -> None:
    """A field with any held-out stranger would stop measuring what it was kept out for."""
    with pytest.raises(SystemExit):
        tune.main(["--level", "hard", "--params", "beta", "--fields", fields, "--games", "4"])
