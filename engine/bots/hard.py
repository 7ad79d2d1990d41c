"""Hard (placeholder until the model-based version lands)."""

from __future__ import annotations

from .medium import MediumBot


class HardBot(MediumBot):
    level = "hard"
