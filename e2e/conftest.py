"""End-to-end fixtures: build the site once, serve it with tools/serve.py (the netlify.toml
headers), drive Debian's Chromium (Playwright's own download does not work here).

Every browser context made here fails its test if any request leaves localhost.
"""

from __future__ import annotations

import shutil
import sys
import threading
from collections import Counter
from collections.abc import Callable, Iterator
from functools import partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from types import ModuleType
from typing import Any
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import Browser, BrowserContext, BrowserType, Page, Playwright, Route

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import build  # noqa: E402
import serve  # noqa: E402
from chromium import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from netns import Namespace, NamespaceError  # noqa: E402
from worker_module import load_worker  # noqa: E402

LOCAL_HOSTS = {"127.0.0.1", "localhost", "[::1]", "::1"}
BOOT_TIMEOUT_MS = 90_000


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "e2e: end-to-end test in Chromium")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if "e2e" in item.path.parts:
            item.add_marker(pytest.mark.e2e)


@pytest.fixture(scope="session")
def browser_type_launch_args() -> dict[str, Any]:
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: apt-get install chromium (or set CHROMIUM=...)")
    return {"executable_path": CHROMIUM, "args": CHROMIUM_ARGS, "headless": True}


@pytest.fixture(scope="session")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The site built from the working tree, as `make build` builds it."""
    out = tmp_path_factory.mktemp("site") / "dist"
    build.build(out)
    yield out
    shutil.rmtree(out, ignore_errors=True)


@pytest.fixture(scope="session")
def base_url(site: Path) -> Iterator[str]:
    server, url = serve.serve_in_thread(site)
    yield url
    server.shutdown()
    server.server_close()


def is_local(url: str) -> bool:
    parts = urlsplit(url)
    if parts.scheme in {"blob", "data", "about"}:
        return True
    return parts.scheme in {"http", "https", "ws"} and parts.hostname in LOCAL_HOSTS


class Guard:
    """Aborts and records every request to a host other than localhost."""

    def __init__(self) -> None:
        self.offsite: list[str] = []

    def route(self, route: Route) -> None:
        url = route.request.url
        if is_local(url):
            route.fallback()
        else:
            self.offsite.append(url)
            route.abort("blockedbyclient")

    def request(self, request: Any) -> None:
        if not is_local(request.url):
            self.offsite.append(request.url)


@pytest.fixture
def make_context(
    browser: Browser,
    browser_type: BrowserType,
    browser_type_launch_args: dict[str, Any],
    tmp_path: Path,
) -> Iterator[Callable[..., BrowserContext]]:
    """New browser contexts with the offsite guard; the test fails if anything left localhost.

    ``persistent=True`` gives a context on its own profile folder, as a player's browser has it
    (an incognito context keeps only a small HTTP cache in memory). ``block=False`` only records
    offsite requests instead of routing every request: Playwright's routing turns Chromium's
    HTTP cache off, which a test of what the cache saves cannot have.
    """
    made: list[tuple[BrowserContext, Guard]] = []

    def factory(*, persistent: bool = False, block: bool = True, **kwargs: Any) -> BrowserContext:
        if persistent:
            folder = tmp_path / f"profile-{len(made)}"
            context = browser_type.launch_persistent_context(
                folder, **browser_type_launch_args, **kwargs
            )
        else:
            context = browser.new_context(**kwargs)
        return guarded(context, made, block=block)

    yield factory
    close_guarded(made)


def guarded(
    context: BrowserContext, made: list[tuple[BrowserContext, Guard]], *, block: bool = True
) -> BrowserContext:
    """``context`` with the offsite guard (``block``: routed and refused, else only recorded),
    kept in ``made`` for :func:`close_guarded`."""
    guard = Guard()
    if block:
        context.route("**/*", guard.route)
    context.on("request", guard.request)
    context.set_default_timeout(30_000)
    made.append((context, guard))
    return context


def close_guarded(made: list[tuple[BrowserContext, Guard]]) -> None:
    """Close the contexts; fail the test if any of them sent a request off localhost."""
    offsite = [url for _, guard in made for url in guard.offsite]
    for context, _ in made:
        context.close()
    assert not offsite, f"requests left localhost: {offsite}"


@pytest.fixture
def page(make_context: Callable[..., BrowserContext]) -> Page:
    context = make_context(viewport={"width": 1280, "height": 800})
    return context.new_page()


@pytest.fixture
def console_errors(page: Page) -> list[str]:
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    return errors


@pytest.fixture
def worker() -> ModuleType:
    """The worker's Python (web/app/worker.py) loaded fresh under CPython, no browser needed."""
    return load_worker()


class QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture(scope="module")
def host_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Path, int]]:
    """A plain static server on another port: the rules site that frames the game (embedding,
    shared replays and positions), another origin than the game's."""
    folder = tmp_path_factory.mktemp("host")
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(QuietHandler, directory=str(folder)))
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield folder, server.server_address[1]
    server.shutdown()
    server.server_close()


@pytest.fixture
def counted_server(site: Path) -> Iterator[tuple[str, Counter[str]]]:
    """The site on its own server (its own HTTP cache origin), counting the responses it sends
    by ``"path?query status"``: what reached the network, not what a cache answered."""
    server = serve.make_server(site)
    hits: Counter[str] = Counter()
    handler = server.RequestHandlerClass

    class Counting(handler.func):  # type: ignore[attr-defined,misc,name-defined]
        def send_response(self, code: int, message: str | None = None) -> None:
            parts = urlsplit(self.path)
            hits[f"{parts.path}{'?' if parts.query else ''}{parts.query} {code}"] += 1
            super().send_response(code, message)

    server.RequestHandlerClass = partial(Counting, **handler.keywords)  # type: ignore[attr-defined]
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_address[1]}/", hits
    server.shutdown()
    server.server_close()


# Peer-to-peer play: the site and Chromium in a network namespace of their own (e2e/netns.py), so
# that WebRTC traffic between the browsers never reaches the machine's interfaces. The CI runs as
# root and must run these tests: a namespace that cannot be made fails them instead of skipping.


@pytest.fixture(scope="session")
def netns() -> Iterator[Namespace]:
    """The network namespace: loopback, and a veth pair on 10.99.0.1 and 10.99.0.2."""
    try:
        made = Namespace()
    except (NamespaceError, OSError) as error:
        pytest.fail(f"no network namespace for the peer-play tests: {error}")
    yield made
    made.close()


@pytest.fixture(scope="session")
def ns_base_url(site: Path, netns: Namespace) -> str:
    """The built site served (tools/serve.py) on 127.0.0.1 inside the namespace."""
    try:
        return netns.serve(site)
    except (NamespaceError, OSError) as error:
        pytest.fail(f"cannot serve the site in the network namespace: {error}")


@pytest.fixture(scope="session")
def ns_launch(netns: Namespace, playwright: Playwright) -> Iterator[Callable[..., Browser]]:
    """``ns_launch(*extra_args)``: Chromium started inside the namespace (through a wrapper that
    nsenters it; Playwright drives it over its pipe), with ``CHROMIUM_ARGS`` and any extra
    arguments; one browser for each set of arguments, closed at the end."""
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: apt-get install chromium (or set CHROMIUM=...)")
    wrapper = str(netns.wrapper(CHROMIUM))
    launched: dict[tuple[str, ...], Browser] = {}

    def launch(*extra_args: str) -> Browser:
        if extra_args not in launched:
            launched[extra_args] = playwright.chromium.launch(
                executable_path=wrapper, args=[*CHROMIUM_ARGS, *extra_args], headless=True
            )
        return launched[extra_args]

    yield launch
    for browser in launched.values():
        browser.close()


@pytest.fixture(scope="session")
def ns_browser(ns_launch: Callable[..., Browser]) -> Browser:
    """Chromium inside the namespace, with the project's usual arguments only."""
    return ns_launch()


@pytest.fixture
def ns_context(ns_browser: Browser) -> Iterator[Callable[..., BrowserContext]]:
    """New contexts of ``ns_browser`` (or of ``browser=``, another ``ns_launch`` browser) with
    the offsite guard of ``make_context``: the test fails if any request left localhost."""
    made: list[tuple[BrowserContext, Guard]] = []

    def factory(*, browser: Browser | None = None, **kwargs: Any) -> BrowserContext:
        return guarded((browser or ns_browser).new_context(**kwargs), made)

    yield factory
    close_guarded(made)
