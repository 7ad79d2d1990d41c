"""Web figures: our page against a bare Pyodide page, same server, same browser, one run.

Builds the site into a temporary folder, adds a bare page (``bench/bare.html``: the vendored
``pyodide.mjs``, ``loadPyodide()``, one ``runPython``), serves both with tools/serve.py (the
netlify.toml headers) and loads each in Debian's Chromium with a cold cache (a fresh context per
load). Prints, per page: engine-ready time (ours: the worker answered ``boot()`` with the engine
imported; bare: ``loadPyodide`` resolved and ran ``1+1``), their ratio, first paint, and the bytes
transferred, split into the vendored runtime and our own files.

Run: ``.venv/bin/python tools/bench_web.py [--runs 3]`` (after ``npm ci``).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, Request, sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent))

import build
import serve

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]

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

MARKS_JS = """() => {
  const mark = (name) => {
    const entry = performance.getEntriesByName(name)[0];
    return entry ? entry.startTime : null;
  };
  const paint = (name) => {
    const entry = performance.getEntriesByType("paint").find((e) => e.name === name);
    return entry ? entry.startTime : null;
  };
  return {
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
    bytes_runtime: int = 0
    bytes_ours: int = 0
    requests: int = 0
    urls: list[str] = field(default_factory=list)


def add_bare_page(site: Path) -> None:
    manifest = json.loads((site / "build.json").read_text(encoding="utf-8"))
    pyodide = manifest["pyodide"]
    index = pyodide.rsplit("/", 1)[0] + "/"
    bench = site / "bench"
    bench.mkdir()
    (bench / "bare.html").write_text(BARE_HTML, encoding="utf-8")
    (bench / "bare.js").write_text(BARE_JS % {"pyodide": pyodide, "index": index}, "utf-8")


def load(browser: Browser, url: str, ready_selector: str) -> Load:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    sizes: list[tuple[str, int]] = []

    def finished(request: Request) -> None:
        try:
            info = request.sizes()
        except Exception:  # a request without a response (aborted)
            return
        sizes.append((request.url, info["responseBodySize"] + info["responseHeadersSize"]))

    context.on("requestfinished", finished)
    page = context.new_page()
    page.goto(url)
    page.locator(ready_selector).wait_for(timeout=120_000)
    page.wait_for_timeout(300)  # let the last requestfinished events arrive
    marks: dict[str, Any] = page.evaluate(MARKS_JS)
    context.close()
    result = Load(
        ready_ms=marks["ready"],
        first_paint_ms=marks["firstPaint"],
        fcp_ms=marks["firstContentfulPaint"],
        setup_ms=marks["setup"],
    )
    for request_url, size in sizes:
        result.requests += 1
        result.urls.append(request_url)
        if "/vendor/" in request_url:
            result.bytes_runtime += size
        else:
            result.bytes_ours += size
    return result


def median(values: list[float | None]) -> float | None:
    present = [v for v in values if v is not None]
    return statistics.median(present) if present else None


def fmt_ms(value: float | None) -> str:
    return "-" if value is None else f"{value:,.0f} ms"


def fmt_kb(value: float) -> str:
    return f"{value / 1024:,.0f} KiB"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="cold loads of each page")
    parser.add_argument("--json", action="store_true", help="print the raw figures as JSON")
    args = parser.parse_args(argv)

    with tempfile.TemporaryDirectory() as tmp:
        site = Path(tmp) / "dist"
        build.build(site)
        add_bare_page(site)
        server, base = serve.serve_in_thread(site)
        ours: list[Load] = []
        bare: list[Load] = []
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
            for _ in range(args.runs):  # interleaved, so drift hits both alike
                ours.append(load(browser, base, '#boot[data-state="ready"]'))
                bare.append(load(browser, base + "bench/bare.html", "#state[data-ready]"))
            version = browser.version
            browser.close()
        server.shutdown()
        server.server_close()

    def summary(loads: list[Load]) -> dict[str, Any]:
        return {
            "engine_ready_ms": median([x.ready_ms for x in loads]),
            "first_paint_ms": median([x.first_paint_ms for x in loads]),
            "first_contentful_paint_ms": median([x.fcp_ms for x in loads]),
            "setup_ready_ms": median([x.setup_ms for x in loads]),
            "bytes_runtime": loads[0].bytes_runtime,
            "bytes_ours": loads[0].bytes_ours,
            "requests": loads[0].requests,
            "runs_engine_ready_ms": [round(x.ready_ms) for x in loads],
        }

    a, b = summary(ours), summary(bare)
    ratio = a["engine_ready_ms"] / b["engine_ready_ms"]
    if args.json:
        print(json.dumps({"chromium": version, "ours": a, "bare": b, "ratio": ratio}, indent=1))
        return 0
    load1, load5, _ = os.getloadavg()
    print(f"Chromium {version}, {args.runs} cold load(s) of each page, medians")
    print(f"{os.cpu_count()} CPUs, load average {load1:.1f} (1 min) {load5:.1f} (5 min)")
    print(f"{'':28}{'our page':>16}{'bare Pyodide':>16}")
    rows = [
        ("engine ready", fmt_ms(a["engine_ready_ms"]), fmt_ms(b["engine_ready_ms"])),
        ("  (each run)", str(a["runs_engine_ready_ms"]), str(b["runs_engine_ready_ms"])),
        ("first paint", fmt_ms(a["first_paint_ms"]), fmt_ms(b["first_paint_ms"])),
        (
            "first contentful paint",
            fmt_ms(a["first_contentful_paint_ms"]),
            fmt_ms(b["first_contentful_paint_ms"]),
        ),
        ("setup screen usable", fmt_ms(a["setup_ready_ms"]), "-"),
        ("bytes: vendored runtime", fmt_kb(a["bytes_runtime"]), fmt_kb(b["bytes_runtime"])),
        ("bytes: our files", fmt_kb(a["bytes_ours"]), fmt_kb(b["bytes_ours"])),
        ("requests", str(a["requests"]), str(b["requests"])),
    ]
    for name, x, y in rows:
        print(f"{name:28}{x:>16}{y:>16}")
    print(f"engine-ready ratio (ours / bare): {ratio:.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
