"""The top bar's one menu (core/settings-menu.js): the bar keeps the game's name, the language and
the menu's button on one line at two laptop sizes and two phones in every language, nothing
scrolls sideways, the menu opens and closes by keyboard with the focus back on its button, every
setting in it changes and survives a reload, and axe-core finds nothing in the open menu."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from axe import audit
from driver import open_page, open_settings
from playwright.sync_api import BrowserContext, Page, expect

SIZES = [(1280, 800), (1366, 768), (390, 844), (360, 640)]
LANGUAGES = ["en", "ru", "de", "nl", "it", "pt"]
BOXES_JS = """() => {
  const box = (s) => { const r = document.querySelector(s).getBoundingClientRect();
    return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}; };
  return {
    bar: box('.topbar'), title: box('.brand h1'), lang: box('#lang'), menu: box('#settings-button'),
    scroll: document.documentElement.scrollWidth, width: document.documentElement.clientWidth,
  };
}"""


def check_one_line(
    page: Page, where: str, names: tuple[str, ...] = ("title", "lang", "menu")
) -> None:
    """The title, the language picker and the menu's button share one row, the bar is that one
    row high, and the page is no wider than the screen."""
    b: dict[str, Any] = page.evaluate(BOXES_JS)
    parts = [b[name] for name in names]
    assert max(p["top"] for p in parts) < min(p["bottom"] for p in parts), f"{where}: {b}"
    tallest = max(p["bottom"] - p["top"] for p in parts)
    assert b["bar"]["bottom"] - b["bar"]["top"] < 2 * tallest, f"{where}: two rows: {b}"
    assert all(p["right"] <= b["width"] + 0.5 and p["left"] >= 0 for p in parts), f"{where}: {b}"
    assert b["scroll"] <= b["width"], f"{where}: scrolls sideways, {b['scroll']} > {b['width']}"


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_the_top_bar_is_one_line_in_every_language(
    make_context: Callable[..., BrowserContext], base_url: str, width: int, height: int
) -> None:
    page = make_context(viewport={"width": width, "height": height}).new_page()
    open_page(page, base_url, "lang=en&speed=instant")
    for lang in LANGUAGES:
        page.select_option("#lang", lang)
        expect(page.locator("html")).to_have_attribute("lang", lang)
        check_one_line(page, f"{width}x{height} {lang}")
        open_settings(page)
        panel = page.locator("#settings-panel").bounding_box()
        assert panel is not None
        assert panel["x"] >= 0, panel
        assert panel["x"] + panel["width"] <= width + 0.5, panel
        assert page.evaluate("() => document.documentElement.scrollWidth") <= width
        page.keyboard.press("Escape")
        expect(page.locator("#settings-panel")).to_be_hidden()


def test_the_menu_by_keyboard(page: Page, base_url: str) -> None:
    open_page(page, base_url, "lang=en&speed=instant")
    button = page.locator("#settings-button")
    panel = page.locator("#settings-panel")
    expect(button).to_have_attribute("aria-expanded", "false")
    expect(button).to_have_attribute("aria-controls", "settings-panel")
    expect(panel).to_be_hidden()
    button.focus()
    page.keyboard.press("Enter")
    expect(panel).to_be_visible()
    expect(button).to_have_attribute("aria-expanded", "true")
    # Tab reaches every control inside, in order.
    for target in ["speed", "auto-pass", "sound", "coach-on", "tracker-on"]:
        page.keyboard.press("Tab")
        expect(page.locator(f"#{target}")).to_be_focused()
    page.keyboard.press("Tab")
    expect(panel.locator("a.rules-link")).to_be_focused()
    page.keyboard.press("Escape")
    expect(panel).to_be_hidden()
    expect(button).to_have_attribute("aria-expanded", "false")
    expect(button).to_be_focused()
    page.keyboard.press("Space")
    expect(panel).to_be_visible()
    page.keyboard.press("Space")  # the button again: closed
    expect(panel).to_be_hidden()
    page.keyboard.press("Space")
    page.keyboard.press("Tab")
    expect(page.locator("#speed")).to_be_focused()
    page.keyboard.press("Escape")  # from a control inside: closed, the focus on the button
    expect(panel).to_be_hidden()
    expect(button).to_be_focused()
    # A click outside closes it too.
    open_settings(page)
    page.click("#welcome-heading")
    expect(panel).to_be_hidden()


def test_each_setting_changes_and_survives_a_reload(page: Page, base_url: str) -> None:
    open_page(page, base_url, "lang=en&debug=1")
    defaults = {"speed": "normal", "auto-pass": True, "sound": False, "coach-on": False}
    expect(page.locator("#speed")).to_have_value(defaults["speed"])
    for box in ["auto-pass", "sound", "coach-on", "tracker-on"]:
        expect(page.locator(f"#{box}")).to_be_checked(checked=defaults.get(box, False))
    open_settings(page)
    page.select_option("#speed", "slow")
    page.uncheck("#auto-pass")
    page.check("#sound")
    page.check("#coach-on")
    page.check("#tracker-on")
    expect(page.locator("#tracker-panel")).to_have_attribute("open", "")
    # The tracker's fold is stored by the panel's toggle event, which the browser fires a task
    # after the fold changes: wait for it rather than read in between.
    page.wait_for_function("() => localStorage.getItem('vnv.tracker') === 'open'")
    stored = page.evaluate(
        "() => ['vnv.speed', 'vnv.autopass', 'vnv.sound', 'vnv.coach', 'vnv.tracker']"
        ".map((k) => localStorage.getItem(k))"
    )
    assert stored == ["slow", "off", "on", "on", "open"]
    expect(page.locator("#settings-panel a.rules-link")).to_have_attribute("href", "rules/en.html")
    open_page(page, base_url, "lang=en&debug=1")
    expect(page.locator("#settings-panel")).to_be_hidden()  # closed after a reload
    expect(page.locator("#speed")).to_have_value("slow")
    expect(page.locator("#auto-pass")).not_to_be_checked()
    expect(page.locator("#sound")).to_be_checked()
    expect(page.locator("#coach-on")).to_be_checked()
    expect(page.locator("#tracker-on")).to_be_checked()
    expect(page.locator("#tracker-panel")).to_have_attribute("open", "")
    # The tracker's box follows the panel's own fold, both ways, and the fold is remembered.
    open_settings(page)
    page.uncheck("#tracker-on")
    expect(page.locator("#tracker-panel")).not_to_have_attribute("open", "")
    # Stored on the panel's toggle event, which the browser fires a task after the fold.
    page.wait_for_function("() => localStorage.getItem('vnv.tracker') === 'closed'")
    page.select_option("#speed", "fast")
    page.check("#auto-pass")
    page.uncheck("#sound")
    page.uncheck("#coach-on")
    open_page(page, base_url, "lang=ru&debug=1")
    expect(page.locator("#speed")).to_have_value("fast")
    expect(page.locator("#auto-pass")).to_be_checked()
    expect(page.locator("#sound")).not_to_be_checked()
    expect(page.locator("#coach-on")).not_to_be_checked()
    expect(page.locator("#tracker-on")).not_to_be_checked()
    open_settings(page)
    expect(page.locator("#settings-panel a.rules-link")).to_have_attribute("href", "rules/ru.html")


@pytest.mark.parametrize(("width", "height", "lang"), [(1280, 800, "en"), (390, 844, "ru")])
def test_axe_finds_nothing_in_the_open_menu(
    make_context: Callable[..., BrowserContext], base_url: str, width: int, height: int, lang: str
) -> None:
    page = make_context(viewport={"width": width, "height": height}).new_page()
    open_page(page, base_url, f"lang={lang}&speed=instant")
    open_settings(page)
    found = audit(page, ".topbar")
    assert found == [], found


def test_the_embeds_menu_opens_inside_its_frame(
    make_context: Callable[..., BrowserContext], base_url: str
) -> None:
    """In the embed the button follows the language picker (no title): its panel opens rightwards
    and stays on the screen, without the coach, the tracker or the rules link."""
    page = make_context(viewport={"width": 360, "height": 640}).new_page()
    page.goto(f"{base_url}embed.html?lang=de&speed=instant")
    # The embed deals at once and puts the focus on the hand (a focus outside the menu closes
    # it): the menu is opened on that table, as a visitor would.
    expect(page.locator("#hand")).to_be_focused(timeout=90_000)
    check_one_line(page, "embed 360x640 de", ("lang", "menu"))  # the embed shows no title
    open_settings(page)
    panel = page.locator("#settings-panel").bounding_box()
    assert panel is not None
    assert panel["x"] >= 0, panel
    assert panel["x"] + panel["width"] <= 360.5, panel
    for hidden in ["#coach-on", "#tracker-on", "#settings-panel a.rules-link"]:
        expect(page.locator(hidden)).to_be_hidden()
    expect(page.locator("#speed")).to_be_visible()
