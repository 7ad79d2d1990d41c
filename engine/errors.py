"""The one error type of the engine.

Every illegal action and every bad input raises :class:`EngineError`.  Its ``code`` is stable and
machine-readable (the UI's catalogs translate it), its ``message`` is an English sentence for logs
and developers.  Raising always happens before any state is touched, so a caught error leaves the
game exactly as it was.
"""

from __future__ import annotations


class EngineError(ValueError):
    """An illegal action or a bad input, named by a stable ``code``."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message

    def to_json(self) -> dict[str, str]:
        return {"error": self.code, "message": self.message}
