"""The examples in the engine's docstrings (``>>>``) are run, so they stay true.

Every shipped engine module (``engine/lab/`` is tooling, left out of the browser) whose source
holds an example is run through :mod:`doctest`; a failing example fails here.
"""

from __future__ import annotations

import doctest
import importlib
import pkgutil
from pathlib import Path
from types import ModuleType

import pytest

import engine

ENGINE = Path(engine.__file__).resolve().parent


def shipped_modules() -> list[str]:
    names = ["engine"]
    for info in pkgutil.walk_packages([str(ENGINE)], prefix="engine."):
        if not info.name.startswith("engine.lab"):
            names.append(info.name)
    return sorted(names)


def with_examples() -> list[str]:
    found = []
    for name in shipped_modules():
        module = importlib.import_module(name)
        if module.__file__ and ">>>" in Path(module.__file__).read_text(encoding="utf-8"):
            found.append(name)
    return found


def test_the_package_and_the_bots_have_examples() -> None:
    """The search below finds the examples there are (it cannot pass by finding none)."""
    assert {"engine", "engine.bots"} <= set(with_examples())


@pytest.mark.parametrize("name", with_examples())
def test_examples_hold(name: str) -> None:
    module: ModuleType = importlib.import_module(name)
    failed, attempted = doctest.testmod(module, optionflags=doctest.ELLIPSIS, verbose=False)
    assert attempted, f"{name} has '>>>' in its source but no example doctest runs"
    assert not failed, f"{failed} of {attempted} examples in {name} fail (output above)"
