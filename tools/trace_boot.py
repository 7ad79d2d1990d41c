"""Where a visit's time goes: one first visit and one return visit of our page, traced.

Builds the site into a temporary folder (or takes ``--site``), serves it as the host would
(tools/serve.py) and loads it twice in Debian's Chromium on one fresh profile: a first visit, then
a return visit after a browser restart (tools/bench_web.py does the same and only times them).
For each visit it prints, on one clock (ms since navigation; the worker's times moved onto the
page's by the two ``performance.timeOrigin``), the ``vnv:`` marks of the page and of the engine's
worker (engine-client.js, pyodide-boot.js, snapshot.js, boot.js) and the requests of the boot
path: when each was asked for and when it was in, whether it came from a cache, and its bytes
on the wire. docs/benchmarks-web.md has what it showed.

Run: ``.venv/bin/python tools/trace_boot.py [--linger 5] [--throttle]`` (after ``npm ci``).
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))

import build
import serve
from bench_web import THROTTLED, throttle
from chromium import CHROMIUM
from chromium import CHROMIUM_ARGS as ARGS

ENTRIES_JS = """() => ({
  origin: performance.timeOrigin,
  entries: performance.getEntries()
    .filter((e) => e.entryType === "mark" || e.entryType === "resource")
    .map((e) => ({ type: e.entryType, name: e.name, start: e.startTime,
                   request: e.requestStart, end: e.responseEnd, bytes: e.transferSize })),
})"""

CONTROLLED_JS = "() => navigator.serviceWorker?.controller ? 'service worker' : 'network'"

# The requests worth a line: the boot path's heavy or late ones, not every module.
SHOWN = ("pyodide", "python_stdlib", "snapshot/", "worker.py", "core", "build.json", "en.json")


def visit(pw: Any, profile: Path, url: str, network: dict[str, Any] | None, linger: int) -> None:
    context = pw.chromium.launch_persistent_context(
        profile, executable_path=CHROMIUM, args=ARGS, headless=True
    )
    page = context.pages[0] if context.pages else context.new_page()
    throttle(context, page, network)
    page.goto(url)
    page.locator('#boot[data-state="ready"]').wait_for(timeout=180_000)
    page.wait_for_timeout(300)
    root = page.evaluate("() => ({...document.documentElement.dataset})")
    served = page.evaluate(CONTROLLED_JS)
    print(
        f"boot={root.get('boot')}:{root.get('bootSource')}  reason={root.get('bootReason')!r}"
        f"  page served by the {served}"
    )
    traces = [page.evaluate(ENTRIES_JS)] + [w.evaluate(ENTRIES_JS) for w in page.workers]
    rows = []
    for n, trace in enumerate(traces):
        shift = trace["origin"] - traces[0]["origin"]
        where = "page" if n == 0 else f"worker{n}"
        for e in trace["entries"]:
            rows.append((e["start"] + shift, where, e, shift))
    for start, where, e, shift in sorted(rows, key=lambda row: row[0]):
        name = e["name"].split("?")[0].replace(url, "/")
        if e["type"] == "mark":
            print(f"  {start:7.0f}  {where:8} mark {name}")
        elif any(s in name for s in SHOWN):
            cached = "cache" if e["bytes"] == 0 else f"{e['bytes']:,} B"
            print(
                f"  {start:7.0f}  {where:8} get  {name:55} asked {e['request'] + shift:6.0f}"
                f"  in {e['end'] + shift:6.0f}  {cached}"
            )
    page.wait_for_timeout(linger * 1000)
    context.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, help="a built site (default: build one)")
    parser.add_argument("--linger", type=int, default=5, help="seconds the first visit stays")
    parser.add_argument("--throttle", action="store_true", help="20 Mbit/s and 40 ms")
    args = parser.parse_args(argv)
    network = THROTTLED if args.throttle else None
    with tempfile.TemporaryDirectory() as tmp:
        site = args.site
        if site is None:
            site = Path(tmp) / "dist"
            build.build(site)
        server, base = serve.serve_in_thread(site)
        serve.warm(site)
        with sync_playwright() as pw:
            for name, linger in (("first visit", args.linger), ("return visit", 0)):
                print(name)
                visit(pw, Path(tmp) / "profile", base, network, linger)
        server.shutdown()
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
