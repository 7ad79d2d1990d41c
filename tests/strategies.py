"""Configurations across both presets, every option and 2-6 seats: Hypothesis strategies and a
plain enumerator for the random-games run."""

from __future__ import annotations

import itertools
from typing import Any

from hypothesis import strategies as st

Config = dict[str, Any]


def classic_options(draw: bool, ending: str) -> st.SearchStrategy[dict[str, Any]]:
    base: dict[str, st.SearchStrategy[Any]] = {
        "deck": st.sampled_from([36, 52]),
        "decks": st.sampled_from([None, 1, 2]),
        "no_aces": st.booleans(),
        "ascending": st.booleans(),
        "open_challenge": st.booleans(),
        "keep_rank_after_failed_challenge": st.booleans(),
        "move_limit": st.sampled_from([None, None, 40, 300]),
    }
    fixed: dict[str, Any] = {"draw": draw, "ending": ending}
    if ending == "match":
        base["hands"] = st.integers(1, 3)
    return st.fixed_dictionaries(base).map(lambda chosen: {**chosen, **fixed})


@st.composite
def configs(draw: st.DrawFn) -> Config:
    """A valid configuration of either preset: every option, 2-6 seats, any seed and dealer."""
    preset = draw(st.sampled_from(["classic", "quick"]))
    if preset == "classic":
        players = draw(st.integers(2, 6))
        options = draw(
            classic_options(
                draw(st.booleans()), draw(st.sampled_from(["single", "last_loser", "match"]))
            )
        )
    else:
        players = draw(st.integers(3, 6))
        options = draw(
            st.fixed_dictionaries(
                {"ascending": st.booleans(), "move_limit": st.sampled_from([300, None, 30])}
            )
        )
    return {
        "preset": preset,
        "players": players,
        "seed": draw(st.integers(0, 2**32)),
        "dealer": draw(st.integers(0, players - 1)),
        "options": options,
    }


def all_configs() -> list[Config]:
    """One configuration for every combination of presets, seat counts and options."""
    found: list[Config] = []
    for (
        players,
        deck,
        decks,
        draw,
        no_aces,
        ascending,
        open_challenge,
        ending,
        keep,
    ) in itertools.product(
        range(2, 7),
        (36, 52),
        (None, 2),
        (False, True),
        (False, True),
        (False, True),
        (False, True),
        ("single", "last_loser", "match"),
        (False, True),
    ):
        options: dict[str, Any] = {
            "deck": deck,
            "decks": decks,
            "draw": draw,
            "no_aces": no_aces,
            "ascending": ascending,
            "open_challenge": open_challenge,
            "ending": ending,
            "keep_rank_after_failed_challenge": keep,
        }
        if ending == "match":
            options["hands"] = 2
        found.append({"preset": "classic", "players": players, "options": options})
    for players, ascending, move_limit in itertools.product(
        range(3, 7), (False, True), (300, None)
    ):
        options = {"ascending": ascending, "move_limit": move_limit}
        found.append({"preset": "quick", "players": players, "options": options})
    return found
