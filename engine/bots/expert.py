"""Expert (placeholder)."""

from __future__ import annotations

import random

from .hard import HardBot


class ExpertBot(HardBot):
    level = "expert"

    def __init__(self, rng: random.Random, budget_ms: float = 120.0, max_worlds: int = 64) -> None:
        super().__init__(rng)
        self.budget_ms = budget_ms
        self.max_worlds = max_worlds
