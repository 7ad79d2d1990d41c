"""Offline and installable: the Workbox service worker precaches every built file on the first
visit (the runtime and the snapshot downloaded once, not again for the precache); with the
browser context offline a reload boots the engine and a whole game is played.
The same visit is the CSP check: no violation in the console or as an event, from the first
boot (the service worker's registration needs worker-src 'self') to the end of the game.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from urllib.parse import urlsplit

from driver import Person, configure, deal, open_page, wait_ready
from playwright.sync_api import BrowserContext, expect

CSP_TEXT = re.compile(r"Content Security Policy|Refused to", re.I)
CSP_LISTENER = """
window.__cspViolations = [];
document.addEventListener('securitypolicyviolation', (e) => {
  window.__cspViolations.push(e.violatedDirective + ' ' + e.blockedURI);
});
"""

PRECACHED_JS = """async () => {
  const names = (await caches.keys()).filter((n) => n.includes('-precache-'));
  const urls = [];
  for (const name of names) {
    for (const request of await (await caches.open(name)).keys()) {
      urls.push(new URL(request.url).pathname);
    }
  }
  return {names, urls};
}"""


def test_web_app_manifest_and_service_worker_are_built(site: Path) -> None:
    manifest = json.loads((site / "manifest.webmanifest").read_text(encoding="utf-8"))
    assert manifest["display"] == "standalone"
    assert manifest["start_url"] == "./"
    sizes = {icon["sizes"] for icon in manifest["icons"] if icon["type"] == "image/png"}
    assert {"192x192", "512x512"} <= sizes
    for icon in manifest["icons"]:
        assert (site / icon["src"]).stat().st_size > 0, icon
    assert any(i.get("purpose") == "maskable" for i in manifest["icons"])
    page = (site / "index.html").read_text(encoding="utf-8")
    assert re.search(r'<link rel="manifest" href="manifest\.webmanifest"\s*/?>', page)
    assert 'src="app/boot/sw-register.js"' in page
    sw = (site / "sw.js").read_text(encoding="utf-8")
    # Every built file is in the precache manifest, the runtime and the engine included.
    built = sorted(
        p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file() and p.name != "sw.js"
    )
    missing = [name for name in built if f'url:"{name}"' not in sw]
    assert not missing, missing
    assert 'url:"vendor/pyodide-314.0.7/pyodide.asm.wasm"' in sw
    assert "importScripts" not in sw  # one file, nothing fetched from elsewhere


def test_offline_after_the_first_visit(
    make_context: Callable[..., BrowserContext], base_url: str, site: Path
) -> None:
    context = make_context(viewport={"width": 1280, "height": 800})
    # Every CSP violation, online and offline: the event on each document, and Chromium's
    # console report ("Refused to ...", also for the workers).
    context.add_init_script(CSP_LISTENER)
    page = context.new_page()
    refused: list[str] = []
    page.on("console", lambda m: refused.append(m.text) if CSP_TEXT.search(m.text) else None)
    open_page(page, base_url)
    # The service worker registers once the engine is ready, precaches, and takes control.
    expect(page.locator("html")).to_have_attribute("data-sw", "ready", timeout=120_000)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    cached = page.evaluate(PRECACHED_JS)
    assert cached["names"]
    assert all(n.startswith("vnv-precache-") for n in cached["names"])
    paths = {u.split("?")[0] for u in cached["urls"]}
    built = {"/" + p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file()}
    assert not (built - {"/sw.js"}) - paths, sorted((built - {"/sw.js"}) - paths)[:10]

    context.set_offline(True)
    try:
        page.reload()
        wait_ready(page)
        # Really offline: a file the build does not have cannot be fetched.
        probe = "() => fetch('offline-probe').then(() => 'reached', () => 'offline')"
        assert page.evaluate(probe) == "offline"
        configure(page, "quick", 3, seed=7)
        deal(page)
        final = Person(page).play_game()
        assert final["ended"]
        expect(page.locator("#end-ranking tr")).to_have_count(3)
        # Local statistics counted the game (page localStorage: no card), and reset.
        page.click("#change-setup")
        page.click("#stats-open")
        row = page.locator("#stats-games tr")
        expect(row).to_have_count(1)
        expect(row).to_have_attribute("data-key", re.compile(r"^quick\|"))
        expect(row.locator("td").nth(2)).to_have_text("1")
        calls = [int(page.locator(f"#stats-calls-{x}").inner_text()) for x in ("won", "lost")]
        assert sum(calls) >= 1, calls
        page.click("#stats-reset")
        page.click("#stats-reset")  # the second press resets
        expect(page.locator("#stats-body")).to_contain_text("No finished game yet.")
        page.click("#stats-close")
        # The whole visit (boot, service worker, reload, a game) broke no CSP rule.
        assert page.evaluate("() => window.__cspViolations") == []
        assert refused == []
    finally:
        context.set_offline(False)


def test_first_visit_downloads_the_runtime_and_the_snapshot_once(
    make_context: Callable[..., BrowserContext],
    site: Path,
    counted_server: tuple[str, Counter[str]],
) -> None:
    url, hits = counted_server
    manifest = json.loads((site / "build.json").read_text(encoding="utf-8"))
    page = make_context(persistent=True, block=False).new_page()
    open_page(page, url)
    expect(page.locator("html")).to_have_attribute("data-boot", "snapshot")
    expect(page.locator("html")).to_have_attribute("data-sw", "ready", timeout=120_000)
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    cached = {u.split("?")[0] for u in page.evaluate(PRECACHED_JS)["urls"]}
    runtime = manifest["pyodide"].rsplit("/", 1)[0]
    heavy = [f"/{manifest['snapshot']['built']['url']}", f"/{runtime}/pyodide.asm.wasm"]
    heavy.append(f"/{runtime}/python_stdlib.zip")
    for path in heavy:
        assert path in cached, path  # precached: it plays offline
        asked = sum(n for key, n in hits.items() if urlsplit(key.split(" ")[0]).path == path)
        assert asked == 1, (path, asked)  # but downloaded only by the boot
