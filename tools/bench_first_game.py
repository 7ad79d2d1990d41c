"""The first minutes of a new player: clicks and seconds from landing on the page to a goal.

Builds the site into a temporary folder, serves it with tools/serve.py (the netlify.toml
headers, compressed as the host compresses, every file compressed before the first visit) and
opens it in Debian's Chromium on a fresh browser profile each run: a first visit, cold HTTP
cache, no snapshot stored, no setup stored, at the page's default bot speed. Each path is a
function that starts on the landed page, clicks as a person would the moment the page lets
them (reading time is not counted), and returns the clicks it made once its goal is on the
screen; the time is the page's own clock (``performance.now()``, from the navigation's start)
when the goal appeared, recorded in the page by a MutationObserver, so the driver's polling
adds nothing.

Paths today:

* ``play-now``: landing -> the first decision of a real game, through "Play now" (the human's
  turn on the table: ``#table-screen[data-state="human"]``).
* ``guided-hand``: landing -> the end of the classic guided hand, through "Learn by playing"
  (docs/guide.md), its three decisions made the coach's way, to the guide's "Play a real game"
  (``#guide-real``).

A path is one entry of ``PATHS`` (a label and a function ``(page) -> clicks``; the function
waits for its goal and the page's observer must know its goal's selector, see ``GOALS``).

``--profile phone`` (tools/bench_profile.py) runs on the emulated phone: 390x844 touch, the
CPU four times slower (page and workers), 9 Mbit/s down, 150 ms.

Run: ``.venv/bin/python tools/bench_first_game.py [--runs 3] [--profile phone]`` (after
``npm ci``). Prints one row per path: clicks and the median seconds, each run's seconds, the
engine's ready time beside them, and the load average.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, Playwright, sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))

import build
import serve
from bench_profile import PROFILES, DeviceProfile, Emulation, add_profile_argument
from chromium import CHROMIUM
from chromium import CHROMIUM_ARGS as ARGS

TIMEOUT_MS = 180_000

# Each path's goal as a selector; the page records when each first matches (window.__goals).
GOALS = {
    "first-decision": '#table-screen[data-state="human"]:not([hidden])',
    "guide-end": "#guide-real",
}

OBSERVER_JS = """(goals) => {
  window.__goals = {};
  const check = () => {
    for (const [name, selector] of Object.entries(goals)) {
      if (!(name in window.__goals) && document.querySelector(selector)) {
        window.__goals[name] = performance.now();
      }
    }
  };
  new MutationObserver(check).observe(document, {subtree: true, childList: true, attributes: true});
}"""


def goal_ms(page: Page, name: str) -> float:
    """When the goal first showed, on the page's clock (ms since the navigation started)."""
    selector = GOALS[name]
    page.locator(selector).wait_for(timeout=TIMEOUT_MS)
    return float(page.evaluate(f"() => window.__goals[{json.dumps(name)}]"))


def play_now(page: Page) -> tuple[int, float]:
    """Landing -> "Play now" -> the human's first decision of the game it deals."""
    button = page.locator("#play-now:enabled")
    button.wait_for(timeout=TIMEOUT_MS)
    button.click()
    return 1, goal_ms(page, "first-decision")


# The coach's choices in the classic guided hand (engine/guide.py's prepared deal, walked the
# same way by tests/test_guide.py): the cards by name and the rank claimed, or a call's button.
GUIDE_STEPS: list[tuple[list[str], str] | str] = [
    (["10C", "7H", "JC"], "10"),
    "challenge",
    (["8D", "8H"], "8"),
]


def guided_hand(page: Page) -> tuple[int, float]:
    """Landing -> "Learn by playing" (classic) -> its three decisions made the coach's way, each
    the moment the table lets the player act -> the hand's end, where the real game is offered."""
    # The button is enabled once the page's code listens (before the engine is ready: the hand
    # is dealt once it is); the click waits for that, as a person's would do nothing before.
    page.click("#guide-classic", timeout=TIMEOUT_MS)
    clicks = 1
    table = page.locator("#table-screen")
    for step in GUIDE_STEPS:
        page.locator('#table-screen[data-state="human"]').wait_for(timeout=TIMEOUT_MS)
        answered = table.get_attribute("data-step")
        if isinstance(step, str):
            page.click(f"#act-{step}")
            clicks += 1
        else:
            cards, rank = step
            for card in cards:
                page.click(f'#hand [data-card="{card}"]')
            page.click(f'label[for="rank-{rank}"]')
            page.click("#act-play")
            clicks += len(cards) + 2
        page.locator(f'#table-screen:not([data-step="{answered}"])').wait_for(timeout=TIMEOUT_MS)
    return clicks, goal_ms(page, "guide-end")


# label, function: (page) -> (clicks, milliseconds to the goal)
PATHS: dict[str, tuple[str, Callable[[Page], tuple[int, float]]]] = {
    "play-now": ("landing -> first decision of a real game, via Play now", play_now),
    "guided-hand": (
        "landing -> end of the guided hand (classic), via Learn by playing",
        guided_hand,
    ),
}


def visit(
    pw: Playwright, profile_dir: Path, url: str, device: DeviceProfile, path: str
) -> dict[str, float]:
    """One first visit on a fresh profile, one path walked."""
    context = pw.chromium.launch_persistent_context(
        profile_dir, executable_path=CHROMIUM, args=ARGS, headless=True, **device.context_options()
    )
    page = context.pages[0] if context.pages else context.new_page()
    page.add_init_script(f"({OBSERVER_JS})({json.dumps(GOALS)})")
    emulation = Emulation(context, page, device)
    try:
        page.goto(url)
        clicks, ms = PATHS[path][1](page)
        ready = page.evaluate(
            "() => performance.getEntriesByName('vnv:engine-ready')[0]?.startTime ?? null"
        )
    finally:
        context.close()
        emulation.release()
    return {"clicks": clicks, "ms": ms, "ready_ms": ready}


def load_note() -> str:
    load1, load5, _ = os.getloadavg()
    return f"load average {load1:.2f} (1 min), {load5:.2f} (5 min), {os.cpu_count()} CPUs"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="first visits per path")
    parser.add_argument(
        "--path", action="append", choices=sorted(PATHS), help="only this path (repeatable)"
    )
    parser.add_argument("--json", action="store_true", help="print the raw figures as JSON")
    add_profile_argument(parser)
    args = parser.parse_args(argv)
    device = PROFILES[args.profile]
    paths = args.path or list(PATHS)
    results: dict[str, list[dict[str, float]]] = {}
    loads: list[str] = []
    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "dist"
        build.build(site)
        server, base = serve.serve_in_thread(site)
        serve.warm(site)
        with sync_playwright() as pw:
            for path in paths:
                results[path] = []
                for run in range(args.runs):
                    loads.append(load_note())
                    folder = Path(tmp) / f"profile-{path}-{run}"
                    results[path].append(visit(pw, folder, base, device, path))
        server.shutdown()
        server.server_close()
    if args.json:
        print(json.dumps({"profile": args.profile, "results": results, "loads": loads}))
        return 0
    report(results, device, args.runs, loads)
    return 0


def report(
    results: dict[str, list[dict[str, Any]]], device: DeviceProfile, runs: int, loads: list[str]
) -> None:
    print(f"{device.describe()}; first visit on a fresh profile, {runs} run(s), median")
    print(f"at the start: {loads[0]}; at the last run: {loads[-1]}")
    print("| path | clicks | seconds (median) | each run | engine ready (median) |")
    print("|---|---|---|---|---|")
    for path, rows in results.items():
        label = PATHS[path][0]
        clicks = max(row["clicks"] for row in rows)
        seconds = statistics.median(row["ms"] for row in rows) / 1000
        each = ", ".join(f"{row['ms'] / 1000:.1f}" for row in rows)
        ready = [row["ready_ms"] for row in rows if row["ready_ms"] is not None]
        ready_s = f"{statistics.median(ready) / 1000:.1f} s" if ready else "-"
        print(f"| {label} | {clicks} | {seconds:.1f} s | {each} | {ready_s} |")


if __name__ == "__main__":
    sys.exit(main())
