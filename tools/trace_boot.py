"""Where a visit's time goes: a first visit and one or more return visits of our page, traced.

Builds the site into a temporary folder (or takes ``--site``), serves it as the host would
(tools/serve.py) and loads it in Debian's Chromium on one fresh profile: a first visit, then
return visits, each after a browser restart (tools/bench_web.py does the same and only times
them). For each visit it prints, on one clock (ms since navigation; the worker's times moved onto
the page's by the two ``performance.timeOrigin``), the ``vnv:`` marks of the page and of the
engine's worker (engine-client.js, pyodide-boot.js, snapshot.js, boot.js) and the requests of the
boot path: when each was asked for and when it was in, whether it came from a cache, and its
bytes on the wire. With ``--returns N`` (N > 1) it prints one table instead: each step's time in
every return visit and their median, since single visits vary by ±150 ms on a loaded machine.
After the first visit it prints how much compiled code Chromium cached for the next visit (the
profile's ``Code Cache``: V8's wasm and JS code caches). ``--route2`` traces route 2 alone
(``?snapshot=browser``: the first visit boots bare and makes the snapshot in the page).
docs/benchmarks-web.md has what it showed.

Run: ``.venv/bin/python tools/trace_boot.py [--linger 5] [--throttle] [--returns N] [--route2]``
(after ``npm ci``).
"""

from __future__ import annotations

import argparse
import statistics
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
# The requests worth a column in the table of several visits: (label, part of the URL).
STEPS = (
    ("worker.py", "/app/worker.py"),
    ("pyodide-boot.js", "/app/worker/pyodide-boot.js"),
    ("wasm", "pyodide.asm.wasm"),
    ("stdlib", "python_stdlib.zip"),
)

Row = tuple[float, str, dict[str, Any]]


def visit(
    pw: Any,
    profile: Path,
    url: str,
    network: dict[str, Any] | None,
    *,
    linger: int = 0,
    wait_made: bool = False,
) -> tuple[str, list[Row]]:
    """One visit: its boot path and its marks and requests, sorted by time on the page's clock."""
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
    path = (
        f"boot={root.get('boot')}:{root.get('bootSource')}  reason={root.get('bootReason')!r}"
        f"  page served by the {served}"
    )
    traces = [page.evaluate(ENTRIES_JS)] + [w.evaluate(ENTRIES_JS) for w in page.workers]
    rows: list[Row] = []
    base = url.split("?", maxsplit=1)[0]
    for n, trace in enumerate(traces):
        shift = trace["origin"] - traces[0]["origin"]
        where = "page" if n == 0 else f"worker{n}"
        for e in trace["entries"]:
            name = e["name"].split("?", maxsplit=1)[0].replace(base, "/")
            moved = {**e, "name": name}
            if e["type"] == "resource":
                moved.update(request=e["request"] + shift, end=e["end"] + shift)
            rows.append((e["start"] + shift, where, moved))
    page.wait_for_timeout(linger * 1000)
    if wait_made:  # route 2: the page makes the snapshot in the background
        page.locator("html[data-snapshot=stored], html[data-snapshot=failed]").wait_for(
            state="attached", timeout=300_000
        )
    context.close()
    return path, sorted(rows, key=lambda row: row[0])


def print_visit(path: str, rows: list[Row]) -> None:
    print(path)
    for start, where, e in rows:
        if e["type"] == "mark":
            print(f"  {start:7.0f}  {where:8} mark {e['name']}")
        elif any(s in e["name"] for s in SHOWN):
            cached = "cache" if e["bytes"] == 0 else f"{e['bytes']:,} B"
            print(
                f"  {start:7.0f}  {where:8} get  {e['name']:55} asked {e['request']:6.0f}"
                f"  in {e['end']:6.0f}  {cached}"
            )


def steps(rows: list[Row]) -> dict[str, float]:
    """A visit's marks, and when each request of STEPS was asked for and was in."""
    found: dict[str, float] = {}
    for start, _, e in rows:
        if e["type"] == "mark":
            found[e["name"]] = start
        for label, part in STEPS:
            if e["type"] == "resource" and part in e["name"]:
                found[f"{label} asked"] = e["request"]
                found[f"{label} in"] = e["end"]
    return found


def print_table(visits: list[dict[str, float]]) -> None:
    names = {name for v in visits for name in v}
    medians = {n: statistics.median([v[n] for v in visits if n in v]) for n in names}
    print(f"{'step (ms since navigation)':34} {'median':>7}   each return visit")
    for name in sorted(names, key=medians.__getitem__):
        each = " ".join(f"{v[name]:6.0f}" if name in v else "     -" for v in visits)
        print(f"  {name:32} {medians[name]:7.0f}   {each}")


def code_cache(profile: Path) -> str:
    """Bytes of compiled code Chromium keeps for the next visit, by kind (V8's code caches)."""
    root = profile / "Default" / "Code Cache"
    kinds = sorted(p for p in root.iterdir() if p.is_dir()) if root.is_dir() else []
    sizes = [(p.name, sum(f.stat().st_size for f in p.rglob("*") if f.is_file())) for p in kinds]
    return ", ".join(f"{name} {size / 1024:,.0f} KiB" for name, size in sizes) or "none"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--site", type=Path, help="a built site (default: build one)")
    parser.add_argument("--linger", type=int, default=5, help="seconds the first visit stays")
    parser.add_argument("--throttle", action="store_true", help="20 Mbit/s and 40 ms")
    parser.add_argument("--returns", type=int, default=1, help="return visits (default 1)")
    parser.add_argument("--route2", action="store_true", help="route 2 alone (?snapshot=browser)")
    args = parser.parse_args(argv)
    network = THROTTLED if args.throttle else None
    with tempfile.TemporaryDirectory() as tmp:
        site = args.site
        if site is None:
            site = Path(tmp) / "dist"
            build.build(site)
        server, base = serve.serve_in_thread(site)
        serve.warm(site)
        url = base + ("?snapshot=browser" if args.route2 else "")
        profile = Path(tmp) / "profile"
        with sync_playwright() as pw:
            print("first visit")
            print_visit(
                *visit(pw, profile, url, network, linger=args.linger, wait_made=args.route2)
            )
            print(f"code cached for the next visit: {code_cache(profile)}")
            returns = [visit(pw, profile, url, network) for _ in range(args.returns)]
        server.shutdown()
        server.server_close()
    if args.returns == 1:
        print("return visit")
        print_visit(*returns[0])
    elif returns:
        print(f"{len(returns)} return visits: " + " | ".join(p.split("  ")[0] for p, _ in returns))
        print_table([steps(rows) for _, rows in returns])
    return 0


if __name__ == "__main__":
    sys.exit(main())
