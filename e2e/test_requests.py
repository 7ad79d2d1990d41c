"""Each file once a visit, and a quiet console: a first visit (the runtime and the snapshot
downloaded, the service worker installed and its precache filled) and a return visit each ask
the server for no file twice, and Chromium logs no warning (no "preloaded but not used").

The server counts what reached the network: a page's, a worker's or the service worker's request
answered from the HTTP cache or the precache never gets there, a revalidation (304) does. A fresh
profile on disk, as a player has one, and no request routing (it would turn the HTTP cache off).
The files two parts of the browser load each for itself (the modules both the page and the
engine's worker import, the icon) are fresh for a minute (netlify.toml): the second load is a
cache hit, not a revalidation.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from urllib.parse import urlsplit

from driver import open_page, wait_ready
from playwright.sync_api import BrowserContext, ConsoleMessage, Page, Request, Worker, expect


def settled(page: Page) -> None:
    """The visit is over: the engine ready, the service worker controlling with its precache
    filled, and the snapshot's copy stored (the last downloads a first visit makes)."""
    expect(page.locator("html")).to_have_attribute("data-sw", "ready", timeout=120_000)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    page.wait_for_function("() => localStorage.getItem('vnv.snapshot') !== null", timeout=120_000)
    page.wait_for_timeout(1500)  # anything still on its way


def repeated(hits: Counter[str]) -> tuple[dict[str, list[str]], set[str]]:
    """URLs the server sent more than once a body (200): the downloads twice; and URLs asked
    again only to be revalidated (a 304 beside one 200)."""
    codes: dict[str, list[str]] = {}
    for key, n in hits.items():
        url, code = key.rsplit(" ", 1)
        codes.setdefault(url, []).extend([code] * n)
    twice = {url: c for url, c in codes.items() if c.count("200") > 1}
    revalidated = {url for url, c in codes.items() if len(c) > 1 and c.count("200") <= 1}
    return twice, revalidated


def test_no_file_twice_and_no_warning_on_a_first_and_a_return_visit(
    make_context: Callable[..., BrowserContext], counted_server: tuple[str, Counter[str]]
) -> None:
    url, hits = counted_server
    context = make_context(persistent=True, block=False)
    warnings: list[str] = []

    def listen(message: ConsoleMessage) -> None:
        if message.type in ("warning", "error"):
            warnings.append(f"{message.type}: {message.text}")

    def on_worker(worker: Worker) -> None:
        worker.on("console", listen)

    # Every request Playwright sees (the page, its workers, the service worker), to say in a
    # failure who asked; the server's count decides (a cache hit is seen here too).
    asked: list[str] = []

    def on_request(request: Request) -> None:
        by_sw = " (service worker)" if request.service_worker else ""
        asked.append(f"{request.url} {request.resource_type}{by_sw}")

    context.on("request", on_request)

    def who(urls: Iterable[str]) -> list[str]:
        wanted = set(urls)
        return [line for line in asked if urlsplit(line.split(" ")[0]).path in wanted]

    page = context.new_page()
    page.on("console", listen)
    page.on("worker", on_worker)

    open_page(page, url, "debug=1")
    settled(page)
    twice, revalidated = repeated(hits)
    assert not twice, f"first visit, downloaded twice: {twice} {who(twice)}"
    assert not revalidated, f"first visit, asked again: {who(revalidated)}"
    assert not warnings, warnings

    # The return visit: the service worker answers; the server sees at most sw.js's update check.
    hits.clear()
    page.reload()
    wait_ready(page)
    settled(page)
    twice, revalidated = repeated(hits)
    assert not twice, f"return visit, downloaded twice: {twice} {who(twice)}"
    assert not revalidated, f"return visit, asked again: {who(revalidated)}"
    assert not warnings, warnings
