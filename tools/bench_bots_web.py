"""Bot move times inside the page (Pyodide, in the engine's worker) against the same games in
CPython, from one run: p50/p95 per move and their ratios.

Builds the site into a temporary folder, serves it with tools/serve.py and opens it in Debian's
Chromium (``?debug=1``, which exposes the page's engine client). ``--games`` games are played
through that client: seat 0 is the human, playing ``engine.policies.random_action`` drawn here,
the other seats are bots of ``--level``. Every ``bot_step()`` answer carries ``think_ms``, the
time the bot took to choose inside the worker. The same games (setup, seed, the human's random
generator) are then played in CPython through the same worker code (``web/app/worker.py``, see
tools/worker_module.py), timed the same way: the same game move for move (e2e/test_parity.py
holds the bots to it), which the report checks by counting the games that stayed alike.

Run: ``.venv/bin/python tools/bench_bots_web.py [--level expert] [--games 6]`` (after
``npm ci``); ``--json`` prints the figures as JSON.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

from engine.lab.arena import percentile

sys.path.insert(0, str(Path(__file__).resolve().parent))

import build
import serve
from chromium import CHROMIUM, CHROMIUM_ARGS
from worker_module import Answer, Call, load_worker, module_call, next_answer

CALL_JS = """async ([name, arg]) => {
  const client = window.__vnv.app.client;
  return arg === null ? client.call(name) : client.call(name, arg);
}"""


def setup(level: str, preset: str, players: int, seed: int) -> Answer:
    seats = [{"name": "You", "level": "human"}]
    seats += [{"name": f"Bot {seat}", "level": level} for seat in range(1, players)]
    config = {"preset": preset, "players": players, "seed": seed, "options": {}}
    return {"config": config, "human": 0, "seats": seats}


def play(call: Call, table: Answer, seed: int) -> tuple[Answer, list[float]]:
    """One game through a worker: the final view and the bots' times (ms)."""
    rng = random.Random(seed)
    answer = call("new_game", table)
    times: list[float] = []
    while answer["ok"] and not answer["view"]["over"]:
        answer = next_answer(call, answer, rng)
        if "think_ms" in answer:
            times.append(float(answer["think_ms"]))
    if not answer["ok"]:
        raise RuntimeError(f"the worker refused: {answer}")
    return answer["view"], times


def page_call(page: Page) -> Call:
    return lambda name, arg: page.evaluate(CALL_JS, [name, arg])  # type: ignore[no-any-return]


def figures(times: list[float]) -> dict[str, float]:
    return {
        "p50_ms": percentile(times, 0.50),
        "p95_ms": percentile(times, 0.95),
        "mean_ms": statistics.fmean(times),
        "max_ms": max(times),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", default="expert", help="the bots' level (engine.bots.LEVELS)")
    parser.add_argument("--games", type=int, default=6)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--preset", default="classic")
    parser.add_argument("--seed", type=int, default=1, help="first deal's seed")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)

    page_times: list[float] = []
    cpython_times: list[float] = []
    alike = 0
    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "dist"
        build.build(site)
        server, base = serve.serve_in_thread(site)
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            version = browser.version
            page = browser.new_page()
            page.goto(base + "?debug=1&sw=off")
            page.locator('#boot[data-state="ready"]').wait_for(timeout=180_000)
            for game in range(args.games):
                table = setup(args.level, args.preset, args.players, args.seed + game)
                final, times = play(page_call(page), table, args.seed + game)
                again, cpython = play(module_call(load_worker()), table, args.seed + game)
                page_times += times
                cpython_times += cpython
                alike += final == again and len(times) == len(cpython)
                print(f"  game {game + 1}: {len(times)} bot moves", file=sys.stderr)
            browser.close()
        server.shutdown()
        server.server_close()

    result = {
        "level": args.level,
        "preset": args.preset,
        "players": args.players,
        "games": args.games,
        "moves": {"pyodide": len(page_times), "cpython": len(cpython_times)},
        "games_alike": alike,
        "chromium": version,
        "pyodide": figures(page_times),
        "cpython": figures(cpython_times),
    }
    result["ratio"] = {
        key: result["pyodide"][key] / result["cpython"][key] for key in result["cpython"]
    }
    if args.json:
        print(json.dumps(result, indent=1))
        return 0
    load1, load5, _ = os.getloadavg()
    print(
        f"{args.level} bots, {args.preset}, {args.players} players, {args.games} games, "
        f"{len(page_times)} bot moves in the page, {len(cpython_times)} in CPython "
        f"({alike} of {args.games} games alike move for move); Chromium {version}; "
        f"{os.cpu_count()} CPUs, load average {load1:.1f} (1 min) {load5:.1f} (5 min)"
    )
    print(f"{'':10}{'page (Pyodide)':>16}{'CPython':>12}{'ratio':>8}")
    for key in ("p50_ms", "p95_ms", "mean_ms", "max_ms"):
        print(
            f"{key:10}{result['pyodide'][key]:>16.1f}{result['cpython'][key]:>12.1f}"
            f"{result['ratio'][key]:>8.2f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
