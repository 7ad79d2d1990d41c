"""Bots: four levels and the probe bots, behind one registry.

>>> import random
>>> bot = make_bot("medium", random.Random(1))
>>> bot.level
'medium'

A bot only ever gets its seat's view and the events that seat was shown; see ``base.Bot``.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from .base import BaseBot, Bot
from .easy import EasyBot
from .expert import ExpertBot
from .hard import HardBot
from .medium import MediumBot
from .probes import AlwaysChallengeBot, AlwaysLieBot, NeverChallengeBot, RandomBot

LEVELS: tuple[str, ...] = ("easy", "medium", "hard", "expert")
PROBES: tuple[str, ...] = ("random", "always_challenge", "never_challenge", "always_lie")


def _factories() -> dict[str, Callable[[random.Random], BaseBot]]:
    return {
        "easy": EasyBot,
        "medium": MediumBot,
        "hard": HardBot,
        "expert": ExpertBot,
        "random": RandomBot,
        "always_challenge": AlwaysChallengeBot,
        "never_challenge": NeverChallengeBot,
        "always_lie": AlwaysLieBot,
    }


def make_bot(level: str, rng: random.Random) -> Bot:
    """A fresh bot of ``level`` (one of :data:`LEVELS` or :data:`PROBES`) using ``rng``."""
    factory = _factories().get(level)
    if factory is None:
        raise ValueError(f"unknown bot level {level!r}; choose from {', '.join(LEVELS + PROBES)}")
    return factory(rng)


__all__ = ["LEVELS", "PROBES", "BaseBot", "Bot", "make_bot"]
