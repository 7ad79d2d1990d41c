"""The first screen: the ways in for a new visitor ("Play now" with the table it deals said in one
line, "Learn by playing" for either rule set), the full setup form one click away, and "Play your
usual table" first for a returning player; no sideways scrolling on a laptop or a phone, nothing
for axe, every way in reachable by Tab.

Two pages in all (one per visitor), each used for several checks: every page boots Pyodide."""

from __future__ import annotations

from typing import Any

from axe import audit
from driver import Person, configure, deal, open_page, wait_turn
from playwright.sync_api import Page, expect

PLAY_NOW_LINE = "Classic rules, you and three easy bots, one hand: a few minutes."
WAYS = ["#play-usual", "#play-now", "#guide-classic", "#guide-quick", "#setup-toggle"]

# Whether the page is wider than the screen, and where each shown way in lies on it.
SCREEN_JS = """(selectors) => ({
  scroll: document.documentElement.scrollWidth,
  client: document.documentElement.clientWidth,
  ways: selectors.map((s) => {
    const e = document.querySelector(s);
    if (!e || e.closest('[hidden]')) return null;
    const r = e.getBoundingClientRect();
    return {s, left: r.left, right: r.right, top: r.top, bottom: r.bottom, height: r.height};
  }).filter(Boolean),
  width: innerWidth,
  height: innerHeight,
})"""

# The view the worker sent and the seats' levels: what "Play now" dealt.
DEALT_JS = """() => {
  const r = window.__vnv.app.resp;
  return {preset: r.view.preset, players: r.view.players, options: r.view.options,
          levels: r.seats.map((s) => s.level)};
}"""


def check_screen(page: Page, width: int, height: int) -> None:
    """At this size: no sideways scrolling, every way in on the screen and large enough to tap."""
    page.set_viewport_size({"width": width, "height": height})
    shown: dict[str, Any] = page.evaluate(SCREEN_JS, WAYS)
    assert shown["scroll"] <= shown["client"], f"{width}x{height}: {shown}"
    assert shown["ways"], shown
    for way in shown["ways"]:
        where = f"{width}x{height}: {way}"
        assert 0 <= way["left"] <= way["right"] <= shown["width"], where
        assert 0 <= way["top"] <= way["bottom"] <= shown["height"], where
        assert way["height"] >= 44, where


def tab_stops(page: Page, presses: int = 14) -> list[str]:
    """The ids the focus visits, Tab after Tab, from the top of the page."""
    page.locator("body").focus()
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    seen = []
    for _ in range(presses):
        page.keyboard.press("Tab")
        seen.append(page.evaluate("() => document.activeElement ? document.activeElement.id : ''"))
    return seen


def test_a_new_visitor_sees_two_ways_in_and_plays_now(page: Page, base_url: str) -> None:
    open_page(page, base_url)
    expect(page.locator("#play-now")).to_be_enabled()
    expect(page.locator("#play-now-line")).to_have_text(PLAY_NOW_LINE)
    expect(page.locator("#learn-title")).to_have_text("Learn by playing")
    expect(page.locator("#guide-classic")).to_be_visible()
    expect(page.locator("#guide-quick")).to_be_visible()
    expect(page.locator("#usual-way")).to_be_hidden()  # nothing dealt from the form yet
    expect(page.locator("#welcome-wait")).to_be_hidden()
    expect(page.locator("#setup-form")).to_be_hidden()
    assert audit(page, "#setup-screen") == []
    stops = tab_stops(page)
    for way in ("play-now", "guide-classic", "guide-quick", "setup-toggle"):
        assert way in stops, stops
    check_screen(page, 1280, 800)
    check_screen(page, 390, 844)
    # "Learn by playing" asks the guide for its rule set's hand (caught here before the guide
    # hears it: the guided hand is its own module's and its own tests').
    page.evaluate(
        "() => { window.asked = []; window.addEventListener('vnv:guide', (e) => "
        "{ window.asked.push(e.detail.rules); e.stopPropagation(); }, true); }"
    )
    page.click("#guide-classic")
    page.click("#guide-quick")
    assert page.evaluate("() => window.asked") == ["classic", "quick"]
    # The full setup, one click away, and folded again.
    toggle = page.locator("#setup-toggle")
    toggle.click()
    expect(toggle).to_have_attribute("aria-expanded", "true")
    expect(page.locator("#setup-form")).to_be_visible()
    expect(page.locator("#start")).to_be_visible()
    toggle.click()
    expect(page.locator("#setup-form")).to_be_hidden()
    # "Play now": the table the line says, at the player's first decision.
    page.click("#play-now")
    s = wait_turn(page)
    assert s["state"] == "human"
    dealt = page.evaluate(DEALT_JS)
    assert (dealt["preset"], dealt["players"]) == ("classic", 4)
    assert dealt["levels"] == ["human", "easy", "easy", "easy"]
    assert (dealt["options"]["deck"], dealt["options"]["ending"]) == (36, "single")
    assert not any(dealt["options"][name] for name in ("draw", "no_aces", "open_challenge"))
    # The form's own choice stays the player's: "Play now" stored no setup.
    assert page.evaluate("() => localStorage.getItem('vnv.setup')") is None


def test_a_returning_visitor_plays_the_usual_table_in_one_click(page: Page, base_url: str) -> None:
    open_page(page, base_url)
    configure(page, "quick", 3, seed=5, levels=["random", "random"])
    deal(page)
    Person(page).play_game()
    page.reload()  # the game is over: the first screen again, the usual table first
    usual = page.locator("#play-usual")
    expect(usual).to_be_enabled(timeout=90_000)
    expect(page.locator("#usual-line")).to_have_text("Quick rules, 3 players")
    expect(page.locator(".way").first).to_have_id("usual-way")
    expect(page.locator("#setup-form")).to_be_hidden()
    assert audit(page, "#setup-screen") == []
    assert "play-usual" in tab_stops(page)
    check_screen(page, 390, 844)
    check_screen(page, 1280, 800)
    usual.click()
    assert wait_turn(page)["state"] == "human"
    assert page.evaluate("() => window.__vnv.app.setup.config.seed") == 5  # the stored seed too
    dealt = page.evaluate(DEALT_JS)
    assert (dealt["preset"], dealt["players"]) == ("quick", 3)
    assert dealt["levels"] == ["human", "random", "random"]
