"""Main-thread long tasks during whole games in the page (the targets: none over 50 ms on the
desktop, none over 100 ms on a phone).

Builds the site into a temporary folder, serves it with tools/serve.py and opens it in Debian's
Chromium at 1280x800 (``--profile phone``: 390x844 touch, the CPU four times slower on the page
and its worker, mobile data; tools/bench_profile.py). For each game a PerformanceObserver for
``longtask`` entries (tasks of the page's main thread over 50 ms, as Chromium reports them) is
started, the game is dealt from the setup screen and played to its end by e2e/driver.py's
``Person`` (real clicks, as in the e2e tests), and every long task between Deal and the end
screen is kept. The engine and the bots run in the worker, so what is measured is the page's
own work: taking each answer in, the log, the render, the motion. Prints, per speed and per
game, the answers the page drew, the tasks over 50 ms and over 100 ms and the longest, with the
machine's load.

At ``instant`` speed no motion plays (docs/web.md, "Motion"); ``fast`` runs the same games with
every card flight, to show what the motion costs the main thread.

Run: ``.venv/bin/python tools/bench_longtasks.py [--games 3] [--speeds instant fast]
[--profile phone]`` (after ``npm ci``); ``--json`` prints the figures as JSON.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "e2e"))  # the e2e tests' Person

import build
import serve
from bench_profile import PROFILES, Emulation, add_profile_argument, verdict
from chromium import CHROMIUM, CHROMIUM_ARGS
from driver import Person, configure, deal, open_page

OBSERVE_JS = """() => {
  window.__longtasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.__longtasks.push(entry.duration);
  }).observe({ type: "longtask" });
}"""
LIMIT_MS = 50  # the target: no main-thread task longer than this during a game
PHONE_LIMIT_MS = 100  # on a phone: no task over this in a whole game


def play_one(page: Page, base: str, speed: str, seed: int, players: int) -> dict[str, Any]:
    """One game from a fresh page: the long tasks between Deal and the end, and its size."""
    open_page(page, base, f"speed={speed}&debug=1&sw=off")
    configure(page, "classic", players, seed=seed)
    page.evaluate(OBSERVE_JS)
    deal(page)
    person = Person(page)
    person.play_game(max_turns=600)
    tasks: list[float] = page.evaluate("() => window.__longtasks.slice()")
    steps = int(page.locator("#table-screen").get_attribute("data-step") or 0)
    return {"seed": seed, "answers": steps, "turns": person.turns, "longtasks": tasks}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3, help="games per speed")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1, help="first deal's seed")
    parser.add_argument("--speeds", nargs="+", default=["instant", "fast"])
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    add_profile_argument(parser)
    args = parser.parse_args(argv)
    device = PROFILES[args.profile]
    throttled: list[str] = []

    results: dict[str, list[dict[str, Any]]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "dist"
        build.build(site)
        server, base = serve.serve_in_thread(site)
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            version = browser.version
            for speed in args.speeds:
                results[speed] = []
                for game in range(args.games):
                    context = browser.new_context(**device.context_options())
                    page = context.new_page()
                    emulation = Emulation(context, page, device)
                    one = play_one(page, base, speed, args.seed + game, args.players)
                    throttled.append(emulation.state())
                    context.close()
                    emulation.release()
                    results[speed].append(one)
                    print(
                        f"  {speed} game {game + 1}: {one['answers']} answers, "
                        f"{len(one['longtasks'])} long tasks; {throttled[-1]}",
                        file=sys.stderr,
                    )
            browser.close()
        server.shutdown()
        server.server_close()

    load1, load5, _ = os.getloadavg()
    if args.json:
        out = {"chromium": version, "profile": args.profile, "load": [load1, load5]}
        print(json.dumps({**out, "speeds": results}))
        return 0
    print(
        f"classic, {args.players} players, {args.games} games per speed; Chromium {version}; "
        f"{os.cpu_count()} CPUs, load average {load1:.1f} (1 min) {load5:.1f} (5 min)"
    )
    print(f"{device.describe()}; {throttled[-1] if throttled else ''}")
    print(
        f"{'speed':10}{'game':>6}{'answers':>9}{f'>{LIMIT_MS} ms':>9}"
        f"{f'>{PHONE_LIMIT_MS} ms':>10}{'longest ms':>12}"
    )
    worst = 0
    for speed, games in results.items():
        for n, one in enumerate(games, start=1):
            tasks = one["longtasks"]
            over = sum(task > PHONE_LIMIT_MS for task in tasks)
            worst = max(worst, over)
            print(
                f"{speed:10}{n:>6}{one['answers']:>9}{len(tasks):>9}{over:>10}"
                f"{max(tasks, default=0.0):>12.0f}"
            )
    if device.name == "phone":
        print()
        print(f"phone targets; load average {load1:.1f} (1 min) {load5:.1f} (5 min)")
        label = f"main-thread tasks over {PHONE_LIMIT_MS} ms, most in one game"
        print(f"  {label:48} {worst:>4}  target = 0  {verdict(worst, 0)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
