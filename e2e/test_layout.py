"""The page never scrolls sideways: the table with every panel open (the card tracker, the coach,
the log) fits the screen at the common laptop and desktop sizes and on phones, with 2 to 6
players, and on a phone the hand, the rank picker and the action bar are on the screen and the
end-of-game review reads top to bottom.

A table wider than the screen once pushed "New game" off a 1280px laptop and made a phone's
browser zoom the whole page out; a review's columns were off a phone's screen. One page per
screen size deals every player count in turn ("New game" between them), so the test stays short.
"""

from __future__ import annotations

from typing import Any

import pytest
from driver import Person, configure, deal, open_page, wait_turn
from playwright.sync_api import BrowserContext, Page, expect

# Each size with the player counts it is dealt: every count at the narrowest laptop and phone,
# where a seat more weighs most; the counts that once overflowed (4 and 6, and 3 on a phone) at
# the others.
DESKTOPS = [
    (1280, 800, (2, 3, 4, 5, 6)),
    (1366, 768, (4, 6)),
    (1440, 900, (4, 6)),
    (1920, 1080, (2, 6)),
]
PHONES = [(390, 844, (3, 6)), (360, 640, (2, 3, 4, 5, 6))]

# Every panel open from the first deal, as a player who opened them is shown them again.
PANELS_OPEN = (
    "localStorage.setItem('vnv.tracker', 'open'); localStorage.setItem('vnv.coach', 'on');"
)

# The page's width against the screen's, and every element that reaches past the screen's edge.
WIDTH_JS = """() => {
  const width = document.documentElement.clientWidth;
  const past = [...document.querySelectorAll('body *')]
    .filter((e) => {
      const r = e.getBoundingClientRect();
      return r.width > 0 && (r.right > width + 0.5 || r.left < -0.5);
    })
    .slice(0, 5)
    .map((e) => `${e.tagName.toLowerCase()}#${e.id}.${e.className}`);
  return {scroll: document.documentElement.scrollWidth, client: width, inner: innerWidth, past};
}"""

# On a phone the parts a turn needs: each shown one inside the screen's width.
ON_SCREEN_JS = """(selectors) => selectors.map((s) => {
  const e = document.querySelector(s);
  if (!e || e.closest('[hidden]') || !e.getClientRects().length) return [s, null];
  const r = e.getBoundingClientRect();
  return [s, r.left >= -0.5 && r.right <= innerWidth + 0.5];
})"""
TURN_PARTS = ["#hand", "#rank-picker", "#act-play", "#act-challenge", "#act-believe", "#act-pass"]


def phone_context(make_context: Any, width: int, height: int) -> BrowserContext:
    """A phone: touch, and a browser that zooms a page wider than its screen out to fit."""
    context: BrowserContext = make_context(
        viewport={"width": width, "height": height},
        is_mobile=True,
        has_touch=True,
        device_scale_factor=2,
    )
    return context


def page_at(make_context: Any, base_url: str, width: int, height: int) -> Page:
    if width < 500:
        context = phone_context(make_context, width, height)
    else:
        context = make_context(viewport={"width": width, "height": height})
    context.add_init_script(PANELS_OPEN)
    page = context.new_page()
    open_page(page, base_url, "speed=instant&debug=1&sw=off")
    return page


def assert_fits(page: Page, width: int, what: str) -> None:
    found = page.evaluate(WIDTH_JS)
    assert found["inner"] == width, f"{what}: the browser zoomed out to {found['inner']}px"
    assert found["scroll"] == found["client"] == width, f"{what}: {found}"


def deal_with_panels_open(page: Page, players: int) -> None:
    """Deal a classic game for this many players; wait for the player's turn, every panel open."""
    if page.locator("#table-screen").is_visible():
        page.click("#new-game")
    configure(page, "classic", players, seed=40 + players)
    deal(page)
    wait_turn(page)
    expect(page.locator("#tracker-panel")).to_have_attribute("open", "")
    expect(page.locator("#log-panel")).to_have_attribute("open", "")
    expect(page.locator("#coach")).to_be_visible()
    page.click("#card-0")  # a chosen card: the rank picker shows when the player opens a round


@pytest.mark.parametrize(
    ("width", "height", "counts"), DESKTOPS, ids=[f"{w}x{h}" for w, h, _ in DESKTOPS]
)
def test_the_table_with_every_panel_open_fits_a_laptop(
    make_context: Any, base_url: str, width: int, height: int, counts: tuple[int, ...]
) -> None:
    page = page_at(make_context, base_url, width, height)
    for players in counts:
        deal_with_panels_open(page, players)
        assert_fits(page, width, f"{players} players")
        expect(page.locator("#new-game")).to_be_in_viewport()


@pytest.mark.parametrize(
    ("width", "height", "counts"), PHONES, ids=[f"{w}x{h}" for w, h, _ in PHONES]
)
def test_the_table_and_the_review_fit_a_phone(
    make_context: Any, base_url: str, width: int, height: int, counts: tuple[int, ...]
) -> None:
    page = page_at(make_context, base_url, width, height)
    picker_seen = False
    for players in counts:
        deal_with_panels_open(page, players)
        assert_fits(page, width, f"{players} players")
        parts = dict(page.evaluate(ON_SCREEN_JS, TURN_PARTS))
        assert all(parts[p] is not False for p in TURN_PARTS), f"{players} players: {parts}"
        assert parts["#hand"], parts
        assert parts["#act-play"], parts
        picker_seen = picker_seen or bool(parts["#rank-picker"])
    assert picker_seen, "no deal showed the rank picker"

    # A whole short game, then its review: every column on the screen, nothing sideways.
    page.click("#new-game")
    configure(page, "quick", 3, seed=2, levels=["random"] * 2)
    deal(page)
    Person(page).play_game()
    end = page.locator("#end-screen")
    end.locator("#end-review-box summary").click()
    expect(end.locator("section.review-hand").first).to_be_visible()
    assert_fits(page, width, "the end screen")
    review = page.evaluate(
        """() => {
      const box = document.querySelector('#end-review .review');
      const cells = [...box.querySelectorAll('tbody td, tbody th')];
      return {
        sideways: box.scrollWidth - box.clientWidth,
        outside: cells.filter((c) => c.getBoundingClientRect().right > innerWidth + 0.5).length,
        unlabelled: cells.filter((c) => !c.dataset.label).length,
        cells: cells.length,
      };
    }"""
    )
    assert review["cells"] > 0, review
    assert review["sideways"] <= 0, review
    assert review["outside"] == 0, review
    assert review["unlabelled"] == 0, review
