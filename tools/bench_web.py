"""Web figures: our page against a bare Pyodide page, same server, same browser, one run.

Builds the site into a temporary folder, adds a bare page (``bench/bare.html``: the vendored
``pyodide.mjs``, ``loadPyodide()``, one ``runPython``), serves both with tools/serve.py (the
netlify.toml headers, and compressed as Netlify's CDN compresses: brotli for the text, JS and
wasm of both pages, the snapshot as the build compressed it; every file is compressed before
the first visit so no timed request waits for it) and loads each in Debian's Chromium. Each
page gets a fresh browser profile (cold cache) for its first visit; the browser is then closed
and started again on the same profile for the return visit (warm HTTP cache; for our page, the
memory snapshot the first visit made in the background, docs/snapshot.md). Everything runs
twice: unthrottled, and with the network throttled to 20 Mbit/s and 40 ms latency (CDP
Network.emulateNetworkConditions, on the page and on every worker it starts). Prints
engine-ready times (ours: the worker answered ``boot()`` with the engine imported; bare:
``loadPyodide`` resolved and ran ``1+1``), their ratios against the issue's targets, first
paint, and the bytes on the wire per visit (encoded bodies plus headers), split into the
vendored runtime, the snapshot and our other files, with the Content-Encoding each response
came with.

A third page is PyScript's own floor (``bench/floor.html``): the vendored @pyscript/core the
build ships starts a PyScript worker on the same Pyodide with nothing of ours (no snapshot, no
engine); the worker runs ``1+1`` and answers one call. Side by side, the three pages tell what
is Pyodide's, what is PyScript's and what is ours.

Per visit it also reports every URL that crossed the wire more than once in the visit (with
the bytes of each request to it: 0 is a cache hit, which costs nothing), and the peak
resident memory of the renderer process that holds the page and its workers (``VmHWM``;
tools/bench_profile.py says why not Chromium's heap figures). On our page's return visit, once
the figures are taken, it deals the default setup and times how long the first bot play takes
to show after the human's first play (the human leads the first hand; the default speed's
pacing included).

``--profile phone`` (tools/bench_profile.py) runs everything on an emulated phone: 390x844
touch, the CPU four times slower (page and workers), 9 Mbit/s down, 150 ms; route 2 alone is
left out there (making the snapshot at a quarter speed takes minutes), and the phone targets
are printed with met/missed.

Run: ``.venv/bin/python tools/bench_web.py [--runs 3] [--profile phone]`` (after ``npm ci``).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, Playwright, Request, sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "e2e"))  # the e2e tests' Person

import build
import serve
from bench_profile import (
    PROFILES,
    DeviceProfile,
    Emulation,
    add_profile_argument,
    renderer_peak_mib,
)
from bench_profile import verdict as judge
from chromium import CHROMIUM
from chromium import CHROMIUM_ARGS as ARGS
from driver import Person, wait_turn
from driver import deal as deal_table

# 20 Mbit/s down and up, 40 ms added to every request (CDP wants bytes per second).
THROTTLED = {
    "offline": False,
    "latency": 40,
    "downloadThroughput": 20_000_000 / 8,
    "uploadThroughput": 20_000_000 / 8,
}
NETWORKS = {"unthrottled": None, "20 Mbit/s, 40 ms": THROTTLED}


def networks(device: DeviceProfile) -> dict[str, dict[str, Any] | None]:
    """The desktop runs both networks; a profile with its own network runs that one."""
    if device.network is None:
        return NETWORKS
    return {device.name: device.network}


BARE_HTML = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>bare Pyodide</title>
<script type="module" src="bare.js"></script></head>
<body><p id="state">loading</p></body></html>
"""

BARE_JS = """// The baseline: the same vendored Pyodide, nothing else.
import { loadPyodide } from "../%(pyodide)s";
const state = document.getElementById("state");
const py = await loadPyodide({ indexURL: new URL("../%(index)s", location.href).href });
py.runPython("1 + 1");
performance.mark("vnv:engine-ready");
state.textContent = "ready";
state.dataset.ready = "1";
"""

FLOOR_HTML = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>PyScript floor</title>
<script type="module" src="floor.js"></script></head>
<body><p id="state">loading</p></body></html>
"""

# PyScript's floor: the vendored @pyscript/core starts a worker on the same Pyodide, as our
# engine client does (an absolute `version:`, or PyScript would fetch Pyodide from a CDN).
FLOOR_JS = """import { PyWorker } from "../%(pyscript)s";
const state = document.getElementById("state");
const worker = await PyWorker(new URL("floor.py", location.href).href, {
  config: {},
  version: new URL("../%(pyodide)s", location.href).href,
});
await worker.sync.ready();
performance.mark("vnv:engine-ready");
state.textContent = "ready";
state.dataset.ready = "1";
"""

FLOOR_PY = """def ready():
    return 1 + 1


__export__ = ["ready"]
"""

# Times the first bot play after the human's first one: the human's click, then the first
# table step past the human's own answer (set as target once the human's turn is known).
DEAL_JS = """() => {
  const screen = document.getElementById("table-screen");
  const t = (window.__bench = { deal: null, table: null, human: null, shown: null, target: null });
  document.getElementById("start").addEventListener("click", () => {
    t.deal = performance.now();
  }, { capture: true, once: true });
  const acts = "#act-play, #act-pass, #act-challenge, #act-believe";
  document.addEventListener("click", (e) => {
    if (t.human === null && e.target instanceof Element && e.target.closest(acts)) {
      t.human = performance.now();
    }
  }, true);
  new MutationObserver(() => {
    if (t.table === null && screen.dataset.state === "human") t.table = performance.now();
    if (t.target !== null && t.shown === null && Number(screen.dataset.step) >= t.target) {
      t.shown = performance.now();
    }
  }).observe(screen, { attributes: true, attributeFilter: ["data-step", "data-state"] });
}"""

MARKS_JS = """() => {
  const mark = (name) => {
    const entry = performance.getEntriesByName(name)[0];
    return entry ? entry.startTime : null;
  };
  const paint = (name) => {
    const entry = performance.getEntriesByType("paint").find((e) => e.name === name);
    return entry ? entry.startTime : null;
  };
  const root = document.documentElement.dataset;
  return {
    boot: root.boot ? root.boot + (root.bootSource ? ":" + root.bootSource : "") : null,
    ready: mark("vnv:engine-ready"),
    setup: mark("vnv:setup-ready"),
    firstPaint: paint("first-paint"),
    firstContentfulPaint: paint("first-contentful-paint"),
  };
}"""


@dataclass
class Load:
    ready_ms: float
    first_paint_ms: float | None
    fcp_ms: float | None
    setup_ms: float | None
    boot: str | None = None
    bytes_runtime: int = 0
    bytes_ours: int = 0  # our files, the snapshot included
    bytes_snapshot: int = 0
    encodings: dict[str, int] = field(default_factory=dict)  # Content-Encoding -> responses
    requests: int = 0
    wasm_ms: float | None = None  # how long pyodide.asm.wasm took to arrive (throttle check)
    urls: list[str] = field(default_factory=list)
    twice: dict[str, list[int]] = field(default_factory=dict)  # URL -> wire bytes per request
    peak_mib: float | None = None  # the renderer's peak resident memory
    deal_ms: float | None = None  # Deal clicked -> the human's turn on the table
    bot_ms: float | None = None  # the human's first play -> the first bot play shown


def add_bare_page(site: Path) -> None:
    manifest = json.loads((site / "build.json").read_text(encoding="utf-8"))
    pyodide = manifest["pyodide"]
    index = pyodide.rsplit("/", 1)[0] + "/"
    bench = site / "bench"
    bench.mkdir()
    (bench / "bare.html").write_text(BARE_HTML, encoding="utf-8")
    (bench / "bare.js").write_text(BARE_JS % {"pyodide": pyodide, "index": index}, "utf-8")
    (bench / "floor.html").write_text(FLOOR_HTML, encoding="utf-8")
    names = {"pyodide": pyodide, "pyscript": manifest["pyscript"]}
    (bench / "floor.js").write_text(FLOOR_JS % names, encoding="utf-8")
    (bench / "floor.py").write_text(FLOOR_PY, encoding="utf-8")


def first_bot_play(page: Page) -> tuple[float | None, float | None]:
    """Deal the default setup; (Deal -> the human's turn, the human's first play -> the first
    bot play on the table), in ms."""
    page.evaluate(DEAL_JS)
    deal_table(page)
    s = wait_turn(page)
    page.evaluate(f"() => {{ window.__bench.target = {s['step'] + 2}; }}")
    Person(page).act(s)
    page.wait_for_function("() => window.__bench.shown !== null", timeout=120_000)
    t: dict[str, float | None] = page.evaluate("() => window.__bench")
    deal = t["table"] - t["deal"] if t["table"] is not None and t["deal"] is not None else None
    bot = t["shown"] - t["human"] if t["shown"] is not None and t["human"] is not None else None
    return deal, bot


class BrowserProfile:
    """A browser profile on disk: a visit starts the browser on it, loads one page, closes it.

    A fresh profile is a first visit (cold HTTP cache, empty Cache Storage); the next visit on
    the same profile is a return visit, after a browser restart, as a player would come back.
    """

    def __init__(self, pw: Playwright, root: Path, name: str) -> None:
        self.pw = pw
        self.dir = root / name

    def visit(
        self,
        url: str,
        ready_selector: str,
        network: dict[str, Any] | None,
        device: DeviceProfile,
        *,
        wait_snapshot: bool = False,
        linger_ms: int = 0,
        deal: bool = False,
    ) -> Load:
        context = self.pw.chromium.launch_persistent_context(
            self.dir,
            executable_path=CHROMIUM,
            args=ARGS,
            headless=True,
            **device.context_options(),
        )
        sizes: list[tuple[str, int]] = []
        encodings: dict[str, int] = {}
        wasm: list[float] = []
        finished: list[Request] = []

        def measure(request: Request) -> None:
            try:
                info = request.sizes()
                response = request.response()
            except Exception:  # a request without a response (aborted)
                return
            # responseBodySize is the encoded body: the bytes on the wire.
            sizes.append((request.url, info["responseBodySize"] + info["responseHeadersSize"]))
            if response is not None and response.status == 200:
                encoding = response.headers.get("content-encoding", "none")
                encodings[encoding] = encodings.get(encoding, 0) + 1
            if request.url.endswith("/pyodide.asm.wasm"):
                timing = request.timing
                wasm.append(timing["responseEnd"] - timing["requestStart"])

        def collect(request: Request) -> None:
            finished.append(request)

        # Only collected while the page loads; their sizes are asked for once the visit is over.
        # Asking during the load (protocol round trips per request, on a 2-core machine) slowed
        # every visit: at load 9-10, bare first visit 4.76 -> 4.15 s, our return 1.55 -> 1.33 s
        # (two runs ten minutes apart; the ratios did not move, docs/benchmarks-web.md).
        context.on("requestfinished", collect)
        page = context.pages[0] if context.pages else context.new_page()
        # Network conditions on the page hold for its workers' requests too (Chromium refuses
        # them on a worker target); the CPU is slowed on the page and on each worker.
        emulation = Emulation(context, page, device, network)
        page.goto(url)
        page.locator(ready_selector).wait_for(timeout=180_000)
        page.wait_for_timeout(300)  # let the last requestfinished events arrive
        marks: dict[str, Any] = page.evaluate(MARKS_JS)
        # A first visit stays a while, as a player choosing the setup would: the browser then
        # also keeps what it caches after a load (compiled wasm code, our Cache Storage copy).
        page.wait_for_timeout(linger_ms)
        if wait_snapshot:  # the background maker stores the snapshot for the return visit
            page.locator("html[data-snapshot=stored], html[data-snapshot=failed]").wait_for(
                state="attached", timeout=300_000
            )
            made = page.locator("html").get_attribute("data-snapshot")
            if made != "stored":
                detail = page.locator("html").get_attribute("data-snapshot-detail")
                raise RuntimeError(f"the snapshot was not made: {detail}")
        loaded = list(finished)  # the visit's requests; dealing below is not part of it
        deal_ms = bot_ms = None
        if deal:
            deal_ms, bot_ms = first_bot_play(page)
        peak = renderer_peak_mib()
        for request in loaded:
            measure(request)
        context.close()
        emulation.release()
        result = Load(
            ready_ms=marks["ready"],
            first_paint_ms=marks["firstPaint"],
            fcp_ms=marks["firstContentfulPaint"],
            setup_ms=marks["setup"],
            boot=marks["boot"],
            wasm_ms=wasm[0] if wasm else None,
            encodings=encodings,
            peak_mib=peak,
            deal_ms=deal_ms,
            bot_ms=bot_ms,
        )
        tally(result, sizes)
        return result


def tally(result: Load, sizes: list[tuple[str, int]]) -> None:
    """Bytes on the wire by kind, and every URL that crossed the wire more than once in the
    visit (a request answered by the HTTP cache or the service worker moves 0 bytes: the page
    asking twice costs nothing then; a 304 revalidation moves its headers and counts)."""
    counts = Counter(request_url for request_url, size in sizes if size > 0)
    for request_url, size in sizes:
        if counts[request_url] > 1:
            result.twice.setdefault(request_url, []).append(size)
        result.requests += 1
        result.urls.append(request_url)
        if "/vendor/" in request_url:
            result.bytes_runtime += size
        else:
            result.bytes_ours += size
        if "/snapshot/" in request_url:
            result.bytes_snapshot += size


def median(values: list[float | None]) -> float | None:
    present = [v for v in values if v is not None]
    return statistics.median(present) if present else None


def fmt_ms(value: float | None) -> str:
    return "-" if value is None else f"{value:,.0f} ms"


def fmt_kb(value: float | None) -> str:
    return "-" if value is None else f"{value / 1024:,.0f} KiB"


def fmt_mb(value: float | None) -> str:
    return "-" if value is None else f"{value:,.0f} MB"


def load_note() -> str:
    load1, load5, _ = os.getloadavg()
    return f"[load average {load1:.1f} (1 min) {load5:.1f} (5 min), {os.cpu_count()} CPUs]"


# The targets (fast start on a real host): ratio to the bare page's first visit.
TARGETS = (
    ("20 Mbit/s, 40 ms", "first_vs_bare_first", "our first visit, 20 Mbit/s + 40 ms", 1.00),
    ("unthrottled", "first_vs_bare_first", "our first visit, unthrottled", 0.60),
    ("unthrottled", "return_vs_bare_first", "our return visit, unthrottled", 0.25),
    ("20 Mbit/s, 40 ms", "return_vs_bare_first", "our return visit, 20 Mbit/s + 40 ms", 0.25),
)
SNAPSHOT_TARGET = 4_000_000  # bytes on the wire
# On a phone: ratios to the runtime's own pages, the memory a mid-range phone spares a tab.
PHONE_TARGETS = (
    ("first_vs_bare_first", "engine ready first visit / bare Pyodide first visit", 1.00),
    ("return_vs_floor_return", "engine ready return visit / PyScript floor return", 1.30),
)
PHONE_MEMORY_TARGET = 250.0  # MB (10^6 bytes), page and its workers
PHONE_SNAPSHOT_TARGET = 3_500_000  # bytes on the wire


KINDS = (
    "bare_first",
    "bare_return",
    "floor_first",
    "floor_return",
    "ours_first",
    "ours_return",
    "browser_first",
    "browser_return",
)
LABELS = {
    "bare_first": "bare Pyodide, first visit",
    "bare_return": "bare Pyodide, return visit",
    "floor_first": "PyScript floor, first visit",
    "floor_return": "PyScript floor, return visit",
    "ours_first": "our page, first visit",
    "ours_return": "our page, return visit",
    "browser_first": "route 2 alone, first visit",
    "browser_return": "route 2 alone, return visit",
}


def measure(
    pw: Playwright, base: str, runs: int, tmp: Path, *, linger_ms: int, device: DeviceProfile
) -> dict[str, dict[str, list[Load]]]:
    """Every page and visit, under every network; the runs interleaved so drift hits all.

    Our page as shipped: the first visit restores the build's snapshot, the return visit the
    copy it put in Cache Storage. Route 2 alone (``?snapshot=browser``, desktop only): the
    first visit boots bare and the page makes the snapshot in the background (waited for, not
    timed); the return visit restores it. Every first visit stays open ``linger_ms`` after
    ready (the route 2 one until its snapshot is stored, if longer).
    """
    ours_ready = '#boot[data-state="ready"]'
    plain_ready = "#state[data-ready]"
    bare_url = base + "bench/bare.html"
    floor_url = base + "bench/floor.html"
    browser_url = base + "?snapshot=browser"
    route2 = device.network is None
    nets = networks(device)
    loads: dict[str, dict[str, list[Load]]] = {n: {k: [] for k in KINDS} for n in nets}
    for run in range(runs):
        for n, (name, network) in enumerate(nets.items()):
            bare = BrowserProfile(pw, tmp, f"bare-{run}-{n}")
            floor = BrowserProfile(pw, tmp, f"floor-{run}-{n}")
            ours = BrowserProfile(pw, tmp, f"ours-{run}-{n}")
            browser = BrowserProfile(pw, tmp, f"browser-{run}-{n}")
            got = loads[name]
            linger = linger_ms
            got["bare_first"].append(
                bare.visit(bare_url, plain_ready, network, device, linger_ms=linger)
            )
            got["floor_first"].append(
                floor.visit(floor_url, plain_ready, network, device, linger_ms=linger)
            )
            got["ours_first"].append(
                ours.visit(base, ours_ready, network, device, linger_ms=linger)
            )
            if route2:
                got["browser_first"].append(
                    browser.visit(
                        browser_url,
                        ours_ready,
                        network,
                        device,
                        wait_snapshot=True,
                        linger_ms=linger,
                    )
                )
            got["bare_return"].append(bare.visit(bare_url, plain_ready, network, device))
            got["floor_return"].append(floor.visit(floor_url, plain_ready, network, device))
            got["ours_return"].append(ours.visit(base, ours_ready, network, device, deal=True))
            if route2:
                got["browser_return"].append(
                    browser.visit(browser_url, ours_ready, network, device)
                )
            for kind in KINDS:
                if not got[kind]:
                    continue
                last = got[kind][-1]
                print(
                    f"  run {run + 1} {name:18} {kind:15} {fmt_ms(last.ready_ms):>10}"
                    f"  boot={last.boot}  peak {fmt_mb(mb(last.peak_mib))}",
                    file=sys.stderr,
                )
    return loads


def mb(mib: float | None) -> float | None:
    return None if mib is None else mib * 1024 * 1024 / 1_000_000


def summary(loads: list[Load]) -> dict[str, Any]:
    if not loads:
        return {}
    totals = [x.bytes_runtime + x.bytes_ours for x in loads]
    twice: dict[str, list[int]] = {}
    for x in loads:  # every URL any run fetched twice, with the last such run's bytes
        twice.update(x.twice)
    return {
        "bytes_wire_median": median([float(t) for t in totals]),
        "bytes_snapshot": loads[0].bytes_snapshot,
        "encodings": loads[0].encodings,
        "engine_ready_ms": median([x.ready_ms for x in loads]),
        "first_paint_ms": median([x.first_paint_ms for x in loads]),
        "first_contentful_paint_ms": median([x.fcp_ms for x in loads]),
        "setup_ready_ms": median([x.setup_ms for x in loads]),
        "bytes_runtime": loads[0].bytes_runtime,
        "bytes_ours": loads[0].bytes_ours,
        "requests": loads[0].requests,
        "requested_twice": twice,
        "peak_memory_mb": median([mb(x.peak_mib) for x in loads]),
        "deal_to_table_ms": median([x.deal_ms for x in loads]),
        "first_bot_play_ms": median([x.bot_ms for x in loads]),
        "wasm_download_ms": median([x.wasm_ms for x in loads]),
        "boot": sorted({str(x.boot) for x in loads}),
        "runs_engine_ready_ms": [round(x.ready_ms) for x in loads],
    }


def ratio(a: float | None, b: float | None) -> float | None:
    return None if a is None or not b else a / b


def ratios(kinds: dict[str, dict[str, Any]]) -> dict[str, float | None]:
    ready = {k: v.get("engine_ready_ms") for k, v in kinds.items()}
    return {
        "first_vs_bare_first": ratio(ready["ours_first"], ready["bare_first"]),
        "return_vs_bare_first": ratio(ready["ours_return"], ready["bare_first"]),
        "return_vs_bare_return": ratio(ready["ours_return"], ready["bare_return"]),
        "first_vs_floor_first": ratio(ready["ours_first"], ready["floor_first"]),
        "return_vs_floor_return": ratio(ready["ours_return"], ready["floor_return"]),
        "floor_first_vs_bare_first": ratio(ready["floor_first"], ready["bare_first"]),
        "route2_first_vs_bare_first": ratio(ready["browser_first"], ready["bare_first"]),
        "route2_return_vs_bare_first": ratio(ready["browser_return"], ready["bare_first"]),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="visits of each kind per network")
    parser.add_argument("--json", action="store_true", help="print the raw figures as JSON")
    parser.add_argument(
        "--linger", type=int, default=15, help="seconds a first visit stays open after ready"
    )
    add_profile_argument(parser)
    args = parser.parse_args(argv)
    device = PROFILES[args.profile]

    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "dist"
        build.build(site)
        add_bare_page(site)
        server, base = serve.serve_in_thread(site)
        compressed = serve.warm(site)
        print(f"  {compressed} files compressed up front (br, gzip)", file=sys.stderr)
        with sync_playwright() as pw:
            loads = measure(
                pw, base, args.runs, Path(tmp), linger_ms=args.linger * 1000, device=device
            )
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
            version = browser.version
            browser.close()
        server.shutdown()
        server.server_close()

    figures: dict[str, dict[str, Any]] = {}
    for name, kinds in loads.items():
        figures[name] = {k: summary(v) for k, v in kinds.items()}
        figures[name]["ratios"] = ratios(figures[name])
    if args.json:
        print(json.dumps({"chromium": version, "profile": args.profile, "figures": figures}))
        return 0
    report(figures, args.runs, version, device)
    return 0


def present(kinds: dict[str, Any]) -> list[tuple[str, str]]:
    return [(k, label) for k, label in LABELS.items() if kinds.get(k)]


def report(
    figures: dict[str, dict[str, Any]], runs: int, version: str, device: DeviceProfile
) -> None:
    print(f"Chromium {version}, {runs} visit(s) of each kind per network, medians")
    print(device.describe())
    print()
    print(f"engine ready (ms from navigation start; each run in brackets) {load_note()}")
    for name, kinds in figures.items():
        print(f"  {name}")
        for kind, label in present(kinds):
            k = kinds[kind]
            print(
                f"    {label:30}{fmt_ms(k['engine_ready_ms']):>12}  {k['runs_engine_ready_ms']}"
                f"  boot={','.join(k['boot'])}  wasm arrived in {fmt_ms(k['wasm_download_ms'])}"
            )
        for key, value in kinds["ratios"].items():
            if value is not None:
                print(f"    ratio {key}: {value:.2f}")
    print()
    print(f"per visit, medians {load_note()}")
    for name, kinds in figures.items():
        print(f"  {name}")
        print(
            f"    {'':30}{'setup usable':>14}{'engine ready':>14}{'on the wire':>14}"
            f"{'peak memory':>13}{'twice':>7}"
        )
        for kind, label in present(kinds):
            k = kinds[kind]
            print(
                f"    {label:30}{fmt_ms(k['setup_ready_ms']):>14}"
                f"{fmt_ms(k['engine_ready_ms']):>14}{fmt_kb(k['bytes_wire_median']):>14}"
                f"{fmt_mb(k['peak_memory_mb']):>13}{len(k['requested_twice']):>7}"
            )
        ours = kinds["ours_return"]
        print(
            f"    our page, default setup: Deal -> the human's turn"
            f" {fmt_ms(ours['deal_to_table_ms'])}; the human's first play -> first bot play"
            f" shown {fmt_ms(ours['first_bot_play_ms'])} (the default speed's 800 ms pacing"
            " included)"
        )
    print()
    print(f"over the wire more than once in one visit (bytes each request) {load_note()}")
    for name, kinds in figures.items():
        for kind, label in present(kinds):
            for url, sizes in sorted(kinds[kind]["requested_twice"].items()):
                print(f"  {name}, {label}: {url}  x{len(sizes)}  {sizes}")
    print()
    if device.network is None:
        report_desktop_targets(figures)
    else:
        report_phone_targets(figures[device.name])
    print()
    print(f"bytes on the wire per visit (Content-Encoding of the 200 responses) {load_note()}")
    for name, kinds in figures.items():
        print(f"  {name}")
        for kind, label in present(kinds):
            k = kinds[kind]
            codes = ", ".join(f"{e} {n}" for e, n in sorted(k["encodings"].items()))
            print(f"    {label:30}{fmt_kb(k['bytes_wire_median']):>12}  ({codes})")
    first = next(iter(figures))
    a = figures[first]["ours_first"]
    b = figures[first]["bare_first"]
    c = figures[first]["floor_first"]
    print()
    print(f"first visit, {first} {load_note()}")
    print(f"{'':28}{'our page':>16}{'PyScript floor':>16}{'bare Pyodide':>16}")

    def row(name: str, key: str, fmt: Any) -> tuple[str, str, str, str]:
        return (name, fmt(a[key]), fmt(c[key]), fmt(b[key]))

    rows = [
        row("first paint", "first_paint_ms", fmt_ms),
        row("first contentful paint", "first_contentful_paint_ms", fmt_ms),
        ("setup screen usable", fmt_ms(a["setup_ready_ms"]), "-", "-"),
        row("bytes: vendored runtime", "bytes_runtime", fmt_kb),
        row("bytes: our files", "bytes_ours", fmt_kb),
        ("  of which the snapshot", fmt_kb(a["bytes_snapshot"]), "-", "-"),
        row("requests", "requests", str),
    ]
    for line in rows:
        print(f"{line[0]:28}{line[1]:>16}{line[2]:>16}{line[3]:>16}")
    a = figures[first]["ours_return"]
    b = figures[first]["bare_return"]
    c = figures[first]["floor_return"]
    print(f"return visit, {first}")
    rows = [
        row("bytes: vendored runtime", "bytes_runtime", fmt_kb),
        row("bytes: our files", "bytes_ours", fmt_kb),
        row("requests", "requests", str),
    ]
    for line in rows:
        print(f"{line[0]:28}{line[1]:>16}{line[2]:>16}{line[3]:>16}")


def report_desktop_targets(figures: dict[str, dict[str, Any]]) -> None:
    print(f"targets {load_note()}")
    for network, key, label, target in TARGETS:
        value = figures[network]["ratios"][key]
        shown = "-" if value is None else f"{value:5.2f}"
        print(f"  {label:40} {shown:>5}  target <= {target:.2f}  {judge(value, target)}")
    print()
    # On a slow network and a fast CPU, would a first visit be faster booting
    # bare while the snapshot downloads for next time? Route 2's first visit is that path: a
    # bare boot, with the build's snapshot downloading alongside (the page's preload).
    print("first visit, which path is faster (the boot path each run took in brackets)")
    for name, kinds in figures.items():
        snap, bare = kinds["ours_first"], kinds["browser_first"]
        faster = "snapshot" if snap["engine_ready_ms"] <= bare["engine_ready_ms"] else "bare"
        print(
            f"  {name:18} restore the build's snapshot {fmt_ms(snap['engine_ready_ms']):>10}"
            f" [{','.join(snap['boot'])}]   boot bare meanwhile"
            f" {fmt_ms(bare['engine_ready_ms']):>10}"
            f" [{','.join(bare['boot'])}]   faster: {faster}"
        )
    snapshot = figures["unthrottled"]["ours_first"]["bytes_snapshot"]
    verdict = "met" if 0 < snapshot <= SNAPSHOT_TARGET else "missed"
    print(f"  {'snapshot bytes on the wire':40} {snapshot:,}  target <= 4,000,000  {verdict}")


def report_phone_targets(kinds: dict[str, Any]) -> None:
    """The phone targets of the start-up (the bots' and the long tasks' are printed by
    tools/bench_bots_web.py and tools/bench_longtasks.py)."""
    print(f"phone targets {load_note()}")
    for key, label, target in PHONE_TARGETS:
        value = kinds["ratios"][key]
        shown = "-" if value is None else f"{value:.2f}"
        print(f"  {label:56} {shown:>8}  target <= {target:.2f}  {judge(value, target)}")
    peaks = [kinds[k]["peak_memory_mb"] for k in ("ours_first", "ours_return")]
    peak = max((p for p in peaks if p is not None), default=None)
    label = "peak memory page + worker, our page (renderer VmHWM)"
    print(
        f"  {label:56} {fmt_mb(peak):>8}  target <= {PHONE_MEMORY_TARGET:.0f} MB"
        f"  {judge(peak, PHONE_MEMORY_TARGET)}"
    )
    snapshot = kinds["ours_first"]["bytes_snapshot"] or None
    label = "snapshot on the wire, first visit"
    print(
        f"  {label:56} {snapshot or 0:>8,}  target <= {PHONE_SNAPSHOT_TARGET:,}"
        f"  {judge(snapshot, PHONE_SNAPSHOT_TARGET)}"
    )


if __name__ == "__main__":
    sys.exit(main())
