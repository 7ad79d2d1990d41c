"""Fast start from a memory snapshot (docs/snapshot.md), in Chromium.

As shipped: the first visit restores the snapshot the build made and keeps a copy in Cache
Storage; the next visit restores that copy. A damaged build-time snapshot means a bare boot
that still plays.

Route 2 (``?snapshot=browser``: Cache Storage only), one browser context for the module: the
first visit boots bare and makes the snapshot in the background; later visits boot from it and
play. A stored snapshot with a wrong key, a wrong length or another Pyodide build's header is
dropped: that visit boots bare, plays, and the page makes a new snapshot. A stored copy is
trusted by its key (no hash before the restore): one damaged inside is found by the hash
checked after the boot and dropped, so the next visit does not restore it again. Deals without
a seed differ from visit to visit, although every visit starts from the same frozen interpreter.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from conftest import Guard
from driver import BOOT_TIMEOUT_MS, Person, configure, deal, wait_ready, wait_turn
from playwright.sync_api import Browser, BrowserContext, Page, Route, Worker, expect

MAKE_TIMEOUT_MS = 180_000
QUERY = "?speed=instant&debug=1&snapshot=browser"
SHIPPED = "?speed=instant&debug=1"
STORED_JS = """async () => !!(await (await caches.open("vnv-snapshot"))
  .match(new URL("app/__snapshot__", location.href).href))"""

# Copies the stored entry to a backup URL, or back; or stores a damaged copy of the backup.
ENTRY_JS = """async ([action]) => {
  const cache = await caches.open("vnv-snapshot");
  const entry = new URL("app/__snapshot__", location.href).href;
  const backup = entry + "-backup";
  const from = action === "backup" ? entry : backup;
  const response = await cache.match(from);
  if (!response) return false;
  const headers = new Headers(response.headers);
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (action === "wrong-key") headers.set("x-vnv-snapshot-key", "0123456789abcdef01234567");
  // Damage the restore does not notice: the heap's last page, above what Python had allocated.
  if (action === "corrupt") for (let i = 1; i <= 4096; i++) bytes[bytes.length - i] ^= 0x5a;
  // A restore from this copy began long ago and never finished (it hung the interpreter).
  if (action === "unfinished") await cache.put(entry + "-restoring", new Response("0"));
  else await cache.delete(entry + "-restoring");
  if (action === "bad-build") bytes[20] ^= 0xff; // another Pyodide build: its build id differs
  const body = action === "truncated" ? bytes.subarray(0, bytes.length - 4096) : bytes;
  await cache.put(action === "backup" ? backup : entry, new Response(body, { headers }));
  return true;
}"""


PRELOADS_JS = """() => [...document.querySelectorAll('link[rel=preload]')].map((l) => l.href)"""


@pytest.fixture(scope="module")
def context(browser: Browser, base_url: str) -> Iterator[BrowserContext]:
    """One context for the module, with the offsite guard; the snapshot is made once, here."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    guard = Guard()
    context.route("**/*", guard.route)
    context.on("request", guard.request)
    context.set_default_timeout(30_000)
    page = visit(context, base_url)
    assert boot_path(page) == ("bare", "", "cache: none")
    wait_stored(page)
    assert page.evaluate(ENTRY_JS, ["backup"])
    page.close()
    yield context
    context.close()
    assert not guard.offsite, f"requests left localhost: {guard.offsite}"


def visit(context: BrowserContext, base_url: str, query: str = QUERY) -> Page:
    page = context.new_page()
    page.goto(base_url + query)
    wait_ready(page)
    return page


def boot_path(page: Page) -> tuple[str, str, str]:
    """(data-boot, data-boot-source, data-boot-reason) of <html>."""
    root: dict[str, Any] = page.evaluate("() => ({...document.documentElement.dataset})")
    return root.get("boot", ""), root.get("bootSource", ""), root.get("bootReason", "")


def wasm_from(page: Page) -> str:
    """Which side compiled the wasm the engine's interpreter runs on (<html data-boot-wasm>):
    "page" (app/worker/runtime-module.js) or "worker"."""
    return page.locator("html").get_attribute("data-boot-wasm") or ""


def stdlib_mounted(page: Page) -> None:
    """Until the engine's worker wrote the standard library's zip in after a restore (its mark,
    app/worker/snapshot.js: mountStdlib)."""
    marks = "() => performance.getEntriesByName('vnv:stdlib-mounted').length"
    for _ in range(60):
        if any(worker.evaluate(marks) for worker in page.workers):
            return
        page.wait_for_timeout(500)
    raise AssertionError("the standard library was not mounted after 30 s")


def engine_worker(page: Page) -> Worker:
    """The worker that holds the interpreter (kept as vnvPython with ?debug=1)."""
    found = [w for w in page.workers if w.evaluate("() => 'vnvPython' in globalThis")]
    assert len(found) == 1, found
    return found[0]


def ran_precompiled(page: Page) -> bool:
    """The engine's worker ran worker.py from the snapshot (its mark, snapshot.js)."""
    marks = "() => performance.getEntriesByName('vnv:worker-code').length"
    return any(worker.evaluate(marks) for worker in page.workers)


def wait_stored(page: Page) -> None:
    page.locator("html[data-snapshot=stored], html[data-snapshot=failed]").wait_for(
        state="attached", timeout=MAKE_TIMEOUT_MS
    )
    assert page.locator("html").get_attribute("data-snapshot") == "stored", page.locator(
        "html"
    ).get_attribute("data-snapshot-detail")


def wait_copy(page: Page, stored: bool, seconds: int = 60) -> None:
    """Until Cache Storage holds a copy (or none). Polled with page.evaluate, which awaits the
    async check: page.wait_for_function returned at once on it here (a promise is truthy)."""
    for _ in range(seconds * 2):
        if page.evaluate(STORED_JS) == stored:
            return
        page.wait_for_timeout(500)
    raise AssertionError(f"Cache Storage: copy stored is not {stored} after {seconds} s")


def fresh_deal_and_move(page: Page) -> list[str]:
    """A new game without a seed; the human makes one move. Returns the hand dealt."""
    # After the boot the page looks for a saved game (the stage shows it), then says ready.
    expect(page.locator("#boot-stage")).to_have_text("Engine ready")
    if page.locator("#table-screen").is_visible():  # a game from an earlier visit resumed
        page.click("#new-game")
    configure(page, "classic", 3)
    deal(page)
    s = wait_turn(page)
    hand: list[str] = s["hand"]
    Person(page).act(s)
    after = wait_turn(page, after_step=s["step"])
    assert after["step"] > s["step"]
    return hand


def test_return_visits_boot_from_the_snapshot_and_deal_differently(
    context: BrowserContext, base_url: str
) -> None:
    assert context.pages == []
    hands = []
    for _ in range(2):
        page = visit(context, base_url)
        assert boot_path(page) == ("snapshot", "cache", "")
        assert wasm_from(page) == "page"
        expect(page.locator("#boot")).to_have_attribute("data-state", "ready")
        hands.append(fresh_deal_and_move(page))
        assert page.locator("html").get_attribute("data-snapshot") is None  # nothing to make
        page.close()
    # The interpreter's random state is the same frozen one on every visit: the seeds are not.
    assert hands[0] != hands[1]


@pytest.mark.parametrize(
    ("damage", "reason"),
    [
        ("wrong-key", "key-mismatch"),
        ("truncated", "corrupt"),
        ("bad-build", "error: "),
        ("unfinished", "unfinished"),
    ],
)
def test_bad_stored_snapshot_falls_back_to_a_bare_boot(
    context: BrowserContext, base_url: str, damage: str, reason: str
) -> None:
    # Damage the entry only once this page has booted from it (its boot reads the entry).
    page = visit(context, base_url)
    assert page.evaluate(ENTRY_JS, [damage])
    page.reload()
    expect(page.locator("#start")).to_be_enabled(timeout=BOOT_TIMEOUT_MS)
    path, source, why = boot_path(page)
    assert (path, source) == ("bare", "")
    assert why.startswith("cache: " + reason), why
    # The failed restore and the bare boot both ran on the one module the page compiled.
    assert wasm_from(page) == "page"
    fresh_deal_and_move(page)
    expect(page.locator("#boot-error")).to_be_hidden()
    if damage == "wrong-key":
        # Dropped, then made again in the background: the next visit is fast again.
        wait_stored(page)
        page.close()
        page = visit(context, base_url)
        assert boot_path(page) == ("snapshot", "cache", "")
    else:
        assert page.evaluate(ENTRY_JS, ["restore"])  # put the good one back for what follows
    page.close()


def test_stored_copy_damaged_inside_is_dropped_after_the_boot(
    context: BrowserContext, base_url: str
) -> None:
    page = visit(context, base_url)
    assert page.evaluate(ENTRY_JS, ["corrupt"])  # same key, same length: trusted at boot
    page.reload()
    expect(page.locator("#start")).to_be_enabled(timeout=BOOT_TIMEOUT_MS)
    assert boot_path(page) == ("snapshot", "cache", "")
    # The hash checked after the boot finds the damage and drops the copy.
    wait_copy(page, stored=False)
    fresh_deal_and_move(page)
    page.close()
    page = visit(context, base_url)
    assert boot_path(page) == ("bare", "", "cache: none")
    assert page.evaluate(ENTRY_JS, ["restore"])  # put the good one back for what follows
    page.close()


def test_first_visit_restores_the_build_snapshot_then_the_stored_copy(
    make_context: Callable[..., BrowserContext], base_url: str
) -> None:
    context = make_context(viewport={"width": 1280, "height": 800})
    page = visit(context, base_url, SHIPPED)
    assert boot_path(page) == ("snapshot", "build", "cache: none")
    assert wasm_from(page) == "page"
    # The first visit preloads the wasm the page compiles; the worker's downloads (Pyodide's
    # modules, the build's snapshot) are fetched into the HTTP cache (app/boot/preload.js).
    assert [href.rsplit("/", 1)[1] for href in page.evaluate(PRELOADS_JS)] == ["pyodide.asm.wasm"]
    # worker.py ran from the code object compiled into the snapshot, not compiled again (a
    # PyScript that passed another text would lose that silently: slower, still correct).
    assert ran_precompiled(page)
    fresh_deal_and_move(page)
    # The restore ran on an empty stdlib zip; the real one came after it.
    stdlib_mounted(page)
    assert engine_worker(page).evaluate("() => vnvPython.runPython('import colorsys; 1')") == 1
    # A copy went to Cache Storage in the background: the next visit needs no snapshot download,
    # and the page knows it (localStorage), so the next visit preloads nothing it would not use.
    wait_copy(page, stored=True)
    page.wait_for_function("() => localStorage.getItem('vnv.snapshot') !== null")
    page.close()
    page = visit(context, base_url, SHIPPED)
    assert boot_path(page) == ("snapshot", "cache", "")
    assert page.evaluate(PRELOADS_JS) == []
    assert ran_precompiled(page)
    fresh_deal_and_move(page)


def test_damaged_build_snapshot_falls_back_to_a_bare_boot(
    make_context: Callable[..., BrowserContext], base_url: str
) -> None:
    context = make_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()

    def damaged(route: Route) -> None:
        body = bytearray(route.fetch().body())
        body[len(body) // 2] ^= 0xFF
        route.fulfill(status=200, body=bytes(body), content_type="application/octet-stream")

    page.route(re.compile(r".*/snapshot/[0-9a-f]+\.bin\.br$"), damaged)
    page.goto(base_url + SHIPPED)
    wait_ready(page)
    path, source, why = boot_path(page)
    assert (path, source) == ("bare", "")
    assert why.startswith("cache: none; build: "), why
    fresh_deal_and_move(page)
    expect(page.locator("#boot-error")).to_be_hidden()


def test_worker_compiles_the_wasm_itself_when_the_page_does_not(
    context: BrowserContext, base_url: str
) -> None:
    """?wasm=worker: the page offers no compiled wasm, so the worker compiles it, restores the
    snapshot on it and plays (the path of a browser that cannot send modules to a worker)."""
    page = visit(context, base_url, QUERY + "&wasm=worker")
    assert boot_path(page) == ("snapshot", "cache", "")
    assert wasm_from(page) == "worker"
    fresh_deal_and_move(page)
    page.close()


def test_an_import_before_the_stdlib_is_in_fetches_it_at_once(
    make_context: Callable[..., BrowserContext], base_url: str
) -> None:
    """The restore runs on an empty stdlib zip and the real one is downloaded after it; an
    import that needs it before then (none of a game does) fetches it at once and works."""
    context = make_context(viewport={"width": 1280, "height": 800})
    held: list[Route] = []

    def hold_first(route: Route) -> None:
        if held:
            route.continue_()
        else:
            held.append(route)  # the download after the restore: never answered

    context.route(re.compile(r".*/python_stdlib\.zip$"), hold_first)
    page = visit(context, base_url, SHIPPED)
    assert boot_path(page) == ("snapshot", "build", "cache: none")
    worker = engine_worker(page)
    marks = "() => performance.getEntriesByName('vnv:stdlib-mounted').length"
    assert held
    assert worker.evaluate(marks) == 0
    # colorsys is in the stdlib, not in the snapshot: found only once the zip is in.
    assert worker.evaluate("() => vnvPython.runPython('import colorsys; colorsys.__name__')") == (
        "colorsys"
    )
    assert worker.evaluate(marks) == 1
    # A module that exists nowhere still fails as it should.
    missing = "() => vnvPython.runPython('import importlib.util as u; u.find_spec(\"no_such\")')"
    assert worker.evaluate(missing) is None
    fresh_deal_and_move(page)


def test_worker_compiles_the_wasm_when_the_page_has_none(
    context: BrowserContext, base_url: str
) -> None:
    """A page that cannot compile the wasm (here: no WebAssembly.compileStreaming) answers the
    worker's request with nothing, and the worker compiles the wasm itself."""
    page = context.new_page()
    page.add_init_script("delete WebAssembly.compileStreaming")
    page.goto(base_url + QUERY)
    wait_ready(page)
    assert boot_path(page) == ("snapshot", "cache", "")
    assert wasm_from(page) == "worker"
    fresh_deal_and_move(page)
    page.close()
