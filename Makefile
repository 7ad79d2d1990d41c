# One entry point for people and CI. `make play` and `make test` are the README's commands.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python

.PHONY: install play test lint unit
$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip

install: $(PY)
	$(PY) -m pip install -q -e '.[dev]'

lint: install
	$(PY) -m ruff check .
	$(PY) -m ruff format --check engine tests
	$(PY) -m mypy

unit: install
	$(PY) -m pytest tests

test: lint
	$(PY) -m pytest
