"""A small run of the release fuzzer; `python -m engine.lab.fuzz --inputs 10000` is the full one."""

from __future__ import annotations

import pytest

from engine.lab import fuzz


@pytest.mark.parametrize("seed", [1, 2])
def test_no_bad_input_escapes_as_anything_but_an_engine_error(seed: int) -> None:
    tally = fuzz.run(inputs=300, seed=seed, games=12)
    assert tally.escaped == []
    assert tally.tried == 300
    assert 0 < tally.refused < tally.tried  # odd inputs are refused, harmless ones still work


def test_the_fuzzer_reports_an_exception_that_escapes(monkeypatch: pytest.MonkeyPatch) -> None:
    """Were a public function to raise anything but EngineError, the fuzzer would count it."""

    def broken(events: object, seat: object) -> list[object]:
        raise KeyError("type")

    monkeypatch.setattr(fuzz, "visible_events", broken)
    tally = fuzz.run(inputs=100, seed=3, games=6)
    assert tally.escaped
    assert all(line.startswith("KeyError") for line in tally.escaped)
