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

``--table PRESET:PLAYERS[:DECKS]`` (repeatable) measures several tables in one run, e.g.
``--table quick:6 --table classic:4 --table classic:6:2`` (classic with 6 seats deals two decks
by default, engine/config.py; the third field sets ``decks`` explicitly). ``--profile phone``
(tools/bench_profile.py) slows the CPU four times, the page's worker where the bots think
included, and prints the phone targets for the Expert: p95 on quick with 6 players at most
1000 ms, the longest move of any game at most 3000 ms.

Run: ``.venv/bin/python tools/bench_bots_web.py [--level expert] [--games 6] [--profile
phone]`` (after ``npm ci``); ``--json`` prints the figures as JSON.
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
from typing import Any

from playwright.sync_api import Browser, Page, sync_playwright

from engine.lab.arena import percentile

sys.path.insert(0, str(Path(__file__).resolve().parent))

import build
import serve
from bench_profile import PROFILES, DeviceProfile, Emulation, add_profile_argument, verdict
from chromium import CHROMIUM, CHROMIUM_ARGS
from worker_module import Answer, Call, load_worker, module_call, next_answer

CALL_JS = """async ([name, arg]) => {
  const client = window.__vnv.app.client;
  return arg === null ? client.call(name) : client.call(name, arg);
}"""


# The phone targets for the Expert (in the page, --profile phone).
P95_TABLE = "quick:6"
P95_TARGET_MS = 1000.0
LONGEST_TARGET_MS = 3000.0


def parse_table(spec: str) -> tuple[str, int, int | None]:
    """``PRESET:PLAYERS[:DECKS]`` -> (preset, players, decks or None for the preset's own)."""
    parts = spec.split(":")
    if len(parts) not in (2, 3) or not parts[1].isdigit():
        raise argparse.ArgumentTypeError(f"a table is PRESET:PLAYERS[:DECKS], not {spec!r}")
    decks = int(parts[2]) if len(parts) == 3 else None
    return parts[0], int(parts[1]), decks


def table_name(table: tuple[str, int, int | None]) -> str:
    preset, players, decks = table
    return f"{preset}:{players}" + ("" if decks is None else f":{decks}")


def setup(level: str, preset: str, players: int, seed: int, decks: int | None = None) -> Answer:
    seats = [{"name": "You", "level": "human"}]
    seats += [{"name": f"Bot {seat}", "level": level} for seat in range(1, players)]
    options = {} if decks is None else {"decks": decks}
    config = {"preset": preset, "players": players, "seed": seed, "options": options}
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
    if not times:
        return {"p50_ms": 0.0, "p95_ms": 0.0, "mean_ms": 0.0, "max_ms": 0.0}
    return {
        "p50_ms": percentile(times, 0.50),
        "p95_ms": percentile(times, 0.95),
        "mean_ms": statistics.fmean(times),
        "max_ms": max(times),
    }


def open_page(browser: Browser, base: str, device: DeviceProfile) -> tuple[Page, Emulation]:
    """A fresh page with the engine booted, the profile applied before it starts its worker."""
    context = browser.new_context(**device.context_options())
    page = context.new_page()
    emulation = Emulation(context, page, device)
    page.goto(base + "?debug=1&sw=off")
    page.locator('#boot[data-state="ready"]').wait_for(timeout=300_000)
    return page, emulation


def measure_table(
    page: Page, args: argparse.Namespace, table: tuple[str, int, int | None]
) -> dict[str, Any]:
    """The games of one table in the page and in CPython, and their figures."""
    preset, players, decks = table
    page_times: list[float] = []
    cpython_times: list[float] = []
    alike = 0
    for game in range(args.games):
        answer = setup(args.level, preset, players, args.seed + game, decks)
        final, times = play(page_call(page), answer, args.seed + game)
        again, cpython = play(module_call(load_worker()), answer, args.seed + game)
        page_times += times
        cpython_times += cpython
        alike += final == again and len(times) == len(cpython)
        print(f"  {table_name(table)} game {game + 1}: {len(times)} bot moves", file=sys.stderr)
    result: dict[str, Any] = {
        "table": table_name(table),
        "preset": preset,
        "players": players,
        "decks": decks,
        "games": args.games,
        "moves": {"pyodide": len(page_times), "cpython": len(cpython_times)},
        "games_alike": alike,
        "pyodide": figures(page_times),
        "cpython": figures(cpython_times),
    }
    result["ratio"] = {
        key: result["pyodide"][key] / result["cpython"][key] if result["cpython"][key] else 0.0
        for key in result["cpython"]
    }
    return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", default="expert", help="the bots' level (engine.bots.LEVELS)")
    parser.add_argument("--games", type=int, default=6, help="games per table")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--preset", default="classic")
    parser.add_argument(
        "--table",
        action="append",
        type=parse_table,
        help="PRESET:PLAYERS[:DECKS], repeatable (instead of --preset/--players)",
    )
    parser.add_argument("--seed", type=int, default=1, help="first deal's seed")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    add_profile_argument(parser)
    args = parser.parse_args(argv)
    device = PROFILES[args.profile]
    tables = args.table or [(args.preset, args.players, None)]

    results: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "dist"
        build.build(site)
        server, base = serve.serve_in_thread(site)
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            version = browser.version
            page, emulation = open_page(browser, base, device)
            for table in tables:
                results.append(measure_table(page, args, table))
            throttled = emulation.state()
            emulation.release()
            browser.close()
        server.shutdown()
        server.server_close()

    if args.json:
        out = {"level": args.level, "profile": args.profile, "chromium": version}
        print(json.dumps({**out, "cpu": throttled, "tables": results}, indent=1))
        return 0
    print(f"{args.level} bots, {args.games} games per table; Chromium {version}")
    print(f"{device.describe()}; {throttled}")
    for result in results:
        report_table(result, args.level)
    if device.name == "phone" and args.level == "expert":
        report_targets(results)
    return 0


def load_note() -> str:
    load1, load5, _ = os.getloadavg()
    return f"{os.cpu_count()} CPUs, load average {load1:.1f} (1 min) {load5:.1f} (5 min)"


def report_table(result: dict[str, Any], level: str) -> None:
    games = result["games"]
    print()
    print(
        f"{result['table']}: {result['moves']['pyodide']} {level} moves in the page,"
        f" {result['moves']['cpython']} in CPython ({result['games_alike']} of {games} games"
        f" alike move for move); {load_note()}"
    )
    print(f"{'':10}{'page (Pyodide)':>16}{'CPython':>12}{'ratio':>8}")
    for key in ("p50_ms", "p95_ms", "max_ms", "mean_ms"):
        print(
            f"{key:10}{result['pyodide'][key]:>16.1f}{result['cpython'][key]:>12.1f}"
            f"{result['ratio'][key]:>8.2f}"
        )


def report_targets(results: list[dict[str, Any]]) -> None:
    print()
    print(f"phone targets (the Expert in the page); {load_note()}")
    quick = next((r for r in results if r["table"] == P95_TABLE), None)
    p95 = quick["pyodide"]["p95_ms"] if quick else None
    shown = "-" if p95 is None else f"{p95:,.0f} ms"
    label = f"Expert move p95, {P95_TABLE} in the page"
    print(
        f"  {label:44} {shown:>9}  target <= {P95_TARGET_MS:,.0f} ms"
        f"  {verdict(p95, P95_TARGET_MS) if quick else f'not measured (add --table {P95_TABLE})'}"
    )
    longest = max((r["pyodide"]["max_ms"] for r in results), default=None)
    tables = ", ".join(r["table"] for r in results)
    label = f"Expert longest move, any game ({tables})"
    print(
        f"  {label:44} {longest or 0:>6,.0f} ms  target <= {LONGEST_TARGET_MS:,.0f} ms"
        f"  {verdict(longest, LONGEST_TARGET_MS)}"
    )


if __name__ == "__main__":
    sys.exit(main())
