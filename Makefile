# One entry point for people and CI. `make play` and `make test` are the README's commands.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python

PORT ?= 8000
HOST ?= 127.0.0.1
NPM ?= npm

.PHONY: install play test lint lint-web unit npm build e2e
# The web code's checkers (pinned in package.json): ESLint, Prettier (JS, CSS, HTML), and
# TypeScript as a checker only over the JSDoc types (tsconfig.json). See docs/web.md.
BIN := node_modules/.bin
PRETTIER_FILES := 'web/**/*.{js,css,html}' 'tools/*.mjs' eslint.config.js
$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip

install: $(PY)
	$(PY) -m pip install -q -e '.[dev]'

lint: install lint-web
	$(PY) -m ruff check .
	$(PY) -m ruff format --check engine tests
	$(PY) -m ruff format --check tools/build.py tools/serve.py tools/bench_web.py tools/bench_bots_web.py tools/bench_coach.py tools/bench_longtasks.py tools/bench_profile.py tools/bench_first_game.py tools/bench_friends.py tools/gallery.py tools/first_game_length.py tools/trace_boot.py tools/worker_module.py tools/protocol_check.py e2e web
	$(PY) -m mypy
	node tools/protocol_types.mjs --check

lint-web: npm
	$(BIN)/eslint .
	$(BIN)/prettier --check $(PRETTIER_FILES)
	$(BIN)/tsc --noEmit -p tsconfig.json

# The Python tests run on every core (pytest-xdist). The browser tests run in two processes, each
# with its own site, server and Chromium; `build` first, so the memory snapshot is made once and
# both take it from the build's cache (.cache/snapshot) instead of making it side by side.
unit: install
	$(PY) -m pytest tests -n auto

test: lint build
	$(PY) -m pytest tests -n auto
	$(PY) -m pytest e2e -n 2

# Web: npm ci fills node_modules (pinned Pyodide + PyScript, from package-lock.json); the build
# assembles dist/ (what netlify.toml publishes); play serves it with the netlify.toml headers.
node_modules/.package-lock.json: package.json package-lock.json
	$(NPM) ci --no-audit --no-fund

npm: node_modules/.package-lock.json

build: install npm
	$(PY) tools/build.py

play: build
	$(PY) tools/serve.py --host $(HOST) --port $(PORT)

e2e: build
	$(PY) -m pytest e2e -n 2
