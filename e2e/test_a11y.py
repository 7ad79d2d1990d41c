"""Accessibility audit with axe-core (npm, pinned in package.json), at every impact (minor and
moderate too): the first screen and the setup form, the table with every panel open (card
tracker, coach, log), the end screen with its review, the statistics dialog with the last games
and a game's review, the replay viewer, the rules page and the examples page with its builder,
on a laptop and on a phone.

The audit once covered fewer states and only serious and critical findings, and missed two:
the builder's unlabelled code box, and the review's sideways-scrolling box on a phone, which a
keyboard could not reach. A violation in any state shown here fails the test.

axe is evaluated through the DevTools protocol (page.evaluate), which the page's CSP does not
govern; the page itself keeps its strict policy.
"""

from __future__ import annotations

import re
from typing import Any

from axe import check
from driver import Person, configure, deal, open_page, open_setup, wait_turn
from playwright.sync_api import BrowserContext, Page, expect

# Every panel open from the first deal, as a player who opened them is shown them again.
PANELS_OPEN = (
    "localStorage.setItem('vnv.tracker', 'open'); localStorage.setItem('vnv.coach', 'on');"
)


def table_with_every_panel_open(page: Page) -> None:
    """A few turns into a classic game, a card chosen, the tracker, coach and log all open."""
    configure(page, "classic", 4, seed=12, levels=["random"] * 3)
    deal(page)
    person = Person(page)
    s = wait_turn(page)
    for _ in range(3):
        person.act(s)
        s = wait_turn(page, after_step=s["step"])
    expect(page.locator("#tracker-panel")).to_have_attribute("open", "")
    expect(page.locator("#log-panel")).to_have_attribute("open", "")
    expect(page.locator("#coach")).to_be_visible()
    page.click("#card-0")  # a selected card, the rank picker or the play button's label


def end_screen_with_review(page: Page) -> None:
    """The rest of the game played; the end screen with its review open."""
    page.click("#card-0")  # unselected again: the person chooses its own cards
    Person(page).play_game()
    end = page.locator("#end-screen")
    expect(end).to_be_visible()
    end.locator("#end-review-box summary").click()
    expect(end.locator("section.review-hand").first).to_be_visible()


def after_the_game(found: dict[str, Any], page: Page, base_url: str, lang: str) -> None:
    """From the end screen: the statistics with the game just played, its review again, the
    replay viewer on its shared link, the rules page and the examples page with its builder."""
    page.click("#share-replay")
    link = page.locator("#replay-link")
    expect(link).to_have_value(re.compile(r"#replay="))
    address = link.input_value()
    page.click("#change-setup")
    page.click("#stats-open")
    expect(page.locator("#review-history li")).to_have_count(1)
    check(found, page, "statistics with a game", "#stats-dialog")
    page.locator("#review-history li button").first.click()
    expect(page.locator("#review-dialog")).to_be_visible()
    check(found, page, "a past game's review", "#review-dialog")
    page.click("#review-close")
    page.click("#stats-close")

    page.goto(address.replace("#", f"?lang={lang}&speed=instant&debug=1&sw=off#", 1))
    expect(page.locator("#replay-bar")).to_be_visible(timeout=90_000)
    page.click("#replay-forward")
    check(found, page, "replay viewer")

    page.goto(f"{base_url}rules/{lang}.html")
    expect(page.locator("h1")).to_be_visible()
    check(found, page, "rules page")

    page.goto(f"{base_url}examples/{lang}.html")
    expect(page.locator("#builder-code")).to_be_attached()
    check(found, page, "examples page with its builder")


def test_axe_finds_nothing_on_a_laptop(page: Page, base_url: str) -> None:
    found: dict[str, Any] = {}
    page.context.add_init_script(PANELS_OPEN)
    open_page(page, base_url, "speed=instant&debug=1&sw=off")
    check(found, page, "first screen")
    open_setup(page)
    check(found, page, "setup form")
    page.click("#stats-open")
    expect(page.locator("#stats-dialog")).to_be_visible()
    check(found, page, "statistics dialog", "#stats-dialog")
    page.click("#stats-close")
    table_with_every_panel_open(page)
    check(found, page, "table, every panel open")
    end_screen_with_review(page)
    check(found, page, "end screen with its review", "#end-screen")
    after_the_game(found, page, base_url, "en")
    assert found == {}


def test_axe_finds_nothing_on_a_phone_in_russian(make_context: Any, base_url: str) -> None:
    context: BrowserContext = make_context(
        viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
    )
    context.add_init_script(PANELS_OPEN)
    page = context.new_page()
    found: dict[str, Any] = {}
    open_page(page, base_url, "lang=ru&speed=instant&debug=1&sw=off")
    check(found, page, "first screen")
    open_setup(page)
    check(found, page, "setup form")
    table_with_every_panel_open(page)
    check(found, page, "table, every panel open")
    end_screen_with_review(page)
    check(found, page, "end screen with its review", "#end-screen")
    after_the_game(found, page, base_url, "ru")
    assert found == {}
