"""Play with friends, measured (docs/friends.md): joining, the codes, and a friend's delay.

Builds the site into a temporary folder and serves it inside a network namespace of its own
(e2e/netns.py, as the browser tests do: no peer traffic reaches the machine's interfaces), with
Debian's Chromium started inside it. Each run is one game: the host deals a three-player table
(one seat a friend's, one a Medium bot), the friend's page, a browser context of its own, opens
the host's invite link and the harness pastes the friend's answer into the host's page at once
(a person's scanning time is not counted); then the host and the friend play the game to its
end through their pages.

Figures:

* joining, on the friend's page clock (``performance.now()`` from the navigation's start):
  the answer's QR code shown (``vnv:join-answer``), and the friend seated at the table
  (``vnv:join-seated``);
* the invite link's and the answer's lengths in characters and their QR versions, as the
  pages show them;
* the delay a friend sees: from the host's page sending a step on the data channel to the
  friend's page having drawn it (``vnv:answer``), both read as ``performance.timeOrigin +
  performance.now()`` (one machine, one clock), median and 95th percentile over every step.

Run: ``.venv/bin/python tools/bench_friends.py [--runs 3] [--speed fast] [--profile phone]``
(as root, after ``npm ci``). Prints the figures and the load average before and after.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
sys.path.insert(0, str(ROOT / "e2e"))

import build  # noqa: E402
from bench_profile import PROFILES, DeviceProfile, Emulation, add_profile_argument  # noqa: E402
from chromium import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from driver import Person, configure, invite_link, paste_answer, play_together, wait_ready  # noqa: E402
from netns import namespace  # noqa: E402

JOIN_TIMEOUT_MS = 60_000
SIZE = re.compile(r"(\d+)\D+(\d+)")  # "128 characters, QR version 8": the two numbers

# On the host's page: when each "step" message left on a data channel.
RECORD_SENDS = """() => {
  window.__sent = [];
  const send = RTCDataChannel.prototype.send;
  RTCDataChannel.prototype.send = function (data) {
    if (typeof data === "string" && data.startsWith('{"t":"step"')) {
      window.__sent.push(performance.timeOrigin + performance.now());
    }
    return send.call(this, data);
  };
}"""
# On the friend's page: when each answer was drawn (game/loop.js dispatches vnv:answer).
RECORD_DRAWN = """() => {
  window.__drawn = [];
  document.addEventListener("vnv:answer", () =>
    window.__drawn.push(performance.timeOrigin + performance.now()));
}"""


def mark(page: Page, name: str) -> float:
    """The friend's page's own clock at a mark, in milliseconds from the navigation's start."""
    value: float = page.evaluate(
        "(name) => performance.getEntriesByName(name)[0]?.startTime ?? -1", name
    )
    return value


def size(page: Page, selector: str) -> tuple[int, int]:
    found = SIZE.search(page.locator(selector).inner_text())
    assert found, page.locator(selector).inner_text()
    return int(found[1]), int(found[2])


def one_game(browser: Browser, base: str, speed: str, profile: DeviceProfile) -> dict[str, Any]:
    host = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    host.goto(f"{base}index.html?speed={speed}")
    wait_ready(host)
    configure(
        host, "classic", 3, None, {"deck": 36, "ending": "single"}, levels=["friend", "medium"]
    )
    host.click("#start")
    link = invite_link(host, 1)
    context = browser.new_context(**profile.context_options())
    friend = context.new_page()
    emulation = Emulation(context, friend, profile)  # the friend's device: this profile's
    friend.goto(link)
    paste_answer(host, friend, JOIN_TIMEOUT_MS)
    friend.locator("#table-screen:not([hidden])").wait_for(timeout=JOIN_TIMEOUT_MS)
    host.evaluate(RECORD_SENDS)
    friend.evaluate(RECORD_DRAWN)
    figures = {
        "answer_shown_ms": mark(friend, "vnv:join-answer"),
        "seated_ms": mark(friend, "vnv:join-seated"),
        "invite": size(host, "#friends-size"),
        "answer": size(friend, "#join-size"),
    }
    play_together([Person(host), Person(friend)])
    sent: list[float] = host.evaluate("() => window.__sent")
    drawn: list[float] = friend.evaluate("() => window.__drawn")
    steps = min(len(sent), len(drawn))
    figures["delays_ms"] = [drawn[i] - sent[i] for i in range(steps)]
    emulation.release()
    host.context.close()
    context.close()
    return figures


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="games to play (default 3)")
    parser.add_argument("--speed", default="fast", help="the host's bot speed (default fast)")
    add_profile_argument(parser)
    args = parser.parse_args()
    profile = PROFILES[args.profile]
    load_before = os.getloadavg()[0]
    with tempfile.TemporaryDirectory() as folder, namespace() as ns:
        out = Path(folder) / "dist"
        build.build(out)
        base = ns.serve(out)
        with sync_playwright() as p:
            browser = p.chromium.launch(
                executable_path=str(ns.wrapper(CHROMIUM)), args=CHROMIUM_ARGS, headless=True
            )
            runs = [one_game(browser, base, args.speed, profile) for _ in range(args.runs)]
            browser.close()
    load_after = os.getloadavg()[0]
    delays = [d for run in runs for d in run["delays_ms"]]
    print(f"friends, {args.runs} games, profile {args.profile}, host speed {args.speed}")
    joining = (
        ("answer_shown_ms", "invite opened -> answer shown"),
        ("seated_ms", "invite opened -> seated"),
    )
    for key, label in joining:
        values = [run[key] for run in runs]
        each = ", ".join(f"{v:.0f}" for v in values)
        print(f"  {label}: median {statistics.median(values):.0f} ms ({each})")
    for key in ("invite", "answer"):
        chars, versions = {run[key][0] for run in runs}, {run[key][1] for run in runs}
        print(f"  {key}: {sorted(chars)} characters, QR version {sorted(versions)}")
    print(
        f"  host's step -> friend's screen: median {statistics.median(delays):.1f} ms, "
        f"p95 {percentile(delays, 0.95):.1f} ms, max {max(delays):.1f} ms over {len(delays)} steps"
    )
    print(f"  load average {load_before:.1f} -> {load_after:.1f}")


if __name__ == "__main__":
    main()
